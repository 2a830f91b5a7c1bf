//! Make and unmake on the mailbox board, with incremental Zobrist keys,
//! explosions (`explosion`), and the legality test: a move is refused when it
//! leaves the mover's royalty capturable (absolute royals, the last
//! delocalised royal, or two duple-check royals at once).

use super::features::{hand_code, square_code, HAND_SLOTS};
use super::moves::{Move, MoveKind};
use super::tables::{CLASS_PAWN, CLASS_ROYAL};
use super::{cell_color, cell_type, MailboxPos, BLACK, EMPTY, KEYED, VIRGIN};
use crate::core::Color;
use crate::rules::variant::Royalty;

/// What `unmake` needs to restore.
#[derive(Clone, Debug)]
pub(crate) struct Undo {
    played: Move,
    moved: u8,
    captured: u8,
    captured_sq: u8,
    corner: Option<(u8, u8, u8)>,
    gated_from: Option<u8>,
    lost_leap_rights: super::zones::LostRights,
    ep: [u8; 3],
    ep_len: u8,
    ep_victim: u8,
    hash: u64,
    halfmove: u32,
    count: super::Count,
    checks_left: [u8; 2],
    node: Option<super::NodeInfo>,
    /// [`MailboxPos::opponent_safe`] before the move.
    opponent_safe: bool,
    /// Men the move's explosion took off (`explosion`), the last ones on
    /// [`MailboxPos::blasted`].
    blasted: u8,
}

impl Undo {
    /// The move this entry takes back; `None` for a null move.
    pub(crate) fn played(&self) -> Option<Move> {
        (self.moved != EMPTY).then_some(self.played)
    }

    /// The position key before the move.
    pub(crate) fn key_before(&self) -> u64 {
        self.hash
    }

    /// For a move that changed only its two squares (no e.p. victim,
    /// corner piece, gated piece or captured royal) made from a position
    /// where the side now to move was known safe: (from, to).
    pub(crate) fn plain_change(&self, royalty: &[Royalty]) -> Option<(u8, u8)> {
        let m = self.played;
        let simple = self.opponent_safe
            && self.moved != EMPTY
            && matches!(
                m.kind(),
                MoveKind::Quiet | MoveKind::Capture | MoveKind::MultiStep
            )
            && self.corner.is_none()
            && self.gated_from.is_none()
            && (self.captured == EMPTY
                || royalty[cell_type(self.captured) as usize] == Royalty::None);
        simple.then(|| (m.from(), m.to()))
    }
}

impl MailboxPos {
    /// The state a move (or a null move, with `moved` EMPTY) will change.
    fn undo_entry(&mut self, played: Move, moved: u8, captured_sq: u8) -> Undo {
        Undo {
            played,
            moved,
            captured: EMPTY,
            captured_sq,
            corner: None,
            gated_from: None,
            lost_leap_rights: [None; 2],
            ep: self.ep,
            ep_len: self.ep_len,
            ep_victim: self.ep_victim,
            hash: self.hash,
            halfmove: self.halfmove,
            count: self.count,
            checks_left: self.checks_left,
            node: self.node.take(),
            opponent_safe: std::mem::take(&mut self.opponent_safe),
            blasted: 0,
        }
    }

    /// Puts `cell` on `sq` (which must be empty), updating key and counts.
    pub(crate) fn put(&mut self, sq: u8, cell: u8) {
        let c = cell_color(cell).index();
        self.board[sq as usize] = cell;
        self.occupancy[c][usize::from(sq >> 6)] |= 1 << (sq & 63);
        self.counts[c][cell_type(cell) as usize] += 1;
        self.hash ^= self.tables.keys.piece[usize::from(cell & KEYED) * 256 + sq as usize];
        self.account(c, cell, sq, 1);
        if let Some(n) = &mut self.network {
            n.sums
                .add(&n.table, cell_color(cell), square_code(cell, sq));
        }
    }

    /// Empties `sq` and returns what stood there (`EMPTY` if nothing).
    pub(crate) fn take(&mut self, sq: u8) -> u8 {
        let cell = self.board[sq as usize];
        if cell != EMPTY {
            let c = cell_color(cell).index();
            self.board[sq as usize] = EMPTY;
            self.occupancy[c][usize::from(sq >> 6)] &= !(1 << (sq & 63));
            self.counts[c][cell_type(cell) as usize] -= 1;
            self.hash ^= self.tables.keys.piece[usize::from(cell & KEYED) * 256 + sq as usize];
            self.account(c, cell, sq, -1);
            if let Some(n) = &mut self.network {
                n.sums
                    .remove(&n.table, cell_color(cell), square_code(cell, sq));
            }
        }
        cell
    }

    /// Adds (`sign` 1) or removes (-1) the piece `cell` of side `c` on
    /// `sq` in the piece sums, the pawn square set and the royal list.
    fn account(&mut self, c: usize, cell: u8, sq: u8, sign: i32) {
        let t = cell_type(cell) as usize;
        let term = sign * self.weights.piece[t * 256 + sq as usize];
        if self.tables.royalty[t] != Royalty::None {
            self.sums[c].royal_placement += term;
            self.account_royal(c, sq, sign);
            return;
        }
        let sums = &mut self.sums[c];
        sums.placement += term;
        let value = sign * self.tables.value[t];
        if self.tables.is_pawn[t] {
            sums.pawns += sign;
            sums.pawns_value += value;
        } else {
            sums.pieces += sign;
            sums.pieces_value += value;
        }
        if self.tables.is_pawn[t] {
            self.sums[c].pawn_rows += sign * self.weights.pawn_row[c][usize::from(sq >> 4)];
            let (word, bit) = (usize::from(sq >> 6), 1u64 << (sq & 63));
            if sign > 0 {
                self.pawn_squares[c][word] |= bit;
            } else {
                self.pawn_squares[c][word] &= !bit;
            }
        }
    }

    pub(crate) fn set_ep(&mut self, squares: &[u8], victim: u8) {
        if squares.is_empty() && self.ep_len == 0 {
            return;
        }
        for &sq in &self.ep[..self.ep_len as usize] {
            self.hash ^= self.tables.keys.ep[sq as usize];
        }
        self.ep_len = squares.len().min(3) as u8;
        for (slot, &sq) in self.ep.iter_mut().zip(squares) {
            *slot = sq;
            self.hash ^= self.tables.keys.ep[sq as usize];
        }
        self.ep_victim = victim;
    }

    /// Whether `sq` is one of the current e.p. squares.
    pub(crate) fn is_ep_square(&self, sq: u8) -> bool {
        self.ep[..self.ep_len as usize].contains(&sq)
    }

    /// Whether `m` only moves one piece (maybe capturing on its target)
    /// and the piece lands unchanged but for its virginity: no promotion,
    /// gating, castling, e.p. capture, zone promotion or lost leap rights.
    fn is_plain_move(&self, m: Move) -> bool {
        self.tables.plain_landing
            && m.piece() == 0
            && matches!(
                m.kind(),
                MoveKind::Quiet | MoveKind::Capture | MoveKind::MultiStep
            )
    }

    /// Moves the piece `cell` from `from` to the empty square `to`, where it
    /// stands as `landed` (the same piece, maybe without its virginity),
    /// keeping key, occupancy, piece sums, pawn set and royal list.
    fn relocate(&mut self, from: u8, to: u8, cell: u8, landed: u8) {
        let c = cell_color(cell).index();
        let t = cell_type(cell) as usize;
        self.board[from as usize] = EMPTY;
        self.board[to as usize] = landed;
        let (from_bit, to_bit) = (1u64 << (from & 63), 1u64 << (to & 63));
        let (from_word, to_word) = (usize::from(from >> 6), usize::from(to >> 6));
        self.occupancy[c][from_word] ^= from_bit;
        self.occupancy[c][to_word] ^= to_bit;
        if let Some(n) = &mut self.network {
            let (a, b) = (square_code(cell, from), square_code(landed, to));
            n.sums.shift(&n.table, cell_color(cell), a, b);
        }
        let tables = &*self.tables;
        let keys = &tables.keys.piece;
        self.hash ^= keys[usize::from(cell & KEYED) * 256 + from as usize]
            ^ keys[usize::from(landed & KEYED) * 256 + to as usize];
        let weights = &*self.weights;
        let delta = weights.piece[t * 256 + to as usize] - weights.piece[t * 256 + from as usize];
        let class = tables.class[t];
        if class & CLASS_ROYAL != 0 {
            self.sums[c].royal_placement += delta;
            self.move_royal(c, from, to);
            return;
        }
        self.sums[c].placement += delta;
        if class & CLASS_PAWN != 0 {
            let rows = &weights.pawn_row[c];
            self.sums[c].pawn_rows += rows[usize::from(to >> 4)] - rows[usize::from(from >> 4)];
            self.pawn_squares[c][from_word] ^= from_bit;
            self.pawn_squares[c][to_word] ^= to_bit;
        }
    }

    /// [`MailboxPos::play`] for a plain move (see `is_plain_move`).
    fn play_plain(&mut self, m: Move) {
        let (from, to) = (m.from(), m.to());
        let moved = self.board[from as usize];
        let mut undo = self.undo_entry(m, moved, to);
        if m.kind() == MoveKind::Capture {
            undo.captured = self.take(to);
            self.captured_to_hand(undo.captured, true);
        }
        self.relocate(from, to, moved, moved & !VIRGIN);
        if undo.captured != EMPTY && self.tables.explosion {
            undo.blasted = self.explode(to);
        }
        let pawn = self.tables.class[cell_type(moved) as usize] & CLASS_PAWN != 0;
        if m.kind() == MoveKind::MultiStep {
            let (skipped, n) = self.skipped_squares(m);
            self.set_ep(&skipped[..n], to);
        } else if self.ep_len != 0 {
            self.set_ep(&[], to);
        }
        self.pass_turn(pawn || undo.captured != EMPTY);
        if self.tables.variant.counting.enabled {
            self.advance_count(undo.captured, false);
        }
        self.history.push(undo);
    }

    /// Ends a move: the halfmove clock (reset by a pawn move or capture),
    /// the move number, the side to move and its key.
    fn pass_turn(&mut self, resets_clock: bool) {
        self.halfmove = if resets_clock { 0 } else { self.halfmove + 1 };
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.flip();
        self.hash ^= self.tables.keys.black;
        if self.tables.checks_to_win != 0 {
            self.count_check();
        }
    }

    /// Plays `m` without the legality test.
    pub(crate) fn play(&mut self, m: Move) {
        if self.is_plain_move(m) {
            self.play_plain(m);
            return;
        }
        if m.is_drop() {
            self.play_drop(m);
            return;
        }
        let (from, to) = (m.from(), m.to());
        let moved = self.board[from as usize];
        let mut undo = self.undo_entry(m, moved, to);
        let t = cell_type(moved);
        let pawn = self.tables.is_pawn[t as usize];
        let color_bits = moved & BLACK;
        if self.is_castle960(m) {
            undo.corner = Some(self.place_castle960(m));
            let king_to = self.castle960_targets(from, to).0;
            undo.lost_leap_rights = self.take_leap_rights(t, self.side, king_to);
        } else {
            self.play_pieces(m, &mut undo);
        }
        if !pawn && m.piece() != 0 && self.tables.gating {
            undo.gated_from = Some(self.gate(m, from, color_bits));
        }
        if undo.captured != EMPTY && self.tables.explosion {
            undo.blasted = self.explode(to);
        }
        let (skipped, n) = self.skipped_squares(m);
        self.set_ep(&skipped[..n], to);
        self.pass_turn(pawn || undo.captured != EMPTY);
        self.advance_count(undo.captured, pawn && m.piece() != 0);
        self.history.push(undo);
    }

    /// The board part of [`MailboxPos::play`] for every move but Chess960
    /// castling: capture, move (promote), corner castling.
    fn play_pieces(&mut self, m: Move, undo: &mut Undo) {
        let (from, to) = (m.from(), m.to());
        let moved = undo.moved;
        if m.kind() == MoveKind::EnPassant {
            undo.captured_sq = self.ep_victim;
        }
        if m.kind() != MoveKind::PromoteInPlace {
            undo.captured = self.take(undo.captured_sq);
            self.captured_to_hand(undo.captured, true);
        }
        self.take(from);
        let t = cell_type(moved);
        let landed = if self.tables.is_pawn[t as usize] && m.piece() != 0 {
            self.promoted_cell(m.piece() | (moved & BLACK))
        } else if m.piece() != 0 && !self.tables.gating {
            // Promotion by choice (`piece_promotion`).
            m.piece() | (moved & BLACK)
        } else {
            moved & !VIRGIN
        };
        self.put(to, self.zone_promoted(landed, to));
        undo.lost_leap_rights = self.take_leap_rights(t, self.side, to);
        if matches!(m.kind(), MoveKind::Castle | MoveKind::CastleGateCorner) {
            undo.corner = Some(self.castle_corner(from, to));
        }
    }

    /// [`MailboxPos::play`] for a drop: the man leaves the hand for its
    /// square; the clock starts again, as after a pawn move.
    fn play_drop(&mut self, m: Move) {
        let undo = self.undo_entry(m, m.piece(), m.to());
        self.place_drop(m);
        if self.ep_len != 0 {
            self.set_ep(&[], m.to());
        }
        self.pass_turn(true);
        if self.tables.variant.counting.enabled {
            self.advance_count(EMPTY, false);
        }
        self.history.push(undo);
    }

    /// Moves the corner piece next to the castled king; returns
    /// (corner square, destination, the corner cell) for unmake.
    fn castle_corner(&mut self, from: u8, to: u8) -> (u8, u8, u8) {
        let dir: i32 = if (to & 15) > (from & 15) { 1 } else { -1 };
        let row = i32::from(from >> 4);
        let corner_file = if dir < 0 { 0 } else { self.tables.width - 1 };
        let corner = (row * 16 + corner_file) as u8;
        let dest = (i32::from(to) - dir) as u8;
        let cell = self.take(corner);
        self.put(dest, cell & !VIRGIN);
        (corner, dest, cell)
    }

    /// Places the gated piece from hand (Seirawan); returns its square.
    fn gate(&mut self, m: Move, from: u8, color_bits: u8) -> u8 {
        let square = if m.kind() == MoveKind::CastleGateCorner {
            let dir: i32 = if (m.to() & 15) > (from & 15) { 1 } else { -1 };
            let corner_file = if dir < 0 { 0 } else { self.tables.width - 1 };
            (i32::from(from >> 4) * 16 + corner_file) as u8
        } else {
            from
        };
        let c = usize::from(color_bits != 0);
        self.set_hand(
            c,
            m.piece(),
            self.hand[c][m.piece() as usize].saturating_sub(1),
        );
        self.put(square, m.piece() | color_bits);
        square
    }

    /// Sets a holdings count, keeping the key in step.
    pub(crate) fn set_hand(&mut self, color: usize, t: u8, n: u8) {
        let slot = (color * 16 + t as usize) * 16;
        let old = self.hand[color][t as usize];
        self.hash ^= self.tables.keys.hand[slot + usize::from(old.min(15))];
        self.hash ^= self.tables.keys.hand[slot + usize::from(n.min(15))];
        self.hand[color][t as usize] = n;
        if let Some(net) = &mut self.network {
            let colour = if color == 0 {
                Color::White
            } else {
                Color::Black
            };
            for slot in old.min(n).min(HAND_SLOTS)..old.max(n).min(HAND_SLOTS) {
                let code = hand_code(t, slot);
                if n > old {
                    net.sums.add(&net.table, colour, code);
                } else {
                    net.sums.remove(&net.table, colour, code);
                }
            }
        }
        self.sums[color].hand_value +=
            self.tables.value[t as usize] * (i32::from(n) - i32::from(old));
    }

    /// The squares a multi-step pawn move passed where the other side may
    /// capture it e.p. (`en_passant_zone`; at most three) and how many
    /// there are.
    fn skipped_squares(&self, m: Move) -> ([u8; 3], usize) {
        let mut out = [0u8; 3];
        if m.kind() != MoveKind::MultiStep {
            return (out, 0);
        }
        let (first, to) = (i32::from(m.skip()), i32::from(m.to()));
        let step = first - i32::from(m.from());
        let mut n = 0;
        let mut sq = first;
        let capturer = self.side.flip();
        let zones = &self.tables.zones;
        while sq != to && n < out.len() && (0..256).contains(&sq) {
            if zones.ep_allowed(capturer, sq as u8) {
                out[n] = sq as u8;
                n += 1;
            }
            sq += step;
        }
        (out, n)
    }

    /// Takes back the last move `m`.
    pub(crate) fn unplay(&mut self, m: Move) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        self.side = self.side.flip();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        if undo.blasted != 0 {
            self.unexplode(undo.blasted);
        }
        if self.is_plain_move(m) {
            let landed = self.board[m.to() as usize];
            self.relocate(m.to(), m.from(), landed, undo.moved);
            if undo.captured != EMPTY {
                self.captured_to_hand(undo.captured, false);
                self.put(m.to(), undo.captured);
            }
            self.restore_state(undo);
            return;
        }
        if m.is_drop() {
            self.lift_drop(m);
            self.restore_state(undo);
            return;
        }
        self.restore_leap_rights(undo.lost_leap_rights);
        if let Some(sq) = undo.gated_from {
            let cell = self.take(sq);
            let c = usize::from(cell & BLACK != 0);
            let t = cell_type(cell);
            self.set_hand(c, t, self.hand[c][t as usize] + 1);
        }
        match undo.corner {
            Some((_, _, partner)) if self.is_castle960(m) => {
                self.unplace_castle960(m, undo.moved, partner);
            }
            corner => {
                if let Some((corner, dest, cell)) = corner {
                    self.take(dest);
                    self.put(corner, cell);
                }
                self.take(m.to());
                self.put(m.from(), undo.moved);
                if undo.captured != EMPTY {
                    self.captured_to_hand(undo.captured, false);
                    self.put(undo.captured_sq, undo.captured);
                }
            }
        }
        self.restore_state(undo);
    }

    /// `explosion`: after a capture on `to`, takes off the capturing man
    /// there and every man on the (up to) eight squares around it but the
    /// types spared (`explosion_spares`); a captured man's way to hand is
    /// theirs too. They go on [`MailboxPos::blasted`] for unmake; returns
    /// how many.
    fn explode(&mut self, to: u8) -> u8 {
        let (file, row) = (i32::from(to & 15), i32::from(to >> 4));
        let (width, height) = (self.tables.width, self.tables.height);
        let spared = self.tables.explosion_spared;
        let mut n = 0;
        for r in (row - 1).max(0)..=(row + 1).min(height - 1) {
            for f in (file - 1).max(0)..=(file + 1).min(width - 1) {
                let sq = (r * 16 + f) as u8;
                let cell = self.board[sq as usize];
                if cell == EMPTY || (sq != to && spared & (1 << cell_type(cell)) != 0) {
                    continue;
                }
                self.take(sq);
                self.captured_to_hand(cell, true);
                self.blasted.push((sq, cell));
                n += 1;
            }
        }
        n
    }

    /// Puts back the last `n` men [`MailboxPos::explode`] took off.
    fn unexplode(&mut self, n: u8) {
        for _ in 0..n {
            if let Some((sq, cell)) = self.blasted.pop() {
                self.captured_to_hand(cell, false);
                self.put(sq, cell);
            }
        }
    }

    /// Restores what a move changed beside the board from its entry.
    fn restore_state(&mut self, undo: Undo) {
        self.ep = undo.ep;
        self.ep_len = undo.ep_len;
        self.ep_victim = undo.ep_victim;
        self.halfmove = undo.halfmove;
        self.count = undo.count;
        self.checks_left = undo.checks_left;
        self.hash = undo.hash;
        self.node.set(undo.node);
        self.opponent_safe = undo.opponent_safe;
    }

    /// Whether `color`'s royalty is safe from capture by the other side.
    pub(crate) fn royalty_safe(&self, color: Color) -> bool {
        // Without allocating unless a side has more royals than fit here.
        let mut royals = [0u8; 8];
        let mut seen = 0;
        self.for_each_royal(color, |sq| {
            if seen < royals.len() {
                royals[seen] = sq;
            }
            seen += 1;
        });
        if seen <= royals.len() {
            return self.royals_safe(color, &royals[..seen]);
        }
        let mut all = Vec::with_capacity(seen);
        self.for_each_royal(color, |sq| all.push(sq));
        self.royals_safe(color, &all)
    }

    /// Whether none of `royals` (the squares of `color`'s royal pieces) may
    /// be captured: an absolute royal or the last of its type attacked, or
    /// two duple-check royals attacked at once, is not safe.
    pub(crate) fn royals_safe(&self, color: Color, royals: &[u8]) -> bool {
        if self.royal_faces_royal(color) {
            return false;
        }
        let enemy = color.flip();
        let mut duple_hits = 0;
        for &sq in royals {
            let t = cell_type(self.board[sq as usize]) as usize;
            let royalty = self.tables.royalty[t];
            if royalty == Royalty::None || !self.attacked(sq, enemy) {
                continue;
            }
            if self.tables.explosion && self.touches_royal(sq, enemy) {
                // Taking it would explode the taker's own royal: no check.
                continue;
            }
            if royalty == Royalty::Absolute || self.counts[color.index()][t] <= 1 {
                return false;
            }
            if self.tables.duple[t] {
                duple_hits += 1;
                if duple_hits >= 2 {
                    return false;
                }
            }
        }
        true
    }
}

impl MailboxPos {
    /// Passes the turn (for null-move pruning).
    pub(crate) fn play_null(&mut self) {
        // The side passing will be the one not to move: safe when it is
        // known not to stand in check now.
        let passer_safe = self.node.get().is_some_and(|info| !info.in_check);
        let entry = self.undo_entry(Move::new(0, 0, MoveKind::Quiet, 0, 0), EMPTY, 0);
        self.history.push(entry);
        self.set_ep(&[], 0);
        self.halfmove += 1;
        self.side = self.side.flip();
        self.hash ^= self.tables.keys.black;
        self.opponent_safe = passer_safe;
    }

    /// Takes back [`MailboxPos::play_null`].
    pub(crate) fn unplay_null(&mut self) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        self.side = self.side.flip();
        self.ep = undo.ep;
        self.ep_len = undo.ep_len;
        self.ep_victim = undo.ep_victim;
        self.halfmove = undo.halfmove;
        self.count = undo.count;
        self.hash = undo.hash;
        self.node.set(undo.node);
        self.opponent_safe = undo.opponent_safe;
    }
}
