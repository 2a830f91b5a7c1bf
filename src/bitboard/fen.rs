//! FEN reading and writing, with X-FEN and Shredder-FEN castling letters for
//! Chess960.
//!
//! The board and side to move are parsed strictly; castling, en passant and
//! the two counters may be missing. Every malformed or impossible FEN gives a
//! one-line [`TextError`]; nothing here panics on any input.

use super::attacks::tables;
use super::board::{castle_index, BitboardPos, CastleRule, NO_SQUARE};
use super::types::{
    bit, code_color, code_kind, piece_code, square_name, PieceType, Square, BACK_RANKS, EMPTY,
};
use crate::position::TextError;

/// The FEN of the orthodox start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn err(text: String) -> TextError {
    TextError::Fen(text)
}

impl BitboardPos {
    /// The orthodox start position.
    #[must_use]
    pub fn startpos() -> BitboardPos {
        match BitboardPos::from_fen(START_FEN, false) {
            Ok(pos) => pos,
            Err(_) => BitboardPos::empty(false),
        }
    }

    /// Reads a FEN (X-FEN or Shredder-FEN castling letters are accepted).
    ///
    /// # Errors
    /// A one-line [`TextError`] when the FEN is malformed or the position impossible.
    pub fn from_fen(fen: &str, chess960: bool) -> Result<BitboardPos, TextError> {
        let mut fields = fen.split_whitespace();
        let mut pos = BitboardPos::empty(chess960);
        let placement = fields.next().ok_or_else(|| err("empty FEN".into()))?;
        pos.read_placement(placement)?;
        pos.side = match fields.next() {
            Some("w") => 0,
            Some("b") => 1,
            Some(other) => return Err(err(format!("bad side to move '{other}' in FEN"))),
            None => return Err(err("FEN has no side to move".into())),
        };
        pos.check_material()?;
        if let Some(castling) = fields.next() {
            pos.read_castling(castling)?;
        }
        if let Some(ep) = fields.next() {
            pos.read_en_passant(ep)?;
        }
        pos.halfmove = read_counter(fields.next(), 0, "halfmove clock")?;
        pos.fullmove = read_counter(fields.next(), 1, "fullmove number")?.max(1);
        pos.key = pos.compute_key();
        Ok(pos)
    }

    fn read_placement(&mut self, placement: &str) -> Result<(), TextError> {
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 8 {
            return Err(err(format!("FEN board has {} ranks, not 8", ranks.len())));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0usize;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(err(format!(
                            "bad empty-square count 0 in rank {}",
                            rank + 1
                        )));
                    }
                    file += d as usize;
                } else {
                    let kind = PieceType::from_letter(c)
                        .ok_or_else(|| err(format!("bad piece letter '{c}' in FEN")))?;
                    if file >= 8 {
                        return Err(err(format!("rank {} of the FEN is too long", rank + 1)));
                    }
                    let color = usize::from(c.is_ascii_lowercase());
                    self.put(rank * 8 + file, piece_code(color, kind.index()));
                    file += 1;
                }
                if file > 8 {
                    return Err(err(format!("rank {} of the FEN is too long", rank + 1)));
                }
            }
            if file != 8 {
                return Err(err(format!(
                    "rank {} of the FEN has {file} squares, not 8",
                    rank + 1
                )));
            }
        }
        Ok(())
    }

    fn check_material(&self) -> Result<(), TextError> {
        for (color, name) in [(0, "white"), (1, "black")] {
            let kings = self.pieces(color, PieceType::King).count_ones();
            if kings != 1 {
                return Err(err(format!("{name} has {kings} kings, not 1")));
            }
        }
        if self.kind_bb(PieceType::Pawn) & BACK_RANKS != 0 {
            return Err(err("pawn on the first or last rank".into()));
        }
        let them = self.side ^ 1;
        let ksq = self.king_square(them);
        if self.attackers(tables(), ksq, self.occupied(), self.side) != 0 {
            return Err(err("the side not to move is in check".into()));
        }
        Ok(())
    }

    /// Reads KQkq, X-FEN or Shredder-FEN castling letters. Malformed letters
    /// are errors; a letter naming no usable rook (no rook there, king off its
    /// first rank, or not the orthodox squares outside Chess960) is ignored,
    /// as GUIs tolerate such rights (and gating-style king-file letters).
    fn read_castling(&mut self, text: &str) -> Result<(), TextError> {
        if text == "-" {
            return Ok(());
        }
        for c in text.chars() {
            if !matches!(c.to_ascii_uppercase(), 'K' | 'Q' | 'A'..='H') {
                return Err(err(format!("bad castling letter '{c}' in FEN")));
            }
            let color = usize::from(c.is_ascii_lowercase());
            if let Some((ksq, rook)) = self.castling_rook(color, c.to_ascii_uppercase()) {
                self.add_castle_right(color, ksq, rook);
            }
        }
        Ok(())
    }

    /// The king and rook squares a castling letter (upper-cased) stands for, if usable.
    fn castling_rook(&self, color: usize, letter: char) -> Option<(usize, usize)> {
        let back_rank = 56 * color;
        let ksq = self.king_square(color);
        if ksq / 8 != back_rank / 8 {
            return None;
        }
        let rooks = self.pieces(color, PieceType::Rook) & (0xFF << back_rank);
        let rook = match letter {
            'K' => (ksq + 1..back_rank + 8)
                .rev()
                .find(|&s| rooks & bit(s) != 0),
            'Q' => (back_rank..ksq).find(|&s| rooks & bit(s) != 0),
            file => {
                let sq = back_rank + (file as usize).saturating_sub('A' as usize);
                (rooks & bit(sq) != 0).then_some(sq)
            }
        }?;
        let orthodox = ksq % 8 == 4 && (rook % 8 == 0 || rook % 8 == 7);
        (self.chess960 || orthodox).then_some((ksq, rook))
    }

    /// Records the right to castle with the rook on `rook` and its geometry.
    fn add_castle_right(&mut self, color: usize, ksq: usize, rook: usize) {
        let t = tables();
        let right = castle_index(color, ksq, rook);
        let long = right & 1 == 1;
        let back_rank = 56 * color;
        let king_to = back_rank + if long { 2 } else { 6 };
        let rook_to = back_rank + if long { 3 } else { 5 };
        let path = t.between(ksq, king_to) | bit(king_to);
        let span = path | t.between(rook, rook_to) | bit(rook_to);
        self.castle_rules[right] = CastleRule {
            rook_from: rook as u8,
            king_to: king_to as u8,
            rook_to: rook_to as u8,
            empty: span & !(bit(ksq) | bit(rook)),
            king_path: path,
        };
        self.castling |= 1 << right;
        self.rights_mask[ksq] &= !(3 << (2 * color));
        self.rights_mask[rook] &= !(1 << right);
    }

    fn read_en_passant(&mut self, text: &str) -> Result<(), TextError> {
        if text == "-" {
            return Ok(());
        }
        let sq = Square::parse(text)
            .ok_or_else(|| err(format!("bad en passant square '{text}' in FEN")))?
            .index();
        let us = self.side;
        let expected_rank = if us == 0 { 5 } else { 2 };
        if sq / 8 != expected_rank {
            return Err(err(format!(
                "en passant square {text} is on the wrong rank"
            )));
        }
        let victim = sq ^ 8;
        let origin = if us == 0 { sq + 8 } else { sq - 8 };
        if self.board[victim] != piece_code(us ^ 1, 0)
            || self.board[sq] != EMPTY
            || self.board[origin] != EMPTY
        {
            return Err(err(format!(
                "en passant square {text} without a pawn that just advanced two squares"
            )));
        }
        if tables().pawn(us ^ 1, sq) & self.pieces(us, PieceType::Pawn) != 0 {
            self.ep = sq as u8;
        }
        Ok(())
    }

    /// Writes the position as FEN (X-FEN castling letters in Chess960).
    #[must_use]
    pub fn fen(&self) -> String {
        self.fen_with(false)
    }

    /// Writes the position as Shredder-FEN: castling rights always as rook files
    /// (`HAha`), the form PolyGlot and UCI GUIs use for Chess960.
    #[must_use]
    pub fn shredder_fen(&self) -> String {
        self.fen_with(true)
    }

    fn fen_with(&self, shredder: bool) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut gap = 0;
            for file in 0..8 {
                let code = self.board[rank * 8 + file];
                if code == EMPTY {
                    gap += 1;
                    continue;
                }
                if gap > 0 {
                    out.push(char::from(b'0' + gap));
                    gap = 0;
                }
                let letter = PieceType::ALL[code_kind(code)].letter();
                out.push(if code_color(code) == 0 {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
            if gap > 0 {
                out.push(char::from(b'0' + gap));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.side == 0 { " w " } else { " b " });
        out.push_str(&self.castling_text(shredder));
        out.push(' ');
        if self.ep == NO_SQUARE {
            out.push('-');
        } else {
            out.push_str(&square_name(usize::from(self.ep)));
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    fn castling_text(&self, shredder: bool) -> String {
        let mut text = String::new();
        for right in 0..4 {
            if self.castling & (1 << right) == 0 {
                continue;
            }
            let color = right / 2;
            let long = right & 1 == 1;
            let standard = if long { 'q' } else { 'k' };
            let rook = usize::from(self.castle_rules[right].rook_from);
            let by_file = shredder || (self.chess960 && !self.is_outermost_rook(color, rook, long));
            let letter = if by_file {
                char::from(b'a' + (rook % 8) as u8)
            } else {
                standard
            };
            text.push(if color == 0 {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
        if text.is_empty() {
            text.push('-');
        }
        text
    }

    /// Whether no other rook of `color` stands beyond `rook` on its side of the king.
    fn is_outermost_rook(&self, color: usize, rook: usize, long: bool) -> bool {
        let back_rank = 56 * color;
        let rooks = self.pieces(color, PieceType::Rook);
        let beyond = if long {
            back_rank..rook
        } else {
            rook + 1..back_rank + 8
        };
        beyond.into_iter().all(|s| rooks & bit(s) == 0)
    }
}

/// Counters are capped so that playing moves can never overflow them.
const MAX_COUNTER: u32 = 1 << 20;

fn read_counter(text: Option<&str>, default: u32, what: &str) -> Result<u32, TextError> {
    match text {
        None => Ok(default),
        Some(t) => t
            .parse::<u32>()
            .map(|n| n.min(MAX_COUNTER))
            .map_err(|_| err(format!("bad {what} '{t}' in FEN"))),
    }
}
