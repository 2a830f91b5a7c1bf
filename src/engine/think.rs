//! Turns a position and the engine's limits into a worker [`Task`]: the one
//! place that calls `search::Searcher`, generic over the board.
//!
//! Engine units become search units here: [`MoveLimits`] become
//! `search::Limits` plus `Caps` (`sd` as a depth cap, our clock's hard
//! deadline as a time cap), exclusion texts become moves, and each
//! iteration's `SearchInfo` becomes a [`Thinking`] line with the PV written
//! by the board (time reported as nodes / nps in `nps` mode).

use super::api::Thinking;
use super::clock::{Clock, MoveLimits, TimeLimit};
use super::searchers::{SearchBoard, SearcherPool};
use super::worker::{Outcome, Reporter, Task};
use crate::book::positions::LearnedPosition;
use crate::search::{pv_to_strings, Caps, Limits, Progress, SearchInfo, SearchParams, RUN};
use std::sync::atomic::Ordering;
use std::sync::Arc;
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
    /// Files of the board (wide boards get more time per move).
    pub width: usize,
    /// Principal variations to show (analysis); 1 = the normal search.
    pub lines: usize,
    /// Where the search publishes live progress (for `stat01`), if wanted.
    pub progress: Option<Arc<Progress>>,
    /// Positions learned in earlier games, put in the hash table first.
    pub learned: Option<Arc<Vec<LearnedPosition>>>,
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
/// (keys, oldest first), under `spec`.
pub fn task<P: SearchBoard>(pos: P, history: Vec<u64>, spec: SearchSpec) -> Task {
    if spec.lines > 1 {
        return Box::new(move |pool: &mut SearcherPool, reporter: &Reporter| {
            load_learned::<P>(pool, &spec);
            multi_pv(pos, &history, &spec, P::searcher(pool), reporter)
        });
    }
    Box::new(move |pool: &mut SearcherPool, reporter: &Reporter| {
        load_learned::<P>(pool, &spec);
        let mut root = pos;
        let exclude: Vec<P::Move> = root
            .legal_moves()
            .into_iter()
            .filter(|&m| spec.excluded.contains(&root.move_to_string(m)))
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
            progress: spec.progress.clone(),
        };
        let stop = reporter.stop().atomic();
        let mut last = None;
        let mut report = |info: SearchInfo<P::Move>| {
            let line = thinking(&root, &info, &spec.clock);
            last = Some(line.clone());
            reporter.progress(line);
        };
        let result = P::searcher(pool).search(&root, &history, &params, &stop, &mut report);
        let line: Vec<P::Move> = result
            .best
            .iter()
            .chain(result.ponder.iter())
            .copied()
            .collect();
        let texts = pv_to_strings(&root, &line);
        Outcome {
            best: texts.first().cloned(),
            ponder: texts.get(1).cloned(),
            score: Some(result.score),
            last,
        }
    })
}

/// Several best lines: for each depth, search the root again and again,
/// each time excluding the best moves already found, and report one
/// thinking line per move. Ends at the depth cap or when stopped; a search
/// cut short by the stop is not reported.
fn multi_pv<P: SearchBoard>(
    mut root: P,
    history: &[u64],
    spec: &SearchSpec,
    searcher: &mut crate::search::Searcher<P>,
    reporter: &Reporter,
) -> Outcome {
    let started = Instant::now();
    let base: Vec<P::Move> = root
        .legal_moves()
        .into_iter()
        .filter(|&m| spec.excluded.contains(&root.move_to_string(m)))
        .collect();
    let stop = reporter.stop().atomic();
    let mut outcome = Outcome::default();
    let mut nodes = 0u64;
    for depth in 1..=spec
        .limits
        .depth
        .unwrap_or(crate::search::MAX_PLY as u32 - 1)
    {
        let mut exclude = base.clone();
        for line in 0..spec.lines {
            let params = SearchParams {
                limits: Limits::Depth(depth),
                caps: Caps {
                    depth: None,
                    nodes: None,
                    time: spec.limits.deadline_ms.map(Duration::from_millis),
                },
                exclude: exclude.clone(),
                board_width: spec.width,
                progress: spec.progress.clone(),
            };
            let result = searcher.search(&root, history, &params, &stop, &mut |_| {});
            if stop.load(Ordering::Relaxed) != RUN {
                return outcome;
            }
            let Some(best) = result.best else { break };
            nodes = nodes.saturating_add(result.nodes);
            let elapsed = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            let info = Thinking {
                depth,
                score: result.score,
                centis: spec.clock.report_centis(elapsed, nodes),
                nodes,
                pv: pv_to_strings(&root, &result.pv),
                root_fen: root.to_fen(),
            };
            if line == 0 {
                outcome = Outcome {
                    best: Some(root.move_to_string(best)),
                    ponder: info.pv.get(1).cloned(),
                    score: Some(result.score),
                    last: Some(info.clone()),
                };
            }
            reporter.progress(info);
            exclude.push(best);
        }
    }
    outcome
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

/// One progress line: PV as text, time as the clock wants it reported.
fn thinking<P: SearchBoard>(root: &P, info: &SearchInfo<P::Move>, clock: &Clock) -> Thinking {
    Thinking {
        depth: info.depth,
        score: info.score,
        centis: clock.report_centis(info.centis.saturating_mul(10), info.nodes),
        nodes: info.nodes,
        pv: pv_to_strings(root, &info.pv),
        root_fen: root.to_fen(),
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
