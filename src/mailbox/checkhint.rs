//! A cheap test of whether a quiet move could give check, for the search's
//! late-move and futility pruning: it prunes quiet moves but keeps those
//! that check, and without this test it must play every such move to see.
//!
//! The test is geometric and conservative: on a board where only plain
//! leapers and sliders attack (`Tables::plain`) and the opponent has one
//! royal, a quiet move can check only by the moved piece attacking the
//! royal from its new square, or by emptying a square between the royal
//! and one of its own sliders (a discovered check). A gating move (Seirawan)
//! empties no square: it checks only by the moved piece from its new square
//! or the gated piece from the square the mover left. When a check is
//! possible, or the board is not that simple, the answer is "maybe".

use super::moves::{Move, MoveKind};
use super::{cell_type, MailboxPos};

impl MailboxPos {
    /// Whether the quiet move `m` of the side to move might give check;
    /// `false` only when it surely does not.
    #[must_use]
    pub(crate) fn quiet_move_may_check(&self, m: Move) -> bool {
        let t = &self.tables;
        if m.is_drop() {
            return self.drop_may_check(m);
        }
        let gating = self.is_gating(m);
        if !t.plain
            || (m.piece() != 0 && !gating)
            || !matches!(m.kind(), MoveKind::Quiet | MoveKind::MultiStep)
        {
            return true;
        }
        let royals = &self.royals[self.side.flip().index()];
        if royals.len != 1 {
            return true;
        }
        let royal = royals.squares[0];
        let (from, to) = (m.from(), m.to());
        let mover = cell_type(self.board[from as usize]);
        let (rf, rr) = (i32::from(royal & 15), i32::from(royal >> 4));
        let reaches = |piece: u8, sq: u8| {
            t.may_reach(piece, rf - i32::from(sq & 15), rr - i32::from(sq >> 4))
        };
        if gating {
            // The gated piece fills the square the mover leaves, so no line
            // opens: only the mover on its target or the gated piece on the
            // mover's origin can check.
            return reaches(mover, to) || reaches(m.piece(), from);
        }
        reaches(mover, to) || self.may_discover_check(royal, from, to)
    }

    /// [`MailboxPos::quiet_move_may_check`] for a drop: it fills a square
    /// and empties none, so only the dropped man can check.
    fn drop_may_check(&self, m: Move) -> bool {
        let t = &self.tables;
        let royals = &self.royals[self.side.flip().index()];
        if !t.plain || royals.len != 1 {
            return true;
        }
        let royal = royals.squares[0];
        let (rf, rr) = (i32::from(royal & 15), i32::from(royal >> 4));
        let to = m.to();
        t.may_reach(m.piece(), rf - i32::from(to & 15), rr - i32::from(to >> 4))
    }

    /// Whether emptying `from` for `to` may let a slider of the side to
    /// move see the enemy royal on `royal` (a discovered check).
    #[inline(never)]
    fn may_discover_check(&self, royal: u8, from: u8, to: u8) -> bool {
        let df = i32::from(from & 15) - i32::from(royal & 15);
        let dr = i32::from(from >> 4) - i32::from(royal >> 4);
        self.tables.may_open_line(df, dr) && self.opens_line(royal, from, to, self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{GenKind, Position};
    use crate::rules::catalog::Catalog;

    /// (checking moves, moves ruled out) over the quiet moves of `fen`;
    /// panics if a move ruled out gives check.
    fn census(variant: &str, fen: &str) -> (usize, usize) {
        let catalog = Catalog::from_text(include_str!("../../fmax.ini"), "fmax.ini", &[]);
        let mut pos = MailboxPos::from_fen(catalog.variant(variant).unwrap(), fen).unwrap();
        let mut moves = Vec::new();
        pos.generate(GenKind::Quiets, &mut moves);
        let (mut checks, mut ruled_out) = (0, 0);
        for m in moves {
            let may = pos.quiet_move_may_check(m);
            ruled_out += usize::from(!may);
            if pos.make(m) {
                if pos.in_check() {
                    checks += 1;
                    assert!(may, "{variant} {fen}: {}", pos.to_fen());
                }
                pos.unmake(m);
            }
        }
        (checks, ruled_out)
    }

    #[test]
    fn no_checking_move_is_ruled_out() {
        let cases = [
            (
                "normal",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            ),
            ("normal", "4k3/8/8/3B4/8/2N5/3R4/4K3 w - - 0 1"),
            (
                "capablanca",
                "r1b1k2rnc/pppppppppp/10/2A7/4C5/10/PPPPPPPPPP/RNB1K1BN1R w - - 0 1",
            ),
            (
                "knightmate",
                "rmbqkbmr/pppppppp/8/8/4Q3/8/PPPPPPPP/RMB1KBMR w - - 0 1",
            ),
            ("shatranj", "4k3/8/8/8/3R4/8/3N4/4K3 w - - 0 1"),
        ];
        let mut total = (0, 0);
        for (variant, fen) in cases {
            let (checks, ruled_out) = census(variant, fen);
            total = (total.0 + checks, total.1 + ruled_out);
        }
        // The positions have checks to find and many quiet moves that
        // cannot check.
        assert!(total.0 >= 8 && total.1 >= 60, "{total:?}");
    }

    #[test]
    fn gating_moves_are_ruled_out_unless_they_check() {
        // The knight on b1 checks from a3 and c3; an elephant (rook and
        // knight) gated on b1 checks along the b-file whatever the knight
        // does; the king's and the g1 knight's gatings never check.
        let catalog = Catalog::from_text(include_str!("../../fmax.ini"), "fmax.ini", &[]);
        let fen = "8/8/8/1k6/8/8/8/1N2K1N1[EH] w BEG - 0 1";
        let mut pos = MailboxPos::from_fen(catalog.variant("seirawan").unwrap(), fen).unwrap();
        let mut moves = Vec::new();
        pos.generate(GenKind::Quiets, &mut moves);
        moves.retain(|&m| pos.is_gating(m));
        let (mut gatings, mut checks, mut ruled_out) = (0, 0, 0);
        for m in moves {
            let may = pos.quiet_move_may_check(m);
            assert!(pos.make(m), "{}", pos.coordinate_text(m));
            let check = pos.in_check();
            pos.unmake(m);
            assert_eq!(may, check, "{}", pos.coordinate_text(m));
            gatings += 1;
            checks += usize::from(check);
            ruled_out += usize::from(!may);
        }
        // Two gatings for each of 3 + 3 knight and 5 king moves.
        assert_eq!((gatings, checks, ruled_out), (22, 5, 17));
    }
}
