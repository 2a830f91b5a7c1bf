//! The mailbox board's legality test and node facts: whether the side to
//! move stands in check (decided from the last move where that is exact),
//! the cheap per-move tests that settle most moves without playing them, and
//! the full test after playing the others; compulsory capture
//! (`must_capture`); moves that may not give check (`no_checks`); and the
//! legality of moves that explode (`explosion`).

use super::moves::{Move, MoveKind};
use super::{cell_color, cell_type, Checks, MailboxPos, NodeInfo, EMPTY};
use crate::core::Color;
use crate::position::{GenKind, Position};
use crate::rules::variant::Royalty;

impl MailboxPos {
    /// Whether `m` puts a piece from hand on the square a piece leaves
    /// (Seirawan gating).
    pub(super) fn is_gating(&self, m: Move) -> bool {
        m.piece() != 0 && !m.is_drop() && !self.promotes(m)
    }

    /// Whether `m` (not a drop, with a piece) is a promotion: a pawn's, or
    /// one by choice (`piece_promotion`), rather than a gating.
    #[inline]
    pub(super) fn promotes(&self, m: Move) -> bool {
        let t = cell_type(self.board[m.from() as usize]);
        self.tables.is_pawn[t as usize]
            || (self.tables.promotion.any && self.tables.promotion.promoted(t) == m.piece())
    }

    /// A gated piece may not shield the mover's own king from a check the
    /// move itself would expose: the move must be legal without the gating
    /// (as Fairy-Stockfish and Sjaak II rule; Fairy-Max would allow it).
    pub(super) fn base_move_legal(&mut self, m: Move) -> bool {
        let kind = if m.kind() == MoveKind::CastleGateCorner {
            MoveKind::Castle
        } else {
            m.kind()
        };
        let base = Move::new(m.from(), m.to(), kind, 0, m.skip());
        let mover = self.side;
        self.play(base);
        let ok = self.royalty_safe(mover);
        self.unplay(base);
        ok
    }
}

impl MailboxPos {
    /// The cached facts about the side to move. One pass over its pieces
    /// finds the royals; the check test then walks from those squares.
    #[inline]
    pub(crate) fn node_info(&self) -> NodeInfo {
        match self.node.get() {
            Some(info) => info,
            None => self.compute_node_info(),
        }
    }

    /// [`MailboxPos::node_info`] when it is not cached yet.
    #[inline(never)]
    fn compute_node_info(&self) -> NodeInfo {
        if let Some(mut info) = self.info_from_last_move() {
            if info.in_check {
                info.checks = self.checks_on(info.royals[0]);
            }
            self.node.set(Some(info));
            return info;
        }
        let mut royals = [0u8; 4];
        let mut seen = 0usize;
        self.for_each_royal(self.side, |sq| {
            if seen < royals.len() {
                royals[seen] = sq;
            }
            seen += 1;
        });
        let mut info = if seen > royals.len() {
            NodeInfo {
                in_check: !self.royalty_safe(self.side),
                royals,
                royal_count: u8::MAX,
                checks: Checks::UNKNOWN,
            }
        } else {
            NodeInfo {
                in_check: !self.royals_safe(self.side, &royals[..seen]),
                royals,
                royal_count: seen as u8,
                checks: Checks::UNKNOWN,
            }
        };
        if info.in_check && info.royal_count == 1 && self.tables.plain {
            info.checks = self.checks_on(info.royals[0]);
        }
        self.node.set(Some(info));
        info
    }

    /// The node facts from the last move alone, where that is exact: one
    /// royal, plain attackers, a move that changed only its two squares
    /// from a position where the royal was not attacked. Only the probes
    /// from the royal that pass those squares can have changed.
    fn info_from_last_move(&self) -> Option<NodeInfo> {
        let t = &self.tables;
        let list = &self.royals[self.side.index()];
        if !t.incremental_check || list.len != 1 {
            return None;
        }
        let (from, to) = self.history.last()?.plain_change(&t.royalty)?;
        let royal = list.squares[0];
        let line = |sq: u8| {
            let df = i32::from(sq & 15) - i32::from(royal & 15);
            let dr = i32::from(sq >> 4) - i32::from(royal >> 4);
            t.probe_lines[super::tables::offset_index(df, dr)]
        };
        let in_check = self.probes_attack(royal, self.side.flip(), line(from) | line(to));
        debug_assert_eq!(
            in_check,
            !self.royalty_safe(self.side),
            "{}",
            self.write_fen()
        );
        Some(NodeInfo {
            in_check,
            royals: [royal, 0, 0, 0],
            royal_count: 1,
            checks: Checks::UNKNOWN,
        })
    }

    /// The pieces of the side not to move that check the royal on `royal`
    /// (one royal, `incremental_check`): how many attack probes find one,
    /// and the first.
    fn checks_on(&self, royal: u8) -> Checks {
        let t = &self.tables;
        let mut checks = Checks {
            count: 0,
            square: 0,
            probe: 0,
        };
        if !t.incremental_check {
            return Checks::UNKNOWN;
        }
        let by = self.side.flip();
        let n = t.attack_probes.len();
        for (i, probe) in t.attack_probes.iter().enumerate() {
            let mut at = i32::from(royal);
            for step in 0..t.attack_reach[royal as usize * n + i] {
                at += probe.offset;
                let cell = self.board[at as usize & 255];
                if cell == EMPTY {
                    continue;
                }
                let types = if step == 0 { probe.near } else { probe.far };
                if cell_color(cell) == by && types & (1 << cell_type(cell)) != 0 {
                    if checks.count == 0 {
                        checks.square = (at & 255) as u8;
                        checks.probe = i as u8;
                    }
                    checks.count = checks.count.saturating_add(1);
                }
                break;
            }
        }
        checks
    }

    /// Whether a piece landing on `to` ends the one check of `checks` on
    /// the royal on `royal`: it takes the checker or stands between.
    fn ends_check(&self, royal: u8, checks: Checks, to: u8) -> bool {
        if to == checks.square {
            return true;
        }
        let t = &self.tables;
        let offset = |sq: u8| {
            (
                i32::from(sq & 15) - i32::from(royal & 15),
                i32::from(sq >> 4) - i32::from(royal >> 4),
            )
        };
        let (df, dr) = offset(to);
        let on_line = t.probe_lines[super::tables::offset_index(df, dr)] >> checks.probe & 1 != 0;
        let (cf, cr) = offset(checks.square);
        on_line && df.abs().max(dr.abs()) < cf.abs().max(cr.abs())
    }

    /// After `m` was played from a position described by `info`: is the
    /// mover's royalty safe? The royal squares are known from `info` unless
    /// the move was special (castling, gating) or there are many royals.
    pub(super) fn mover_royals_safe(&self, mover: Color, info: NodeInfo, m: Move) -> bool {
        if info.royal_count == u8::MAX
            || !matches!(
                m.kind(),
                MoveKind::Quiet | MoveKind::Capture | MoveKind::MultiStep | MoveKind::EnPassant
            )
        {
            return self.royalty_safe(mover);
        }
        let mut royals = info.royals;
        for sq in &mut royals[..info.royal_count as usize] {
            if *sq == m.from() {
                *sq = m.to();
            }
        }
        let promoted_royal = self.tables.royalty[cell_type(self.board[m.to() as usize]) as usize]
            != Royalty::None
            && !royals[..info.royal_count as usize].contains(&m.to());
        if promoted_royal {
            return self.royalty_safe(mover);
        }
        self.royals_safe(mover, &royals[..info.royal_count as usize])
    }

    /// Whether `m` could leave the mover's royalty capturable when the
    /// position before it was safe: royal moves, moves out of check and
    /// special moves always could; otherwise only if the square it empties
    /// (or, with hoppers, fills) lies on some capture path to a royal.
    /// Decides a move's legality without playing it where that is cheap:
    /// `Some(true)` when it cannot expose the royal, `Some(false)` or
    /// `Some(true)` from a walk along the one line it could open (plain
    /// leapers and sliders only, one royal, not in check), `None` otherwise.
    pub(super) fn quick_legality(&self, m: Move) -> Option<bool> {
        if m.kind() == MoveKind::PromoteInPlace {
            return None;
        }
        let info = self.node_info();
        if m.is_drop() {
            return self.drop_legality(info, m);
        }
        if !self.move_may_expose(m, info) {
            return Some(true);
        }
        let t = cell_type(self.board[m.from() as usize]) as usize;
        let ordinary = matches!(
            m.kind(),
            MoveKind::Quiet | MoveKind::Capture | MoveKind::MultiStep
        );
        if self.tables.plain && info.royal_count == 1 && ordinary && m.from() == info.royals[0] {
            // The lone royal steps: legal unless its target is attacked
            // once it has left its square (in check or not).
            let enemy = self.side.flip();
            return Some(!self.probes_attack_vacated(m.to(), enemy, m.from()));
        }
        if info.in_check
            && info.checks.count != u8::MAX
            && ordinary
            && self.tables.royalty[t] == Royalty::None
            && self.tables.royalty[m.piece() as usize] == Royalty::None
        {
            // Only a move that takes the one checker or blocks its line,
            // and opens no other line, ends the check. (A promotion to a
            // royal piece can end it otherwise: with two kings, one in
            // check is no check in Spartan; the full test decides.)
            let royal = info.royals[0];
            let legal = info.checks.count == 1
                && self.ends_check(royal, info.checks, m.to())
                && !self.opens_probe_line(royal, m.from(), m.to(), self.side.flip());
            return Some(legal);
        }
        if !self.tables.plain
            || info.in_check
            || info.royal_count != 1
            || !ordinary
            || self.tables.royalty[t] != Royalty::None
            || self.tables.royalty[m.piece() as usize] != Royalty::None
        {
            // A promotion to a royal piece may open a line to the old
            // royal: with two, one attacked is no check (Spartan).
            return None;
        }
        Some(!self.opens_line(info.royals[0], m.from(), m.to(), self.side.flip()))
    }

    /// Whether emptying `from` (and filling `to`) lets a slider of
    /// `attacker` see the royal on `royal` along the one line through
    /// `from`: by the attack probes where the tables allow, else by walking
    /// every slider direction.
    pub(super) fn opens_line(&self, royal: u8, from: u8, to: u8, attacker: Color) -> bool {
        if self.tables.incremental_check {
            let opens = self.opens_probe_line(royal, from, to, attacker);
            debug_assert_eq!(opens, self.opens_slider_line(royal, from, to, attacker));
            opens
        } else {
            self.opens_slider_line(royal, from, to, attacker)
        }
    }

    /// [`MailboxPos::opens_slider_line`] by the attack probes: only the
    /// slider probe whose line passes `from` is walked (needs
    /// `incremental_check`).
    fn opens_probe_line(&self, royal: u8, from: u8, to: u8, attacker: Color) -> bool {
        let t = &self.tables;
        let df = i32::from(from & 15) - i32::from(royal & 15);
        let dr = i32::from(from >> 4) - i32::from(royal >> 4);
        let mut mask = t.probe_lines[super::tables::offset_index(df, dr)] & t.slider_probes;
        let n = t.attack_probes.len();
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let probe = &t.attack_probes[i];
            let mut at = i32::from(royal);
            for _ in 0..t.attack_reach[royal as usize * n + i] {
                at += probe.offset;
                let sq = (at & 255) as u8;
                if sq == to {
                    break;
                }
                let cell = self.board[sq as usize];
                if sq == from || cell == EMPTY {
                    continue;
                }
                if cell_color(cell) == attacker && probe.far & (1 << cell_type(cell)) != 0 {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// Whether emptying `from` (and filling `to`) lets a slider of
    /// `attacker` see the royal on `royal`, along the one line through `from`.
    fn opens_slider_line(&self, royal: u8, from: u8, to: u8, attacker: Color) -> bool {
        let t = &self.tables;
        let (rf, rr) = (i32::from(royal & 15), i32::from(royal >> 4));
        let (df, dr) = (i32::from(from & 15) - rf, i32::from(from >> 4) - rr);
        for probe in t.probes.iter().filter(|p| p.slider) {
            let (bf, br) = (probe.back.df, probe.back.dr);
            let k = if bf != 0 {
                df / bf
            } else if br != 0 {
                dr / br
            } else {
                0
            };
            if k < 1 || k * bf != df || k * br != dr {
                continue;
            }
            let (mut f, mut r) = (rf, rr);
            loop {
                f += bf;
                r += br;
                if f < 0 || f >= t.width || r < 0 || r >= t.height {
                    break;
                }
                let sq = (r * 16 + f) as u8;
                if sq == to {
                    break;
                }
                let cell = self.board[sq as usize];
                if sq == from || cell == EMPTY {
                    continue;
                }
                if cell_color(cell) == attacker && probe.types & (1 << cell_type(cell)) != 0 {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// [`MailboxPos::quick_legality`] for a drop: a man put on an empty
    /// square opens no line, so out of check it is legal (unless hoppers
    /// could use it as a platform); in a single check by a plain piece it
    /// must stand between.
    fn drop_legality(&self, info: NodeInfo, m: Move) -> Option<bool> {
        if self.tables.hoppers || info.royal_count == u8::MAX {
            return None;
        }
        if !info.in_check {
            return Some(true);
        }
        if info.checks.count == u8::MAX || info.royal_count != 1 {
            return None;
        }
        Some(info.checks.count == 1 && self.ends_check(info.royals[0], info.checks, m.to()))
    }

    fn move_may_expose(&self, m: Move, info: NodeInfo) -> bool {
        let t = cell_type(self.board[m.from() as usize]) as usize;
        if info.in_check
            || info.royal_count == u8::MAX
            || self.tables.zones.flying_general
            || self.tables.royalty[t] != Royalty::None
            || !matches!(
                m.kind(),
                MoveKind::Quiet | MoveKind::Capture | MoveKind::MultiStep
            )
        {
            return true;
        }
        let offset = |a: u8, b: u8| {
            (
                i32::from(a & 15) - i32::from(b & 15),
                i32::from(a >> 4) - i32::from(b >> 4),
            )
        };
        let opens = |r: u8| {
            let (df, dr) = offset(m.from(), r);
            let (tf, tr) = offset(m.to(), r);
            self.tables.may_open_line(df, dr)
                || (self.tables.hoppers && self.tables.may_open_line(tf, tr))
        };
        if info.royal_count == 1 {
            return opens(info.royals[0]);
        }
        info.royals[..info.royal_count as usize]
            .iter()
            .any(|&r| opens(r))
    }
}

impl MailboxPos {
    /// Plays `m` if it is legal by the royal rules (leaving the compulsory
    /// capture rule aside); whether it was.
    pub(super) fn make_unforced(&mut self, m: Move) -> bool {
        if m.kind() == MoveKind::PromoteInPlace {
            return self.make_in_place(m);
        }
        if self.tables.explosion {
            return self.make_exploding(m);
        }
        let mover = self.side;
        if self.is_gating(m) && !self.base_move_legal(m) {
            return false;
        }
        match self.quick_legality(m) {
            Some(true) => {
                self.play(m);
                self.opponent_safe = true;
                return true;
            }
            Some(false) => return false,
            None => {}
        }
        let info = self.node_info();
        self.play(m);
        if self.mover_royals_safe(mover, info, m) {
            self.opponent_safe = true;
            true
        } else {
            self.unplay(m);
            false
        }
    }

    /// [`MailboxPos::make_unforced`] with explosions (`explosion`), by
    /// playing the move: illegal if it explodes one of the mover's royals,
    /// legal if it explodes one of the other side's (that ends the game),
    /// else legal if it leaves the mover's royalty safe (a royal touching
    /// an enemy royal is: see `royals_safe`).
    fn make_exploding(&mut self, m: Move) -> bool {
        let mover = self.side;
        if self.is_gating(m) && !self.base_move_legal(m) {
            return false;
        }
        let before = self.royals.map(|list| list.len);
        self.play(m);
        let lost = |p: &MailboxPos, c: Color| p.royals[c.index()].len < before[c.index()];
        let legal = !lost(self, mover) && (lost(self, mover.flip()) || self.royalty_safe(mover));
        if legal {
            self.opponent_safe = true;
        } else {
            self.unplay(m);
        }
        legal
    }

    /// `promotion_in_place`: plays `m` if it leaves the mover's royalty
    /// safe, gives no check, and the new man attacks no enemy man.
    fn make_in_place(&mut self, m: Move) -> bool {
        let mover = self.side;
        self.play(m);
        let mut attacks = false;
        self.for_each_reach(m.to(), |_, occupant, rights| {
            attacks |= occupant != EMPTY && cell_color(occupant) != mover && rights.may_capture();
        });
        let legal = !attacks && self.royalty_safe(mover) && !self.in_check();
        if legal {
            self.opponent_safe = true;
        } else {
            self.unplay(m);
        }
        legal
    }

    /// `explosion`: whether a royal of `color` stands on one of the eight
    /// squares around `sq` (capturing a man on `sq` would explode it).
    pub(crate) fn touches_royal(&self, sq: u8, color: Color) -> bool {
        let (file, row) = (i32::from(sq & 15), i32::from(sq >> 4));
        let mut touches = false;
        self.for_each_royal(color, |r| {
            let (df, dr) = (i32::from(r & 15) - file, i32::from(r >> 4) - row);
            touches |= r != sq && df.abs() <= 1 && dr.abs() <= 1;
        });
        touches
    }

    /// `no_checks`: plays `m` if it is legal and gives no check.
    pub(super) fn make_checkless(&mut self, m: Move) -> bool {
        if !self.make_unforced(m) {
            return false;
        }
        if self.in_check() {
            self.unplay(m);
            return false;
        }
        true
    }

    /// The legal moves counted with the shortcuts of `quick_legality`.
    pub(super) fn count_quickly(&mut self, buffer: &mut Vec<Move>) -> u64 {
        buffer.clear();
        self.generate_moves(GenKind::All, buffer);
        let mut n = 0;
        for &m in buffer.iter() {
            let quick = if self.is_gating(m) {
                None
            } else {
                self.quick_legality(m)
            };
            if let Some(legal) = quick {
                n += u64::from(legal);
            } else if self.make_unforced(m) {
                self.unplay(m);
                n += 1;
            }
        }
        n
    }

    /// The legal moves counted by making each (every rule applies).
    pub(super) fn count_by_making(&mut self, buffer: &mut Vec<Move>) -> u64 {
        buffer.clear();
        self.generate_moves(GenKind::All, buffer);
        let mut n = 0;
        for &m in buffer.iter() {
            if Position::make(self, m) {
                self.unplay(m);
                n += 1;
            }
        }
        n
    }

    /// `must_capture`: whether the side to move has a legal capture
    /// (remembered for the last position asked about).
    pub(super) fn capture_exists(&mut self) -> bool {
        if let Some((key, found)) = self.capture_cache.get() {
            if key == self.hash {
                return found;
            }
        }
        let mut moves = Vec::new();
        self.generate_moves(GenKind::Captures, &mut moves);
        let mut found = false;
        for m in moves.into_iter().filter(|m| m.is_capture()) {
            if self.make_unforced(m) {
                self.unplay(m);
                found = true;
                break;
            }
        }
        self.capture_cache.set(Some((self.hash, found)));
        found
    }
}
