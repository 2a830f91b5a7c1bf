//! Move ordering: the transposition-table move first, then captures and
//! promotions that do not lose material (by static exchange) in MVV/LVA
//! order, killers, the counter-move, quiet moves by history, and last the
//! captures that lose material. The killers, counter-moves and histories
//! come from the thread's [`Heuristics`] (`history`).
//!
//! [`MovePicker`] hands a node's moves out best first, settling a capture's
//! static exchange only when it would be picked; [`Staged`] tries the
//! table's move before any move is generated.

use super::history::{capture_index, ContRows, Heuristics, QUIET_MAX};
use super::tt::table_id;
use crate::core::Score;
use crate::position::Position;
use std::hash::Hash;

/// Ordering scores of the move classes, best first: the table's move,
/// good captures (plus their MVV/LVA value), the first and second killer
/// (`KILLER + 1`, `KILLER`), the counter-move.
pub(super) const TT_MOVE: i32 = 1 << 30;
pub(super) const GOOD_CAPTURE: i32 = 1 << 28;
pub(super) const KILLER: i32 = 1 << 26;
pub(super) const COUNTER: i32 = (1 << 26) - 1;
/// Losing captures go after every quiet move (whose score stays within
/// ±[`QUIET_MAX`]), still in MVV/LVA order among themselves.
pub(super) const BAD_CAPTURE: i32 = -(1 << 24);

/// What capture history adds to a capture's ordering score: a fraction,
/// so that it reorders captures of about equal victims and never lifts a
/// capture out of its class.
fn capture_bonus(history: i32) -> i32 {
    history / 8
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

/// [`tentative_capture_score`] with the capture history of `side` added.
fn learnt_capture_score<P: Position>(
    pos: &P,
    m: P::Move,
    heuristics: &Heuristics<P::Move>,
    side: usize,
) -> (i32, bool) {
    let (score, doubtful) = tentative_capture_score(pos, m);
    let learnt = heuristics.capture_history(side, capture_index(pos, m));
    (score + capture_bonus(learnt), doubtful)
}

/// The score of a capture that loses material, from its good-capture score.
fn demoted(good: i32) -> i32 {
    good - GOOD_CAPTURE + BAD_CAPTURE
}

/// Whether an ordering score from [`capture_score`] marks a capture that
/// loses material by static exchange.
#[must_use]
pub fn is_losing_capture_score(score: i32) -> bool {
    score < -QUIET_MAX
}

/// Keys compared at once by [`best_key`]: the key list is padded with
/// [`PICKED`] to whole chunks of this many.
const LANES: usize = 4;

/// Bits of a pick key below the score: they hold the slot, with room for
/// every move a 16x16 board can have (256 origins, 256 destinations, 16
/// piece types).
const SLOT_BITS: u32 = 20;
const SLOT_MASK: i64 = (1 << SLOT_BITS) - 1;

/// The key of a slot that holds no move to pick (a move handed out, or
/// padding); below every real key.
const PICKED: f64 = f64::NEG_INFINITY;

/// 1.5 * 2^52: added to a whole number below 2^51 in size, it leaves the
/// number in the low bits of the sum's mantissa.
const UNPACK: f64 = 6_755_399_441_055_744.0;

/// The pick key of a move with ordering score `score` in slot `slot`:
/// higher scores give higher keys, and of equal scores the earlier slot.
/// Keys are whole numbers below 2^51 in size, so `f64` holds them exactly,
/// and its maximum is one instruction for two keys (integer vectors have
/// no such instruction in the baseline x86-64 set); no two slots have the
/// same key, so the highest key alone names the slot to pick.
fn pick_key(score: i32, slot: usize) -> f64 {
    debug_assert!(slot as i64 <= SLOT_MASK);
    ((i64::from(score) << SLOT_BITS) | (SLOT_MASK - slot as i64)) as f64
}

/// A key from [`pick_key`] as the integer it is.
fn key_bits(key: f64) -> i64 {
    (key + UNPACK).to_bits() as i64 - UNPACK.to_bits() as i64
}

/// The ordering score in a key from [`pick_key`].
fn key_score(key: f64) -> i32 {
    (key_bits(key) >> SLOT_BITS) as i32
}

/// The slot in a key from [`pick_key`].
fn key_slot(key: f64) -> usize {
    (SLOT_MASK - (key_bits(key) & SLOT_MASK)) as usize
}

/// The key of slot `slot` with the score of `key`, the key of an earlier
/// slot `slot - distance` (keys of one score fall by one per slot).
fn moved_key(key: f64, distance: usize) -> f64 {
    key - distance as f64
}

/// The higher of two keys.
fn higher(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// The highest of `keys` (whose length is a multiple of [`LANES`]), in
/// one pass over whole chunks, which the compiler turns into vector code.
fn best_key(keys: &[f64]) -> f64 {
    let (chunks, rest) = keys.as_chunks::<LANES>();
    debug_assert!(rest.is_empty());
    let mut lanes = [PICKED; LANES];
    for chunk in chunks {
        for (lane, &k) in lanes.iter_mut().zip(chunk) {
            *lane = higher(*lane, k);
        }
    }
    let mut width = LANES / 2;
    while width > 0 {
        for i in 0..width {
            lanes[i] = higher(lanes[i], lanes[i + width]);
        }
        width /= 2;
    }
    lanes[0]
}

/// A list of moves with ordering scores, handed out best first.
///
/// The scores are kept as pick keys ([`pick_key`]) in a list of their own
/// beside the moves, padded with [`PICKED`] to whole chunks of [`LANES`];
/// a move handed out leaves [`PICKED`] behind in its slot. A capture whose
/// static exchange has not been evaluated yet carries its good-capture
/// score, an upper bound of its true score; [`MovePicker::next_move`]
/// settles it only when it would be picked, so cutoffs spare the
/// exchanges of the moves never reached, and the order stays the one the
/// true scores give.
pub struct MovePicker<M> {
    moves: Vec<M>,
    keys: Vec<f64>,
    /// The moves (one entry per slot) whose exchange is in doubt and not
    /// evaluated yet: captures of a cheaper piece by a dearer one.
    doubtful: Vec<M>,
    next: usize,
}

/// A picker's storage beside the move list, reused from node to node.
pub struct PickerStore<M> {
    keys: Vec<f64>,
    doubtful: Vec<M>,
}

impl<M> Default for PickerStore<M> {
    fn default() -> Self {
        PickerStore {
            keys: Vec::new(),
            doubtful: Vec::new(),
        }
    }
}

/// What the ordering of one node needs to know.
pub struct OrderContext<M> {
    /// Identity of the transposition-table move, if any.
    pub tt_move: Option<u32>,
    /// Ply of the node (for killers).
    pub ply: usize,
    /// The opponent's last move (for the counter-move).
    pub previous: Option<M>,
    /// The node's continuation rows.
    pub rows: ContRows,
}

impl<M: Copy + Eq + Hash> MovePicker<M> {
    /// Scores `moves` (all pseudo-legal moves of `pos`) for picking;
    /// `store` is reused storage (see [`MovePicker::into_buffers`]).
    pub fn new<P: Position<Move = M>>(
        pos: &P,
        moves: Vec<M>,
        heuristics: &Heuristics<M>,
        ctx: &OrderContext<M>,
        store: PickerStore<M>,
    ) -> MovePicker<M> {
        let killers = heuristics.killers(ctx.ply);
        let counter = heuristics.counter(ctx.previous);
        let side = pos.side_to_move().index();
        MovePicker::scored(moves, store, |m| {
            if ctx.tt_move.is_some() && ctx.tt_move == Some(table_id::<P>(m)) {
                (TT_MOVE, false)
            } else if pos.is_capture(m) || pos.is_promotion(m) {
                learnt_capture_score(pos, m, heuristics, side)
            } else if killers[0] == Some(m) {
                (KILLER + 1, false)
            } else if killers[1] == Some(m) {
                (KILLER, false)
            } else if counter == Some(m) {
                (COUNTER, false)
            } else {
                let index = pos.history_index(m);
                (heuristics.quiet_score(side, ctx.rows, m, index), false)
            }
        })
    }

    /// Scores for quiescence: captures by MVV/LVA and SEE; quiet evasions
    /// (in check) go between the good and the losing captures.
    pub fn captures<P: Position<Move = M>>(
        pos: &P,
        moves: Vec<M>,
        heuristics: &Heuristics<M>,
        tt_move: Option<u32>,
        store: PickerStore<M>,
    ) -> MovePicker<M> {
        let side = pos.side_to_move().index();
        MovePicker::scored(moves, store, |m| {
            if tt_move.is_some() && tt_move == Some(table_id::<P>(m)) {
                (TT_MOVE, false)
            } else if pos.is_capture(m) || pos.is_promotion(m) {
                learnt_capture_score(pos, m, heuristics, side)
            } else {
                // A quiet evasion: after the good captures, before the bad.
                (0, false)
            }
        })
    }

    /// A picker over `moves` scored by `score` (which also says whether
    /// a move's exchange is in doubt), in the reused storage `store`.
    #[inline]
    fn scored(
        moves: Vec<M>,
        store: PickerStore<M>,
        mut score: impl FnMut(M) -> (i32, bool),
    ) -> MovePicker<M> {
        let PickerStore {
            mut keys,
            mut doubtful,
        } = store;
        keys.clear();
        doubtful.clear();
        keys.extend(moves.iter().enumerate().map(|(slot, &m)| {
            let (s, in_doubt) = score(m);
            if in_doubt {
                doubtful.push(m);
            }
            pick_key(s, slot)
        }));
        keys.resize(moves.len().next_multiple_of(LANES), PICKED);
        MovePicker {
            moves,
            keys,
            doubtful,
            next: 0,
        }
    }

    /// Gives the storage back for the next node: the move list and the
    /// rest.
    #[must_use]
    pub fn into_buffers(self) -> (Vec<M>, PickerStore<M>) {
        let store = PickerStore {
            keys: self.keys,
            doubtful: self.doubtful,
        };
        (self.moves, store)
    }

    /// The best remaining move of `pos` (the position the moves were scored
    /// in) and its ordering score (selection sort: most nodes cut off after
    /// a few moves, so sorting everything is wasted; the first of equal
    /// scores goes first, and the move in the slot the pick fills takes
    /// the picked move's slot). A capture whose exchange is in doubt has
    /// it evaluated first; if it loses material it is demoted and the pick
    /// is made again.
    #[inline(always)]
    pub fn next_move<P: Position<Move = M>>(&mut self, pos: &P) -> Option<(M, i32)> {
        loop {
            if self.next >= self.moves.len() {
                return None;
            }
            let pick = self.best_slot();
            let (m, score) = (self.moves[pick], key_score(self.keys[pick]));
            if self.settle_doubt(m) && pos.see(m) < 0 {
                self.keys[pick] = pick_key(demoted(score), pick);
                continue;
            }
            return Some(self.hand_out(pick));
        }
    }

    /// Whether the exchange of `m`, about to be picked, is in doubt; it is
    /// then no longer (the caller evaluates it).
    fn settle_doubt(&mut self, m: M) -> bool {
        if self.doubtful.is_empty() {
            return false;
        }
        let Some(i) = self.doubtful.iter().position(|&d| d == m) else {
            return false;
        };
        self.doubtful.swap_remove(i);
        true
    }

    /// The slot of the first of the highest scores left (some are left).
    #[inline]
    fn best_slot(&self) -> usize {
        // Slots before `next` hold `PICKED`: start at their chunk.
        let base = self.next - self.next % LANES;
        key_slot(best_key(&self.keys[base..]))
    }

    /// Hands out the move in slot `pick`, which the move in the first slot
    /// left takes over.
    #[inline]
    fn hand_out(&mut self, pick: usize) -> (M, i32) {
        let chosen = (self.moves[pick], key_score(self.keys[pick]));
        self.moves.swap(self.next, pick);
        self.keys[pick] = moved_key(self.keys[self.next], pick - self.next);
        self.keys[self.next] = PICKED;
        self.next += 1;
        chosen
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
        for (i, &m) in self.moves.iter().enumerate().skip(self.next) {
            if keep(m) {
                if n == KEEP_MAX {
                    return false;
                }
                kept[n] = i;
                n += 1;
            }
        }
        let kept = &kept[..n];
        for (j, &a) in kept.iter().enumerate() {
            let score = key_score(self.keys[a]);
            if kept[j + 1..]
                .iter()
                .any(|&b| key_score(self.keys[b]) == score)
            {
                return false;
            }
        }
        for (j, &i) in kept.iter().enumerate() {
            let slot = self.next + j;
            self.moves.swap(slot, i);
            // A kept key moves to `slot`, the key there to `i` (unless that
            // was `i` itself: `i >= slot` as the kept slots ascend).
            let (kept_key, displaced) = (self.keys[i], self.keys[slot]);
            self.keys[i] = moved_key(displaced, i - slot);
            self.keys[slot] = pick_key(key_score(kept_key), slot);
        }
        let len = self.next + n;
        self.moves.truncate(len);
        self.keys.truncate(len);
        self.keys.resize(len.next_multiple_of(LANES), PICKED);
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

    /// The picker's storage (see [`MovePicker::into_buffers`]), if moves
    /// were generated.
    #[must_use]
    pub fn into_buffers(self) -> Option<(Vec<M>, PickerStore<M>)> {
        self.picker.map(MovePicker::into_buffers)
    }
}

/// Whether an ordering score marks the transposition table's move.
#[must_use]
pub fn is_table_move_score(score: i32) -> bool {
    score == TT_MOVE
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

    use crate::bitboard::{BitboardPos, Move};
    use crate::position::GenKind;
    use crate::search::history::{CutMove, Cutoff, HISTORY_MAX};

    /// The moves of `pos` in the order the picker hands them out at ply 5
    /// with continuation rows `rows` (no table move, killer or counter).
    fn order(pos: &BitboardPos, h: &Heuristics<Move>, rows: ContRows) -> Vec<String> {
        let mut moves = Vec::new();
        pos.generate(GenKind::All, &mut moves);
        let ctx = OrderContext {
            tt_move: None,
            ply: 5,
            previous: None,
            rows,
        };
        let mut picker = MovePicker::new(pos, moves, h, &ctx, PickerStore::default());
        let mut out = Vec::new();
        while let Some((m, _)) = picker.next_move(pos) {
            out.push(pos.move_to_string(m));
        }
        out
    }

    /// A quiet cutoff at ply 3 by `best` after `tried`, moves of `pos`
    /// given as text.
    fn cut_by(
        h: &mut Heuristics<Move>,
        pos: &mut BitboardPos,
        rows: ContRows,
        best: &str,
        tried: &[&str],
    ) {
        let mut quiet = |text: &str| {
            let m = pos.parse_move(text).unwrap();
            (m, pos.history_index(m))
        };
        let (m, index) = quiet(best);
        let quiets: Vec<(Move, usize)> = tried.iter().map(|t| quiet(t)).collect();
        h.reward(&Cutoff {
            side: pos.side_to_move().index(),
            ply: 3,
            depth: 5,
            previous: None,
            rows,
            best: CutMove::Quiet(m, index),
            quiets: &quiets,
            captures: &[],
        });
    }

    #[test]
    fn a_quiet_cutoff_orders_the_rewarded_move_first_and_the_refuted_last() {
        let mut pos = BitboardPos::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            false,
        )
        .unwrap();
        let mut h = Heuristics::default();
        h.fit(pos.history_indices());
        let rows = h.cont_rows(0, Some(100), Some(200));
        let before = order(&pos, &h, rows);
        assert_ne!(before[0], "g1f3");
        cut_by(&mut h, &mut pos, rows, "g1f3", &["a2a3", "b2b3"]);
        let after = order(&pos, &h, rows);
        assert_eq!(after.len(), 20);
        assert_eq!(after[0], "g1f3");
        assert_eq!(&after[18..], ["a2a3", "b2b3"]);
        // The neutral moves go in between (in an order the picks decide).
        let mut neutral: Vec<&String> = before
            .iter()
            .filter(|m| !["g1f3", "a2a3", "b2b3"].contains(&m.as_str()))
            .collect();
        let mut between: Vec<&String> = after[1..18].iter().collect();
        neutral.sort();
        between.sort();
        assert_eq!(between, neutral);
    }

    #[test]
    fn continuation_history_orders_by_the_moves_before() {
        let mut pos = BitboardPos::from_fen(
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            false,
        )
        .unwrap();
        let mut h = Heuristics::default();
        h.fit(pos.history_indices());
        // After one black move g1f3 refuted, after another b1c3: the
        // butterfly histories cancel, the continuation histories decide.
        let after_a = h.cont_rows(0, Some(4 * 64 + 39), None);
        let after_b = h.cont_rows(0, Some(2 * 64 + 26), None);
        cut_by(&mut h, &mut pos, after_a, "g1f3", &[]);
        cut_by(&mut h, &mut pos, after_b, "b1c3", &[]);
        let first_two = |rows| order(&pos, &h, rows)[..2].to_vec();
        assert_eq!(first_two(after_a), ["g1f3", "b1c3"]);
        assert_eq!(first_two(after_b), ["b1c3", "g1f3"]);
    }

    #[test]
    fn capture_history_orders_captures_of_equal_value() {
        // The knight takes either pawn: same victim, same attacker.
        let mut pos = BitboardPos::from_fen("4k3/8/8/3p1p2/8/4N3/8/4K3 w - - 0 1", false).unwrap();
        let mut h = Heuristics::default();
        h.fit(pos.history_indices());
        let before = order(&pos, &h, ContRows::default());
        assert_eq!(&before[..2], ["e3d5", "e3f5"]);
        let m = pos.parse_move("e3f5").unwrap();
        let taken = pos.parse_move("e3d5").unwrap();
        h.reward(&Cutoff {
            side: 0,
            ply: 3,
            depth: 4,
            previous: None,
            rows: ContRows::default(),
            best: CutMove::Capture(capture_index(&pos, m)),
            quiets: &[],
            captures: &[capture_index(&pos, taken)],
        });
        assert!(h.capture_history(0, capture_index(&pos, m)) > 0);
        let after = order(&pos, &h, ContRows::default());
        assert_eq!(&after[..2], ["e3f5", "e3d5"]);
        let (mut rest_before, mut rest_after) = (before[2..].to_vec(), after[2..].to_vec());
        rest_before.sort();
        rest_after.sort();
        assert_eq!(rest_before, rest_after);
        // Quiescence orders by it too.
        let mut moves = Vec::new();
        pos.generate(GenKind::Captures, &mut moves);
        let mut picker = MovePicker::captures(&pos, moves, &h, None, PickerStore::default());
        let first = picker.next_move(&pos).map(|(m, _)| pos.move_to_string(m));
        assert_eq!(first.as_deref(), Some("e3f5"));
    }

    #[test]
    fn only_moves_with_distinct_scores_are_kept_alone() {
        let picker = |scores: &[i32]| {
            let moves = (0..scores.len() as u16).collect();
            let mut p = MovePicker::scored(moves, PickerStore::default(), |m| {
                (scores[usize::from(m)], false)
            });
            // As if move 0 had been handed out.
            p.keys[0] = PICKED;
            p.next = 1;
            p
        };
        // The moves in their slots, each key naming its slot and its
        // move's score.
        let moves = |p: &MovePicker<u16>| {
            for (slot, &m) in p.moves.iter().enumerate().skip(p.next) {
                let key = p.keys[slot];
                assert_eq!(
                    (key_slot(key), key_score(key)),
                    (slot, [9, 5, 3, 7, 3, 1][usize::from(m)])
                );
            }
            assert!(p.keys[p.moves.len()..].iter().all(|&k| k == PICKED));
            p.moves.clone()
        };
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

    /// The first of the highest of `scores`: a strict comparison keeps
    /// the earliest.
    fn first_of_highest(scores: &[i32]) -> usize {
        let mut best = 0;
        for (i, &s) in scores.iter().enumerate() {
            if s > scores[best] {
                best = i;
            }
        }
        best
    }

    #[test]
    fn pick_keys_order_by_score_then_slot_and_give_both_back() {
        let scores = [
            TT_MOVE,
            GOOD_CAPTURE + 37_000,
            KILLER + 1,
            COUNTER,
            HISTORY_MAX,
            0,
            -HISTORY_MAX,
            demoted(GOOD_CAPTURE),
            i32::MAX,
            i32::MIN,
        ];
        let slots = [0, 1, 7, 8, 500, (1 << 19) + 5, SLOT_MASK as usize];
        for &score in &scores {
            for &slot in &slots {
                let key = pick_key(score, slot);
                assert_eq!((key_score(key), key_slot(key)), (score, slot));
                if slot > 0 {
                    assert_eq!(moved_key(pick_key(score, slot - 1), 1), key);
                }
                assert!(key > PICKED);
                for &other in &scores {
                    for &other_slot in &slots {
                        let expected = (score, std::cmp::Reverse(slot))
                            .cmp(&(other, std::cmp::Reverse(other_slot)));
                        let got = key.partial_cmp(&pick_key(other, other_slot));
                        assert_eq!(got, Some(expected), "{score} {slot} {other} {other_slot}");
                    }
                }
            }
        }
    }

    #[test]
    fn best_key_names_the_first_of_the_highest() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for len in 1..70 {
            for spread in [1, 3, 1000] {
                let scores: Vec<i32> = (0..len).map(|_| rng.gen_range(-spread..=spread)).collect();
                let mut keys: Vec<f64> = (0..len).map(|i| pick_key(scores[i], i)).collect();
                keys.resize(keys.len().next_multiple_of(LANES), PICKED);
                let best = best_key(&keys);
                assert_eq!(key_slot(best), first_of_highest(&scores), "{scores:?}");
            }
        }
        assert_eq!(best_key(&[PICKED; 16]), PICKED);
    }

    #[test]
    fn picks_come_in_selection_sort_order() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for len in 0..50u16 {
            let scores: Vec<i32> = (0..len).map(|_| rng.gen_range(-3..=3)).collect();
            // The selection sort the picker stands for: pick the first of
            // the highest, swap it with the first slot left.
            let mut slow: Vec<(u16, i32)> = (0..len).zip(scores.iter().copied()).collect();
            for next in 0..slow.len() {
                let rest: Vec<i32> = slow[next..].iter().map(|e| e.1).collect();
                slow.swap(next, next + first_of_highest(&rest));
            }
            let moves = (0..len).collect();
            let mut p = MovePicker::scored(moves, PickerStore::default(), |m| {
                (scores[usize::from(m)], false)
            });
            let mut fast = Vec::new();
            while p.next < p.moves.len() {
                let pick = p.best_slot();
                fast.push(p.hand_out(pick));
            }
            assert_eq!(fast, slow);
        }
    }

    #[test]
    fn score_classes_are_ordered() {
        let learnt = capture_bonus(HISTORY_MAX);
        let bad = BAD_CAPTURE + (900 + 800) * 16 + learnt;
        assert!(!is_refutation_score(bad) && !is_refutation_score(QUIET_MAX));
        assert!(is_refutation_score(KILLER) && is_refutation_score(COUNTER));
        assert!(GOOD_CAPTURE - learnt > KILLER + 1 && bad < -QUIET_MAX);
        assert!(is_losing_capture_score(bad) && !is_losing_capture_score(-QUIET_MAX));
        assert!(!is_losing_capture_score(GOOD_CAPTURE - learnt));
    }
}
