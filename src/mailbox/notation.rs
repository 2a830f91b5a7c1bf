//! Move text for XBoard: coordinate notation on any board size (ranks 0-9 on
//! 10-rank boards as XBoard numbers them, 1-based otherwise), with a
//! lower-case promotion or gating letter; `O-O` and `O-O-O` are read as the
//! castling move toward the last file and toward the a-file.

use super::moves::{Move, MoveKind};
use super::{cell_type, MailboxPos};
use crate::position::{MoveFacts, Position, TextError};

impl MailboxPos {
    /// The name of a mailbox square in move notation (`e4`, `a0`, `l12`).
    #[must_use]
    pub fn square_name(&self, sq: u8) -> String {
        let file = char::from(b'a' + (sq & 15));
        let rank = self.tables.height - 1 - i32::from(sq >> 4);
        let shown = if self.tables.height == 10 {
            rank
        } else {
            rank + 1
        };
        format!("{file}{shown}")
    }

    /// The name of a square as FEN writes it (ranks always 1-based).
    pub(crate) fn fen_square_name(&self, sq: u8) -> String {
        let file = char::from(b'a' + (sq & 15));
        let rank = self.tables.height - i32::from(sq >> 4);
        format!("{file}{rank}")
    }

    /// Parses a square name; `zero_based` for XBoard's 10-rank numbering.
    pub(crate) fn parse_square(&self, text: &str, zero_based: bool) -> Option<u8> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let f = i32::from(file as u8 - b'a');
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let n: i32 = digits.parse().ok()?;
        let rank = if zero_based { n } else { n - 1 };
        let (w, h) = (self.tables.width, self.tables.height);
        (f < w && rank >= 0 && rank < h).then(|| ((h - 1 - rank) * 16 + f) as u8)
    }

    /// The square a gated piece enters: the castling corner for
    /// [`MoveKind::CastleGateCorner`], else the mover's origin.
    fn gate_square(&self, m: Move) -> u8 {
        if m.kind() != MoveKind::CastleGateCorner {
            return m.from();
        }
        let corner_file = if (m.to() & 15) > (m.from() & 15) {
            self.tables.width - 1
        } else {
            0
        };
        (i32::from(m.from() >> 4) * 16 + corner_file) as u8
    }

    /// Coordinate text of a move: `e7e8q`, `f1i1`, `b1c3h` (gating),
    /// `N@f3` (a drop, the man's letter in upper case for both sides).
    pub(crate) fn coordinate_text(&self, m: Move) -> String {
        if m.is_drop() {
            let letter = self.tables.variant.types[m.piece() as usize].letter;
            return format!("{letter}@{}", self.square_name(m.to()));
        }
        if self.is_castle960(m) {
            return Self::castle960_text(m);
        }
        let mut text = if m.kind() == MoveKind::CastleGateCorner {
            let corner = self.gate_square(m);
            format!("{}{}", self.square_name(corner), self.square_name(m.from()))
        } else {
            format!("{}{}", self.square_name(m.from()), self.square_name(m.to()))
        };
        if m.piece() != 0 {
            if self.tables.promotion.any && self.promotes(m) {
                // Promotion by choice: Fairy-Stockfish's and cutechess-cli's `+`.
                text.push('+');
                return text;
            }
            let letter = self.tables.variant.types[m.piece() as usize].letter;
            text.push(letter.to_ascii_lowercase());
        }
        text
    }

    /// Finds the legal move a coordinate text stands for. A missing
    /// promotion letter means the default (Fairy-Max's) choice.
    pub(crate) fn parse_coordinate_move(&mut self, text: &str) -> Result<Move, TextError> {
        let cleaned: String = text
            .trim()
            .chars()
            .filter(|&c| c != '=' && c != '-')
            .collect();
        let legal = self.legal_moves();
        let wanted = cleaned.to_ascii_lowercase();
        let same = |m: Move| {
            let text = self.coordinate_text(m);
            if m.is_drop() {
                text.eq_ignore_ascii_case(&wanted)
            } else {
                text == wanted
            }
        };
        if let Some(&m) = legal.iter().find(|&&m| same(m)) {
            return Ok(m);
        }
        if let Some(m) = self.parse_castle960(text, &legal) {
            return Ok(m);
        }
        if let Some(long) = castling_side(text) {
            return self
                .castling_toward(long, &legal)
                .ok_or_else(|| TextError::IllegalMove(text.to_string()));
        }
        // No suffix given for a promotion: take the first (default) choice.
        let bare = legal.iter().find(|&&m| {
            m.piece() != 0
                && self.tables.is_pawn[cell_type(self.board[m.from() as usize]) as usize]
                && self.coordinate_text(m).starts_with(&wanted)
                && self.coordinate_text(m).len() == wanted.len() + 1
        });
        bare.copied()
            .ok_or_else(|| TextError::IllegalMove(text.to_string()))
    }

    /// The legal castling move (gating nothing) toward the a-file (`long`)
    /// or the last file: what `O-O-O` and `O-O` stand for.
    fn castling_toward(&self, long: bool, legal: &[Move]) -> Option<Move> {
        legal.iter().copied().find(|m| {
            m.kind() == MoveKind::Castle
                && m.piece() == 0
                && ((m.to() & 15) < (m.from() & 15)) == long
        })
    }

    /// Board-independent facts about `m` for SAN (see [`MoveFacts`]).
    pub(crate) fn facts_of(&self, m: Move) -> MoveFacts {
        let height = self.tables.height;
        let coords = |sq: u8| {
            let rank = height - 1 - i32::from(sq >> 4);
            (sq & 15, u8::try_from(rank).unwrap_or(0))
        };
        let mover = if m.is_drop() {
            m.piece()
        } else {
            cell_type(self.board[m.from() as usize])
        };
        let pawn = self.tables.is_pawn[mover as usize];
        let letter = |t: u8| {
            self.tables.variant.types[t as usize]
                .letter
                .to_ascii_uppercase()
        };
        let castling = matches!(m.kind(), MoveKind::Castle | MoveKind::CastleGateCorner);
        let extra = (m.piece() != 0 && !m.is_drop()).then(|| letter(m.piece()));
        MoveFacts {
            piece: letter(mover),
            pawn,
            from: coords(m.from()),
            to: coords(m.to()),
            castle: castling.then(|| (m.to() & 15) > (m.from() & 15)),
            promotion: extra.filter(|_| pawn),
            gating: extra
                .filter(|_| !pawn)
                .map(|c| (c, coords(self.gate_square(m)))),
            zero_based_ranks: height == 10,
            drop: m.is_drop(),
        }
    }
}

/// Whether `text` is long castling (`O-O-O`: `Some(true)`) or short
/// castling (`O-O`: `Some(false)`), also written with zeros or in lower
/// case, with a check mark or not; `None` for any other text.
pub(super) fn castling_side(text: &str) -> Option<bool> {
    let wanted = text
        .trim()
        .trim_end_matches(['+', '#'])
        .to_ascii_uppercase()
        .replace('0', "O");
    match wanted.as_str() {
        "O-O" => Some(false),
        "O-O-O" => Some(true),
        _ => None,
    }
}
