//! What the engine did in the current game, kept for learning at its end:
//! the book moves it played (with how many candidates there were), the
//! scores of its first searches after leaving the book, the positions whose
//! score dropped sharply, and what makes a game serious enough to learn
//! from.
//!
//! A game is serious (ChessPartner's rule) when nothing was taken back, it
//! was played with a time control, the engine played one side only, and
//! the engine lost, or won after more than [`LONG_GAME`] moves, or both
//! ratings are known and differ by less than [`RATING_GAP`]. Quick wins and
//! draws against an opponent of unknown strength teach nothing.

use super::positions::LearnedPosition;
use crate::core::Score;

/// Searches after leaving the book whose scores book learning uses.
pub const SCORED_SEARCHES: usize = 10;
/// A score this much lower (centipawns) than the previous search's is a
/// sharp drop worth remembering.
pub const SHARP_DROP: Score = 100;
/// Moves after which a win counts as serious.
pub const LONG_GAME: usize = 50;
/// Rating difference under which any result counts.
pub const RATING_GAP: i32 = 200;
/// Scores beyond this are mates or near enough: not compared.
const ORDINARY: Score = 5_000;

/// One book move the engine played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// Hash of the position after the move (its book key).
    pub child: u64,
    /// How many book moves were candidates in the position.
    pub choices: usize,
}

/// The last search of the engine: where and what it scored.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LastSearch {
    root: u64,
    fen: Option<String>,
    score: Score,
}

/// The learning record of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameLog {
    /// Book moves played by the engine, in game order.
    pub book_moves: Vec<BookMove>,
    /// Scores (engine's view) of the first searches after the book.
    pub scores: Vec<Score>,
    /// Positions whose score turned out much worse than expected.
    pub drops: Vec<LearnedPosition>,
    /// A move was taken back.
    pub takeback: bool,
    /// The engine played White (`Some(true)`) or Black; `None` before its
    /// first move.
    pub engine_white: Option<bool>,
    /// The engine moved for both sides (force-mode games).
    pub both_sides: bool,
    /// Ratings (engine, opponent) if the GUI told them.
    pub ratings: Option<(i32, i32)>,
    last: Option<LastSearch>,
}

impl GameLog {
    /// Records that the engine moved for `white`.
    pub fn engine_moved(&mut self, white: bool) {
        match self.engine_white {
            Some(side) if side != white => self.both_sides = true,
            _ => self.engine_white = Some(white),
        }
    }

    /// Records a book move.
    pub fn book_move(&mut self, child: u64, choices: usize) {
        self.book_moves.push(BookMove { child, choices });
    }

    /// Records a finished search of the engine's own move in the position
    /// `root` (its hash, and its FEN when known): its score (side to move),
    /// the depth reached. When the score fell [`SHARP_DROP`] or more below
    /// the previous search's, the previous root is remembered with the new
    /// score (the search there was wrong by about that much).
    pub fn search(&mut self, root: u64, fen: Option<String>, score: Score, depth: u32) {
        if !self.book_moves.is_empty() && self.scores.len() < SCORED_SEARCHES {
            self.scores.push(score);
        }
        if let Some(last) = self.last.take() {
            let ordinary = last.score.abs() < ORDINARY && score.abs() < ORDINARY;
            if ordinary && last.score - score >= SHARP_DROP && last.root != root {
                self.drops.push(LearnedPosition {
                    key: last.root,
                    score,
                    depth: u8::try_from(depth.saturating_add(1)).unwrap_or(u8::MAX),
                    fen: last.fen,
                });
            }
        }
        self.last = Some(LastSearch { root, fen, score });
    }

    /// The engine's score for book learning: the mean of the searches after
    /// the book, `None` when there were none.
    #[must_use]
    pub fn book_lesson(&self) -> Option<Score> {
        let n = Score::try_from(self.scores.len()).ok().filter(|&n| n > 0)?;
        Some(self.scores.iter().sum::<Score>() / n)
    }

    /// The last book move played where the book offered a choice.
    #[must_use]
    pub fn last_choice(&self) -> Option<BookMove> {
        self.book_moves
            .iter()
            .rev()
            .find(|m| m.choices > 1)
            .copied()
    }

    /// Whether the game counts for learning: `outcome` is the engine's
    /// result (1 won, 0 drawn, -1 lost), `moves` the game's length in
    /// moves, `timed` whether a time control was in force.
    #[must_use]
    pub fn serious(&self, outcome: i8, moves: usize, timed: bool) -> bool {
        if self.takeback || !timed || self.both_sides || self.engine_white.is_none() {
            return false;
        }
        let close = self
            .ratings
            .is_some_and(|(me, them)| (me - them).abs() < RATING_GAP);
        outcome < 0 || (outcome > 0 && moves > LONG_GAME) || close
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seriousness_follows_the_rules() {
        let mut log = GameLog::default();
        assert!(!log.serious(-1, 30, true), "the engine never moved");
        log.engine_moved(true);
        assert!(log.serious(-1, 30, true));
        assert!(!log.serious(-1, 30, false), "no time control");
        assert!(!log.serious(1, 50, true), "a quick win");
        assert!(log.serious(1, 51, true));
        assert!(!log.serious(0, 80, true), "a draw, ratings unknown");
        log.ratings = Some((2100, 2250));
        assert!(log.serious(0, 80, true));
        log.ratings = Some((2100, 2300));
        assert!(!log.serious(0, 80, true));
        log.takeback = true;
        assert!(!log.serious(-1, 30, true));
        let mut both = GameLog::default();
        both.engine_moved(true);
        both.engine_moved(false);
        assert!(!both.serious(-1, 30, true));
    }

    #[test]
    fn scores_after_the_book_and_sharp_drops_are_recorded() {
        let mut log = GameLog::default();
        log.search(1, None, 40, 8);
        assert_eq!(log.book_lesson(), None, "no book move yet");
        log.book_move(100, 3);
        log.book_move(101, 1);
        for i in 0..12 {
            log.search(10 + i, None, 30 - 10 * i as Score, 8);
        }
        assert_eq!(log.scores.len(), SCORED_SEARCHES);
        assert_eq!(log.book_lesson(), Some(-15));
        assert!(log.drops.is_empty(), "10 a move is no sharp drop");
        log.search(50, None, -200, 9);
        assert_eq!(
            log.drops,
            [LearnedPosition {
                key: 21,
                score: -200,
                depth: 10,
                fen: None,
            }]
        );
        assert_eq!(
            log.last_choice(),
            Some(BookMove {
                child: 100,
                choices: 3
            })
        );
    }
}
