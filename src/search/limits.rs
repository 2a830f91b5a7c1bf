//! What a search may spend: [`Limits`] as the protocol layer states them, and
//! the pure function [`time_budget`] that turns them into a [`TimeBudget`].
//!
//! Soft means "do not start another iteration", hard means "abort now". The
//! budget is computed once, before the search, from nothing but the limits, so
//! it is unit-tested without clocks (Reckless's immutable time manager idea).
//! Every budget keeps a safety margin below the time actually left, so the
//! engine never loses on time even with tiny clocks. Depends only on `std`.

use std::time::Duration;

/// How long or how deep one search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limits {
    /// Search to exactly this depth (plies), then stop.
    Depth(u32),
    /// Stop after about this many nodes (checked every few nodes).
    Nodes(u64),
    /// A fixed time for this move (XBoard `st`).
    MoveTime(Duration),
    /// A game clock: time left, increment per move, moves to the next time
    /// control (`None` for sudden death).
    Clock {
        /// Time left on our clock.
        left: Duration,
        /// Time added after each of our moves.
        inc: Duration,
        /// Moves until the next time control (XBoard `level` MPS), if any.
        moves_to_go: Option<u32>,
    },
    /// Search until told to stop (analysis, pondering).
    Infinite,
}

/// Caps that apply whatever the [`Limits`] are (XBoard `sd`, node limits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Caps {
    /// Never search deeper than this many plies.
    pub depth: Option<u32>,
    /// Never search more nodes than this (summed over all threads).
    pub nodes: Option<u64>,
    /// Never search longer than this, whatever the limits allow (an outer
    /// deadline, e.g. the GUI's clock); the margin is the caller's business.
    pub time: Option<Duration>,
}

impl Caps {
    /// The budget of `limits` for a board of `width` files, shortened to
    /// the time cap if there is one.
    #[must_use]
    pub fn budget(&self, limits: &Limits, width: usize) -> Option<TimeBudget> {
        let budget = time_budget(limits, width);
        match (budget, self.time) {
            (Some(b), Some(t)) => Some(TimeBudget {
                soft: b.soft.min(t),
                hard: b.hard.min(t),
            }),
            (None, Some(t)) => Some(TimeBudget { soft: t, hard: t }),
            (b, None) => b,
        }
    }
}

/// The time one search may use, measured from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start another iteration after this.
    pub soft: Duration,
    /// Abort the search at this point.
    pub hard: Duration,
}

/// Moves assumed left in a sudden-death game (no `moves_to_go`).
const SUDDEN_DEATH_MOVES: u32 = 30;

/// Time kept back for the protocol round trip and the operating system.
const MAX_OVERHEAD: Duration = Duration::from_millis(50);

/// The time budget for `limits`, or `None` when only depth or nodes bound it.
///
/// `width` is the board's number of files: boards wider than 8 files get a
/// quarter more time per move, because a ply costs more to search there
/// while the clock is the same.
#[must_use]
pub fn time_budget(limits: &Limits, width: usize) -> Option<TimeBudget> {
    match *limits {
        Limits::Depth(_) | Limits::Nodes(_) | Limits::Infinite => None,
        Limits::MoveTime(time) => {
            let hard = time.saturating_sub(overhead(time));
            Some(TimeBudget { soft: hard, hard })
        }
        Limits::Clock {
            left,
            inc,
            moves_to_go,
        } => Some(clock_budget(left, inc, moves_to_go, width)),
    }
}

/// The margin kept back from `time`: a fifth of it, at most [`MAX_OVERHEAD`].
fn overhead(time: Duration) -> Duration {
    (time / 5).min(MAX_OVERHEAD)
}

/// Soft share of the clock: the time left above a reserve spread over the
/// moves to go, plus most of the increment; never more than half of what is
/// usable, and the hard bound at most three quarters of it.
///
/// The reserve (ten increments, at most a quarter of the clock) is what keeps
/// a fast increment game alive when the machine is busy: the GUI's clock
/// counts the time our process waits to be scheduled, which we cannot see.
/// Below twenty increments only half the increment is spent, so the clock
/// climbs back instead of hovering a few milliseconds above zero.
fn clock_budget(
    left: Duration,
    inc: Duration,
    moves_to_go: Option<u32>,
    width: usize,
) -> TimeBudget {
    let usable = left.saturating_sub(overhead(left));
    let full_reserve = inc * 10;
    let reserve = full_reserve.min(usable / 4);
    let moves = moves_to_go.unwrap_or(SUDDEN_DEATH_MOVES).max(1);
    let spread = usable.saturating_sub(reserve) / moves;
    // Wide boards (10+ files) take longer per ply; give the move a little more.
    let share = if width > 8 { spread * 5 / 4 } else { spread };
    let from_inc = if usable > full_reserve * 2 {
        inc * 3 / 4
    } else {
        inc / 2
    };
    let soft = (share + from_inc).min(usable / 2);
    let hard = (soft * 4).min(usable * 3 / 4);
    TimeBudget { soft, hard }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(left: u64, inc: u64, mtg: Option<u32>) -> TimeBudget {
        time_budget(
            &Limits::Clock {
                left: ms(left),
                inc: ms(inc),
                moves_to_go: mtg,
            },
            8,
        )
        .unwrap()
    }

    #[test]
    fn depth_nodes_and_infinite_have_no_budget() {
        assert_eq!(time_budget(&Limits::Depth(5), 8), None);
        assert_eq!(time_budget(&Limits::Nodes(1000), 8), None);
        assert_eq!(time_budget(&Limits::Infinite, 8), None);
    }

    #[test]
    fn move_time_keeps_a_margin() {
        let b = time_budget(&Limits::MoveTime(ms(10_000)), 8).unwrap();
        assert_eq!(
            b,
            TimeBudget {
                soft: ms(9_950),
                hard: ms(9_950)
            }
        );
        // st 0.1: a fifth is kept back.
        let b = time_budget(&Limits::MoveTime(ms(100)), 8).unwrap();
        assert_eq!(
            b,
            TimeBudget {
                soft: ms(80),
                hard: ms(80)
            }
        );
        let b = time_budget(&Limits::MoveTime(Duration::ZERO), 8).unwrap();
        assert_eq!(b.hard, Duration::ZERO);
    }

    #[test]
    fn sudden_death_spreads_over_thirty_moves() {
        // 5 minutes: usable 299.95 s; /30 = 9.998 s; hard = 4 x soft.
        let b = clock(300_000, 0, None);
        assert_eq!(b.soft, Duration::from_nanos(9_998_333_333));
        assert_eq!(b.hard, Duration::from_nanos(39_993_333_332));
    }

    #[test]
    fn increment_adds_three_quarters() {
        let b = clock(60_000, 2_000, None);
        // usable 59.95 s, reserve a quarter (14.9875 s): 44.9625 s / 30 = 1.49875 s + 1.5 s.
        assert_eq!(b.soft, Duration::from_nanos(2_998_750_000));
        assert_eq!(b.hard, Duration::from_nanos(11_995_000_000));
    }

    #[test]
    fn a_low_clock_with_an_increment_saves_half_of_it() {
        // 10 s + 0.1 s: one second (ten increments) is held back.
        let b = clock(10_000, 100, None);
        // usable 9.95 s - 1 s = 8.95 s / 30 + 75 ms.
        assert_eq!(b.soft, Duration::from_nanos(373_333_333));
        // 1.5 s left: under twenty increments, only half of one is spent.
        let b = clock(1_500, 100, None);
        // usable 1.45 s, reserve 0.3625 s: 1.0875 s / 30 + 50 ms.
        assert_eq!(b.soft, Duration::from_nanos(86_250_000));
        assert!(b.soft < ms(100), "the clock must grow back: {b:?}");
    }

    #[test]
    fn moves_to_go_divides_the_clock() {
        let b = clock(40_000, 0, Some(10));
        assert_eq!(b.soft, Duration::from_micros(3_995_000));
        // The last move before the control may use half, and never abort late.
        let b = clock(40_000, 0, Some(1));
        assert_eq!(b.soft, ms(19_975));
        assert_eq!(b.hard, Duration::from_micros(29_962_500));
        // moves_to_go 0 is treated as 1, not a division by zero.
        assert_eq!(clock(40_000, 0, Some(0)), clock(40_000, 0, Some(1)));
    }

    #[test]
    fn tiny_clock_leaves_a_margin() {
        // 1 s + 0.01 s: the hard limit stays far below the clock.
        let b = clock(1_000, 10, None);
        // usable 950 ms, reserve 100 ms: 850 ms / 30 + 7.5 ms.
        assert_eq!(b.soft, Duration::from_nanos(35_833_333));
        assert_eq!(b.hard, Duration::from_nanos(143_333_332));
        // 30 ms left: overhead is a fifth, hard at most 3/4 of the rest.
        let b = clock(30, 10, None);
        assert!(b.hard <= ms(18), "{b:?}");
        assert!(b.soft <= b.hard);
        // Nothing left: zero, never an underflow.
        assert_eq!(
            clock(0, 0, None),
            TimeBudget {
                soft: Duration::ZERO,
                hard: Duration::ZERO
            }
        );
    }

    #[test]
    fn increment_larger_than_clock_is_capped_by_the_clock() {
        let b = clock(200, 5_000, None);
        assert_eq!(b.soft, ms(80));
        assert_eq!(b.hard, ms(120));
    }

    #[test]
    fn time_cap_shortens_any_budget() {
        let caps = Caps {
            time: Some(ms(500)),
            ..Caps::default()
        };
        assert_eq!(
            caps.budget(&Limits::Infinite, 8),
            Some(TimeBudget {
                soft: ms(500),
                hard: ms(500)
            })
        );
        assert_eq!(
            caps.budget(&Limits::MoveTime(ms(10_000)), 8),
            Some(TimeBudget {
                soft: ms(500),
                hard: ms(500)
            })
        );
        let clock = Limits::Clock {
            left: ms(60_000),
            inc: ms(0),
            moves_to_go: Some(40),
        };
        assert_eq!(
            caps.budget(&clock, 8),
            Some(TimeBudget {
                soft: ms(500),
                hard: ms(500)
            })
        );
        let loose = Caps {
            time: Some(ms(100_000)),
            ..Caps::default()
        };
        assert_eq!(loose.budget(&clock, 8), time_budget(&clock, 8));
        assert_eq!(Caps::default().budget(&Limits::Depth(3), 8), None);
    }

    #[test]
    fn wide_boards_get_a_larger_share() {
        let wide = time_budget(
            &Limits::Clock {
                left: ms(300_000),
                inc: ms(0),
                moves_to_go: None,
            },
            10,
        )
        .unwrap();
        assert!(wide.soft > clock(300_000, 0, None).soft);
        assert_eq!(wide.soft, Duration::from_nanos(12_497_916_666));
    }
}
