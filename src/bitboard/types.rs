//! Small value types of the orthodox board: bitboards, squares, piece kinds and
//! the packed 16-bit [`Move`].
//!
//! Squares are numbered 0..64 from a1 (0) along the ranks to h8 (63), so a
//! bitboard's bit `n` is square `n`. Everything here is `Copy` and free of
//! tables; the attack tables live in `attacks`.

use crate::core::Color;
use std::fmt;
use std::num::NonZeroU16;

/// A set of squares: bit `n` stands for square `n` (a1 = 0, h8 = 63).
pub type Bitboard = u64;

/// The a-file.
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: Bitboard = FILE_A << 7;
/// The first rank.
pub const RANK_1: Bitboard = 0xFF;
/// The eighth rank.
pub const RANK_8: Bitboard = RANK_1 << 56;
/// Ranks 1 and 8, where pawns promote.
pub const BACK_RANKS: Bitboard = RANK_1 | RANK_8;

/// The bitboard of one square given by index.
#[inline(always)]
#[must_use]
pub const fn bit(sq: usize) -> Bitboard {
    1u64 << (sq & 63)
}

/// Iterates over the squares (as indices) of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

/// A square of the 8x8 board, 0 (a1) to 63 (h8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with the given index; `None` unless `index < 64`.
    #[must_use]
    pub fn new(index: usize) -> Option<Square> {
        u8::try_from(index).ok().filter(|&i| i < 64).map(Square)
    }

    /// The square on `file` (0 = a) and `rank` (0 = first rank); `None` off the board.
    #[must_use]
    pub fn from_file_rank(file: usize, rank: usize) -> Option<Square> {
        if file < 8 && rank < 8 {
            Square::new(rank * 8 + file)
        } else {
            None
        }
    }

    /// The index 0..64.
    #[inline(always)]
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The file, 0 (a) to 7 (h).
    #[must_use]
    pub fn file(self) -> usize {
        self.index() & 7
    }

    /// The rank, 0 (first) to 7 (eighth).
    #[must_use]
    pub fn rank(self) -> usize {
        self.index() >> 3
    }

    /// The one-square bitboard.
    #[must_use]
    pub fn bb(self) -> Bitboard {
        bit(self.index())
    }

    /// Parses a square name such as `e4`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        Square::from_file_rank(usize::from(file), usize::from(rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", square_name(self.index()))
    }
}

/// The name (`a1`..`h8`) of a square index.
#[must_use]
pub fn square_name(sq: usize) -> String {
    let file = char::from(b'a' + (sq & 7) as u8);
    let rank = char::from(b'1' + ((sq >> 3) & 7) as u8);
    format!("{file}{rank}")
}

/// The six orthodox piece kinds; the discriminant indexes per-kind tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceType {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl PieceType {
    /// All kinds in index order.
    pub const ALL: [PieceType; 6] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ];

    /// The kind with index `i` (0..6).
    #[must_use]
    pub fn from_index(i: usize) -> Option<PieceType> {
        PieceType::ALL.get(i).copied()
    }

    /// 0 for pawns up to 5 for kings.
    #[inline(always)]
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Material value in centipawns used for move ordering (king 0).
    #[must_use]
    pub fn value(self) -> i32 {
        PIECE_VALUES[self.index()]
    }

    /// The lower-case FEN letter.
    #[must_use]
    pub fn letter(self) -> char {
        ['p', 'n', 'b', 'r', 'q', 'k'][self.index()]
    }

    /// The kind of a FEN letter of either case.
    #[must_use]
    pub fn from_letter(c: char) -> Option<PieceType> {
        match c.to_ascii_lowercase() {
            'p' => Some(PieceType::Pawn),
            'n' => Some(PieceType::Knight),
            'b' => Some(PieceType::Bishop),
            'r' => Some(PieceType::Rook),
            'q' => Some(PieceType::Queen),
            'k' => Some(PieceType::King),
            _ => None,
        }
    }
}

/// Centipawn values of pawn, knight, bishop, rook, queen and king.
pub const PIECE_VALUES: [i32; 6] = [100, 325, 350, 500, 950, 0];

/// A coloured piece packed into a byte (`colour << 3 | kind`); `EMPTY` marks an
/// empty square. Masking with 7 or 15 keeps table indices provably in range.
pub(crate) type PieceCode = u8;

/// The code of an empty square in the board array (kind slot 6 is never used).
pub(crate) const EMPTY: PieceCode = 6;

/// Packs a colour and kind.
#[inline(always)]
pub(crate) const fn piece_code(color: usize, kind: usize) -> PieceCode {
    (((color & 1) << 3) | (kind & 7)) as PieceCode
}

/// The kind index (0..6) of a non-empty piece code.
#[inline(always)]
pub(crate) fn code_kind(code: PieceCode) -> usize {
    usize::from(code & 7)
}

/// The colour index (0 white, 1 black) of a non-empty piece code.
#[inline(always)]
pub(crate) fn code_color(code: PieceCode) -> usize {
    usize::from((code >> 3) & 1)
}

/// The colour with index 0 (White) or 1 (Black).
#[inline(always)]
#[must_use]
pub fn color_from_index(i: usize) -> Color {
    if i == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// What kind of move a [`Move`] is, beyond its two squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Any move not listed below (including ordinary captures).
    Normal,
    /// A pawn's two-square advance.
    DoublePush,
    /// Castling; the move's `to` square is the castling rook's square.
    Castle,
    /// An en-passant capture; `to` is the square the pawn lands on.
    EnPassant,
    /// A promotion to the given kind (captures included).
    Promotion(PieceType),
}

/// A move packed in 16 bits: from (bits 0-5), to (6-11), kind flag (12-14),
/// and bit 15 always set so the value is never zero and `Option<Move>` stays
/// two bytes (a transposition table can store it as is).
///
/// Castling is encoded as king-takes-own-rook with the castle flag, which is
/// unambiguous in Chess960; the king's and rook's destinations follow from the
/// rook's side. Notation (`e1g1`, `O-O`) is produced only by the position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(NonZeroU16);

/// Bit 15, set in every move.
const MARK: u16 = 1 << 15;
pub(crate) const FLAG_NORMAL: u16 = 0;
pub(crate) const FLAG_DOUBLE: u16 = 1;
pub(crate) const FLAG_CASTLE: u16 = 2;
pub(crate) const FLAG_EP: u16 = 3;
/// Promotion flags are `FLAG_PROMO + kind - 1` (knight 4 .. queen 7).
pub(crate) const FLAG_PROMO: u16 = 4;

impl Move {
    /// Packs a move from raw parts (`flag` as in the module constants).
    #[inline(always)]
    pub(crate) const fn new(from: usize, to: usize, flag: u16) -> Move {
        let bits = MARK | (from as u16 & 63) | ((to as u16 & 63) << 6) | ((flag & 7) << 12);
        match NonZeroU16::new(bits) {
            Some(nonzero) => Move(nonzero),
            None => Move(NonZeroU16::MAX),
        }
    }

    /// The 16-bit encoding (never zero).
    #[must_use]
    pub fn raw(self) -> u16 {
        self.0.get()
    }

    /// The move with a given encoding (as stored from [`Move::raw`]); `None`
    /// for values `raw` never produces. Legality is the caller's to check.
    #[must_use]
    pub fn from_raw(bits: u16) -> Option<Move> {
        if bits & MARK == 0 {
            None
        } else {
            NonZeroU16::new(bits).map(Move)
        }
    }

    /// The origin square index.
    #[inline(always)]
    #[must_use]
    pub fn from_index(self) -> usize {
        usize::from(self.0.get() & 63)
    }

    /// The target square index (the rook's square for castling).
    #[inline(always)]
    #[must_use]
    pub fn to_index(self) -> usize {
        usize::from((self.0.get() >> 6) & 63)
    }

    /// The origin square.
    #[must_use]
    pub fn from(self) -> Square {
        Square(self.from_index() as u8)
    }

    /// The target square (the rook's square for castling).
    #[must_use]
    pub fn to(self) -> Square {
        Square(self.to_index() as u8)
    }

    #[inline(always)]
    pub(crate) fn flag(self) -> u16 {
        (self.0.get() >> 12) & 7
    }

    /// The kind of move.
    #[must_use]
    pub fn kind(self) -> MoveKind {
        match self.flag() {
            FLAG_NORMAL => MoveKind::Normal,
            FLAG_DOUBLE => MoveKind::DoublePush,
            FLAG_CASTLE => MoveKind::Castle,
            FLAG_EP => MoveKind::EnPassant,
            f => MoveKind::Promotion(
                PieceType::from_index(usize::from(f - FLAG_PROMO) + 1).unwrap_or(PieceType::Queen),
            ),
        }
    }

    /// The promotion piece, if this is a promotion.
    #[must_use]
    pub fn promotion(self) -> Option<PieceType> {
        match self.kind() {
            MoveKind::Promotion(p) => Some(p),
            _ => None,
        }
    }

    /// Whether this is castling.
    #[must_use]
    pub fn is_castle(self) -> bool {
        self.flag() == FLAG_CASTLE
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({}{} {:?})",
            square_name(self.from_index()),
            square_name(self.to_index()),
            self.kind()
        )
    }
}
