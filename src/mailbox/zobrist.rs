//! The mailbox board's Zobrist keys: one per (cell, square), side, e.p.
//! square, holdings count and checks still to give, made once from a fixed
//! seed.

use super::tables::boxed_array;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::LazyLock;

/// Zobrist keys: one per (cell value, square), plus side and e.p. keys.
#[derive(Debug)]
pub struct Zobrist {
    /// Indexed `cell * 256 + square` (cell = type | colour << 4 | virgin <<
    /// 5 | promoted << 6).
    pub piece: Box<[u64; 128 * 256]>,
    /// XORed in when black is to move.
    pub black: u64,
    /// One per e.p. square.
    pub ep: Vec<u64>,
    /// Holdings: indexed `(colour * 16 + type) * 16 + count`.
    pub hand: Vec<u64>,
    /// Checks a side has still to give (`checks_to_win`): indexed
    /// `colour * 128 + checks`.
    pub checks: Vec<u64>,
}

/// The keys, made once from a fixed seed so they are the same every run.
pub static ZOBRIST: LazyLock<Zobrist> = LazyLock::new(|| {
    let mut rng = StdRng::seed_from_u64(0x4E49_4748_5452_4944);
    let mut many = |n: usize| (0..n).map(|_| rng.gen::<u64>()).collect::<Vec<u64>>();
    let mut piece = many(64 * 256);
    let ep = many(256);
    let hand = many(2 * 16 * 16);
    let black = many(1)[0];
    // The promoted cells' keys come last, so the others stay as they were.
    piece.extend(many(64 * 256));
    let checks = many(2 * 128);
    let piece = boxed_array(piece);
    Zobrist {
        piece,
        black,
        ep,
        hand,
        checks,
    }
});
