//! Turns a position and the engine's limits into a search-thread [`Task`]: the one
//! place that calls `search::Searcher`, generic over the board.
//!
//! Engine units become search units here: [`MoveLimits`] become
//! `search::Limits` plus `Caps` (`sd` as a depth cap, our clock's hard
//! deadline as a time cap), excluded moves become the board's, and each
//! iteration's `SearchInfo` becomes a [`Thinking`] line whose PV is a
//! [`Variation`] (moves as values, written by each front end in its own
//! notation) and whose time is reported as nodes / nps in `nps` mode.

use super::any_move::AnyMove;
use super::api::Thinking;
use super::clock::{Clock, MoveLimits, TimeLimit};
use super::search_thread::{Outcome, Reporter, Task};
use super::searchers::AnyProgress;
use super::searchers::{SearchBoard, SearcherPool};
use super::variation::Variation;
use crate::book::positions::LearnedPosition;
use crate::search::{Bound, Caps, Limits, SearchInfo, SearchParams};
use crate::tablebase::ProbeSettings;
use std::sync::Arc;
use std::time::Duration;

/// How long a search that reports bounds runs before it reports failed
/// aspiration windows (UCI's `score ... lowerbound|upperbound`): short
/// searches would only flood the GUI with them.
pub const BOUND_LINES_AFTER: Duration = Duration::from_secs(1);

/// Everything a search needs besides the position.
#[derive(Clone, Debug)]
pub struct SearchSpec {
    /// Depth, node and time limits.
    pub limits: MoveLimits,
    /// The clock (for `nps`-mode time reports).
    pub clock: Clock,
    /// Root moves not to search.
    pub excluded: Vec<AnyMove>,
    /// Files of the board (wide boards get more time per move).
    pub width: usize,
    /// Principal variations to show (analysis); 1 = the normal search.
    pub lines: usize,
    /// Where the search publishes live progress (for `stat01`), if wanted.
    pub progress: Option<AnyProgress>,
    /// Positions learned in earlier games, put in the hash table first.
    pub learned: Option<Arc<Vec<LearnedPosition>>>,
    /// Failed aspiration windows are reported too (as lines whose
    /// [`Thinking::bound`] is not exact), after [`BOUND_LINES_AFTER`].
    pub report_bounds: bool,
    /// How the search uses endgame tables, where the board has them.
    pub probe: ProbeSettings,
}

/// Puts the learned positions in the searcher's hash table.
fn load_learned<P: SearchBoard>(pool: &mut SearcherPool, spec: &SearchSpec) {
    if let Some(learned) = &spec.learned {
        let table = P::searcher(pool).table();
        for p in learned.iter() {
            table.store_learned(p.key, p.score, p.depth);
        }
    }
}

/// A task searching `pos`, whose game went through the positions `history`
/// (keys, oldest first), under `spec`. With `spec.lines` above one the
/// searcher reports that many best lines per iteration (multi-PV).
pub fn task<P: SearchBoard>(pos: P, history: Vec<u64>, spec: SearchSpec) -> Task {
    Box::new(move |pool: &mut SearcherPool, reporter: &Reporter| {
        load_learned::<P>(pool, &spec);
        let mut root = pos;
        let exclude: Vec<P::Move> = root
            .legal_moves()
            .into_iter()
            .filter(|&m| spec.excluded.contains(&P::any_move(m)))
            .collect();
        let params = SearchParams {
            limits: search_limits(&spec.limits),
            caps: Caps {
                depth: spec.limits.depth,
                nodes: None,
                time: spec.limits.deadline_ms.map(Duration::from_millis),
            },
            exclude,
            board_width: spec.width,
            progress: spec.progress.as_ref().and_then(P::board_progress),
            bound_lines_after: spec.report_bounds.then_some(BOUND_LINES_AFTER),
        };
        let stop = reporter.stop().atomic();
        let tables = P::endgame_tables(pool, spec.probe);
        let searcher = P::searcher(pool);
        searcher.set_tables(tables);
        let table = Arc::clone(searcher.table());
        let mut last = None;
        let mut report = |info: SearchInfo<P::Move>| {
            let line = thinking(&root, &info, &spec, table.hashfull());
            if line.multipv == 1 && line.bound == Bound::Exact {
                last = Some(line.clone());
            }
            reporter.progress(line);
        };
        searcher.set_multi_pv(spec.lines);
        let result = searcher.search(&root, &history, &params, &stop, &mut report);
        searcher.set_multi_pv(1);
        // The tables stay with the pool alone, so that they can be closed.
        searcher.set_tables(None);
        Outcome {
            best: result.best.map(P::any_move),
            ponder: result.ponder.map(P::any_move),
            score: Some(result.score),
            last,
        }
    })
}

/// The search's limits for ours: a node budget (`nps` mode) wins, then the
/// time control; `sd` and the deadline travel as caps.
#[must_use]
pub fn search_limits(limits: &MoveLimits) -> Limits {
    if let Some(nodes) = limits.nodes {
        return Limits::Nodes(nodes);
    }
    match limits.time {
        TimeLimit::Infinite => Limits::Infinite,
        TimeLimit::MoveTime { ms } => Limits::MoveTime(Duration::from_millis(ms)),
        TimeLimit::Clock {
            left_ms,
            inc_ms,
            moves_to_go,
        } => Limits::Clock {
            left: Duration::from_millis(left_ms),
            inc: Duration::from_millis(inc_ms),
            moves_to_go,
        },
    }
}

/// One progress line: the PV as a [`Variation`] from `root`, time as the
/// clock wants it reported.
fn thinking<P: SearchBoard>(
    root: &P,
    info: &SearchInfo<P::Move>,
    spec: &SearchSpec,
    hashfull: u32,
) -> Thinking {
    Thinking {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        hashfull,
        score: info.score,
        centis: spec
            .clock
            .report_centis(info.centis.saturating_mul(10), info.nodes),
        nodes: info.nodes,
        pv: Variation::new(root, &info.pv),
        bound: info.bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_limits_map_to_search_limits() {
        let mut limits = MoveLimits::infinite();
        assert_eq!(search_limits(&limits), Limits::Infinite);
        limits.time = TimeLimit::MoveTime { ms: 1500 };
        assert_eq!(
            search_limits(&limits),
            Limits::MoveTime(Duration::from_millis(1500))
        );
        limits.time = TimeLimit::Clock {
            left_ms: 60_000,
            inc_ms: 100,
            moves_to_go: Some(3),
        };
        let clock = Limits::Clock {
            left: Duration::from_secs(60),
            inc: Duration::from_millis(100),
            moves_to_go: Some(3),
        };
        assert_eq!(search_limits(&limits), clock);
        limits.nodes = Some(5000);
        assert_eq!(search_limits(&limits), Limits::Nodes(5000));
    }
}
