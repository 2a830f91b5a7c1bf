//! Endgame knowledge of the general evaluation, for every variant and
//! especially the weak-piece ones (shatranj, courier, makruk):
//!
//! - Bare king (variants whose overlay says a bare king loses): a side
//!   whose opponent is bare has all but won (the opponent may still bare it
//!   back, which the search sees); short of that, each enemy man taken
//!   brings the bare king closer, so the side ahead is paid for the enemy
//!   men already gone and for hunting the last ones: its royal near them,
//!   theirs far from their royal (undefended pieces fall).
//! - Mating help (every variant): against a side with no pawns and little
//!   material, the stronger side is paid for driving the weak royal to the
//!   edge and the corner and for bringing its own royal close, as
//!   Fairy-Max does for a bare king.
//! - No stalling: the score shrinks as the halfmove clock runs, so a
//!   winning side prefers progress (captures, pawn moves) to shuffling,
//!   whatever counting or 50-move rule the variant has.
//!
//! All terms read the census of the evaluation (`census::Side`).

use super::census::Side;
use crate::core::{Color, Score};
use crate::mailbox::{cell_type, MailboxPos};
use crate::position::Position;
use crate::rules::variant::Royalty;
use std::cmp::Ordering;

/// Bonus for a side whose opponent has a bare king (it can only hope to
/// bare back at once).
const BARE_WIN: i32 = 1500;

/// Bonus per enemy man fewer than [`HUNT_MEN`] when a bare king loses.
const HUNT_PER_MAN: i32 = 40;

/// Enemy men counted by the hunt.
const HUNT_MEN: i32 = 4;

/// Lead (centipawns) from which the hunt starts.
const HUNT_LEAD: i32 = 50;

/// Per square: an enemy man far from its own royal.
const LONELY_MAN: i32 = 6;

/// Per square: our royal close to an enemy man.
const ROYAL_HUNTER: i32 = 4;

/// Per half-square of the weak royal's distance from the centre.
const EDGE: i32 = 6;

/// Per square the royals are closer than the board allows at most.
const ROYALS_NEAR: i32 = 6;

/// The stronger side must have at least twice the weaker's material plus
/// this for mating help.
const MATING_MARGIN: i32 = 200;

/// Plies of the halfmove clock before the score starts to shrink.
const PATIENCE: i32 = 20;

/// Chebyshev distance between two (file, row) squares.
fn distance(a: (i32, i32), b: (i32, i32)) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

/// The endgame bonuses, white minus black.
pub(crate) fn white_bonus(pos: &MailboxPos, sides: &[Side; 2]) -> i32 {
    // Only the side ahead in material (if any) earns them.
    let [white, black] = sides;
    match white.total().cmp(&black.total()) {
        Ordering::Greater => stronger_side_bonus(pos, Color::White, white, black),
        Ordering::Less => -stronger_side_bonus(pos, Color::Black, black, white),
        Ordering::Equal => 0,
    }
}

/// The bonus of the side ahead in material (`strong`, summed up in `s`)
/// against the other (`w`).
fn stronger_side_bonus(pos: &MailboxPos, strong: Color, s: &Side, w: &Side) -> i32 {
    let mut b = 0;
    if pos.variant().overlay.bare_king_loses {
        if w.men() == 0 && w.hand_value == 0 && s.men() > 0 {
            return BARE_WIN + mating_help(pos, s, w);
        }
        if s.total() - w.total() >= HUNT_LEAD && w.men() < HUNT_MEN {
            b += HUNT_PER_MAN * (HUNT_MEN - w.men()) + hunt(pos, strong.flip(), s, w);
        }
    }
    if w.pawns == 0 && w.hand_value == 0 && s.total() >= 2 * w.total() + MATING_MARGIN {
        b += mating_help(pos, s, w);
    }
    b
}

/// The last enemy men (of `weak`, summed up in `w`): far from their
/// royal, near ours.
fn hunt(pos: &MailboxPos, weak: Color, s: &Side, w: &Side) -> i32 {
    let (Some(ours), Some(theirs)) = (s.royal, w.royal) else {
        return 0;
    };
    let tables = pos.tables();
    let mut score = 0;
    pos.for_each_piece(weak, |sq| {
        let t = cell_type(pos.cell(sq)) as usize;
        if tables.royalty[t] == Royalty::None {
            let at = (i32::from(sq & 15), i32::from(sq >> 4));
            score += LONELY_MAN * distance(at, theirs) - ROYAL_HUNTER * distance(at, ours);
        }
    });
    score
}

/// The weak royal toward the edge and the corner, the royals close.
fn mating_help(pos: &MailboxPos, s: &Side, w: &Side) -> i32 {
    let (Some(ours), Some(theirs)) = (s.royal, w.royal) else {
        return 0;
    };
    let t = pos.tables();
    let (width, height) = (t.width, t.height);
    let from_centre = (2 * theirs.0 - (width - 1)).abs() + (2 * theirs.1 - (height - 1)).abs();
    let far = (width - 1).max(height - 1);
    EDGE * from_centre + ROYALS_NEAR * (far - distance(ours, theirs))
}

/// The score shrunk as the halfmove clock runs past [`PATIENCE`] plies:
/// half of it is left after 100 plies without progress.
pub(crate) fn progress_scale(pos: &MailboxPos, score: Score) -> Score {
    let idle = (pos.halfmove_clock() as i32 - PATIENCE).clamp(0, 80);
    score * (160 - idle) / 160
}

#[cfg(test)]
mod tests {
    use crate::eval::tests::eval;

    #[test]
    fn a_bare_king_that_can_bare_back_is_still_nearly_lost() {
        // Black is bare but Kxe5 bares White back: the search decides.
        let e = eval("shatranj", "8/8/3k4/4R3/8/8/8/5K2 b - - 0 1");
        assert!(e < -1500, "{e}");
        // Without the rule (makruk) a rook is a rook.
        let e = eval("makruk", "8/8/3k4/4R3/8/8/8/5K2 b - - 0 1");
        assert!((-1000..-600).contains(&e), "{e}");
    }

    #[test]
    fn the_last_enemy_men_are_hunted() {
        // K+R v K+F: a ferz beside its king is harder to win than a lone one,
        // and an enemy with two men left is worth less than one with three.
        let guarded = eval("shatranj", "8/8/3k4/4q3/8/8/8/4RK2 w - - 0 1");
        let lonely = eval("shatranj", "8/8/3k4/8/8/8/7q/4RK2 w - - 0 1");
        assert!(lonely > guarded + 20, "{lonely} {guarded}");
        let two = eval("shatranj", "8/8/3k4/4q3/4q3/8/8/RR2K3 w - - 0 1");
        let three = eval("shatranj", "8/8/3k4/4q3/4q3/4q3/8/RR2K3 w - - 0 1");
        let ferz = 180;
        assert!(two > three + ferz + 20, "{two} {three}");
    }

    #[test]
    fn the_lone_king_is_driven_to_the_corner() {
        let corner = eval("normal", "k7/8/2K5/8/8/8/8/7R w - - 0 1");
        let centre = eval("normal", "8/8/2K5/4k3/8/8/8/7R w - - 0 1");
        assert!(corner > centre + 50, "{corner} {centre}");
        let near = eval("makruk", "k7/8/1K6/8/8/8/8/7R w - - 0 1");
        let far = eval("makruk", "k7/8/8/8/8/8/8/6KR w - - 0 1");
        assert!(near > far + 20, "{near} {far}");
    }

    #[test]
    fn the_score_shrinks_without_progress() {
        let fresh = eval("makruk", "k7/8/8/8/8/8/8/6KR w - - 0 1") - 10;
        let stale = eval("makruk", "k7/8/8/8/8/8/8/6KR w - - 100 60") - 10;
        let late = eval("makruk", "k7/8/8/8/8/8/8/6KR w - - 20 60") - 10;
        assert_eq!(stale, fresh / 2);
        assert_eq!(late, fresh);
    }
}
