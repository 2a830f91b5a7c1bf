//! Move ordering: the transposition-table move first, then captures and
//! promotions that do not lose material (by static exchange) in MVV/LVA
//! order, killers, the counter-move, quiet moves by history, and last the
//! captures that lose material.
//!
//! Moves are generic, so the per-move tables (history, counter-moves) are
//! indexed by a hash of the move ([`slot`]) rather than by from/to squares;
//! a collision only costs ordering quality. Each search thread owns one
//! [`Heuristics`]; nothing here is shared.

use super::tt::{table_id, MoveHasher};
use crate::core::Score;
use crate::position::Position;
use std::hash::{Hash, Hasher};

/// Number of slots of the history and counter-move tables.
const SLOTS: usize = 1 << 14;

/// Plies for which killers are kept.
pub const MAX_PLY: usize = 128;

/// History values stay within ±this (the "gravity" formula keeps them there).
const HISTORY_MAX: i32 = 16_384;

const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
const COUNTER: i32 = (1 << 26) - 1;
/// Losing captures go after every quiet move (history stays within
/// ±`HISTORY_MAX`), still in MVV/LVA order among themselves.
const BAD_CAPTURE: i32 = -(1 << 24);

/// The table slot of a move.
#[must_use]
pub fn slot<M: Hash>(m: M) -> usize {
    let mut h = MoveHasher::default();
    m.hash(&mut h);
    (h.finish() as usize) & (SLOTS - 1)
}

/// Killers, history and counter-moves of one search thread.
pub struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    counters: Vec<Option<M>>,
}

impl<M: Copy + Eq + Hash> Default for Heuristics<M> {
    fn default() -> Self {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * SLOTS],
            counters: vec![None; SLOTS],
        }
    }
}

impl<M: Copy + Eq + Hash> Heuristics<M> {
    /// Forgets killers and counter-moves and halves history, between searches.
    pub fn age(&mut self) {
        for k in &mut self.killers {
            *k = [None, None];
        }
        for h in &mut self.history {
            *h /= 2;
        }
    }

    /// Records a quiet move that caused a beta cutoff at `ply` after
    /// `previous` (the opponent's last move), rewarding it by `depth` and
    /// penalising the quiet moves tried before it.
    pub fn reward(
        &mut self,
        side: usize,
        ply: usize,
        m: M,
        previous: Option<M>,
        depth: i32,
        tried: &[M],
    ) {
        let bonus = (depth * depth).min(1200);
        self.update(side, m, bonus);
        for &q in tried {
            if q != m {
                self.update(side, q, -bonus);
            }
        }
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
        if let Some(p) = previous {
            self.counters[slot(p)] = Some(m);
        }
    }

    /// History score of a quiet move.
    #[must_use]
    pub fn history(&self, side: usize, m: M) -> i32 {
        self.history[side * SLOTS + slot(m)]
    }

    fn update(&mut self, side: usize, m: M, bonus: i32) {
        // Gravity: large values move less, so history stays bounded.
        let h = &mut self.history[side * SLOTS + slot(m)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers.get(ply).copied().unwrap_or([None, None])
    }

    fn counter(&self, previous: Option<M>) -> Option<M> {
        previous.and_then(|p| self.counters[slot(p)])
    }
}

/// Value of a capture or promotion for ordering: most valuable victim
/// first, least valuable attacker second. A capture of a cheaper piece by
/// a dearer one may lose material: the board's static exchange evaluation
/// decides, and the losing ones go after the quiet moves.
#[must_use]
pub fn capture_score<P: Position>(pos: &P, m: P::Move) -> i32 {
    let (score, doubtful) = tentative_capture_score(pos, m);
    if doubtful && pos.see(m) < 0 {
        demoted(score)
    } else {
        score
    }
}

/// [`capture_score`] before the static exchange is looked at: the score of
/// a good capture, and whether the exchange could still demote it (the
/// mover is worth more than what it takes).
fn tentative_capture_score<P: Position>(pos: &P, m: P::Move) -> (i32, bool) {
    let victim = pos.captured_value(m);
    let attacker = pos.mover_value(m);
    let promotion = if pos.is_promotion(m) { 800 } else { 0 };
    let mvv_lva = ((victim + promotion) * 16 - attacker.clamp(0, 1500)).max(0);
    (GOOD_CAPTURE + mvv_lva, victim + promotion < attacker)
}

/// The score of a capture that loses material, from its good-capture score.
fn demoted(good: i32) -> i32 {
    good - GOOD_CAPTURE + BAD_CAPTURE
}

/// Whether an ordering score from [`capture_score`] marks a capture that
/// loses material by static exchange.
#[must_use]
pub fn is_losing_capture_score(score: i32) -> bool {
    score < -HISTORY_MAX
}

/// A move with its ordering score. A capture whose static exchange has not
/// been evaluated yet (`doubtful`) carries its good-capture score, an upper
/// bound of its true score; [`MovePicker::next_move`] settles it only when
/// it would be picked, so cutoffs spare the exchanges of the moves never
/// reached, and the order stays the one the true scores give.
#[derive(Clone, Copy, Debug)]
pub struct Scored<M> {
    m: M,
    score: i32,
    doubtful: bool,
}

/// A list of moves with ordering scores, handed out best first.
pub struct MovePicker<M> {
    moves: Vec<Scored<M>>,
    next: usize,
}

/// What the ordering of one node needs to know.
pub struct OrderContext<M> {
    /// Identity of the transposition-table move, if any.
    pub tt_move: Option<u32>,
    /// Ply of the node (for killers).
    pub ply: usize,
    /// The opponent's last move (for the counter-move).
    pub previous: Option<M>,
}

impl<M: Copy + Eq + Hash> MovePicker<M> {
    /// Scores `moves` (all pseudo-legal moves of `pos`) for picking; `buffer`
    /// is reused storage (see [`MovePicker::into_buffer`]).
    pub fn new<P: Position<Move = M>>(
        pos: &P,
        moves: &[M],
        heuristics: &Heuristics<M>,
        ctx: &OrderContext<M>,
        mut buffer: Vec<Scored<M>>,
    ) -> MovePicker<M> {
        let killers = heuristics.killers(ctx.ply);
        let counter = heuristics.counter(ctx.previous);
        let side = pos.side_to_move().index();
        buffer.clear();
        buffer.extend(moves.iter().map(|&m| {
            let (score, doubtful) =
                if ctx.tt_move.is_some() && ctx.tt_move == Some(table_id::<P>(m)) {
                    (TT_MOVE, false)
                } else if pos.is_capture(m) || pos.is_promotion(m) {
                    tentative_capture_score(pos, m)
                } else if killers[0] == Some(m) {
                    (KILLER + 1, false)
                } else if killers[1] == Some(m) {
                    (KILLER, false)
                } else if counter == Some(m) {
                    (COUNTER, false)
                } else {
                    (heuristics.history(side, m), false)
                };
            Scored { m, score, doubtful }
        }));
        MovePicker {
            moves: buffer,
            next: 0,
        }
    }

    /// Scores for quiescence: captures by MVV/LVA and SEE; quiet evasions
    /// (in check) go between the good and the losing captures.
    pub fn captures<P: Position<Move = M>>(
        pos: &P,
        moves: &[M],
        tt_move: Option<u32>,
        mut buffer: Vec<Scored<M>>,
    ) -> MovePicker<M> {
        buffer.clear();
        buffer.extend(moves.iter().map(|&m| {
            let (score, doubtful) = if tt_move.is_some() && tt_move == Some(table_id::<P>(m)) {
                (TT_MOVE, false)
            } else if pos.is_capture(m) || pos.is_promotion(m) {
                tentative_capture_score(pos, m)
            } else {
                // A quiet evasion: after the good captures, before the bad.
                (0, false)
            };
            Scored { m, score, doubtful }
        }));
        MovePicker {
            moves: buffer,
            next: 0,
        }
    }

    /// Gives the storage back for the next node.
    #[must_use]
    pub fn into_buffer(self) -> Vec<Scored<M>> {
        self.moves
    }

    /// The best remaining move of `pos` (the position the moves were scored
    /// in) and its ordering score (selection sort: most nodes cut off after
    /// a few moves, so sorting everything is wasted). A doubtful capture
    /// that would be picked has its exchange evaluated first; if it loses
    /// material it is demoted and the pick is made again.
    pub fn next_move<P: Position<Move = M>>(&mut self, pos: &P) -> Option<(M, i32)> {
        loop {
            // The first of the highest scores (a strict comparison keeps
            // the earliest on ties).
            let rest = self.moves.get(self.next..)?;
            let first = rest.first()?;
            let (mut best, mut best_score) = (0, first.score);
            for (i, e) in rest.iter().enumerate().skip(1) {
                if e.score > best_score {
                    best = i;
                    best_score = e.score;
                }
            }
            let pick = self.next + best;
            let entry = &mut self.moves[pick];
            if entry.doubtful {
                entry.doubtful = false;
                if pos.see(entry.m) < 0 {
                    entry.score = demoted(entry.score);
                    continue;
                }
            }
            self.moves.swap(self.next, pick);
            self.next += 1;
            let chosen = self.moves[self.next - 1];
            return Some((chosen.m, chosen.score));
        }
    }
}

/// At most this many moves are kept by [`MovePicker::keep_distinct`].
const KEEP_MAX: usize = 16;

impl<M: Copy> MovePicker<M> {
    /// If the moves not handed out yet that pass `keep` have pairwise
    /// different scores, drops all the others (the caller would skip them)
    /// and returns `true`: the kept ones then come in the order of their
    /// scores, as they would have among the others. Otherwise changes
    /// nothing (with equal scores, the others' places decide the order).
    pub fn keep_distinct(&mut self, keep: impl Fn(M) -> bool) -> bool {
        let mut kept = [0usize; KEEP_MAX];
        let mut n = 0;
        for (i, e) in self.moves.iter().enumerate().skip(self.next) {
            if keep(e.m) {
                if n == KEEP_MAX {
                    return false;
                }
                kept[n] = i;
                n += 1;
            }
        }
        let kept = &kept[..n];
        for (j, &a) in kept.iter().enumerate() {
            let score = self.moves[a].score;
            if kept[j + 1..].iter().any(|&b| self.moves[b].score == score) {
                return false;
            }
        }
        for (j, &i) in kept.iter().enumerate() {
            self.moves.swap(self.next + j, i);
        }
        self.moves.truncate(self.next + n);
        true
    }
}

/// A node's moves in stages: the table's move (found by the board without
/// generating, see [`Position::find_coded_move`]) before anything is
/// generated, so a cut by it costs no generation; then the picker over the
/// generated moves, whose first pick, the table's move again, is skipped.
pub struct Staged<M> {
    table_move: Option<M>,
    table_move_tried: bool,
    picker: Option<MovePicker<M>>,
}

impl<M: Copy + Eq + Hash + std::fmt::Debug> Staged<M> {
    /// Stages starting with `table_move`, if the board found it.
    #[must_use]
    pub fn new(table_move: Option<M>) -> Staged<M> {
        Staged {
            table_move,
            table_move_tried: false,
            picker: None,
        }
    }

    /// The next move and its ordering score; `build` generates and scores
    /// the moves (called once, when the table's move has been tried).
    pub fn next_move<P: Position<Move = M>>(
        &mut self,
        pos: &P,
        build: impl FnOnce() -> MovePicker<M>,
    ) -> Option<(M, i32)> {
        if !self.table_move_tried {
            self.table_move_tried = true;
            if let Some(m) = self.table_move {
                return Some((m, TT_MOVE));
            }
        }
        if self.picker.is_none() {
            let mut picker = build();
            if self.table_move.is_some() {
                let skipped = picker.next_move(pos).map(|(m, _)| m);
                debug_assert_eq!(skipped, self.table_move);
            }
            self.picker = Some(picker);
        }
        self.picker.as_mut()?.next_move(pos)
    }

    /// [`MovePicker::keep_distinct`] on the generated moves (`false`
    /// before they are).
    pub fn keep_distinct(&mut self, keep: impl Fn(M) -> bool) -> bool {
        self.picker.as_mut().is_some_and(|p| p.keep_distinct(keep))
    }

    /// The picker's storage, if moves were generated.
    #[must_use]
    pub fn into_buffer(self) -> Option<Vec<Scored<M>>> {
        self.picker.map(MovePicker::into_buffer)
    }
}

/// Whether an ordering score marks a killer or counter-move (a quiet move
/// that earned its place; late-move reductions treat it gently).
#[must_use]
pub fn is_refutation_score(score: i32) -> bool {
    (COUNTER..=KILLER + 1).contains(&score)
}

/// Centipawn value used by delta pruning for what `m` gains at most.
#[must_use]
pub fn gain_estimate<P: Position>(pos: &P, m: P::Move) -> Score {
    pos.captured_value(m) + if pos.is_promotion(m) { 800 } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_rewards_and_penalises_within_bounds() {
        let mut h: Heuristics<u16> = Heuristics::default();
        for _ in 0..1000 {
            h.reward(0, 3, 7, Some(99), 20, &[5, 6, 7]);
        }
        assert!(h.history(0, 7) > 8_000 && h.history(0, 7) <= HISTORY_MAX);
        assert!(h.history(0, 5) < -8_000 && h.history(0, 5) >= -HISTORY_MAX);
        assert_eq!(h.history(1, 7), 0);
        assert_eq!(h.killers(3), [Some(7), None]);
        h.reward(0, 3, 8, None, 1, &[]);
        assert_eq!(h.killers(3), [Some(8), Some(7)]);
        assert_eq!(h.counter(Some(99)), Some(7));
        h.age();
        assert_eq!(h.killers(3), [None, None]);
        assert_eq!(h.counter(Some(99)), Some(7));
        assert!(h.history(0, 7) > 4_000);
    }

    #[test]
    fn only_moves_with_distinct_scores_are_kept_alone() {
        let picker = |scores: &[i32]| MovePicker {
            moves: (0u16..)
                .zip(scores)
                .map(|(m, &score)| Scored {
                    m,
                    score,
                    doubtful: false,
                })
                .collect(),
            next: 1,
        };
        let moves = |p: &MovePicker<u16>| p.moves.iter().map(|e| e.m).collect::<Vec<_>>();
        // Moves 2 and 4 tie: their order depends on the others, keep all.
        let mut p = picker(&[9, 5, 3, 7, 3, 1]);
        assert!(!p.keep_distinct(|m| m == 2 || m == 4));
        assert_eq!(moves(&p), [0, 1, 2, 3, 4, 5]);
        // Moves 3 and 5 do not; move 0 was handed out already.
        assert!(p.keep_distinct(|m| m == 0 || m == 3 || m == 5));
        assert_eq!(moves(&p), [0, 3, 5]);
        let mut p = picker(&[9, 5, 3]);
        assert!(p.keep_distinct(|_| false));
        assert_eq!(moves(&p), [0]);
    }

    #[test]
    fn score_classes_are_ordered() {
        let bad = BAD_CAPTURE + (900 + 800) * 16;
        assert!(!is_refutation_score(bad) && !is_refutation_score(HISTORY_MAX));
        assert!(is_refutation_score(KILLER) && is_refutation_score(COUNTER));
        assert!(GOOD_CAPTURE > KILLER + 1 && bad < -HISTORY_MAX);
        assert!(is_losing_capture_score(bad) && !is_losing_capture_score(-HISTORY_MAX));
        assert!(!is_losing_capture_score(GOOD_CAPTURE));
    }
}
