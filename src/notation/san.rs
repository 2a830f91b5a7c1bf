//! Standard Algebraic Notation for any variant: writing (`Nf3`, `exd5`,
//! `e8=Q`, `O-O-O`, `Rae1`, `Nf3/H` for Seirawan gating, `+`/`#`) and lenient
//! parsing (with or without `x`, `=`, `+`, over-disambiguated, `0-0`, or plain
//! coordinate notation).
//!
//! Generic over [`Position`]; the board tells what a move is through
//! [`Position::move_facts`], so nothing here names a board. Squares are
//! written as XBoard writes them (ranks from 0 on 10-rank boards).

use crate::position::{MoveFacts, Position, TextError};

/// The name of a (file, rank) square: `e4`, `a0` (10 ranks), `l12`.
#[must_use]
pub fn square_text(square: (u8, u8), zero_based_ranks: bool) -> String {
    let file = char::from(b'a' + square.0);
    let rank = u32::from(square.1) + u32::from(!zero_based_ranks);
    format!("{file}{rank}")
}

fn file_text(f: &MoveFacts) -> String {
    char::from(b'a' + f.from.0).to_string()
}

fn rank_text(f: &MoveFacts) -> String {
    (u32::from(f.from.1) + u32::from(!f.zero_based_ranks)).to_string()
}

/// The board's facts as SAN uses them: a pawn is written pawn-style (no
/// letter) only when it is lettered `P` and moves like an orthodox pawn on
/// this move (straight when quiet, to another file when capturing). Others
/// (Spartan hoplites, Berolina pawns) are named like pieces (`Hed6`,
/// `Pfg3`), as Fairy-Stockfish and the GUIs write them.
fn san_facts<P: Position>(pos: &P, m: P::Move) -> Option<MoveFacts> {
    let capture = pos.is_capture(m);
    pos.move_facts(m).map(|f| MoveFacts {
        pawn: f.pawn && f.piece == 'P' && capture == (f.from.0 != f.to.0),
        ..f
    })
}

/// Legal moves of `pos` with their facts (moves without facts left out).
fn legal_with_facts<P: Position>(pos: &mut P) -> Vec<(P::Move, MoveFacts)> {
    let legal = pos.legal_moves();
    legal
        .into_iter()
        .filter_map(|m| san_facts(pos, m).map(|f| (m, f)))
        .collect()
}

/// Whether two moves look alike apart from their origin: SAN must then
/// say which piece moves.
fn rivals(a: &MoveFacts, b: &MoveFacts) -> bool {
    a.from != b.from
        && a.to == b.to
        && a.piece == b.piece
        && a.pawn == b.pawn
        && a.castle.is_none()
        && b.castle.is_none()
        && a.promotion == b.promotion
        && a.gating == b.gating
        && !a.drop
        && !b.drop
}

/// The disambiguation SAN needs: nothing, the file, the rank or both.
fn disambiguation(me: &MoveFacts, capture: bool, all: &[(MoveFacts, bool)]) -> String {
    let others: Vec<&MoveFacts> = all
        .iter()
        .filter(|(f, _)| rivals(me, f))
        .map(|(f, _)| f)
        .collect();
    if me.pawn && capture {
        // A pawn capture always names its file; the rank only if needed.
        if others.iter().any(|o| o.from.0 == me.from.0) {
            return file_text(me) + &rank_text(me);
        }
        return file_text(me);
    }
    if others.is_empty() {
        String::new()
    } else if others.iter().all(|o| o.from.0 != me.from.0) {
        file_text(me)
    } else if others.iter().all(|o| o.from.1 != me.from.1) {
        rank_text(me)
    } else {
        file_text(me) + &rank_text(me)
    }
}

/// The SAN of a move without its check mark.
fn san_body(me: &MoveFacts, capture: bool, all: &[(MoveFacts, bool)]) -> String {
    let mut text = String::new();
    if let Some(kingside) = me.castle {
        text.push_str(if kingside { "O-O" } else { "O-O-O" });
        if let Some((letter, square)) = me.gating {
            text.push('/');
            text.push(letter);
            if square != me.from {
                // Gating on the rook's square: name the square.
                text.push_str(&square_text(square, me.zero_based_ranks));
            }
        }
        return text;
    }
    if me.drop {
        return format!("{}@{}", me.piece, square_text(me.to, me.zero_based_ranks));
    }
    if !me.pawn {
        text.push(me.piece);
    }
    text.push_str(&disambiguation(me, capture, all));
    if capture {
        text.push('x');
    }
    text.push_str(&square_text(me.to, me.zero_based_ranks));
    if let Some(p) = me.promotion {
        text.push('=');
        text.push(p);
    }
    if let Some((letter, _)) = me.gating {
        text.push('/');
        text.push(letter);
    }
    text
}

/// Writes `m` (a legal move of `pos`) in SAN with `+` or `#`. Falls back to
/// coordinate text when the board gives no facts.
pub fn to_san<P: Position>(pos: &mut P, m: P::Move) -> String {
    let Some(me) = san_facts(pos, m) else {
        return pos.move_to_string(m);
    };
    let all: Vec<(MoveFacts, bool)> = legal_with_facts(pos)
        .into_iter()
        .map(|(mv, f)| (f, pos.is_capture(mv)))
        .collect();
    let mut text = san_body(&me, pos.is_capture(m), &all);
    if pos.make(m) {
        if pos.in_check() {
            let mate = pos.legal_moves().is_empty();
            text.push(if mate { '#' } else { '+' });
        }
        pos.unmake(m);
    }
    text
}

/// The move text with everything a lenient reader ignores removed:
/// capture marks, `=`, `/`, `-`, check and annotation marks; a trailing
/// promotion or gating letter is upper-cased.
fn normalise(text: &str) -> String {
    let kept: Vec<char> = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, 'x' | ':' | '=' | '/' | '-' | '+' | '#' | '!' | '?'))
        .collect();
    let mut out: String = kept.iter().collect();
    if kept.len() >= 2 {
        let last = kept[kept.len() - 1];
        if last.is_ascii_lowercase() && kept[kept.len() - 2].is_ascii_digit() {
            out.pop();
            out.push(last.to_ascii_uppercase());
        }
    }
    out
}

/// Every spelling (normalised) a reader accepts for one move.
fn spellings(me: &MoveFacts, capture: bool) -> Vec<String> {
    if let Some(kingside) = me.castle {
        let base = if kingside { "OO" } else { "OOO" };
        let mut out = vec![base.to_string()];
        if let Some((letter, square)) = me.gating {
            let name = square_text(square, me.zero_based_ranks);
            out = vec![format!("{base}{letter}{name}")];
            if square == me.from {
                out.push(format!("{base}{letter}"));
            }
        }
        return out;
    }
    let to = square_text(me.to, me.zero_based_ranks);
    if me.drop {
        let mut out = vec![format!("{}@{to}", me.piece)];
        if me.pawn {
            out.push(format!("@{to}"));
        }
        return out;
    }
    let from = square_text(me.from, me.zero_based_ranks);
    let mut tail = to.clone();
    if let Some(p) = me.promotion {
        tail.push(p);
    }
    if let Some((g, _)) = me.gating {
        tail.push(g);
    }
    let file = file_text(me);
    let mut out = Vec::new();
    if me.pawn {
        if !capture {
            out.push(tail.clone());
        }
        for prefix in [file.clone(), from.clone()] {
            out.push(format!("{prefix}{tail}"));
            out.push(format!("P{prefix}{tail}"));
        }
        if !capture {
            out.push(format!("P{tail}"));
        }
    } else {
        let piece = me.piece;
        for prefix in [String::new(), file, rank_text(me), from.clone()] {
            out.push(format!("{piece}{prefix}{tail}"));
        }
    }
    out
}

/// Parses a move in SAN (leniently) or coordinate notation and checks that
/// it is legal in `pos`.
///
/// # Errors
/// A one-line [`TextError`]: `illegal move: Nf9`, or `ambiguous move: Nd2`
/// when the text fits more than one legal move.
pub fn parse_san<P: Position>(pos: &mut P, text: &str) -> Result<P::Move, TextError> {
    let wanted = normalise(&text.replace('0', "O").replace("o-o", "O-O"));
    let wanted = if wanted.starts_with("OO") {
        wanted
    } else {
        normalise(text)
    };
    let moves = legal_with_facts(pos);
    let mut matches: Vec<P::Move> = Vec::new();
    for &(m, ref f) in &moves {
        // Cheap filter first: the destination must be named in the text.
        if f.castle.is_none() && !wanted.contains(&square_text(f.to, f.zero_based_ranks)) {
            continue;
        }
        if spellings(f, pos.is_capture(m)).contains(&wanted) {
            matches.push(m);
        }
    }
    match matches.len() {
        1 => return Ok(matches[0]),
        0 => {}
        _ => return Err(TextError::AmbiguousMove(text.trim().to_string())),
    }
    pos.parse_move(text.trim())
        .map_err(|_| TextError::IllegalMove(text.trim().to_string()))
}

#[cfg(test)]
mod tests;
