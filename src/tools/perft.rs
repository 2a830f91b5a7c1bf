//! Perft and divide for the tools, tests and benchmarks: the generic
//! counting lives beside the [`Position`](crate::position::Position) trait
//! (`position::perft`), where the engine's `go perft` uses it too.

pub use crate::position::perft::{divide, perft};
