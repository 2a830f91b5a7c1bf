//! What the search tells the outside: per-iteration [`SearchInfo`], the final
//! [`SearchResult`], and the values of the shared stop flag.
//!
//! The protocol layer turns these into text (`ply score time nodes pv`); the
//! helpers here only do what needs the position: PV moves to strings.

use crate::core::Score;
use crate::position::Position;

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
