//! Pieces other than pawns: material, piece-square values, mobility (safe
//! squares, a table per kind), outposts, rooks on open files and the
//! seventh, the bishop pair, and threats (pieces attacked by pawns, majors
//! attacked by minors, undefended pieces under attack). Gathers the attack
//! maps that king safety reads afterwards.

use super::params::{
    Accumulator, BISHOP_OUTPOST, BISHOP_PAIR, HANGING, KNIGHT_OUTPOST, MATERIAL, MOBILITY_BISHOP,
    MOBILITY_KNIGHT, MOBILITY_QUEEN, MOBILITY_ROOK, ROOK_HALF_OPEN, ROOK_OPEN, ROOK_SEVENTH,
    THREAT_BY_MINOR, THREAT_BY_PAWN,
};
use super::pawns::{attack_span, pawn_attacks, psqt_index, relative_rank, FILE_A};
use crate::bitboard::{tables, Bitboard, BitboardPos, PieceType, Squares};

/// Who attacks what, gathered while the pieces are evaluated.
#[derive(Clone, Copy, Debug, Default)]
pub struct AttackMaps {
    /// Squares attacked by each side's pawns.
    pub pawns: [Bitboard; 2],
    /// Squares attacked by each side's knights and bishops.
    pub minors: [Bitboard; 2],
    /// Squares attacked by anything of each side (king included).
    pub all: [Bitboard; 2],
    /// Per side, squares each of knight, bishop, rook, queen attack.
    pub by_kind: [[Bitboard; 4]; 2],
    /// Per side, attacked squares of the enemy king zone per piece kind
    /// (knight, bishop, rook, queen), summed over pieces.
    pub zone_hits: [[i32; 4]; 2],
    /// Per side, pieces attacking the enemy king zone.
    pub zone_attackers: [i32; 2],
}

/// The squares around a king (and its own square).
#[must_use]
pub fn king_zone(king: usize) -> Bitboard {
    tables().king(king) | 1 << king
}

/// Reports the terms of every piece of `color` other than pawns and king,
/// and records their attacks in `maps` (whose pawn maps must be filled).
pub fn piece_terms<A: Accumulator>(
    pos: &BitboardPos,
    color: usize,
    maps: &mut AttackMaps,
    acc: &mut A,
) {
    let t = tables();
    let occ = pos.occupied();
    let own = pos.color_bb(color);
    let area = !own & !maps.pawns[color ^ 1];
    let enemy_zone = king_zone(pos.king_square(color ^ 1));
    let kinds = [
        (PieceType::Knight, MOBILITY_KNIGHT),
        (PieceType::Bishop, MOBILITY_BISHOP),
        (PieceType::Rook, MOBILITY_ROOK),
        (PieceType::Queen, MOBILITY_QUEEN),
    ];
    for (slot, &(kind, mobility)) in kinds.iter().enumerate() {
        let k = kind.index();
        for sq in Squares(pos.pieces(color, kind)) {
            let attacks = match kind {
                PieceType::Knight => t.knight(sq),
                PieceType::Bishop => t.bishop(sq, occ),
                PieceType::Rook => t.rook(sq, occ),
                _ => t.queen(sq, occ),
            };
            acc.add(color, MATERIAL + k, 1);
            acc.add(color, psqt_index(k, color, sq), 1);
            acc.add(color, mobility + (attacks & area).count_ones() as usize, 1);
            maps.by_kind[color][slot] |= attacks;
            let hits = (attacks & enemy_zone).count_ones() as i32;
            if hits > 0 {
                maps.zone_hits[color][slot] += hits;
                maps.zone_attackers[color] += 1;
            }
        }
    }
    let [n, b, r, q] = maps.by_kind[color];
    maps.minors[color] = n | b;
    let king = pos.king_square(color);
    maps.all[color] = n | b | r | q | maps.pawns[color] | t.king(king);
    acc.add(color, psqt_index(5, color, king), 1);
    placement_terms(pos, color, maps, acc);
}

/// Outposts, rook files, the seventh rank and the bishop pair.
fn placement_terms<A: Accumulator>(
    pos: &BitboardPos,
    color: usize,
    maps: &AttackMaps,
    acc: &mut A,
) {
    let own_pawns = pos.pieces(color, PieceType::Pawn);
    let their_pawns = pos.pieces(color ^ 1, PieceType::Pawn);
    let outpost = |sq: usize| {
        (3..=5).contains(&relative_rank(color, sq))
            && maps.pawns[color] & 1 << sq != 0
            && attack_span(color, sq) & their_pawns == 0
    };
    for sq in Squares(pos.pieces(color, PieceType::Knight)) {
        if outpost(sq) {
            acc.add(color, KNIGHT_OUTPOST, 1);
        }
    }
    let bishops = pos.pieces(color, PieceType::Bishop);
    for sq in Squares(bishops) {
        if outpost(sq) {
            acc.add(color, BISHOP_OUTPOST, 1);
        }
    }
    if bishops.count_ones() >= 2 {
        acc.add(color, BISHOP_PAIR, 1);
    }
    let enemy_king_rank = relative_rank(color, pos.king_square(color ^ 1));
    let seventh: Bitboard = if color == 0 { 0xFF << 48 } else { 0xFF << 8 };
    for sq in Squares(pos.pieces(color, PieceType::Rook)) {
        let file = FILE_A << (sq % 8);
        if file & own_pawns == 0 {
            let open = file & their_pawns == 0;
            acc.add(color, if open { ROOK_OPEN } else { ROOK_HALF_OPEN }, 1);
        }
        if relative_rank(color, sq) == 6 && (enemy_king_rank == 7 || their_pawns & seventh != 0) {
            acc.add(color, ROOK_SEVENTH, 1);
        }
    }
}

/// Threats of `color` against the other side's pieces.
pub fn threat_terms<A: Accumulator>(
    pos: &BitboardPos,
    color: usize,
    maps: &AttackMaps,
    acc: &mut A,
) {
    let them = color ^ 1;
    let majors = pos.pieces(them, PieceType::Rook) | pos.pieces(them, PieceType::Queen);
    let pieces = pos.color_bb(them)
        & !pos.pieces(them, PieceType::Pawn)
        & !pos.pieces(them, PieceType::King);
    let by_pawn = (pieces & maps.pawns[color]).count_ones() as i32;
    if by_pawn > 0 {
        acc.add(color, THREAT_BY_PAWN, by_pawn);
    }
    let by_minor = (majors & maps.minors[color]).count_ones() as i32;
    if by_minor > 0 {
        acc.add(color, THREAT_BY_MINOR, by_minor);
    }
    let hanging = (pieces & maps.all[color] & !maps.all[them]).count_ones() as i32;
    if hanging > 0 {
        acc.add(color, HANGING, hanging);
    }
}

/// The pawn attack maps of both sides.
#[must_use]
pub fn pawn_maps(pos: &BitboardPos) -> AttackMaps {
    AttackMaps {
        pawns: [
            pawn_attacks(0, pos.pieces(0, PieceType::Pawn)),
            pawn_attacks(1, pos.pieces(1, PieceType::Pawn)),
        ],
        ..AttackMaps::default()
    }
}
