//! What the search tells the outside: per-iteration [`SearchInfo`], the final
//! [`SearchResult`], and the values of the shared stop flag.
//!
//! Moves and scores stay values here; the front ends write them in their
//! notation (`ply score time nodes pv`). [`pv_to_strings`] is the board's
//! own text of a line, for whoever writes one.

use crate::core::Score;
use crate::position::Position;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;

/// What a reported score is: the iteration's value, or a bound from a
/// search that failed outside its aspiration window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// The value of a finished iteration.
    #[default]
    Exact,
    /// At least this (the window failed high).
    Lower,
    /// At most this (the window failed low).
    Upper,
}

/// Stop-flag value: keep searching.
pub const RUN: u8 = 0;
/// Stop-flag value: stop and play the best move found so far (XBoard `?`).
pub const STOP: u8 = 1;
/// Stop-flag value: stop and discard the result (`new`, `force`, `undo`, ...).
pub const ABANDON: u8 = 2;

/// Progress after one completed (or improved) iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo<M> {
    /// Nominal depth in plies.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Score from the side to move's view (mate scores as `MATE - plies`).
    pub score: Score,
    /// Centiseconds since the search started.
    pub centis: u64,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// The principal variation from the root.
    pub pv: Vec<M>,
    /// 1 for the best line; higher numbers for further multi-PV lines.
    pub multipv: usize,
    /// Exact, or a bound reported while the iteration is re-searched
    /// (only when [`crate::search::SearchParams::bound_lines_after`] asks).
    pub bound: Bound,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` when the root has no legal move.
    pub best: Option<M>,
    /// The expected reply, for pondering.
    pub ponder: Option<M>,
    /// Score of `best` from the side to move's view.
    pub score: Score,
    /// Last completed depth.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Whether the stop flag said [`ABANDON`]: the caller should discard it.
    pub abandoned: bool,
}

/// The moves of `pv` in XBoard coordinate notation, each written in the
/// position it is played from. Stops at the first move that is not legal.
#[must_use]
pub fn pv_to_strings<P: Position>(root: &P, pv: &[P::Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        let text = pos.move_to_string(m);
        if !pos.make(m) {
            break;
        }
        out.push(text);
    }
    out
}

/// Live progress of a running search, readable from another thread (for
/// XBoard's `stat01` answer to `.` in analysis). Share it through
/// [`crate::search::SearchParams::progress`]; the main search thread
/// updates it at each root move and every few thousand nodes.
#[derive(Debug)]
pub struct Progress<M> {
    depth: AtomicU32,
    moves_done: AtomicU32,
    moves_total: AtomicU32,
    nodes: AtomicU64,
    /// The root move being searched.
    current: Mutex<Option<M>>,
}

impl<M> Default for Progress<M> {
    fn default() -> Self {
        Progress {
            depth: AtomicU32::default(),
            moves_done: AtomicU32::default(),
            moves_total: AtomicU32::default(),
            nodes: AtomicU64::default(),
            current: Mutex::new(None),
        }
    }
}

/// One reading of a [`Progress`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgressSnapshot {
    /// Depth of the iteration under way.
    pub depth: u32,
    /// Root moves not yet searched at that depth (the current one included).
    pub moves_left: u32,
    /// Root moves in total.
    pub moves_total: u32,
    /// Nodes searched so far, by all threads.
    pub nodes: u64,
}

impl<M: Copy> Progress<M> {
    /// Reads the current values.
    #[must_use]
    pub fn snapshot(&self) -> ProgressSnapshot {
        let total = self.moves_total.load(Ordering::Relaxed);
        ProgressSnapshot {
            depth: self.depth.load(Ordering::Relaxed),
            moves_left: total.saturating_sub(self.moves_done.load(Ordering::Relaxed)),
            moves_total: total,
            nodes: self.nodes.load(Ordering::Relaxed),
        }
    }

    pub(crate) fn set_iteration(&self, depth: u32, moves_total: usize) {
        self.depth.store(depth, Ordering::Relaxed);
        self.moves_total
            .store(moves_total as u32, Ordering::Relaxed);
        self.moves_done.store(0, Ordering::Relaxed);
    }

    /// The root move being searched (`None` before the first) and how
    /// many root moves of this depth came before it.
    #[must_use]
    pub fn current_move(&self) -> (Option<M>, u32) {
        let current = self.current.lock().ok().and_then(|m| *m);
        (current, self.moves_done.load(Ordering::Relaxed))
    }

    pub(crate) fn set_root_move(&self, done: usize, m: M) {
        self.moves_done.store(done as u32, Ordering::Relaxed);
        if let Ok(mut current) = self.current.lock() {
            *current = Some(m);
        }
    }

    pub(crate) fn set_nodes(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }
}
