//! The book commands shared by the command line and the console:
//! `book create FILE.pgn M [N] [WPCT]` (one main book per variant),
//! `books create FILE.pgn [M]` (repertoire books) and `book show FILE.nbk
//! [FEN]`. Books go to `books/VARIANT.nbk` (`VARIANT.rep.nbk` for a
//! repertoire) beside the fmax.ini in use, or to `--dir DIR`. Orthodox chess
//! is keyed on the bitboard, as the engine plays it, unless `--board
//! general`; every other variant on the mailbox.

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

/// Usage of `book`.
pub const BOOK_USAGE: &str = "book create FILE.pgn M [N] [WPCT] | book show FILE.nbk [FEN]   \
     [--dir DIR] [--ini FILE] [--board mailbox]   books/VARIANT.nbk from the first M plies";
/// Usage of `books`.
pub const BOOKS_USAGE: &str =
    "books create FILE.pgn [M] [--dir DIR] [--ini FILE] [--board mailbox]   \
     repertoire books/VARIANT.rep.nbk: ! only, ? never, {play NN%}";

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

/// Options after the positional arguments.
struct Flags {
    positional: Vec<String>,
    dir: Option<PathBuf>,
    ini: Option<PathBuf>,
    mailbox: bool,
}

fn split_flags(args: &[String]) -> Result<Flags, String> {
    let mut flags = Flags {
        positional: Vec::new(),
        dir: None,
        ini: None,
        mailbox: false,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--dir" => flags.dir = rest.next().map(PathBuf::from),
            "--ini" => flags.ini = rest.next().map(PathBuf::from),
            "--board" => match rest.next().map(String::as_str) {
                Some("mailbox" | "general") => flags.mailbox = true,
                Some("auto") => flags.mailbox = false,
                other => return Err(format!("--board takes mailbox or auto, not {other:?}")),
            },
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
            _ => flags.positional.push(arg.clone()),
        }
    }
    Ok(flags)
}

fn number<T: std::str::FromStr>(
    text: Option<&String>,
    what: &str,
    default: T,
) -> Result<T, String> {
    match text {
        None => Ok(default),
        Some(t) => t
            .parse()
            .map_err(|_| format!("{what} must be a number, not '{t}'")),
    }
}

/// Parses `create FILE M [N] [WPCT]` (or `[M]` for a repertoire).
fn create_options(p: &[String], repertoire: bool) -> Result<CreateOptions, String> {
    let max_plies = if repertoire {
        number(p.get(2), "M", 60)?
    } else {
        let m = p.get(2).ok_or("book create needs FILE.pgn and M")?;
        number(Some(m), "M", 0)?
    };
    let min_win_percent: f64 = number(p.get(4), "WPCT", 0.0)?;
    if !(0.0..=100.0).contains(&min_win_percent) {
        return Err(format!("WPCT must be 0-100, not {min_win_percent}"));
    }
    Ok(CreateOptions {
        max_plies,
        min_games: number(p.get(3), "N", 1)?,
        min_win_percent,
        repertoire,
    })
}

/// Runs `book ...` (or `books ...` when `repertoire`) and returns what it
/// has to say: the books written and the problems met, one line each.
///
/// # Errors
/// Bad arguments, an unreadable file or ini, or no book written (with the
/// problems before it).
pub fn book_lines(args: &[String], repertoire: bool) -> Result<Vec<String>, String> {
    let flags = split_flags(args)?;
    let p = &flags.positional;
    let catalog = Catalog::load(flags.ini.as_deref()).map_err(|errs| {
        errs.first()
            .map_or_else(|| "cannot read fmax.ini".to_string(), ToString::to_string)
    })?;
    match p.first().map(String::as_str) {
        Some("create") => {
            let file = p.get(1).ok_or("book create needs FILE.pgn")?;
            let opts = create_options(p, repertoire)?;
            let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
            let mut target = BookTarget::beside(&catalog);
            target.mailbox_board = flags.mailbox;
            if let Some(dir) = flags.dir {
                target.dir = dir;
            }
            let (written, mut errors) = create_books(&text, &opts, &catalog, &target);
            if written.is_empty() {
                errors.push("no book written".into());
                return Err(errors.join("\n"));
            }
            errors.extend(written);
            Ok(errors)
        }
        Some("show") if !repertoire => {
            let file = p.get(1).ok_or("book show needs FILE.nbk")?;
            let book = Book::load(Path::new(file))?;
            let fen = (p.len() > 2).then(|| p[2..].join(" "));
            let text = show_position(&book, fen.as_deref(), &catalog)?;
            Ok(text.lines().map(str::to_string).collect())
        }
        _ => Err(format!(
            "usage: {}",
            if repertoire { BOOKS_USAGE } else { BOOK_USAGE }
        )),
    }
}

fn run(args: &[String], repertoire: bool) -> Result<(), String> {
    for line in book_lines(args, repertoire)? {
        println!("{line}");
    }
    Ok(())
}

/// `nightrider book ...`; returns the exit code.
#[must_use]
pub fn run_book(args: &[String]) -> i32 {
    match run(args, false) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("nightrider book: {e}");
            2
        }
    }
}

/// `nightrider books ...` (repertoire); returns the exit code.
#[must_use]
pub fn run_books(args: &[String]) -> i32 {
    match run(args, true) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("nightrider books: {e}");
            2
        }
    }
}

#[cfg(test)]
mod tests;
