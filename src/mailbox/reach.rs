//! What a piece reaches on the board as it stands, and the squares a
//! side's pawns attack: board facts for the general evaluation's
//! mobility, attack and threat terms (it keeps the weights).

use super::moves::MoveKind;
use super::square_rays::Coverage;
use super::{cell_type, MailboxPos, EMPTY};
use crate::core::Color;

/// [`MailboxPos::for_each_reach`] rights bit: the piece may capture on the
/// square (it attacks it).
pub const REACH_CAPTURE: u8 = 1;
/// [`MailboxPos::for_each_reach`] rights bit: the piece may move to the
/// square when it is empty.
pub const REACH_MOVE: u8 = 2;

impl MailboxPos {
    /// Calls `f(square, occupant, rights)` for every square the piece on
    /// `x` (not a pawn) reaches along its rays on the board as it stands,
    /// royal safety aside: with `rights` of [`REACH_CAPTURE`] and
    /// [`REACH_MOVE`]. Plain leaps and slides report every square up to and
    /// including the first man in the way, whatever its colour (an own man
    /// there is defended); other rays (hoppers, bent and lame pieces)
    /// report only the moves they can make, captures of enemy men and
    /// moves to empty squares. Castling and other virgin-only moves are
    /// left out, and so are squares outside the piece's zone.
    pub fn for_each_reach(&self, x: u8, mut f: impl FnMut(u8, u8, u8)) {
        let piece = self.board[usize::from(x)];
        let t = cell_type(piece);
        match self.tables.square_rays.coverage(t) {
            Coverage::Piece | Coverage::Castler => self.table_reach(x, t, &mut f),
            _ => self.walked_reach(x, piece, &mut f),
        }
    }

    /// [`MailboxPos::for_each_reach`] by walking every ray of the piece.
    #[inline(never)]
    fn walked_reach(&self, x: u8, piece: u8, f: &mut impl FnMut(u8, u8, u8)) {
        let t = usize::from(cell_type(piece));
        for ray in &self.tables.rays[t] {
            if ray.rights == 4 {
                continue;
            }
            if ray.simple {
                let steps = self.tables.ray_reach[ray.reach_row * 256 + usize::from(x)];
                let mut at = i32::from(x);
                for _ in 0..steps {
                    at += ray.offset;
                    let y = (at & 255) as u8;
                    let occupant = self.board[usize::from(y)];
                    if self.zone_allows(piece, y) {
                        f(y, occupant, ray.rights & 3);
                    }
                    if occupant != EMPTY {
                        break;
                    }
                }
            } else {
                self.walk_ray(x, piece, ray, None, &mut |y, mk, _| {
                    let rights = match mk {
                        MoveKind::Capture => REACH_CAPTURE,
                        MoveKind::Quiet => REACH_MOVE,
                        _ => return,
                    };
                    if self.zone_allows(piece, y) {
                        f(y, self.board[usize::from(y)], rights);
                    }
                });
            }
        }
    }

    /// The squares `color`'s pawns attack (the first square of each of
    /// their plain capturing rays), laid out as [`MailboxPos::men_set`].
    #[must_use]
    pub fn pawn_attacks(&self, color: Color) -> [u64; 4] {
        let mut set = [0u64; 4];
        self.for_each_pawn(color, |x| {
            let t = usize::from(cell_type(self.board[usize::from(x)]));
            for ray in &self.tables.rays[t] {
                if !ray.simple || ray.rights & 1 == 0 {
                    continue;
                }
                if self.tables.ray_reach[ray.reach_row * 256 + usize::from(x)] > 0 {
                    let y = (i32::from(x) + ray.offset) as usize & 255;
                    set[y >> 6] |= 1 << (y & 63);
                }
            }
        });
        set
    }
}
