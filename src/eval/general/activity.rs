//! The general evaluation's terms on the board as it stands, from the
//! squares each piece reaches along its own rays
//! (`MailboxPos::for_each_reach`) in one pass over both sides' men, so a
//! piece invented in fmax.ini is judged by the same code:
//! - mobility: per piece that is neither pawn nor royal, the squares it can
//!   move to or capture on that no enemy pawn attacks, on a concave
//!   (square-root) curve centred on a share of the piece's weighted
//!   empty-board mobility, so a piece as free as usual scores nothing;
//! - threats: per piece that is neither pawn nor royal (nor iron), a bonus
//!   to the enemy when an enemy pawn attacks it, when an enemy piece worth
//!   less attacks it, and when an enemy man attacks it and no man of its
//!   own defends it (hanging);
//! - the kind terms of `piece_kinds` that look at single men (colour-bound
//!   pairs, open lines, outposts), for the types their weights switch on.

use super::piece_kinds::{self, KindCounts, SideView};
use super::variant_tables::VariantTables;
use super::weights::{Weight, Weights};
use crate::core::Color;
use crate::mailbox::tables::CLASS_PAWN;
use crate::mailbox::tables::CLASS_ROYAL;
use crate::mailbox::{cell_color, cell_type, MailboxPos, EMPTY};

/// A set of squares laid out as `MailboxPos::men_set`.
type Squares = [u64; 4];

/// What the pass over one side's men finds.
#[derive(Default)]
struct SideReach {
    /// Sum over its pieces of [`mobility_of`] (sixteenths).
    mobility: i32,
    /// Squares its men attack, pawns included: an own man there is
    /// defended.
    attacked: Squares,
    /// Squares its pawns attack.
    pawn_attacked: Squares,
    /// Enemy men attacked by one of its pieces worth less than they are.
    by_lesser: Squares,
    /// Its pieces that threats are counted against: neither pawn, royal
    /// nor iron.
    targets: Squares,
    /// What the kind terms count.
    kinds: KindCounts,
}

/// Whether `sq` is in `set`.
fn in_set(set: &Squares, sq: u8) -> bool {
    set[usize::from(sq >> 6)] >> (sq & 63) & 1 != 0
}

/// Adds `sq` to `set`.
fn insert(set: &mut Squares, sq: u8) {
    set[usize::from(sq >> 6)] |= 1 << (sq & 63);
}

/// The number of squares in `a & b & !minus`.
fn count_and_not(a: &Squares, b: &Squares, minus: &Squares) -> i32 {
    (0..4)
        .map(|i| (a[i] & b[i] & !minus[i]).count_ones() as i32)
        .sum()
}

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
/// of `squares` minus that of its type's centre
/// (`VariantTables::mobility_centre`).
fn mobility_of(vt: &VariantTables, t: usize, squares: usize) -> i32 {
    let centre = vt.mobility_centre.get(t).copied().unwrap_or(0);
    SQRT16[squares.min(63)] - centre
}

/// Walks the reach of the piece of `color` on `x` (not a pawn), whose
/// worth as an attacker is `worth`, into `side`'s attacked squares and
/// threats by a cheaper piece; returns the squares it can move to or
/// capture on that no square of `unsafe_squares` (the enemy pawns'
/// attacks) holds.
fn walk_piece(
    pos: &MailboxPos,
    (color, x, worth): (Color, u8, i32),
    unsafe_squares: &Squares,
    side: &mut SideReach,
) -> usize {
    let tables = pos.tables();
    let (iron, value) = (&tables.iron, &tables.value);
    let mut squares = 0;
    pos.for_each_reach(x, |y, occupant, rights| {
        let captures = rights.may_capture();
        if captures {
            insert(&mut side.attacked, y);
        }
        let open = if occupant == EMPTY {
            rights.may_move()
        } else if cell_color(occupant) != color && captures {
            let t = usize::from(cell_type(occupant));
            if value[t] > worth {
                insert(&mut side.by_lesser, y);
            }
            !iron[t]
        } else {
            false
        };
        if open && !in_set(unsafe_squares, y) {
            squares += 1;
        }
    });
    squares
}

/// The pass over `color`'s men with the variant's tables `vt`:
/// `own_pawns` and `enemy_pawns` are the squares its and the enemy's
/// pawns attack.
fn side_reach(
    pos: &MailboxPos,
    vt: &VariantTables,
    color: Color,
    own_pawns: &Squares,
    enemy_pawns: &Squares,
) -> SideReach {
    let tables = pos.tables();
    let mut side = SideReach {
        attacked: *own_pawns,
        pawn_attacked: *own_pawns,
        ..SideReach::default()
    };
    let view: Option<SideView> = vt
        .kinds
        .watches()
        .then(|| vt.kinds.view(pos, color, own_pawns, enemy_pawns));
    let watched = view.as_ref().map_or(0, |v| v.watched);
    pos.for_each_piece(color, |x| {
        let t = usize::from(cell_type(pos.cell(x)));
        let class = tables.class[t];
        if class & CLASS_PAWN != 0 {
            return;
        }
        if class & CLASS_ROYAL != 0 {
            // A royal defends and attacks, but is never the cheaper
            // attacker, and its mobility belongs to royal placement.
            walk_piece(pos, (color, x, i32::MAX), enemy_pawns, &mut side);
            return;
        }
        if !tables.iron[t] {
            insert(&mut side.targets, x);
        }
        if watched >> t & 1 != 0 {
            if let Some(view) = &view {
                vt.kinds.note(view, t, x, &mut side.kinds);
            }
        }
        let squares = walk_piece(pos, (color, x, tables.value[t]), enemy_pawns, &mut side);
        side.mobility += mobility_of(vt, t, squares);
    });
    side
}

/// Both sides' passes, White's first.
fn both_sides(pos: &MailboxPos, vt: &VariantTables) -> [SideReach; 2] {
    let white_pawns = pos.pawn_attacks(Color::White);
    let black_pawns = pos.pawn_attacks(Color::Black);
    [
        side_reach(pos, vt, Color::White, &white_pawns, &black_pawns),
        side_reach(pos, vt, Color::Black, &black_pawns, &white_pawns),
    ]
}

/// A (middle game, endgame) weight at game phase `(np, full)`.
pub(super) fn phased((mg, eg): (i32, i32), (np, full): (i32, i32)) -> i32 {
    (mg * np + eg * (full - np)) / full
}

/// `us`'s threats against `them`'s pieces, counted: attacked by a pawn,
/// attacked by a cheaper piece and by no pawn, hanging.
fn threat_counts(us: &SideReach, them: &SideReach) -> [i32; 3] {
    [
        count_and_not(&them.targets, &us.pawn_attacked, &[0; 4]),
        count_and_not(&them.targets, &us.by_lesser, &us.pawn_attacked),
        count_and_not(&them.targets, &us.attacked, &them.attacked),
    ]
}

/// `us`'s threats against `them`'s pieces at game phase `phase`, with the
/// weights `w`.
fn side_threats(us: &SideReach, them: &SideReach, w: &Weights, phase: (i32, i32)) -> i32 {
    let [by_pawn, by_lesser, hanging] = threat_counts(us, them);
    by_pawn
        * phased(
            w.pair(Weight::ThreatByPawnMg, Weight::ThreatByPawnEg),
            phase,
        )
        + by_lesser
            * phased(
                w.pair(Weight::ThreatByLesserMg, Weight::ThreatByLesserEg),
                phase,
            )
        + hanging * phased(w.pair(Weight::HangingMg, Weight::HangingEg), phase)
}

/// The terms of the pass with `pos`'s variant's tables `vt`, each white
/// minus black, at game phase `(np, full)` (non-pawn material now and on
/// a full board).
pub(crate) struct BoardTerms {
    /// Mobility.
    pub mobility: i32,
    /// Threats.
    pub threats: i32,
    /// The kind terms counted on single men (`piece_kinds::pass_score`).
    pub kinds: i32,
}

/// See [`BoardTerms`].
pub(crate) fn board_terms(pos: &MailboxPos, vt: &VariantTables, phase: (i32, i32)) -> BoardTerms {
    let [white, black] = both_sides(pos, vt);
    let w = &vt.terms;
    let mobility = (white.mobility - black.mobility)
        * phased(w.pair(Weight::MobilityMg, Weight::MobilityEg), phase)
        / 16;
    let threats = side_threats(&white, &black, w, phase) - side_threats(&black, &white, w, phase);
    let kinds = piece_kinds::pass_score(w, &white.kinds, &black.kinds, |pair| phased(pair, phase));
    BoardTerms {
        mobility,
        threats,
        kinds,
    }
}

#[cfg(test)]
mod tests {
    //! The variants play the test weights (`Weights::test_table`):
    //! mobility 32 and 40 (middle game, endgame) centred on 50% of the
    //! average; threats by a pawn 70 and 35, by a cheaper piece 45 and 25,
    //! hanging 40 and 15.

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
        let unsafe_squares = pos.pawn_attacks(color.flip());
        let mut side = SideReach::default();
        walk_piece(pos, (color, x, 0), &unsafe_squares, &mut side)
    }

    /// The mobility and threat terms of `fen` in `name`, white minus black.
    fn terms(name: &str, fen: &str) -> (i32, i32) {
        let p = pos(name, fen);
        let tables = crate::eval::general::variant_tables::tables_of(&p);
        let t = board_terms(&p, &tables, crate::eval::general::tests_phase(&p));
        (t.mobility, t.threats)
    }

    /// The mobility term of `fen` in `name`, white minus black.
    fn term(name: &str, fen: &str) -> i32 {
        terms(name, fen).0
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

    /// The threat counts of `fen` in `name`: White's against Black's
    /// pieces, then Black's against White's.
    fn counts(name: &str, fen: &str) -> ([i32; 3], [i32; 3]) {
        let p = pos(name, fen);
        let [white, black] = both_sides(&p, &crate::eval::general::variant_tables::tables_of(&p));
        (threat_counts(&white, &black), threat_counts(&black, &white))
    }

    /// The threat term of `fen` in `name`, white minus black.
    fn threats(name: &str, fen: &str) -> i32 {
        terms(name, fen).1
    }

    #[test]
    fn a_piece_attacked_by_a_pawn_is_threatened_and_hangs_undefended() {
        // Capablanca: the white pawn on c3 attacks the archbishop on d4,
        // which no black man defends. Phase 825 of 9840: by a pawn
        // (70 * 825 + 35 * 9015) / 9840 = 37, hanging 17.
        let fen = "4k5/10/10/10/3a6/2P7/10/4K5 w - - 0 1";
        assert_eq!(counts("capablanca", fen), ([1, 0, 1], [0; 3]));
        assert_eq!(threats("capablanca", fen), 54);
        // The same with Black to move: the term does not depend on it.
        let fen = "4k5/10/10/10/3a6/2P7/10/4K5 b - - 0 1";
        assert_eq!(threats("capablanca", fen), 54);
        // The black king on e5 defends it: only the pawn's threat is left.
        let fen = "10/10/10/4k5/3a6/2P7/10/4K5 w - - 0 1";
        assert_eq!(counts("capablanca", fen), ([1, 0, 0], [0; 3]));
        assert_eq!(threats("capablanca", fen), 37);
        // Colours swapped, the sign turns.
        let fen = "4k5/10/2p7/3A6/10/10/10/4K5 w - - 0 1";
        assert_eq!(counts("capablanca", fen), ([0; 3], [1, 0, 1]));
        assert_eq!(threats("capablanca", fen), -54);
    }

    #[test]
    fn a_piece_attacked_by_a_cheaper_one_is_threatened() {
        // Shatranj: the knight (450) on b3 attacks the rook (630) on c5.
        // Phase 1080 of 5120: by a cheaper piece (45 * 1080 + 25 * 4040)
        // / 5120 = 29, hanging (40 * 1080 + 15 * 4040) / 5120 = 20.
        let fen = "4k3/8/8/2r5/8/1N6/8/4K3 w - - 0 1";
        assert_eq!(counts("shatranj", fen), ([0, 1, 1], [0; 3]));
        assert_eq!(threats("shatranj", fen), 49);
        // Defended by its king, the rook is still attacked by a cheaper
        // piece.
        let fen = "8/8/3k4/2r5/8/1N6/8/4K3 w - - 0 1";
        assert_eq!(counts("shatranj", fen), ([0, 1, 0], [0; 3]));
        assert_eq!(threats("shatranj", fen), 29);
        // A dearer attacker threatens only an undefended piece: the rook on
        // b1 attacks the knight on b3; the alfil on d5 defends it.
        let fen = "4k3/8/8/8/8/1n6/8/1R2K3 w - - 0 1";
        assert_eq!(counts("shatranj", fen), ([0, 0, 1], [0; 3]));
        let fen = "4k3/8/8/3b4/8/1n6/8/1R2K3 w - - 0 1";
        assert_eq!(counts("shatranj", fen), ([0; 3], [0; 3]));
        assert_eq!(threats("shatranj", fen), 0);
    }

    #[test]
    fn a_cannon_threatens_over_a_screen_and_royals_are_no_targets() {
        // Xiangqi: the cannon (450) on e2 attacks the chariot (900) on e8
        // over the soldier on e5. Phase 1550 of 6800: 29 + 20.
        let fen = "4k4/9/4r4/9/9/4p4/9/9/4C4/3K5 w - - 0 1";
        assert_eq!(counts("xiangqi", fen), ([0, 1, 1], [0; 3]));
        assert_eq!(threats("xiangqi", fen), 49);
        // On e9 the general defends it.
        let fen = "4k4/4r4/9/9/9/4p4/9/9/4C4/3K5 w - - 0 1";
        assert_eq!(counts("xiangqi", fen), ([0, 1, 0], [0; 3]));
        assert_eq!(threats("xiangqi", fen), 29);
        // The cannon attacking the general over the soldier is a check,
        // for the search: no threat.
        let fen = "4k4/9/9/9/9/4p4/9/9/4C4/4K4 w - - 0 1";
        assert_eq!(counts("xiangqi", fen), ([0; 3], [0; 3]));
        assert_eq!(threats("xiangqi", fen), 0);
    }

    #[test]
    fn a_horse_defends_past_its_leg() {
        // Xiangqi: the black chariot on c8 attacks the cannon on c4; alone
        // it hangs.
        let fen = "4k4/9/2r6/9/9/9/2C6/9/9/3K5 w - - 0 1";
        assert_eq!(counts("xiangqi", fen), ([0; 3], [0, 0, 1]));
        // The horse on b2 defends it over its open leg on b3.
        let fen = "4k4/9/2r6/9/9/9/2C6/9/1N7/3K5 w - - 0 1";
        assert_eq!(counts("xiangqi", fen), ([0; 3], [0; 3]));
        // With its leg blocked it does not.
        let fen = "4k4/9/2r6/9/9/9/2C6/1P7/1N7/3K5 w - - 0 1";
        assert_eq!(counts("xiangqi", fen), ([0; 3], [0, 0, 1]));
    }

    #[test]
    fn square_roots_in_sixteenths() {
        assert_eq!(&SQRT16[..5], &[0, 16, 23, 28, 32]);
        assert_eq!(SQRT16[9], 48);
        assert_eq!(SQRT16[63], 127);
    }
}
