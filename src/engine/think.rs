//! Turns a position and the engine's limits into a worker [`Task`]: the one
//! place that calls the search, generic over the board.
//!
//! Until `search::Searcher` is on main this holds an interim chooser: it
//! prefers the capture of the most valuable piece, respects the exclusion
//! list, reports one thinking line, and honours infinite limits (ponder,
//! analysis) by waiting for the stop flag, and `st`/clock deadlines by
//! waiting until they pass. It exists so the protocol can be exercised
//! end to end; it is replaced by the real search, not extended.

use super::api::Thinking;
use super::clock::{Clock, MoveLimits, TimeLimit};
use super::worker::{Outcome, Reporter, Tables, Task};
use crate::position::Position;
use std::time::{Duration, Instant};

/// Everything a search needs besides the position.
#[derive(Clone, Debug)]
pub struct SearchSpec {
    /// Depth, node and time limits.
    pub limits: MoveLimits,
    /// The clock (for `nps`-mode time reports).
    pub clock: Clock,
    /// Root moves not to search, as the board writes them.
    pub excluded: Vec<String>,
    /// Number of principal variations to report.
    pub multi_pv: u32,
    /// Score of a draw for the side to move.
    pub draw_score: i32,
}

/// A task searching `pos` under `spec`.
pub fn task<P: Position>(pos: P, spec: SearchSpec) -> Task {
    Box::new(move |_tables: &mut Tables, reporter: &Reporter| interim_search(pos, &spec, reporter))
}

fn interim_search<P: Position>(mut pos: P, spec: &SearchSpec, reporter: &Reporter) -> Outcome {
    let started = Instant::now();
    let moves: Vec<P::Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| !spec.excluded.contains(&pos.move_to_string(m)))
        .collect();
    let best = moves.iter().copied().max_by_key(|&m| pos.captured_value(m));
    let Some(best) = best else {
        return Outcome::default();
    };
    let score = pos.captured_value(best);
    let nodes = moves.len() as u64;
    let info = Thinking {
        depth: 1,
        score,
        centis: spec.clock.report_centis(elapsed_ms(started), nodes),
        nodes,
        pv: vec![pos.move_to_string(best)],
    };
    reporter.progress(info.clone());
    wait_for_limit(&spec.limits, started, reporter);
    Outcome {
        best: Some(pos.move_to_string(best)),
        ponder: None,
        score: Some(score),
        last: Some(info),
    }
}

/// Sleeps until the stop flag is raised or the time budget is spent.
fn wait_for_limit(limits: &MoveLimits, started: Instant, reporter: &Reporter) {
    let budget = match limits.time {
        TimeLimit::Infinite if limits.nodes.is_none() && limits.depth.is_none() => None,
        TimeLimit::MoveTime { ms } => Some(ms),
        _ => Some(0),
    };
    while !reporter.stop().stopping() {
        if budget.is_some_and(|ms| elapsed_ms(started) >= ms) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn elapsed_ms(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX)
}
