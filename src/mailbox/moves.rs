//! The mailbox board's move: a packed 32-bit word (never zero) holding the
//! from and to squares, a piece type (promotion choice for pawns, gated piece
//! for others), the move kind, and the first skipped square of a pawn's
//! multi-step push (for e.p.).

use std::num::NonZeroU32;

/// How a move changes the board beyond moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Moves to an empty square.
    Quiet = 0,
    /// Captures the piece on the destination.
    Capture = 1,
    /// Captures the piece that just made a multi-step pawn move.
    EnPassant = 2,
    /// A pawn's initial multi-step move that leaves e.p. squares behind.
    MultiStep = 3,
    /// Castling: the corner piece jumps over the king.
    Castle = 4,
    /// Castling with a piece gated on the corner piece's square (Seirawan).
    CastleGateCorner = 5,
    /// A man from the mover's hand put on an empty square (`from` and `to`
    /// are that square, `piece` the man's type).
    Drop = 6,
    /// A pawn turns into the promoted man (`piece`) as a move of its own,
    /// on its square (`from` = `to`) or on an empty square that man steps
    /// to (`promotion_in_place`).
    PromoteInPlace = 7,
}

/// [`MoveKind`] by its three bits in a [`Move`].
const KINDS: [MoveKind; 8] = [
    MoveKind::Quiet,
    MoveKind::Capture,
    MoveKind::EnPassant,
    MoveKind::MultiStep,
    MoveKind::Castle,
    MoveKind::CastleGateCorner,
    MoveKind::Drop,
    MoveKind::PromoteInPlace,
];

/// The bit position of the kind in a [`Move`].
const KIND_SHIFT: u32 = 20;

/// A move on the mailbox board (squares are `16 * row + file`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU32);

const ALWAYS: u32 = 1 << 31;

impl Move {
    /// Packs a move; `piece` is 0 when nothing is promoted or gated.
    #[must_use]
    pub fn new(from: u8, to: u8, kind: MoveKind, piece: u8, skip: u8) -> Move {
        let bits = u32::from(from)
            | u32::from(to) << 8
            | u32::from(piece & 15) << 16
            | (kind as u32) << KIND_SHIFT
            | u32::from(skip) << 23
            | ALWAYS;
        Move(NonZeroU32::new(bits).unwrap_or(NonZeroU32::MIN))
    }

    /// Square the piece leaves.
    #[must_use]
    pub fn from(self) -> u8 {
        (self.0.get() & 0xFF) as u8
    }

    /// Square the piece lands on.
    #[must_use]
    pub fn to(self) -> u8 {
        (self.0.get() >> 8 & 0xFF) as u8
    }

    /// Promotion (pawn) or gating (other piece) type, 0 for none.
    #[must_use]
    pub fn piece(self) -> u8 {
        (self.0.get() >> 16 & 15) as u8
    }

    /// The kind of move.
    #[must_use]
    #[inline]
    pub fn kind(self) -> MoveKind {
        KINDS[(self.0.get() >> KIND_SHIFT & 7) as usize]
    }

    /// First square a multi-step pawn move passed over.
    #[must_use]
    pub fn skip(self) -> u8 {
        (self.0.get() >> 23 & 0xFF) as u8
    }

    /// The packed bits (for transposition tables).
    #[must_use]
    pub fn bits(self) -> u32 {
        self.0.get()
    }

    /// The move's identity in the transposition table: origin, destination
    /// and promotion/gating piece in 20 bits. Kind and skipped square follow
    /// from these on a given position, except that castling with gating on
    /// the corner shares the code of gating on the king's square.
    #[must_use]
    pub fn table_code(self) -> u32 {
        self.0.get() & 0xF_FFFF
    }

    /// Rebuilds a move from [`Move::bits`]; `None` for zero.
    #[must_use]
    pub fn from_bits(bits: u32) -> Option<Move> {
        NonZeroU32::new(bits).map(Move)
    }

    /// Whether the move takes a piece.
    #[must_use]
    #[inline]
    pub fn is_capture(self) -> bool {
        let kind = self.0.get() >> KIND_SHIFT & 7;
        kind == MoveKind::Capture as u32 || kind == MoveKind::EnPassant as u32
    }

    /// A drop of a man of type `t` on `sq`.
    #[must_use]
    pub fn drop(sq: u8, t: u8) -> Move {
        Move::new(sq, sq, MoveKind::Drop, t, 0)
    }

    /// Whether the move drops a man from hand.
    #[must_use]
    #[inline]
    pub fn is_drop(self) -> bool {
        self.0.get() >> KIND_SHIFT & 7 == MoveKind::Drop as u32
    }

    /// This move (whose target square is 0) with target square `to`.
    #[must_use]
    pub(crate) fn with_target(self, to: u8) -> Move {
        Move(self.0 | u32::from(to) << 8)
    }

    /// The same move with another promotion/gating piece.
    #[must_use]
    pub fn with_piece(self, piece: u8) -> Move {
        Move::new(self.from(), self.to(), self.kind(), piece, self.skip())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let m = Move::new(0xF3, 0x07, MoveKind::MultiStep, 9, 0xE3);
        assert_eq!(
            (m.from(), m.to(), m.piece(), m.skip()),
            (0xF3, 0x07, 9, 0xE3)
        );
        assert_eq!(m.kind(), MoveKind::MultiStep);
        assert_eq!(Move::from_bits(m.bits()), Some(m));
        let c = Move::new(0, 0, MoveKind::CastleGateCorner, 0, 0);
        assert_eq!(c.kind(), MoveKind::CastleGateCorner);
    }

    #[test]
    fn every_kind_round_trips_and_only_captures_capture() {
        use MoveKind::*;
        for kind in [
            Quiet,
            Capture,
            EnPassant,
            MultiStep,
            Castle,
            CastleGateCorner,
            Drop,
        ] {
            let m = Move::new(0x12, 0x34, kind, 3, 0x56);
            assert_eq!(m.kind(), kind);
            assert_eq!(m.is_capture(), matches!(kind, Capture | EnPassant));
            assert_eq!(m.is_drop(), kind == Drop);
            assert_eq!(
                (m.from(), m.to(), m.piece(), m.skip()),
                (0x12, 0x34, 3, 0x56)
            );
        }
    }
}
