//! What the general evaluation (`eval::general`) derives once per variant:
//! the weights the board sums as men come, go and move ([`SquareWeights`]:
//! value and centralisation of each man, placement of the royals, pawn
//! advancement), the pawn term's tables, the measure of a full board, and
//! the weights of the evaluation's terms ([`Weights`]: the defaults, or the
//! variant's own from its overlay's `[eval]` section).
//!
//! They are built on first use and shared by every position and thread of
//! the variant (a process-wide list holds them). The search gets them once
//! ([`crate::position::Evaluate::prepare_evaluation`], which also hands
//! the weights to its copy of the root) and keeps them for all its
//! evaluations; a position that does not sum the weights yet is evaluated
//! through a copy that does.

use super::pawn_sets::PawnTables;
use super::piece_kinds::KindTables;
use super::weights::{Weight, Weights};
use crate::eval::network::{self, Played};
use crate::mailbox::{MailboxPos, SquareWeights};
use crate::rules::mobility::mobility_map;
use crate::rules::variant::Royalty;
use crate::rules::Variant;
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// Weighted empty-board mobility from which a lone piece and its royal
/// can force mate (between the bishop's 7.4 and the commoner's 8.9).
pub const MATING_MOBILITY: f64 = 8.0;

/// The general evaluation's tables of one variant.
#[derive(Debug)]
pub struct VariantTables {
    /// The variant they were built for (weak: the tables do not keep it
    /// alive, and its address is not reused while they exist).
    variant: Weak<Variant>,
    /// Its address, for the quick test of [`VariantTables::is_for`].
    variant_address: usize,
    /// What the board sums: per type and square, for a royal its centred
    /// mobility; for a pawn its value; for another piece its value plus
    /// [`Weight::PieceMobility`] times its centred mobility / 256. Centred
    /// mobility is the weighted empty-board mobility on the square minus
    /// the type's average over the board, in sixteenths of a move. Per
    /// side and row, a pawn's advancement ([`PawnTables::advance`]).
    pub weights: Arc<SquareWeights>,
    /// The pawn term's tables.
    pub pawns: PawnTables,
    /// Value of the non-pawn, non-royal pieces of both initial arrays (the
    /// measure of a full board).
    pub initial_piece_material: i32,
    /// Per type: mobile enough (weighted empty-board mobility at least
    /// [`MATING_MOBILITY`]) to mate a lone royal with its own royal's help
    /// (a rook or a commoner can, a knight, bishop or ferz cannot).
    pub mates_alone: Vec<bool>,
    /// Per type: weighted empty-board mobility averaged over the board
    /// (`rules::mobility::MobilityMap::average`).
    pub mobility_average: Vec<f64>,
    /// Per type: where its board mobility term is zero, in sixteenths of
    /// the square root of its reached squares (16 times the root of
    /// [`Weight::MobilityCentre`] percent of its average).
    pub mobility_centre: Vec<i32>,
    /// The kinds of the pieces and what their terms need.
    pub kinds: KindTables,
    /// The weights of the terms.
    pub terms: Weights,
    /// The evaluation network the variant plays, if any: it replaces the
    /// terms but for the endgame rules.
    pub network: Option<Played>,
}

impl VariantTables {
    /// The tables of `pos`'s variant, with the piece values `pos`'s board
    /// plays with.
    fn new(pos: &MailboxPos) -> VariantTables {
        let v = &**pos.variant();
        let terms = Weights::of(v);
        let value = &pos.tables().value;
        let progress = [0, 1].map(|c| pawn_progress(v, c, terms[Weight::PawnAdvance]));
        let gain = [0, 1].map(|c| promotion_gain(v, value, c));
        let pawns = PawnTables::new(v, gain, progress, &terms);
        let mobility_average: Vec<f64> = v
            .types
            .iter()
            .map(|t| mobility_map(&t.rays, v.width, v.height).average)
            .collect();
        VariantTables {
            variant: Arc::downgrade(pos.variant()),
            variant_address: Arc::as_ptr(pos.variant()) as usize,
            weights: Arc::new(SquareWeights {
                piece: placement_table(v, value, terms[Weight::PieceMobility]),
                pawn_row: pawns.advance_rows(),
            }),
            pawns,
            initial_piece_material: initial_piece_material(v, value),
            mates_alone: mobility_average
                .iter()
                .map(|&m| m >= MATING_MOBILITY)
                .collect(),
            mobility_centre: mobility_average
                .iter()
                .map(|&average| mobility_centre(average, terms[Weight::MobilityCentre]))
                .collect(),
            mobility_average,
            kinds: KindTables::new(pos, &terms),
            terms,
            network: network::for_mailbox(v),
        }
    }

    /// Whether these are the tables of `pos`'s variant.
    #[inline]
    fn is_for(&self, pos: &MailboxPos) -> bool {
        self.variant_address == Arc::as_ptr(pos.variant()) as usize
    }
}

/// Every variant's tables built so far (those of dropped variants are
/// let go when the next ones are built).
static BUILT: Mutex<Vec<Arc<VariantTables>>> = Mutex::new(Vec::new());

/// The tables of `pos`'s variant, built if they are not there yet.
#[must_use]
pub fn tables_of(pos: &MailboxPos) -> Arc<VariantTables> {
    let mut built = BUILT.lock().unwrap_or_else(PoisonError::into_inner);
    built.retain(|t| t.variant.strong_count() > 0);
    if let Some(t) = built.iter().find(|t| t.is_for(pos)) {
        return Arc::clone(t);
    }
    let tables = Arc::new(VariantTables::new(pos));
    built.push(Arc::clone(&tables));
    tables
}

/// Calls `f` with `pos` summing the weights of `t` (`pos` itself when it
/// does, else a copy that does) and `t`, the tables of `pos`'s variant.
#[inline]
pub(crate) fn with_weighted<R>(
    pos: &MailboxPos,
    t: &VariantTables,
    f: impl FnOnce(&MailboxPos, &VariantTables) -> R,
) -> R {
    debug_assert!(t.is_for(pos), "tables of another variant");
    if Arc::ptr_eq(pos.square_weights(), &t.weights) {
        f(pos, t)
    } else {
        f(&weighted_copy(pos, t), t)
    }
}

/// A copy of `pos` that sums the weights of `t`.
#[cold]
#[inline(never)]
fn weighted_copy(pos: &MailboxPos, t: &VariantTables) -> MailboxPos {
    let mut weighted = pos.clone();
    weighted.set_square_weights(Arc::clone(&t.weights));
    weighted
}

/// Makes `pos` sum the evaluation's weights of its variant; returns the
/// variant's tables.
pub(crate) fn prepare(pos: &mut MailboxPos) -> Arc<VariantTables> {
    let tables = tables_of(pos);
    if !Arc::ptr_eq(pos.square_weights(), &tables.weights) {
        pos.set_square_weights(Arc::clone(&tables.weights));
    }
    let summed = pos.network_input().map(|n| Arc::clone(&n.table));
    let wanted = (tables.network.as_ref())
        .filter(|_| network::enabled())
        .map(|p| Arc::clone(&p.table));
    let same = match (&summed, &wanted) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    };
    if !same {
        pos.set_feature_table(wanted);
    }
    tables
}

/// See [`VariantTables::mobility_centre`]: `percent` of `average`.
fn mobility_centre(average: f64, percent: i32) -> i32 {
    let share = if percent == 50 {
        // Exactly the half, as the weight's default always was.
        average * 0.5
    } else {
        average * f64::from(percent) / 100.0
    };
    (16.0 * share.max(0.0).sqrt()).round() as i32
}

/// See [`VariantTables::weights`]; `weight` is [`Weight::PieceMobility`].
fn placement_table(v: &Variant, value: &[i32], weight: i32) -> [i32; 16 * 256] {
    let mut out = [0; 16 * 256];
    for (t, ty) in v.types.iter().enumerate().take(16) {
        let map = mobility_map(&ty.rays, v.width, v.height);
        for (sq, m) in map.per_square.iter().enumerate().take(256) {
            let mobility = i32::from(((m - map.average) * 16.0).round() as i16);
            out[t * 256 + sq] = if ty.royalty != Royalty::None {
                mobility
            } else if ty.is_pawn {
                value[t]
            } else {
                value[t] + mobility * weight / 256
            };
        }
    }
    out
}

/// See [`VariantTables::initial_piece_material`].
fn initial_piece_material(v: &Variant, value: &[i32]) -> i32 {
    let heavy = |t: u8| {
        let ty = &v.types[t as usize];
        !ty.is_pawn && ty.royalty == Royalty::None
    };
    v.white_array
        .iter()
        .chain(v.black_array.iter())
        .filter(|&&t| t != 0 && heavy(t))
        .map(|&t| value[t as usize])
        .sum()
}

/// Value of side `color`'s (0 white) best promotion choice minus its
/// pawn's (0 when it has no choice).
fn promotion_gain(v: &Variant, value: &[i32], color: usize) -> i32 {
    let pawn = value[v.pawn_type[color] as usize];
    let best = v.promotion_choices[color]
        .iter()
        .map(|&t| value[t as usize])
        .max()
        .unwrap_or(pawn);
    best - pawn
}

/// Per row: how far a pawn of side `color` (0 white) on that row has come
/// from its start row toward its promotion row, quadratic in the fraction
/// of the way, 0..=`full` (the [`Weight::PawnAdvance`] weight).
fn pawn_progress(v: &Variant, color: usize, full: i32) -> [i32; 16] {
    let (start, goal) = (v.pawn_row[color] as i32, v.promotion_row[color] as i32);
    let dir = (goal - start).signum();
    let span = (goal - start).abs().max(1);
    let mut out = [0; 16];
    for (row, slot) in out.iter_mut().enumerate() {
        let advanced = ((row as i32 - start) * dir).clamp(0, span);
        *slot = advanced * advanced * full / (span * span);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Color;
    use crate::position::Evaluate;

    /// Positions of one variant share one set of tables, and a prepared
    /// position sums their weights.
    #[test]
    fn positions_of_a_variant_share_its_tables() {
        let v = crate::eval::tests::variant("capablanca");
        let a = MailboxPos::new(Arc::clone(&v));
        let mut b = MailboxPos::new(Arc::clone(&v));
        assert!(Arc::ptr_eq(a.square_weights(), b.square_weights()));
        let tables = b.prepare_evaluation();
        assert!(Arc::ptr_eq(&tables, &tables_of(&a)));
        assert!(Arc::ptr_eq(&tables.weights, b.square_weights()));
        let other = MailboxPos::new(crate::eval::tests::variant("normal"));
        assert!(!Arc::ptr_eq(&tables_of(&other), &tables));
    }

    /// A position evaluates the same whether it sums the weights already
    /// or is evaluated through a copy that does.
    #[test]
    fn prepared_and_unprepared_positions_evaluate_alike() {
        let v = crate::eval::tests::variant("capablanca");
        let fen = "r1b1k2r1c/ppp2pppp1/2n1p4n/3p1q4/3P5p/2N1PN4/PPP2PPPPP/R1BQK2RBC w KQkq - 0 8";
        let plain = MailboxPos::from_fen(Arc::clone(&v), fen).unwrap();
        let mut ready = plain.clone();
        let tables = ready.prepare_evaluation();
        assert_eq!(plain.piece_sums(Color::White).placement, 0);
        assert_ne!(ready.piece_sums(Color::White).placement, 0);
        assert_eq!(plain.evaluate(), ready.evaluate());
        assert_eq!(plain.evaluate_with(&tables), ready.evaluate_with(&tables));
        assert_eq!(plain.evaluate(), ready.evaluate_with(&tables));
        assert_eq!(plain.eval_terms(), ready.eval_terms());
    }
}
