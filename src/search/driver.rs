//! Iterative deepening with aspiration windows and the root move loop, for
//! one thread. The main thread also applies the soft time limit (scaled by
//! best-move stability) and reports each finished iteration.
//!
//! The root keeps its own move list (legal moves minus excluded ones): the
//! best move of each iteration moves to the front, so the next iteration
//! searches it first. A move that beats alpha in an unfinished iteration is
//! still played when the search is stopped, because it was searched fully.

use super::history::MAX_PLY;
use super::info::{Bound, SearchInfo};
use super::picker::capture_score;
use super::score::{is_mate, INFINITY};
use super::tt::table_id;
use super::worker::Worker;
use crate::core::{Score, MATE};
use crate::position::{Evaluate, Position};
use std::time::Duration;

/// The result of one thread's iterative deepening.
pub(crate) struct Outcome<M> {
    pub best: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub pv: Vec<M>,
}

/// What the iteration loop of one thread is bounded by.
pub(crate) struct IterationPlan {
    /// Helper threads: every depth of this parity is left out, so the
    /// helper runs a ply ahead of the main thread half of the time and
    /// fills the shared table with deeper results.
    pub skip_parity: Option<u32>,
    /// Last depth to search.
    pub max_depth: u32,
    /// Soft time limit (main thread only).
    pub soft: Option<Duration>,
    /// Lines to report per iteration (main thread only; 1 = best only).
    pub multi_pv: usize,
    /// Report failed aspiration windows once the search has run this long
    /// (main thread only).
    pub bound_lines_after: Option<Duration>,
}

/// Where a failed aspiration window is reported: the previous
/// iteration's line (shown when the window fails low) and the callback.
type BoundReport<'r, 'f, M> = (&'r [M], &'r mut (dyn FnMut(SearchInfo<M>) + 'f));

/// A best-so-far line from an iteration.
struct Line<M> {
    best: M,
    score: Score,
    pv: Vec<M>,
}

impl<P: Position + Evaluate> Worker<'_, P> {
    /// Iterative deepening over `root_moves` (non-empty, all legal).
    /// `report` is `Some` on the main thread only.
    pub(crate) fn iterate(
        &mut self,
        mut root_moves: Vec<P::Move>,
        plan: &IterationPlan,
        mut report: Option<&mut dyn FnMut(SearchInfo<P::Move>)>,
    ) -> Outcome<P::Move> {
        self.order_root(&mut root_moves);
        let mut done = Outcome {
            best: root_moves.first().copied(),
            score: 0,
            depth: 0,
            pv: Vec::new(),
        };
        let mut stable = 0;
        let mut extra = vec![0; plan.multi_pv.saturating_sub(1)];
        let last = plan.max_depth.min(MAX_PLY as u32 - 1);
        for depth in 1..=last {
            if plan.skip_parity == Some(depth % 2) && depth < last {
                continue;
            }
            self.root_depth = depth as i32;
            self.seldepth = 0;
            if let Some(p) = self.progress {
                p.set_iteration(depth, root_moves.len());
            }
            let previous = match plan.bound_lines_after {
                Some(_) => done.pv.clone(),
                None => Vec::new(),
            };
            let bounds = match (plan.bound_lines_after, report.as_deref_mut()) {
                (Some(after), Some(r)) => Some((after, (&previous[..], r))),
                _ => None,
            };
            let (line, complete) =
                self.aspiration(&mut root_moves, depth as i32, done.score, bounds);
            if let Some(line) = line {
                stable = if Some(line.best) == done.best {
                    stable + 1
                } else {
                    0
                };
                done = Outcome {
                    best: Some(line.best),
                    score: line.score,
                    depth,
                    pv: line.pv,
                };
                if complete {
                    if let Some(r) = report.as_deref_mut() {
                        self.check_limits();
                        r(self.info(&done, 1));
                        self.extra_lines(&mut root_moves, depth, plan.multi_pv, &mut extra, r);
                    }
                } else {
                    done.depth = depth.saturating_sub(1);
                }
            }
            if !complete || self.stopped {
                break;
            }
            if self.iteration_is_enough(plan, &done, stable, root_moves.len()) {
                break;
            }
        }
        done
    }

    /// Multi-PV: after the best line, searches the `n`-th best line among
    /// the moves after the first `n - 1` and reports it as line `n`.
    fn extra_lines(
        &mut self,
        root_moves: &mut [P::Move],
        depth: u32,
        lines: usize,
        previous: &mut [Score],
        report: &mut dyn FnMut(SearchInfo<P::Move>),
    ) {
        for n in 1..lines.min(root_moves.len()) {
            let (line, complete) =
                self.aspiration(&mut root_moves[n..], depth as i32, previous[n - 1], None);
            if !complete || self.stopped {
                return;
            }
            if let Some(line) = line {
                previous[n - 1] = line.score;
                let outcome = Outcome {
                    best: Some(line.best),
                    score: line.score,
                    depth,
                    pv: line.pv,
                };
                self.check_limits();
                report(self.info(&outcome, n + 1));
            }
        }
    }

    /// Whether the main thread should not start another iteration.
    fn iteration_is_enough(
        &self,
        plan: &IterationPlan,
        done: &Outcome<P::Move>,
        stable: u32,
        moves: usize,
    ) -> bool {
        let Some(soft) = plan.soft else { return false };
        // A forced move needs no thought; a proven short mate needs no more.
        if moves == 1 {
            return true;
        }
        if is_mate(done.score) && done.depth as Score >= 2 * (MATE - done.score.abs()) + 2 {
            return true;
        }
        // A best move that keeps changing earns more time, a stable one less.
        let scale = match stable {
            0 => 1.4,
            1 | 2 => 1.0,
            _ => 0.7,
        };
        self.shared.start.elapsed().as_secs_f64() >= soft.as_secs_f64() * scale
    }

    /// One iteration inside aspiration windows around `previous`; returns the
    /// best line found (if any move beat alpha) and whether it finished.
    /// With `bounds`, each failed window is reported once the search has
    /// run the given time.
    fn aspiration(
        &mut self,
        root_moves: &mut [P::Move],
        depth: i32,
        previous: Score,
        mut bounds: Option<(Duration, BoundReport<'_, '_, P::Move>)>,
    ) -> (Option<Line<P::Move>>, bool) {
        let mut delta = self.tune.aspiration;
        let (mut alpha, mut beta) = if depth >= 4 && !is_mate(previous) {
            (previous - delta, previous + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        let mut found = None;
        loop {
            let (score, line) = self.root_search(root_moves, alpha, beta, depth);
            if line.is_some() {
                found = line;
            }
            if self.stopped {
                return (found, false);
            }
            let failed = if score <= alpha && alpha > -INFINITY {
                Bound::Upper
            } else if score >= beta && beta < INFINITY {
                Bound::Lower
            } else {
                Bound::Exact
            };
            if let Some((after, (previous_pv, report))) = &mut bounds {
                if failed != Bound::Exact && self.shared.start.elapsed() >= *after {
                    let pv = match (failed, &found) {
                        (Bound::Lower, Some(line)) => line.pv.clone(),
                        _ => previous_pv.to_vec(),
                    };
                    report(self.bound_info(depth, score, pv, failed));
                }
            }
            if failed == Bound::Upper {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if failed == Bound::Lower {
                beta = (score + delta).min(INFINITY);
            } else {
                return (found, true);
            }
            delta *= 2;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// The root move loop (PVS). Returns the best score and, when a move
    /// beat alpha, that move with its line; the best move goes to the front.
    fn root_search(
        &mut self,
        root_moves: &mut [P::Move],
        mut alpha: Score,
        beta: Score,
        depth: i32,
    ) -> (Score, Option<Line<P::Move>>) {
        let mut best = -INFINITY;
        let mut line = None;
        for i in 0..root_moves.len() {
            let m = root_moves[i];
            if let Some(p) = self.progress {
                p.set_root_move(i, m);
            }
            if !self.make(m, 0) {
                continue;
            }
            let extend = i32::from(self.pos.in_check());
            let new_depth = depth - 1 + extend;
            let score = if i == 0 {
                -self.alphabeta(-beta, -alpha, new_depth, 1)
            } else {
                let s = -self.alphabeta(-alpha - 1, -alpha, new_depth, 1);
                if s > alpha && s < beta {
                    -self.alphabeta(-beta, -alpha, new_depth, 1)
                } else {
                    s
                }
            };
            self.unmake(m);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(0, m);
                    line = Some(Line {
                        best: m,
                        score,
                        pv: self.pv[0].clone(),
                    });
                    root_moves[..=i].rotate_right(1);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        (best, line)
    }

    /// Orders the root moves once: the table's move, then captures by
    /// MVV/LVA, then the rest in generation order.
    fn order_root(&mut self, root_moves: &mut [P::Move]) {
        let tt_move = self.tt.probe(self.pos.hash(), 0).and_then(|h| h.move_id);
        let pos = &self.pos;
        root_moves.sort_by_key(|&m| {
            if tt_move == Some(table_id::<P>(m)) {
                i32::MIN
            } else if pos.is_capture(m) || pos.is_promotion(m) {
                -capture_score(pos, m)
            } else {
                0
            }
        });
    }

    /// The report of a finished iteration.
    fn info(&self, done: &Outcome<P::Move>, multipv: usize) -> SearchInfo<P::Move> {
        let elapsed = self.shared.start.elapsed();
        SearchInfo {
            depth: done.depth,
            seldepth: self.seldepth as u32,
            score: done.score,
            centis: (elapsed.as_millis() / 10) as u64,
            nodes: self.shared.nodes.load(std::sync::atomic::Ordering::Relaxed),
            pv: done.pv.clone(),
            multipv,
            bound: Bound::Exact,
        }
    }

    /// The report of a failed aspiration window at `depth`.
    fn bound_info(
        &self,
        depth: i32,
        score: Score,
        pv: Vec<P::Move>,
        bound: Bound,
    ) -> SearchInfo<P::Move> {
        let outcome = Outcome {
            best: pv.first().copied(),
            score,
            depth: u32::try_from(depth).unwrap_or(0),
            pv,
        };
        SearchInfo {
            bound,
            ..self.info(&outcome, 1)
        }
    }
}
