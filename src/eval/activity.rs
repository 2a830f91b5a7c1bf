//! The general evaluation's terms on the board as it stands, from the
//! squares each piece reaches along its own rays
//! (`MailboxPos::for_each_reach`), so a piece invented in fmax.ini is
//! judged by the same code:
//! - mobility: per piece that is neither pawn nor royal, the squares it can
//!   move to or capture on that no enemy pawn attacks, on a concave
//!   (square-root) curve centred on a share of the piece's weighted
//!   empty-board mobility, so a piece as free as usual scores nothing.

use super::variant_tables::VariantTables;
use crate::core::Color;
use crate::mailbox::tables::CLASS_PAWN;
use crate::mailbox::tables::CLASS_ROYAL;
use crate::mailbox::{cell_color, cell_type, MailboxPos, EMPTY, REACH_CAPTURE, REACH_MOVE};

/// Centipawns per unit of the square root of a piece's safe reached
/// squares, in the middle game and in the endgame.
const MOBILITY_MG: i32 = 32;
const MOBILITY_EG: i32 = 40;

/// The share of a piece's weighted empty-board mobility
/// (`VariantTables::mobility_average`) at which its mobility term is zero.
const MOBILITY_CENTRE: f64 = 0.5;

/// `16 * sqrt(n)` rounded, for n in 0..64 (more squares count as 63).
const SQRT16: [i32; 64] = {
    let mut out = [0; 64];
    let mut n = 0;
    while n < 64 {
        // The largest r with r * r <= 256 * n, then rounded.
        let target = 256 * n as i32;
        let mut r = 0;
        while (r + 1) * (r + 1) <= target {
            r += 1;
        }
        out[n] = if target - r * r > r { r + 1 } else { r };
        n += 1;
    }
    out
};

/// A piece's mobility in sixteenths of the curve's unit: the square root
/// of `squares` minus that of its type's centre.
fn mobility_of(tables: &VariantTables, t: usize, squares: usize) -> i32 {
    let average = tables.mobility_average.get(t).copied().unwrap_or(0.0);
    let centre = (16.0 * (average * MOBILITY_CENTRE).sqrt()).round() as i32;
    SQRT16[squares.min(63)] - centre
}

/// Whether `sq` is in `set` (laid out as `MailboxPos::men_set`).
fn in_set(set: &[u64; 4], sq: u8) -> bool {
    set[usize::from(sq >> 6)] >> (sq & 63) & 1 != 0
}

/// The squares the piece of `color` on `x` can move to or capture on
/// that no square of `unsafe_squares` (the enemy pawns' attacks) holds.
fn safe_squares(pos: &MailboxPos, color: Color, x: u8, unsafe_squares: &[u64; 4]) -> usize {
    let iron = &pos.tables().iron;
    let mut squares = 0;
    pos.for_each_reach(x, |y, occupant, rights| {
        let open = if occupant == EMPTY {
            rights & REACH_MOVE != 0
        } else {
            rights & REACH_CAPTURE != 0
                && cell_color(occupant) != color
                && !iron[usize::from(cell_type(occupant))]
        };
        if open && !in_set(unsafe_squares, y) {
            squares += 1;
        }
    });
    squares
}

/// `color`'s mobility: the sum over its pieces of [`mobility_of`].
fn side_mobility(pos: &MailboxPos, tables: &VariantTables, color: Color) -> i32 {
    let class = &pos.tables().class;
    let enemy_pawns = pos.pawn_attacks(color.flip());
    let mut sum = 0;
    pos.for_each_piece(color, |x| {
        let t = usize::from(cell_type(pos.cell(x)));
        if class[t] & (CLASS_PAWN | CLASS_ROYAL) == 0 {
            sum += mobility_of(tables, t, safe_squares(pos, color, x, &enemy_pawns));
        }
    });
    sum
}

/// The mobility term of `pos` with its variant's tables, white minus
/// black, at game phase `(np, full)` (non-pawn material now and on a full
/// board).
pub(crate) fn mobility(pos: &MailboxPos, tables: &VariantTables, (np, full): (i32, i32)) -> i32 {
    let diff = side_mobility(pos, tables, Color::White) - side_mobility(pos, tables, Color::Black);
    let weight = (MOBILITY_MG * np + MOBILITY_EG * (full - np)) / full;
    diff * weight / 16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tests::variant;

    fn pos(name: &str, fen: &str) -> MailboxPos {
        MailboxPos::from_fen(variant(name), fen).unwrap()
    }

    /// (file, rank) as a mailbox square of `pos` (rank 0 white's first).
    fn square(pos: &MailboxPos, file: u8, rank: u8) -> u8 {
        (pos.tables().height as u8 - 1 - rank) * 16 + file
    }

    /// The safe squares of the piece on (file, rank).
    fn safe(pos: &MailboxPos, file: u8, rank: u8) -> usize {
        let x = square(pos, file, rank);
        let color = cell_color(pos.cell(x));
        safe_squares(pos, color, x, &pos.pawn_attacks(color.flip()))
    }

    /// The mobility term of `fen` in `name`, white minus black.
    fn term(name: &str, fen: &str) -> i32 {
        let p = pos(name, fen);
        let tables = crate::eval::variant_tables::tables_of(&p);
        mobility(&p, &tables, crate::eval::mailbox::tests_phase(&p))
    }

    #[test]
    fn a_slider_reaches_up_to_the_first_man_in_its_way() {
        // Capablanca: the rook on a1 with its own pawn on a4 and an enemy
        // knight on d1: a2, a3, b1, c1 and d1 (a capture).
        let p = pos("capablanca", "4k5/10/10/10/P9/10/10/R2nK5 w - - 0 1");
        assert_eq!(safe(&p, 0, 0), 5);
        // On the open board: a2..a8 and b1..d1.
        let p = pos("capablanca", "4k5/10/10/10/10/10/10/R3K5 w - - 0 1");
        assert_eq!(safe(&p, 0, 0), 10);
    }

    #[test]
    fn squares_an_enemy_pawn_attacks_are_not_safe() {
        // Shatranj: the knight on d4 leaps to eight squares; a black pawn
        // on d7 attacks c6 and e6.
        let p = pos("shatranj", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
        assert_eq!(safe(&p, 3, 3), 8);
        let p = pos("shatranj", "4k3/3p4/8/8/3N4/8/8/4K3 w - - 0 1");
        assert_eq!(safe(&p, 3, 3), 6);
    }

    #[test]
    fn a_cannon_moves_over_empty_squares_and_captures_over_a_screen() {
        // Xiangqi: the cannon on e2 moves to a2..d2, f2..i2, e3 and e4, and
        // captures the general on e10 over the soldier on e5.
        let p = pos("xiangqi", "4k4/9/9/9/9/4p4/9/9/4C4/4K4 w - - 0 1");
        assert_eq!(safe(&p, 4, 1), 11);
        // Without a screen it captures nothing: e3..e9 instead.
        let p = pos("xiangqi", "4k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1");
        assert_eq!(safe(&p, 4, 1), 15);
    }

    #[test]
    fn the_term_is_the_curve_above_the_centre_times_the_phase_weight() {
        // The rook on a1 of an otherwise empty Capablanca board: ten
        // squares, 16 * sqrt(10) = 51 against its centre 40 (half its
        // average weighted mobility of 12.2): 11 sixteenths, weighed 39
        // (nearly the endgame's 40).
        let fen = "4k5/10/10/10/10/10/10/R3K5 w - - 0 1";
        assert_eq!(term("capablanca", fen), 26);
        assert_eq!(
            term("capablanca", "r3k5/10/10/10/10/10/10/4K5 w - - 0 1"),
            -26
        );
        // Shatranj: the knight on d4 with six safe squares, 16 * sqrt(6)
        // = 39 against 16 * sqrt(3.54) = 30.
        let fen = "4k3/3p4/8/8/3N4/8/8/4K3 w - - 0 1";
        assert_eq!(term("shatranj", fen), 21);
        assert_eq!(term("shatranj", "4k3/8/8/3n4/8/8/3P4/4K3 w - - 0 1"), -21);
        // Xiangqi: the cannon on e2 with eleven squares; the crossed
        // soldier (a piece) reaches e4, d5 and f5.
        let fen = "4k4/9/9/9/9/4p4/9/9/4C4/4K4 w - - 0 1";
        assert_eq!(term("xiangqi", fen), 17);
        // Boxed in, the rook scores below its centre.
        let fen = "4k5/10/10/10/10/10/P9/RN2K5 w - - 0 1";
        assert!(term("capablanca", fen) < 0, "{}", term("capablanca", fen));
    }

    #[test]
    fn square_roots_in_sixteenths() {
        assert_eq!(&SQRT16[..5], &[0, 16, 23, 28, 32]);
        assert_eq!(SQRT16[9], 48);
        assert_eq!(SQRT16[63], 127);
    }
}
