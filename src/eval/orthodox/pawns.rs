//! Pawn structure: material and piece-square values of the pawns, passed,
//! candidate, isolated, doubled, backward, supported and phalanx pawns. All
//! of it depends on the pawns alone, so the engine caches it in a pawn hash
//! table (one per thread, keyed by both pawn bitboards exactly, so a hit
//! can never be a collision). Also the pawn geometry the other terms use.

use super::params::{
    Accumulator, Pair, ScoreSum, BACKWARD, CANDIDATE, DOUBLED, ISOLATED, MATERIAL, PASSED, PHALANX,
    PSQT, SUPPORTED,
};
use crate::bitboard::{tables, Bitboard, Squares};
use std::cell::RefCell;

/// The a-file.
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
const FILE_H: Bitboard = FILE_A << 7;

/// Entries of each thread's pawn hash table (about 0.5 MB).
pub const PAWN_TABLE_SIZE: usize = 1 << 14;

/// The rank of `sq` as seen from `color`'s side (0 = its first rank).
#[inline(always)]
#[must_use]
pub fn relative_rank(color: usize, sq: usize) -> usize {
    if color == 0 {
        sq / 8
    } else {
        7 - sq / 8
    }
}

/// The piece-square index of a square for `color` (files folded d/e).
#[inline(always)]
#[must_use]
pub fn psqt_index(kind: usize, color: usize, sq: usize) -> usize {
    let file = sq % 8;
    PSQT + kind * 32 + relative_rank(color, sq) * 4 + file.min(7 - file)
}

/// The files beside `file`.
#[inline(always)]
#[must_use]
pub fn adjacent_files(file: usize) -> Bitboard {
    let own = FILE_A << file;
    ((own << 1) & !FILE_A) | ((own >> 1) & !FILE_H)
}

/// Every square strictly in front of `sq`'s rank, from `color`'s side.
#[inline(always)]
#[must_use]
pub fn ranks_ahead(color: usize, sq: usize) -> Bitboard {
    let rank = sq / 8;
    if color == 0 {
        if rank == 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        }
    } else {
        (1u64 << (8 * rank)) - 1
    }
}

/// The squares in front of `sq` on its own file, from `color`'s side.
#[inline(always)]
#[must_use]
pub fn file_ahead(color: usize, sq: usize) -> Bitboard {
    ranks_ahead(color, sq) & FILE_A << (sq % 8)
}

/// The squares in front of `sq` on the adjacent files (where enemy pawns
/// could attack a piece on `sq` from, or guard its path).
#[inline(always)]
#[must_use]
pub fn attack_span(color: usize, sq: usize) -> Bitboard {
    ranks_ahead(color, sq) & adjacent_files(sq % 8)
}

/// Squares attacked by the pawns of `color`.
#[inline(always)]
#[must_use]
pub fn pawn_attacks(color: usize, pawns: Bitboard) -> Bitboard {
    if color == 0 {
        ((pawns << 7) & !FILE_H) | ((pawns << 9) & !FILE_A)
    } else {
        ((pawns >> 9) & !FILE_H) | ((pawns >> 7) & !FILE_A)
    }
}

/// Chebyshev distance between two squares.
#[inline(always)]
#[must_use]
pub fn distance(a: usize, b: usize) -> i32 {
    let df = (a % 8) as i32 - (b % 8) as i32;
    let dr = (a / 8) as i32 - (b / 8) as i32;
    df.abs().max(dr.abs())
}

/// What the pawn structure contributes: its score and the passed pawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnEntry {
    /// White's and black's pawns (the key).
    pub pawns: [Bitboard; 2],
    /// White-minus-black score of the pawn terms.
    pub score: Pair,
    /// Passed pawns of each side.
    pub passed: [Bitboard; 2],
}

/// Reports every pawn term to `acc`; returns each side's passed pawns.
pub fn pawn_terms<A: Accumulator>(pawns: [Bitboard; 2], acc: &mut A) -> [Bitboard; 2] {
    let mut passed = [0; 2];
    for (color, passed_of_color) in passed.iter_mut().enumerate() {
        for sq in Squares(pawns[color]) {
            if pawn_term(pawns, color, sq, acc) {
                *passed_of_color |= 1 << sq;
            }
        }
    }
    passed
}

/// The terms of one pawn; returns whether it is passed.
fn pawn_term<A: Accumulator>(pawns: [Bitboard; 2], color: usize, sq: usize, acc: &mut A) -> bool {
    let (own, theirs) = (pawns[color], pawns[color ^ 1]);
    let t = tables();
    let rank = relative_rank(color, sq);
    let neighbours = adjacent_files(sq % 8) & own;
    acc.add(color, MATERIAL, 1);
    acc.add(color, psqt_index(0, color, sq), 1);
    let doubled = file_ahead(color, sq) & own != 0;
    if doubled {
        acc.add(color, DOUBLED, 1);
    }
    if neighbours == 0 {
        acc.add(color, ISOLATED, 1);
    }
    if t.pawn(color ^ 1, sq) & own != 0 {
        acc.add(color, SUPPORTED, 1);
    }
    let same_rank = 0xFFu64 << (8 * (sq / 8));
    if neighbours & same_rank != 0 {
        acc.add(color, PHALANX, 1);
    }
    let open_ahead = file_ahead(color, sq) & theirs == 0;
    let sentries = attack_span(color, sq) & theirs;
    let passed = open_ahead && sentries == 0 && !doubled;
    if passed {
        acc.add(color, PASSED + rank, 1);
        return true;
    }
    let stop = if color == 0 { sq + 8 } else { sq - 8 };
    let behind_or_level = !ranks_ahead(color, sq) & adjacent_files(sq % 8);
    if neighbours != 0 && own & behind_or_level == 0 && t.pawn(color, stop) & theirs != 0 {
        acc.add(color, BACKWARD, 1);
    }
    if open_ahead && !doubled {
        let helpers = (own & behind_or_level).count_ones();
        if helpers >= sentries.count_ones() {
            acc.add(color, CANDIDATE + rank, 1);
        }
    }
    false
}

/// A freshly computed entry for these pawns (no table involved).
#[must_use]
pub fn compute_entry(pawns: [Bitboard; 2]) -> PawnEntry {
    let mut sum = ScoreSum::default();
    let passed = pawn_terms(pawns, &mut sum);
    PawnEntry {
        pawns,
        score: sum.0,
        passed,
    }
}

thread_local! {
    static PAWN_TABLE: RefCell<Vec<PawnEntry>> = const { RefCell::new(Vec::new()) };
}

/// The slot of a pawn configuration in the table.
fn slot(pawns: [Bitboard; 2]) -> usize {
    let mixed = pawns[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ pawns[1].rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (mixed >> 50) as usize & (PAWN_TABLE_SIZE - 1)
}

/// The entry for these pawns from this thread's table, computing and
/// storing it on a miss; also says whether it was a hit.
#[must_use]
pub fn probe(pawns: [Bitboard; 2]) -> (PawnEntry, bool) {
    PAWN_TABLE.with(|cell| {
        let mut table = cell.borrow_mut();
        if table.is_empty() {
            // An impossible key (pawns on both sides' first ranks) marks empty slots.
            let empty = PawnEntry {
                pawns: [!0, !0],
                ..PawnEntry::default()
            };
            table.resize(PAWN_TABLE_SIZE, empty);
        }
        let i = slot(pawns);
        if table[i].pawns == pawns {
            return (table[i], true);
        }
        let entry = compute_entry(pawns);
        table[i] = entry;
        (entry, false)
    })
}
