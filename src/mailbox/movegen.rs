//! Step-vector move generation: Fairy-Max's ray walk (leapers, sliders,
//! hoppers, bent and limited-range riders, lame leapers, cylinder wrap,
//! multi-path leaps, virgin-only x4 moves: pawn multi-steps and castling),
//! and the attack test built on the same walk.

use super::moves::{Move, MoveKind};
use super::square_rays::{gen_kind, Coverage};
use super::tables::{CompiledRay, Delta};
use super::{cell_color, cell_type, MailboxPos, EMPTY, VIRGIN};
use crate::core::Color;
use crate::position::GenKind;
use crate::rules::mode::Rights;

/// What one step of a walk found.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Landing {
    Quiet,
    Capture,
    EnPassant,
}

/// State of a walk along one ray (Fairy-Max's R, D, step and toggle).
struct Walker {
    file: i32,
    row: i32,
    step: Delta,
    rights: Rights,
    count: u8,
    toggled: bool,
    first: bool,
    skip: Option<u8>,
    castle: bool,
}

impl MailboxPos {
    /// Walks one ray of the piece on `x`. Without a target, calls `emit` for
    /// every move found; with a target square, returns whether the ray could
    /// capture there (the square counts as holding an enemy piece).
    pub(super) fn walk_ray<F: FnMut(u8, MoveKind, u8)>(
        &self,
        x: u8,
        piece: u8,
        ray: &CompiledRay,
        target: Option<u8>,
        emit: &mut F,
    ) -> bool {
        self.walk::<false>(x, piece, ray, target, emit, &mut |_, _, _| {})
    }

    /// Walks one ray of the piece on `x` as `MailboxPos::for_each_reach`
    /// reports it: `reach(square, occupant, rights)` for every square the
    /// walk stops on or passes where it may move or capture, whoever holds
    /// it, with the walk's landing rights there; virgin-only steps are
    /// left out.
    pub(super) fn reach_ray(
        &self,
        x: u8,
        piece: u8,
        ray: &CompiledRay,
        reach: &mut impl FnMut(u8, u8, Rights),
    ) {
        self.walk::<true>(x, piece, ray, None, &mut |_, _, _| {}, reach);
    }

    /// The walk of [`MailboxPos::walk_ray`] (`REACH` false) and
    /// [`MailboxPos::reach_ray`] (`REACH` true).
    fn walk<const REACH: bool>(
        &self,
        x: u8,
        piece: u8,
        ray: &CompiledRay,
        target: Option<u8>,
        emit: &mut impl FnMut(u8, MoveKind, u8),
        reach: &mut impl FnMut(u8, u8, Rights),
    ) -> bool {
        let t = &self.tables;
        let color = cell_color(piece);
        let ptype = cell_type(piece);
        let pawn = t.is_pawn[ptype as usize];
        let mut virgin = piece & VIRGIN != 0;
        let mut w = Walker {
            file: i32::from(x & 15),
            row: i32::from(x >> 4),
            step: ray.s,
            rights: ray.rights,
            count: ray.count,
            toggled: false,
            first: true,
            skip: None,
            castle: false,
        };
        if pawn && ray.rights.is_initial_only() && ray.count > ptype {
            // Fairy-Max's C24 rule: a moved pawn on its own third rank may
            // still make the shorter multi-step.
            if !virgin && self.on_relative_rank(x, color, 2) {
                w.count = 0;
                virgin = true;
            } else {
                w.count = 1;
            }
        }
        if ray.rights.is_initial_only() && !virgin {
            return false;
        }
        loop {
            let Some(y) = self.advance(&mut w, ray.cylinder) else {
                return false;
            };
            if let Some((dt, du)) = ray.multi_path {
                if !self.multi_path_open(x, dt, du) {
                    return false;
                }
            }
            let x4 = w.rights.is_initial_only();
            if target == Some(y) {
                return !x4 && w.rights.may_capture();
            }
            let occupant = self.board[y as usize];
            if REACH {
                if !x4 && w.rights.may_land() {
                    reach(y, occupant, w.rights.landing());
                }
            } else if !x4 {
                if let Some(landing) = self.landing(occupant, color, pawn, w.rights, y) {
                    let kind = match landing {
                        Landing::Capture => MoveKind::Capture,
                        Landing::EnPassant => MoveKind::EnPassant,
                        Landing::Quiet if w.castle => MoveKind::Castle,
                        Landing::Quiet if w.skip.is_some() => MoveKind::MultiStep,
                        Landing::Quiet => MoveKind::Quiet,
                    };
                    if target.is_none() {
                        emit(y, kind, w.skip.unwrap_or(0));
                    }
                }
            }
            if occupant != EMPTY {
                if w.rights.hops() && !w.toggled && platform_ok(ray, occupant, color) {
                    if ray.hop_back {
                        w.file -= w.step.df;
                        w.row -= w.step.dr;
                    }
                    w.step = ray.s2;
                    w.rights = w.rights.toggled(ray.toggle);
                    w.toggled = true;
                    w.first = false;
                    continue;
                }
                if !(x4 && w.first && ray.toggle.initial_jumps()) {
                    return false;
                }
            }
            if x4 {
                if ray.toggle.marks_skipped() {
                    if pawn {
                        w.skip.get_or_insert(y);
                    } else if w.first && !self.castling_allowed(x, color, ray) {
                        return false;
                    } else {
                        w.castle = true;
                    }
                }
            } else if w.rights.is_leaper() {
                return false;
            }
            if !w.toggled && (x4 || ray.toggle.by_count()) {
                if w.count == 0 {
                    w.step = ray.s2;
                    w.rights = if x4 {
                        ray.toggle.initial_landing()
                    } else {
                        w.rights.toggled(ray.toggle)
                    };
                    w.toggled = true;
                } else {
                    w.count -= 1;
                }
            }
            w.first = false;
        }
    }

    /// The fast path for plain leapers and sliders: calls `emit` for every
    /// move. (Attack tests on these rays walk backwards: see `attacked`.)
    fn walk_simple<F: FnMut(u8, MoveKind)>(
        &self,
        x: u8,
        color: Color,
        pawn: bool,
        ray: &CompiledRay,
        emit: &mut F,
    ) {
        // The table says how many steps stay on the board: no edge tests.
        let steps = self.tables.ray_reach[ray.reach_row * 256 + x as usize];
        let mut at = i32::from(x);
        for _ in 0..steps {
            at += ray.offset;
            let y = (at & 255) as u8;
            let occupant = self.board[y as usize];
            if occupant == EMPTY {
                if ray.rights.may_move() {
                    emit(y, MoveKind::Quiet);
                } else if ray.rights.may_capture() && pawn && self.is_ep_square(y) {
                    emit(y, MoveKind::EnPassant);
                }
                continue;
            }
            if ray.rights.may_capture()
                && cell_color(occupant) != color
                && !self.tables.iron[cell_type(occupant) as usize]
            {
                emit(y, MoveKind::Capture);
            }
            return;
        }
    }

    /// Takes one step; `None` when it leaves the board.
    fn advance(&self, w: &mut Walker, cylinder: bool) -> Option<u8> {
        let width = self.tables.width;
        let mut f = w.file + w.step.df;
        if f < 0 || f >= width {
            if !cylinder {
                return None;
            }
            f = f.rem_euclid(width);
        }
        let r = w.row + w.step.dr;
        if r < 0 || r >= self.tables.height {
            return None;
        }
        w.file = f;
        w.row = r;
        Some((r * 16 + f) as u8)
    }

    /// Whether a move of the walk may land on a square holding `occupant`.
    fn landing(
        &self,
        occupant: u8,
        color: Color,
        pawn: bool,
        rights: Rights,
        y: u8,
    ) -> Option<Landing> {
        if occupant == EMPTY {
            if rights.may_move() {
                return Some(Landing::Quiet);
            }
            if rights.may_capture() && pawn && self.is_ep_square(y) {
                return Some(Landing::EnPassant);
            }
            return None;
        }
        let capturable =
            cell_color(occupant) != color && !self.tables.iron[cell_type(occupant) as usize];
        (capturable && rights.may_capture()).then_some(Landing::Capture)
    }

    /// Falcon rule: at least one of the three shortest paths is empty.
    fn multi_path_open(&self, x: u8, t: Delta, u: Delta) -> bool {
        let paths = [(t, t), (t, u), (u, t)];
        paths.iter().any(|&(a, b)| {
            let first = self.offset(x, a.df, a.dr);
            let second = self.offset(x, a.df + b.df, a.dr + b.dr);
            matches!((first, second), (Some(p), Some(q))
                if self.board[p as usize] == EMPTY && self.board[q as usize] == EMPTY)
        })
    }

    /// The square at (df, dr) from `x`, if on the board.
    pub(crate) fn offset(&self, x: u8, df: i32, dr: i32) -> Option<u8> {
        let f = i32::from(x & 15) + df;
        let r = i32::from(x >> 4) + dr;
        (f >= 0 && f < self.tables.width && r >= 0 && r < self.tables.height)
            .then(|| (r * 16 + f) as u8)
    }

    /// Whether `x` is on `color`'s rank `rank` (0 = its first rank).
    fn on_relative_rank(&self, x: u8, color: Color, rank: i32) -> bool {
        let row = i32::from(x >> 4);
        match color {
            Color::White => row == self.tables.height - 1 - rank,
            Color::Black => row == rank,
        }
    }

    /// Castling conditions for the x4 ray of the (virgin) piece on `x`: a
    /// virgin own piece in the corner the ray points to, only empty squares
    /// between, and, for a royal castler, no square from `x` to the landing
    /// square attacked (a man that is no royal castles through attacks, as
    /// in giveaway chess and Fairy-Stockfish's extinction games).
    fn castling_allowed(&self, x: u8, color: Color, ray: &CompiledRay) -> bool {
        if ray.s.dr != 0 || ray.s.df == 0 {
            return false;
        }
        let dir = ray.s.df.signum();
        let row = i32::from(x >> 4);
        let corner_file = if dir < 0 { 0 } else { self.tables.width - 1 };
        let corner = (row * 16 + corner_file) as u8;
        let rook = self.board[corner as usize];
        if rook == EMPTY || rook & VIRGIN == 0 || cell_color(rook) != color {
            return false;
        }
        let xf = i32::from(x & 15);
        let landing = xf + ray.s.df + ray.s2.df;
        if (landing - corner_file) * dir > 0 {
            return false;
        }
        let mut f = xf + dir;
        while f != corner_file {
            if self.board[(row * 16 + f) as usize] != EMPTY {
                return false;
            }
            f += dir;
        }
        if !self.is_royal(self.board[x as usize]) {
            return true;
        }
        let enemy = color.flip();
        let mut f = xf;
        while f != landing {
            if self.castling_square_attacked((row * 16 + f) as u8, enemy, x) {
                return false;
            }
            f += dir;
        }
        true
    }

    /// Whether a castling royal leaving `king` may not pass `sq`: `by`
    /// attacks it. With explosions (`explosion`) the royal counts as gone
    /// from its square, and a square touching a royal of `by` is safe (as
    /// Fairy-Stockfish rules).
    pub(crate) fn castling_square_attacked(&self, sq: u8, by: Color, king: u8) -> bool {
        if !self.tables.explosion {
            return self.attacked(sq, by);
        }
        !self.touches_royal(sq, by)
            && (self.probes_attack_vacated(sq, by, king)
                || (self.tables.complex_attackers != 0 && self.attacked_by_complex(sq, by)))
    }

    /// Whether `by` has a piece that could capture on `sq`: plain rays by
    /// walking backwards from `sq`, the others by walking the attacker's rays.
    #[must_use]
    pub fn attacked(&self, sq: u8, by: Color) -> bool {
        let t = &self.tables;
        let attacker =
            |cell: u8, types: u16| cell_color(cell) == by && types & (1 << cell_type(cell)) != 0;
        let n = t.attack_probes.len();
        let reach = &t.attack_reach[sq as usize * n..(sq as usize + 1) * n];
        for (probe, &steps) in t.attack_probes.iter().zip(reach) {
            // `steps` steps stay on the board, so no edge test is needed.
            let mut at = i32::from(sq);
            for step in 0..steps {
                at += probe.offset;
                let cell = self.board[at as usize & 255];
                if cell != EMPTY {
                    if attacker(cell, if step == 0 { probe.near } else { probe.far }) {
                        return true;
                    }
                    break;
                }
            }
        }
        t.complex_attackers != 0 && self.attacked_by_complex(sq, by)
    }

    /// Whether `by` attacks `sq` once the piece on `vacated` has left it,
    /// by the attack probes alone (complete when `Tables::plain`).
    pub(crate) fn probes_attack_vacated(&self, sq: u8, by: Color, vacated: u8) -> bool {
        let t = &self.tables;
        let n = t.attack_probes.len();
        let reach = &t.attack_reach[sq as usize * n..(sq as usize + 1) * n];
        for (probe, &steps) in t.attack_probes.iter().zip(reach) {
            let mut at = i32::from(sq);
            for step in 0..steps {
                at += probe.offset;
                let y = (at & 255) as u8;
                let cell = self.board[y as usize];
                if cell != EMPTY && y != vacated {
                    let types = if step == 0 { probe.near } else { probe.far };
                    if cell_color(cell) == by && types & (1 << cell_type(cell)) != 0 {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// Whether one of the attack probes in `mask` (bit per probe of
    /// [`Tables::attack_probes`](super::tables::Tables)) finds a piece of
    /// `by` that captures on `sq`.
    pub(crate) fn probes_attack(&self, sq: u8, by: Color, mut mask: u64) -> bool {
        let t = &self.tables;
        let n = t.attack_probes.len();
        let reach = &t.attack_reach[sq as usize * n..(sq as usize + 1) * n];
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let probe = &t.attack_probes[i];
            let mut at = i32::from(sq);
            for step in 0..reach[i] {
                at += probe.offset;
                let cell = self.board[at as usize & 255];
                if cell != EMPTY {
                    let types = if step == 0 { probe.near } else { probe.far };
                    if cell_color(cell) == by && types & (1 << cell_type(cell)) != 0 {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// The attack test for hoppers, bent riders, lame leapers and the like.
    fn attacked_by_complex(&self, sq: u8, by: Color) -> bool {
        let (sf, sr) = (i32::from(sq & 15), i32::from(sq >> 4));
        let mut found = false;
        self.for_each_piece(by, |x| {
            let piece = self.board[x as usize];
            let t = cell_type(piece);
            if found || self.tables.complex_attackers & (1 << t) == 0 {
                return;
            }
            let (df, dr) = (sf - i32::from(x & 15), sr - i32::from(x >> 4));
            if !self.tables.may_reach(t, df, dr) || !self.zone_allows(piece, sq) {
                return;
            }
            found = self.tables.rays[t as usize]
                .iter()
                .filter(|r| r.may_capture && !r.simple)
                .any(|ray| self.walk_ray(x, piece, ray, Some(sq), &mut |_, _, _| {}));
        });
        found
    }

    /// Calls `f` with the square of every piece of `color`.
    pub(crate) fn for_each_piece(&self, color: Color, f: impl FnMut(u8)) {
        for_each_square(&self.occupancy[color.index()], f);
    }

    /// Appends the pseudo-legal moves of the side to move (none once a rule
    /// has ended the game: counted checks, a goal, extinction, an exploded
    /// royal).
    pub(crate) fn generate_moves(&self, kind: GenKind, out: &mut Vec<Move>) {
        match kind {
            GenKind::All => self.generate_kind::<true, true>(out),
            GenKind::Captures => self.generate_kind::<false, true>(out),
            GenKind::Quiets => self.generate_kind::<true, false>(out),
        }
    }

    /// [`MailboxPos::generate_moves`] for one kind of generation: quiet
    /// moves when `QUIETS`, captures and promotions when `CAPTURES`.
    fn generate_kind<const QUIETS: bool, const CAPTURES: bool>(&self, out: &mut Vec<Move>) {
        if self.tables.rule_ends_play && self.play_over() {
            // The game is over by a rule (counted checks, goal, extinction).
            return;
        }
        if self.tables.explosion && self.extinction_verdict().is_some() {
            // The game is over: a royal exploded.
            return;
        }
        if self.must_drop_now() {
            if QUIETS {
                self.push_drops(out);
            }
            return;
        }
        self.generate_board_moves::<QUIETS, CAPTURES>(out);
        if QUIETS {
            self.push_drops(out);
        }
    }

    /// The moves of the men on the board (see [`MailboxPos::generate_kind`]).
    pub(super) fn generate_board_moves<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        out: &mut Vec<Move>,
    ) {
        let in_check = std::cell::OnceCell::new();
        let table = &self.tables.square_rays;
        let castling960 = self.tables.castling960;
        let enemy = &self.occupancy[self.side.flip().index()];
        let ep = self.ep_len != 0;
        let gates = self.side_may_gate();
        let in_place = CAPTURES && self.tables.zones.promotes_in_place();
        self.for_each_piece(self.side, |x| {
            let cell = self.board[x as usize];
            let t = cell_type(cell);
            if in_place && self.tables.is_pawn[t as usize] {
                self.push_in_place_promotions(x, out);
            }
            let coverage = self.coverage_of_piece(cell, gates);
            if !QUIETS
                && coverage != Coverage::Walked
                && !table.may_capture(t, x, self.side, enemy, ep)
            {
                // Captures only, and this piece has none.
                return;
            }
            match coverage {
                Coverage::Piece => self.push_piece_table_moves::<QUIETS, CAPTURES>(x, t, out),
                Coverage::Pawn => self.push_pawn_table_moves::<QUIETS, CAPTURES>(x, t, out),
                Coverage::Castler if !castling960 => {
                    self.push_castler_table_moves::<QUIETS, CAPTURES>(x, t, out);
                }
                _ => self.generate_walked_moves(x, gen_kind(QUIETS, CAPTURES), &in_check, out),
            }
        });
    }

    /// The first pseudo-legal move of `kind` in generation order whose
    /// [`Move::table_code`] is `code`, found among the moves of the piece on
    /// the code's origin square only (each piece's moves are generated
    /// together, so the first there is the first overall).
    pub(crate) fn find_coded_move(
        &self,
        code: u32,
        kind: GenKind,
        scratch: &mut Vec<Move>,
    ) -> Option<Move> {
        let x = (code & 0xFF) as u8;
        if x == (code >> 8 & 0xFF) as u8 && self.board[x as usize] == EMPTY {
            // A drop: origin and target are one square.
            let m = Move::drop(x, (code >> 16 & 15) as u8);
            let wanted = kind != GenKind::Captures && self.drop_is_pseudo_legal(m);
            return wanted.then_some(m);
        }
        if self.must_drop_now() {
            return None;
        }
        let own = self.occupancy[self.side.index()][usize::from(x >> 6)] >> (x & 63) & 1 != 0;
        if !own {
            return None;
        }
        scratch.clear();
        let in_check = std::cell::OnceCell::new();
        self.generate_piece_moves(x, kind, &in_check, scratch);
        scratch.iter().copied().find(|m| m.table_code() == code)
    }

    /// Appends the pseudo-legal moves of the side to move's piece on `x`;
    /// `in_check` caches the check test across pieces.
    fn generate_piece_moves(
        &self,
        x: u8,
        kind: GenKind,
        in_check: &std::cell::OnceCell<bool>,
        out: &mut Vec<Move>,
    ) {
        let cell = self.board[x as usize];
        let t = cell_type(cell);
        if kind != GenKind::Quiets
            && self.tables.zones.promotes_in_place()
            && self.tables.is_pawn[t as usize]
        {
            self.push_in_place_promotions(x, out);
        }
        match self.coverage_of_piece(cell, self.side_may_gate()) {
            Coverage::Walked => self.generate_walked_moves(x, kind, in_check, out),
            Coverage::Castler if self.tables.castling960 => {
                self.generate_walked_moves(x, kind, in_check, out);
            }
            coverage => self.push_table_moves(x, t, coverage, kind, out),
        }
    }

    /// Whether the side to move may still gate: the board has gating and
    /// the side holds a piece in hand.
    fn side_may_gate(&self) -> bool {
        self.has_gating() && self.hand[self.side.index()].iter().any(|&n| n != 0)
    }

    /// How the moves of the side to move's piece `cell` are generated: by
    /// its type's square-ray table, or by the general walk for a piece
    /// that may gate with its move (a virgin piece that is not a pawn, when
    /// `gates`, see [`MailboxPos::side_may_gate`]): only the walk adds the
    /// gating moves after each move of the piece.
    fn coverage_of_piece(&self, cell: u8, gates: bool) -> Coverage {
        let t = cell_type(cell);
        if gates && cell & VIRGIN != 0 && !self.tables.is_pawn[t as usize] {
            Coverage::Walked
        } else {
            self.tables.square_rays.coverage(t)
        }
    }

    /// The pseudo-legal moves of `kind` as the general walk alone makes
    /// them (no table fast path): what the fast paths must equal.
    #[cfg(test)]
    pub(super) fn generate_all_walked(&self, kind: GenKind, out: &mut Vec<Move>) {
        let in_check = std::cell::OnceCell::new();
        self.for_each_piece(self.side, |x| {
            self.generate_walked_moves(x, kind, &in_check, out);
        });
    }

    /// [`MailboxPos::generate_piece_moves`] by walking the piece's rays.
    #[inline(never)]
    fn generate_walked_moves(
        &self,
        x: u8,
        kind: GenKind,
        in_check: &std::cell::OnceCell<bool>,
        out: &mut Vec<Move>,
    ) {
        let color = self.side;
        let quiets_unwanted = kind == GenKind::Captures;
        // Without zones and gating, a piece's move along a simple ray is
        // pushed as walked: none of push_move's tests can apply to it.
        let direct = !self.tables.zones.any_confined()
            && !self.tables.gating
            && !self.tables.promotion.checks_moves();
        let piece = self.board[x as usize];
        let t = cell_type(piece) as usize;
        let pawn = self.tables.is_pawn[t];
        let chooses = self.tables.promotion.promoted(t as u8) != 0;
        let castle960 = self.tables.castling960 && self.tables.castles[t];
        for ray in &self.tables.rays[t] {
            if self.royal_leap_forbidden(piece, ray, in_check)
                || (castle960 && ray.rights.is_initial_only() && ray.toggle.marks_skipped())
            {
                continue;
            }
            if ray.simple && direct && !pawn {
                self.walk_simple(x, color, false, ray, &mut |y, mk| {
                    if wanted(kind, mk) {
                        out.push(Move::new(x, y, mk, 0, 0));
                    }
                });
            } else if ray.simple {
                self.walk_simple(x, color, pawn, ray, &mut |y, mk| {
                    // Only pawns promote (but for promotion by choice): a
                    // piece's quiet move is never in the capture set.
                    if quiets_unwanted && mk == MoveKind::Quiet && !pawn && !chooses {
                        return;
                    }
                    if self.zone_allows(piece, y) {
                        self.push_move(x, y, mk, 0, piece, kind, out);
                    }
                });
            } else {
                self.walk_ray(x, piece, ray, None, &mut |y, mk, skip| {
                    if self.zone_allows(piece, y) {
                        self.push_move(x, y, mk, skip, piece, kind, out);
                    }
                });
            }
        }
        if castle960 && piece & VIRGIN != 0 && kind != GenKind::Captures {
            self.push_castles960(x, piece, out);
        }
    }

    /// Adds a walked move, expanded into every promotion choice.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_move(
        &self,
        x: u8,
        y: u8,
        mk: MoveKind,
        skip: u8,
        piece: u8,
        kind: GenKind,
        out: &mut Vec<Move>,
    ) {
        let color = cell_color(piece);
        let t = cell_type(piece);
        if self.tables.promotion.checks_moves() {
            self.push_choice_move(x, y, mk, piece, kind, out);
            return;
        }
        let promotes = self.tables.is_pawn[t as usize] && self.in_promotion_zone(y, color);
        let noisy = promotes || matches!(mk, MoveKind::Capture | MoveKind::EnPassant);
        let wanted = match kind {
            GenKind::All => true,
            GenKind::Captures => noisy,
            GenKind::Quiets => !noisy,
        };
        if !wanted {
            return;
        }
        if promotes {
            for p in self.promotion_choices(color, y) {
                out.push(Move::new(x, y, mk, p, skip));
            }
            return;
        }
        out.push(Move::new(x, y, mk, 0, skip));
        if piece & VIRGIN != 0 && !self.tables.is_pawn[t as usize] && self.has_gating() {
            self.push_gatings(x, y, mk, color, out);
        }
    }

    /// [`MailboxPos::push_move`] where men promote by choice
    /// (`piece_promotion`) or may not stand where they could never move
    /// (`immobile`): a move starting or ending in the promotion zone is
    /// made with and without promoting, only promoting where the man could
    /// not move again; a promotion counts among the captures.
    fn push_choice_move(
        &self,
        x: u8,
        y: u8,
        mk: MoveKind,
        piece: u8,
        kind: GenKind,
        out: &mut Vec<Move>,
    ) {
        let p = &self.tables.promotion;
        let t = cell_type(piece);
        let side = cell_color(piece).index();
        let promoted = p.promoted(t);
        let may_promote = promoted != 0 && (p.in_zone(side, x) || p.in_zone(side, y));
        let capture = matches!(mk, MoveKind::Capture | MoveKind::EnPassant);
        if may_promote && kind != GenKind::Quiets {
            out.push(Move::new(x, y, mk, promoted, 0));
        }
        let stays = !p.is_dead(t, y);
        let wanted = match kind {
            GenKind::All => true,
            GenKind::Captures => capture,
            GenKind::Quiets => !capture,
        };
        if stays && wanted {
            out.push(Move::new(x, y, mk, 0, 0));
        }
    }

    /// Seirawan gating: a virgin piece's move may drop a piece from hand on
    /// the square it leaves (when castling also on the corner piece's).
    fn push_gatings(&self, x: u8, y: u8, mk: MoveKind, color: Color, out: &mut Vec<Move>) {
        for t in 1..16u8 {
            if self.hand[color.index()][t as usize] == 0 {
                continue;
            }
            out.push(Move::new(x, y, mk, t, 0));
            if mk == MoveKind::Castle {
                out.push(Move::new(x, y, MoveKind::CastleGateCorner, t, 0));
            }
        }
    }

    /// `promotion_in_place`: the side to move's pawn on `x` turning into
    /// each promotion choice, on its square or on an empty square the new
    /// man moves to; only on its side's zone, unless it is the side's only
    /// pawn. (That the new man attacks no enemy man and the move gives no
    /// check is tested when the move is made.)
    #[inline(never)]
    fn push_in_place_promotions(&self, x: u8, out: &mut Vec<Move>) {
        let color = self.side;
        let pawns: u32 = self.pawn_squares[color.index()]
            .iter()
            .map(|w| w.count_ones())
            .sum();
        if pawns != 1 && !self.tables.zones.in_place_square(color, x) {
            return;
        }
        let color_bits = if color == Color::Black {
            super::BLACK
        } else {
            0
        };
        for p in self.promotion_choices(color, x) {
            out.push(Move::new(x, x, MoveKind::PromoteInPlace, p, 0));
            for ray in &self.tables.rays[usize::from(p)] {
                self.walk_ray(x, p | color_bits, ray, None, &mut |y, mk, _| {
                    if mk == MoveKind::Quiet {
                        out.push(Move::new(x, y, MoveKind::PromoteInPlace, p, 0));
                    }
                });
            }
        }
    }

    /// Whether a pawn of `color` landing on `y` promotes (never where pawns
    /// promote in place instead).
    pub(crate) fn in_promotion_zone(&self, y: u8, color: Color) -> bool {
        if self.tables.zones.promotes_in_place() {
            return false;
        }
        let row = usize::from(y >> 4);
        let zone = self.tables.variant.promotion_row[color.index()];
        match color {
            Color::White => row <= zone,
            Color::Black => row >= zone,
        }
    }

    /// The promotion choices for a pawn of `color` arriving on `y`.
    fn promotion_choices(&self, color: Color, y: u8) -> Vec<u8> {
        let v = &self.tables.variant;
        if v.def.zone == -3 {
            // Grande Acedrex: the piece that started on the file (the a-side
            // neighbour on the king's file), no choice.
            let file = usize::from(y & 15);
            let mut t = v.white_array[file];
            if self.tables.royalty[t as usize] != crate::rules::variant::Royalty::None && file > 0 {
                t = v.white_array[file - 1];
            }
            return vec![t];
        }
        let mut choices = v.promotion_choices[color.index()].clone();
        choices.retain(|&p| self.may_promote_to(color, p));
        choices
    }

    /// Delocalised royals may be chosen only to replace a lost one (Spartan:
    /// a hoplite may become a king while black has fewer than two).
    fn may_promote_to(&self, color: Color, p: u8) -> bool {
        use crate::rules::variant::Royalty;
        let limit = self.tables.promotion_limit.get(usize::from(p));
        if limit.is_some_and(|&n| self.counts[color.index()][usize::from(p)] >= n) {
            // `promotion_limit`: the side has as many as it may.
            return false;
        }
        match self.tables.royalty[p as usize] {
            Royalty::None => true,
            Royalty::Absolute => false,
            Royalty::Delocalised => {
                usize::from(self.counts[color.index()][p as usize])
                    < self.tables.variant.initial_count(color, p)
            }
        }
    }
}

/// Whether `occupant` may serve as the platform of a hop.
fn platform_ok(ray: &CompiledRay, occupant: u8, color: Color) -> bool {
    !ray.friendly_platform || cell_color(occupant) == color
}

/// Calls `f` with every square of a set (one bit per mailbox square), in
/// ascending order.
pub(crate) fn for_each_square(set: &[u64; 4], mut f: impl FnMut(u8)) {
    for (word_index, &word) in set.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let sq = word_index as u32 * 64 + bits.trailing_zeros();
            bits &= bits - 1;
            f(sq as u8);
        }
    }
}

/// Whether a move of kind `mk` belongs to the moves `kind` asks for.
pub(super) fn wanted(kind: GenKind, mk: MoveKind) -> bool {
    match kind {
        GenKind::All => true,
        GenKind::Captures => mk != MoveKind::Quiet,
        GenKind::Quiets => mk == MoveKind::Quiet,
    }
}
