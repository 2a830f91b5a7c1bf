//! Endgame knowledge: material that cannot win (KNK, KBK, KNNK, a minor
//! each), endings judged by rule (KBNK driven to the bishop's corner, KPK by
//! the rule of the square and the key squares, a rook pawn whose corner the
//! defender holds), help to mate a bare king, and scale factors for drawish
//! material (opposite-coloured bishops, no pawns and a small edge).

use super::pawns::{distance, file_ahead, relative_rank};
use crate::bitboard::{BitboardPos, PieceType, PIECE_VALUES};
use crate::core::Score;

/// The full scale factor: the endgame score counts as it is.
pub const FULL_SCALE: i32 = 64;
/// Score of a won KBNK or KPK ending before the progress terms.
pub const KNOWN_WIN: Score = 1000;

/// Non-pawn material of `color` by the fixed piece values.
fn piece_material(pos: &BitboardPos, color: usize) -> i32 {
    [
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
    ]
    .iter()
    .map(|&k| PIECE_VALUES[k.index()] * pos.pieces(color, k).count_ones() as i32)
    .sum()
}

fn count(pos: &BitboardPos, color: usize, kind: PieceType) -> u32 {
    pos.pieces(color, kind).count_ones()
}

/// Whether `color` has nothing but its king.
fn bare(pos: &BitboardPos, color: usize) -> bool {
    pos.color_bb(color) == pos.pieces(color, PieceType::King)
}

/// Whether neither side can mate by force: no pawns and at most one minor
/// piece each, or two knights against a bare king.
#[must_use]
pub fn insufficient_material(pos: &BitboardPos) -> bool {
    if pos.kind_bb(PieceType::Pawn) | pos.kind_bb(PieceType::Rook) | pos.kind_bb(PieceType::Queen)
        != 0
    {
        return false;
    }
    let minors = |c: usize| count(pos, c, PieceType::Knight) + count(pos, c, PieceType::Bishop);
    let (white, black) = (minors(0), minors(1));
    let two_knights = |c: usize| count(pos, c, PieceType::Knight) == 2 && minors(c) == 2;
    (white <= 1 && black <= 1) || (two_knights(0) && black == 0) || (two_knights(1) && white == 0)
}

/// A score (white's view) for endings decided by rule, `None` otherwise.
#[must_use]
pub fn special(pos: &BitboardPos) -> Option<Score> {
    if insufficient_material(pos) {
        return Some(0);
    }
    for strong in 0..2 {
        if !bare(pos, strong ^ 1) {
            continue;
        }
        let sign = if strong == 0 { 1 } else { -1 };
        if let Some(s) = kbnk(pos, strong).or_else(|| kpk(pos, strong)) {
            return Some(sign * s);
        }
    }
    None
}

/// KBNK: a win, better the nearer the defending king is to a corner of the
/// bishop's colour and the closer the kings.
fn kbnk(pos: &BitboardPos, strong: usize) -> Option<Score> {
    let knights = pos.pieces(strong, PieceType::Knight);
    let bishops = pos.pieces(strong, PieceType::Bishop);
    let only = knights | bishops | pos.pieces(strong, PieceType::King);
    if knights.count_ones() != 1 || bishops.count_ones() != 1 || pos.color_bb(strong) != only {
        return None;
    }
    let bishop = bishops.trailing_zeros() as usize;
    let light = (bishop % 8 + bishop / 8) % 2 == 1;
    let corners: [usize; 2] = if light { [7, 56] } else { [0, 63] };
    let weak_king = pos.king_square(strong ^ 1);
    let corner = corners.iter().map(|&c| distance(weak_king, c)).min()?;
    let kings = distance(weak_king, pos.king_square(strong));
    Some(KNOWN_WIN + 40 * (7 - corner) + 10 * (7 - kings))
}

/// KPK: won when the defending king is outside the pawn's square or the
/// attacking king stands on a key square; a rook pawn with the defender in
/// front of it is a draw; anything else is left to the evaluation.
fn kpk(pos: &BitboardPos, strong: usize) -> Option<Score> {
    let pawns = pos.pieces(strong, PieceType::Pawn);
    if pawns.count_ones() != 1
        || pos.color_bb(strong) != pawns | pos.pieces(strong, PieceType::King)
    {
        return None;
    }
    let pawn = pawns.trailing_zeros() as usize;
    let (strong_king, weak_king) = (pos.king_square(strong), pos.king_square(strong ^ 1));
    let rank = relative_rank(strong, pawn);
    let file = pawn % 8;
    let promotion = if strong == 0 { 56 + file } else { file };
    let win = KNOWN_WIN + 20 * rank as i32 - 5 * distance(strong_king, pawn);
    let weak_to_move = pos.side_index() != strong;
    let pawn_moves = if rank == 1 { 5 } else { 7 - rank as i32 };
    let defender_moves = distance(weak_king, promotion) - i32::from(weak_to_move);
    if defender_moves > pawn_moves && file_ahead(strong, pawn) & 1 << strong_king == 0 {
        return Some(win);
    }
    if file == 0 || file == 7 {
        let in_front =
            relative_rank(strong, weak_king) > rank && (weak_king % 8).abs_diff(file) <= 1;
        return in_front.then_some(0);
    }
    let can_take =
        weak_to_move && distance(weak_king, pawn) == 1 && distance(strong_king, pawn) > 1;
    (!can_take && on_key_square(strong, pawn, strong_king)).then_some(win)
}

/// Whether `king` stands on a key square of `strong`'s (non-rook) pawn:
/// the three squares two ranks ahead, and from the fifth rank on also
/// the three squares one rank ahead.
fn on_key_square(strong: usize, pawn: usize, king: usize) -> bool {
    let (rank, king_rank) = (relative_rank(strong, pawn), relative_rank(strong, king));
    if (king % 8).abs_diff(pawn % 8) > 1 || rank >= 6 {
        return false;
    }
    king_rank == rank + 2 || (rank >= 4 && king_rank == rank + 1)
}

/// Extra score (white's view) that helps mate a bare king: drive it to the
/// edge and bring the attacking king close. Zero unless one side is bare
/// and the other has at least a rook's worth of pieces.
#[must_use]
pub fn mop_up(pos: &BitboardPos) -> Score {
    for strong in 0..2 {
        if bare(pos, strong ^ 1) && piece_material(pos, strong) >= PIECE_VALUES[3] {
            let weak_king = pos.king_square(strong ^ 1);
            let (file, rank) = ((weak_king % 8) as i32, (weak_king / 8) as i32);
            let centre = (2 * file - 7).abs() / 2 + (2 * rank - 7).abs() / 2;
            let kings = distance(weak_king, pos.king_square(strong));
            let bonus = 200 + 20 * centre + 10 * (7 - kings);
            return if strong == 0 { bonus } else { -bonus };
        }
    }
    0
}

/// How much of the endgame score to keep (of [`FULL_SCALE`]) when
/// `strong` is the side the score favours.
#[must_use]
pub fn scale(pos: &BitboardPos, strong: usize) -> i32 {
    let weak = strong ^ 1;
    let (own, theirs) = (piece_material(pos, strong), piece_material(pos, weak));
    let strong_pawns = count(pos, strong, PieceType::Pawn);
    if strong_pawns == 0 {
        if own <= PIECE_VALUES[2] {
            return 0;
        }
        if own - theirs <= PIECE_VALUES[2] {
            return 12;
        }
    }
    if opposite_bishops(pos) {
        let bishops_only = own == PIECE_VALUES[2] && theirs == PIECE_VALUES[2];
        return if bishops_only { 24 } else { 48 };
    }
    if strong_pawns == 1 && theirs > 0 && own <= theirs {
        return 32;
    }
    FULL_SCALE
}

/// Each side has exactly one bishop, on squares of different colours.
fn opposite_bishops(pos: &BitboardPos) -> bool {
    let (w, b) = (
        pos.pieces(0, PieceType::Bishop),
        pos.pieces(1, PieceType::Bishop),
    );
    if w.count_ones() != 1 || b.count_ones() != 1 {
        return false;
    }
    let colour = |bb: u64| {
        let sq = bb.trailing_zeros() as usize;
        (sq % 8 + sq / 8) % 2
    };
    colour(w) != colour(b)
}
