//! Searches the console's tools run on their own thread of work (test
//! suites, annotation), apart from the game the engine plays: positions on
//! the right board for a variant, searched with a
//! [`SearcherPool`](crate::engine::searchers::SearcherPool) kept between
//! positions, and the console's limits (`sd`, `sn`, `st`, `level`) turned
//! into search limits.
//!
//! Searching here rather than through the engine keeps the game untouched,
//! gives each iteration to the caller (to stop early once a test's solution
//! has held), and lets annotation restrict the root to the move played.

use super::Console;
use crate::boards::{AnyPosition, BoardChoice};
use crate::engine::dispatch::complete_fen;
use crate::position::{Evaluate, Position};
use crate::search::{Caps, Limits, SearchInfo, SearchParams, SearchResult, Searcher, RUN, STOP};
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

/// How far each search of a tool may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolLimits {
    /// The limits of one search.
    pub limits: Limits,
    /// The depth cap (`sd`), whatever the limits.
    pub depth: Option<u32>,
}

impl ToolLimits {
    /// The limits of the console's settings: a node budget (`sn`) first,
    /// then a time per move (`st`), then a depth (`sd`) alone, else the
    /// time a move of the `level` control would get from a full clock.
    #[must_use]
    pub fn from_console(c: &Console) -> ToolLimits {
        let limits = if let Some(nodes) = c.node_budget() {
            Limits::Nodes(nodes)
        } else if let Some(ms) = c.move_time_ms() {
            Limits::MoveTime(Duration::from_millis(ms))
        } else if let Some(depth) = c.depth_limit() {
            Limits::Depth(depth)
        } else {
            let level = c.level().unwrap_or(crate::engine::clock::DEFAULT_LEVEL);
            Limits::Clock {
                left: Duration::from_millis(level.base_ms),
                inc: Duration::from_millis(level.inc_ms),
                moves_to_go: (level.moves > 0).then_some(level.moves),
            }
        };
        ToolLimits {
            limits,
            depth: c.depth_limit(),
        }
    }

    /// The limits as one line for reports: `depth 4`, `5.0 s a move`.
    #[must_use]
    pub fn describe(&self) -> String {
        let base = match self.limits {
            Limits::Depth(d) => format!("depth {d}"),
            Limits::Nodes(n) => format!("{n} nodes"),
            Limits::MoveTime(t) => format!("{:.1} s a move", t.as_secs_f64()),
            Limits::Clock { left, .. } => format!("a {:.0} s clock", left.as_secs_f64()),
            Limits::Infinite => "no limit".into(),
        };
        match (self.limits, self.depth) {
            (Limits::Depth(_), _) | (_, None) => base,
            (_, Some(d)) => format!("{base}, depth {d} at most"),
        }
    }
}

/// `variant`'s position `fen` (its start without one) on the board the
/// engine would use.
///
/// # Errors
/// An unknown variant or a FEN that does not fit it, as one line.
pub fn position(c: &mut Console, variant: &str, fen: Option<&str>) -> Result<AnyPosition, String> {
    let rules = c
        .library()
        .variant(variant)
        .map_err(|_| format!("unknown variant {variant}"))?;
    let board = BoardChoice::mailbox_if(c.config().mailbox_board);
    let fen = fen.map(full_fen);
    AnyPosition::new(&rules, fen.as_deref(), board)
        .map_err(|e| format!("illegal position ({e}): {}", fen.unwrap_or_default()))
}

/// A FEN with its move counters (EPD leaves them out).
#[must_use]
pub fn full_fen(fen: &str) -> String {
    let fen = complete_fen(fen.trim());
    if fen.split_whitespace().count() == 4 {
        format!("{fen} 0 1")
    } else {
        fen
    }
}

/// Searches `root` under `limits`, skipping the root moves in `exclude`.
/// `history` holds the keys of the positions before it (repetitions).
/// `on_iteration` sees each finished iteration and returns true to stop
/// the search there.
pub fn search<P: Position + Evaluate>(
    searcher: &mut Searcher<P>,
    root: &P,
    history: &[u64],
    limits: &ToolLimits,
    exclude: Vec<P::Move>,
    on_iteration: &mut dyn FnMut(&SearchInfo<P::Move>) -> bool,
) -> SearchResult<P::Move> {
    let mut params = SearchParams::new(limits.limits);
    params.caps = Caps {
        depth: limits.depth,
        ..Caps::default()
    };
    params.exclude = exclude;
    params.board_width = root.board_width();
    let stop = AtomicU8::new(RUN);
    let mut report = |info: SearchInfo<P::Move>| {
        if info.multipv <= 1 && on_iteration(&info) {
            stop.store(STOP, Ordering::Relaxed);
        }
    };
    searcher.search(root, history, &params, &stop, &mut report)
}
