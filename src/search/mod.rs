//! One alpha-beta search, generic over `Position + Evaluate`, compiled for both boards.
//!
//! [`Searcher`] holds the transposition table (an `Arc`, shareable between
//! the searchers of both boards) and the per-thread move-ordering tables, and
//! runs iterative deepening on N threads (Lazy SMP: every thread
//! searches the same root, sharing only the table; helpers leave out
//! alternate depths, so they often search a ply ahead of the main thread;
//! the main thread's result is played). It knows nothing of concrete
//! boards, evaluations, protocols or the engine's threads: the caller
//! supplies the position, the keys of the game so far, the [`Limits`], a
//! stop flag and a report callback.
//!
//! Pondering needs nothing special: search the expected position with
//! [`Limits::Infinite`], and on a ponder hit stop it and search again with
//! the clock; the shared table keeps the work already done.
//!
//! Files: `limits` (time budget), `tt` (shared table), `score` (mate
//! conventions), `history` (killers, counter-moves and histories),
//! `picker` (move ordering), `correction` (the static evaluation's learnt
//! errors), `worker` (per-thread state),
//! `node` and `quiescence` (the tree), `driver` (iterative deepening, root),
//! `tunables` (the margins and formulas a tuner may change),
//! `info` (what is reported), `bench` (fixed-depth node counts).

mod bench;
mod correction;
mod driver;
mod evalcache;
mod history;
pub mod info;
pub mod limits;
mod node;
mod picker;
mod quiescence;
pub mod score;
pub mod tt;
pub mod tunables;
mod worker;

pub use bench::{bench, ORTHODOX_BENCH, VARIANT_BENCH};
pub use info::{
    pv_to_strings, Bound, Progress, ProgressSnapshot, SearchInfo, SearchResult, ABANDON, RUN, STOP,
};
pub use limits::{time_budget, Caps, Limits, TimeBudget};
pub use score::xboard_score;
pub use tt::TranspositionTable;

use crate::core::{Score, Verdict};
use crate::position::{EndgameTables, Evaluate, Position, TableWdl};
use driver::{IterationPlan, Outcome};
use evalcache::EvalCache;
use history::Heuristics;
pub use history::MAX_PLY;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use worker::{verdict_score, Shared, Worker};

/// Default transposition-table size in MB.
pub const DEFAULT_HASH_MB: usize = 64;

/// The number of search threads to use for a request of `requested`: at
/// least one, at most the machine's cores (more only slows a Lazy SMP
/// search down, and a request of thousands would fail to start them).
#[must_use]
pub fn usable_threads(requested: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    requested.clamp(1, cores)
}

/// One search request: limits plus root options.
#[derive(Clone, Debug)]
pub struct SearchParams<M> {
    /// Time, depth or node limits.
    pub limits: Limits,
    /// Depth and node caps on top of the limits (XBoard `sd`).
    pub caps: Caps,
    /// Root moves not to consider (XBoard `exclude`).
    pub exclude: Vec<M>,
    /// Files of the board, for the time budget.
    pub board_width: usize,
    /// Where the main thread publishes its progress, if anyone asks.
    pub progress: Option<Arc<Progress<M>>>,
    /// Report the bound of each failed aspiration window (a
    /// [`SearchInfo`] with `bound` not `Exact`) once the search has run
    /// this long; `None`: never (UCI GUIs show them, XBoard has no words).
    pub bound_lines_after: Option<Duration>,
}

impl<M> SearchParams<M> {
    /// A request with the given limits, no caps, no exclusions, 8 files.
    #[must_use]
    pub fn new(limits: Limits) -> Self {
        SearchParams {
            limits,
            caps: Caps::default(),
            exclude: Vec::new(),
            board_width: 8,
            progress: None,
            bound_lines_after: None,
        }
    }
}

/// The search: transposition table, thread count and ordering tables.
///
/// The table sits behind an `Arc` so that the searchers of both boards can
/// share one (see [`Searcher::with_table`]); only one search may run on it
/// at a time.
pub struct Searcher<P: Position> {
    tt: Arc<TranspositionTable>,
    threads: usize,
    heuristics: Vec<Heuristics<P::Move>>,
    /// One evaluation cache per thread, kept from search to search.
    eval_caches: Vec<EvalCache>,
    multi_pv: usize,
    draw_score: Score,
    /// Endgame tables the next searches consult, if any.
    tables: Option<Arc<dyn EndgameTables<P>>>,
}

impl<P: Position + Evaluate> Searcher<P> {
    /// A single-threaded searcher with a table of `hash_mb` MB.
    #[must_use]
    pub fn new(hash_mb: usize) -> Self {
        Searcher::with_table(Arc::new(TranspositionTable::new(hash_mb)))
    }

    /// A single-threaded searcher using `table` (which others may share).
    #[must_use]
    pub fn with_table(table: Arc<TranspositionTable>) -> Self {
        Searcher {
            tt: table,
            threads: 1,
            heuristics: vec![Heuristics::default()],
            eval_caches: vec![EvalCache::default()],
            multi_pv: 1,
            draw_score: 0,
            tables: None,
        }
    }

    /// Endgame tables for the next searches (`None`: none). A timed search
    /// of a position they hold plays their move at once; every search
    /// looks up the endings it reaches.
    pub fn set_tables(&mut self, tables: Option<Arc<dyn EndgameTables<P>>>) {
        self.tables = tables;
    }

    /// Principal variations reported per iteration (1: the best only);
    /// line `n` is the best move after the first `n - 1`, reported with
    /// `SearchInfo::multipv == n`. The move played is line 1's.
    pub fn set_multi_pv(&mut self, lines: usize) {
        self.multi_pv = lines.max(1);
    }

    /// Score of a draw for the side to move at the root (contempt: negative
    /// to avoid draws, positive to seek them); 0 by default.
    pub fn set_draw_score(&mut self, score: Score) {
        self.draw_score = score;
    }

    /// The table this searcher uses.
    #[must_use]
    pub fn table(&self) -> &Arc<TranspositionTable> {
        &self.tt
    }

    /// Uses `table` from now on (e.g. a resized table shared by both boards).
    pub fn set_table(&mut self, table: Arc<TranspositionTable>) {
        self.tt = table;
    }

    /// Sets the number of search threads (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        self.heuristics
            .resize_with(self.threads, Heuristics::default);
        self.eval_caches
            .resize_with(self.threads, EvalCache::default);
    }

    /// Replaces the table by an empty one of `hash_mb` MB, no longer
    /// shared with anyone.
    pub fn resize_hash(&mut self, hash_mb: usize) {
        self.tt = Arc::new(TranspositionTable::new(hash_mb));
    }

    /// Forgets everything learnt: table and ordering tables (XBoard `new`).
    pub fn clear(&mut self) {
        match Arc::get_mut(&mut self.tt) {
            Some(table) => table.clear(),
            // Shared: an empty table of its size for this searcher alone.
            None => self.tt = Arc::new(TranspositionTable::new(self.tt.megabytes())),
        }
        for h in &mut self.heuristics {
            *h = Heuristics::default();
        }
        for c in &mut self.eval_caches {
            c.clear();
        }
    }

    /// Searches `root` and returns the move to play.
    ///
    /// `history` holds the keys of the game's positions before the root,
    /// oldest first (the root's own key may end it); repetitions of them
    /// inside the tree score as draws. `stop` is read every 2048 nodes:
    /// [`STOP`] ends the search with the best move so far, [`ABANDON`] ends it
    /// and marks the result `abandoned`. `report` receives each finished
    /// iteration of the main thread.
    pub fn search(
        &mut self,
        root: &P,
        history: &[u64],
        params: &SearchParams<P::Move>,
        stop: &AtomicU8,
        report: &mut dyn FnMut(SearchInfo<P::Move>),
    ) -> SearchResult<P::Move> {
        let start = Instant::now();
        let budget = params.caps.budget(&params.limits, params.board_width);
        let max_nodes = match params.limits {
            Limits::Nodes(n) => Some(params.caps.nodes.map_or(n, |c| c.min(n))),
            _ => params.caps.nodes,
        };
        let limit_depth = match params.limits {
            Limits::Depth(d) => d,
            _ => MAX_PLY as u32 - 1,
        };
        let max_depth = params
            .caps
            .depth
            .map_or(limit_depth, |c| c.min(limit_depth))
            .max(1);
        let shared = Shared {
            stop,
            helpers_stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start,
            hard: budget.map(|b| b.hard),
            max_nodes,
            progress: params.progress.as_deref(),
            draw_score: self.draw_score,
        };
        let mut pos = root.clone();
        let root_moves: Vec<P::Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !params.exclude.contains(m))
            .collect();
        if root_moves.is_empty() {
            let score = match pos.no_move_verdict() {
                _ if !params.exclude.is_empty() => self.draw_score,
                Verdict::Draw => self.draw_score,
                v => verdict_score(v, 0),
            };
            return SearchResult {
                best: None,
                ponder: None,
                score,
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
                abandoned: false,
            };
        }
        if let Some(result) = self.table_root(&mut pos, &root_moves, params, start, report) {
            return result;
        }
        self.tt.new_search();
        for h in &mut self.heuristics {
            h.age();
        }
        let plan = IterationPlan {
            skip_parity: None,
            max_depth,
            soft: budget.map(|b| b.soft),
            multi_pv: self.multi_pv,
            bound_lines_after: params.bound_lines_after,
        };
        let outcome = self.run_threads(root, history, &shared, root_moves, &plan, report);
        let pv = outcome.pv;
        let ponder = pv
            .get(1)
            .copied()
            .or_else(|| self.table_reply(root, outcome.best));
        SearchResult {
            best: outcome.best,
            ponder,
            score: outcome.score,
            depth: outcome.depth,
            nodes: shared.nodes.load(Ordering::Relaxed),
            pv,
            abandoned: stop.load(Ordering::Relaxed) == ABANDON,
        }
    }

    /// The endgame tables' move when they hold the root and the search
    /// has a limit (an infinite one, analysis or pondering, searches on),
    /// reported as one line of depth 1.
    fn table_root(
        &self,
        root: &mut P,
        root_moves: &[P::Move],
        params: &SearchParams<P::Move>,
        start: Instant,
        report: &mut dyn FnMut(SearchInfo<P::Move>),
    ) -> Option<SearchResult<P::Move>> {
        let tables = self.tables.as_ref()?;
        if params.limits == Limits::Infinite || self.multi_pv > 1 {
            return None;
        }
        let found = tables.root_move(root)?;
        if !root_moves.contains(&found.best) {
            return None;
        }
        let distance = Score::try_from(found.dtz).unwrap_or(Score::MAX).min(999);
        let score = match found.wdl {
            TableWdl::Win => score::TABLE_WIN - distance,
            TableWdl::Loss => distance - score::TABLE_WIN,
            wdl => score::table_score(wdl, 0, self.draw_score),
        };
        let pv = vec![found.best];
        report(SearchInfo {
            depth: 1,
            seldepth: 1,
            score,
            centis: u64::try_from(start.elapsed().as_millis() / 10).unwrap_or(u64::MAX),
            nodes: 1,
            pv: pv.clone(),
            multipv: 1,
            bound: Bound::Exact,
        });
        let ponder = self.table_reply(root, Some(found.best));
        Some(SearchResult {
            best: Some(found.best),
            ponder,
            score,
            depth: 1,
            nodes: 1,
            pv,
            abandoned: false,
        })
    }

    /// The reply the table remembers after `best` (for pondering when the
    /// PV was cut short), checked against the legal moves.
    fn table_reply(&self, root: &P, best: Option<P::Move>) -> Option<P::Move> {
        let mut pos = root.clone();
        if !pos.make(best?) {
            return None;
        }
        let id = self.tt.probe(pos.hash(), 0)?.move_id?;
        pos.legal_moves()
            .into_iter()
            .find(|&m| tt::table_id::<P>(m) == id)
    }

    /// Runs the main thread here and the helpers on scoped threads.
    fn run_threads(
        &mut self,
        root: &P,
        history: &[u64],
        shared: &Shared<'_, P::Move>,
        root_moves: Vec<P::Move>,
        plan: &IterationPlan,
        report: &mut dyn FnMut(SearchInfo<P::Move>),
    ) -> Outcome<P::Move> {
        let tt: &TranspositionTable = &self.tt;
        let tables = self.tables.as_deref();
        let (main_heuristics, helpers) = self.heuristics.split_at_mut(1);
        let (main_cache, helper_caches) = self.eval_caches.split_at_mut(1);
        std::thread::scope(|scope| {
            for (i, (heuristics, cache)) in helpers.iter_mut().zip(helper_caches).enumerate() {
                let moves = root_moves.clone();
                let root = root.clone();
                // Helpers skip alternate depths, half of them the odd ones
                // and half the even ones, so threads spread over depths.
                let helper_plan = IterationPlan {
                    skip_parity: Some(i as u32 % 2),
                    max_depth: plan.max_depth,
                    soft: None,
                    multi_pv: 1,
                    bound_lines_after: None,
                };
                scope.spawn(move || {
                    let mut w = Worker::new(&root, history, tt, shared, heuristics, cache);
                    w.tables = tables;
                    w.iterate(moves, &helper_plan, None);
                    w.flush_nodes();
                });
            }
            let mut w = Worker::new(
                root,
                history,
                tt,
                shared,
                &mut main_heuristics[0],
                &mut main_cache[0],
            );
            w.progress = shared.progress;
            w.tables = tables;
            let outcome = w.iterate(root_moves, plan, Some(report));
            w.flush_nodes();
            shared.helpers_stop.store(true, Ordering::Relaxed);
            outcome
        })
    }
}

#[cfg(test)]
mod tests;
