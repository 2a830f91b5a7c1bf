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

/// Orthodox positions for the bench (start, the classic perft positions,
/// middlegames and endgames), as FEN.
pub const ORTHODOX_BENCH: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
];

/// Variant positions for the mailbox bench: (variant name, FEN); an empty
/// FEN means the variant's initial position.
pub const VARIANT_BENCH: &[(&str, &str)] = &[
    ("capablanca", ""),
    ("gothic", ""),
    ("janus", ""),
    ("shatranj", ""),
    ("knightmate", ""),
    ("great", ""),
    (
        "normal",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
];

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
