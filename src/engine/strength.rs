//! Playing below full strength (UCI's `UCI_LimitStrength` and `UCI_Elo`),
//! so that a person can play a game they can win.
//!
//! Two knobs, both set by the Elo asked for:
//! - a node budget per move, doubling every [`ELO_PER_DOUBLING`] Elo from
//!   [`NODES_AT_MIN`] at [`MIN_ELO`] (the search sees less, so it misses
//!   tactics a weaker player misses);
//! - below [`NOISE_FREE_ELO`], a random choice among the best
//!   [`NOISY_LINES`] lines of a multi-PV search, line `i` drawn with weight
//!   `exp((score_i - score_best) / T)`, the temperature `T` growing by one
//!   centipawn per [`ELO_PER_CENTIPAWN`] Elo below that (so weak settings
//!   also make the positional and occasional tactical mistakes of weak
//!   players, not only the short-sighted ones).
//!
//! The scale is a first estimate: it is not yet calibrated by matches
//! against Fairy-Max and Crafty.

use crate::core::{Score, MATE_BOUND};
use rand::Rng;

/// Lowest `UCI_Elo`.
pub const MIN_ELO: u32 = 500;
/// Highest `UCI_Elo` (about full strength at short time controls).
pub const MAX_ELO: u32 = 2600;
/// `UCI_Elo` before the GUI sets it.
pub const DEFAULT_ELO: u32 = 1500;
/// Nodes per move at [`MIN_ELO`].
pub const NODES_AT_MIN: u64 = 64;
/// Elo per doubling of the node budget.
pub const ELO_PER_DOUBLING: u32 = 150;
/// From this Elo up the best line is always played.
pub const NOISE_FREE_ELO: u32 = 2000;
/// Elo per centipawn of temperature below [`NOISE_FREE_ELO`].
pub const ELO_PER_CENTIPAWN: u32 = 5;
/// Lines searched to choose from when the choice is random.
pub const NOISY_LINES: usize = 4;

/// How strongly the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// Whether the strength is limited at all.
    pub limited: bool,
    /// The Elo asked for ([`MIN_ELO`]..=[`MAX_ELO`]).
    pub elo: u32,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength {
            limited: false,
            elo: DEFAULT_ELO,
        }
    }
}

impl Strength {
    /// Sets the Elo, clamped to the range.
    pub fn set_elo(&mut self, elo: i64) {
        let clamped = elo.clamp(i64::from(MIN_ELO), i64::from(MAX_ELO));
        self.elo = u32::try_from(clamped).unwrap_or(DEFAULT_ELO);
    }

    /// The node budget per move, if the strength is limited.
    #[must_use]
    pub fn nodes(&self) -> Option<u64> {
        if !self.limited {
            return None;
        }
        let steps = f64::from(self.elo.saturating_sub(MIN_ELO)) / f64::from(ELO_PER_DOUBLING);
        // At most 2^14 times the minimum: well inside u64.
        Some((NODES_AT_MIN as f64 * steps.exp2()).round() as u64)
    }

    /// The temperature of the random choice in centipawns (0: none).
    #[must_use]
    pub fn temperature(&self) -> u32 {
        if self.limited {
            NOISE_FREE_ELO.saturating_sub(self.elo) / ELO_PER_CENTIPAWN
        } else {
            0
        }
    }

    /// Lines the search must report for the choice (1: no choice).
    #[must_use]
    pub fn lines(&self) -> usize {
        if self.temperature() > 0 {
            NOISY_LINES
        } else {
            1
        }
    }

    /// Which of the lines (scores, best first) to play. A forced mate
    /// found is never given away.
    pub fn choose(&self, scores: &[Score], rng: &mut impl Rng) -> usize {
        let t = f64::from(self.temperature());
        let Some(&best) = scores.first() else {
            return 0;
        };
        if t == 0.0 || best >= MATE_BOUND {
            return 0;
        }
        let weights: Vec<f64> = scores
            .iter()
            .map(|&s| (f64::from(s.max(-MATE_BOUND) - best) / t).exp())
            .collect();
        let mut pick = rng.gen::<f64>() * weights.iter().sum::<f64>();
        for (i, w) in weights.iter().enumerate() {
            if pick < *w {
                return i;
            }
            pick -= w;
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn at(elo: u32) -> Strength {
        Strength { limited: true, elo }
    }

    #[test]
    fn the_budget_doubles_per_step_and_the_noise_fades_out() {
        assert_eq!(Strength::default().nodes(), None);
        assert_eq!(Strength::default().temperature(), 0);
        assert_eq!(at(MIN_ELO).nodes(), Some(NODES_AT_MIN));
        assert_eq!(
            at(MIN_ELO + ELO_PER_DOUBLING).nodes(),
            Some(2 * NODES_AT_MIN)
        );
        assert_eq!(at(MAX_ELO).nodes(), Some(1_048_576));
        assert_eq!(at(1500).temperature(), 100);
        assert_eq!(at(2000).temperature(), 0);
        assert_eq!((at(1500).lines(), at(2200).lines()), (NOISY_LINES, 1));
        let mut s = Strength::default();
        s.set_elo(99_999);
        assert_eq!(s.elo, MAX_ELO);
        s.set_elo(-3);
        assert_eq!(s.elo, MIN_ELO);
    }

    #[test]
    fn weaker_settings_choose_worse_lines_more_often() {
        let scores = [50, 20, -40, -300];
        let share = |elo| {
            let mut rng = StdRng::seed_from_u64(7);
            let picks: Vec<usize> = (0..4000)
                .map(|_| at(elo).choose(&scores, &mut rng))
                .collect();
            picks.iter().filter(|&&i| i == 0).count()
        };
        let (weak, middling, strong) = (share(600), share(1500), share(2100));
        assert!(
            weak < middling && middling < strong,
            "{weak} {middling} {strong}"
        );
        assert_eq!(strong, 4000);
        let mut rng = StdRng::seed_from_u64(1);
        let mate = [crate::core::MATE - 3, 0];
        assert!((0..100).all(|_| at(MIN_ELO).choose(&mate, &mut rng) == 0));
    }
}
