//! Learning as text: what `export FILE` writes and `import FILE` reads, to
//! move learning between installations or to read what was learned.
//!
//! ```text
//! # Nightrider learning, variant normal
//! book rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; e4 150
//! book 0844931a6ef4b9a0 -20
//! position r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3; -120 6
//! position 0000000000000abc -35 9
//! ```
//!
//! A learned book move is written readably, as Crafty writes its learning:
//! the position (FEN), `;`, the move (SAN) and its learned value, for every
//! book move a walk of the book from the variant's start reaches. A learned
//! entry the walk does not reach (a book made from games with their own
//! `[FEN]`) keeps the hash form `book KEY VALUE` (the key of the position
//! after the move, in hex). A learned position is written the same way:
//! `position FEN; SCORE DEPTH` (score for the side to move, search depth)
//! when the learn file knows its FEN, `position KEY SCORE DEPTH` for those
//! learned by hash only. `import` reads all four forms (coordinates as
//! well as SAN for the move); a bad line stops it with `FILE:LINE: reason`.

use super::file::Book;
use super::positions::{self, LearnedPosition};
use crate::notation::{parse_san, to_san};
use crate::position::Position;
use std::collections::HashSet;

/// The longest book line the walk follows (a guard against odd books).
const MAX_WALK_PLIES: usize = 400;

/// The `book` lines of `book`'s learned values: readable for the moves a
/// walk from `start` reaches, in the order it reaches them, then the hash
/// form for the rest in key order. Returns the lines and how many values.
pub fn book_lines<P: Position>(start: &P, book: &Book) -> (String, usize) {
    let learned = book.entries().iter().filter(|e| e.learn != 0).count();
    let mut walk = Walk {
        book,
        learned,
        written: HashSet::new(),
        visited: HashSet::new(),
        text: String::new(),
    };
    let mut pos = start.clone();
    walk.visit(&mut pos, 0);
    let mut text = walk.text;
    for e in book.entries() {
        if e.learn != 0 && !walk.written.contains(&e.key) {
            text.push_str(&format!("book {:016x} {}\n", e.key, e.learn));
        }
    }
    (text, learned)
}

/// The state of the walk through the book.
struct Walk<'a> {
    book: &'a Book,
    learned: usize,
    written: HashSet<u64>,
    visited: HashSet<u64>,
    text: String,
}

impl Walk<'_> {
    /// Writes the learned book moves of `pos` and walks on into each book
    /// move, depth first.
    fn visit<P: Position>(&mut self, pos: &mut P, ply: usize) {
        if ply >= MAX_WALK_PLIES
            || self.written.len() == self.learned
            || !self.visited.insert(pos.hash())
        {
            return;
        }
        let mut children = Vec::new();
        for m in pos.legal_moves() {
            if !pos.make(m) {
                continue;
            }
            let entry = self.book.probe(pos.hash()).copied();
            pos.unmake(m);
            let Some(entry) = entry else {
                continue;
            };
            if entry.learn != 0 && self.written.insert(entry.key) {
                let line = format!(
                    "book {}; {} {}\n",
                    pos.to_fen(),
                    to_san(pos, m),
                    entry.learn
                );
                self.text.push_str(&line);
            }
            children.push(m);
        }
        for m in children {
            if pos.make(m) {
                self.visit(pos, ply + 1);
                pos.unmake(m);
            }
        }
    }
}

/// What one line of an export says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Learned {
    /// A book move's learned value, by the key of the position after it.
    Book {
        /// Hash of the position after the move.
        key: u64,
        /// The learned value.
        value: i32,
    },
    /// A learned position.
    Position(LearnedPosition),
}

/// Reads an export: every `book` and `position` line, with the book moves
/// written readably turned into keys on `template`'s board.
///
/// # Errors
/// `FILE:LINE: reason` for the first bad line (`file` names the file).
pub fn parse<P: Position>(template: &P, file: &str, text: &str) -> Result<Vec<Learned>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = parse_line(template, line).map_err(|e| format!("{file}:{}: {e}", i + 1))?;
        out.push(parsed);
    }
    Ok(out)
}

const EXPECTED: &str = "expected book FEN; MOVE VALUE, book KEY VALUE, \
                        position FEN; SCORE DEPTH or position KEY SCORE DEPTH";

/// One non-empty, non-comment line.
fn parse_line<P: Position>(template: &P, line: &str) -> Result<Learned, String> {
    if let Some(p) = positions::parse_line(line) {
        return Ok(Learned::Position(p));
    }
    if let Some((fen, tail)) = line
        .strip_prefix("position ")
        .and_then(|rest| rest.split_once(';'))
    {
        return readable_position_line(template, fen.trim(), tail.trim());
    }
    let Some(rest) = line.strip_prefix("book ") else {
        return Err(EXPECTED.into());
    };
    if let Some((fen, tail)) = rest.split_once(';') {
        return readable_book_line(template, fen.trim(), tail.trim());
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    let pair = match words.as_slice() {
        [key, value] => u64::from_str_radix(key, 16).ok().zip(value.parse().ok()),
        _ => None,
    };
    pair.map(|(key, value)| Learned::Book { key, value })
        .ok_or_else(|| EXPECTED.into())
}

/// `FEN; MOVE VALUE` as the key of the position after the move.
fn readable_book_line<P: Position>(template: &P, fen: &str, tail: &str) -> Result<Learned, String> {
    let words: Vec<&str> = tail.split_whitespace().collect();
    let [text, value] = words.as_slice() else {
        return Err(EXPECTED.into());
    };
    let value: i32 = value
        .parse()
        .map_err(|_| format!("bad learned value: {value}"))?;
    let mut pos = template.clone();
    pos.set_fen(fen)
        .map_err(|e| format!("bad FEN ({e}): {fen}"))?;
    let m = parse_san(&mut pos, text).map_err(|e| e.to_string())?;
    if !pos.legal_moves().contains(&m) || !pos.make(m) {
        return Err(format!("illegal move: {text}"));
    }
    Ok(Learned::Book {
        key: pos.hash(),
        value,
    })
}

/// `FEN; SCORE DEPTH` as a learned position keyed by the FEN's hash.
fn readable_position_line<P: Position>(
    template: &P,
    fen: &str,
    tail: &str,
) -> Result<Learned, String> {
    let words: Vec<&str> = tail.split_whitespace().collect();
    let [score, depth] = words.as_slice() else {
        return Err(EXPECTED.into());
    };
    let score: i32 = score.parse().map_err(|_| format!("bad score: {score}"))?;
    let depth: u8 = depth.parse().map_err(|_| format!("bad depth: {depth}"))?;
    let mut pos = template.clone();
    pos.set_fen(fen)
        .map_err(|e| format!("bad FEN ({e}): {fen}"))?;
    Ok(Learned::Position(LearnedPosition {
        key: pos.hash(),
        score,
        depth,
        fen: Some(pos.to_fen()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::BitboardPos;
    use crate::book::file::{BoardKind, BookEntry};

    use crate::book::test_lines::child as key;

    fn learned(moves: &[&str], learn: i32) -> BookEntry {
        BookEntry {
            learn,
            ..BookEntry::new(key(moves))
        }
    }

    #[test]
    fn book_learning_reads_as_positions_and_moves_and_comes_back() {
        let book = Book::new(
            BoardKind::Bitboard,
            "normal",
            vec![
                learned(&["e4"], 150),
                learned(&["d4"], 0),
                learned(&["e4", "c5"], -75),
                learned(&["e4", "e5"], 0),
                learned(&["e4", "e5", "Nf3"], 20),
                BookEntry {
                    learn: 9,
                    ..BookEntry::new(0x0abc)
                },
            ],
        );
        let start = BitboardPos::startpos();
        let (text, values) = book_lines(&start, &book);
        assert_eq!(values, 4);
        let expected = "\
book rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; e4 150
book rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; c5 -75
book rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2; Nf3 20
book 0000000000000abc 9
";
        assert_eq!(text, expected);
        let read = parse(&start, "learned.txt", &format!("# a comment\n\n{text}")).unwrap();
        let pairs: Vec<(u64, i32)> = read
            .iter()
            .map(|l| match *l {
                Learned::Book { key, value } => (key, value),
                Learned::Position(_) => panic!("{l:?}"),
            })
            .collect();
        assert_eq!(
            pairs,
            [
                (key(&["e4"]), 150),
                (key(&["e4", "c5"]), -75),
                (key(&["e4", "e5", "Nf3"]), 20),
                (0x0abc, 9)
            ]
        );
    }

    #[test]
    fn coordinates_and_positions_are_read_and_bad_lines_named() {
        let start = BitboardPos::startpos();
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let read = parse(
            &start,
            "f",
            &format!("book {fen}; e2e4 7\nposition ff -3 9\nposition {fen}; 25 4\n"),
        );
        assert_eq!(
            read,
            Ok(vec![
                Learned::Book {
                    key: key(&["e4"]),
                    value: 7
                },
                Learned::Position(LearnedPosition {
                    key: 0xff,
                    score: -3,
                    depth: 9,
                    fen: None,
                }),
                Learned::Position(LearnedPosition {
                    key: start.hash(),
                    score: 25,
                    depth: 4,
                    fen: Some(fen.into()),
                })
            ])
        );
        let bad = |line: &str| parse(&start, "l.txt", &format!("\n{line}\n")).unwrap_err();
        assert_eq!(
            bad(&format!("book {fen}; e5 7")),
            "l.txt:2: illegal move: e5"
        );
        assert_eq!(
            bad(&format!("book {fen}; e4 lots")),
            "l.txt:2: bad learned value: lots"
        );
        assert!(bad("book 8/8/8 w; e4 7").starts_with("l.txt:2: bad FEN ("));
        assert_eq!(bad("book zz 1"), format!("l.txt:2: {EXPECTED}"));
        assert_eq!(
            bad(&format!("position {fen}; 25 deep")),
            "l.txt:2: bad depth: deep"
        );
        assert_eq!(
            bad(&format!("position {fen}; 25")),
            format!("l.txt:2: {EXPECTED}")
        );
        assert!(bad("position 8/8 w; 1 2").starts_with("l.txt:2: bad FEN ("));
        assert_eq!(bad("hello"), format!("l.txt:2: {EXPECTED}"));
    }
}
