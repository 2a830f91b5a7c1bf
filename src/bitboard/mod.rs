//! The orthodox board: 64-bit bitboards with magic sliding attacks and legal
//! move generation (pin and check masks), for chess, no-castle chess and
//! Chess960.
//!
//! Files: `types` (bitboards, squares, the packed [`Move`]), `attacks` (leaper
//! and magic tables), `magics` (the magic constants), `random64` (Polyglot's
//! key table), `board` (state, make/unmake, Polyglot keys), `movegen` (legal
//! generation into sinks), `check` (whether a move gives check, without
//! playing it), `fen`, `notation` (move text) and `perft`.
//! The [`Position`] implementation below glues them to the search: moves come
//! from the legal generator, so `make` always plays them and returns `true`;
//! a move from elsewhere (a hash table) must be checked with
//! [`BitboardPos::is_legal`] first.
//!
//! Speed: the default x86-64 target has no hardware popcount; building with
//! `RUSTFLAGS="-C target-cpu=x86-64-v2"` (or `native`) makes perft about 20%
//! faster, and the bulk counter switches to `count_ones` by itself.

mod attacks;
mod board;
mod check;
pub mod features;
mod fen;
mod magics;
mod movegen;
mod notation;
mod perft;
mod random64;
mod see;
mod types;

pub use attacks::{tables, AttackTables};
pub use board::BitboardPos;
pub use fen::START_FEN;
pub use perft::{divide, perft};
pub use types::{
    bit, color_from_index, square_name, Bitboard, Move, MoveKind, PieceType, Square, Squares,
    PIECE_VALUES,
};

use crate::core::{Color, Score, Verdict};
use crate::position::{GenKind, MoveFacts, Position, TextError};

impl Position for BitboardPos {
    type Move = Move;

    fn side_to_move(&self) -> Color {
        color_from_index(self.side)
    }

    fn generate(&self, kind: GenKind, out: &mut Vec<Move>) {
        self.legal_moves_of_kind(kind, out);
    }

    /// Moves come from the legal generator, so they are always played.
    fn make(&mut self, m: Move) -> bool {
        self.make_move(m);
        true
    }

    fn unmake(&mut self, m: Move) {
        self.unmake_move(m);
    }

    fn make_null(&mut self) {
        self.make_null_move();
    }

    fn unmake_null(&mut self) {
        self.unmake_null_move();
    }

    fn hash(&self) -> u64 {
        self.key
    }

    fn pawn_key(&self) -> Option<u64> {
        Some(crate::core::fold_key(&[
            self.pieces(0, PieceType::Pawn),
            self.pieces(1, PieceType::Pawn),
        ]))
    }

    fn in_check(&self) -> bool {
        self.is_in_check()
    }

    /// Exact for every legal move (see [`BitboardPos::gives_check`]).
    fn may_give_check(&self, m: Move) -> bool {
        self.gives_check(m)
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn is_capture(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castle => false,
            _ => self.piece_on(m.to_index()).is_some(),
        }
    }

    fn is_promotion(&self, m: Move) -> bool {
        m.promotion().is_some()
    }

    fn captured_value(&self, m: Move) -> Score {
        match m.kind() {
            MoveKind::EnPassant => PieceType::Pawn.value(),
            MoveKind::Castle => 0,
            _ => self.piece_on(m.to_index()).map_or(0, |(_, k)| k.value()),
        }
    }

    fn mover_value(&self, m: Move) -> Score {
        self.kind_on(m.from_index()).value()
    }

    fn see(&self, m: Move) -> Score {
        self.static_exchange(m)
    }

    /// Six piece types on 64 squares.
    fn history_indices(&self) -> usize {
        6 * 64
    }

    fn history_index(&self, m: Move) -> usize {
        self.kind_on(m.from_index()) as usize * 64 + (m.to_index() & 63)
    }

    fn captured_kind(&self, m: Move) -> usize {
        match m.kind() {
            MoveKind::EnPassant => PieceType::Pawn as usize + 1,
            MoveKind::Castle => 0,
            _ => self
                .piece_on(m.to_index())
                .map_or(0, |(_, k)| k as usize + 1),
        }
    }

    fn rule_verdict(&self) -> Option<Verdict> {
        None
    }

    fn no_move_verdict(&self) -> Verdict {
        if self.is_in_check() {
            Verdict::Loss
        } else {
            Verdict::Draw
        }
    }

    fn parse_move(&mut self, text: &str) -> Result<Move, TextError> {
        self.parse_move_text(text)
    }

    fn move_to_string(&self, m: Move) -> String {
        self.move_text(m)
    }

    fn move_facts(&self, m: Move) -> Option<MoveFacts> {
        let coords = |sq: usize| ((sq & 7) as u8, (sq >> 3) as u8);
        let kind = self.kind_on(m.from_index());
        let to = if m.is_castle() {
            let right = board::castle_index(self.side, m.from_index(), m.to_index());
            usize::from(self.castle_rules[right].king_to)
        } else {
            m.to_index()
        };
        Some(MoveFacts {
            piece: kind.letter().to_ascii_uppercase(),
            pawn: kind == PieceType::Pawn,
            from: coords(m.from_index()),
            to: coords(to),
            castle: m.is_castle().then(|| m.to_index() > m.from_index()),
            promotion: m.promotion().map(|p| p.letter().to_ascii_uppercase()),
            gating: None,
            zero_based_ranks: false,
            drop: false,
        })
    }

    fn to_fen(&self) -> String {
        self.fen()
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), TextError> {
        let table = self
            .network
            .as_ref()
            .map(|n| std::sync::Arc::clone(&n.table));
        *self = BitboardPos::from_fen(fen, self.chess960)?;
        self.set_feature_table(table);
        Ok(())
    }

    fn legal_moves(&mut self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }
}
