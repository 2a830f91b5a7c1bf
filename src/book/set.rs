//! The books an engine plays from for one variant: the main book and the
//! repertoire (`books/VARIANT.nbk`, `books/VARIANT.rep.nbk`) and, on the
//! orthodox board, an optional Polyglot `.bin`. Loading never fails: a
//! missing file is simply no book, a corrupt one is a one-line warning and
//! the engine plays on without it.

use super::choose::{choose, BookChoice, ChoiceSettings};
use super::file::{BoardKind, Book};
use super::polyglot::PolyglotBook;
use super::shelf::book_path;
use crate::bitboard::BitboardPos;
use crate::position::Position;
use rand::rngs::StdRng;
use std::path::Path;

/// The books of one variant on one board.
#[derive(Clone, Debug, Default)]
pub struct BookSet {
    /// The main book, if one was loaded.
    pub main: Option<Book>,
    /// The repertoire, if one was loaded.
    pub repertoire: Option<Book>,
    /// A Polyglot book (orthodox board only).
    pub polyglot: Option<PolyglotBook>,
}

/// Loads one `.nbk`, checking it fits the variant and board.
fn load_one(path: &Path, variant: &str, board: BoardKind) -> Result<Option<Book>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let book = Book::load(path)?;
    if book.variant != variant {
        return Err(format!(
            "book {}: made for {}, not {variant}",
            path.display(),
            book.variant
        ));
    }
    if book.board != board {
        return Err(format!(
            "book {}: made on the other board (recreate it with the same --board)",
            path.display()
        ));
    }
    Ok(Some(book))
}

impl BookSet {
    /// The books of `variant` for `board` in `dir`; returns them and one
    /// warning line per file that exists but cannot be used.
    #[must_use]
    pub fn load(dir: &Path, variant: &str, board: BoardKind) -> (BookSet, Vec<String>) {
        let mut set = BookSet::default();
        let mut warnings = Vec::new();
        for repertoire in [false, true] {
            let path = book_path(dir, variant, repertoire);
            match load_one(&path, variant, board) {
                Ok(book) if repertoire => set.repertoire = book,
                Ok(book) => set.main = book,
                Err(e) => warnings.push(e),
            }
        }
        (set, warnings)
    }

    /// Adds a Polyglot book; on failure the set is unchanged and the reason
    /// is returned in one line.
    ///
    /// # Errors
    /// The file cannot be read or is not a Polyglot book.
    pub fn add_polyglot(&mut self, path: &Path) -> Result<(), String> {
        self.polyglot = Some(PolyglotBook::load(path)?);
        Ok(())
    }

    /// Whether any book is loaded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.main.is_none() && self.repertoire.is_none() && self.polyglot.is_none()
    }

    /// The book's advice in `pos` from the `.nbk` books.
    pub fn advise<P: Position>(
        &self,
        pos: &mut P,
        settings: &ChoiceSettings,
        rng: &mut StdRng,
    ) -> BookChoice<P::Move> {
        choose(
            pos,
            self.main.as_ref(),
            self.repertoire.as_ref(),
            settings,
            rng,
        )
    }

    /// The advice on the orthodox board: the `.nbk` books first, then the
    /// Polyglot book.
    pub fn advise_bitboard(
        &self,
        pos: &mut BitboardPos,
        settings: &ChoiceSettings,
        rng: &mut StdRng,
    ) -> BookChoice<crate::bitboard::Move> {
        match self.advise(pos, settings, rng) {
            BookChoice::Out => self
                .polyglot
                .as_ref()
                .and_then(|b| b.choose(pos, rng))
                .map_or(BookChoice::Out, BookChoice::Play),
            advice => advice,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::file::BookEntry;
    use rand::SeedableRng;

    fn e4_book(board: BoardKind, variant: &str) -> Book {
        let mut pos = BitboardPos::startpos();
        let m = pos.parse_move("e2e4").unwrap();
        pos.make(m);
        let mut e = BookEntry::new(pos.hash());
        e.games = 1;
        e.wins = 1;
        Book::new(board, variant, vec![e])
    }

    #[test]
    fn missing_corrupt_and_mismatched_books_are_warnings_only() {
        let dir = std::env::temp_dir().join(format!("nr-bookset-{}", std::process::id()));
        let (set, warnings) = BookSet::load(&dir, "normal", BoardKind::Bitboard);
        assert!(set.is_empty() && warnings.is_empty());
        e4_book(BoardKind::Bitboard, "normal")
            .save(&book_path(&dir, "normal", false))
            .unwrap();
        let rep = book_path(&dir, "normal", true);
        std::fs::write(&rep, b"NRBOOK\x01\x00junk").unwrap();
        let (set, warnings) = BookSet::load(&dir, "normal", BoardKind::Bitboard);
        assert!(set.main.is_some() && set.repertoire.is_none());
        assert_eq!(
            warnings,
            [format!("book {}: truncated (12 bytes)", rep.display())]
        );
        let mut pos = BitboardPos::startpos();
        let mut rng = StdRng::seed_from_u64(5);
        let e4 = pos.parse_move("e2e4").unwrap();
        let s = ChoiceSettings::default();
        assert_eq!(
            set.advise_bitboard(&mut pos, &s, &mut rng),
            BookChoice::Play(e4)
        );
        let (set, warnings) = BookSet::load(&dir, "normal", BoardKind::Mailbox);
        assert!(set.main.is_none());
        assert_eq!(warnings.len(), 2);
        assert!(
            warnings[0].ends_with("made on the other board (recreate it with the same --board)")
        );
        let (_, warnings) = BookSet::load(&dir, "shatranj", BoardKind::Bitboard);
        assert!(warnings.is_empty());
        let mut pos = BitboardPos::startpos();
        assert!(BookSet::default().advise(&mut pos, &s, &mut rng) == BookChoice::Out);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
