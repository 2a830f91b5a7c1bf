//! King safety: pieces attacking the squares around the king (counted once
//! two or more pieces take part, weighted by kind), safe checks the enemy
//! has, the pawn shield in front of the king and open files beside it.

use super::params::{
    Accumulator, KING_ATTACK, KING_OPEN, KING_SEMI_OPEN, SAFE_CHECK, SHIELD_CLOSE, SHIELD_FAR,
};
use super::pawns::{adjacent_files, relative_rank, FILE_A};
use super::pieces::AttackMaps;
use crate::bitboard::{tables, BitboardPos, PieceType};

/// The safety terms of `color`'s king (attack terms count for the enemy).
pub fn king_terms<A: Accumulator>(pos: &BitboardPos, color: usize, maps: &AttackMaps, acc: &mut A) {
    let enemy = color ^ 1;
    if maps.zone_attackers[enemy] >= 2 {
        for (slot, &hits) in maps.zone_hits[enemy].iter().enumerate() {
            if hits > 0 {
                acc.add(enemy, KING_ATTACK + slot, hits);
            }
        }
    }
    safe_checks(pos, color, maps, acc);
    shelter(pos, color, acc);
}

/// Squares from which each enemy piece kind could give check without
/// being taken (not attacked by `color`, not blocked by its own men).
fn safe_checks<A: Accumulator>(pos: &BitboardPos, color: usize, maps: &AttackMaps, acc: &mut A) {
    let t = tables();
    let enemy = color ^ 1;
    let king = pos.king_square(color);
    let occ = pos.occupied();
    let safe = !maps.all[color] & !pos.color_bb(enemy);
    let bishop_lines = t.bishop(king, occ);
    let rook_lines = t.rook(king, occ);
    let from = [
        t.knight(king),
        bishop_lines,
        rook_lines,
        bishop_lines | rook_lines,
    ];
    for (slot, squares) in from.iter().enumerate() {
        let n = (squares & maps.by_kind[enemy][slot] & safe).count_ones() as i32;
        if n > 0 {
            acc.add(enemy, SAFE_CHECK + slot, n);
        }
    }
}

/// Pawn shield and open files around a king still near its first ranks.
fn shelter<A: Accumulator>(pos: &BitboardPos, color: usize, acc: &mut A) {
    let king = pos.king_square(color);
    if relative_rank(color, king) > 2 {
        return;
    }
    let own = pos.pieces(color, PieceType::Pawn);
    let theirs = pos.pieces(color ^ 1, PieceType::Pawn);
    let files = adjacent_files(king % 8) | FILE_A << (king % 8);
    let rank_of = |ahead: usize| -> u64 {
        let r = relative_rank(color, king) + ahead;
        if r > 7 {
            return 0;
        }
        let absolute = if color == 0 { r } else { 7 - r };
        0xFF << (8 * absolute)
    };
    let close = (own & files & rank_of(1)).count_ones() as i32;
    let far = (own & files & rank_of(2)).count_ones() as i32;
    if close > 0 {
        acc.add(color, SHIELD_CLOSE, close);
    }
    if far > 0 {
        acc.add(color, SHIELD_FAR, far);
    }
    let mut semi_open = 0;
    let mut open = 0;
    for file in 0..8 {
        let mask = FILE_A << file;
        if mask & files == 0 || mask & own != 0 {
            continue;
        }
        semi_open += 1;
        if mask & theirs == 0 {
            open += 1;
        }
    }
    if semi_open > 0 {
        acc.add(color, KING_SEMI_OPEN, semi_open);
    }
    if open > 0 {
        acc.add(color, KING_OPEN, open);
    }
}
