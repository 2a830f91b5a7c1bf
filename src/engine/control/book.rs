//! The book side of the control thread: probing the current variant's book
//! before the engine searches its own move, recording the game for
//! learning, learning when the game ends (by rule, resignation or the GUI's
//! `result`), and the book options.
//!
//! Book moves are played without a search (`BookRandom` 1 or 2) or after a
//! brief search of the book moves only (`BookRandom` 0): the other legal
//! moves are excluded and the time is a quarter of the normal budget.
//! Problems with book or learn files reach the user once as `telluser`;
//! what was learned is reported as a `#` comment.

use super::{Control, Kind};
use crate::book::file::BoardKind;
use crate::book::player::Advice;
use crate::core::{Color, GameResult};
use crate::engine::any_move::AnyMove;
use crate::engine::api::Event;
use crate::engine::book_options::{self, BookAction};
use crate::engine::clock::{self, MoveLimits, TimeLimit};
use crate::engine::search_thread::Outcome;
use crate::engine::think;
use std::path::{Path, PathBuf};

/// Depth cap of the brief search among book moves.
const BOOK_SEARCH_DEPTH: u32 = 8;

impl Control {
    /// Loads the books of the variant `name` now played (new game).
    pub(super) fn select_books(&mut self, name: &str) {
        let ini = PathBuf::from(self.library.path());
        let dir = match ini.parent() {
            Some(parent) if ini.is_file() => parent.join("books"),
            _ => Path::new("books").to_path_buf(),
        };
        let board = match self.game {
            super::AnyGame::Bitboard(_) => BoardKind::Bitboard,
            super::AnyGame::Mailbox(_) => BoardKind::Mailbox,
        };
        let problems = self.books.select(&dir, name, board);
        self.tell_problems(problems);
    }

    fn tell_problems(&mut self, problems: Vec<String>) {
        for p in problems {
            self.out
                .push(Event::TellUser(format!("{p}; playing on without it")));
        }
    }

    /// Plays from the book if it has a move here; true when it did (or
    /// started the brief search among book moves).
    pub(super) fn play_from_book(&mut self, limits: MoveLimits) -> bool {
        self.follow_book(Kind::Think, limits, |control, choices, outcome| {
            control.play_and_record(Some(choices), outcome);
        })
    }

    /// Follows the book's advice for a search of `kind` under `limits`:
    /// hands a book move to `answer` (with the number of book moves), or
    /// starts the brief search among the book moves; false when the book
    /// has nothing here.
    pub(super) fn follow_book(
        &mut self,
        kind: Kind,
        limits: MoveLimits,
        answer: impl FnOnce(&mut Control, usize, Outcome),
    ) -> bool {
        match self.game.book_advice(&mut self.books) {
            Advice::Out => false,
            Advice::Play { text, choices } => {
                let outcome = Outcome {
                    best: self.game.find_move(&text),
                    ..Outcome::default()
                };
                answer(self, choices, outcome);
                true
            }
            Advice::Search { moves } => {
                let choices = moves.len();
                self.exclude_all_but(&moves);
                let width = self.game.width();
                self.launch(kind, brief(limits, width), None);
                self.here.excluded.clear();
                if let Some(run) = &mut self.search.running {
                    run.book_choices = Some(choices);
                }
                true
            }
        }
    }

    /// Excludes every legal move but the book's `moves` (the board's text)
    /// from the next search.
    pub(super) fn exclude_all_but(&mut self, moves: &[String]) {
        let wanted: Vec<AnyMove> = moves
            .iter()
            .filter_map(|m| self.game.find_move(m))
            .collect();
        self.here.excluded = self.game.legal_moves();
        self.here.excluded.retain(|m| !wanted.contains(m));
    }

    /// The game ended by rule (announced by us).
    pub(super) fn game_over(&mut self, result: &GameResult) {
        self.game_ended(result.winner);
    }

    /// `result RES {...}` from the GUI.
    pub(super) fn result_received(&mut self, text: &str) {
        match text.split_whitespace().next() {
            Some("1-0") => self.game_ended(Some(Color::White)),
            Some("0-1") => self.game_ended(Some(Color::Black)),
            Some("1/2-1/2") => self.game_ended(None),
            _ => {}
        }
    }

    /// Learns from the finished game (once; only serious games count).
    pub(super) fn game_ended(&mut self, winner: Option<Color>) {
        let timed = matches!(
            self.clock.control,
            clock::Control::Level(_) | clock::Control::MoveTime(_)
        ) && self.clock.depth.is_none()
            && self.clock.nodes.is_none();
        self.learn_from_game(winner, timed);
    }

    /// Learns from the finished game (once; only serious games count):
    /// `timed` tells whether a time control was in force.
    pub(super) fn learn_from_game(&mut self, winner: Option<Color>, timed: bool) {
        let Some(engine_white) = self.books.log.engine_white else {
            return;
        };
        let outcome = match winner {
            None => 0,
            Some(c) if (c == Color::White) == engine_white => 1,
            Some(_) => -1,
        };
        let moves = self.game.plies().div_ceil(2);
        for line in self.books.finish(outcome, moves, timed) {
            self.out.push(Event::Comment(line));
        }
    }

    /// `rating ME OPP`.
    pub(super) fn ratings(&mut self, text: &str) {
        let numbers: Vec<i32> = text
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        if let [me, them] = numbers[..] {
            self.books.log.ratings = Some((me, them));
        }
    }

    /// `bk` / `show book`.
    pub(super) fn show_book(&mut self) {
        let lines = self.game.book_lines(&self.books);
        self.out.push(Event::Book(lines));
    }

    /// A book option; false when `name` is not one.
    pub(super) fn book_option(&mut self, name: &str, value: Option<&str>) -> bool {
        let Some(applied) = book_options::apply(&mut self.books.settings, name, value) else {
            return false;
        };
        let report = match applied {
            Ok(BookAction::None) => return true,
            Ok(BookAction::Reload) => {
                let problems = self.books.reload();
                self.tell_problems(problems);
                return true;
            }
            Ok(BookAction::Import(file, clear)) => {
                self.game.import_learning(&mut self.books, &file, clear)
            }
            Ok(BookAction::Export(file)) => {
                self.game
                    .export_learning(&self.books, &self.start_fen, &file)
            }
            Err(reason) => {
                self.out.push(Event::Error {
                    reason,
                    command: format!("option {name}"),
                });
                return true;
            }
        };
        self.out.push(match report {
            Ok(line) => Event::TellUser(line),
            Err(e) => Event::TellUserError(e),
        });
        true
    }
}

/// The limits of the brief search among book moves: a quarter of the
/// normal time, at most [`BOOK_SEARCH_DEPTH`] plies.
fn brief(limits: MoveLimits, width: usize) -> MoveLimits {
    let mut brief = limits;
    brief.depth = Some(
        limits
            .depth
            .map_or(BOOK_SEARCH_DEPTH, |d| d.min(BOOK_SEARCH_DEPTH)),
    );
    let budget = crate::search::time_budget(&think::search_limits(&limits), width);
    if let (Some(budget), None) = (budget, limits.nodes) {
        let ms = u64::try_from(budget.soft.as_millis() / 4)
            .unwrap_or(u64::MAX)
            .max(1);
        brief.time = TimeLimit::MoveTime { ms };
        brief.deadline_ms = Some(brief.deadline_ms.map_or(ms, |d| d.min(ms)));
    }
    brief
}
