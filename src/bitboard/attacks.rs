//! Attack tables: leaper attacks, the squares between and on the line through
//! two squares, and magic-bitboard sliding attacks.
//!
//! Magic multipliers come from `magics` (constants our own seeded search
//! produced; the search stays here, re-run by a test and used as a fallback)
//! and all tables are built into one [`AttackTables`] value behind a
//! `LazyLock`. Hot code fetches `&'static AttackTables` once with
//! [`tables`] and passes it down, so the lazy-initialisation check is
//! paid once per call, not once per lookup.

use super::magics::{BISHOP_MAGICS, ROOK_MAGICS};
use super::types::{bit, Bitboard, Squares};
use crate::core::Xorshift64;
use std::sync::LazyLock;

/// One square's magic: relevant-occupancy mask, multiplier, shift and offset
/// of its slice in the shared attack table.
#[derive(Clone, Copy, Debug, Default)]
struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Every precomputed table of the orthodox board.
pub struct AttackTables {
    knight: [Bitboard; 64],
    king: [Bitboard; 64],
    pawn: [[Bitboard; 64]; 2],
    between: Box<SquarePairs>,
    line: Box<SquarePairs>,
    bishop_magics: [Magic; 64],
    rook_magics: [Magic; 64],
    /// All sliding-attack slices, padded to a power of two so that masked
    /// indices need no bounds check.
    sliding: Box<[Bitboard; SLIDING_SIZE]>,
}

/// A bitboard per pair of squares.
type SquarePairs = [[Bitboard; 64]; 64];

/// Entries of the sliding table: 5,248 bishop + 102,400 rook, padded to 2^17.
const SLIDING_SIZE: usize = 1 << 17;

static TABLES: LazyLock<AttackTables> = LazyLock::new(AttackTables::build);

/// The shared tables (built on first use).
#[inline(always)]
#[must_use]
pub fn tables() -> &'static AttackTables {
    &TABLES
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The square `(file + df, rank + dr)` from `sq`, if on the board.
fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq & 7) as i32 + df;
    let r = (sq >> 3) as i32 + dr;
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

fn leaper(sq: usize, steps: &[(i32, i32)]) -> Bitboard {
    steps
        .iter()
        .filter_map(|&(df, dr)| offset(sq, df, dr))
        .fold(0, |b, s| b | bit(s))
}

/// Slow reference slider attacks: rays stop at (and include) the first blocker.
fn slide(sq: usize, occ: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            attacks |= bit(next);
            if occ & bit(next) != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// The relevant-occupancy mask: the empty-board rays minus their last square.
fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> Bitboard {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= bit(next);
            cur = next;
        }
    }
    mask
}

/// A candidate magic with few set bits, as magics tend to be.
fn sparse(rng: &mut Xorshift64) -> u64 {
    rng.next_u64() & rng.next_u64() & rng.next_u64()
}

/// Every subset of the relevant mask of `sq` with its attack set.
fn occupancy_subsets(sq: usize, dirs: &[(i32, i32)]) -> (Bitboard, Vec<(Bitboard, Bitboard)>) {
    let mask = relevant_mask(sq, dirs);
    let mut subsets = Vec::with_capacity(1 << mask.count_ones());
    let mut subset: Bitboard = 0;
    loop {
        subsets.push((subset, slide(sq, subset, dirs)));
        // Carry-rippler: the next subset of the mask.
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    (mask, subsets)
}

/// Writes the slice of `magic` into `slice` (stamping `epoch` marks); false on
/// a destructive collision.
fn fill(
    magic: u64,
    shift: u32,
    subsets: &[(Bitboard, Bitboard)],
    slice: &mut [Bitboard],
    epoch: &mut [u32],
    stamp: u32,
) -> bool {
    subsets.iter().all(|&(occ, attacks)| {
        let idx = (occ.wrapping_mul(magic) >> shift) as usize;
        if epoch[idx] != stamp {
            epoch[idx] = stamp;
            slice[idx] = attacks;
            true
        } else {
            slice[idx] == attacks
        }
    })
}

/// The seed of the magic search that produced the constants in `magics`.
pub(crate) const MAGIC_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// Builds the slice of `sq` at `offset` in `table`, using `known` when it is a
/// working magic and searching with `rng` otherwise.
fn build_magic(
    sq: usize,
    dirs: &[(i32, i32)],
    known: Option<u64>,
    table: &mut Vec<Bitboard>,
    rng: &mut Xorshift64,
) -> Magic {
    let (mask, subsets) = occupancy_subsets(sq, dirs);
    let bits = mask.count_ones();
    let offset = table.len();
    table.resize(offset + (1 << bits), 0);
    let slice = &mut table[offset..];
    let mut epoch = vec![0u32; slice.len()];
    let shift = 64 - bits;
    let mut magic = known.unwrap_or(0);
    let mut stamp = 1;
    if known.is_none() || !fill(magic, shift, &subsets, slice, &mut epoch, stamp) {
        loop {
            stamp += 1;
            magic = sparse(rng);
            if (mask.wrapping_mul(magic) >> 56).count_ones() >= 6
                && fill(magic, shift, &subsets, slice, &mut epoch, stamp)
            {
                break;
            }
        }
    }
    Magic {
        mask,
        magic,
        shift,
        offset,
    }
}

/// Runs the seeded magic search from scratch: (bishop magics, rook magics).
/// Only the test that checks the constants in `magics` needs it.
#[cfg(test)]
fn search_magics(seed: u64) -> ([u64; 64], [u64; 64]) {
    let mut rng = Xorshift64(seed);
    let mut table = Vec::new();
    let mut bishops = [0; 64];
    let mut rooks = [0; 64];
    for (sq, magic) in bishops.iter_mut().enumerate() {
        *magic = build_magic(sq, &BISHOP_DIRS, None, &mut table, &mut rng).magic;
    }
    for (sq, magic) in rooks.iter_mut().enumerate() {
        *magic = build_magic(sq, &ROOK_DIRS, None, &mut table, &mut rng).magic;
    }
    (bishops, rooks)
}

impl AttackTables {
    fn build() -> AttackTables {
        let mut knight = [0; 64];
        let mut king = [0; 64];
        let mut pawn = [[0; 64]; 2];
        for sq in 0..64 {
            knight[sq] = leaper(sq, &KNIGHT_STEPS);
            king[sq] = leaper(sq, &KING_STEPS);
            pawn[0][sq] = leaper(sq, &[(-1, 1), (1, 1)]);
            pawn[1][sq] = leaper(sq, &[(-1, -1), (1, -1)]);
        }
        let mut rng = Xorshift64(MAGIC_SEED);
        let mut sliding = Vec::with_capacity(107_648);
        let mut bishop_magics = [Magic::default(); 64];
        let mut rook_magics = [Magic::default(); 64];
        for (sq, magic) in bishop_magics.iter_mut().enumerate() {
            *magic = build_magic(
                sq,
                &BISHOP_DIRS,
                Some(BISHOP_MAGICS[sq]),
                &mut sliding,
                &mut rng,
            );
        }
        for (sq, magic) in rook_magics.iter_mut().enumerate() {
            *magic = build_magic(
                sq,
                &ROOK_DIRS,
                Some(ROOK_MAGICS[sq]),
                &mut sliding,
                &mut rng,
            );
        }
        let (between, line) = between_and_line();
        AttackTables {
            knight,
            king,
            pawn,
            between: square_pairs(between),
            line: square_pairs(line),
            bishop_magics,
            rook_magics,
            sliding: padded(sliding),
        }
    }

    /// Knight attacks from `sq`.
    #[inline(always)]
    #[must_use]
    pub fn knight(&self, sq: usize) -> Bitboard {
        self.knight[sq & 63]
    }

    /// King attacks from `sq`.
    #[inline(always)]
    #[must_use]
    pub fn king(&self, sq: usize) -> Bitboard {
        self.king[sq & 63]
    }

    /// Squares a pawn of colour index `color` on `sq` attacks.
    #[inline(always)]
    #[must_use]
    pub fn pawn(&self, color: usize, sq: usize) -> Bitboard {
        self.pawn[color & 1][sq & 63]
    }

    /// Bishop attacks from `sq` with the given occupancy.
    #[inline(always)]
    #[must_use]
    pub fn bishop(&self, sq: usize, occ: Bitboard) -> Bitboard {
        let m = &self.bishop_magics[sq & 63];
        let idx = ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        self.sliding[(m.offset + idx) & (SLIDING_SIZE - 1)]
    }

    /// Rook attacks from `sq` with the given occupancy.
    #[inline(always)]
    #[must_use]
    pub fn rook(&self, sq: usize, occ: Bitboard) -> Bitboard {
        let m = &self.rook_magics[sq & 63];
        let idx = ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        self.sliding[(m.offset + idx) & (SLIDING_SIZE - 1)]
    }

    /// Queen attacks from `sq` with the given occupancy.
    #[inline(always)]
    #[must_use]
    pub fn queen(&self, sq: usize, occ: Bitboard) -> Bitboard {
        self.bishop(sq, occ) | self.rook(sq, occ)
    }

    /// The squares strictly between `a` and `b` when they share a line, else empty.
    #[inline(always)]
    #[must_use]
    pub fn between(&self, a: usize, b: usize) -> Bitboard {
        self.between[a & 63][b & 63]
    }

    /// The whole line (edge to edge) through `a` and `b`, or empty if they share none.
    #[inline(always)]
    #[must_use]
    pub fn line(&self, a: usize, b: usize) -> Bitboard {
        self.line[a & 63][b & 63]
    }
}

/// Copies the built slices (107,648 entries) into the fixed-size, padded
/// table, built on the heap (a 1 MB array must not pass through the stack).
fn padded(slices: Vec<Bitboard>) -> Box<[Bitboard; SLIDING_SIZE]> {
    let mut table = vec![0; SLIDING_SIZE];
    for (slot, value) in table.iter_mut().zip(slices) {
        *slot = value;
    }
    table
        .into_boxed_slice()
        .try_into()
        .expect("the vector has exactly SLIDING_SIZE entries")
}

/// Moves a 64-row table into a fixed-size box (no bounds checks on lookups).
fn square_pairs(rows: Vec<[Bitboard; 64]>) -> Box<SquarePairs> {
    rows.into_boxed_slice()
        .try_into()
        .expect("the table has exactly 64 rows")
}

fn between_and_line() -> (Vec<[Bitboard; 64]>, Vec<[Bitboard; 64]>) {
    let mut between = vec![[0; 64]; 64];
    let mut line = vec![[0; 64]; 64];
    for a in 0..64 {
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            for &(df, dr) in dirs.iter() {
                let ray = slide(a, 0, &[(df, dr)]);
                let full = ray | slide(a, 0, &[(-df, -dr)]) | bit(a);
                for b in Squares(ray) {
                    between[a][b] = ray & slide(b, 0, &[(-df, -dr)]);
                    line[a][b] = full;
                }
            }
        }
    }
    (between, line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_match_slow_rays() {
        let t = tables();
        let mut rng = Xorshift64(12345);
        for _ in 0..2000 {
            let occ = rng.next_u64() & rng.next_u64();
            for sq in 0..64 {
                assert_eq!(t.rook(sq, occ), slide(sq, occ, &ROOK_DIRS));
                assert_eq!(t.bishop(sq, occ), slide(sq, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn between_and_line_examples() {
        let t = tables();
        // a1 (0) to h8 (63): b2..g7 between.
        assert_eq!(t.between(0, 63), 0x0040_2010_0804_0200);
        assert_eq!(t.between(0, 1), 0);
        assert_eq!(t.between(0, 10), 0, "a1 and c2 share no line");
        assert_eq!(t.line(0, 9), 0x8040_2010_0804_0201);
        assert_eq!(t.line(4, 60), FILE_E);
    }

    #[test]
    fn the_seeded_search_reproduces_the_constant_magics() {
        let (bishops, rooks) = search_magics(MAGIC_SEED);
        assert_eq!(bishops, BISHOP_MAGICS);
        assert_eq!(rooks, ROOK_MAGICS);
        let t = tables();
        assert_eq!(t.rook_magics[63].offset + (1 << 12), 5248 + 102_400);
    }

    const FILE_E: Bitboard = 0x1010_1010_1010_1010;
}
