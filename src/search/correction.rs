//! Correction history: how far the static evaluation has erred, learnt per
//! pawn structure and side to move from the searches that settled such
//! positions, and added to the static evaluation of the next position
//! with the same pawns.
//!
//! The evaluation of every board misjudges some pawn structures the same
//! way again and again (a blocked centre, a pawn storm, a variant's pawns
//! it knows little about); the search sees it, and the correction lets the
//! pruning that reads the static score see it too.

use crate::core::Score;

/// Entries per side (a power of two).
const ENTRIES: usize = 1 << 14;
/// Fixed-point units of a centipawn in an entry.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const LIMIT: i32 = 96;
/// An update moves an entry `weight / WEIGHT_SCALE` of the way to the error.
const WEIGHT_SCALE: i32 = 256;
/// The weight of an update at the greatest depths.
const MAX_WEIGHT: i32 = 16;

/// The learnt errors, `[side][pawn key slot]`, in `1 / GRAIN` centipawns.
#[derive(Clone, Debug)]
pub struct CorrectionHistory {
    table: Box<[i32]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![0; 2 * ENTRIES].into_boxed_slice(),
        }
    }
}

/// The slot of a side and pawn key.
fn slot(side: usize, pawn_key: u64) -> usize {
    side * ENTRIES + (pawn_key as usize & (ENTRIES - 1))
}

impl CorrectionHistory {
    /// The correction, in centipawns, for the side `side` to move with
    /// these pawns.
    #[must_use]
    pub fn correction(&self, side: usize, pawn_key: u64) -> Score {
        self.table[slot(side, pawn_key)] / GRAIN
    }

    /// Learns from a search of `depth` plies that found `score` where the
    /// uncorrected static evaluation said `static_eval`.
    pub fn learn(
        &mut self,
        side: usize,
        pawn_key: u64,
        depth: i32,
        static_eval: Score,
        score: Score,
    ) {
        let entry = &mut self.table[slot(side, pawn_key)];
        let error = (score - static_eval).clamp(-LIMIT, LIMIT) * GRAIN;
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let moved = (*entry * (WEIGHT_SCALE - weight) + error * weight) / WEIGHT_SCALE;
        *entry = moved.clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_table_corrects_nothing() {
        let h = CorrectionHistory::default();
        assert_eq!(h.correction(0, 12345), 0);
        assert_eq!(h.correction(1, u64::MAX), 0);
    }

    #[test]
    fn repeated_errors_pull_the_correction_towards_them_per_side() {
        let mut h = CorrectionHistory::default();
        for _ in 0..200 {
            h.learn(0, 7, 20, 10, 60);
        }
        // 16/256 of the way each time: after 200 updates within a
        // centipawn of the error of 50.
        assert_eq!(h.correction(0, 7), 49);
        assert_eq!(h.correction(1, 7), 0);
        h.learn(0, 7, 0, 0, 0);
        // A shallow search moves it 1/256 of the way back.
        assert_eq!(h.correction(0, 7), 49);
    }

    #[test]
    fn one_deep_update_moves_a_sixteenth_of_the_error() {
        let mut h = CorrectionHistory::default();
        h.learn(1, 3, 30, 0, -80);
        assert_eq!(h.correction(1, 3), -5);
    }

    #[test]
    fn corrections_stay_within_the_limit() {
        let mut h = CorrectionHistory::default();
        for _ in 0..2000 {
            h.learn(0, 1, 30, -5000, 5000);
        }
        // Truncation stops the entry just short of the limit itself.
        assert_eq!(h.correction(0, 1), LIMIT - 1);
        for _ in 0..2000 {
            h.learn(0, 1, 30, 5000, -5000);
        }
        assert_eq!(h.correction(0, 1), -(LIMIT - 1));
    }
}
