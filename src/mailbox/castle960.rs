//! Chess960-style castling on the mailbox (overlay `castling960 = true`):
//! the king and its castling partners (the piece types fmax.ini's arrays put
//! in the corners, i.e. the rooks) may stand anywhere on the back rank. The
//! king lands on the c-file (toward the a-file) or on the second-to-last
//! file, the partner next to it on the inner side. A castling move is
//! encoded as king-takes-partner (`to` is the partner's square), which is
//! never ambiguous with a normal king move.
//!
//! Rights live in the virginity bits, as for Fairy-Max's corner castling: a
//! virgin king and a virgin partner on its back rank may castle. In FEN,
//! `K`/`Q` name the outermost partner on that side of the king (X-FEN) and
//! file letters any partner (Shredder-FEN); [`MailboxPos::write_fen`] writes
//! X-FEN (a file letter only for a partner that is not the outermost).

use super::moves::{Move, MoveKind};
use super::{cell_color, cell_type, MailboxPos, EMPTY, VIRGIN};
use crate::core::Color;
use crate::position::TextError;

/// Squares of one back rank from `a` to `b`, both included, in any order.
fn span(a: u8, b: u8) -> impl Iterator<Item = u8> {
    a.min(b)..=a.max(b)
}

impl MailboxPos {
    /// Whether `m` is a castling move of Chess960 mode.
    pub(crate) fn is_castle960(&self, m: Move) -> bool {
        self.tables.castling960 && m.kind() == MoveKind::Castle
    }

    /// Where king and partner land: (king's square, partner's square).
    pub(crate) fn castle960_targets(&self, king: u8, partner: u8) -> (u8, u8) {
        let row = king & 0xF0;
        let last = self.tables.width as u8 - 1;
        if partner & 15 < king & 15 {
            (row | 2, row | 3)
        } else {
            (row | (last - 1), row | (last - 2))
        }
    }

    /// Whether `cell` is a virgin castling partner of `color`.
    fn is_virgin_partner(&self, cell: u8, color: Color) -> bool {
        cell != EMPTY
            && cell & VIRGIN != 0
            && cell_color(cell) == color
            && self.is_partner_type(cell)
    }

    /// Whether the type of `cell` may be a castling partner.
    fn is_partner_type(&self, cell: u8) -> bool {
        self.tables.castle_partners & (1 << cell_type(cell)) != 0
    }

    /// Appends the castling moves of the virgin castler on `king`.
    pub(crate) fn push_castles960(&self, king: u8, piece: u8, out: &mut Vec<Move>) {
        let color = cell_color(piece);
        let sides = self.tables.castle_sides[cell_type(piece) as usize];
        let (kf, row) = (king & 15, king & 0xF0);
        if self.tables.width < 5 {
            return;
        }
        for file in 0..self.tables.width as u8 {
            let side = match file.cmp(&kf) {
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => continue,
            };
            let partner = row | file;
            if sides & side != 0
                && self.is_virgin_partner(self.board[partner as usize], color)
                && self.castle960_allowed(king, partner, color)
            {
                out.push(Move::new(king, partner, MoveKind::Castle, 0, 0));
            }
        }
    }

    /// The squares both pieces cross are empty but for the two of them, and
    /// no square of the king's path (its own included) is attacked. That the
    /// landing square is safe once the partner has moved is left to the
    /// legality test after the move.
    fn castle960_allowed(&self, king: u8, partner: u8, color: Color) -> bool {
        let (king_to, partner_to) = self.castle960_targets(king, partner);
        let blocked = span(king, king_to)
            .chain(span(partner, partner_to))
            .any(|sq| sq != king && sq != partner && self.board[sq as usize] != EMPTY);
        !blocked
            && span(king, king_to).all(|sq| !self.castling_square_attacked(sq, color.flip(), king))
    }

    /// Moves king and partner to their castled squares; returns (partner's
    /// square, its destination, the partner's cell) for unmake.
    pub(crate) fn place_castle960(&mut self, m: Move) -> (u8, u8, u8) {
        let (king_to, partner_to) = self.castle960_targets(m.from(), m.to());
        let king = self.take(m.from());
        let partner = self.take(m.to());
        self.put(king_to, king & !VIRGIN);
        self.put(partner_to, partner & !VIRGIN);
        (m.to(), partner_to, partner)
    }

    /// Takes back [`MailboxPos::place_castle960`]; `king` is the king's cell
    /// before the move.
    pub(crate) fn unplace_castle960(&mut self, m: Move, king: u8, partner: u8) {
        let (king_to, partner_to) = self.castle960_targets(m.from(), m.to());
        self.take(king_to);
        self.take(partner_to);
        self.put(m.from(), king);
        self.put(m.to(), partner);
    }

    /// `O-O` (toward the last file) or `O-O-O` (toward the a-file).
    pub(crate) fn castle960_text(m: Move) -> String {
        if m.to() & 15 > m.from() & 15 {
            "O-O".into()
        } else {
            "O-O-O".into()
        }
    }

    /// The castling move a text stands for, in Chess960 mode: `O-O`/`O-O-O`
    /// (also with zeros or lower case), king-takes-partner (`e1h1`), or the
    /// king's destination (`e1g1`, only asked when no normal move matched).
    pub(crate) fn parse_castle960(&self, text: &str, legal: &[Move]) -> Option<Move> {
        let castles = legal.iter().copied().filter(|&m| self.is_castle960(m));
        if let Some(long) = super::notation::castling_side(text) {
            let wanted = if long { "O-O-O" } else { "O-O" };
            return castles
                .into_iter()
                .find(|&m| Self::castle960_text(m) == wanted);
        }
        let lower = text.trim().to_ascii_lowercase();
        let named = |a: u8, b: u8| format!("{}{}", self.square_name(a), self.square_name(b));
        let mut castles = castles.peekable();
        castles.peek()?;
        let all: Vec<Move> = castles.collect();
        all.iter()
            .copied()
            .find(|&m| named(m.from(), m.to()) == lower)
            .or_else(|| {
                all.iter()
                    .copied()
                    .find(|&m| named(m.from(), self.castle960_targets(m.from(), m.to()).0) == lower)
            })
    }

    /// The square of `color`'s virgin-able castler on its back rank: the
    /// first piece there whose type castles.
    fn castler_square(&self, color: Color) -> Option<u8> {
        let row = self.back_row(color);
        (0..self.tables.width as u8).map(|f| row | f).find(|&sq| {
            let cell = self.board[sq as usize];
            cell != EMPTY
                && cell_color(cell) == color
                && self.tables.castle_sides[cell_type(cell) as usize] != 0
        })
    }

    /// The mailbox row (times 16) of `color`'s first rank.
    fn back_row(&self, color: Color) -> u8 {
        match color {
            Color::White => ((self.tables.height - 1) * 16) as u8,
            Color::Black => 0,
        }
    }

    /// The outermost partner of `color` on the given side of `king`.
    fn outermost_partner(&self, king: u8, color: Color, toward_last: bool) -> Option<u8> {
        let row = king & 0xF0;
        let own_partner = |&sq: &u8| {
            let cell = self.board[sq as usize];
            cell != EMPTY && cell_color(cell) == color && self.is_partner_type(cell)
        };
        if toward_last {
            (king + 1..=row | (self.tables.width as u8 - 1))
                .rev()
                .find(own_partner)
        } else {
            (row..king).find(own_partner)
        }
    }

    /// Virginity from a Chess960 castling field: `K`/`Q` (outermost partner
    /// on that side) or file letters. Letters naming no partner of a castler
    /// on the back rank are ignored, as GUIs tolerate them.
    pub(crate) fn apply_rights960(&mut self, rights: &str) -> Result<(), TextError> {
        for c in rights.chars().filter(|&c| c != '-') {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let lower = c.to_ascii_lowercase();
            if !matches!(lower, 'k' | 'q' | 'a'..='p') {
                return Err(TextError::Fen(format!("bad FEN: castling field has '{c}'")));
            }
            let Some(king) = self.castler_square(color) else {
                continue;
            };
            let partner = match lower {
                'k' => self.outermost_partner(king, color, true),
                'q' => self.outermost_partner(king, color, false),
                f => {
                    let file = f as u8 - b'a';
                    if i32::from(file) >= self.tables.width {
                        return Err(TextError::Fen(format!(
                            "bad FEN: castling file '{c}' is off the board"
                        )));
                    }
                    let sq = (king & 0xF0) | file;
                    let cell = self.board[sq as usize];
                    let ok =
                        cell != EMPTY && cell_color(cell) == color && self.is_partner_type(cell);
                    (ok && sq != king).then_some(sq)
                }
            };
            if let Some(sq) = partner {
                self.set_virgin(sq);
                self.set_virgin(king);
            }
        }
        Ok(())
    }

    /// Chess960 rights of `color` as X-FEN letters (upper case).
    pub(crate) fn rights960_of(&self, color: Color) -> String {
        let Some(king) = self.castler_square(color) else {
            return String::new();
        };
        if self.board[king as usize] & VIRGIN == 0 {
            return String::new();
        }
        let row = king & 0xF0;
        let last = row | (self.tables.width as u8 - 1);
        let mut out = String::new();
        let sides = [
            (true, 'K', (king + 1..=last).rev().collect::<Vec<u8>>()),
            (false, 'Q', (row..king).collect()),
        ];
        for (toward_last, letter, squares) in sides {
            let outermost = self.outermost_partner(king, color, toward_last);
            for sq in squares {
                if self.is_virgin_partner(self.board[sq as usize], color) {
                    out.push(if Some(sq) == outermost {
                        letter
                    } else {
                        char::from(b'A' + (sq & 15))
                    });
                }
            }
        }
        out
    }
}
