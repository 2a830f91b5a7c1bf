//! The pawn term of the general evaluation (`eval::general`).
//!
//! A pawn earns its row's advancement toward promotion (quadratic in the
//! fraction of the way done, scaled by what promotion is worth: Fairy-Max's
//! weak-promotion rule made gradual); the board keeps the sum over its
//! pawns as they come, go and move (`PieceSums::pawn_rows`, weighted by
//! [`PawnTables::advance`]). A passed pawn (no enemy pawn ahead on its file
//! or a neighbouring one) earns more, the more so as the board empties:
//! passed pawns are found on the board's pawn bit sets, where a 64-bit word
//! holds four 16-file rows, so the files enemy pawns guard ahead take a few
//! shifts per word. What depends only on the variant is computed once into
//! [`PawnTables`] (part of `variant_tables::VariantTables`).

use super::weights::{Weight, Weights};
use crate::core::Color;
use crate::mailbox::MailboxPos;
use crate::position::Position;
use crate::rules::Variant;

/// Bit 0 (the first file) of each of the four rows of a word.
const FIRST_FILE: u64 = 0x0001_0001_0001_0001;

/// The last file (15) of each row of a word.
const LAST_FILE: u64 = FIRST_FILE << 15;

/// What the pawn term needs of the variant, per side (white first).
#[derive(Clone, Debug, Default)]
pub struct PawnTables {
    /// The way pawns advance in rows: -1 toward row 0, 1 away from it, 0
    /// nowhere (every pawn counts as passed).
    dir: [i32; 2],
    /// Eighths of the full advancement bonus the side's promotion is worth
    /// (1..=8).
    strength: [i32; 2],
    /// Per row: how far a pawn there has come, 0..=64.
    progress: [[i32; 16]; 2],
    /// Per row: the advancement a pawn there earns, passed or not.
    advance: [[i32; 16]; 2],
    /// Words of a square set that hold rows of the board.
    words: usize,
    /// What a passed pawn earns beyond its advancement on any row
    /// ([`Weight::PassedBase`]).
    passed_base: i32,
    /// Sixteenths of its progress a passed pawn earns again, middle game
    /// and endgame ([`Weight::PassedMg`], [`Weight::PassedEg`]).
    passed: (i32, i32),
}

impl PawnTables {
    /// The tables of `v`, given each side's promotion gain (best promotion
    /// choice's value minus the pawn's), per-row progress (how far a pawn
    /// on the row has come, 0..=[`Weight::PawnAdvance`]) and the weights.
    #[must_use]
    pub fn new(
        v: &Variant,
        promotion_gain: [i32; 2],
        progress: [[i32; 16]; 2],
        w: &Weights,
    ) -> PawnTables {
        let dir = [0, 1].map(|c| (v.promotion_row[c] as i32 - v.pawn_row[c] as i32).signum());
        PawnTables::build(dir, promotion_gain, progress, v.height, w)
    }

    /// The tables from each side's direction, promotion gain and per-row
    /// progress, for a board of `height` rows. Advancement is worth its
    /// full bonus from a promotion gain of [`Weight::StrongPromotion`];
    /// weaker promotions scale it down, to at least one eighth (Fairy-Max
    /// divides by 8 when the promotion piece is below 250).
    fn build(
        dir: [i32; 2],
        promotion_gain: [i32; 2],
        progress: [[i32; 16]; 2],
        height: usize,
        w: &Weights,
    ) -> PawnTables {
        let strong = w[Weight::StrongPromotion].max(1);
        let strength = promotion_gain.map(|gain| (gain * 8 / strong).clamp(1, 8));
        let advance: [[i32; 16]; 2] =
            std::array::from_fn(|c| progress[c].map(|p| p * strength[c] / 8));
        PawnTables {
            dir,
            strength,
            progress,
            advance,
            words: height.div_ceil(4).min(4),
            passed_base: w[Weight::PassedBase],
            passed: w.pair(Weight::PassedMg, Weight::PassedEg),
        }
    }

    /// The advancement a pawn of side `c` (0 white) earns on `sq`, passed
    /// or not (the board keeps the sum over its pawns).
    #[must_use]
    pub fn advance(&self, c: usize, sq: u8) -> i32 {
        self.advance[c & 1][usize::from(sq >> 4)]
    }

    /// Per side (white first) and row: the advancement a pawn there earns,
    /// passed or not (the board's pawn row weights).
    #[must_use]
    pub fn advance_rows(&self) -> [[i32; 16]; 2] {
        self.advance
    }

    /// Eighths of the full advancement bonus `color`'s promotion is worth.
    #[must_use]
    pub fn strength(&self, color: Color) -> i32 {
        self.strength[color.index()]
    }

    /// How far a pawn of `color` on `row` has come, 0..=64.
    #[must_use]
    pub fn progress(&self, color: Color, row: usize) -> i32 {
        self.progress[color.index()][row & 15]
    }
}

/// The pawn term of `pos` with the tables `t`, white minus black:
/// `advance` is the advancement of the pawns (white minus black, as the
/// board keeps it), `phase` (non-pawn material on the board, the same in
/// the initial arrays).
pub(crate) fn pawn_score(pos: &MailboxPos, t: &PawnTables, advance: i32, phase: (i32, i32)) -> i32 {
    debug_assert_eq!(advance, advance_by_pawns(pos, t), "{}", pos.to_fen());
    let (white, black) = (pos.pawn_set(Color::White), pos.pawn_set(Color::Black));
    let (w, b) = ((t, 0, white, black, phase), (t, 1, black, white, phase));
    if t.dir == [-1, 1] {
        // The usual case (white toward row 0, black away from it), with
        // both sides in one function.
        return advance
            + match t.words {
                2 => passed_score_of::<-1, 2>(w) - passed_score_of::<1, 2>(b),
                3 => passed_score_of::<-1, 3>(w) - passed_score_of::<1, 3>(b),
                4 => passed_score_of::<-1, 4>(w) - passed_score_of::<1, 4>(b),
                _ => passed_score_of::<-1, 1>(w) - passed_score_of::<1, 1>(b),
            };
    }
    advance + passed_score(w) - passed_score(b)
}

/// The pawns' advancement, white minus black, pawn by pawn (what the board
/// keeps in `PieceSums::pawn_rows`).
fn advance_by_pawns(pos: &MailboxPos, t: &PawnTables) -> i32 {
    let mut sum = 0;
    pos.for_each_pawn(Color::White, |sq| sum += t.advance(0, sq));
    pos.for_each_pawn(Color::Black, |sq| sum -= t.advance(1, sq));
    sum
}

/// What the passed pawns of one side earn beyond their advancement: the
/// tables, the side (0 white), its pawns, the enemy pawns, the phase.
fn passed_score(side: SideArgs) -> i32 {
    match side.0.dir[side.1] {
        -1 => passed_score_by_words::<-1>(side),
        1 => passed_score_by_words::<1>(side),
        _ => passed_score_by_words::<0>(side),
    }
}

/// The arguments of [`passed_score`]: the tables, the side (0 white), its
/// pawns, the enemy pawns, the phase.
type SideArgs<'a> = (
    &'a PawnTables,
    usize,
    &'a [u64; 4],
    &'a [u64; 4],
    (i32, i32),
);

/// [`passed_score`] for pawns that advance `DIR` rows a step, on a board
/// of `t.words` words.
fn passed_score_by_words<const DIR: i32>(side: SideArgs) -> i32 {
    match side.0.words {
        1 => passed_score_of::<DIR, 1>(side),
        2 => passed_score_of::<DIR, 2>(side),
        3 => passed_score_of::<DIR, 3>(side),
        _ => passed_score_of::<DIR, 4>(side),
    }
}

/// [`passed_score`] for pawns that advance `DIR` rows a step, on a board
/// of `WORDS` words: the words from the promotion side back.
#[inline(always)]
fn passed_score_of<const DIR: i32, const WORDS: usize>(side: SideArgs) -> i32 {
    let (t, ci, own, enemy, phase) = side;
    // Broadcast to all four rows: the files enemy pawns guard in the words
    // already passed (those ahead).
    let mut guarded_before = 0u64;
    let mut s = 0;
    for i in 0..WORDS {
        let k = if DIR > 0 { WORDS - 1 - i } else { i };
        let (pawns, e) = (own[k], enemy[k]);
        if pawns != 0 {
            // Per row, the files guarded by enemy pawns on rows ahead.
            let mut ahead = guarded_before;
            if DIR != 0 && e != 0 {
                let guarded = e | (e << 1 & !FIRST_FILE) | (e >> 1 & !LAST_FILE);
                ahead |= if DIR < 0 {
                    guarded << 16 | guarded << 32 | guarded << 48
                } else {
                    guarded >> 16 | guarded >> 32 | guarded >> 48
                };
            }
            let passed = pawns & !ahead;
            if passed != 0 {
                s += passed_bonus(t, ci, k, passed, phase);
            }
        }
        if DIR != 0 && i + 1 < WORDS && e != 0 {
            let rows = e | e >> 32;
            let files = (rows | rows >> 16) & 0xFFFF;
            guarded_before |= ((files | files << 1 | files >> 1) & 0xFFFF) * FIRST_FILE;
        }
    }
    s
}

/// Per 16-bit lane (row) of `x`: how many of its bits are set.
fn row_counts(x: u64) -> u64 {
    let x = x - (x >> 1 & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + (x >> 2 & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    (x + (x >> 8)) & 0x00FF_00FF_00FF_00FF
}

/// What the passed pawns `passed` of word `k` earn beyond their
/// advancement.
fn passed_bonus(t: &PawnTables, ci: usize, k: usize, passed: u64, phase: (i32, i32)) -> i32 {
    let (np, full) = phase;
    let counts = row_counts(passed);
    let strength = t.strength[ci];
    let mut s = 0;
    for j in 0..4 {
        let n = (counts >> (16 * j) & 0xFF) as i32;
        if n != 0 {
            let r = 4 * k + j;
            let progress = t.progress[ci][r];
            // Passed pawns are worth more as the board empties.
            let share = i64::from(t.passed.0 * np + t.passed.1 * (full - np));
            let bonus =
                t.passed_base + (i64::from(progress) * share / (16 * i64::from(full))) as i32;
            s += n * ((progress + bonus) * strength / 8 - t.advance[ci][r]);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pawn term of side `ci` pawn by pawn, from its definition, with
    /// the passed pawn weights of the test table (`Weights::test_table`):
    /// 8 on any row, and 16 and 32 sixteenths of the advancement (middle
    /// game, endgame).
    fn one_by_one(
        t: &PawnTables,
        ci: usize,
        own: &[u64; 4],
        enemy: &[u64; 4],
        phase: (i32, i32),
    ) -> i32 {
        let squares = |set: &[u64; 4]| {
            (0..256)
                .filter(|&sq| set[sq >> 6] >> (sq & 63) & 1 != 0)
                .map(|sq| ((sq & 15) as i32, (sq >> 4) as i32))
                .collect::<Vec<_>>()
        };
        assert_eq!((t.passed_base, t.passed), (8, (16, 32)));
        let (np, full) = phase;
        let theirs = squares(enemy);
        let mut s = 0;
        for (f, r) in squares(own) {
            let blocked = theirs
                .iter()
                .any(|&(f2, r2)| (f2 - f).abs() <= 1 && (r2 - r) * t.dir[ci] > 0);
            let p = t.progress[ci][r as usize];
            let bonus = if blocked {
                0
            } else {
                8 + p * (2 * full - np) / full
            };
            s += (p + bonus) * t.strength[ci] / 8;
        }
        s
    }

    /// On boards 16 files wide (pawns on the first and last files) and 4
    /// to 16 rows high (one to four words), for every direction, the term
    /// on the sets equals the pawn-by-pawn one.
    #[test]
    fn sixteen_file_sets_score_as_one_by_one() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let progress = [
            std::array::from_fn(|r| (15 - r as i32) * (15 - r as i32) * 64 / 225),
            std::array::from_fn(|r| (r as i32 * 4).min(64)),
        ];
        for (dir, gain) in [
            ([-1, 1], [800, 100]),
            ([1, -1], [300, 700]),
            ([0, 1], [0, 900]),
        ] {
            for height in (0..400).map(|i| 4 + 4 * (i % 4)) {
                let t = PawnTables::build(dir, gain, progress, height, &Weights::test_table());
                let mut own = [0; 4];
                let mut enemy = [0; 4];
                for k in 0..4 {
                    // Words on the board, a quarter of them left empty;
                    // sparse sets: about one square in eight for `own`.
                    let word = |draw: u64| {
                        if 4 * k < height && draw & 3 != 0 {
                            !0
                        } else {
                            0
                        }
                    };
                    own[k] = word(next()) & next() & next() & next();
                    enemy[k] = word(next()) & next() & next();
                }
                for ci in 0..2 {
                    for phase in [(0, 3000), (1500, 3000), (3000, 3000)] {
                        let advance: i32 = (0..=255u8)
                            .filter(|&sq| own[usize::from(sq >> 6)] >> (sq & 63) & 1 != 0)
                            .map(|sq| t.advance(ci, sq))
                            .sum();
                        assert_eq!(
                            advance + passed_score((&t, ci, &own, &enemy, phase)),
                            one_by_one(&t, ci, &own, &enemy, phase),
                            "{dir:?} {ci} {own:x?} {enemy:x?}"
                        );
                    }
                }
            }
        }
    }
}
