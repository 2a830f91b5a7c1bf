//! How the console writes moves it shows (the engine's move, thinking
//! lines, `hint`, `history`): in SAN (`Nf3`, `exd5`, `O-O`) or in the
//! coordinates the engine speaks (`g1f3`), as `display san on|off` chooses.
//! SAN comes from [`crate::notation::to_san`] on whichever board plays the
//! variant, so every variant is written the way its PGN files are.

use super::{analysis, Console};
use crate::boards::AnyPosition;
use crate::notation::to_san;
use crate::position::Position;

/// The legal move `text` (coordinates) of `pos`.
fn legal_move<P: Position>(pos: &mut P, text: &str) -> Option<P::Move> {
    let m = pos.parse_move(text).ok()?;
    pos.legal_moves().contains(&m).then_some(m)
}

/// Plays `moves` (coordinates) on `pos`; false at the first that is not
/// legal there.
fn replay<P: Position>(pos: &mut P, moves: &[String]) -> bool {
    moves.iter().all(|text| {
        legal_move(pos, text).is_some_and(|m| {
            pos.make(m);
            true
        })
    })
}

/// `moves` (coordinates, played in turn from `pos`) in SAN. From the first
/// move that is not legal on, the rest keep their coordinates.
pub fn san_line<P: Position>(pos: &mut P, moves: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(moves.len());
    for text in moves {
        let Some(m) = legal_move(pos, text) else {
            break;
        };
        out.push(to_san(pos, m));
        pos.make(m);
    }
    out.extend(moves.iter().skip(out.len()).cloned());
    out
}

/// `moves` as shown after `played` from `fen`, on `pos`'s board.
fn shown_on<P: Position>(mut pos: P, played: &[String], moves: &[String]) -> Vec<String> {
    if replay(&mut pos, played) {
        san_line(&mut pos, moves)
    } else {
        moves.to_vec()
    }
}

impl Console {
    /// Whether moves are shown in SAN (`display san`).
    #[must_use]
    pub fn shows_san(&self) -> bool {
        self.display.san
    }

    /// `moves` (coordinates) as the console shows them when they are played
    /// from the position `fen` after the moves `played`: SAN under
    /// `display san on`, else as given (also when the variant or a move
    /// does not fit, which never happens with the engine's own lines).
    pub fn shown_moves(&mut self, fen: &str, played: &[String], moves: &[String]) -> Vec<String> {
        let variant = self.variant.clone();
        self.shown_in(&variant, fen, played, moves)
    }

    /// Like [`Console::shown_moves`], in a game of `variant` other than the
    /// console's (a test suite's position).
    pub fn shown_in(
        &mut self,
        variant: &str,
        fen: &str,
        played: &[String],
        moves: &[String],
    ) -> Vec<String> {
        if !self.display.san || moves.is_empty() {
            return moves.to_vec();
        }
        match analysis::position(self, variant, Some(fen)) {
            Ok(AnyPosition::Bitboard(p)) => shown_on(p, played, moves),
            Ok(AnyPosition::Mailbox(p)) => shown_on(p, played, moves),
            Err(_) => moves.to_vec(),
        }
    }

    /// The engine's move `m` as shown. The snapshot is usually the one
    /// after it (its record ends in `m`); a move that overtook the report
    /// is written from the snapshot's position.
    pub fn shown_engine_move(&mut self, m: &str) -> String {
        let snapshot = self.snapshot.clone();
        let one = [m.to_string()];
        let shown = match snapshot.moves.split_last() {
            Some((last, before)) if last == m => {
                self.shown_moves(&snapshot.start_fen, before, &one)
            }
            _ => self.shown_moves(&snapshot.fen, &[], &one),
        };
        shown.into_iter().next().unwrap_or_else(|| m.to_string())
    }

    /// The game's moves as shown (`history`).
    pub fn shown_record(&mut self) -> Vec<String> {
        let snapshot = self.snapshot.clone();
        self.shown_moves(&snapshot.start_fen, &[], &snapshot.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::BitboardPos;

    fn texts(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| (*m).to_string()).collect()
    }

    #[test]
    fn a_line_is_written_in_san_up_to_its_first_bad_move() {
        let mut pos = BitboardPos::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            false,
        )
        .unwrap();
        let line = texts(&["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "e1g1"]);
        assert_eq!(
            san_line(&mut pos.clone(), &line),
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O"]
        );
        let bad = texts(&["e2e4", "e2e4", "g1f3"]);
        assert_eq!(san_line(&mut pos, &bad), ["e4", "e2e4", "g1f3"]);
    }
}
