//! Perpetual chasing (xiangqi), judged when a position repeats, with the
//! overlay's `chasing`, `chase_exempt` and `chase_always` data. A side
//! chases when every one of its moves in the repetition cycle creates a new
//! capture (not possible before the move, the moved piece's old captures
//! counting as old) of the same enemy piece, followed through its moves,
//! where that capture is a chase:
//!
//! - the attacker is not exempt (`chase_exempt`, xiangqi: general and
//!   soldiers) and the victim is neither royal nor a pawn (xiangqi's soldier
//!   before the river; a crossed soldier is another piece type here);
//! - an attacker/victim pair listed in `chase_always` (horse or cannon on a
//!   chariot) always chases;
//! - otherwise the victim must be unprotected: after the capture, its side
//!   has no legal recapture on that square; and a victim of the attacker's
//!   own kind that could take the attacker back is not chased.
//!
//! This follows what XBoard adjudicates under the Asian rules, simplified:
//! legality is ordinary legality (a check the chasing move gives is not
//! set aside when looking for recaptures), and the finer cases of the
//! Asian rules (chases by several pieces in turn, "one chase, one idle")
//! are not distinguished.

use super::{cell_type, MailboxPos, Move, EMPTY};
use crate::core::Color;
use crate::position::{GenKind, Position};
use crate::rules::variant::Royalty;

impl MailboxPos {
    /// Over the last `span` plies (a repetition cycle): whether white and
    /// whether black chased some piece with every one of their moves.
    pub(crate) fn perpetual_chasers(&self, span: usize) -> Option<[bool; 2]> {
        let mut probe = self.clone();
        let mut moves = Vec::with_capacity(span);
        for _ in 0..span {
            let m = probe.history.last().and_then(|u| u.played())?;
            probe.unplay(m);
            moves.push(m);
        }
        moves.reverse();
        let mut prey: [Option<Vec<u8>>; 2] = [None, None];
        for m in moves {
            let mover = probe.side;
            let chased = probe.play_and_list_chased(m);
            let mine = &mut prey[mover.index()];
            *mine = Some(match mine.take() {
                None => chased,
                Some(old) => old.into_iter().filter(|sq| chased.contains(sq)).collect(),
            });
            // The other side's prey are the mover's pieces: follow them.
            if let Some(theirs) = prey[mover.flip().index()].as_mut() {
                for sq in theirs.iter_mut().filter(|sq| **sq == m.from()) {
                    *sq = m.to();
                }
            }
        }
        let chasing = |c: Color| prey[c.index()].as_ref().is_some_and(|p| !p.is_empty());
        Some([chasing(Color::White), chasing(Color::Black)])
    }

    /// Plays `m` and returns the squares of the enemy pieces it chases.
    fn play_and_list_chased(&mut self, m: Move) -> Vec<u8> {
        let mover = self.side;
        let before: Vec<(u8, u8)> = self
            .legal_capture_pairs()
            .into_iter()
            .map(|(f, t)| if f == m.from() { (m.to(), t) } else { (f, t) })
            .collect();
        self.play(m);
        self.play_null();
        let after = self.legal_capture_pairs();
        self.unplay_null();
        let mut out = Vec::new();
        for (from, to) in after {
            if before.contains(&(from, to)) || out.contains(&to) {
                continue;
            }
            if self.is_chase(mover, from, to) {
                out.push(to);
            }
        }
        out
    }

    /// Every legal capture of the side to move as (from, to).
    fn legal_capture_pairs(&mut self) -> Vec<(u8, u8)> {
        let mut pseudo = Vec::new();
        self.generate(GenKind::Captures, &mut pseudo);
        let mut out = Vec::new();
        for m in pseudo {
            if m.is_capture() && self.board[m.to() as usize] != EMPTY && self.make(m) {
                self.unmake(m);
                out.push((m.from(), m.to()));
            }
        }
        out
    }

    /// Whether `chaser`'s capture from `from` to `to` (the opponent to move)
    /// is a chase by the overlay's rules.
    fn is_chase(&mut self, chaser: Color, from: u8, to: u8) -> bool {
        let v = std::sync::Arc::clone(&self.tables.variant);
        let (a, victim) = (
            cell_type(self.board[from as usize]),
            cell_type(self.board[to as usize]),
        );
        let letter = |color: Color, t: u8| v.letter_of(color, t).to_ascii_uppercase();
        let (la, lv) = (letter(chaser, a), letter(chaser.flip(), victim));
        let o = &v.overlay;
        if o.chase_exempt.contains(&la)
            || self.tables.is_pawn[victim as usize]
            || self.tables.royalty[victim as usize] != Royalty::None
        {
            return false;
        }
        if o.chase_always.contains(&(la, lv)) {
            return true;
        }
        if la == lv && self.has_legal_move(to, from) {
            return false;
        }
        !self.protected_after_capture(from, to)
    }

    /// Whether the side to move has a legal move from `from` to `to`.
    fn has_legal_move(&mut self, from: u8, to: u8) -> bool {
        self.legal_moves()
            .into_iter()
            .any(|m| m.from() == from && m.to() == to)
    }

    /// With the opponent of the capturer to move: after the capturer takes
    /// on `to` from `from`, can the victim's side take back on `to`?
    fn protected_after_capture(&mut self, from: u8, to: u8) -> bool {
        self.play_null();
        let capture = self
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == from && m.to() == to && m.is_capture());
        let protected = capture.is_some_and(|m| {
            self.play(m);
            let back = self.legal_moves().into_iter().any(|r| r.to() == to);
            self.unplay(m);
            back
        });
        self.unplay_null();
        protected
    }
}
