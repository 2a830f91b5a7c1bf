//! Game-end rules of the mailbox board, as data: a goal royals reach
//! (`goal_zone`, King of the Hill: piece 3 valued -2) with its equalising
//! move (`goal_equalise`), extinction (a side whose royal pieces are all
//! gone, captured or exploded, loses, and `extinction`: a side without a
//! man of some kind loses),
//! counted checks, the overlay's bare-king rule, counting rules, n-fold repetition with its
//! value and perpetual check, the checkmate verdict (overlay `checkmate`)
//! and the stalemate verdict (overlay `stalemate`, by the men left with
//! `fewer_men`, or Fairy-Max's piece-9-valued--2 rule).

use super::MailboxPos;
use crate::core::{Color, Verdict};
use crate::position::{Position, RuleEnding};
use crate::rules::variant::Royalty;

impl MailboxPos {
    /// The verdict of a variant rule for the side to move, if one applies,
    /// with the rule.
    pub(crate) fn end_rule(&self) -> Option<(Verdict, RuleEnding)> {
        if self.tables.only_extinction_and_count {
            // The same checks as below, less those that cannot apply.
            if let Some(v) = self.extinction_verdict() {
                return Some((v, self.extinction_rule()));
            }
            return self
                .count_expired()
                .then_some((Verdict::Draw, RuleEnding::Counting));
        }
        if let Some(v) = self.kinds_extinct_verdict() {
            return Some((v, RuleEnding::Extinction));
        }
        if let Some(v) = self.goal_verdict() {
            return Some((v, RuleEnding::GoalReached));
        }
        if let Some(v) = self.checks_verdict() {
            return Some((v, RuleEnding::ChecksGiven));
        }
        if let Some(v) = self.extinction_verdict() {
            return Some((v, self.extinction_rule()));
        }
        let overlay = &self.tables.variant.overlay;
        if overlay.judges_repetition() {
            if let Some(ending) = self.repetition_ending() {
                return Some(ending);
            }
        }
        if overlay.bare_king_loses {
            if let Some(v) = self.bare_king_verdict() {
                return Some((v, RuleEnding::BareKing));
            }
        }
        if self.count_expired() {
            return Some((Verdict::Draw, RuleEnding::Counting));
        }
        None
    }

    /// The verdict of a variant rule for the side to move, if one applies.
    pub(crate) fn end_rule_verdict(&self) -> Option<Verdict> {
        self.end_rule().map(|(v, _)| v)
    }

    /// Plies without capture or pawn move that draw (`None`: no such rule).
    pub(crate) fn move_rule_limit(&self) -> Option<u32> {
        match self.tables.variant.overlay.move_rule {
            None => Some(100),
            Some(0) => None,
            Some(moves) => Some(2 * u32::from(moves)),
        }
    }

    /// At the n-th occurrence of the position (`repetition`, default 3):
    /// perpetual check when the overlay says so, else the repetition's value
    /// for the side that completed it (`repetition_value`).
    fn repetition_ending(&self) -> Option<(Verdict, RuleEnding)> {
        let overlay = &self.tables.variant.overlay;
        let n = usize::from(overlay.repetition.unwrap_or(3));
        let span = self.nth_occurrence_span(n)?;
        if overlay.perpetual_check_loses {
            if let Some(v) = self.perpetual_check_verdict(span) {
                return Some((v, RuleEnding::PerpetualCheck));
            }
        }
        if overlay.chasing_loses {
            let chasers = self.perpetual_chasers(span)?;
            let (me, other) = (chasers[self.side.index()], chasers[1 - self.side.index()]);
            match (me, other) {
                (true, false) => return Some((Verdict::Loss, RuleEnding::PerpetualChase)),
                (false, true) => return Some((Verdict::Win, RuleEnding::PerpetualChase)),
                _ => {}
            }
        }
        if let Some(loser) = overlay.repetition_loser {
            let verdict = if loser == self.side {
                Verdict::Loss
            } else {
                Verdict::Win
            };
            return Some((verdict, RuleEnding::Repetition));
        }
        let verdict = match overlay.repetition_value.unwrap_or(Verdict::Draw) {
            Verdict::Draw => Verdict::Draw,
            Verdict::Loss => Verdict::Win,
            Verdict::Win => Verdict::Loss,
        };
        Some((verdict, RuleEnding::Repetition))
    }

    /// The verdict for the side to move when it has no legal move: mated
    /// (`checkmate`, a loss unless given) or stalemated.
    pub(crate) fn stalemate_or_mate_verdict(&self) -> Verdict {
        let v = &self.tables.variant;
        if self.in_check() {
            if self.mated_by_banned_drop() {
                return Verdict::Win;
            }
            return v.overlay.checkmate.unwrap_or(Verdict::Loss);
        }
        if let Some(verdict) = v.overlay.stalemate {
            return verdict;
        }
        if v.overlay.stalemate_by_men {
            // Fewer men than the other side wins (suicide chess).
            let men = |c: Color| self.pieces_of(c, false) + self.pieces_of(c, true);
            return match men(self.side).cmp(&men(self.side.flip())) {
                std::cmp::Ordering::Less => Verdict::Win,
                std::cmp::Ordering::Equal => Verdict::Draw,
                std::cmp::Ordering::Greater => Verdict::Loss,
            };
        }
        if v.def.pieces.len() >= 9 && v.def.pieces[8].value == -2 {
            return Verdict::Loss;
        }
        Verdict::Draw
    }

    /// `drop_no_mate`: whether the last move, which mated, dropped a man
    /// whose drop may not mate (the dropper loses, as Fairy-Stockfish
    /// scores it and cutechess-cli refuses the move).
    fn mated_by_banned_drop(&self) -> bool {
        let banned = self.tables.drops.no_mate;
        banned != 0
            && self
                .history
                .last()
                .and_then(|undo| undo.played())
                .is_some_and(|m| m.is_drop() && banned >> m.piece() & 1 != 0)
    }

    /// Whether the game is over by a rule that leaves moves on the board
    /// (counted checks, a goal, extinction of kinds): the position has none.
    pub(crate) fn play_over(&self) -> bool {
        self.checks_verdict().is_some()
            || self.kinds_extinct_verdict().is_some()
            || self.goal_verdict().is_some()
    }

    /// The goal rule for the side to move: a royal of the side that just
    /// moved on its goal wins for it. With `goal_equalise`, when white
    /// reached its goal black may still reply (not in check, with a legal
    /// royal move onto its own goal): then there is no verdict yet; white
    /// to move on its goal wins, or draws if black reached its goal too.
    fn goal_verdict(&self) -> Option<Verdict> {
        let goal = self.tables.zones.goal.as_ref()?;
        let (me, mover) = (self.side, self.side.flip());
        let on_goal = |c: Color| {
            let mut found = false;
            self.for_each_royal(c, |sq| found |= goal.contains(c, sq));
            found
        };
        if goal.equalise && on_goal(me) {
            let both = me == Color::White && on_goal(mover);
            return Some(if both { Verdict::Draw } else { Verdict::Win });
        }
        if !on_goal(mover) {
            return None;
        }
        let reply = goal.equalise && me == Color::Black && !self.in_check() && self.may_equalise();
        (!reply).then_some(Verdict::Loss)
    }

    /// Whether the side to move has a legal move that takes a royal onto
    /// its goal.
    fn may_equalise(&self) -> bool {
        let Some(goal) = self.tables.zones.goal.as_ref() else {
            return false;
        };
        let mut moves = Vec::new();
        self.generate_board_moves::<true, true>(&mut moves);
        let mut probe = self.clone();
        moves.into_iter().any(|m| {
            let royal = self.is_royal(self.board[m.from() as usize]);
            if !royal || !goal.contains(self.side, m.to()) || !probe.make(m) {
                return false;
            }
            probe.unmake(m);
            true
        })
    }

    /// Whether `color` holds a royal piece in hand.
    fn holds_royal(&self, color: Color) -> bool {
        self.hand[color.index()].iter().enumerate().any(|(t, &n)| {
            n != 0
                && self
                    .tables
                    .royalty
                    .get(t)
                    .is_some_and(|&r| r != Royalty::None)
        })
    }

    /// `extinction`: a side with no man (on the board or in hand) of one of
    /// the kinds, or `extinction_count` or fewer, or with `*` without any
    /// man, has the `extinction_value` (a loss unless given); the side that
    /// just moved is looked at first.
    fn kinds_extinct_verdict(&self) -> Option<Verdict> {
        let rule = self.tables.variant.board_rules.extinction.as_ref()?;
        let extinct = |c: Color| {
            let i = c.index();
            let men =
                |t: u8| u32::from(self.counts[i][t as usize]) + u32::from(self.hand[i][t as usize]);
            let limit = u32::from(rule.count);
            if rule.all_men {
                (1..16u8).map(men).sum::<u32>() <= limit
            } else {
                rule.kinds.iter().any(|kind| men(kind[i]) <= limit)
            }
        };
        let for_extinct = rule.verdict;
        if extinct(self.side.flip()) {
            Some(match for_extinct {
                Verdict::Loss => Verdict::Win,
                Verdict::Win => Verdict::Loss,
                Verdict::Draw => Verdict::Draw,
            })
        } else if extinct(self.side) {
            Some(for_extinct)
        } else {
            None
        }
    }

    /// How many pieces of `color` are royal (`true`) or not (`false`).
    fn pieces_of(&self, color: Color, royal: bool) -> u32 {
        let counts = &self.counts[color.index()];
        (1..self.tables.royalty.len())
            .filter(|&t| (self.tables.royalty[t] != Royalty::None) == royal)
            .map(|t| u32::from(counts[t]))
            .sum()
    }

    /// How a side loses its royals: by capture, or by explosion where
    /// captures explode (`explosion`).
    fn extinction_rule(&self) -> RuleEnding {
        if self.tables.explosion {
            RuleEnding::RoyalExploded
        } else {
            RuleEnding::RoyalCaptured
        }
    }

    /// Extinction: a side that started with royals and has none left, on
    /// the board or in hand (placement chess's king before its drop), lost.
    pub(super) fn extinction_verdict(&self) -> Option<Verdict> {
        // The royal list counts the royal pieces on the board.
        let gone = |c: Color| {
            self.tables.starts_with_royal[c.index()]
                && self.royals[c.index()].len == 0
                && !self.holds_royal(c)
        };
        if gone(self.side) {
            Some(Verdict::Loss)
        } else if gone(self.side.flip()) {
            Some(Verdict::Win)
        } else {
            None
        }
    }

    /// Bare king (shatranj): a side left with only royals loses, unless it
    /// bares the opponent with its very next move; both bare is a draw. The
    /// bare side gets that move first (no verdict while it is to move), so
    /// the win falls due when the other side is to move again, which is when
    /// XBoard accepts its claim.
    fn bare_king_verdict(&self) -> Option<Verdict> {
        let me = self.side;
        let bare = |c: Color| self.pieces_of(c, false) == 0;
        match (bare(me), bare(me.flip())) {
            (true, true) => Some(Verdict::Draw),
            (false, true) => Some(Verdict::Win),
            _ => None,
        }
    }

    /// How many plies back the first of `n` occurrences of the current
    /// position lies (only positions since the last capture or pawn move
    /// count); `None` before the n-th occurrence.
    fn nth_occurrence_span(&self, n: usize) -> Option<usize> {
        let len = self.history.len();
        let window = len.min(self.halfmove as usize);
        let mut seen = 1;
        for back in (2..=window).step_by(2) {
            if self.history[len - back].key_before() == self.hash {
                seen += 1;
                if seen >= n {
                    return Some(back);
                }
            }
        }
        None
    }

    /// Perpetual check (xiangqi): over the `span` plies of a repetition, the
    /// side that gave check with every one of its moves loses; if both or
    /// neither did, no verdict (an ordinary repetition).
    fn perpetual_check_verdict(&self, span: usize) -> Option<Verdict> {
        let mut probe = self.clone();
        // always_checked[c]: every move of side c in the span gave check.
        let mut always_checked = [true; 2];
        for _ in 0..span {
            let checker = probe.side.flip();
            if !probe.in_check() {
                always_checked[checker.index()] = false;
            }
            let m = probe.history.last().and_then(|u| u.played())?;
            probe.unplay(m);
        }
        let me = self.side.index();
        match (always_checked[me], always_checked[1 - me]) {
            (false, true) => Some(Verdict::Win),
            (true, false) => Some(Verdict::Loss),
            _ => None,
        }
    }
}
