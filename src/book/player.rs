//! The book as the engine plays it: the settings the options control, the
//! books and learned positions of the current variant, the record of the
//! game for learning, and learning itself when the game ends.
//!
//! One [`BookPlayer`] serves both boards: [`BookPlayer::advise`] is generic
//! over [`Position`] and answers with move texts; only the Polyglot book
//! (orthodox chess on the bitboard) needs [`BookPlayer::advise_bitboard`].
//! Files: `DIR/VARIANT.nbk` (main book), `DIR/VARIANT.rep.nbk`
//! (repertoire) and `DIR/VARIANT.lrn` (learned positions), where DIR is
//! `BookDir` or `books/` beside the fmax.ini; `BookFile` names a Polyglot
//! `.bin` or a main book to use instead of `VARIANT.nbk` (for its own
//! variant). Any file that cannot be used gives one message, once, and the
//! engine plays on without it.

use super::choose::{candidates, draw, show_book, BookWeights, ChoiceSettings, Distribution};
use super::file::{BoardKind, NEVER};
use super::game_log::GameLog;
use super::learn::{learn, update_locked, Lesson};
use super::learn_text::{self, Learned};
use super::positions::{self, LearnedPosition, PositionTable};
use super::set::BookSet;
use super::shelf::book_path;
use crate::bitboard::BitboardPos;
use crate::notation::to_san;
use crate::position::Position;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// `learn` bit: book learning from search scores.
pub const LEARN_BOOK: u8 = 1;
/// `learn` bit: position learning.
pub const LEARN_POSITION: u8 = 2;
/// `learn` bit: result learning.
pub const LEARN_RESULT: u8 = 4;

/// What the options set.
#[derive(Clone, Debug, PartialEq)]
pub struct BookSettings {
    /// Play from the book at all (`book on|off`).
    pub enabled: bool,
    /// Where the variant books are (`BookDir`); `None`: beside fmax.ini.
    pub dir: Option<PathBuf>,
    /// A Polyglot `.bin` or a main `.nbk` (`BookFile`).
    pub file: Option<PathBuf>,
    /// `book random`: 0 search the book moves, 1 Crafty's weighted draw,
    /// 2 ChessPartner's distribution.
    pub random: u8,
    /// `book width`.
    pub width: usize,
    /// `bookw`.
    pub weights: BookWeights,
    /// `learn` bitmask ([`LEARN_BOOK`], [`LEARN_POSITION`], [`LEARN_RESULT`]).
    pub learn: u8,
    /// LearningStrength, 0-100.
    pub strength: u8,
    /// Variation, 0-100.
    pub variation: u8,
}

impl Default for BookSettings {
    fn default() -> BookSettings {
        BookSettings {
            enabled: true,
            dir: None,
            file: None,
            random: 1,
            width: 10,
            weights: BookWeights::default(),
            learn: LEARN_BOOK | LEARN_POSITION | LEARN_RESULT,
            strength: 50,
            variation: 50,
        }
    }
}

/// What the book says about the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Nothing: search as usual.
    Out,
    /// Play this move (board text); the book had `choices` candidates.
    Play {
        /// The move.
        text: String,
        /// Candidates in the position.
        choices: usize,
    },
    /// Search briefly among these moves only (`book random 0`).
    Search {
        /// The book moves.
        moves: Vec<String>,
    },
}

/// The books, learned positions and game record of the current variant.
#[derive(Debug)]
pub struct BookPlayer {
    /// The settings (options change them, then call [`BookPlayer::reload`]).
    pub settings: BookSettings,
    /// What the engine did this game.
    pub log: GameLog,
    default_dir: PathBuf,
    variant: String,
    board: BoardKind,
    books: BookSet,
    main_path: PathBuf,
    positions: Arc<Vec<LearnedPosition>>,
    warned: HashSet<String>,
    finished: bool,
    rng: StdRng,
}

impl BookPlayer {
    /// A player with default settings and no books loaded, on orthodox
    /// chess in `books/` until [`BookPlayer::select`]; `seed` seeds the
    /// random choice (the engine passes the time).
    #[must_use]
    pub fn new(seed: u64) -> BookPlayer {
        BookPlayer {
            settings: BookSettings::default(),
            log: GameLog::default(),
            default_dir: PathBuf::from("books"),
            variant: "normal".to_string(),
            board: BoardKind::Bitboard,
            books: BookSet::default(),
            main_path: PathBuf::new(),
            positions: Arc::new(Vec::new()),
            warned: HashSet::new(),
            finished: false,
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// Switches to `variant` on `board` with `default_dir` as the book
    /// directory unless `BookDir` says otherwise, and starts a new game
    /// record. Returns the problems not reported before.
    pub fn select(&mut self, default_dir: &Path, variant: &str, board: BoardKind) -> Vec<String> {
        self.default_dir = default_dir.to_path_buf();
        self.variant = variant.to_string();
        self.board = board;
        self.new_game();
        self.reload()
    }

    /// Forgets the game record (a new game starts).
    pub fn new_game(&mut self) {
        let ratings = self.log.ratings;
        self.log = GameLog::default();
        self.log.ratings = ratings;
        self.finished = false;
    }

    fn dir(&self) -> &Path {
        self.settings.dir.as_deref().unwrap_or(&self.default_dir)
    }

    fn learn_path(&self) -> PathBuf {
        book_path(self.dir(), &self.variant, false).with_extension("lrn")
    }

    /// Loads the books and learned positions again (after a change of
    /// settings or files). Returns the problems not reported before.
    pub fn reload(&mut self) -> Vec<String> {
        let mut problems = Vec::new();
        let (mut set, warnings) = BookSet::load(self.dir(), &self.variant, self.board);
        problems.extend(warnings);
        self.main_path = book_path(self.dir(), &self.variant, false);
        if let Some(file) = self.settings.file.clone() {
            self.use_book_file(&file, &mut set, &mut problems);
        }
        self.books = set;
        for (path, what) in [
            (&self.main_path, "book"),
            (&self.learn_path(), "learn file"),
        ] {
            if let Err(e) = super::file::clean_up_after_killed_writers(path, what) {
                problems.push(e);
            }
        }
        let learned = PositionTable::load(&self.learn_path(), self.board, &self.variant);
        self.positions = Arc::new(match learned {
            Ok(table) => table.entries().cloned().collect(),
            Err(e) => {
                problems.push(e);
                Vec::new()
            }
        });
        problems.retain(|p| self.warned.insert(p.clone()));
        problems
    }

    /// `BookFile`: a Polyglot book on the bitboard, or a main book for its
    /// own variant (ignored for other variants).
    fn use_book_file(&mut self, file: &Path, set: &mut BookSet, problems: &mut Vec<String>) {
        let polyglot = file.extension().is_some_and(|e| e == "bin");
        if polyglot && self.board == BoardKind::Bitboard {
            if let Err(e) = set.add_polyglot(file) {
                problems.push(e);
            }
        } else if !polyglot {
            match super::file::Book::load(file) {
                Ok(book) if book.variant != self.variant => {}
                Ok(book) if book.board != self.board => problems.push(format!(
                    "book {}: made on the other board (recreate it with the same --board)",
                    file.display()
                )),
                Ok(book) => {
                    set.main = Some(book);
                    self.main_path = file.to_path_buf();
                }
                Err(e) => problems.push(e),
            }
        }
    }

    /// The learned positions to put in the hash table before a search
    /// (`None` when position learning is off or nothing was learned).
    #[must_use]
    pub fn learned_positions(&self) -> Option<Arc<Vec<LearnedPosition>>> {
        let on = self.settings.learn & LEARN_POSITION != 0;
        (on && !self.positions.is_empty()).then(|| Arc::clone(&self.positions))
    }

    fn choice_settings(&self) -> ChoiceSettings {
        let s = &self.settings;
        ChoiceSettings {
            random: s.random != 0,
            width: s.width.max(1),
            weights: s.weights,
            distribution: if s.random == 2 {
                Distribution::ChessPartner {
                    strength: f64::from(s.strength),
                    variation: f64::from(s.variation),
                }
            } else {
                Distribution::Crafty
            },
        }
    }

    /// The advice of the `.nbk` books in `pos`.
    pub fn advise<P: Position>(&mut self, pos: &mut P) -> Advice {
        if !self.settings.enabled {
            return Advice::Out;
        }
        let settings = self.choice_settings();
        let (main, rep) = (self.books.main.as_ref(), self.books.repertoire.as_ref());
        let list = candidates(pos, main, rep, &settings);
        if list.is_empty() {
            return Advice::Out;
        }
        if !settings.random {
            let moves = list.iter().map(|c| pos.move_to_string(c.mv)).collect();
            return Advice::Search { moves };
        }
        let probabilities: Vec<f64> = list.iter().map(|c| c.probability).collect();
        match draw(&probabilities, &mut self.rng) {
            Some(i) => Advice::Play {
                text: pos.move_to_string(list[i].mv),
                choices: list.len(),
            },
            None => Advice::Out,
        }
    }

    /// The advice on the orthodox board: the `.nbk` books, then Polyglot.
    pub fn advise_bitboard(&mut self, pos: &mut BitboardPos) -> Advice {
        let advice = self.advise(pos);
        let Some(book) = self.books.polyglot.as_ref() else {
            return advice;
        };
        if advice != Advice::Out || !self.settings.enabled {
            return advice;
        }
        let found = book.probe(pos);
        if found.is_empty() {
            return Advice::Out;
        }
        if self.settings.random == 0 {
            let moves = found.iter().map(|&(m, _, _)| pos.move_to_string(m));
            return Advice::Search {
                moves: moves.collect(),
            };
        }
        match book.choose(pos, &mut self.rng) {
            Some(m) => Advice::Play {
                text: pos.move_to_string(m),
                choices: found.len(),
            },
            None => Advice::Out,
        }
    }

    /// `show book` / `bk`: the candidates with their figures, one per line.
    pub fn show<P: Position>(&self, pos: &mut P) -> Vec<String> {
        let settings = self.choice_settings();
        let (main, rep) = (self.books.main.as_ref(), self.books.repertoire.as_ref());
        if main.is_none() && rep.is_none() {
            return Vec::new();
        }
        let text = show_book(pos, main, rep, &settings);
        text.lines().map(str::to_string).collect()
    }

    /// `show book` on the orthodox board: the `.nbk` books' candidates as
    /// [`BookPlayer::show`] lists them, else (as [`BookPlayer::advise_bitboard`]
    /// falls back) the Polyglot book's moves with their weights and chances.
    pub fn show_bitboard(&self, pos: &mut BitboardPos) -> Vec<String> {
        let lines = self.show(pos);
        let listed = lines.len() > 1;
        let Some(book) = self.books.polyglot.as_ref().filter(|_| !listed) else {
            return lines;
        };
        let found = book.probe(pos);
        if found.is_empty() {
            return vec!["no book moves".to_string()];
        }
        let total: u32 = found.iter().map(|&(_, w, _)| u32::from(w)).sum();
        let mut out = vec!["move      weight   prob  (Polyglot book)".to_string()];
        for &(m, weight, _) in &found {
            let share = if total == 0 {
                1.0 / found.len() as f64
            } else {
                f64::from(weight) / f64::from(total)
            };
            out.push(format!(
                "{:<9} {weight:>6} {:>5.0}%",
                to_san(pos, m),
                100.0 * share
            ));
        }
        out
    }

    /// Learns from the game that just ended, once: `outcome` is the
    /// engine's result (1 won, 0 drawn, -1 lost), `moves` the game's length,
    /// `timed` whether a time control was in force. Returns one line per
    /// thing learned or per file that could not be updated.
    pub fn finish(&mut self, outcome: i8, moves: usize, timed: bool) -> Vec<String> {
        if self.finished {
            return Vec::new();
        }
        self.finished = true;
        if !self.log.serious(outcome, moves, timed) {
            return Vec::new();
        }
        let mut lines = Vec::new();
        let mask = self.settings.learn;
        if mask & LEARN_BOOK != 0 {
            lines.extend(self.learn_book());
            if self.settings.random == 2 && outcome != 0 {
                lines.extend(self.count_result(outcome));
            }
        }
        if mask & LEARN_RESULT != 0 && outcome < 0 {
            lines.extend(self.learn_result());
        }
        if mask & LEARN_POSITION != 0 && !self.log.drops.is_empty() {
            lines.push(self.learn_positions());
        }
        let problems = self.reload();
        lines.extend(problems);
        lines
    }

    fn learn_book(&mut self) -> Option<String> {
        let score = self.log.book_lesson()?;
        self.books.main.as_ref()?;
        let keys: Vec<u64> = self.log.book_moves.iter().map(|m| m.child).collect();
        let mut changed = 0;
        let saved = update_locked(&self.main_path, |book| {
            changed = learn(book, &keys, Lesson::Score(score));
        });
        Some(match saved {
            Ok(()) => format!("book learning: {changed} book moves learned {score}"),
            Err(e) => e,
        })
    }

    /// ChessPartner's learning: the game's result is added to the wins or
    /// losses of every book move the engine played, which its formula reads.
    fn count_result(&mut self, outcome: i8) -> Option<String> {
        self.books.main.as_ref()?;
        let keys: Vec<u64> = self.log.book_moves.iter().map(|m| m.child).collect();
        if keys.is_empty() {
            return None;
        }
        let saved = update_locked(&self.main_path, |book| {
            for &key in &keys {
                if let Some(e) = book.probe_mut(key) {
                    e.games += 1;
                    if outcome > 0 {
                        e.wins += 1;
                    } else {
                        e.losses += 1;
                    }
                }
            }
        });
        let word = if outcome > 0 { "win" } else { "loss" };
        Some(match saved {
            Ok(()) => format!(
                "book learning: a {word} counted for {} book moves",
                keys.len()
            ),
            Err(e) => e,
        })
    }

    fn learn_result(&mut self) -> Option<String> {
        let last = self.log.last_choice()?;
        let in_main = self
            .books
            .main
            .as_ref()
            .is_some_and(|b| b.probe(last.child).is_some());
        let path = if in_main {
            self.main_path.clone()
        } else {
            self.books.repertoire.as_ref()?.probe(last.child)?;
            book_path(self.dir(), &self.variant, true)
        };
        let saved = update_locked(&path, |book| {
            if let Some(e) = book.probe_mut(last.child) {
                e.flags |= NEVER;
            }
        });
        Some(match saved {
            Ok(()) => format!(
                "result learning: a book move of {} is never played again",
                path.display()
            ),
            Err(e) => e,
        })
    }

    fn learn_positions(&mut self) -> String {
        let path = self.learn_path();
        match positions::update_locked(&path, self.board, &self.variant, &self.log.drops) {
            Ok(table) => format!(
                "position learning: {} positions learned ({} in {})",
                self.log.drops.len(),
                table.len(),
                path.display()
            ),
            Err(e) => e,
        }
    }

    /// `import FILE [clear]`: adds exported learning (see [`learn_text`]:
    /// book moves by position and move or by key, positions by FEN or by
    /// key) to
    /// this variant's files; `clear` forgets what they had learned first.
    /// `template` is a position on the board in use (readable lines are
    /// set up on it). Returns a summary line.
    ///
    /// # Errors
    /// The file cannot be read, a line is malformed (`FILE:LINE: reason`;
    /// nothing is then changed), or a file cannot be written.
    pub fn import<P: Position>(
        &mut self,
        template: &P,
        file: &Path,
        clear: bool,
    ) -> Result<String, String> {
        let name = file.display().to_string();
        let text = crate::text::read(file).map_err(|e| format!("{name}: {e}"))?;
        let mut book_lines = Vec::new();
        let mut position_lines = Vec::new();
        for line in learn_text::parse(template, &name, &text)? {
            match line {
                Learned::Book { key, value } => book_lines.push((key, value)),
                Learned::Position(p) => position_lines.push(p),
            }
        }
        let mut book_changed = 0;
        if self.books.main.is_some() && (clear || !book_lines.is_empty()) {
            update_locked(&self.main_path, |book| {
                book_changed = merge_book_learning(book, &book_lines, clear);
            })?;
        }
        let path = self.learn_path();
        if clear {
            super::file::with_lock(&path, "learn file", || {
                PositionTable::new(self.board, &self.variant).save(&path)
            })?;
        }
        if clear || !position_lines.is_empty() {
            positions::update_locked(&path, self.board, &self.variant, &position_lines)?;
        }
        let problems = self.reload();
        if let Some(p) = problems.first() {
            return Err(p.clone());
        }
        Ok(format!(
            "imported {book_changed} book values and {} positions",
            position_lines.len()
        ))
    }

    /// `export FILE`: writes this variant's learning as text (see
    /// [`learn_text`]), atomically; `start` is the variant's start position
    /// on the board in use, where the walk through the book begins.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn export<P: Position>(&self, start: &P, file: &Path) -> Result<String, String> {
        let mut text = format!("# Nightrider learning, variant {}\n", self.variant);
        text.push_str(EXPORT_LEGEND);
        let mut book_values = 0;
        if let Some(book) = &self.books.main {
            let (lines, values) = learn_text::book_lines(start, book);
            text.push_str(&lines);
            book_values = values;
        }
        let mut table = PositionTable::new(self.board, &self.variant);
        table.add_all(&self.positions);
        text.push_str(&table.export());
        super::file::write_atomic(file, text.as_bytes())
            .map_err(|e| format!("{}: {e}", file.display()))?;
        Ok(format!(
            "exported {book_values} book values and {} positions",
            table.len()
        ))
    }
}

/// The comment lines under an export's title that say how to read it.
pub const EXPORT_LEGEND: &str = "\
# book FEN; MOVE VALUE: the book move MOVE of position FEN and its learned value
# book KEY VALUE: the same by the hash (hex) of the position after the move
# position FEN; SCORE DEPTH: a learned position, its score and search depth
# position KEY SCORE DEPTH: the same by the hash (hex) of the position
";

fn merge_book_learning(book: &mut super::file::Book, values: &[(u64, i32)], clear: bool) -> usize {
    if clear {
        let keys: Vec<u64> = book.entries().iter().map(|e| e.key).collect();
        for key in keys {
            if let Some(e) = book.probe_mut(key) {
                e.learn = 0;
            }
        }
    }
    let mut changed = 0;
    for &(key, value) in values {
        if let Some(e) = book.probe_mut(key) {
            e.learn =
                (e.learn + value).clamp(-super::learn::LEARN_LIMIT, super::learn::LEARN_LIMIT);
            changed += 1;
        }
    }
    changed
}

#[cfg(test)]
mod tests;
