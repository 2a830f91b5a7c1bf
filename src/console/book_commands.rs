//! The console's book and learning commands (Crafty's words): `book`,
//! `books`, `bookw`, `learn`, `show book`, `import` and `export`. Book
//! files are made here, on the console thread; everything the playing
//! engine uses travels as an option (see `engine::book_options`).

use super::Console;
use crate::engine::api::{Command, Event};
use crate::engine::book_options as names;

/// Sends `option NAME=VALUE` and prints what comes back.
fn option(c: &mut Console, name: &str, value: &str) -> Result<(), String> {
    let events = c.exchange(vec![Command::SetOption {
        name: name.into(),
        value: Some(value.into()),
    }]);
    if let Some(Event::Error { reason, .. }) =
        events.iter().find(|e| matches!(e, Event::Error { .. }))
    {
        return Err(format!("Error ({reason}): {name} {value}"));
    }
    c.show_all(&events);
    Ok(())
}

/// `book create|show ...` (or `books create ...`) on this thread.
fn create(c: &mut Console, args: &str, repertoire: bool) -> Result<(), String> {
    let mut words: Vec<String> = args.split_whitespace().map(str::to_string).collect();
    let ini = c.library().path();
    if std::path::Path::new(&ini).is_file() && !words.iter().any(|w| w == "--ini") {
        words.extend(["--ini".to_string(), ini]);
    }
    let lines =
        crate::tools::bookcmd::book_lines(&words, repertoire).map_err(|e| format!("Error: {e}"))?;
    c.print(&lines.join("\n"));
    option(c, names::BOOK_RELOAD, "")
}

/// `book on|off|random N|width N|file F|dir D|create ...|show ...`.
pub fn book(c: &mut Console, args: &str) -> Result<(), String> {
    let (word, rest) = args
        .split_once(' ')
        .map_or((args, ""), |(w, r)| (w, r.trim()));
    match word {
        "on" | "off" => option(c, names::USE_BOOK, word),
        "random" => option(c, names::BOOK_RANDOM, rest),
        "width" => option(c, names::BOOK_WIDTH, rest),
        "file" => option(c, names::BOOK_FILE, rest),
        "dir" => option(c, names::BOOK_DIR, rest),
        "create" | "show" => create(c, args, false),
        _ => Err(format!(
            "Error (usage: book on|off|random 0|1|2|width N|file FILE|dir DIR|create FILE.pgn M [N] [WPCT]|show FILE.nbk [FEN]): book {args}"
        )),
    }
}

/// `books create FILE.pgn [M]`: the repertoire.
pub fn books(c: &mut Console, args: &str) -> Result<(), String> {
    create(c, args, true)
}

/// `bookw freq|ratio|eval|learn W`.
pub fn bookw(c: &mut Console, args: &str) -> Result<(), String> {
    option(c, names::BOOK_WEIGHTS, args)
}

/// `learn N`: the learning bitmask (1 book, 2 position, 4 result).
pub fn learn(c: &mut Console, args: &str) -> Result<(), String> {
    option(c, names::LEARNING, args)
}

/// `show book`: the book moves here with their figures.
pub fn show(c: &mut Console, args: &str) -> Result<(), String> {
    if args != "book" {
        return Err(format!("Error (usage: show book): show {args}"));
    }
    let events = c.exchange(vec![Command::Book]);
    if events
        .iter()
        .any(|e| matches!(e, Event::Book(lines) if lines.is_empty()))
    {
        c.print("no book moves");
    }
    c.show_all(&events);
    Ok(())
}

/// `import FILE [clear]`: adds exported learning to this variant's files.
pub fn import(c: &mut Console, args: &str) -> Result<(), String> {
    option(c, names::LEARN_IMPORT, args)
}

/// `export FILE`: writes this variant's learning as text.
pub fn export(c: &mut Console, args: &str) -> Result<(), String> {
    option(c, names::LEARN_EXPORT, args)
}
