//! Whether a move gives check, answered without playing it: the search asks
//! this of every late quiet move it would prune (checks are never pruned).
//!
//! The answer is exact for every legal move. A check is either direct (the
//! moved piece, or the castled rook, attacks the enemy king from its new
//! square through the occupancy after the move) or discovered (a slider of
//! ours sees the king once the origin square, or the e.p. victim's square, is
//! empty). An ordinary move can only open the one line that joins its origin
//! to the king, and keeps it shut if it lands on that line; castling and e.p.
//! move or remove two pieces, so they recompute all our sliders instead.

use super::attacks::{tables, AttackTables};
use super::board::{castle_index, BitboardPos};
use super::types::{bit, code_kind, Bitboard, Move, FLAG_CASTLE, FLAG_EP, FLAG_PROMO};

impl BitboardPos {
    /// Whether the legal move `m` leaves the opponent in check.
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        let t = tables();
        let (from, to, flag) = (m.from_index(), m.to_index(), m.flag());
        let ksq = self.king_square(self.side ^ 1);
        match flag {
            FLAG_CASTLE => self.castle_gives_check(t, from, to, ksq),
            FLAG_EP => self.en_passant_gives_check(t, from, to, ksq),
            _ => {
                let occ = (self.occupied() ^ bit(from)) | bit(to);
                let kind = if flag >= FLAG_PROMO {
                    usize::from(flag - FLAG_PROMO) + 1
                } else {
                    code_kind(self.board[from & 63])
                };
                self.piece_attacks(t, kind, to, occ) & bit(ksq) != 0
                    || self.discovers_check(t, from, to, ksq, occ)
            }
        }
    }

    /// Attacks of our piece of kind index `kind` standing on `sq`, given `occ`.
    #[inline(always)]
    fn piece_attacks(&self, t: &AttackTables, kind: usize, sq: usize, occ: Bitboard) -> Bitboard {
        match kind {
            0 => t.pawn(self.side, sq),
            1 => t.knight(sq),
            2 => t.bishop(sq, occ),
            3 => t.rook(sq, occ),
            4 => t.queen(sq, occ),
            _ => t.king(sq),
        }
    }

    /// Whether leaving `from` for `to` (an ordinary move) uncovers one of our
    /// sliders on the line from `from` to the king `ksq`.
    #[inline(always)]
    fn discovers_check(
        &self,
        t: &AttackTables,
        from: usize,
        to: usize,
        ksq: usize,
        occ: Bitboard,
    ) -> bool {
        let line = t.line(ksq, from);
        if line == 0 || line & bit(to) != 0 {
            return false;
        }
        let own = self.by_color[self.side] & !bit(from);
        let k = &self.by_kind;
        let orthogonal = (from ^ ksq) & 7 == 0 || (from ^ ksq) & 56 == 0;
        if orthogonal {
            t.rook(ksq, occ) & (k[3] | k[4]) & own & line != 0
        } else {
            t.bishop(ksq, occ) & (k[2] | k[4]) & own & line != 0
        }
    }

    /// Whether any of our sliders in `diag`/`orth` sees `ksq` through `occ`.
    fn sliders_see(
        t: &AttackTables,
        ksq: usize,
        occ: Bitboard,
        diag: Bitboard,
        orth: Bitboard,
    ) -> bool {
        t.bishop(ksq, occ) & diag != 0 || t.rook(ksq, occ) & orth != 0
    }

    /// Castling checks through the rook on its new square, or (Chess960) by
    /// uncovering a slider behind the king's or rook's origin.
    fn castle_gives_check(&self, t: &AttackTables, king: usize, rook: usize, ksq: usize) -> bool {
        let rule = self.castle_rules[castle_index(self.side, king, rook)];
        let (king_to, rook_to) = (usize::from(rule.king_to), usize::from(rule.rook_to));
        let occ = (self.occupied() ^ bit(king) ^ bit(rook)) | bit(king_to) | bit(rook_to);
        if t.rook(rook_to, occ) & bit(ksq) != 0 {
            return true;
        }
        let own = self.by_color[self.side];
        let k = &self.by_kind;
        let diag = (k[2] | k[4]) & own;
        let orth = ((k[3] | k[4]) & own & !bit(rook)) | bit(rook_to);
        Self::sliders_see(t, ksq, occ, diag, orth)
    }

    /// En passant checks with the pawn itself or by emptying two squares.
    fn en_passant_gives_check(&self, t: &AttackTables, from: usize, to: usize, ksq: usize) -> bool {
        if t.pawn(self.side, to) & bit(ksq) != 0 {
            return true;
        }
        let occ = (self.occupied() ^ bit(from) ^ bit(to ^ 8)) | bit(to);
        let own = self.by_color[self.side];
        let k = &self.by_kind;
        Self::sliders_see(t, ksq, occ, (k[2] | k[4]) & own, (k[3] | k[4]) & own)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The legal moves of `fen` that `gives_check` reports, as sorted text.
    fn checking(fen: &str) -> Vec<String> {
        let pos = BitboardPos::from_fen(fen, false).unwrap();
        let mut moves = Vec::new();
        pos.legal_moves_into(&mut moves);
        let mut found: Vec<String> = moves
            .into_iter()
            .filter(|&m| pos.gives_check(m))
            .map(|m| pos.move_text(m))
            .collect();
        found.sort();
        found
    }

    #[test]
    fn castling_checks_with_the_rook_on_its_new_square() {
        assert_eq!(
            checking("5k2/8/8/8/8/8/8/4K2R w K - 0 1"),
            ["e1g1", "h1f1", "h1h8"]
        );
        // O-O-O puts the rook on d1, off the king's file.
        assert_eq!(checking("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), ["a1a8"]);
    }

    #[test]
    fn every_knight_move_off_the_file_discovers_the_rook() {
        assert_eq!(
            checking("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1"),
            ["e2c1", "e2c3", "e2d4", "e2f4", "e2g3"]
        );
    }

    #[test]
    fn en_passant_opens_the_rank_by_emptying_two_squares() {
        assert_eq!(checking("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1"), ["e5d6"]);
    }
}
