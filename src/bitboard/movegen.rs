//! Legal move generation with check masks and pin masks (no make/test/unmake).
//!
//! One generator, [`BitboardPos::generate_legal`], feeds a [`MoveSink`] with
//! whole target sets: per piece for pieces, and shifted sets for pawns. A
//! counting sink turns each set into a popcount (perft's bulk counting at the
//! leaves); a list sink expands the sets into [`Move`]s. The generator is
//! monomorphised per side to move so every pawn shift is a constant.

use super::attacks::{tables, AttackTables};
use super::board::{BitboardPos, CastleRule, NO_SQUARE};
use super::types::{
    bit, Bitboard, Move, PieceType, Squares, BACK_RANKS, FILE_A, FILE_H, FLAG_CASTLE, FLAG_DOUBLE,
    FLAG_EP, FLAG_NORMAL, FLAG_PROMO,
};
use crate::position::GenKind;

/// Receives legal moves as target sets.
pub(crate) trait MoveSink {
    /// Ordinary moves of the piece on `from` to every square of `targets`.
    fn piece(&mut self, from: usize, targets: Bitboard);
    /// Pawn moves to every square of `targets`, each from `to - delta`;
    /// targets on a back rank are promotions, `double` marks two-square pushes.
    fn pawns(&mut self, targets: Bitboard, delta: i32, double: bool);
    /// One special move (castling or en passant).
    fn special(&mut self, m: Move);
}

/// Counts moves without materialising them.
///
/// Without a hardware popcount (the default x86-64 target has none), each
/// target set is reduced only to per-rank byte counts, which are summed in
/// `lanes` and folded once in [`Counter::total`]: a byte lane counts the moves
/// landing on one rank, at most 8 squares x 20 movers, so it cannot overflow.
/// With hardware popcount the sets are counted directly into `exact`.
pub(crate) struct Counter {
    lanes: u64,
    exact: u64,
}

/// Per-byte population counts of `b` (each byte 0..=8).
#[inline(always)]
fn byte_counts(b: Bitboard) -> u64 {
    let pairs = b - ((b >> 1) & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    (nibbles + (nibbles >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
}

impl Counter {
    pub(crate) fn new() -> Counter {
        Counter { lanes: 0, exact: 0 }
    }

    #[inline(always)]
    fn add(&mut self, b: Bitboard) {
        if cfg!(target_feature = "popcnt") {
            self.exact += u64::from(b.count_ones());
        } else {
            self.lanes += byte_counts(b);
        }
    }

    /// The number of moves counted.
    pub(crate) fn total(&self) -> u64 {
        let halves =
            (self.lanes & 0x00FF_00FF_00FF_00FF) + ((self.lanes >> 8) & 0x00FF_00FF_00FF_00FF);
        self.exact + (halves.wrapping_mul(0x0001_0001_0001_0001) >> 48)
    }
}

impl MoveSink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: usize, targets: Bitboard) {
        self.add(targets);
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i32, _double: bool) {
        let promotions = targets & BACK_RANKS;
        if promotions != 0 {
            self.exact += 3 * u64::from(promotions.count_ones());
        }
        self.add(targets);
    }

    #[inline(always)]
    fn special(&mut self, _m: Move) {
        self.exact += 1;
    }
}

/// Appends moves to a vector.
pub(crate) struct ListSink<'a>(pub(crate) &'a mut Vec<Move>);

impl MoveSink for ListSink<'_> {
    #[inline(always)]
    fn piece(&mut self, from: usize, targets: Bitboard) {
        for to in Squares(targets) {
            self.0.push(Move::new(from, to, FLAG_NORMAL));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, double: bool) {
        let flag = if double { FLAG_DOUBLE } else { FLAG_NORMAL };
        for to in Squares(targets & !BACK_RANKS) {
            self.0
                .push(Move::new((to as i32 - delta) as usize, to, flag));
        }
        for to in Squares(targets & BACK_RANKS) {
            let from = (to as i32 - delta) as usize;
            for kind in [4u16, 3, 2, 1] {
                self.0.push(Move::new(from, to, FLAG_PROMO + kind - 1));
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.0.push(m);
    }
}

/// Looks for one move among the generated sets.
struct Finder {
    wanted: Move,
    found: bool,
}

impl MoveSink for Finder {
    fn piece(&mut self, from: usize, targets: Bitboard) {
        let m = self.wanted;
        self.found |=
            m.flag() == FLAG_NORMAL && m.from_index() == from && targets & bit(m.to_index()) != 0;
    }

    fn pawns(&mut self, targets: Bitboard, delta: i32, double: bool) {
        let (m, to) = (self.wanted, self.wanted.to_index());
        if targets & bit(to) == 0 || m.from_index() as i32 != to as i32 - delta {
            return;
        }
        self.found |= match m.flag() {
            FLAG_DOUBLE => double,
            FLAG_NORMAL => !double && bit(to) & BACK_RANKS == 0,
            f => f >= FLAG_PROMO && bit(to) & BACK_RANKS != 0,
        };
    }

    fn special(&mut self, m: Move) {
        self.found |= m == self.wanted;
    }
}

/// Which target squares each move family may use (the `GenKind` split).
#[derive(Clone, Copy)]
pub(crate) struct Filter {
    pieces: Bitboard,
    pawn_push: Bitboard,
    pawn_capture: Bitboard,
    castles: bool,
    en_passant: bool,
}

impl Filter {
    /// Every legal move.
    pub(crate) const ALL: Filter = Filter {
        pieces: !0,
        pawn_push: !0,
        pawn_capture: !0,
        castles: true,
        en_passant: true,
    };

    /// The filter for a [`GenKind`] given the enemy's pieces.
    pub(crate) fn for_kind(kind: GenKind, enemy: Bitboard) -> Filter {
        match kind {
            GenKind::All => Filter::ALL,
            GenKind::Captures => Filter {
                pieces: enemy,
                pawn_push: BACK_RANKS,
                pawn_capture: !0,
                castles: false,
                en_passant: true,
            },
            GenKind::Quiets => Filter {
                pieces: !enemy,
                pawn_push: !BACK_RANKS,
                pawn_capture: 0,
                castles: true,
                en_passant: false,
            },
        }
    }
}

/// Shifts a set one rank forward for the side (`WHITE`: north).
#[inline(always)]
fn forward<const WHITE: bool>(b: Bitboard) -> Bitboard {
    if WHITE {
        b << 8
    } else {
        b >> 8
    }
}

impl BitboardPos {
    /// Feeds every legal move allowed by `filter` to `sink`.
    #[inline(always)]
    pub(crate) fn generate_legal<S: MoveSink>(&self, sink: &mut S, filter: &Filter) {
        if self.side == 0 {
            self.gen_side::<S, true>(sink, filter);
        } else {
            self.gen_side::<S, false>(sink, filter);
        }
    }

    /// The number of legal moves (bulk count, nothing materialised).
    #[must_use]
    pub fn count_legal(&self) -> u64 {
        let mut counter = Counter::new();
        self.generate_legal(&mut counter, &Filter::ALL);
        counter.total()
    }

    /// Appends every legal move to `out`.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.generate_legal(&mut ListSink(out), &Filter::ALL);
    }

    /// Appends the legal moves of a [`GenKind`] to `out`.
    pub fn legal_moves_of_kind(&self, kind: GenKind, out: &mut Vec<Move>) {
        let filter = Filter::for_kind(kind, self.by_color[self.side ^ 1]);
        self.generate_legal(&mut ListSink(out), &filter);
    }

    #[inline(always)]
    fn gen_side<S: MoveSink, const WHITE: bool>(&self, sink: &mut S, filter: &Filter) {
        let t = tables();
        let us = usize::from(!WHITE);
        let them = us ^ 1;
        let own = self.by_color[us];
        let enemy = self.by_color[them];
        let occ = own | enemy;
        let k = &self.by_kind;
        let ksq = self.king_square(us);
        let diag = (k[2] | k[4]) & enemy;
        let orth = (k[3] | k[4]) & enemy;

        // Checkers and pinned pieces from one pass over the enemy sliders that
        // see the king through our pieces only.
        let mut checkers = (t.pawn(us, ksq) & k[0] | t.knight(ksq) & k[1]) & enemy;
        let mut pinned = 0;
        let snipers = (t.bishop(ksq, enemy) & diag) | (t.rook(ksq, enemy) & orth);
        for s in Squares(snipers) {
            let between = t.between(ksq, s) & occ;
            if between == 0 {
                checkers |= bit(s);
            } else if between & (between - 1) == 0 {
                pinned |= between;
            }
        }

        self.king_moves(t, sink, ksq, own, occ, filter.pieces);
        if checkers & (checkers.wrapping_sub(1)) != 0 {
            return;
        }
        let check_mask = if checkers == 0 {
            !0
        } else {
            t.between(ksq, checkers.trailing_zeros() as usize) | checkers
        };
        let targets = !own & check_mask & filter.pieces;

        for sq in Squares(k[1] & own & !pinned) {
            sink.piece(sq, t.knight(sq) & targets);
        }
        let own_diag = (k[2] | k[4]) & own;
        for sq in Squares(own_diag & !pinned) {
            sink.piece(sq, t.bishop(sq, occ) & targets);
        }
        for sq in Squares(own_diag & pinned) {
            sink.piece(sq, t.bishop(sq, occ) & targets & t.line(ksq, sq));
        }
        let own_orth = (k[3] | k[4]) & own;
        for sq in Squares(own_orth & !pinned) {
            sink.piece(sq, t.rook(sq, occ) & targets);
        }
        for sq in Squares(own_orth & pinned) {
            sink.piece(sq, t.rook(sq, occ) & targets & t.line(ksq, sq));
        }

        self.pawn_moves::<S, WHITE>(t, sink, ksq, pinned, check_mask, filter);
        if checkers == 0 && filter.castles && self.castling != 0 {
            self.castle_moves(t, sink, ksq, occ);
        }
    }

    /// King steps to squares the enemy does not attack once the king has left.
    #[inline(always)]
    fn king_moves<S: MoveSink>(
        &self,
        t: &AttackTables,
        sink: &mut S,
        ksq: usize,
        own: Bitboard,
        occ: Bitboard,
        allowed: Bitboard,
    ) {
        let them = self.side ^ 1;
        let without_king = occ ^ bit(ksq);
        let mut safe = 0;
        for to in Squares(t.king(ksq) & !own & allowed) {
            if self.attackers(t, to, without_king, them) == 0 {
                safe |= bit(to);
            }
        }
        sink.piece(ksq, safe);
    }

    #[inline(always)]
    fn pawn_moves<S: MoveSink, const WHITE: bool>(
        &self,
        t: &AttackTables,
        sink: &mut S,
        ksq: usize,
        pinned: Bitboard,
        check_mask: Bitboard,
        filter: &Filter,
    ) {
        let us = usize::from(!WHITE);
        let own = self.by_color[us];
        let enemy = self.by_color[us ^ 1];
        let empty = !(own | enemy);
        let pawns = self.by_kind[0] & own;
        let up: i32 = if WHITE { 8 } else { -8 };
        let third = if WHITE { 0xFF << 16 } else { 0xFF << 40 };
        let push_mask = check_mask & filter.pawn_push;
        let capture_mask = enemy & check_mask & filter.pawn_capture;

        let free = pawns & !pinned;
        let single = forward::<WHITE>(free) & empty;
        let double = forward::<WHITE>(single & third) & empty;
        sink.pawns(single & push_mask, up, false);
        sink.pawns(double & push_mask, 2 * up, true);
        // West captures (toward the a-file) and east captures.
        let west = forward::<WHITE>(free & !FILE_A) >> 1;
        let east = forward::<WHITE>(free & !FILE_H) << 1;
        sink.pawns(west & capture_mask, up - 1, false);
        sink.pawns(east & capture_mask, up + 1, false);

        for sq in Squares(pawns & pinned) {
            let line = t.line(ksq, sq);
            let one = forward::<WHITE>(bit(sq)) & empty & line;
            let two = forward::<WHITE>(one & third) & empty;
            sink.pawns(one & push_mask, up, false);
            sink.pawns(two & push_mask, 2 * up, true);
            let hits = t.pawn(us, sq) & capture_mask & line;
            for to in Squares(hits) {
                sink.pawns(bit(to), to as i32 - sq as i32, false);
            }
        }

        if self.ep != NO_SQUARE && filter.en_passant {
            self.en_passant(t, sink, ksq, pawns, check_mask);
        }
    }

    /// En-passant captures, each checked by replaying the occupancy change.
    #[inline(never)]
    fn en_passant<S: MoveSink>(
        &self,
        t: &AttackTables,
        sink: &mut S,
        ksq: usize,
        pawns: Bitboard,
        check_mask: Bitboard,
    ) {
        let us = self.side;
        let ep = usize::from(self.ep);
        let victim = ep ^ 8;
        if check_mask & (bit(ep) | bit(victim)) == 0 {
            return;
        }
        let enemy = self.by_color[us ^ 1];
        let k = &self.by_kind;
        let diag = (k[2] | k[4]) & enemy;
        let orth = (k[3] | k[4]) & enemy;
        for from in Squares(t.pawn(us ^ 1, ep) & pawns) {
            let occ = self.occupied() ^ bit(from) ^ bit(victim) ^ bit(ep);
            if t.bishop(ksq, occ) & diag == 0 && t.rook(ksq, occ) & orth == 0 {
                sink.special(Move::new(from, ep, FLAG_EP));
            }
        }
    }

    /// Castling moves (the side is not in check).
    #[inline(always)]
    fn castle_moves<S: MoveSink>(&self, t: &AttackTables, sink: &mut S, ksq: usize, occ: Bitboard) {
        let us = self.side & 1;
        let rights = (self.castling >> (2 * us)) & 3;
        for (side, rule) in self.castle_rules[2 * us..2 * us + 2].iter().enumerate() {
            if rights & (1 << side) == 0 || occ & rule.empty != 0 {
                continue;
            }
            self.try_castle(t, sink, ksq, occ, rule);
        }
    }

    /// Emits one castling move whose squares are empty, if the king's path is safe.
    #[inline(never)]
    fn try_castle<S: MoveSink>(
        &self,
        t: &AttackTables,
        sink: &mut S,
        ksq: usize,
        occ: Bitboard,
        rule: &CastleRule,
    ) {
        let rook = usize::from(rule.rook_from);
        let occ_after = occ ^ bit(ksq) ^ bit(rook);
        let them = self.side ^ 1;
        if Squares(rule.king_path).all(|sq| self.attackers(t, sq, occ_after, them) == 0) {
            sink.special(Move::new(ksq, rook, FLAG_CASTLE));
        }
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_in_check(&self) -> bool {
        self.checkers() != 0
    }

    /// Whether `m` is a legal move here (to validate moves from outside, such
    /// as a hash-table move); runs the generator without building a list.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        let mut finder = Finder {
            wanted: m,
            found: false,
        };
        self.generate_legal(&mut finder, &Filter::ALL);
        finder.found
    }

    /// Kind of the piece on a square (pawn if empty; callers ask about occupied squares).
    pub(crate) fn kind_on(&self, sq: usize) -> PieceType {
        self.piece_on(sq).map_or(PieceType::Pawn, |(_, k)| k)
    }
}
