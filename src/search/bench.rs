//! Fixed-depth search over a list of positions: the node count is a
//! signature of the search's behaviour (it changes whenever the search
//! changes), and nodes per second measures speed. One thread, a fresh
//! 16 MB table, so the count is reproducible.

use super::info::RUN;
use super::limits::Limits;
use super::{SearchParams, Searcher};
use crate::position::{Evaluate, Position};
use std::sync::atomic::AtomicU8;
use std::time::{Duration, Instant};

/// Table size of the bench, fixed so that the node count is reproducible.
const BENCH_HASH_MB: usize = 16;

/// Searches each position to `depth` on one thread; returns the total
/// nodes and the time taken.
#[must_use]
pub fn bench<P: Position + Evaluate>(positions: &[P], depth: u32) -> (u64, Duration) {
    let mut searcher: Searcher<P> = Searcher::new(BENCH_HASH_MB);
    let stop = AtomicU8::new(RUN);
    let params = SearchParams::new(Limits::Depth(depth));
    let start = Instant::now();
    let mut nodes = 0;
    for pos in positions {
        nodes += searcher.search(pos, &[], &params, &stop, &mut |_| {}).nodes;
    }
    (nodes, start.elapsed())
}
