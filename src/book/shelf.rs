//! The books of every variant: one main book (`books/VARIANT.nbk`) or
//! repertoire (`books/VARIANT.rep.nbk`) per variant of a PGN file, beside
//! the fmax.ini in use or in a directory of the caller's choice
//! ([`BookTarget`]), and a book's moves at a position ([`show_position`]),
//! for the `book` and `books` commands (`tools::bookcmd`).
//! Orthodox chess is keyed on the bitboard, as the engine plays it, unless
//! the target asks for the mailbox board; every other variant on the
//! mailbox.

use super::choose::{show_book, ChoiceSettings};
use super::create::{build_book_reporting, CreateOptions};
use super::file::{with_lock, BoardKind, Book};
use crate::bitboard::BitboardPos;
use crate::boards::{AnyPosition, BoardChoice};
use crate::mailbox::MailboxPos;
use crate::notation::pgn::{read_pgn, PgnGame};
use crate::position::Position;
use crate::progress::ProgressReporter;
use crate::rules::catalog::Catalog;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where books are written and which board keys orthodox chess.
#[derive(Clone, Debug)]
pub struct BookTarget {
    /// The directory of the book files.
    pub dir: PathBuf,
    /// Key orthodox chess on the mailbox board too.
    pub mailbox_board: bool,
}

impl BookTarget {
    /// `books/` beside the catalog's fmax.ini (or in the working directory).
    #[must_use]
    pub fn beside(catalog: &Catalog) -> BookTarget {
        let base = catalog
            .ini_path()
            .and_then(Path::parent)
            .map_or_else(PathBuf::new, Path::to_path_buf);
        BookTarget {
            dir: base.join("books"),
            mailbox_board: false,
        }
    }
}

/// The file of `variant`'s main book or repertoire in `dir`.
#[must_use]
pub fn book_path(dir: &Path, variant: &str, repertoire: bool) -> PathBuf {
    let safe: String = variant
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let ext = if repertoire { "rep.nbk" } else { "nbk" };
    dir.join(format!("{safe}.{ext}"))
}

/// Builds and saves one book per variant found in `pgn` (the text of a PGN
/// file). Returns one line per book written and one per problem (malformed
/// game, illegal move, unknown variant, write failure).
#[must_use]
pub fn create_books(
    pgn: &str,
    opts: &CreateOptions,
    catalog: &Catalog,
    target: &BookTarget,
) -> (Vec<String>, Vec<String>) {
    let file = read_pgn(pgn);
    let mut errors = file.errors.clone();
    let mut by_variant: BTreeMap<String, Vec<&PgnGame>> = BTreeMap::new();
    for game in &file.games {
        let name = catalog.resolve(game.variant());
        by_variant.entry(name).or_default().push(game);
    }
    let mut written = Vec::new();
    let mut progress = ProgressReporter::new("book create", file.games.len());
    for (name, games) in by_variant {
        let built = build_for_variant(&name, &games, opts, catalog, target, &mut progress);
        let (book, problems) = match built {
            Ok(pair) => pair,
            Err(e) => {
                errors.push(format!(
                    "variant {name}: {e} ({} games skipped)",
                    games.len()
                ));
                continue;
            }
        };
        errors.extend(problems);
        let path = book_path(&target.dir, &name, opts.repertoire);
        match with_lock(&path, "book", || book.save(&path)) {
            Ok(()) => written.push(format!(
                "{}: {} games, {} positions ({})",
                path.display(),
                games.len(),
                book.entries().len(),
                board_name(book.board)
            )),
            Err(e) => errors.push(e),
        }
    }
    progress.finish();
    (written, errors)
}

fn board_name(board: BoardKind) -> &'static str {
    match board {
        BoardKind::Bitboard => "bitboard",
        BoardKind::Mailbox => "mailbox",
    }
}

/// The book of one variant's games, on the board the engine would use.
fn build_for_variant(
    name: &str,
    games: &[&PgnGame],
    opts: &CreateOptions,
    catalog: &Catalog,
    target: &BookTarget,
    progress: &mut ProgressReporter,
) -> Result<(Book, Vec<String>), String> {
    let variant = catalog.variant(name).map_err(|errs| {
        errs.first()
            .map_or_else(|| "unknown variant".to_string(), ToString::to_string)
    })?;
    let board = BoardChoice::mailbox_if(target.mailbox_board);
    let start = AnyPosition::new(&variant, None, board).map_err(|e| e.to_string())?;
    let mut step = |_: &str| progress.step(name);
    Ok(match start {
        AnyPosition::Bitboard(p) => {
            build_book_reporting(games, &p, BoardKind::Bitboard, name, opts, &mut step)
        }
        AnyPosition::Mailbox(p) => {
            build_book_reporting(games, &p, BoardKind::Mailbox, name, opts, &mut step)
        }
    })
}

/// `book show`: the candidates of `fen` (or the variant's start) in `book`.
///
/// # Errors
/// The book's variant is unknown or the FEN does not fit it.
pub fn show_position(book: &Book, fen: Option<&str>, catalog: &Catalog) -> Result<String, String> {
    let settings = ChoiceSettings::default();
    match book.board {
        BoardKind::Bitboard => {
            let mut pos = BitboardPos::startpos();
            if let Some(f) = fen {
                pos.set_fen(f).map_err(|e| e.to_string())?;
            }
            Ok(show_book(&mut pos, Some(book), None, &settings))
        }
        BoardKind::Mailbox => {
            let variant = catalog
                .variant(&book.variant)
                .map_err(|_| format!("unknown variant {}", book.variant))?;
            let mut pos = MailboxPos::new(variant);
            if let Some(f) = fen {
                pos.set_fen(f).map_err(|e| e.to_string())?;
            }
            Ok(show_book(&mut pos, Some(book), None, &settings))
        }
    }
}

#[cfg(test)]
mod tests;
