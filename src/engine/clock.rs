//! XBoard's clock model and its conversion to per-move search limits.
//!
//! Protocol units are converted here and nowhere else: `level` BASE is minutes
//! or `min:sec`, INC and `st` are (fractional) seconds, `time`/`otim` are
//! centiseconds; everything inside is milliseconds in `u64`, computed with
//! checked or saturating arithmetic so no protocol number can overflow or
//! underflow a clock. The functions are pure so they can be tested alone.

use super::api::Level;

/// The largest time any setting may express (about 31 years); bigger inputs saturate.
const MAX_MS: u64 = 1_000_000_000_000;

/// Time kept back from the hard deadline for process and pipe overhead.
const OVERHEAD_MS: u64 = 50;

/// The control assumed before any `level` or `st`: 40 moves in 5 minutes.
pub const DEFAULT_LEVEL: Level = Level {
    moves: 40,
    base_ms: 300_000,
    inc_ms: 0,
};

/// Parses a non-negative decimal number of seconds (`5`, `0.1`, `2.0`) into
/// milliseconds, rounding down and saturating at a very large value.
///
/// # Errors
/// A one-line message when the text is not such a number.
pub fn parse_seconds(text: &str) -> Result<u64, String> {
    let (whole, frac) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) {
        return Err(format!("'{text}' is not a number of seconds"));
    }
    let secs = whole.bytes().fold(0u64, |acc, b| {
        acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    });
    let mut ms = secs.saturating_mul(1000);
    for (scale, b) in [100u64, 10, 1].into_iter().zip(frac.bytes()) {
        ms = ms.saturating_add(scale * u64::from(b - b'0'));
    }
    Ok(ms.min(MAX_MS))
}

/// Parses `level` BASE: minutes (`5`, `0.5`) or `min:sec` (`0:30`, `1:05`);
/// trailing junk after the number (`25+5`) is ignored as the spec allows.
///
/// # Errors
/// A one-line message when no number starts the text.
pub fn parse_base(text: &str) -> Result<u64, String> {
    let end = text
        .find(|c: char| !(c.is_ascii_digit() || c == ':' || c == '.'))
        .unwrap_or(text.len());
    let number = &text[..end];
    match number.split_once(':') {
        Some((min, sec)) => {
            let min_ms = parse_seconds(min).map_err(|_| bad_base(text))?;
            let sec_ms = parse_seconds(sec).map_err(|_| bad_base(text))?;
            Ok(min_ms.saturating_mul(60).saturating_add(sec_ms).min(MAX_MS))
        }
        None => {
            let ms = parse_seconds(number).map_err(|_| bad_base(text))?;
            Ok(ms.saturating_mul(60).min(MAX_MS))
        }
    }
}

fn bad_base(text: &str) -> String {
    format!("'{text}' is not minutes or min:sec")
}

/// Parses the three `level` arguments.
///
/// # Errors
/// A one-line message naming the bad argument.
pub fn parse_level(mps: &str, base: &str, inc: &str) -> Result<Level, String> {
    let moves = mps
        .parse::<u32>()
        .map_err(|_| format!("'{mps}' is not a move count"))?;
    Ok(Level {
        moves,
        base_ms: parse_base(base)?,
        inc_ms: parse_seconds(inc)?,
    })
}

/// How the time for one move is limited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimit {
    /// No time limit (analysis, pondering, or no clock set).
    Infinite,
    /// Exactly this budget for the move (`st`).
    MoveTime {
        /// The budget, ms.
        ms: u64,
    },
    /// A running clock.
    Clock {
        /// Time left on our clock, ms (the hard deadline for this move).
        left_ms: u64,
        /// Increment added after the move, ms.
        inc_ms: u64,
        /// Moves until the next time control, if the control is per session.
        moves_to_go: Option<u32>,
    },
}

/// Everything that limits one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveLimits {
    /// Depth cap (`sd`).
    pub depth: Option<u32>,
    /// Node cap (`nps` mode: time × nodes per second).
    pub nodes: Option<u64>,
    /// Time.
    pub time: TimeLimit,
    /// The latest the search may run, ms, whatever it thinks of the clock;
    /// `None` when only nodes, depth or the user stop it.
    pub deadline_ms: Option<u64>,
}

impl MoveLimits {
    /// No limit at all: analysis and pondering.
    #[must_use]
    pub fn infinite() -> MoveLimits {
        MoveLimits {
            depth: None,
            nodes: None,
            time: TimeLimit::Infinite,
            deadline_ms: None,
        }
    }

    /// Limits of one search under `time` alone (UCI's `go`), with the hard
    /// deadline an XBoard clock of the same time would get.
    #[must_use]
    pub fn for_time(time: TimeLimit) -> MoveLimits {
        MoveLimits {
            depth: None,
            nodes: None,
            time,
            deadline_ms: deadline(time),
        }
    }
}

/// The time control in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// No `level` or `st` received yet: [`DEFAULT_LEVEL`] applies.
    Unset,
    /// `level MPS BASE INC`.
    Level(Level),
    /// `st`: milliseconds per move.
    MoveTime(u64),
}

/// The XBoard clock state: control, `sd`, `nps` and the last `time`/`otim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The time control (the most recent `level` or `st` wins).
    pub control: Control,
    /// `sd`.
    pub depth: Option<u32>,
    /// `nps` (0 or `None`: real time).
    pub nps: Option<u64>,
    /// A fixed node budget per move (the console's `sn`); wins over time.
    pub nodes: Option<u64>,
    /// Our clock from `time`, centiseconds.
    pub own_centis: Option<u64>,
    /// The opponent's clock from `otim`, centiseconds.
    pub opponent_centis: Option<u64>,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::new()
    }
}

impl Clock {
    /// A clock with nothing set: [`DEFAULT_LEVEL`] until told otherwise.
    #[must_use]
    pub fn new() -> Clock {
        Clock {
            control: Control::Unset,
            depth: None,
            nps: None,
            nodes: None,
            own_centis: None,
            opponent_centis: None,
        }
    }

    /// `new`: keeps the time control, clears `sd`, `nps` and the clocks.
    pub fn new_game(&mut self) {
        self.depth = None;
        self.nps = None;
        self.nodes = None;
        self.own_centis = None;
        self.opponent_centis = None;
    }

    /// `level`: replaces the control and resets our clock to its base.
    pub fn set_level(&mut self, level: Level) {
        self.control = Control::Level(level);
        self.own_centis = None;
    }

    /// `st`: replaces the control.
    pub fn set_move_time(&mut self, ms: u64) {
        self.control = Control::MoveTime(ms.min(MAX_MS));
    }

    /// `nps N`; 0 switches back to real time.
    pub fn set_nps(&mut self, nps: u64) {
        self.nps = (nps > 0).then_some(nps);
    }

    /// Limits for our next move, given how many moves we have made in this game.
    #[must_use]
    pub fn limits(&self, moves_made: u32) -> MoveLimits {
        let time = match self.control {
            Control::Unset => self.clock_limit(DEFAULT_LEVEL, moves_made),
            Control::MoveTime(ms) => TimeLimit::MoveTime { ms },
            Control::Level(level) => self.clock_limit(level, moves_made),
        };
        let mut limits = MoveLimits {
            depth: self.depth,
            nodes: None,
            time,
            deadline_ms: None,
        };
        match self.nps {
            Some(nps) => limits.nodes = nominal_ms(time).map(|ms| nodes_for(ms, nps)),
            None => limits.deadline_ms = deadline(time),
        }
        if let Some(nodes) = self.nodes {
            limits.nodes = Some(nodes);
            limits.deadline_ms = None;
        }
        if limits.nodes.is_some() {
            limits.time = TimeLimit::Infinite;
        }
        limits
    }

    fn clock_limit(&self, level: Level, moves_made: u32) -> TimeLimit {
        let left_ms = match self.own_centis {
            Some(cs) => cs.saturating_mul(10).min(MAX_MS),
            None => level.base_ms,
        };
        let moves_to_go = (level.moves > 0).then(|| level.moves - moves_made % level.moves);
        TimeLimit::Clock {
            left_ms,
            inc_ms: level.inc_ms,
            moves_to_go,
        }
    }

    /// The time to report in thinking output, centiseconds: real time, or
    /// nodes / nps in `nps` mode.
    #[must_use]
    pub fn report_centis(&self, elapsed_ms: u64, nodes: u64) -> u64 {
        match self.nps {
            Some(nps) => nodes.saturating_mul(100) / nps,
            None => elapsed_ms / 10,
        }
    }
}

/// The hard deadline for a time limit: never past our clock minus overhead,
/// and never more than a third of the clock unless the time control renews
/// after this move (so a low clock with an increment cannot drain to zero).
fn deadline(time: TimeLimit) -> Option<u64> {
    match time {
        TimeLimit::Infinite => None,
        TimeLimit::MoveTime { ms } => Some(ms.saturating_sub(OVERHEAD_MS).max(OVERHEAD_MS)),
        TimeLimit::Clock {
            left_ms,
            moves_to_go,
            ..
        } => {
            let usable = left_ms.saturating_sub(OVERHEAD_MS);
            let capped = if moves_to_go == Some(1) {
                usable
            } else {
                usable.min(left_ms / 3)
            };
            Some(capped.max(1))
        }
    }
}

/// A plain time-per-move estimate, used to turn a clock into a node budget in
/// `nps` mode (where wall time does not matter).
fn nominal_ms(time: TimeLimit) -> Option<u64> {
    match time {
        TimeLimit::Infinite => None,
        TimeLimit::MoveTime { ms } => Some(ms),
        TimeLimit::Clock {
            left_ms,
            inc_ms,
            moves_to_go,
        } => {
            let moves = u64::from(moves_to_go.unwrap_or(30).clamp(1, 30));
            Some((left_ms / moves).saturating_add(inc_ms).min(left_ms / 2))
        }
    }
}

/// Nodes allowed for `ms` milliseconds at `nps` nodes per second (at least 1).
fn nodes_for(ms: u64, nps: u64) -> u64 {
    let nodes = u128::from(ms) * u128::from(nps) / 1000;
    u64::try_from(nodes).unwrap_or(u64::MAX).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_budget_replaces_the_clock_until_new() {
        let mut clock = Clock::new();
        clock.set_move_time(5_000);
        clock.nodes = Some(1_000);
        let limits = clock.limits(0);
        assert_eq!(limits.nodes, Some(1_000));
        assert_eq!(limits.time, TimeLimit::Infinite);
        assert_eq!(limits.deadline_ms, None);
        clock.new_game();
        assert_eq!(clock.limits(0).nodes, None);
    }

    #[test]
    fn seconds_parse_with_fractions_and_reject_junk() {
        assert_eq!(parse_seconds("5"), Ok(5000));
        assert_eq!(parse_seconds("0.1"), Ok(100));
        assert_eq!(parse_seconds("0.05"), Ok(50));
        assert_eq!(parse_seconds("2.0"), Ok(2000));
        assert_eq!(parse_seconds(".5"), Ok(500));
        assert_eq!(parse_seconds("1.2345"), Ok(1234));
        assert_eq!(parse_seconds("99999999999999999999999"), Ok(MAX_MS));
        assert!(parse_seconds("").is_err());
        assert!(parse_seconds(".").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("1e3").is_err());
        assert_eq!(
            parse_seconds("x").unwrap_err(),
            "'x' is not a number of seconds"
        );
    }

    #[test]
    fn base_is_minutes_or_min_sec_with_trailing_junk_ignored() {
        assert_eq!(parse_base("5"), Ok(300_000));
        assert_eq!(parse_base("0:05"), Ok(5_000));
        assert_eq!(parse_base("1:30"), Ok(90_000));
        assert_eq!(parse_base("0.5"), Ok(30_000));
        assert_eq!(parse_base("25+5"), Ok(1_500_000));
        assert_eq!(parse_base("0"), Ok(0));
        assert!(parse_base("abc").is_err());
        assert!(parse_base(":").is_err());
    }

    #[test]
    fn levels_from_each_client_parse() {
        let l = |m, b, i| Level {
            moves: m,
            base_ms: b,
            inc_ms: i,
        };
        assert_eq!(parse_level("40", "5", "0"), Ok(l(40, 300_000, 0)));
        assert_eq!(parse_level("0", "0:05", "0.1"), Ok(l(0, 5_000, 100)));
        assert_eq!(parse_level("0", "2:00", "2.0"), Ok(l(0, 120_000, 2_000)));
        assert!(parse_level("-1", "5", "0").is_err());
        assert!(parse_level("40", "5", "x").is_err());
    }

    #[test]
    fn level_limits_use_time_and_count_moves_to_go() {
        let mut clock = Clock::new();
        clock.set_level(Level {
            moves: 40,
            base_ms: 300_000,
            inc_ms: 0,
        });
        let limits = clock.limits(0);
        let expected = TimeLimit::Clock {
            left_ms: 300_000,
            inc_ms: 0,
            moves_to_go: Some(40),
        };
        assert_eq!(limits.time, expected);
        assert_eq!(limits.deadline_ms, Some(100_000));
        clock.own_centis = Some(1234);
        let limits = clock.limits(41);
        let expected = TimeLimit::Clock {
            left_ms: 12_340,
            inc_ms: 0,
            moves_to_go: Some(39),
        };
        assert_eq!(limits.time, expected);
        assert_eq!(limits.deadline_ms, Some(12_340 / 3));
        clock.own_centis = Some(1234);
        assert_eq!(clock.limits(39).deadline_ms, Some(12_340 - OVERHEAD_MS));
        clock.own_centis = Some(0);
        assert_eq!(clock.limits(0).deadline_ms, Some(1));
    }

    #[test]
    fn st_and_sd_are_independent_and_the_latest_control_wins() {
        let mut clock = Clock::new();
        clock.depth = Some(7);
        clock.set_move_time(2_500);
        let limits = clock.limits(3);
        assert_eq!(limits.time, TimeLimit::MoveTime { ms: 2_500 });
        assert_eq!(limits.depth, Some(7));
        assert_eq!(limits.deadline_ms, Some(2_500 - OVERHEAD_MS));
        clock.set_move_time(0);
        assert_eq!(clock.limits(0).deadline_ms, Some(OVERHEAD_MS));
        clock.set_level(Level {
            moves: 0,
            base_ms: 60_000,
            inc_ms: 1_000,
        });
        let expected = TimeLimit::Clock {
            left_ms: 60_000,
            inc_ms: 1_000,
            moves_to_go: None,
        };
        assert_eq!(clock.limits(0).time, expected);
        clock.new_game();
        assert_eq!(clock.limits(0).depth, None);
    }

    #[test]
    fn nps_turns_time_into_nodes() {
        let mut clock = Clock::new();
        clock.set_nps(1);
        clock.set_move_time(5_000_000);
        let limits = clock.limits(0);
        assert_eq!(limits.nodes, Some(5_000));
        assert_eq!(limits.time, TimeLimit::Infinite);
        assert_eq!(limits.deadline_ms, None);
        assert_eq!(clock.report_centis(123_456, 250), 25_000);
        clock.set_nps(0);
        assert_eq!(clock.limits(0).nodes, None);
        assert_eq!(clock.report_centis(1_234, 99), 123);
        clock.set_nps(u64::MAX);
        clock.set_move_time(u64::MAX);
        assert_eq!(clock.limits(0).nodes, Some(u64::MAX));
    }
}
