//! The `book` and `books` commands of the command line and the console:
//! `book create FILE.pgn M [N] [WPCT]` (one main book per variant), `books
//! create FILE.pgn [M]` (repertoire books) and `book show FILE.nbk [FEN]`.
//! Books go to `books/VARIANT.nbk` (`VARIANT.rep.nbk` for a repertoire)
//! beside the fmax.ini in use, or to `--dir DIR` (`book::shelf`).

use super::args::BoardArg;
use crate::boards::BoardChoice;
use crate::book::create::CreateOptions;
use crate::book::file::Book;
use crate::book::shelf::{create_books, show_position, BookTarget};
use crate::rules::catalog::Catalog;
use clap::Parser as _;
use std::path::PathBuf;

/// Where the books go, which fmax.ini names the games and which board
/// keys orthodox chess: options of every `book` and `books` action, given
/// before or after it.
#[derive(Clone, Debug, Default, PartialEq, clap::Args)]
pub struct Shelf {
    /// The directory of the books (default: books/ beside the fmax.ini)
    #[arg(long, value_name = "DIR", global = true)]
    pub dir: Option<PathBuf>,
    /// The fmax.ini that names the games (default: the one the engine loads)
    #[arg(long, value_name = "FILE", global = true)]
    pub ini: Option<PathBuf>,
    /// The board orthodox chess is keyed on
    #[arg(long, value_name = "BOARD", global = true, default_value = "auto")]
    pub board: BoardArg,
}

/// `book`: the main books.
#[derive(Clone, Debug, PartialEq, clap::Parser)]
#[command(name = "book")]
pub struct BookArgs {
    /// What to do
    #[command(subcommand)]
    pub action: BookAction,
    /// Where the books are kept.
    #[command(flatten)]
    pub shelf: Shelf,
}

/// What `book` does.
#[derive(Clone, Debug, PartialEq, clap::Subcommand)]
pub enum BookAction {
    /// Write books/VARIANT.nbk for each variant of a PGN file, from the first M plies of its games
    Create(CreateArgs),
    /// List a book's moves at a position, with their figures
    Show(ShowArgs),
}

/// `book create FILE.pgn M [N] [WPCT]`.
#[derive(Clone, Debug, PartialEq, clap::Args)]
pub struct CreateArgs {
    /// The games
    #[arg(value_name = "FILE.pgn")]
    pub file: String,
    /// Plies read from the start of each game
    #[arg(value_name = "M")]
    pub plies: usize,
    /// Moves played in fewer games are dropped
    #[arg(value_name = "N", default_value_t = 1)]
    pub min_games: u32,
    /// Moves that score below this percentage are dropped
    #[arg(value_name = "WPCT", default_value_t = 0.0, value_parser = percent)]
    pub min_win_percent: f64,
}

/// `book show FILE.nbk [FEN]`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct ShowArgs {
    /// The book
    #[arg(value_name = "FILE.nbk")]
    pub file: PathBuf,
    /// The position, as one argument or as its fields (default: the variant's start)
    #[arg(value_name = "FEN")]
    pub fen: Vec<String>,
}

/// `books`: the repertoire books.
#[derive(Clone, Debug, PartialEq, clap::Parser)]
#[command(name = "books")]
pub struct BooksArgs {
    /// What to do
    #[command(subcommand)]
    pub action: BooksAction,
    /// Where the books are kept.
    #[command(flatten)]
    pub shelf: Shelf,
}

/// What `books` does.
#[derive(Clone, Debug, PartialEq, Eq, clap::Subcommand)]
pub enum BooksAction {
    /// Write books/VARIANT.rep.nbk for each variant of a PGN file: moves marked ! only, ? never, {play NN%} as often
    Create(RepertoireArgs),
}

/// `books create FILE.pgn [M]`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct RepertoireArgs {
    /// The games
    #[arg(value_name = "FILE.pgn")]
    pub file: String,
    /// Plies read from the start of each game
    #[arg(value_name = "M", default_value_t = 60)]
    pub plies: usize,
}

/// A percentage from 0 to 100.
fn percent(text: &str) -> Result<f64, String> {
    let p: f64 = text.parse().map_err(|_| "not a number".to_string())?;
    if (0.0..=100.0).contains(&p) {
        Ok(p)
    } else {
        Err("a percentage is 0 to 100".to_string())
    }
}

impl Shelf {
    /// The catalog of the games.
    fn catalog(&self) -> Result<Catalog, String> {
        Catalog::load(self.ini.as_deref()).map_err(|errs| {
            errs.first()
                .map_or_else(|| "cannot read fmax.ini".to_string(), ToString::to_string)
        })
    }

    /// Writes the books of `file`'s games; one line per book written and
    /// per problem met.
    fn create(&self, file: &str, opts: &CreateOptions) -> Result<Vec<String>, String> {
        let catalog = self.catalog()?;
        let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
        let mut target = BookTarget::beside(&catalog);
        target.mailbox_board = BoardChoice::from(self.board) == BoardChoice::Mailbox;
        if let Some(dir) = &self.dir {
            target.dir.clone_from(dir);
        }
        let (written, mut errors) = create_books(&text, opts, &catalog, &target);
        if written.is_empty() {
            errors.push("no book written".into());
            return Err(errors.join("\n"));
        }
        errors.extend(written);
        Ok(errors)
    }
}

impl BookArgs {
    /// What `book` has to say: the books written and the problems met, or
    /// the moves shown, one line each.
    ///
    /// # Errors
    /// An unreadable file or fmax.ini, a FEN that does not fit, or no book
    /// written (with the problems before it).
    pub fn lines(&self) -> Result<Vec<String>, String> {
        match &self.action {
            BookAction::Create(c) => self.shelf.create(
                &c.file,
                &CreateOptions {
                    max_plies: c.plies,
                    min_games: c.min_games,
                    min_win_percent: c.min_win_percent,
                    repertoire: false,
                },
            ),
            BookAction::Show(s) => {
                let catalog = self.shelf.catalog()?;
                let book = Book::load(&s.file)?;
                let fen = (!s.fen.is_empty()).then(|| s.fen.join(" "));
                let text = show_position(&book, fen.as_deref(), &catalog)?;
                Ok(text.lines().map(str::to_string).collect())
            }
        }
    }
}

impl BooksArgs {
    /// What `books` has to say: the books written and the problems met.
    ///
    /// # Errors
    /// An unreadable file or fmax.ini, or no book written (with the
    /// problems before it).
    pub fn lines(&self) -> Result<Vec<String>, String> {
        let BooksAction::Create(c) = &self.action;
        let opts = CreateOptions {
            max_plies: c.plies,
            repertoire: true,
            ..CreateOptions::default()
        };
        self.shelf.create(&c.file, &opts)
    }
}

/// The console's `book create|show ...` (or `books create ...` when
/// `repertoire`): `words` parsed as on the command line, then run.
///
/// # Errors
/// Bad arguments (the parser's message), or what the command met.
pub fn book_lines(words: &[String], repertoire: bool) -> Result<Vec<String>, String> {
    let name = if repertoire { "books" } else { "book" };
    let argv = std::iter::once(name).chain(words.iter().map(String::as_str));
    let parsed = if repertoire {
        BooksArgs::try_parse_from(argv).map(|a| a.lines())
    } else {
        BookArgs::try_parse_from(argv).map(|a| a.lines())
    };
    match parsed {
        Ok(lines) => lines,
        Err(e) if !e.use_stderr() => Ok(e.to_string().lines().map(str::to_string).collect()),
        Err(e) => Err(first_paragraph(&e.to_string())),
    }
}

/// The first paragraph of a parser's error, on one line: what is wrong,
/// without the usage and the hints after it.
fn first_paragraph(text: &str) -> String {
    let first = text.trim().split("\n\n").next().unwrap_or("");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    first.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Prints what `book` or `books` (`name`) has to say; the exit code.
fn finish(name: &str, outcome: Result<Vec<String>, String>) -> i32 {
    match outcome {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            0
        }
        Err(e) => {
            eprintln!("nightrider {name}: {e}");
            2
        }
    }
}

/// `nightrider book ...`; returns the exit code.
#[must_use]
pub fn run_book(args: &BookArgs) -> i32 {
    finish("book", args.lines())
}

/// `nightrider books ...` (repertoire); returns the exit code.
#[must_use]
pub fn run_books(args: &BooksArgs) -> i32 {
    finish("books", args.lines())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(words: &str) -> Result<BookArgs, String> {
        let argv = std::iter::once("book").chain(words.split(' '));
        BookArgs::try_parse_from(argv).map_err(|e| e.to_string())
    }

    #[test]
    fn create_takes_its_numbers_in_order_and_options_anywhere() {
        let b = book("--dir d create f.pgn 20 2 40 --board general").unwrap();
        let BookAction::Create(c) = &b.action else {
            panic!("{b:?}");
        };
        assert_eq!(
            (c.file.as_str(), c.plies, c.min_games, c.min_win_percent),
            ("f.pgn", 20, 2, 40.0)
        );
        assert_eq!(b.shelf.dir, Some(PathBuf::from("d")));
        assert_eq!(b.shelf.board, BoardArg::Mailbox);
        let b = book("create f.pgn 8").unwrap();
        let BookAction::Create(c) = &b.action else {
            panic!("{b:?}");
        };
        assert_eq!((c.plies, c.min_games, c.min_win_percent), (8, 1, 0.0));
        assert_eq!(b.shelf, Shelf::default());
    }

    #[test]
    fn bad_book_arguments_are_refused() {
        for words in [
            "create f.pgn",
            "create f.pgn 20 x",
            "create f.pgn 20 2 101",
            "create x.pgn 8 --board bitboard",
            "create f.pgn 8 --colour white",
            "burn f.pgn",
        ] {
            assert!(book(words).is_err(), "{words}");
        }
        let e = book("create f.pgn 20 2 101").unwrap_err();
        assert!(e.contains("a percentage is 0 to 100"), "{e}");
    }

    #[test]
    fn show_joins_the_fields_of_a_fen() {
        let b = book("show b.nbk 8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
        let BookAction::Show(s) = &b.action else {
            panic!("{b:?}");
        };
        assert_eq!(s.fen.join(" "), "8/8/8/8/8/8/8/K6k w - - 0 1");
    }

    #[test]
    fn the_console_gets_help_as_lines_and_errors_as_text() {
        let words = |w: &str| w.split(' ').map(String::from).collect::<Vec<_>>();
        let help = book_lines(&words("create --help"), false).unwrap();
        assert!(help.iter().any(|l| l.contains("FILE.pgn")), "{help:?}");
        let e = book_lines(&words("create"), true).unwrap_err();
        assert_eq!(
            e,
            "the following required arguments were not provided: <FILE.pgn>"
        );
        let e = book_lines(&words("create f.pgn 8 --colour white"), false).unwrap_err();
        assert_eq!(e, "unexpected argument '--colour' found");
    }
}
