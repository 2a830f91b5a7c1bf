//! Move text in UCI's convention, which Fairy-Stockfish extended to variants,
//! and back to the boards' XBoard text.
//!
//! The two differ in two places only:
//! - ranks: UCI counts from 1 on every board (`a10` on xiangqi's top rank),
//!   XBoard from 0 on boards of 10 ranks (`a9`);
//! - Chess960 castling: UCI writes the king taking its own rook (`e1h1`),
//!   the boards write `O-O` / `O-O-O` in Chess960 mode.
//!
//! Promotion and gating letters (`a7a8c`, `b1c3h`, `h1e1h`) are the same
//! in both. The boards already read king-takes-rook, so input needs only
//! the ranks shifted.

use super::diagram::Diagram;
use crate::position::Position;

/// The board's text for a move written in UCI's convention, on a board of
/// `height` ranks.
#[must_use]
pub fn board_text(uci: &str, height: usize) -> String {
    if height == 10 {
        shift_ranks(uci, -1)
    } else {
        uci.to_string()
    }
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
        shift_ranks(&text, 1)
    } else {
        text
    }
}

/// The moves of `pv` from `root` in UCI's convention; stops at the first
/// move that is not legal.
#[must_use]
pub fn uci_line<P: Position>(root: &P, pv: &[P::Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        let text = uci_text(&mut pos, m);
        if !pos.make(m) {
            break;
        }
        out.push(text);
    }
    out
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

/// `text` with every square's rank number moved by `delta` (a square is a
/// lower-case file letter followed by digits).
fn shift_ranks(text: &str, delta: i64) -> String {
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
        match digits
            .parse::<i64>()
            .ok()
            .and_then(|r| r.checked_add(delta))
        {
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

    #[test]
    fn ranks_shift_on_ten_rank_boards_only() {
        assert_eq!(board_text("a10a8", 10), "a9a7");
        assert_eq!(board_text("b1c3h", 10), "b0c2h");
        assert_eq!(board_text("e7e8q", 8), "e7e8q");
        assert_eq!(shift_ranks("a0a1", 1), "a1a2");
        assert_eq!(shift_ranks("h1e1h", 1), "h2e2h");
        assert_eq!(shift_ranks("0000", 1), "0000");
        assert_eq!(
            shift_ranks("a9223372036854775807", 1),
            "a9223372036854775807"
        );
        assert_eq!(
            shift_ranks("e99999999999999999999", 1),
            "e99999999999999999999"
        );
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
