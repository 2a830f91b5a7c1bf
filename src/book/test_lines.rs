//! Test support for the book modules: the key of the orthodox position a
//! line of SAN moves leads to, as book entries store it.

use crate::bitboard::BitboardPos;
use crate::notation::parse_san;
use crate::position::Position;

/// The hash of the position after `moves` (SAN) from the orthodox start.
/// Panics on an illegal move: the lines are the tests' own.
pub(crate) fn child(moves: &[&str]) -> u64 {
    let mut pos = BitboardPos::startpos();
    for m in moves {
        let mv = parse_san(&mut pos, m).unwrap();
        pos.make(mv);
    }
    pos.hash()
}
