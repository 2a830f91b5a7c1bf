//! The makruk family's counting rules on the mailbox board, driven by the
//! overlay's [`Counting`](crate::rules::end_rules::Counting) data, with the
//! facts Fairy-Stockfish plays them by:
//!
//! - a count starts after a move when the side now to move can count: the
//!   opponent has more than its royal and, for the board's honour
//!   (`board_count`), the counting side has other pieces too and no pawn is
//!   left (or, with `board_count_max_pieces`, the counting side has at most
//!   that many pieces); for the pieces' honour (`pieces_count`), the counting
//!   side has a lone royal, no pawn is left, and the stronger side's
//!   material gives the limit;
//! - a running count goes on until a capture or promotion leaves the side
//!   to move with a lone royal, which restarts it under the pieces' honour;
//!   a lone royal that takes the last pawn starts counting at once;
//! - the pieces' honour count starts at the number of pieces on the board
//!   (`pieces_count_start = pieces`) or at zero; the board's honour at zero;
//! - the game is drawn when the count (in plies) passes the limit (twice
//!   the moves), unless the side to move is mated.
//!
//! In FEN a running count replaces the e.p. field with the limit in plies
//! and the halfmove clock with the plies counted, as Fairy-Stockfish writes
//! it (`8/8/8/4k3/8/8/R7/4K3 b - 32 6 1`).

use super::{cell_type, MailboxPos};
use crate::core::Color;
use crate::position::Position;
use crate::rules::variant::Royalty;

/// A running count: the limit and the plies counted so far (`limit` 0: no
/// count runs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Limit in plies.
    pub limit: u16,
    /// Plies counted.
    pub ply: u16,
}

impl MailboxPos {
    /// The running count (limit 0 when none runs).
    #[must_use]
    pub fn count_state(&self) -> Count {
        self.count
    }

    /// Non-royal pieces of `color` on the board.
    fn others_of(&self, color: Color) -> u32 {
        let counts = &self.counts[color.index()];
        (1..self.tables.royalty.len())
            .filter(|&t| self.tables.royalty[t] == Royalty::None)
            .map(|t| u32::from(counts[t]))
            .sum()
    }

    /// Pawns of both sides on the board.
    fn pawns_on_board(&self) -> u32 {
        (1..self.tables.is_pawn.len())
            .filter(|&t| self.tables.is_pawn[t])
            .map(|t| u32::from(self.counts[0][t]) + u32::from(self.counts[1][t]))
            .sum()
    }

    /// Every piece on the board, royals included.
    fn pieces_on_board(&self) -> u32 {
        self.counts
            .iter()
            .flat_map(|c| c.iter().skip(1))
            .map(|&n| u32::from(n))
            .sum()
    }

    /// The limit in moves if `side` would count now (0: it cannot).
    fn count_limit(&self, side: Color) -> u16 {
        let rules = &self.tables.variant.counting;
        let strong = side.flip();
        if self.others_of(strong) == 0 {
            return 0;
        }
        let pawns = self.pawns_on_board() > 0;
        if self.others_of(side) > 0 {
            let allowed = match rules.board_max_pieces {
                // The royal counts as one of the pieces.
                Some(max) => self.others_of(side) < u32::from(max),
                None => !pawns,
            };
            return if allowed { rules.board_moves } else { 0 };
        }
        if pawns {
            return 0;
        }
        let has = |(types, n): &([u8; 2], u8)| {
            self.counts[strong.index()][types[strong.index()] as usize] >= *n
        };
        rules
            .pieces
            .iter()
            .find(|entry| entry.needs.iter().all(has))
            .map_or(0, |entry| entry.moves)
    }

    /// Moves the count on after a move: `captured` is the cell taken (0 for
    /// none), `promoted` whether a pawn promoted. The side to move is
    /// already the opponent of the mover.
    pub(crate) fn advance_count(&mut self, captured: u8, promoted: bool) {
        let rules = &self.tables.variant.counting;
        if !rules.enabled {
            return;
        }
        let from_zero = rules.pieces_from_zero;
        if self.count.limit > 0 {
            self.count.ply = self.count.ply.saturating_add(1);
        }
        let to_move = self.side;
        let mover = to_move.flip();
        let total = u16::try_from(self.pieces_on_board()).unwrap_or(u16::MAX / 4);
        let took_pawn = captured != 0 && self.tables.is_pawn[cell_type(captured) as usize];
        if !from_zero && took_pawn && self.others_of(mover) == 0 && self.pawns_on_board() == 0 {
            let limit = self.count_limit(mover);
            if limit > 0 {
                self.count = Count {
                    limit: 2 * limit,
                    ply: 2 * total - 1,
                };
            }
        }
        let lone = self.others_of(to_move) == 0;
        let restart = (captured != 0 || promoted) && lone;
        if self.count.limit == 0 || restart {
            let limit = self.count_limit(to_move);
            if limit > 0 {
                self.count = Count {
                    limit: 2 * limit,
                    ply: if from_zero || !lone { 0 } else { 2 * total },
                };
            }
        }
    }

    /// Sets the count from FEN fields: the e.p. field when it is a number
    /// (the limit in plies) and the halfmove clock (the plies counted).
    /// Returns whether the e.p. field was a count.
    pub(crate) fn read_count(&mut self, ep_field: &str, halfmove: u32) -> bool {
        if !self.tables.variant.counting.enabled
            || ep_field.is_empty()
            || !ep_field.chars().all(|c| c.is_ascii_digit())
        {
            return false;
        }
        let limit = ep_field.parse::<u16>().unwrap_or(u16::MAX);
        self.count = Count {
            limit,
            ply: u16::try_from(halfmove).unwrap_or(u16::MAX),
        };
        true
    }

    /// Whether the count has run out: a draw unless the side to move is mated.
    pub(crate) fn count_expired(&self) -> bool {
        let c = self.count;
        if c.limit == 0 || c.ply <= c.limit {
            return false;
        }
        !self.in_check() || !self.clone().legal_moves().is_empty()
    }
}
