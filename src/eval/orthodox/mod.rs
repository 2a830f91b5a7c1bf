//! Orthodox evaluation for [`BitboardPos`], tapered between middlegame and
//! endgame by the material on the board.
//!
//! Files: `params` (the weight layout, [`Pair`] and the accumulators),
//! `tuned` (the weights' values, written by `nightrider tune`), `pawns` (pawn
//! structure and its per-thread hash table), `pieces` (material, piece-square
//! values, mobility, outposts, rook files, threats), `king` (king safety),
//! `endgame` (drawn and won material, scale factors). Every weighted term is
//! reported through an [`params::Accumulator`], so the tuner sees exactly
//! what the engine computes; see [`trace`].

pub mod endgame;
pub mod king;
pub mod params;
pub mod pawns;
pub mod pieces;
pub mod tuned;

#[cfg(test)]
mod tests;

use crate::bitboard::{Bitboard, BitboardPos, PieceType, Squares};
use crate::core::Color;
use crate::core::Score;
use crate::eval::network::{self, Played};
use crate::position::features::{FeatureCodes, FeatureSums};
use crate::position::Evaluate;
use params::{
    Accumulator, Pair, ScoreSum, Trace, CANDIDATE, COUNT, KING_ATTACK, MATERIAL, MOBILITY_KNIGHT,
    PASSED, PASSED_BLOCKED, PASSED_ENEMY_KING, PASSED_FREE_PATH, PASSED_OWN_KING, PSQT, ROOK_OPEN,
    TEMPO, THREAT_BY_PAWN,
};
use pawns::{distance, file_ahead, relative_rank};
use pieces::AttackMaps;
use std::sync::Arc;

/// Phase weight per kind; 24 when all pieces are on the board.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the full set of pieces (pure middlegame).
pub const FULL_PHASE: i32 = 24;

/// The game phase, `FULL_PHASE` (middlegame) down to 0 (pawn ending).
#[must_use]
pub fn phase(pos: &BitboardPos) -> i32 {
    let total: i32 = PieceType::ALL
        .iter()
        .map(|&k| PHASE[k.index()] * pos.kind_bb(k).count_ones() as i32)
        .sum();
    total.min(FULL_PHASE)
}

/// Both sides' pawns, white's first.
fn pawn_pair(pos: &BitboardPos) -> [Bitboard; 2] {
    [
        pos.pieces(0, PieceType::Pawn),
        pos.pieces(1, PieceType::Pawn),
    ]
}

/// Every term but the pawn structure, given the passed pawns.
fn piece_and_king_terms<A: Accumulator>(pos: &BitboardPos, passed: [Bitboard; 2], acc: &mut A) {
    let mut maps = pieces::pawn_maps(pos);
    pieces::piece_terms(pos, 0, &mut maps, acc);
    pieces::piece_terms(pos, 1, &mut maps, acc);
    for (color, &passed_pawns) in passed.iter().enumerate() {
        pieces::threat_terms(pos, color, &maps, acc);
        king::king_terms(pos, color, &maps, acc);
        passed_pawn_terms(pos, color, passed_pawns, &maps, acc);
    }
    acc.add(pos.side_index(), TEMPO, 1);
}

/// Passed-pawn terms that depend on more than pawns: king distances to the
/// stop square, a blocked stop square, a path neither occupied nor
/// attacked by the enemy; weighted by how far
/// the pawn has come.
fn passed_pawn_terms<A: Accumulator>(
    pos: &BitboardPos,
    color: usize,
    passed: Bitboard,
    maps: &AttackMaps,
    acc: &mut A,
) {
    let occ = pos.occupied();
    for sq in Squares(passed) {
        let factor = relative_rank(color, sq) as i32 - 2;
        if factor <= 0 {
            continue;
        }
        let stop = if color == 0 { sq + 8 } else { sq - 8 };
        let own_king = distance(pos.king_square(color), stop);
        let enemy_king = distance(pos.king_square(color ^ 1), stop);
        acc.add(color, PASSED_OWN_KING, factor * own_king);
        acc.add(color, PASSED_ENEMY_KING, factor * enemy_king);
        if occ & 1 << stop != 0 {
            acc.add(color, PASSED_BLOCKED, factor);
        }
        let path = file_ahead(color, sq);
        if path & occ == 0 && path & maps.all[color ^ 1] == 0 {
            acc.add(color, PASSED_FREE_PATH, factor);
        }
    }
}

/// Blends middlegame and (scaled) endgame values by the phase.
fn blend(sum: Pair, phase: i32, scale: i32) -> Score {
    let endgame = sum.1 * scale / endgame::FULL_SCALE;
    (sum.0 * phase + endgame * (FULL_PHASE - phase)) / FULL_PHASE
}

/// The hand-written evaluation for the side to move.
fn hand_written_score(pos: &BitboardPos) -> Score {
    let s = white_score(pos);
    if pos.side_index() == 0 {
        s
    } else {
        -s
    }
}

/// The network's score for the side to move, given the board's sums;
/// endings the hand-written evaluation decides by rule (drawn material,
/// a bare king to mate) keep its score.
fn network_score(pos: &BitboardPos, p: &Played, sums: &FeatureSums) -> Score {
    if endgame::special(pos).is_some() || endgame::mop_up(pos) != 0 {
        return hand_written_score(pos);
    }
    let stm = if pos.side_index() == 0 {
        Color::White
    } else {
        Color::Black
    };
    let net = p.network.evaluate(sums, stm);
    if p.network.residual {
        let s = weighted_white_score(pos);
        net + if stm == Color::White { s } else { -s }
    } else {
        net
    }
}

/// The evaluation from white's point of view (side-to-move tempo included).
#[must_use]
pub fn white_score(pos: &BitboardPos) -> Score {
    if let Some(score) = endgame::special(pos) {
        return score;
    }
    weighted_white_score(pos) + endgame::mop_up(pos)
}

/// White's evaluation by the weights alone: what [`white_score`] is in
/// positions that no endgame rule decides and with no bare king to mate.
fn weighted_white_score(pos: &BitboardPos) -> Score {
    let (entry, _) = pawns::probe(pawn_pair(pos));
    let mut sum = ScoreSum(entry.score);
    piece_and_king_terms(pos, entry.passed, &mut sum);
    let strong = usize::from(sum.0 .1 < 0);
    let scale = endgame::scale(pos, strong);
    blend(sum.0, phase(pos), scale)
}

/// What the tuner needs of a position: the count of every weight (white
/// minus black), the phase and the endgame scale factor. `None` for
/// positions the weights do not decide (endings judged by rule, bare kings).
#[must_use]
pub fn trace(pos: &BitboardPos) -> Option<(Trace, i32, i32)> {
    if endgame::special(pos).is_some() || endgame::mop_up(pos) != 0 {
        return None;
    }
    let mut trace = Trace::default();
    let passed = pawns::pawn_terms(pawn_pair(pos), &mut trace);
    piece_and_king_terms(pos, passed, &mut trace);
    let eg: i64 = trace
        .0
        .iter()
        .zip(tuned::WEIGHTS.iter())
        .map(|(&c, w)| i64::from(c) * i64::from(w.1))
        .sum();
    let scale = endgame::scale(pos, usize::from(eg < 0));
    Some((trace, phase(pos), scale))
}

/// The terms `score` shows, each a range of the weight table.
const TERM_RANGES: &[(&str, usize, usize)] = &[
    ("material", MATERIAL, PSQT),
    ("piece squares", PSQT, MOBILITY_KNIGHT),
    ("mobility", MOBILITY_KNIGHT, PASSED),
    ("passed pawns", PASSED, CANDIDATE),
    ("pawn structure", CANDIDATE, ROOK_OPEN),
    ("rooks, bishops, outposts", ROOK_OPEN, KING_ATTACK),
    ("king safety", KING_ATTACK, THREAT_BY_PAWN),
    ("threats and tempo", THREAT_BY_PAWN, COUNT),
];

/// White's evaluation split into [`TERM_RANGES`], each blended by the
/// position's phase and scale, plus what the weights do not decide
/// (endings judged by rule, mating help, rounding) as a last term.
#[must_use]
pub fn white_terms(pos: &BitboardPos) -> Vec<(&'static str, Score)> {
    let total = white_score(pos);
    let Some((trace, phase, scale)) = trace(pos) else {
        return vec![("endgame rules", total)];
    };
    let mut terms: Vec<(&'static str, Score)> = TERM_RANGES
        .iter()
        .map(|&(name, from, to)| {
            let mut sum = Pair::default();
            for (count, w) in trace.0[from..to].iter().zip(&tuned::WEIGHTS[from..to]) {
                sum += Pair(count * w.0, count * w.1);
            }
            (name, blend(sum, phase, scale))
        })
        .collect();
    let named: Score = terms.iter().map(|t| t.1).sum();
    terms.push(("endgame rules, rounding", total - named));
    terms
}

impl Evaluate for BitboardPos {
    /// The network played, if any (the weights of the hand-written
    /// evaluation are constants).
    type EvalTables = Option<&'static Played>;

    /// The board sums the network's first layer from now on, if there is one.
    fn prepare_evaluation(&mut self) -> Option<&'static Played> {
        let played = network::for_bitboard();
        self.set_feature_table(played.map(|p| Arc::clone(&p.table)));
        played
    }

    fn evaluate_with(&self, played: &Option<&'static Played>) -> Score {
        match (played, self.network_input()) {
            (Some(p), Some(input)) => network_score(self, p, &input.sums),
            _ => hand_written_score(self),
        }
    }

    fn evaluate(&self) -> Score {
        match network::for_bitboard() {
            Some(p) => network_score(self, p, &self.feature_sums(&p.table)),
            None => hand_written_score(self),
        }
    }

    /// The hand-written terms, then the network's correction, if one is
    /// played, so that the terms add up to [`Evaluate::evaluate`].
    fn eval_terms(&self) -> Vec<(&'static str, Score)> {
        let sign = if self.side_index() == 0 { 1 } else { -1 };
        let mut terms: Vec<(&'static str, Score)> = white_terms(self)
            .into_iter()
            .map(|(name, s)| (name, sign * s))
            .collect();
        if network::for_bitboard().is_some() {
            let hand: Score = terms.iter().map(|t| t.1).sum();
            terms.push(("network", self.evaluate() - hand));
        }
        terms
    }

    /// Null moves are safe while the side to move has a piece besides
    /// pawns and its king.
    fn null_move_allowed(&self) -> bool {
        let side = self.side_index();
        let pawns_and_king =
            self.pieces(side, PieceType::Pawn) | self.pieces(side, PieceType::King);
        self.color_bb(side) & !pawns_and_king != 0
    }
}
