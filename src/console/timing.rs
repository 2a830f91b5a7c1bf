//! The engine's clock as the console keeps it: XBoard GUIs send `time`
//! before each engine move, so the console does the same, charging the
//! engine for the time each of its moves took and adding increments and
//! new sessions of the time control.

use crate::engine::api::Level;
use crate::engine::clock::DEFAULT_LEVEL;
use std::time::Duration;

/// The engine's remaining time under a `level`/`time` control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineClock {
    /// The control; `None` under `st` (fixed time per move).
    level: Option<Level>,
    /// Time left, milliseconds.
    left_ms: u64,
    /// Moves the engine has made since the clock was set.
    moves: u32,
}

impl Default for EngineClock {
    fn default() -> EngineClock {
        EngineClock::new(Some(DEFAULT_LEVEL))
    }
}

impl EngineClock {
    /// A full clock for `level` (`None`: no clock).
    #[must_use]
    pub fn new(level: Option<Level>) -> EngineClock {
        EngineClock {
            level,
            left_ms: level.map_or(0, |l| l.base_ms),
            moves: 0,
        }
    }

    /// The control (`None` under `st`).
    #[must_use]
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// A new game: the same control, the clock full again.
    pub fn restart(&mut self) {
        *self = EngineClock::new(self.level);
    }

    /// What to tell the engine before it may move: its time in centiseconds.
    #[must_use]
    pub fn centis_left(&self) -> Option<u64> {
        self.level.map(|_| self.left_ms / 10)
    }

    /// Sets the time left (`clock`); false under `st` (no clock).
    pub fn set_left(&mut self, ms: u64) -> bool {
        self.left_ms = ms;
        self.level.is_some()
    }

    /// Charges one engine move that took `spent`.
    pub fn charge(&mut self, spent: Duration) {
        let Some(level) = self.level else {
            return;
        };
        let spent = u64::try_from(spent.as_millis()).unwrap_or(u64::MAX);
        self.left_ms = self.left_ms.saturating_sub(spent) + level.inc_ms;
        self.moves += 1;
        if level.moves > 0 && self.moves.is_multiple_of(level.moves) {
            self.left_ms += level.base_ms;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_cost_time_and_sessions_refill_the_clock() {
        let level = Level {
            moves: 2,
            base_ms: 10_000,
            inc_ms: 500,
        };
        let mut clock = EngineClock::new(Some(level));
        assert_eq!(clock.centis_left(), Some(1_000));
        clock.charge(Duration::from_millis(3_000));
        assert_eq!(clock.centis_left(), Some(750));
        clock.charge(Duration::from_millis(20_000));
        assert_eq!(clock.centis_left(), Some(1_050));
        clock.restart();
        assert_eq!(clock.centis_left(), Some(1_000));
        assert_eq!(EngineClock::new(None).centis_left(), None);
    }
}
