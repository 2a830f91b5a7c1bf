//! What a search thread learns from its cut-offs to order moves: killers
//! per ply, the counter-move to each move, and four histories, each kept
//! within ±`HISTORY_MAX` by gravity: the butterfly history (per side and
//! move slot), two continuation histories (how good a move of a piece type
//! to a square was after a given such move one or two plies earlier) and
//! the capture history (per side, mover's type and destination, and
//! captured type). The picker (`picker`) orders by them; reductions and
//! pruning read the butterfly history too.
//!
//! Moves are generic, so the per-move tables (history, counter-moves) are
//! indexed by a hash of the move ([`slot`]) rather than by from/to squares;
//! a collision only costs ordering quality. Each search thread owns one
//! [`Heuristics`]; nothing here is shared.

use super::correction::CorrectionHistory;
use super::tt::MoveHasher;
use crate::position::{Position, CAPTURED_KINDS};
use std::hash::{Hash, Hasher};

/// Number of slots of the history and counter-move tables.
const SLOTS: usize = 1 << 14;

/// Plies for which killers are kept.
pub const MAX_PLY: usize = 128;

/// History values stay within ±this (the "gravity" formula keeps them there).
pub(super) const HISTORY_MAX: i32 = 16_384;

/// A quiet move's score, three histories, stays within ±this.
pub const QUIET_MAX: i32 = 3 * HISTORY_MAX;

/// The table slot of a move.
#[must_use]
pub fn slot<M: Hash>(m: M) -> usize {
    let mut h = MoveHasher::default();
    m.hash(&mut h);
    (h.finish() as usize) & (SLOTS - 1)
}

/// History indices ([`Position::history_index`]) the continuation and
/// capture histories tell apart; a board with more folds them together.
/// Orthodox chess has 384, a 10x8 board with eight piece types 640.
pub const MAX_HISTORY_INDICES: usize = 1024;

/// The rows of a node's continuation histories: where, in the tables of
/// one and of two plies back, the entries following the opponent's last
/// move and the side to move's own move before it start; `None` at the
/// root, after a null move, or without such a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContRows([Option<usize>; 2]);

/// The move that cut a node off, as the histories know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutMove<M> {
    /// A quiet move and its history index.
    Quiet(M, usize),
    /// A capture or promotion and its capture index ([`capture_index`]).
    Capture(usize),
}

/// What a beta cutoff teaches the heuristics.
pub struct Cutoff<'a, M> {
    /// Index of the side to move.
    pub side: usize,
    /// Ply of the node (for killers).
    pub ply: usize,
    /// Draft of the node: deeper cutoffs teach more.
    pub depth: i32,
    /// The opponent's last move (for the counter-move).
    pub previous: Option<M>,
    /// The node's continuation rows.
    pub rows: ContRows,
    /// The move that cut off.
    pub best: CutMove<M>,
    /// Quiet moves searched before it, with their history indices.
    pub quiets: &'a [(M, usize)],
    /// Capture indices of the captures searched before it.
    pub captures: &'a [usize],
}

/// The gravity update: a value moves toward the bonus's sign by less the
/// larger it already is, so it stays within ±`HISTORY_MAX`.
fn gravity(value: i32, bonus: i32) -> i32 {
    value + bonus - value * bonus.abs() / HISTORY_MAX
}

/// Bonus (and, negated, malus) of a cutoff at `depth`.
fn history_bonus(depth: i32) -> i32 {
    let d = depth.max(1);
    (16 * d * d + 32 * d).min(1536)
}

/// Killers, histories and counter-moves of one search thread.
///
/// Four histories, each kept within ±`HISTORY_MAX` by gravity: the
/// butterfly history (per side and move slot), two continuation
/// histories (how good a move of a piece type to a square was after a
/// given such move one or two plies earlier) and a capture history (per
/// side, mover's type and destination, and captured type).
pub struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    counters: Vec<Option<M>>,
    /// History indices told apart: the board's, at most
    /// [`MAX_HISTORY_INDICES`]; 0 before [`Heuristics::fit`].
    indices: usize,
    /// `[distance - 1][earlier mover's side][earlier index][index]`.
    continuation: Box<[i16]>,
    /// `[side][index][captured kind]`.
    captures: Box<[i16]>,
    /// How far the static evaluation errs, per pawn structure.
    pub correction: CorrectionHistory,
}

impl<M: Copy + Eq + Hash> Default for Heuristics<M> {
    fn default() -> Self {
        Heuristics {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * SLOTS],
            counters: vec![None; SLOTS],
            indices: 0,
            continuation: Box::default(),
            captures: Box::default(),
            correction: CorrectionHistory::default(),
        }
    }
}

impl<M: Copy + Eq + Hash> Heuristics<M> {
    /// Sizes the continuation and capture histories for a board with
    /// `indices` history indices ([`Position::history_indices`]); they
    /// start empty when the size changes and are kept otherwise.
    pub fn fit(&mut self, indices: usize) {
        let indices = indices.clamp(1, MAX_HISTORY_INDICES);
        if indices != self.indices {
            self.indices = indices;
            self.continuation = vec![0; 4 * indices * indices].into_boxed_slice();
            self.captures = vec![0; 2 * indices * CAPTURED_KINDS].into_boxed_slice();
        }
    }

    /// Forgets killers and halves every history, between searches
    /// (counter-moves are kept).
    pub fn age(&mut self) {
        for k in &mut self.killers {
            *k = [None, None];
        }
        for h in &mut self.history {
            *h /= 2;
        }
        for h in self.continuation.iter_mut().chain(self.captures.iter_mut()) {
            *h /= 2;
        }
    }

    /// A history index as the tables hold it (folded when the board has
    /// more than they tell apart).
    fn fold(&self, index: usize) -> usize {
        if index < self.indices {
            index
        } else {
            index % self.indices.max(1)
        }
    }

    /// The continuation rows of a node where `side` moves, after a move
    /// with history index `one_back` by the opponent and before it one
    /// with `two_back` by `side` itself.
    #[must_use]
    pub fn cont_rows(
        &self,
        side: usize,
        one_back: Option<usize>,
        two_back: Option<usize>,
    ) -> ContRows {
        let n = self.indices;
        let row = |index: usize, mover: usize, distance: usize| {
            ((distance * 2 + mover) * n + self.fold(index)) * n
        };
        if n == 0 {
            return ContRows::default();
        }
        ContRows([
            one_back.map(|i| row(i, 1 - side, 0)),
            two_back.map(|i| row(i, side, 1)),
        ])
    }

    /// Learns from a beta cutoff: a quiet move gains butterfly and
    /// continuation history, becomes a killer and the counter-move, and
    /// the quiet moves tried before it lose as much; a capture gains
    /// capture history. Either way the captures tried before lose some.
    pub fn reward(&mut self, cut: &Cutoff<'_, M>) {
        let bonus = history_bonus(cut.depth);
        let mut best_capture = None;
        match cut.best {
            CutMove::Capture(c) => {
                self.update_capture(cut.side, c, bonus);
                best_capture = Some(c);
            }
            CutMove::Quiet(m, index) => {
                self.update_quiet(cut.side, cut.rows, (m, index), bonus);
                for &q in cut.quiets {
                    if q.0 != m {
                        self.update_quiet(cut.side, cut.rows, q, -bonus);
                    }
                }
                if let Some(k) = self.killers.get_mut(cut.ply) {
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                }
                if let Some(p) = cut.previous {
                    self.counters[slot(p)] = Some(m);
                }
            }
        }
        for &c in cut.captures {
            if Some(c) != best_capture {
                self.update_capture(cut.side, c, -bonus);
            }
        }
    }

    /// Butterfly history of a quiet move.
    #[must_use]
    pub fn history(&self, side: usize, m: M) -> i32 {
        self.history[side * SLOTS + slot(m)]
    }

    /// The ordering score of quiet move `m` (history index `index`):
    /// butterfly history plus both continuation histories, within
    /// ±[`QUIET_MAX`].
    #[must_use]
    pub fn quiet_score(&self, side: usize, rows: ContRows, m: M, index: usize) -> i32 {
        let mut score = self.history(side, m);
        let column = self.fold(index);
        for row in rows.0.into_iter().flatten() {
            score += i32::from(self.continuation[row + column]);
        }
        score
    }

    /// Capture history of the capture with capture index `capture`
    /// ([`capture_index`]).
    #[must_use]
    pub fn capture_history(&self, side: usize, capture: usize) -> i32 {
        match self.capture_entry(side, capture) {
            Some(e) => i32::from(self.captures[e]),
            None => 0,
        }
    }

    fn capture_entry(&self, side: usize, capture: usize) -> Option<usize> {
        if self.indices == 0 {
            return None;
        }
        let (index, kind) = (capture / CAPTURED_KINDS, capture % CAPTURED_KINDS);
        Some((side * self.indices + self.fold(index)) * CAPTURED_KINDS + kind)
    }

    fn update_quiet(&mut self, side: usize, rows: ContRows, (m, index): (M, usize), bonus: i32) {
        let h = &mut self.history[side * SLOTS + slot(m)];
        *h = gravity(*h, bonus);
        let column = self.fold(index);
        for row in rows.0.into_iter().flatten() {
            let c = &mut self.continuation[row + column];
            *c = gravity(i32::from(*c), bonus) as i16;
        }
    }

    fn update_capture(&mut self, side: usize, capture: usize, bonus: i32) {
        if let Some(e) = self.capture_entry(side, capture) {
            let c = &mut self.captures[e];
            *c = gravity(i32::from(*c), bonus) as i16;
        }
    }

    /// The killers of ply `ply`, the latest first.
    pub(super) fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers.get(ply).copied().unwrap_or([None, None])
    }

    /// The counter-move to the opponent's last move `previous`.
    pub(super) fn counter(&self, previous: Option<M>) -> Option<M> {
        previous.and_then(|p| self.counters[slot(p)])
    }
}

/// The capture index of capture (or promotion) `m` of `pos`: its history
/// index and the type it takes, as [`Heuristics::capture_history`] reads it.
#[must_use]
pub fn capture_index<P: Position>(pos: &P, m: P::Move) -> usize {
    pos.history_index(m) * CAPTURED_KINDS + pos.captured_kind(m).min(CAPTURED_KINDS - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::bitboard::BitboardPos;

    /// A quiet cutoff by `m` (history index `m + 1000`) at ply 3 after
    /// `previous`, side 0, with no continuation rows.
    fn quiet_cut(
        m: u16,
        previous: Option<u16>,
        depth: i32,
        quiets: &[(u16, usize)],
    ) -> Cutoff<'_, u16> {
        Cutoff {
            side: 0,
            ply: 3,
            depth,
            previous,
            rows: ContRows::default(),
            best: CutMove::Quiet(m, usize::from(m) + 1000),
            quiets,
            captures: &[],
        }
    }

    #[test]
    fn history_rewards_and_penalises_within_bounds() {
        let mut h: Heuristics<u16> = Heuristics::default();
        h.fit(2000);
        for _ in 0..1000 {
            h.reward(&quiet_cut(
                7,
                Some(99),
                20,
                &[(5, 1005), (6, 1006), (7, 1007)],
            ));
        }
        assert!(h.history(0, 7) > 8_000 && h.history(0, 7) <= HISTORY_MAX);
        assert!(h.history(0, 5) < -8_000 && h.history(0, 5) >= -HISTORY_MAX);
        assert_eq!(h.history(1, 7), 0);
        assert_eq!(h.killers(3), [Some(7), None]);
        h.reward(&quiet_cut(8, None, 1, &[]));
        assert_eq!(h.killers(3), [Some(8), Some(7)]);
        assert_eq!(h.counter(Some(99)), Some(7));
        h.age();
        assert_eq!(h.killers(3), [None, None]);
        assert_eq!(h.counter(Some(99)), Some(7));
        assert!(h.history(0, 7) > 4_000 && h.history(0, 7) <= HISTORY_MAX / 2);
    }

    #[test]
    fn continuation_histories_are_aged_and_kept_across_searches() {
        let mut h: Heuristics<u16> = Heuristics::default();
        h.fit(384);
        let rows = h.cont_rows(0, Some(10), Some(20));
        let cut = Cutoff {
            rows,
            best: CutMove::Quiet(7, 300),
            captures: &[40],
            ..quiet_cut(7, None, 6, &[])
        };
        h.reward(&cut);
        let bonus = history_bonus(6);
        assert_eq!(h.quiet_score(0, rows, 7, 300), 3 * bonus);
        assert_eq!(h.capture_history(0, 40), -bonus);
        h.age();
        assert_eq!(h.quiet_score(0, rows, 7, 300), 3 * (bonus / 2));
        assert_eq!(h.capture_history(0, 40), -bonus / 2);
        // The same size keeps them; another size starts afresh.
        h.fit(384);
        assert_eq!(h.quiet_score(0, rows, 7, 300), 3 * (bonus / 2));
        h.fit(640);
        let rows = h.cont_rows(0, Some(10), Some(20));
        assert_eq!(h.quiet_score(0, rows, 7, 300), bonus / 2);
        assert_eq!(h.capture_history(0, 40), 0);
    }

    #[test]
    fn history_indices_beyond_the_tables_fold_into_them() {
        let mut h: Heuristics<u16> = Heuristics::default();
        // 15 piece types on 16x16 squares.
        h.fit(15 * 256);
        assert_eq!(h.indices, MAX_HISTORY_INDICES);
        let last = 15 * 256 - 1;
        let rows = h.cont_rows(1, Some(last), Some(last));
        let capture = last * CAPTURED_KINDS + CAPTURED_KINDS - 1;
        for _ in 0..100 {
            h.reward(&Cutoff {
                side: 1,
                rows,
                best: CutMove::Quiet(3, last),
                quiets: &[(4, last - 1)],
                captures: &[capture],
                ..quiet_cut(3, None, 12, &[])
            });
        }
        let top = h.quiet_score(1, rows, 3, last);
        assert!((2 * HISTORY_MAX + 1..=QUIET_MAX).contains(&top), "{top}");
        let bottom = h.quiet_score(1, rows, 4, last - 1);
        assert!((-QUIET_MAX..-2 * HISTORY_MAX).contains(&bottom), "{bottom}");
        assert!(h.capture_history(1, capture) < -HISTORY_MAX / 2);
        // Before any fit nothing is read or written.
        let mut empty: Heuristics<u16> = Heuristics::default();
        assert_eq!(empty.cont_rows(0, Some(5), Some(6)), ContRows::default());
        empty.reward(&Cutoff {
            best: CutMove::Capture(capture),
            ..quiet_cut(3, None, 12, &[])
        });
        assert_eq!(empty.capture_history(0, capture), 0);
    }

    #[test]
    fn orthodox_history_indices_name_piece_and_square() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut pos = BitboardPos::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            false,
        )
        .unwrap();
        let knight_to_f3 = pos.history_index(pos.clone().parse_move("g1f3").unwrap());
        assert_eq!(knight_to_f3, 64 + 21);
        for _ in 0..300 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                assert!(pos.history_index(m) < pos.history_indices());
                let kind = pos.captured_kind(m);
                assert!(kind < CAPTURED_KINDS);
                assert_eq!(kind > 0, pos.is_capture(m), "{}", pos.move_to_string(m));
            }
            let m = moves[rng.gen_range(0..moves.len())];
            pos.make(m);
        }
    }
}
