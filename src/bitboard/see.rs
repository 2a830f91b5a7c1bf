//! Static exchange evaluation on the orthodox board: the material balance
//! of the capture sequence on one square, both sides recapturing with their
//! least valuable piece and free to stop. X-rays come for free: attackers
//! are recomputed from the occupancy with the captured pieces removed.

use super::attacks::tables;
use super::board::BitboardPos;
use super::types::{bit, Bitboard, Move, MoveKind, PieceType};
use crate::core::Score;

/// What the king is worth in an exchange: capturing into a defended square
/// with it must never look good.
const KING_VALUE: Score = 20_000;

fn exchange_value(kind: PieceType) -> Score {
    if kind == PieceType::King {
        KING_VALUE
    } else {
        kind.value()
    }
}

impl BitboardPos {
    /// Static exchange evaluation of the legal move `m` for its side
    /// (centipawns; 0 for castling).
    #[must_use]
    pub fn static_exchange(&self, m: Move) -> Score {
        if m.is_castle() {
            return 0;
        }
        let t = tables();
        let (from, to) = (m.from_index(), m.to_index());
        let mut occ: Bitboard = self.occupied() ^ bit(from);
        let mut gain = [0 as Score; 32];
        gain[0] = match m.kind() {
            MoveKind::EnPassant => {
                occ ^= bit(to ^ 8);
                PieceType::Pawn.value()
            }
            _ => self.piece_on(to).map_or(0, |(_, k)| exchange_value(k)),
        };
        let mut on_square = self.piece_on(from).map_or(0, |(_, k)| exchange_value(k));
        if let Some(p) = m.promotion() {
            gain[0] += p.value() - PieceType::Pawn.value();
            on_square = p.value();
        }
        let mut side = self.side_index() ^ 1;
        let mut depth = 0;
        while depth + 1 < gain.len() {
            let attackers = self.attackers(t, to, occ, side) & occ;
            let Some((sq, kind)) = PieceType::ALL.iter().find_map(|&k| {
                let bb = attackers & self.kind_bb(k);
                (bb != 0).then(|| (bb.trailing_zeros() as usize, k))
            }) else {
                break;
            };
            depth += 1;
            gain[depth] = on_square - gain[depth - 1];
            occ ^= bit(sq);
            on_square = exchange_value(kind);
            side ^= 1;
        }
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        gain[0]
    }
}
