//! The general board: a stride-16 mailbox that plays any fmax.ini variant
//! (boards up to 16x16) with Fairy-Max's step-vector move model.
//!
//! Squares are `16 * row + file`, row 0 being black's back rank, exactly the
//! layout fmax.ini's step vectors assume, so rays are used unchanged; edges
//! are checked explicitly on file and row (no padding), which is what lets
//! boards reach 16 files. A cell holds `type | BLACK | VIRGIN`: virginity
//! (never moved) is what x4 moves (castling, pawn multi-steps, initial leaps)
//! and castling rights depend on, as in Fairy-Max.
//!
//! Depends on `core`, `rules` and `position` only.

mod endings;
mod fen;
mod makemove;
pub mod movegen;
pub mod moves;
mod notation;
pub mod tables;
pub mod zones;

pub use moves::{Move, MoveKind};

use crate::core::{Color, Score, Verdict};
use crate::position::{GenKind, Position, TextError};
use crate::rules::Variant;
use makemove::Undo;
use std::sync::Arc;
use tables::Tables;

/// An empty square.
pub const EMPTY: u8 = 0;
/// Colour bit of a cell: set for black pieces.
pub const BLACK: u8 = 0x10;
/// Virginity bit of a cell: the piece has never moved.
pub const VIRGIN: u8 = 0x20;

/// The piece type (1..=15) of a non-empty cell.
#[must_use]
pub fn cell_type(cell: u8) -> u8 {
    cell & 15
}

/// The colour of a non-empty cell.
#[must_use]
pub fn cell_color(cell: u8) -> Color {
    if cell & BLACK != 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// A position of any fmax.ini variant.
#[derive(Clone, Debug)]
pub struct MailboxPos {
    tables: Arc<Tables>,
    board: [u8; 256],
    occupancy: [[u64; 4]; 2],
    counts: [[u8; 16]; 2],
    hand: [[u8; 16]; 2],
    side: Color,
    ep: [u8; 3],
    ep_len: u8,
    ep_victim: u8,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    history: Vec<Undo>,
}

impl MailboxPos {
    /// The variant's initial position.
    #[must_use]
    pub fn new(variant: Arc<Variant>) -> MailboxPos {
        let tables = Arc::new(Tables::new(variant));
        let mut pos = MailboxPos::empty(Arc::clone(&tables));
        if let Some(fen) = &tables.variant.overlay.start {
            // Checked when the variant was built; the arrays stay the fallback.
            if pos.load_fen(fen).is_ok() {
                return pos;
            }
            pos = MailboxPos::empty(tables);
        }
        pos.setup_initial();
        pos
    }

    /// A position of `variant` from FEN.
    ///
    /// # Errors
    /// A one-line [`TextError`] when the FEN does not fit the variant.
    pub fn from_fen(variant: Arc<Variant>, fen: &str) -> Result<MailboxPos, TextError> {
        let tables = Arc::new(Tables::new(variant));
        let mut pos = MailboxPos::empty(tables);
        pos.load_fen(fen)?;
        Ok(pos)
    }

    fn empty(tables: Arc<Tables>) -> MailboxPos {
        MailboxPos {
            tables,
            board: [EMPTY; 256],
            occupancy: [[0; 4]; 2],
            counts: [[0; 16]; 2],
            hand: [[0; 16]; 2],
            side: Color::White,
            ep: [0; 3],
            ep_len: 0,
            ep_victim: 0,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            history: Vec::new(),
        }
    }

    /// Places the initial array, the full pawn ranks and the holdings.
    fn setup_initial(&mut self) {
        let v = Arc::clone(&self.tables.variant);
        let last = v.height - 1;
        for file in 0..v.width {
            let placements = [
                (last, v.white_array[file], 0),
                (0, v.black_array[file], BLACK),
                (v.pawn_row[0], v.pawn_type[0], 0),
                (v.pawn_row[1], v.pawn_type[1], BLACK),
            ];
            for (row, t, color) in placements {
                if t != 0 {
                    self.put((row * 16 + file) as u8, t | color | VIRGIN);
                }
            }
        }
        self.normalise_virginity();
        self.normalise_zone_pieces();
        for (color, t, n) in v.initial_holdings() {
            self.set_hand(color.index(), t, n);
        }
    }

    /// Keeps the virginity bit only where it can matter, so equal positions
    /// have equal keys however they were reached.
    fn normalise_virginity(&mut self) {
        for sq in 0..=255u8 {
            let cell = self.board[sq as usize];
            if cell & VIRGIN != 0 && !self.virginity_matters(sq, cell) {
                self.take(sq);
                self.put(sq, cell & !VIRGIN);
            }
        }
    }

    fn virginity_matters(&self, sq: u8, cell: u8) -> bool {
        let t = cell_type(cell) as usize;
        let file = i32::from(sq & 15);
        let corner = file == 0 || file == self.tables.width - 1;
        self.tables.has_initial_moves[t]
            || (corner && self.tables.castles.iter().any(|&c| c))
            || self.has_gating()
    }

    /// Whether pieces in hand can be gated (Seirawan).
    pub(crate) fn has_gating(&self) -> bool {
        self.tables.variant.has_gating()
    }

    /// The variant this position belongs to.
    #[must_use]
    pub fn variant(&self) -> &Arc<Variant> {
        &self.tables.variant
    }

    /// The tables derived from the variant.
    #[must_use]
    pub fn tables(&self) -> &Arc<Tables> {
        &self.tables
    }

    /// The piece on (file, rank), rank 0 being white's first rank.
    #[must_use]
    pub fn piece_at(&self, file: usize, rank: usize) -> Option<(Color, u8)> {
        let (w, h) = (self.tables.width as usize, self.tables.height as usize);
        if file >= w || rank >= h {
            return None;
        }
        let cell = self.board[(h - 1 - rank) * 16 + file];
        (cell != EMPTY).then(|| (cell_color(cell), cell_type(cell)))
    }

    /// The raw cell on a mailbox square (`16 * row + file`).
    #[must_use]
    pub fn cell(&self, sq: u8) -> u8 {
        self.board[sq as usize]
    }

    /// How many pieces of type `t` `color` has on the board.
    #[must_use]
    pub fn count(&self, color: Color, t: u8) -> u8 {
        self.counts[color.index()][t as usize]
    }

    /// Pieces of type `t` `color` holds in hand.
    #[must_use]
    pub fn in_hand(&self, color: Color, t: u8) -> u8 {
        self.hand[color.index()][t as usize]
    }

    /// Fullmove number as in FEN.
    #[must_use]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
}

impl Position for MailboxPos {
    type Move = Move;

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn generate(&self, kind: GenKind, out: &mut Vec<Move>) {
        self.generate_moves(kind, out);
    }

    fn make(&mut self, m: Move) -> bool {
        let mover = self.side;
        self.play(m);
        if self.royalty_safe(mover) {
            true
        } else {
            self.unplay(m);
            false
        }
    }

    fn unmake(&mut self, m: Move) {
        self.unplay(m);
    }

    fn make_null(&mut self) {
        self.play_null();
    }

    fn unmake_null(&mut self) {
        self.unplay_null();
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn in_check(&self) -> bool {
        !self.royalty_safe(self.side)
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn is_capture(&self, m: Move) -> bool {
        m.is_capture()
    }

    fn is_promotion(&self, m: Move) -> bool {
        m.piece() != 0 && self.tables.is_pawn[cell_type(self.board[m.from() as usize]) as usize]
    }

    fn captured_value(&self, m: Move) -> Score {
        match m.kind() {
            MoveKind::Capture => self.tables.value[cell_type(self.board[m.to() as usize]) as usize],
            MoveKind::EnPassant => {
                self.tables.value[cell_type(self.board[self.ep_victim as usize]) as usize]
            }
            _ => 0,
        }
    }

    fn mover_value(&self, m: Move) -> Score {
        self.tables.value[cell_type(self.board[m.from() as usize]) as usize]
    }

    fn rule_verdict(&self) -> Option<Verdict> {
        self.end_rule_verdict()
    }

    fn no_move_verdict(&self) -> Verdict {
        self.stalemate_or_mate_verdict()
    }

    fn parse_move(&mut self, text: &str) -> Result<Move, TextError> {
        self.parse_coordinate_move(text)
    }

    fn move_to_string(&self, m: Move) -> String {
        self.coordinate_text(m)
    }

    fn to_fen(&self) -> String {
        self.write_fen()
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), TextError> {
        let mut fresh = MailboxPos::empty(Arc::clone(&self.tables));
        fresh.load_fen(fen)?;
        *self = fresh;
        Ok(())
    }
}
