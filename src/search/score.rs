//! Score conventions of the search: mate scores, their ply adjustment for the
//! transposition table, and the XBoard thinking-output form.
//!
//! Inside the tree a mate in `n` plies from the root scores `MATE - n` (and
//! being mated `-(MATE - n)`). The transposition table stores mate scores
//! relative to the node instead, so an entry is valid at any ply.
//!
//! An endgame table's win scores in a band of its own below the mates:
//! `TABLE_WIN - n` for a won table position `n` plies from the root. It
//! is stored relative to the node as well, and shown as it is (far above
//! any evaluation, far from the mate scores GUIs read).

use crate::core::{Score, MATE, MATE_BOUND};
use crate::position::TableWdl;

/// The score of a table win at the root.
pub const TABLE_WIN: Score = 20_500;

/// The lowest table win (one found 1000 plies from the root).
pub const TABLE_BOUND: Score = TABLE_WIN - 1_000;

/// Whether `score` is a table win or loss (not a mate).
#[must_use]
pub fn is_table_score(score: Score) -> bool {
    (TABLE_BOUND..MATE_BOUND).contains(&score.abs())
}

/// The score of a table value for the side to move at `ply`; `draw` is
/// the draw's score there. Wins the 50-move rule spoils score just above
/// the draw, losses it saves just below.
#[must_use]
pub fn table_score(wdl: TableWdl, ply: usize, draw: Score) -> Score {
    match wdl {
        TableWdl::Win => TABLE_WIN - ply as Score,
        TableWdl::Loss => -(TABLE_WIN - ply as Score),
        TableWdl::CursedWin => draw + 1,
        TableWdl::BlessedLoss => draw - 1,
        TableWdl::Draw => draw,
    }
}

/// Larger than any score the search produces; the initial window.
pub const INFINITY: Score = MATE + 1;

/// The score for the side to move being mated at `ply`.
#[must_use]
pub fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// The score for the side to move mating at `ply`.
#[must_use]
pub fn mate_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// Whether `score` says somebody is mated (or loses by a rule) in the tree.
#[must_use]
pub fn is_mate(score: Score) -> bool {
    score.abs() >= MATE_BOUND
}

/// Converts a root-relative score found at `ply` to the node-relative form
/// stored in the transposition table.
#[must_use]
pub fn to_tt(score: Score, ply: usize) -> Score {
    if score >= TABLE_BOUND {
        score + ply as Score
    } else if score <= -TABLE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// Converts a stored node-relative score back to root-relative at `ply`.
#[must_use]
pub fn from_tt(score: Score, ply: usize) -> Score {
    if score >= TABLE_BOUND {
        score - ply as Score
    } else if score <= -TABLE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

/// Largest ordinary score shown to a GUI: CuteChess reads scores just below
/// multiples of 1000 above 9900 as mates, so evaluations are clamped here.
pub const DISPLAY_CLAMP: Score = 9_000;

/// The score as XBoard thinking output wants it: `100000 + N` when we mate
/// in `N` moves, `-100000 - N` when we are mated in `N` moves, otherwise
/// centipawns clamped to ±[`DISPLAY_CLAMP`]; table wins and losses as
/// they are.
#[must_use]
pub fn xboard_score(score: Score) -> i32 {
    if is_table_score(score) {
        score
    } else if score >= MATE_BOUND {
        let plies = MATE - score;
        MATE + (plies + 1) / 2
    } else if score <= -MATE_BOUND {
        let plies = MATE + score;
        -MATE - (plies + 1) / 2
    } else {
        score.clamp(-DISPLAY_CLAMP, DISPLAY_CLAMP)
    }
}

/// Moves to mate (positive: we mate; negative: we are mated), if `score` is
/// a mate score.
#[must_use]
pub fn mate_moves(score: Score) -> Option<i32> {
    match xboard_score(score) {
        s if s > MATE => Some(s - MATE),
        s if s < -MATE => Some(s + MATE),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_round_trip_keeps_mates_relative_to_the_node() {
        // A mate found 7 plies from the root at a node 3 plies deep is a
        // mate in 4 from that node.
        assert_eq!(to_tt(mate_in(7), 3), mate_in(4));
        assert_eq!(from_tt(mate_in(4), 3), mate_in(7));
        // Probed at a different ply it is a mate at a different distance.
        assert_eq!(from_tt(to_tt(mate_in(7), 3), 5), mate_in(9));
        assert_eq!(to_tt(mated_in(6), 2), mated_in(4));
        assert_eq!(from_tt(mated_in(4), 2), mated_in(6));
        for ply in 0..100 {
            for s in [mate_in(ply + 1), mated_in(ply + 2), 0, 537, -8_999] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        assert_eq!(to_tt(250, 9), 250);
        let won = table_score(TableWdl::Win, 7, 0);
        assert_eq!(from_tt(to_tt(won, 7), 2), table_score(TableWdl::Win, 2, 0));
        assert!(is_table_score(won) && is_table_score(-won));
        assert!(!is_table_score(mate_in(3)) && !is_table_score(9_000));
    }

    #[test]
    fn table_values_score_around_the_draw() {
        assert_eq!(table_score(TableWdl::Win, 4, 10), TABLE_WIN - 4);
        assert_eq!(table_score(TableWdl::Loss, 4, 10), 4 - TABLE_WIN);
        assert_eq!(table_score(TableWdl::CursedWin, 4, 10), 11);
        assert_eq!(table_score(TableWdl::BlessedLoss, 4, 10), 9);
        assert_eq!(table_score(TableWdl::Draw, 4, -5), -5);
        assert_eq!(xboard_score(TABLE_WIN - 4), TABLE_WIN - 4);
        assert_eq!(mate_moves(TABLE_WIN - 4), None);
    }

    #[test]
    fn xboard_scores_count_moves() {
        assert_eq!(xboard_score(mate_in(1)), 100_001);
        assert_eq!(xboard_score(mate_in(3)), 100_002);
        assert_eq!(xboard_score(mate_in(5)), 100_003);
        assert_eq!(xboard_score(mated_in(2)), -100_001);
        assert_eq!(xboard_score(mated_in(4)), -100_002);
        assert_eq!(xboard_score(mated_in(0)), -100_000);
        assert_eq!(xboard_score(35), 35);
        assert_eq!(xboard_score(-12_345), -9_000);
        assert_eq!(mate_moves(mate_in(3)), Some(2));
        assert_eq!(mate_moves(mated_in(2)), Some(-1));
        assert_eq!(mate_moves(400), None);
    }
}
