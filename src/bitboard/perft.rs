//! Perft (leaf-node counts) and divide for the bitboard board, with bulk
//! counting: at depth 1 the legal moves are counted, not played.
//!
//! The other boards count with the generic driver beside the `Position`
//! trait (`position::perft`); this board keeps its own because its speed
//! comes from what that trait does not expose: the board's strictly legal
//! generator writing through a `MoveSink` into a move array on the stack
//! (no `Vec`, no play-and-test of pseudo-legal moves), moves played without
//! updating the hash key (`make_move_keyed::<false>`), and the last ply
//! counted by the legal generator without a move list. The generic driver
//! generates pseudo-legal moves into vectors and learns legality from
//! `make`, as the search does. Both are checked against the same reference
//! tables (tests/data/perft, and here also the classic positions, Ethereal's
//! suite and the Chess960 table: tests/bitboard.rs), and the two boards
//! against each other (tests/differential.rs).

use super::movegen::{Filter, MoveSink};
use super::types::{Bitboard, Move, Squares, BACK_RANKS, FLAG_DOUBLE, FLAG_NORMAL, FLAG_PROMO};
use super::BitboardPos;

/// The most legal moves any chess position has is 218.
const MAX_MOVES: usize = 256;

/// A fixed-capacity move list on the stack (no allocation per node).
struct MoveArray {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveArray {
    fn new() -> MoveArray {
        MoveArray {
            moves: [Move::new(0, 0, 0); MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len.min(MAX_MOVES)]
    }
}

impl MoveSink for MoveArray {
    #[inline(always)]
    fn piece(&mut self, from: usize, targets: Bitboard) {
        for to in Squares(targets) {
            self.push(Move::new(from, to, FLAG_NORMAL));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, double: bool) {
        let flag = if double { FLAG_DOUBLE } else { FLAG_NORMAL };
        for to in Squares(targets & !BACK_RANKS) {
            self.push(Move::new((to as i32 - delta) as usize, to, flag));
        }
        for to in Squares(targets & BACK_RANKS) {
            let from = (to as i32 - delta) as usize;
            for kind in 1..=4 {
                self.push(Move::new(from, to, FLAG_PROMO + kind - 1));
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.push(m);
    }
}

/// The number of leaf nodes of the legal move tree `depth` plies deep.
#[must_use]
pub fn perft(pos: &mut BitboardPos, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => perft_inner(pos, depth),
    }
}

fn perft_inner(pos: &mut BitboardPos, depth: u32) -> u64 {
    let mut list = MoveArray::new();
    pos.generate_legal(&mut list, &Filter::ALL);
    let mut nodes = 0;
    for &m in list.as_slice() {
        pos.make_move_keyed::<false>(m);
        nodes += if depth == 2 {
            pos.count_legal()
        } else {
            perft_inner(pos, depth - 1)
        };
        pos.unmake_move(m);
    }
    nodes
}

/// Perft per root move, in generation order, as (move text, leaf count).
#[must_use]
pub fn divide(pos: &mut BitboardPos, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves_into(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let text = pos.move_text(m);
            pos.make_move(m);
            let nodes = perft(pos, depth.saturating_sub(1));
            pos.unmake_move(m);
            (text, nodes)
        })
        .collect()
}
