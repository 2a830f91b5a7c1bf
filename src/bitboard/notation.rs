//! Move text: XBoard coordinate notation in and out.
//!
//! Output: `e2e4`, `e7e8q`; castling as the king's move (`e1g1`) in orthodox
//! chess and as `O-O` / `O-O-O` in Chess960, as XBoard expects. Input also
//! accepts `O-O`, `0-0`, king-takes-rook (`e1h1`), `=Q` promotions, `x` and `-`
//! separators and trailing `+`/`#`.

use super::board::castle_index;
use super::types::{square_name, Move, MoveKind, PieceType, Square};
use super::BitboardPos;
use crate::position::TextError;

impl BitboardPos {
    /// Writes `m` in XBoard coordinate notation.
    #[must_use]
    pub fn move_text(&self, m: Move) -> String {
        let from = m.from_index();
        match m.kind() {
            MoveKind::Castle => {
                let right = castle_index(self.side, from, m.to_index());
                let long = right & 1 == 1;
                if self.chess960 {
                    (if long { "O-O-O" } else { "O-O" }).to_string()
                } else {
                    let king_to = usize::from(self.castle_rules[right].king_to);
                    format!("{}{}", square_name(from), square_name(king_to))
                }
            }
            MoveKind::Promotion(kind) => {
                format!(
                    "{}{}{}",
                    square_name(from),
                    square_name(m.to_index()),
                    kind.letter()
                )
            }
            _ => format!("{}{}", square_name(from), square_name(m.to_index())),
        }
    }

    /// Parses a move in coordinate notation and checks that it is legal.
    ///
    /// # Errors
    /// A one-line [`TextError`] when the text is not a move or not legal here.
    pub fn parse_move_text(&self, text: &str) -> Result<Move, TextError> {
        let trimmed = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        let castle_side = match trimmed {
            "O-O" | "0-0" | "o-o" => Some(false),
            "O-O-O" | "0-0-0" | "o-o-o" => Some(true),
            _ => None,
        };
        if let Some(long) = castle_side {
            return moves
                .iter()
                .copied()
                .find(|m| m.is_castle() && (m.to_index() < m.from_index()) == long)
                .ok_or_else(|| TextError::IllegalMove(text.to_string()));
        }
        let (from, to, promo) =
            split_coordinates(trimmed).ok_or_else(|| TextError::NotAMove(text.to_string()))?;
        let exact = moves
            .iter()
            .copied()
            .find(|m| !m.is_castle() && m.from() == from && m.to() == to && m.promotion() == promo);
        let castle = || {
            moves.iter().copied().find(|m| {
                let rule =
                    &self.castle_rules[castle_index(self.side, m.from_index(), m.to_index())];
                m.is_castle()
                    && promo.is_none()
                    && m.from() == from
                    && (m.to() == to || usize::from(rule.king_to) == to.index())
            })
        };
        exact
            .or_else(castle)
            .ok_or_else(|| TextError::IllegalMove(text.to_string()))
    }
}

/// Splits `e7e8q`, `e7-e8=Q`, `e4xd5` into squares and promotion kind.
fn split_coordinates(text: &str) -> Option<(Square, Square, Option<PieceType>)> {
    let compact: String = text
        .chars()
        .filter(|c| !matches!(c, 'x' | '-' | '='))
        .collect();
    if !compact.is_ascii() || !(4..=5).contains(&compact.len()) {
        return None;
    }
    let from = Square::parse(&compact[0..2])?;
    let to = Square::parse(&compact[2..4])?;
    let promo = match compact[4..].chars().next() {
        None => None,
        Some(c) => match PieceType::from_letter(c)? {
            PieceType::Pawn | PieceType::King => return None,
            kind => Some(kind),
        },
    };
    Some((from, to, promo))
}
