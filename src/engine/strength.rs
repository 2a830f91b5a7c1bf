//! Playing below full strength (the options `LimitStrength` and `Elo`,
//! UCI's `UCI_LimitStrength` and `UCI_Elo`), so that a person can play a
//! game they can win.
//!
//! The Elo asked for is turned into a *level* through [`CALIBRATION`], a
//! table measured in matches (docs/strength.md, "Playing below full
//! strength"), and the level sets two knobs:
//! - a node budget per move, doubling every [`LEVEL_PER_DOUBLING`] level
//!   points from [`NODES_AT_BASE_LEVEL`] at [`BASE_LEVEL`] (the search sees
//!   less, so it misses tactics a weaker player misses);
//! - below level [`NOISE_FREE_LEVEL`], a random choice among the best
//!   [`NOISY_LINES`] lines of a multi-PV search, line `i` drawn with weight
//!   `exp((score_i - score_best) / T)`, the temperature `T` growing by one
//!   centipawn per [`LEVEL_PER_CENTIPAWN`] level points below that (so weak
//!   settings also make the positional and occasional tactical mistakes of
//!   weak players, not only the short-sighted ones).
//!
//! The Elo scale is anchored at Fairy-Max 5.0b = 2000 in orthodox chess at
//! 2 s + 0.05 s a game; Crafty 25.2 scores about even against the highest
//! levels at that time control.

use crate::core::{Score, MATE_BOUND};
use rand::Rng;

/// Lowest `Elo`.
pub const MIN_ELO: u32 = 1200;
/// Highest `Elo`.
pub const MAX_ELO: u32 = 2700;
/// `Elo` before the GUI sets it.
pub const DEFAULT_ELO: u32 = 1500;

/// Measured pairs (Elo, level), Elo rising: the level at which Nightrider
/// plays that Elo. Between pairs the level is interpolated linearly, and
/// beyond the last pair extended along the last segment.
///
/// Each level was played against Fairy-Max 5.0b and against the levels
/// around it (30 games a pair, orthodox chess, 2 s + 0.05 s, openings in
/// pairs): 1400 scored 25% and 1600 68% against Fairy-Max, 1800 88%;
/// 1000 against 1200 22%, against 1400 5%; 800 against 1000 32%; 2000
/// against 2200 33%. At that time control the levels from about 2200 up
/// play as the unlimited engine does, which is rated from its 98% against
/// Fairy-Max.
pub const CALIBRATION: [(u32, u32); 7] = [
    (1170, 800),
    (1300, 1000),
    (1520, 1200),
    (1810, 1400),
    (2130, 1600),
    (2350, 1800),
    (2680, 2200),
];

/// The level with the smallest node budget, [`NODES_AT_BASE_LEVEL`].
pub const BASE_LEVEL: u32 = 500;
/// Nodes per move at [`BASE_LEVEL`] and below.
pub const NODES_AT_BASE_LEVEL: u64 = 64;
/// Level points per doubling of the node budget.
pub const LEVEL_PER_DOUBLING: u32 = 150;
/// From this level up the best line is always played.
pub const NOISE_FREE_LEVEL: u32 = 2000;
/// Level points per centipawn of temperature below [`NOISE_FREE_LEVEL`].
pub const LEVEL_PER_CENTIPAWN: u32 = 5;
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

    /// The level the Elo asked for is played at ([`CALIBRATION`]).
    #[must_use]
    pub fn level(&self) -> u32 {
        let elo = f64::from(self.elo);
        let segment = CALIBRATION
            .windows(2)
            .find(|pair| elo <= f64::from(pair[1].0))
            .unwrap_or(&CALIBRATION[CALIBRATION.len() - 2..]);
        let ((e0, l0), (e1, l1)) = (segment[0], segment[1]);
        let slope = (f64::from(l1) - f64::from(l0)) / (f64::from(e1) - f64::from(e0));
        let level = f64::from(l0) + (elo - f64::from(e0)) * slope;
        // The table's levels are a few thousand: well inside u32.
        level.round().max(0.0) as u32
    }

    /// The node budget per move, if the strength is limited.
    #[must_use]
    pub fn nodes(&self) -> Option<u64> {
        if !self.limited {
            return None;
        }
        let steps =
            f64::from(self.level().saturating_sub(BASE_LEVEL)) / f64::from(LEVEL_PER_DOUBLING);
        // A level of a few thousand doubles the base at most ~20 times: well
        // inside u64.
        Some((NODES_AT_BASE_LEVEL as f64 * steps.exp2()).round() as u64)
    }

    /// A move's node limit (`nodes`, if any) within the budget of a
    /// limited strength.
    #[must_use]
    pub fn cap_nodes(&self, nodes: Option<u64>) -> Option<u64> {
        match self.nodes() {
            Some(budget) => Some(nodes.map_or(budget, |n| n.min(budget))),
            None => nodes,
        }
    }

    /// The temperature of the random choice in centipawns (0: none).
    #[must_use]
    pub fn temperature(&self) -> u32 {
        if self.limited {
            NOISE_FREE_LEVEL.saturating_sub(self.level()) / LEVEL_PER_CENTIPAWN
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
    fn the_elo_asked_for_maps_to_its_measured_level() {
        let level = |elo| at(elo).level();
        assert_eq!(level(1300), 1000);
        assert_eq!(level(1810), 1400);
        assert_eq!(level(2680), 2200);
        // Halfway between two measured pairs, halfway between their levels.
        assert_eq!(level(1665), 1300);
        // Beyond the last pair, along the last segment: 330 Elo per 400.
        assert_eq!(level(MAX_ELO), 2224);
        assert_eq!(level(MIN_ELO), 846);
        assert!(CALIBRATION
            .windows(2)
            .all(|p| p[0].0 < p[1].0 && p[0].1 < p[1].1));
    }

    #[test]
    fn the_budget_doubles_per_step_and_the_noise_fades_out() {
        assert_eq!(Strength::default().nodes(), None);
        assert_eq!(Strength::default().temperature(), 0);
        // Level 1400: six doublings of the base.
        assert_eq!(at(1810).nodes(), Some(NODES_AT_BASE_LEVEL << 6));
        assert_eq!(at(1810).cap_nodes(None), Some(NODES_AT_BASE_LEVEL << 6));
        assert_eq!(at(1810).cap_nodes(Some(100)), Some(100));
        assert_eq!(Strength::default().cap_nodes(None), None);
        assert_eq!(Strength::default().cap_nodes(Some(100)), Some(100));
        // Level 1000 is 1000 below the noise-free level: 200 centipawns.
        assert_eq!(at(1300).temperature(), 200);
        assert_eq!(at(1520).temperature(), 160);
        assert_eq!(at(MAX_ELO).temperature(), 0);
        assert_eq!((at(1500).lines(), at(MAX_ELO).lines()), (NOISY_LINES, 1));
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
        let (weak, middling, strong) = (share(MIN_ELO), share(1800), share(MAX_ELO));
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
