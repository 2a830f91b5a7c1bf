//! How far each piece kind of a game reaches on boards as they stand in
//! play rather than on an empty one. Random legal games from the start
//! position (a fixed seed, so the figures never change) give the boards;
//! on every other position of them, a man of each kind is put in turn on
//! every empty square it may stand on (its confinement zone), for the side
//! to move, and the squares it can then
//! move to or capture on ([`MailboxPos::for_each_reach`]) are counted. Per
//! kind, the average over all those squares is its reach. A hopper or a
//! cannon, which reaches nothing (or only its quiet moves) on an empty
//! board, reaches as much as the hurdles of a real game give it; a rook
//! reaches less than on an empty board. Placing every kind on every empty
//! square, rather than watching the men where the random moves left them,
//! measures the kinds that only enter by promotion or from the hand too,
//! and does not count a rook as worthless for standing behind its pawns.

use super::{cell_color, MailboxPos, BLACK, EMPTY};
use crate::core::{Color, Xorshift64};
use crate::position::Position;
use crate::rules::mobility::estimable;
use crate::rules::Variant;
use std::sync::Arc;

/// Random games played from the start position.
pub const SAMPLE_GAMES: usize = 8;

/// Plies of each random game (fewer when it ends sooner).
pub const SAMPLE_PLIES: usize = 60;

/// Every how many plies a position is measured (the start position is).
pub const SAMPLE_EVERY: usize = 2;

/// Seed of the random games.
const SEED: u64 = 0x6e69_6768_7472_6964;

/// The sums over the squares probed: per type, squares reached and
/// squares probed.
struct Tally {
    reached: Vec<u64>,
    probed: Vec<u64>,
}

impl Tally {
    /// Puts a man of each of `kinds` on every empty square of `pos` it may
    /// stand on in turn, for the side to move, and adds what it reaches.
    fn probe(&mut self, pos: &mut MailboxPos, kinds: &[u8]) {
        let color = pos.side_to_move();
        let colour_bit = if color == Color::Black { BLACK } else { 0 };
        let (width, height) = (pos.tables().width, pos.tables().height);
        for row in 0..height {
            for file in 0..width {
                let Ok(sq) = u8::try_from(16 * row + file) else {
                    continue;
                };
                if pos.cell(sq) != EMPTY {
                    continue;
                }
                for &t in kinds {
                    if !pos.zone_allows(t | colour_bit, sq) {
                        continue;
                    }
                    pos.put(sq, t | colour_bit);
                    self.reached[usize::from(t)] += u64::from(reach_of(pos, sq, color));
                    self.probed[usize::from(t)] += 1;
                    pos.take(sq);
                }
            }
        }
    }
}

/// The distinct squares the man of `color` on `x` can move to (empty) or
/// capture on (an enemy man).
fn reach_of(pos: &MailboxPos, x: u8, color: Color) -> u32 {
    let mut seen = [0u64; 4];
    pos.for_each_reach(x, |y, occupant, rights| {
        let open = if occupant == EMPTY {
            rights.may_move()
        } else {
            rights.may_capture() && cell_color(occupant) != color
        };
        if open {
            seen[usize::from(y >> 6)] |= 1 << (y & 63);
        }
    });
    seen.iter().map(|w| w.count_ones()).sum()
}

/// Per canonical type of `variant`: its average reach over the empty
/// squares of the positions of [`SAMPLE_GAMES`] random games of
/// [`SAMPLE_PLIES`] plies, one position in [`SAMPLE_EVERY`] (the start
/// position included); `None` for a pawn, a royal, the unused type 0, and
/// for every type when no position had an empty square.
#[must_use]
pub fn occupied_mobility(variant: &Arc<Variant>) -> Vec<Option<f64>> {
    let types = variant.types.len().min(16);
    let kinds: Vec<u8> = (1..types)
        .filter(|&t| estimable(variant, t))
        .filter_map(|t| u8::try_from(t).ok())
        .collect();
    let mut tally = Tally {
        reached: vec![0; types],
        probed: vec![0; types],
    };
    let start = MailboxPos::new(Arc::clone(variant));
    let mut rng = Xorshift64(SEED);
    for _ in 0..SAMPLE_GAMES {
        let mut pos = start.clone();
        for ply in 0..=SAMPLE_PLIES {
            if ply % SAMPLE_EVERY == 0 {
                tally.probe(&mut pos, &kinds);
            }
            if ply == SAMPLE_PLIES || pos.rule_verdict().is_some() {
                break;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() || !pos.make(moves[rng.below(moves.len())]) {
                break;
            }
        }
    }
    (0..variant.types.len())
        .map(|t| {
            let probed = tally.probed.get(t).copied().unwrap_or(0);
            (probed > 0).then(|| tally.reached[t] as f64 / probed as f64)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog::Catalog;
    use crate::rules::mobility::mobility_map;

    fn variant(name: &str) -> Arc<Variant> {
        let catalog = Catalog::from_text(
            include_str!("../../fmax.ini"),
            "fmax.ini",
            &[("xiangqi", include_str!("../../variants/xiangqi.ini"))],
        );
        catalog.variant(name).unwrap()
    }

    /// The occupied-board reach of `letter` and its weighted empty-board
    /// mobility.
    fn of(v: &Arc<Variant>, letter: char) -> (Option<f64>, f64) {
        let t = usize::from(v.type_of_letter(letter).unwrap().1);
        let empty = mobility_map(&v.types[t].rays, v.width, v.height);
        (occupied_mobility(v)[t], empty.average)
    }

    #[test]
    fn a_cannon_reaches_squares_on_occupied_boards_and_a_rook_fewer() {
        let v = variant("xiangqi");
        let (cannon, _) = of(&v, 'C');
        assert!(cannon.unwrap() > 0.0, "{cannon:?}");
        let (rook, empty) = of(&v, 'R');
        assert!(rook.unwrap() < empty, "{rook:?} {empty}");
    }

    #[test]
    fn the_sample_is_the_same_every_time() {
        let v = variant("capablanca");
        assert_eq!(occupied_mobility(&v), occupied_mobility(&v));
        let pawn = usize::from(v.type_of_letter('P').unwrap().1);
        let king = usize::from(v.type_of_letter('K').unwrap().1);
        assert_eq!(occupied_mobility(&v)[pawn], None);
        assert_eq!(occupied_mobility(&v)[king], None);
    }
}
