//! The mailbox board: a stride-16 mailbox that plays any fmax.ini variant
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

mod castle960;
mod chasing;
mod checkhint;
mod checks;
mod counting;
mod drops;
mod endings;
pub mod features;
mod fen;
mod legality;
mod makemove;
pub mod movegen;
pub mod moves;
mod notation;
pub mod occupied;
pub mod promotion;
mod reach;
mod see;
mod shuffle;
mod square_rays;
pub mod sums;
pub mod tables;
mod zobrist;
pub mod zones;

pub use counting::Count;
pub use drops::DropTables;
pub use moves::{Move, MoveKind};
pub use shuffle::{chess960_back_rank, chess960_start};
pub use sums::{PieceSums, SquareWeights};

use crate::core::{Color, Score, Verdict};
use crate::position::features::NetworkInput;
use crate::position::{GenKind, MoveFacts, Position, RuleEnding, TextError};
use crate::rules::Variant;
use makemove::Undo;
use std::cell::Cell;
use std::sync::Arc;
use tables::Tables;

/// An empty square.
pub const EMPTY: u8 = 0;
/// Colour bit of a cell: set for black pieces.
pub const BLACK: u8 = 0x10;
/// Virginity bit of a cell: the piece has never moved.
pub const VIRGIN: u8 = 0x20;
/// Promotion mark of a cell: a promoted man, which goes back to hand as a
/// pawn when captured (set only in games whose rules say so).
pub const PROMOTED: u8 = 0x40;
/// The bits of a cell its Zobrist key depends on (type, colour, virginity,
/// promotion mark).
pub const KEYED: u8 = 0x7F;

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
    node: Cell<Option<NodeInfo>>,
    count: Count,
    /// Per side: the checks it has still to give to win (`checks_to_win`;
    /// unused when checks are not counted).
    checks_left: [u8; 2],
    /// `must_capture`: (key, whether the side to move has a legal capture)
    /// of the last position asked about.
    capture_cache: Cell<Option<(u64, bool)>>,
    /// `explosion`: (square, cell) of every man the explosions of the moves
    /// in `history` took off, oldest first.
    blasted: Vec<(u8, u8)>,
    /// Per side: the sums over its men, kept by `put` and `take`.
    sums: [PieceSums; 2],
    /// The weights summed into `sums` (shared by copies of the position).
    weights: Arc<SquareWeights>,
    /// Per side: squares of its pawns, kept by `put` and `take`.
    pawn_squares: [[u64; 4]; 2],
    /// Per side: squares of its royal pieces, kept by `put` and `take`.
    royals: [RoyalList; 2],
    /// The side not to move is known to have its royalty safe (the last
    /// move passed `make`'s legality test, or was a null move out of a
    /// position not in check): lets the check test look at the last move
    /// only.
    opponent_safe: bool,
    /// The evaluation network's first layer and its sums over the men, kept
    /// by `put`, `take`, `relocate` and `set_hand` once a table is given.
    network: Option<NetworkInput>,
}

/// The squares of one side's royal pieces, in no particular order.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RoyalList {
    squares: [u8; ROYAL_LIST_LEN],
    /// How many royal pieces the side has; beyond [`ROYAL_LIST_LEN`]
    /// `squares` is not kept and the board is scanned instead.
    len: u16,
}

/// Royal pieces a [`RoyalList`] holds.
const ROYAL_LIST_LEN: usize = 6;

/// Facts about the side to move, computed once per position when first
/// needed (the legality shortcut asks for them at every move).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeInfo {
    in_check: bool,
    royals: [u8; 4],
    royal_count: u8,
    /// In check with one royal and plain attackers: what checks it.
    checks: Checks,
}

/// The pieces checking a lone royal, found by the attack probes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Checks {
    /// How many probes find a checking piece (`u8::MAX`: not known).
    count: u8,
    /// The square of the (first) checking piece.
    square: u8,
    /// The attack probe that finds it.
    probe: u8,
}

impl Checks {
    /// Not looked for.
    const UNKNOWN: Checks = Checks {
        count: u8::MAX,
        square: 0,
        probe: 0,
    };
}

impl MailboxPos {
    /// The variant's initial position.
    #[must_use]
    pub fn new(variant: Arc<Variant>) -> MailboxPos {
        let tables = Arc::new(Tables::new(variant));
        let mut pos = MailboxPos::empty(Arc::clone(&tables), SquareWeights::zero());
        if let Some(fen) = &tables.variant.overlay.start {
            // Checked when the variant was built; the arrays stay the fallback.
            if pos.load_fen(fen).is_ok() {
                return pos;
            }
            pos = MailboxPos::empty(tables, SquareWeights::zero());
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
        let mut pos = MailboxPos::empty(tables, SquareWeights::zero());
        pos.load_fen(fen)?;
        Ok(pos)
    }

    /// An empty board that sums `weights`.
    fn empty(tables: Arc<Tables>, weights: Arc<SquareWeights>) -> MailboxPos {
        let limit = tables.checks_to_win;
        let mut pos = MailboxPos {
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
            node: Cell::new(None),
            count: Count::default(),
            checks_left: [0; 2],
            capture_cache: Cell::new(None),
            blasted: Vec::new(),
            sums: [PieceSums::default(); 2],
            weights,
            pawn_squares: [[0; 4]; 2],
            royals: [RoyalList::default(); 2],
            opponent_safe: false,
            network: None,
        };
        pos.set_checks_left([limit; 2]);
        pos
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
            || (self.tables.castling960 && self.tables.castle_partners & (1 << t) != 0)
            || self.has_gating()
    }

    /// Whether pieces in hand can be gated (Seirawan).
    pub(crate) fn has_gating(&self) -> bool {
        self.tables.gating
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

    /// Calls `f` with the square of every pawn of `color`, in the order of
    /// `for_each_piece`.
    pub fn for_each_pawn(&self, color: Color, f: impl FnMut(u8)) {
        movegen::for_each_square(&self.pawn_squares[color.index()], f);
    }

    /// The squares of `color`'s pawns: bit `sq & 63` of word `sq >> 6`, so
    /// each word holds four rows of 16 files.
    #[must_use]
    pub fn pawn_set(&self, color: Color) -> &[u64; 4] {
        &self.pawn_squares[color.index()]
    }

    /// The squares of all of `color`'s men, laid out as [`MailboxPos::pawn_set`].
    #[must_use]
    pub fn men_set(&self, color: Color) -> &[u64; 4] {
        &self.occupancy[color.index()]
    }

    /// Calls `f` with the square of every royal piece of `color` (in no
    /// particular order).
    pub(crate) fn for_each_royal(&self, color: Color, mut f: impl FnMut(u8)) {
        let list = &self.royals[color.index()];
        if usize::from(list.len) <= ROYAL_LIST_LEN {
            list.squares[..usize::from(list.len)]
                .iter()
                .for_each(|&sq| f(sq));
        } else {
            self.for_each_piece(color, |sq| {
                if self.is_royal(self.board[sq as usize]) {
                    f(sq);
                }
            });
        }
    }

    /// The lowest square (the first in `for_each_piece` order) holding a
    /// royal piece of `color`.
    #[must_use]
    #[inline]
    pub fn first_royal(&self, color: Color) -> Option<u8> {
        let mut first: Option<u8> = None;
        self.for_each_royal(color, |sq| {
            first = Some(first.map_or(sq, |f| f.min(sq)));
        });
        first
    }

    /// Keeps the royal list of side `c` as the royal `sq` comes (`sign`
    /// 1) or goes (-1); the board already shows the change.
    fn account_royal(&mut self, c: usize, sq: u8, sign: i32) {
        let list = &mut self.royals[c];
        let len = usize::from(list.len);
        if sign > 0 {
            if len < ROYAL_LIST_LEN {
                list.squares[len] = sq;
            }
            list.len += 1;
            return;
        }
        list.len -= 1;
        if len <= ROYAL_LIST_LEN {
            if let Some(i) = list.squares[..len].iter().position(|&s| s == sq) {
                list.squares[i] = list.squares[len - 1];
            }
        } else if len == ROYAL_LIST_LEN + 1 {
            // Back within the list: read the squares off the board.
            let mut squares = [0u8; ROYAL_LIST_LEN];
            let mut n = 0;
            self.for_each_piece(if c == 0 { Color::White } else { Color::Black }, |s| {
                if self.is_royal(self.board[s as usize]) && n < ROYAL_LIST_LEN {
                    squares[n] = s;
                    n += 1;
                }
            });
            self.royals[c].squares = squares;
        }
    }

    /// Keeps the royal list of side `c` as a royal moves from `from` to
    /// `to`.
    fn move_royal(&mut self, c: usize, from: u8, to: u8) {
        let list = &mut self.royals[c];
        let len = usize::from(list.len);
        if len <= ROYAL_LIST_LEN {
            if let Some(sq) = list.squares[..len].iter_mut().find(|sq| **sq == from) {
                *sq = to;
            }
        }
    }

    /// The type of the man `m` moves: the dropped man's for a drop, else
    /// the one on its origin.
    #[must_use]
    #[inline]
    pub fn mover_type(&self, m: Move) -> u8 {
        if m.is_drop() {
            m.piece()
        } else {
            cell_type(self.board[m.from() as usize])
        }
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

    fn move_code(m: Move) -> Option<u32> {
        Some(m.table_code())
    }

    fn find_coded_move(&self, code: u32, kind: GenKind, scratch: &mut Vec<Move>) -> Option<Move> {
        MailboxPos::find_coded_move(self, code, kind, scratch)
    }

    fn make(&mut self, m: Move) -> bool {
        if self.tables.must_capture && !m.is_capture() && self.capture_exists() {
            return false;
        }
        if self.tables.no_checks {
            return self.make_checkless(m);
        }
        self.make_unforced(m)
    }

    fn unmake(&mut self, m: Move) {
        self.unplay(m);
    }

    fn count_legal_moves(&mut self, buffer: &mut Vec<Move>) -> u64 {
        if self.tables.must_capture || self.tables.explosion || self.tables.no_checks {
            return self.count_by_making(buffer);
        }
        self.count_quickly(buffer)
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

    /// Uncorrected: the correction history that gains in orthodox chess
    /// gained nothing in capablanca (docs/strength.md).
    fn pawn_key(&self) -> Option<u64> {
        None
    }

    fn in_check(&self) -> bool {
        self.node_info().in_check
    }

    fn may_give_check(&self, m: Move) -> bool {
        self.quiet_move_may_check(m)
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn board_width(&self) -> usize {
        self.tables.variant.width
    }

    fn board_height(&self) -> usize {
        self.tables.variant.height
    }

    fn is_capture(&self, m: Move) -> bool {
        m.is_capture()
    }

    fn is_promotion(&self, m: Move) -> bool {
        m.piece() != 0 && !m.is_drop() && self.promotes(m)
    }

    /// With explosions (`explosion`): all the other side's men the capture
    /// takes off.
    fn captured_value(&self, m: Move) -> Score {
        if self.tables.explosion && m.is_capture() {
            return self.blast_losses(m).1;
        }
        match m.kind() {
            MoveKind::Capture => self.tables.value[cell_type(self.board[m.to() as usize]) as usize],
            MoveKind::EnPassant => {
                self.tables.value[cell_type(self.board[self.ep_victim as usize]) as usize]
            }
            _ => 0,
        }
    }

    /// With explosions (`explosion`): all the mover's men the capture takes
    /// off.
    fn mover_value(&self, m: Move) -> Score {
        if self.tables.explosion && m.is_capture() {
            return self.blast_losses(m).0;
        }
        self.tables.value[usize::from(self.mover_type(m))]
    }

    fn see(&self, m: Move) -> Score {
        self.static_exchange(m)
    }

    /// The variant's piece types on its squares.
    fn history_indices(&self) -> usize {
        let types = self.tables.value.len().saturating_sub(1).max(1);
        types * (self.tables.width * self.tables.height).max(1) as usize
    }

    fn history_index(&self, m: Move) -> usize {
        let kind = usize::from(self.mover_type(m).saturating_sub(1));
        let to = usize::from(m.to());
        let square = (to >> 4) * self.tables.width as usize + (to & 15);
        kind * (self.tables.width * self.tables.height) as usize + square
    }

    fn captured_kind(&self, m: Move) -> usize {
        let victim = match m.kind() {
            MoveKind::Capture => m.to(),
            MoveKind::EnPassant => self.ep_victim,
            _ => return 0,
        };
        usize::from(cell_type(self.board[victim as usize]))
    }

    fn rule_verdict(&self) -> Option<Verdict> {
        self.end_rule_verdict()
    }

    fn rule_ending(&self) -> Option<(Verdict, RuleEnding)> {
        self.end_rule()
    }

    fn move_rule_plies(&self) -> Option<u32> {
        self.move_rule_limit()
    }

    fn waive_count(&mut self) {
        if self.count_expired() {
            self.count = Count::default();
        }
    }

    fn judges_repetition(&self) -> bool {
        self.tables.variant.overlay.judges_repetition()
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

    fn move_facts(&self, m: Move) -> Option<MoveFacts> {
        Some(self.facts_of(m))
    }

    fn to_fen(&self) -> String {
        self.write_fen()
    }

    fn set_fen(&mut self, fen: &str) -> Result<(), TextError> {
        let mut fresh = MailboxPos::empty(Arc::clone(&self.tables), Arc::clone(&self.weights));
        fresh.load_fen(fen)?;
        fresh.set_feature_table(self.network.as_ref().map(|n| Arc::clone(&n.table)));
        *self = fresh;
        Ok(())
    }
}
