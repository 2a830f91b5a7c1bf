//! What a piece reaches on the board as it stands, and the squares a
//! side's pawns attack: board facts for the general evaluation's
//! mobility, attack and threat terms (it keeps the weights).

use super::square_rays::Coverage;
use super::{cell_type, MailboxPos, EMPTY};
use crate::core::Color;
use crate::rules::mode::Rights;

impl MailboxPos {
    /// Calls `f(square, occupant, rights)` for every square the piece on
    /// `x` (not a pawn) reaches along its rays on the board as it stands,
    /// royal safety aside: with the ray's landing `rights` there (may
    /// capture: the piece attacks the square; may move: it may go there
    /// when the square is empty). Every ray reports each square it may stop on, up to
    /// and including the first man in its way (for a hopper: the screen,
    /// with the rights of the first leg, and the squares beyond it, with
    /// those of the second), whatever its colour: an own man there is
    /// defended. Castling and other virgin-only moves are left out, and so
    /// are squares outside the piece's zone.
    pub fn for_each_reach(&self, x: u8, mut f: impl FnMut(u8, u8, Rights)) {
        let piece = self.board[usize::from(x)];
        let t = cell_type(piece);
        match self.tables.square_rays.coverage(t) {
            Coverage::Piece | Coverage::Castler => self.table_reach(x, t, &mut f),
            _ => self.walked_reach(x, piece, &mut f),
        }
    }

    /// [`MailboxPos::for_each_reach`] by walking every ray of the piece.
    #[inline(never)]
    fn walked_reach(&self, x: u8, piece: u8, f: &mut impl FnMut(u8, u8, Rights)) {
        let t = usize::from(cell_type(piece));
        for ray in &self.tables.rays[t] {
            if ray.rights.is_initial_only() {
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
                        f(y, occupant, ray.rights.landing());
                    }
                    if occupant != EMPTY {
                        break;
                    }
                }
            } else {
                self.reach_ray(x, piece, ray, &mut |y, occupant, rights| {
                    if self.zone_allows(piece, y) {
                        f(y, occupant, rights);
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
                if !ray.simple || !ray.rights.may_capture() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog::Catalog;

    /// What the man on (file, row) reaches in `fen` of xiangqi, as
    /// ((file, row), occupied, rights) in the order of its rays.
    fn reach(fen: &str, (file, row): (u8, u8)) -> Vec<((u8, u8), bool, Rights)> {
        let catalog = Catalog::from_text(include_str!("../../fmax.ini"), "fmax.ini", &[]);
        let pos = MailboxPos::from_fen(catalog.variant("xiangqi").unwrap(), fen).unwrap();
        let mut out = Vec::new();
        pos.for_each_reach(row * 16 + file, |y, occupant, rights| {
            out.push(((y & 15, y >> 4), occupant != EMPTY, rights));
        });
        out
    }

    #[test]
    fn a_horse_attacks_every_square_past_an_open_leg() {
        // The horse on g8 (row 2): all eight squares, empty, each one it
        // may move to and capture on.
        let fen = "4k4/9/6N2/9/9/9/9/9/9/3R1K3 w - - 0 1";
        let mut got = reach(fen, (6, 2));
        got.sort_unstable_by_key(|&(sq, _, _)| sq);
        let squares = [
            (4, 1),
            (4, 3),
            (5, 0),
            (5, 4),
            (7, 0),
            (7, 4),
            (8, 1),
            (8, 3),
        ];
        let want: Vec<_> = squares
            .iter()
            .map(|&sq| (sq, false, Rights::LANDING))
            .collect();
        assert_eq!(got, want);
        // A man on f8 blocks the leg to e9 and e7.
        let fen = "4k4/9/5bN2/9/9/9/9/9/9/3R1K3 w - - 0 1";
        let got = reach(fen, (6, 2));
        assert_eq!(got.len(), 6);
        assert!(got.iter().all(|&(sq, _, _)| sq.0 != 4));
    }

    #[test]
    fn a_cannon_moves_to_its_screen_and_attacks_past_it() {
        // The cannon on e2 (row 8), the black soldier on e6 (row 4) as its
        // screen: moves along row 8 and up to e7, the screen with the move
        // right only, then e5, e4, e3 and the general on e10 with the
        // capture right only.
        let fen = "4k4/9/9/9/4p4/9/9/9/4C4/3R1K3 w - - 0 1";
        let got = reach(fen, (4, 8));
        let up: Vec<_> = got
            .iter()
            .filter(|&&(sq, _, _)| sq.0 == 4 && sq.1 < 8)
            .copied()
            .collect();
        assert_eq!(
            up,
            [
                ((4, 7), false, Rights::MOVE),
                ((4, 6), false, Rights::MOVE),
                ((4, 5), false, Rights::MOVE),
                ((4, 4), true, Rights::MOVE),
                ((4, 3), false, Rights::CAPTURE),
                ((4, 2), false, Rights::CAPTURE),
                ((4, 1), false, Rights::CAPTURE),
                ((4, 0), true, Rights::CAPTURE),
            ]
        );
        // Along its row: a2..d2 and f2..i2, all empty moves; e1 below it is
        // empty too (the chariot is on d1, the general on f1).
        assert_eq!(got.len(), 8 + 8 + 1);
    }
}
