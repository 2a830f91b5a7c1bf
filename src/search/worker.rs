//! The state of one search thread: its own copy of the position, the key
//! stack for repetition detection, the triangular PV table, per-ply move
//! buffers, node counting and the stop checks.
//!
//! Everything threads share lives in [`Shared`] (stop flags, the total node
//! count, the clock) and in the transposition table; the rest is private to
//! the thread. The tree walk itself is in `node` and `quiescence`.

use super::evalcache::EvalCache;
use super::history::{Heuristics, MAX_PLY};
use super::info::{Progress, RUN};
use super::picker::PickerStore;
use super::score::{mate_in, mated_in, TABLE_BOUND};
use super::tt::TranspositionTable;
use super::tunables::{self, Tunables};
use crate::core::{Score, Verdict, MATE};
use crate::position::{EndgameTables, Evaluate, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::time::{Duration, Instant};

/// Nodes between two looks at the stop flag and the clock.
const CHECK_INTERVAL: u64 = 2048;

/// What every thread of one search shares.
pub(crate) struct Shared<'a, M> {
    /// The caller's flag: [`RUN`], `STOP` or `ABANDON`.
    pub stop: &'a AtomicU8,
    /// Set by the main thread when it is done, to end the helpers.
    pub helpers_stop: AtomicBool,
    /// Nodes of all threads, flushed every [`CHECK_INTERVAL`].
    pub nodes: AtomicU64,
    /// When the search started.
    pub start: Instant,
    /// Abort at this time after the start.
    pub hard: Option<Duration>,
    /// Abort after this many nodes in total.
    pub max_nodes: Option<u64>,
    /// Where the main thread publishes its progress.
    pub progress: Option<&'a Progress<M>>,
    /// Score of a draw for the side to move at the root.
    pub draw_score: Score,
}

/// Storage reused by the node at one ply.
pub(crate) struct PlyBuffers<M> {
    pub moves: Vec<M>,
    /// The rest of a move picker's storage.
    pub picker: PickerStore<M>,
    /// Quiet moves searched so far, with their history indices.
    pub quiets: Vec<(M, usize)>,
    /// Capture indices of the captures searched so far.
    pub captures: Vec<usize>,
}

impl<M> Default for PlyBuffers<M> {
    fn default() -> Self {
        PlyBuffers {
            moves: Vec::new(),
            picker: PickerStore::default(),
            quiets: Vec::new(),
            captures: Vec::new(),
        }
    }
}

/// One search thread.
pub(crate) struct Worker<'a, P: Position + Evaluate> {
    pub pos: P,
    /// The evaluation's tables for `pos` (see [`Evaluate::prepare_evaluation`]).
    eval_tables: P::EvalTables,
    pub tt: &'a TranspositionTable,
    pub shared: &'a Shared<'a, P::Move>,
    pub heuristics: &'a mut Heuristics<P::Move>,
    /// Keys of the game before the root, then of every node on the path.
    keys: Vec<u64>,
    /// Index in `keys` of the first position after the last null move.
    barrier: usize,
    /// The move that led to each ply (`None` at the root and after a null move).
    pub path: Vec<Option<P::Move>>,
    /// The history index ([`Position::history_index`]) of each move of
    /// `path`.
    pub path_index: Vec<usize>,
    /// Static evaluation at each ply of the path (`-INFINITY` in check).
    pub evals: Vec<Score>,
    /// The table identity of a move the node at each ply must leave out
    /// (a singular-extension search), if any.
    pub excluded: Vec<Option<u32>>,
    /// Triangular PV table: `pv[ply]` is the best line from `ply`.
    pub pv: Vec<Vec<P::Move>>,
    pub buffers: Vec<PlyBuffers<P::Move>>,
    /// Nodes of this thread.
    pub nodes: u64,
    unflushed: u64,
    interval: u64,
    pub seldepth: usize,
    /// Set once a limit or the stop flag ends the search.
    pub stopped: bool,
    /// Depth of the current iteration (bounds check extensions).
    pub root_depth: i32,
    /// Live progress for other threads (main thread only).
    pub progress: Option<&'a Progress<P::Move>>,
    /// Score of a draw for the side to move at the root.
    pub draw_score: Score,
    /// Static evaluations already made by this thread.
    eval_cache: &'a mut EvalCache,
    /// The search's tunable constants.
    pub tune: &'static Tunables,
    /// Endgame tables to look finished endings up in, if any.
    pub tables: Option<&'a dyn EndgameTables<P>>,
    /// Positions this thread found in the tables.
    pub table_hits: u64,
}

impl<'a, P: Position + Evaluate> Worker<'a, P> {
    /// A thread searching `root`, after the game positions `history`.
    pub fn new(
        root: &P,
        history: &[u64],
        tt: &'a TranspositionTable,
        shared: &'a Shared<'a, P::Move>,
        heuristics: &'a mut Heuristics<P::Move>,
        eval_cache: &'a mut EvalCache,
    ) -> Self {
        let root_key = root.hash();
        let before = match history.last() {
            Some(&k) if k == root_key => &history[..history.len() - 1],
            _ => history,
        };
        let mut keys = Vec::with_capacity(before.len() + MAX_PLY + 2);
        keys.extend_from_slice(before);
        keys.push(root_key);
        let buffers = (0..=MAX_PLY).map(|_| PlyBuffers::default()).collect();
        let mut pos = root.clone();
        let eval_tables = pos.prepare_evaluation();
        heuristics.fit(pos.history_indices());
        Worker {
            pos,
            eval_tables,
            tt,
            shared,
            heuristics,
            keys,
            barrier: 0,
            path: vec![None; MAX_PLY + 2],
            path_index: vec![0; MAX_PLY + 2],
            evals: vec![-MATE - 1; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            buffers,
            nodes: 0,
            unflushed: 0,
            interval: if shared.max_nodes.is_some() {
                64
            } else {
                CHECK_INTERVAL
            },
            seldepth: 0,
            stopped: false,
            root_depth: 1,
            progress: None,
            draw_score: shared.draw_score,
            eval_cache,
            tune: tunables::current(),
            tables: None,
            table_hits: 0,
        }
    }

    /// Counts a node; every so often looks at the limits. Returns whether
    /// the search must unwind.
    pub fn count_node(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= self.interval {
            self.check_limits();
        }
        self.stopped
    }

    /// Adds this thread's nodes to the total and checks every stop reason.
    pub fn check_limits(&mut self) {
        let total = self
            .shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed)
            + self.unflushed;
        self.unflushed = 0;
        if let Some(p) = self.progress {
            p.set_nodes(total);
        }
        let s = self.shared;
        if s.stop.load(Ordering::Relaxed) != RUN
            || s.helpers_stop.load(Ordering::Relaxed)
            || s.max_nodes.is_some_and(|n| total >= n)
            || s.hard.is_some_and(|h| s.start.elapsed() >= h)
        {
            self.stopped = true;
        }
    }

    /// Adds the unflushed nodes to the shared total.
    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// Static evaluation, kept clear of the mate and table ranges (from the cache
    /// when this thread has evaluated the position before).
    pub fn evaluate(&mut self) -> Score {
        let key = EvalCache::key(self.pos.hash(), self.pos.halfmove_clock());
        if let Some(score) = self.eval_cache.get(key) {
            return score;
        }
        let score = self
            .pos
            .evaluate_with(&self.eval_tables)
            .clamp(-TABLE_BOUND + 1, TABLE_BOUND - 1);
        self.eval_cache.put(key, score);
        score
    }

    /// `raw`, the static evaluation of the position, corrected by what the
    /// search has learnt of the evaluation's errors with these pawns.
    /// `raw` itself where the board has no pawn key.
    pub fn corrected(&self, raw: Score) -> Score {
        let Some(key) = self.pos.pawn_key() else {
            return raw;
        };
        let side = self.pos.side_to_move().index();
        let correction = self.heuristics.correction.correction(side, key);
        (raw + correction).clamp(-TABLE_BOUND + 1, TABLE_BOUND - 1)
    }

    /// Plays `m` and records it on the path; `false` if it was illegal.
    pub fn make(&mut self, m: P::Move, ply: usize) -> bool {
        let index = self.pos.history_index(m);
        if !self.pos.make(m) {
            return false;
        }
        self.path_index[ply + 1] = index;
        self.keys.push(self.pos.hash());
        self.path[ply + 1] = Some(m);
        true
    }

    /// Takes back `m`, played by [`Worker::make`].
    pub fn unmake(&mut self, m: P::Move) {
        self.keys.pop();
        self.pos.unmake(m);
    }

    /// Passes; returns the barrier to hand back to [`Worker::unmake_null`].
    pub fn make_null(&mut self, ply: usize) -> usize {
        self.pos.make_null();
        self.keys.push(self.pos.hash());
        self.path[ply + 1] = None;
        std::mem::replace(&mut self.barrier, self.keys.len() - 1)
    }

    /// Takes back a null move.
    pub fn unmake_null(&mut self, barrier: usize) {
        self.keys.pop();
        self.barrier = barrier;
        self.pos.unmake_null();
    }

    /// The score of a node that ends the game without search: a variant
    /// rule, the 50-move rule, or a repetition (one suffices in the tree).
    pub fn terminal_score(&mut self, ply: usize) -> Option<Score> {
        if let Some(v) = self.pos.rule_verdict() {
            return Some(self.verdict(v, ply));
        }
        let clock = self.pos.halfmove_clock() as usize;
        let move_rule = self
            .pos
            .move_rule_plies()
            .map_or(usize::MAX, |n| n as usize);
        if clock >= move_rule {
            // A mate on the 100th ply still counts as a mate.
            if self.pos.in_check() && self.pos.legal_moves().is_empty() {
                return Some(self.verdict(self.pos.no_move_verdict(), ply));
            }
            return Some(self.draw(ply));
        }
        let last = self.keys.len() - 1;
        let key = self.keys[last];
        let oldest = last.saturating_sub(clock).max(self.barrier);
        let mut i = last;
        while i >= oldest + 2 {
            i -= 2;
            if self.keys[i] == key {
                return Some(self.draw(ply));
            }
        }
        None
    }

    /// The score of a draw at `ply`: the root side's draw score, negated
    /// on the opponent's plies (contempt).
    pub fn draw(&self, ply: usize) -> Score {
        if ply.is_multiple_of(2) {
            self.draw_score
        } else {
            -self.draw_score
        }
    }

    /// The score of a verdict for the side to move at `ply`, draws with
    /// contempt.
    pub fn verdict(&self, v: Verdict, ply: usize) -> Score {
        match v {
            Verdict::Draw => self.draw(ply),
            _ => verdict_score(v, ply),
        }
    }

    /// Makes `pv[ply]` the line `m` followed by `pv[ply + 1]`.
    pub fn update_pv(&mut self, ply: usize, m: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }
}

/// The score of a verdict for the side to move at `ply`.
pub(crate) fn verdict_score(v: Verdict, ply: usize) -> Score {
    match v {
        Verdict::Loss => mated_in(ply),
        Verdict::Draw => 0,
        Verdict::Win => mate_in(ply),
    }
}
