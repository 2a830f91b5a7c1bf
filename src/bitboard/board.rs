//! The [`BitboardPos`] state: bitboards per kind and colour, a square-to-piece
//! array, castling set-up (Chess960-general), incremental Polyglot keys, and
//! make/unmake with an undo stack.
//!
//! Castling rights are four bits in Polyglot's order (white short, white long,
//! black short, black long); each right remembers its rook's square, so the
//! same code serves orthodox chess and Chess960. The en-passant square is
//! stored (and hashed) only when a pawn of the side to move stands next to the
//! double-pushed pawn, which makes the key exactly Polyglot's.

use super::attacks::{tables, AttackTables};
use super::features::{color_of, feature_code};
use super::random64::RANDOM64;
use super::types::{
    bit, code_color, code_kind, piece_code, Bitboard, Move, PieceCode, PieceType, Squares, EMPTY,
    FLAG_CASTLE, FLAG_DOUBLE, FLAG_EP, FLAG_PROMO,
};
use crate::core::Color;
use crate::position::features::NetworkInput;

/// "No en-passant square".
pub(crate) const NO_SQUARE: u8 = 64;

/// Index of the side-to-move key in the Polyglot table.
const TURN_KEY: usize = 780;

/// Keys for all 16 castling-right combinations (bit i = Polyglot castle key i).
const CASTLE_KEYS: [u64; 16] = castle_keys();

const fn castle_keys() -> [u64; 16] {
    let mut keys = [0u64; 16];
    let mut rights = 0;
    while rights < 16 {
        let mut i = 0;
        while i < 4 {
            if rights & (1 << i) != 0 {
                keys[rights] ^= RANDOM64[768 + i];
            }
            i += 1;
        }
        rights += 1;
    }
    keys
}

/// Piece-square keys indexed by piece code and square.
const PIECE_KEYS: [[u64; 64]; 16] = piece_keys();

const fn piece_keys() -> [[u64; 64]; 16] {
    let mut keys = [[0u64; 64]; 16];
    let mut color = 0;
    while color < 2 {
        let mut kind = 0;
        while kind < 6 {
            let mut sq = 0;
            while sq < 64 {
                // Polyglot orders black before white within each kind.
                keys[piece_code(color, kind) as usize][sq] =
                    RANDOM64[64 * (2 * kind + (color ^ 1)) + sq];
                sq += 1;
            }
            kind += 1;
        }
        color += 1;
    }
    keys
}

/// The Polyglot key of a piece (colour index, kind index) on a square.
#[inline(always)]
pub(crate) fn piece_key(color: usize, kind: usize, sq: usize) -> u64 {
    PIECE_KEYS[usize::from(piece_code(color, kind)) & 15][sq & 63]
}

/// The Polyglot key of an en-passant file.
#[inline(always)]
pub(crate) fn ep_key(sq: u8) -> u64 {
    RANDOM64[772 + usize::from(sq & 7)]
}

/// Everything make needs to restore on unmake besides the pieces themselves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pub(crate) captured: PieceCode,
    pub(crate) castling: u8,
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) key: u64,
}

/// Castling geometry of one right (index `2 * colour + long`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CastleRule {
    /// The castling rook's square.
    pub(crate) rook_from: u8,
    /// Where the king ends (g or c file).
    pub(crate) king_to: u8,
    /// Where the rook ends (f or d file).
    pub(crate) rook_to: u8,
    /// Squares that must be empty (apart from the king and this rook).
    pub(crate) empty: Bitboard,
    /// Squares the king crosses or lands on, which must not be attacked.
    pub(crate) king_path: Bitboard,
}

/// An orthodox chess or Chess960 position with its undo stack.
#[derive(Clone, Debug)]
pub struct BitboardPos {
    /// Per kind (index 0..6; slots 6 and 7 stay empty so any code & 7 indexes safely).
    pub(crate) by_kind: [Bitboard; 8],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) board: [PieceCode; 64],
    pub(crate) side: usize,
    pub(crate) castling: u8,
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
    pub(crate) chess960: bool,
    pub(crate) castle_rules: [CastleRule; 4],
    /// Castling rights kept when a move starts or ends on the square.
    pub(crate) rights_mask: [u8; 64],
    pub(crate) history: Vec<Undo>,
    /// The evaluation network's first layer and its sums over the men, kept
    /// by `put`, `remove` and `shift` once a table is given
    /// ([`BitboardPos::set_feature_table`]).
    pub(crate) network: Option<NetworkInput>,
}

impl BitboardPos {
    /// An empty board (no kings), white to move; the FEN reader fills it.
    pub(crate) fn empty(chess960: bool) -> BitboardPos {
        BitboardPos {
            by_kind: [0; 8],
            by_color: [0; 2],
            board: [EMPTY; 64],
            side: 0,
            castling: 0,
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            chess960,
            castle_rules: [CastleRule::default(); 4],
            rights_mask: [0xF; 64],
            history: Vec::with_capacity(256),
            network: None,
        }
    }

    /// Bitboard of the pieces of colour index `color` (0 white, 1 black) and `kind`.
    #[inline(always)]
    #[must_use]
    pub fn pieces(&self, color: usize, kind: PieceType) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color & 1]
    }

    /// Bitboard of the pieces of `color` and `kind` (the [`Color`] form of [`BitboardPos::pieces`]).
    #[inline(always)]
    #[must_use]
    pub fn pieces_of(&self, color: Color, kind: PieceType) -> Bitboard {
        self.pieces(color.index(), kind)
    }

    /// Bitboard of all pieces of one kind, both colours.
    #[inline(always)]
    #[must_use]
    pub fn kind_bb(&self, kind: PieceType) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Bitboard of all pieces of colour index `color`.
    #[inline(always)]
    #[must_use]
    pub fn color_bb(&self, color: usize) -> Bitboard {
        self.by_color[color & 1]
    }

    /// Every occupied square.
    #[inline(always)]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The side to move as a colour index (0 white, 1 black).
    #[inline(always)]
    #[must_use]
    pub fn side_index(&self) -> usize {
        self.side
    }

    /// Whether either side may still castle.
    #[inline(always)]
    #[must_use]
    pub fn any_castling(&self) -> bool {
        self.castling != 0
    }

    /// The en-passant target square, if the last move was a double step.
    #[inline(always)]
    #[must_use]
    pub fn ep_square(&self) -> Option<usize> {
        (self.ep != NO_SQUARE).then_some(usize::from(self.ep))
    }

    /// The king square of colour index `color`.
    #[inline(always)]
    #[must_use]
    pub fn king_square(&self, color: usize) -> usize {
        (self.pieces(color, PieceType::King).trailing_zeros() & 63) as usize
    }

    /// The (colour index, kind) of the piece on `sq`, if any.
    #[must_use]
    pub fn piece_on(&self, sq: usize) -> Option<(usize, PieceType)> {
        let code = self.board[sq & 63];
        if code == EMPTY {
            None
        } else {
            PieceType::from_index(code_kind(code)).map(|k| (code_color(code), k))
        }
    }

    /// Whether the game is Chess960 (castling notation and FEN letters follow it).
    #[must_use]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The Polyglot key (equal to `hash()`).
    #[must_use]
    pub fn polyglot_key(&self) -> u64 {
        self.key
    }

    /// Squares attacked by the piece on `sq` with the current occupancy (empty square: none).
    #[must_use]
    pub fn attacks_from(&self, sq: usize) -> Bitboard {
        let t = tables();
        let occ = self.occupied();
        match self.piece_on(sq) {
            None => 0,
            Some((c, PieceType::Pawn)) => t.pawn(c, sq),
            Some((_, PieceType::Knight)) => t.knight(sq),
            Some((_, PieceType::Bishop)) => t.bishop(sq, occ),
            Some((_, PieceType::Rook)) => t.rook(sq, occ),
            Some((_, PieceType::Queen)) => t.queen(sq, occ),
            Some((_, PieceType::King)) => t.king(sq),
        }
    }

    /// Pieces of colour index `by` that attack `sq`, given occupancy `occ`.
    #[inline(always)]
    #[must_use]
    pub fn attackers(&self, t: &AttackTables, sq: usize, occ: Bitboard, by: usize) -> Bitboard {
        let them = self.by_color[by & 1];
        let k = &self.by_kind;
        let diag = k[PieceType::Bishop.index()] | k[PieceType::Queen.index()];
        let orth = k[PieceType::Rook.index()] | k[PieceType::Queen.index()];
        ((t.pawn(by ^ 1, sq) & k[0])
            | (t.knight(sq) & k[1])
            | (t.king(sq) & k[5])
            | (t.bishop(sq, occ) & diag)
            | (t.rook(sq, occ) & orth))
            & them
    }

    /// Pieces giving check to the side to move.
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        let ksq = self.king_square(self.side);
        self.attackers(tables(), ksq, self.occupied(), self.side ^ 1)
    }

    /// The key computed from scratch (tests compare it with the incremental key).
    #[must_use]
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in Squares(self.occupied()) {
            let code = self.board[sq];
            key ^= piece_key(code_color(code), code_kind(code), sq);
        }
        key ^= CASTLE_KEYS[usize::from(self.castling & 15)];
        if self.ep != NO_SQUARE {
            key ^= ep_key(self.ep);
        }
        if self.side == 0 {
            key ^= RANDOM64[TURN_KEY];
        }
        key
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: usize, code: PieceCode) {
        let b = bit(sq);
        self.by_kind[code_kind(code)] |= b;
        self.by_color[code_color(code)] |= b;
        self.board[sq & 63] = code;
        if let Some(n) = &mut self.network {
            n.sums.add(&n.table, color_of(code), feature_code(sq, code));
        }
    }

    #[inline(always)]
    fn remove(&mut self, sq: usize, code: PieceCode) {
        let b = bit(sq);
        self.by_kind[code_kind(code)] ^= b;
        self.by_color[code_color(code)] ^= b;
        self.board[sq & 63] = EMPTY;
        if let Some(n) = &mut self.network {
            n.sums
                .remove(&n.table, color_of(code), feature_code(sq, code));
        }
    }

    #[inline(always)]
    fn shift(&mut self, from: usize, to: usize, code: PieceCode) {
        let b = bit(from) | bit(to);
        self.by_kind[code_kind(code)] ^= b;
        self.by_color[code_color(code)] ^= b;
        self.board[from & 63] = EMPTY;
        self.board[to & 63] = code;
        if let Some(n) = &mut self.network {
            let (a, b) = (feature_code(from, code), feature_code(to, code));
            n.sums.shift(&n.table, color_of(code), a, b);
        }
    }

    /// Plays a legal move (as produced by the legal generator).
    #[inline(always)]
    pub fn make_move(&mut self, m: Move) {
        self.make_move_keyed::<true>(m);
    }

    /// Plays a legal move without updating the key (perft never reads it and
    /// unmake restores it), or with it when `KEYED`.
    #[inline(always)]
    pub(crate) fn make_move_keyed<const KEYED: bool>(&mut self, m: Move) {
        let (from, to, flag) = (m.from_index(), m.to_index(), m.flag());
        let us = self.side;
        let moving = self.board[from & 63];
        let target = self.board[to & 63];
        let captured = if flag == FLAG_CASTLE { EMPTY } else { target };
        self.history.push(Undo {
            captured,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
        });
        let mut key = self.key ^ RANDOM64[TURN_KEY];
        if self.ep != NO_SQUARE {
            key ^= ep_key(self.ep);
            self.ep = NO_SQUARE;
        }
        self.halfmove += 1;
        if flag == FLAG_CASTLE {
            key ^= self.make_castle(from, to, moving, target);
        } else {
            if captured != EMPTY {
                self.remove(to, captured);
                key ^= piece_key(us ^ 1, code_kind(captured), to);
                self.halfmove = 0;
            }
            self.shift(from, to, moving);
            key ^= piece_key(us, code_kind(moving), from) ^ piece_key(us, code_kind(moving), to);
            if code_kind(moving) == 0 {
                self.halfmove = 0;
                key ^= self.make_pawn_extras(from, to, flag);
            }
        }
        let rights = self.castling & self.rights_mask[from & 63] & self.rights_mask[to & 63];
        key ^= CASTLE_KEYS[usize::from(self.castling & 15)] ^ CASTLE_KEYS[usize::from(rights & 15)];
        self.castling = rights;
        if us == 1 {
            self.fullmove += 1;
        }
        self.side = us ^ 1;
        if KEYED {
            self.key = key;
        }
    }

    /// Castling: lifts king and rook, then places both (their squares may overlap in Chess960).
    fn make_castle(
        &mut self,
        from: usize,
        rook_from: usize,
        king: PieceCode,
        rook: PieceCode,
    ) -> u64 {
        let us = self.side;
        let rule = self.castle_rules[castle_index(us, from, rook_from)];
        let (king_to, rook_to) = (usize::from(rule.king_to), usize::from(rule.rook_to));
        self.remove(from, king);
        self.remove(rook_from, rook);
        self.put(king_to, king);
        self.put(rook_to, rook);
        piece_key(us, 5, from)
            ^ piece_key(us, 5, king_to)
            ^ piece_key(us, 3, rook_from)
            ^ piece_key(us, 3, rook_to)
    }

    /// The pawn part of make after the pawn has moved: e.p. victim, promotion, new e.p. square.
    fn make_pawn_extras(&mut self, from: usize, to: usize, flag: u16) -> u64 {
        let us = self.side;
        match flag {
            FLAG_DOUBLE => {
                let ep = (from + to) / 2;
                if tables().pawn(us, ep) & self.pieces(us ^ 1, PieceType::Pawn) != 0 {
                    self.ep = ep as u8;
                    ep_key(self.ep)
                } else {
                    0
                }
            }
            FLAG_EP => {
                let victim = to ^ 8;
                self.remove(victim, piece_code(us ^ 1, 0));
                piece_key(us ^ 1, 0, victim)
            }
            f if f >= FLAG_PROMO => {
                let kind = usize::from(f - FLAG_PROMO) + 1;
                self.remove(to, piece_code(us, 0));
                self.put(to, piece_code(us, kind));
                piece_key(us, 0, to) ^ piece_key(us, kind, to)
            }
            _ => 0,
        }
    }

    /// Takes back `m`, the last move made.
    #[inline(always)]
    pub fn unmake_move(&mut self, m: Move) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        let (from, to, flag) = (m.from_index(), m.to_index(), m.flag());
        self.side ^= 1;
        let us = self.side;
        if us == 1 {
            self.fullmove -= 1;
        }
        if flag == FLAG_CASTLE {
            let rule = self.castle_rules[castle_index(us, from, to)];
            let (king_to, rook_to) = (usize::from(rule.king_to), usize::from(rule.rook_to));
            self.remove(king_to, piece_code(us, 5));
            self.remove(rook_to, piece_code(us, 3));
            self.put(from, piece_code(us, 5));
            self.put(to, piece_code(us, 3));
        } else {
            if flag >= FLAG_PROMO {
                self.remove(to, self.board[to & 63]);
                self.put(to, piece_code(us, 0));
            }
            self.shift(to, from, self.board[to & 63]);
            if flag == FLAG_EP {
                self.put(to ^ 8, piece_code(us ^ 1, 0));
            } else if undo.captured != EMPTY {
                self.put(to, undo.captured);
            }
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }

    /// Passes the turn.
    pub fn make_null_move(&mut self) {
        self.history.push(Undo {
            captured: EMPTY,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
        });
        if self.ep != NO_SQUARE {
            self.key ^= ep_key(self.ep);
            self.ep = NO_SQUARE;
        }
        self.key ^= RANDOM64[TURN_KEY];
        self.halfmove += 1;
        self.side ^= 1;
    }

    /// Takes back the last null move.
    pub fn unmake_null_move(&mut self) {
        if let Some(undo) = self.history.pop() {
            self.side ^= 1;
            self.ep = undo.ep;
            self.halfmove = undo.halfmove;
            self.key = undo.key;
        }
    }
}

/// The castling-right index of a castle move: `2 * colour + (rook west of king)`.
#[inline(always)]
pub(crate) fn castle_index(color: usize, king: usize, rook: usize) -> usize {
    2 * (color & 1) + usize::from(rook < king)
}
