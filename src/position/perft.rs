//! Perft (move-path enumeration) and divide, generic over any [`Position`]:
//! the standard proof that a move generator is right. The mailbox board
//! counts with it (tests/perft.rs checks every variant of the reference
//! tables); the bitboard board has a faster count of its own
//! (`bitboard::perft`, whose doc says why).

use super::{GenKind, Position};

/// Counts the leaf nodes of the legal move tree `depth` plies deep.
pub fn perft<P: Position>(pos: &mut P, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(128); depth as usize + 1];
    count(pos, depth, &mut buffers)
}

/// Perft with one reusable move buffer per ply.
fn count<P: Position>(pos: &mut P, depth: u32, buffers: &mut [Vec<P::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (mine, deeper) = buffers
        .split_first_mut()
        .map_or((None, &mut [][..]), |(a, b)| (Some(a), b));
    let Some(moves) = mine else { return 0 };
    if depth == 1 {
        return pos.count_legal_moves(moves);
    }
    moves.clear();
    pos.generate(GenKind::All, moves);
    let mut nodes = 0;
    for &m in moves.iter() {
        if pos.make(m) {
            nodes += if depth == 1 {
                1
            } else {
                count(pos, depth - 1, deeper)
            };
            pos.unmake(m);
        }
    }
    nodes
}

/// Perft split by root move: (move text, nodes) in generation order.
pub fn divide<P: Position>(pos: &mut P, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.generate(GenKind::All, &mut moves);
    let mut out = Vec::new();
    for m in moves {
        let text = pos.move_to_string(m);
        if pos.make(m) {
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake(m);
            out.push((text, n));
        }
    }
    out
}
