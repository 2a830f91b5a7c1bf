//! Move text in UCI's convention, which Fairy-Stockfish extended to
//! variants: written from the engine's move values ([`UciNotation`], a
//! [`Notation`] for [`Variation`](crate::engine::variation::Variation)s),
//! and read into the engine's [`MoveName`]s ([`read`]).
//!
//! It differs from the boards' own text (XBoard's) in two places only:
//! - ranks: UCI counts from 1 on every board (`a10` on xiangqi's top rank),
//!   the boards from 0 on boards of 10 ranks (`a9`);
//! - Chess960 castling: UCI writes the king taking its own rook (`e1h1`),
//!   the boards write `O-O` / `O-O-O` in Chess960 mode.
//!
//! Promotion and gating letters (`a7a8c`, `b1c3h`, `h1e1h`) and drops
//! (`P@e4`) are the same in both; `0000` passes the turn.

use crate::engine::api::{MoveName, Square};
use crate::engine::diagram::Diagram;
use crate::engine::variation::Notation;
use crate::position::Position;

/// UCI's move text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UciNotation;

impl Notation for UciNotation {
    fn write<P: Position>(&self, pos: &mut P, m: P::Move) -> String {
        uci_text(pos, m)
    }
}

/// The move a UCI move text names, if it is one: `e2e4`, `a7a8q`,
/// `b1c3h`, `a10a9`, `b2g7+`, `P@e4`, `0000`. Whether it is legal is the engine's
/// question.
#[must_use]
pub fn read(text: &str) -> Option<MoveName> {
    if text == "0000" {
        return Some(MoveName::Pass);
    }
    if let Some((piece, square)) = text.split_once('@') {
        let mut letters = piece.chars();
        let (Some(piece), None) = (letters.next(), letters.next()) else {
            return None;
        };
        let (to, "") = read_square(square)? else {
            return None;
        };
        return piece
            .is_ascii_alphabetic()
            .then_some(MoveName::Drop { piece, to });
    }
    let (from, rest) = read_square(text)?;
    let (to, rest) = read_square(rest)?;
    let mut letters = rest.chars();
    let letter = match (letters.next(), letters.next()) {
        (None, _) => None,
        // `+`: a promotion by choice (shogi).
        (Some(c), None) if c.is_ascii_alphabetic() || c == '+' => Some(c),
        _ => return None,
    };
    Some(MoveName::Step { from, to, letter })
}

/// A square at the start of `text` (a lower-case file letter and a rank
/// from 1), and the text after it.
fn read_square(text: &str) -> Option<(Square, &str)> {
    let mut chars = text.chars();
    let file = chars.next().filter(char::is_ascii_lowercase)?;
    let digits = chars.as_str();
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    let (number, rest) = digits.split_at_checked(end)?;
    let rank = number.parse::<u8>().ok()?.checked_sub(1)?;
    let file = u8::try_from(u32::from(file) - u32::from('a')).ok()?;
    Some((Square { file, rank }, rest))
}

/// `name` as UCI writes it (what [`read`] reads back).
#[must_use]
pub fn write(name: &MoveName) -> String {
    match name {
        MoveName::Step { from, to, letter } => {
            let mut text = format!("{}{}", square_text(*from), square_text(*to));
            text.extend(*letter);
            text
        }
        MoveName::Drop { piece, to } => format!("{piece}@{}", square_text(*to)),
        MoveName::Pass => "0000".into(),
    }
}

/// A square as UCI names it: ranks from 1.
fn square_text(square: Square) -> String {
    let file = char::from(b'a'.saturating_add(square.file));
    format!("{file}{}", u32::from(square.rank) + 1)
}

/// `m` (legal in `pos`) in UCI's convention.
#[must_use]
pub fn uci_text<P: Position>(pos: &mut P, m: P::Move) -> String {
    let text = pos.move_to_string(m);
    let zero_based = pos.move_facts(m).is_some_and(|f| f.zero_based_ranks);
    let text = if text.starts_with("O-O") {
        king_takes_rook(pos, m).unwrap_or(text)
    } else {
        text
    };
    if zero_based {
        ranks_from_one(&text)
    } else {
        text
    }
}

/// A Chess960 castling move as the king taking its partner, in the board's
/// text (`e1h1`): the friendly piece on the king's rank, seen from the
/// corner inward, whose square the board reads as this very move.
fn king_takes_rook<P: Position>(pos: &mut P, m: P::Move) -> Option<String> {
    let facts = pos.move_facts(m)?;
    let toward_last_file = facts.castle?;
    let diagram = Diagram::from_fen(&pos.to_fen())?;
    let height = diagram.height();
    let row = height.checked_sub(usize::from(facts.from.1) + 1)?;
    let king_file = usize::from(facts.from.0);
    let white = pos.side_to_move() == crate::core::Color::White;
    let files: Vec<usize> = if toward_last_file {
        (king_file + 1..diagram.width()).rev().collect()
    } else {
        (0..king_file).collect()
    };
    let king = diagram.square_name(row, king_file);
    files.into_iter().find_map(|file| {
        let piece = diagram.at(row, file)?;
        if piece.is_ascii_uppercase() != white {
            return None;
        }
        let text = format!("{king}{}", diagram.square_name(row, file));
        (pos.parse_move(&text).ok() == Some(m)).then_some(text)
    })
}

/// The board's text of a board that counts ranks from 0 with every
/// square's rank number one higher (a square is a lower-case file letter
/// followed by digits).
fn ranks_from_one(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 1);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        if !c.is_ascii_lowercase() {
            continue;
        }
        let digits: String = chars[i..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .collect();
        if digits.is_empty() {
            continue;
        }
        i += digits.len();
        match digits.parse::<u64>().ok().and_then(|r| r.checked_add(1)) {
            Some(rank) => out.push_str(&rank.to_string()),
            None => out.push_str(&digits),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::BitboardPos;
    use crate::boards::BoardChoice;
    use crate::engine::dispatch::AnyGame;
    use crate::rules::catalog::Catalog;

    /// A game of `name` from the shipped fmax.ini on the board `board` picks.
    fn game(name: &str, board: BoardChoice) -> AnyGame {
        let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
        let catalog = Catalog::load(Some(std::path::Path::new(ini))).expect("fmax.ini loads");
        AnyGame::new(&catalog.variant(name).expect("variant"), board)
    }

    /// `m`, legal in `game`, in UCI's text.
    fn text(game: &AnyGame, m: crate::engine::any_move::AnyMove) -> String {
        let texts = game.variation(&[m]).texts(&UciNotation);
        assert_eq!(texts.len(), 1, "{m:?} is legal");
        texts[0].clone()
    }

    #[test]
    fn move_texts_are_read_into_names_and_written_back() {
        let square = |file, rank| Square { file, rank };
        assert_eq!(
            read("a10a9"),
            Some(MoveName::Step {
                from: square(0, 9),
                to: square(0, 8),
                letter: None
            })
        );
        assert_eq!(
            read("b1c3h"),
            Some(MoveName::Step {
                from: square(1, 0),
                to: square(2, 2),
                letter: Some('h')
            })
        );
        assert_eq!(
            read("P@e4"),
            Some(MoveName::Drop {
                piece: 'P',
                to: square(4, 3)
            })
        );
        assert_eq!(read("0000"), Some(MoveName::Pass));
        for bad in [
            "", "e2", "e2e", "a0a1", "e2e4qq", "e2e4++", "Nf3", "O-O", "E2E4", "@e4", "PP@e4",
            "P@e4x", "e999e1", "é2e4",
        ] {
            assert_eq!(read(bad), None, "{bad}");
        }
        for text in [
            "e2e4", "a7a8q", "b2g7+", "b1c3h", "a10a9", "p16p15", "P@e4", "0000",
        ] {
            let name = read(text).expect("a move text");
            assert_eq!(write(&name), text);
        }
    }

    #[test]
    fn every_legal_move_survives_uci_text_on_both_boards() {
        for (name, board) in [
            ("normal", BoardChoice::Auto),
            ("normal", BoardChoice::Mailbox),
            ("fischerandom", BoardChoice::Auto),
            ("capablanca", BoardChoice::Auto),
            ("xiangqi", BoardChoice::Auto),
            ("seirawan", BoardChoice::Auto),
            ("crazyhouse", BoardChoice::Auto),
        ] {
            let mut g = game(name, board);
            let moves = g.legal_moves();
            assert!(!moves.is_empty(), "{name}");
            for m in moves {
                let text = text(&g, m);
                let read = read(&text).unwrap_or_else(|| panic!("{name}: {text} is read"));
                assert_eq!(g.named_move(&read), Some(m), "{name} {text}");
            }
        }
    }

    #[test]
    fn xiangqi_counts_ranks_from_one() {
        let mut g = game("xiangqi", BoardChoice::Auto);
        let m = g
            .named_move(&read("h3e3").expect("a move"))
            .expect("the cannon's central move");
        assert_eq!(g.move_text(m).as_deref(), Some("h2e2"));
        assert_eq!(text(&g, m), "h3e3");
        assert_eq!(ranks_from_one("a0a1"), "a1a2");
        assert_eq!(ranks_from_one("h1e1h"), "h2e2h");
        assert_eq!(ranks_from_one("0000"), "0000");
        assert_eq!(
            ranks_from_one("a99999999999999999999"),
            "a99999999999999999999"
        );
    }

    #[test]
    fn lines_are_written_up_to_the_first_illegal_move() {
        let mut g = game("normal", BoardChoice::Auto);
        let mut after = g.clone();
        let line: Vec<_> = ["e2e4", "e7e5", "g1f3"]
            .iter()
            .map(|t| {
                let m = after.named_move(&read(t).expect("a move")).expect("legal");
                assert!(after.play(m));
                m
            })
            .collect();
        assert_eq!(
            g.variation(&line).texts(&UciNotation),
            ["e2e4", "e7e5", "g1f3"]
        );
        assert_eq!(
            g.variation(&[line[0], line[0]]).texts(&UciNotation),
            ["e2e4"]
        );
        assert_eq!(g.named_move(&MoveName::Pass), None);
    }

    #[test]
    fn chess960_castling_is_written_king_takes_rook() {
        let fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
        let mut pos = BitboardPos::from_fen(fen, true).unwrap();
        let mut castles = Vec::new();
        for m in pos.legal_moves() {
            if pos.move_to_string(m).starts_with("O-O") {
                castles.push(uci_text(&mut pos, m));
            }
        }
        castles.sort();
        assert_eq!(castles, ["e1b1", "e1g1"]);
        let mut normal = BitboardPos::startpos();
        let e4 = normal.parse_move("e2e4").unwrap();
        assert_eq!(uci_text(&mut normal, e4), "e2e4");
    }
}
