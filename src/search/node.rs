//! The interior node of the tree: principal-variation search (negascout)
//! with transposition-table cutoffs, mate-distance pruning, razoring,
//! reverse futility and null-move pruning, check and singular extensions (with multi-cut),
//! late-move reductions, late-move and futility pruning of quiet moves,
//! and near the leaves static-exchange pruning of losing moves and history
//! pruning of quiet moves.
//!
//! Split into named phases: entry checks and table probe ([`Worker::alphabeta`]),
//! pruning before any move ([`Worker::prune_early`]) and the move loop
//! ([`Worker::search_moves`]). Scores are fail-soft, from the side to move.

use super::history::{capture_index, ContRows, CutMove, Cutoff, MAX_PLY};
use super::picker::{
    is_losing_capture_score, is_refutation_score, is_table_move_score, MovePicker, OrderContext,
    Staged,
};
use super::score::{is_mate, mate_in, mated_in, table_score, INFINITY};
use super::tt::{table_id, Bound, TtHit};
use super::tunables::{self, Tunables};
use super::worker::{PlyBuffers, Worker};
use crate::core::{Score, MATE_BOUND};
use crate::position::{Evaluate, GenKind, Position, TableWdl};
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::OnceLock;

/// Reduction table for late moves, `[depth][move number]`, both capped at
/// 63, from the process's tunables.
fn reductions() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let tune = tunables::current();
        let base = f64::from(tune.lmr_base) / 100.0;
        let divisor = f64::from(tune.lmr_divisor) / 100.0;
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                // The usual log-log shape: deep nodes and late moves reduce most.
                *r = (base + (d as f64).ln() * (n as f64).ln() / divisor) as u8;
            }
        }
        t
    })
}

/// Extra draft of a table result in the transposition table: it is worth
/// a deep search.
const TABLE_DRAFT: i32 = 6;

/// What the singular search says of the table's move.
enum Singular {
    /// Search it this many plies deeper.
    Extend(i32),
    /// Cut the node with this score (multi-cut, or the search stopped).
    Cut(Score),
}

/// What the move loop needs to know about its node.
struct NodeContext {
    ply: usize,
    depth: i32,
    beta: Score,
    pv_node: bool,
    in_check: bool,
    /// The static evaluation as the evaluation gives it, and corrected
    /// ([`Worker::corrected`]); `-INFINITY` in check.
    raw_eval: Score,
    static_eval: Score,
    /// The corrected static evaluation, refined by the table's bound.
    eval: Score,
    improving: bool,
    tt_move: Option<u32>,
    /// Extra plies for the table's move (singular extension).
    tt_extension: i32,
    /// The move this node leaves out (singular search), if any.
    excluded: Option<u32>,
    key: u64,
}

/// What [`Worker::search_child`] needs to know about the move it searches.
#[derive(Clone, Copy)]
struct MoveFacts {
    /// Its number among the node's legal moves, from 1.
    number: i32,
    /// Neither a capture nor a promotion.
    quiet: bool,
    /// Its ordering score.
    order_score: i32,
    /// Its butterfly history (0 for captures).
    history: i32,
}

impl<P: Position + Evaluate> Worker<'_, P> {
    /// Searches the node at `ply` to `depth` plies within `(alpha, beta)`.
    pub(crate) fn alphabeta(
        &mut self,
        mut alpha: Score,
        mut beta: Score,
        depth: i32,
        ply: usize,
    ) -> Score {
        self.pv[ply].clear();
        if depth <= 0 {
            return self.quiescence(alpha, beta, ply);
        }
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(score) = self.terminal_score(ply) {
            return score;
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }
        // Mate-distance pruning: no line from here beats a mate already found.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = self.pos.hash();
        let hit = self.tt.probe(key, ply);
        let excluded = self.excluded[ply];
        if let Some(h) = hit {
            // Learned positions (position learning) are trusted even in the PV.
            let trusted = !pv_node || (ply > 0 && self.tt.is_learned(key));
            let whole = excluded.is_none();
            if whole && trusted && i32::from(h.depth) >= depth && cuts(h, alpha, beta) {
                return h.score;
            }
        }
        if let Some(score) = self.table_cut(depth, ply, key) {
            return score;
        }
        let in_check = self.pos.in_check();
        let (raw_eval, static_eval, eval) = if in_check {
            (-INFINITY, -INFINITY, -INFINITY)
        } else {
            let raw = self.evaluate();
            let corrected = self.corrected(raw);
            (raw, corrected, refined_eval(corrected, hit))
        };
        self.evals[ply] = eval;
        // Improving: better than two plies ago, so prune less.
        let improving = !in_check && ply >= 2 && eval > self.evals[ply - 2];
        if !pv_node && !in_check && excluded.is_none() {
            if let Some(score) = self.prune_early(eval, beta, depth, ply, improving) {
                return score;
            }
        }
        let tt_move = hit.and_then(|h| h.move_id);
        // Internal iterative reduction: without a table move this node was
        // never searched well; search it shallower first.
        let depth = if depth >= 4 && tt_move.is_none() {
            depth - 1
        } else {
            depth
        };
        let tt_extension = match hit {
            Some(h) if excluded.is_none() => match self.singular(h, beta, depth, ply) {
                Singular::Cut(score) => return score,
                Singular::Extend(plies) => plies,
            },
            _ => 0,
        };
        let ctx = NodeContext {
            ply,
            depth,
            beta,
            pv_node,
            in_check,
            raw_eval,
            static_eval,
            eval,
            improving,
            tt_move,
            tt_extension,
            excluded,
            key,
        };
        self.search_moves(alpha, &ctx)
    }

    /// The endgame tables' value of the node, when they hold it. It ends
    /// the node whatever the window: a table win is won, only its distance
    /// is unknown (a mate found elsewhere still scores higher). Stored in
    /// the transposition table as a deep result, a win as a lower bound
    /// and a loss as an upper one.
    fn table_cut(&mut self, depth: i32, ply: usize, key: u64) -> Option<Score> {
        let tables = self.tables?;
        if ply == 0 || self.excluded[ply].is_some() {
            return None;
        }
        let wdl = tables.probe(&self.pos, depth)?;
        self.table_hits += 1;
        let score = table_score(wdl, ply, self.draw(ply));
        let bound = match wdl {
            TableWdl::Win => Bound::Lower,
            TableWdl::Loss => Bound::Upper,
            TableWdl::CursedWin | TableWdl::Draw | TableWdl::BlessedLoss => Bound::Exact,
        };
        let entry = TtHit {
            move_id: None,
            score,
            depth: u8::try_from(depth + TABLE_DRAFT).unwrap_or(u8::MAX),
            bound,
        };
        self.tt.store(key, ply, entry);
        Some(score)
    }

    /// Singular extension and multi-cut: when the table says its move
    /// fails high here, searches the node without it, shallower, below the
    /// table's score. If every other move fails low there, the table's
    /// move is singular and is searched one ply deeper; if the others
    /// still reach beta, several moves would cut and the node is cut.
    fn singular(&mut self, h: TtHit, beta: Score, depth: i32, ply: usize) -> Singular {
        let Some(id) = h.move_id else {
            return Singular::Extend(0);
        };
        if depth < self.tune.singular_depth
            || ply == 0
            || i32::from(h.depth) < depth - 3
            || h.bound == Bound::Upper
            || is_mate(h.score)
            || ply as i32 >= 2 * self.root_depth
        {
            return Singular::Extend(0);
        }
        let singular_beta = h.score - self.tune.singular_margin * depth;
        self.excluded[ply] = Some(id);
        let score = self.alphabeta(singular_beta - 1, singular_beta, (depth - 1) / 2, ply);
        self.excluded[ply] = None;
        if self.stopped {
            Singular::Cut(0)
        } else if score < singular_beta {
            Singular::Extend(1)
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::Extend(0)
        }
    }

    /// Razoring, reverse futility and null-move pruning; `Some(score)`
    /// cuts the node (outside the principal variation, so alpha is beta − 1).
    fn prune_early(
        &mut self,
        eval: Score,
        beta: Score,
        depth: i32,
        ply: usize,
        improving: bool,
    ) -> Option<Score> {
        let t = self.tune;
        // Razoring: far below alpha near the leaves, only a capture could
        // save the node; if quiescence agrees, it fails low.
        let alpha = beta - 1;
        if depth <= t.razor_depth && eval + t.razor_margin * depth < alpha {
            let score = self.quiescence(alpha, beta, ply);
            if self.stopped {
                return Some(0);
            }
            if score < beta {
                return Some(score);
            }
        }
        // Reverse futility: far above beta at low depth, the opponent is lost anyway.
        let margin = t.rfp_margin * depth - if improving { t.rfp_improving } else { 0 };
        if depth <= t.rfp_depth && eval - margin >= beta && !is_mate(eval) {
            return Some(eval);
        }
        // Null move (recursive, but never two in a row): if passing still
        // fails high, a real move will too. Off when zugzwang is likely.
        let after_null = ply > 0 && self.path[ply].is_none();
        if depth >= 3
            && eval >= beta
            && !after_null
            && !is_mate(beta)
            && self.pos.null_move_allowed()
        {
            let r = t.nmp_base
                + depth / t.nmp_depth_divisor
                + ((eval - beta) / t.nmp_eval_divisor).min(2);
            let barrier = self.make_null(ply);
            let score = -self.alphabeta(-beta, -beta + 1, depth - 1 - r, ply + 1);
            self.unmake_null(barrier);
            if self.stopped {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= MATE_BOUND { beta } else { score });
            }
        }
        None
    }

    /// The move loop: PVS over ordered moves with reductions and pruning;
    /// stores the result in the transposition table.
    fn search_moves(&mut self, mut alpha: Score, ctx: &NodeContext) -> Score {
        let ply = ctx.ply;
        let mut buffers = std::mem::take(&mut self.buffers[ply]);
        buffers.quiets.clear();
        buffers.captures.clear();
        let side = self.pos.side_to_move().index();
        let rows = self.cont_rows(side, ply);
        let table_move = ctx.tt_move.and_then(|code| {
            self.pos
                .find_coded_move(code, GenKind::All, &mut buffers.moves)
        });
        let mut stages = Staged::new(table_move);
        let order = OrderContext {
            tt_move: ctx.tt_move,
            ply,
            previous: self.path[ply],
            rows,
        };
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut legal = 0;
        let mut late_phase = false;
        while let Some((m, order_score)) = stages.next_move(&self.pos, || {
            buffers.moves.clear();
            self.pos.generate(GenKind::All, &mut buffers.moves);
            let moves = std::mem::take(&mut buffers.moves);
            let store = std::mem::take(&mut buffers.picker);
            MovePicker::new(&self.pos, moves, self.heuristics, &order, store)
        }) {
            if ctx.excluded.is_some_and(|e| e == table_id::<P>(m)) {
                continue;
            }
            let quiet = !self.pos.is_capture(m) && !self.pos.is_promotion(m);
            let settled = legal > 0 && best > -MATE_BOUND;
            let late = quiet && settled && prunes_quiet(ctx, self.tune, legal, alpha);
            // Reductions and pruning judge a quiet move by its butterfly
            // history alone; the continuation histories only order.
            let history = if quiet {
                self.heuristics.history(side, m)
            } else {
                0
            };
            let unpromising = settled
                && !late
                && prunes_unpromising(ctx, self.tune, quiet, order_score, history, || {
                    self.pos.see(m)
                });
            if unpromising && !quiet {
                continue;
            }
            let prunable = late || unpromising;
            // A pruned quiet move is played only to see whether it checks.
            if prunable && !self.pos.may_give_check(m) {
                if late && !late_phase {
                    // From here on every quiet move that cannot check is
                    // skipped (the conditions only tighten): drop them now
                    // if that leaves the order of the others as it was.
                    late_phase = true;
                    let pos = &self.pos;
                    stages.keep_distinct(|q| {
                        pos.is_capture(q) || pos.is_promotion(q) || pos.may_give_check(q)
                    });
                }
                continue;
            }
            let capture = (!quiet).then(|| capture_index(&self.pos, m));
            if !self.make(m, ply) {
                continue;
            }
            let index = self.path_index[ply + 1];
            // Checks are never pruned: they are what finds mates.
            if prunable && !self.pos.in_check() {
                self.unmake(m);
                continue;
            }
            legal += 1;
            let facts = MoveFacts {
                number: legal,
                quiet,
                order_score,
                history,
            };
            let score = self.search_child(alpha, ctx, &facts);
            self.unmake(m);
            if self.stopped {
                give_back(stages, &mut buffers);
                self.buffers[ply] = buffers;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if ctx.pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= ctx.beta {
                        self.heuristics.reward(&Cutoff {
                            side,
                            ply,
                            depth: ctx.depth,
                            previous: self.path[ply],
                            rows,
                            best: capture.map_or(CutMove::Quiet(m, index), CutMove::Capture),
                            quiets: &buffers.quiets,
                            captures: &buffers.captures,
                        });
                        break;
                    }
                }
            }
            match capture {
                Some(c) => buffers.captures.push(c),
                None => buffers.quiets.push((m, index)),
            }
        }
        give_back(stages, &mut buffers);
        self.buffers[ply] = buffers;
        if ctx.excluded.is_some() {
            // Without its best move the node's result belongs in no table.
            return if legal == 0 { alpha } else { best };
        }
        if legal == 0 {
            return self.verdict(self.pos.no_move_verdict(), ply);
        }
        let depth = ctx.depth.clamp(0, 255) as u8;
        self.store(ctx.key, ply, best, ctx.beta, best_move, depth);
        self.learn_correction(ctx, best, best_move);
        best
    }

    /// Teaches the correction history the error of the static evaluation,
    /// where the node's result says something about it: not in check, the
    /// best move quiet (a capture's gain is the search's, not the
    /// evaluation's), no mate, and a bound that lies on the far side of the
    /// static score.
    fn learn_correction(&mut self, ctx: &NodeContext, best: Score, best_move: Option<P::Move>) {
        if ctx.in_check || is_mate(best) {
            return;
        }
        if best_move.is_some_and(|m| self.pos.is_capture(m) || self.pos.is_promotion(m)) {
            return;
        }
        let informative = if best >= ctx.beta {
            best > ctx.static_eval
        } else if best_move.is_none() {
            best < ctx.static_eval
        } else {
            true
        };
        if let (true, Some(key)) = (informative, self.pos.pawn_key()) {
            let side = self.pos.side_to_move().index();
            self.heuristics
                .correction
                .learn(side, key, ctx.depth, ctx.raw_eval, best);
        }
    }

    /// The continuation rows of the node at `ply`, where `side` moves:
    /// after the moves that led to it one and two plies back.
    fn cont_rows(&self, side: usize, ply: usize) -> ContRows {
        let back = |n: usize| {
            let at = ply.checked_sub(n)?;
            self.path[at].map(|_| self.path_index[at])
        };
        self.heuristics.cont_rows(side, back(0), back(1))
    }

    /// Stores a node's result: a lower bound if it failed high, exact if a
    /// move beat alpha, else an upper bound.
    pub(crate) fn store(
        &self,
        key: u64,
        ply: usize,
        best: Score,
        beta: Score,
        best_move: Option<P::Move>,
        depth: u8,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = TtHit {
            move_id: best_move.map(table_id::<P>),
            score: best,
            depth,
            bound,
        };
        self.tt.store(key, ply, entry);
    }

    /// Searches the child after `m` (already made): full window for the
    /// first move, else a reduced null-window probe re-searched on need.
    fn search_child(&mut self, alpha: Score, ctx: &NodeContext, facts: &MoveFacts) -> Score {
        let MoveFacts {
            number,
            quiet,
            order_score,
            history,
        } = *facts;
        let gives_check = self.pos.in_check();
        // Check extension, bounded so perpetual checks cannot run away.
        let check = i32::from(gives_check && (ctx.ply as i32) < 2 * self.root_depth);
        let singular = if is_table_move_score(order_score) {
            ctx.tt_extension
        } else {
            0
        };
        let new_depth = ctx.depth - 1 + check.max(singular);
        let ply = ctx.ply + 1;
        if number == 1 {
            return -self.alphabeta(-ctx.beta, -alpha, new_depth, ply);
        }
        let mut r = 0;
        if ctx.depth >= 3 && quiet && !ctx.in_check && !gives_check {
            r = i32::from(reductions()[ctx.depth.min(63) as usize][number.min(63) as usize]);
            if ctx.pv_node {
                r -= 1;
            }
            if is_refutation_score(order_score) {
                r -= 1;
            } else {
                // Quiet moves with a good history reduce less, bad ones more.
                r -= (history / self.tune.lmr_history_step).clamp(-1, 2);
            }
            if !ctx.improving {
                r += 1;
            }
            r = r.clamp(0, new_depth - 1);
        }
        let mut score = -self.alphabeta(-alpha - 1, -alpha, new_depth - r, ply);
        if score > alpha && r > 0 && !self.stopped {
            score = -self.alphabeta(-alpha - 1, -alpha, new_depth, ply);
        }
        if score > alpha && score < ctx.beta && ctx.pv_node && !self.stopped {
            score = -self.alphabeta(-ctx.beta, -alpha, new_depth, ply);
        }
        score
    }
}

/// Returns the picker's storage to the ply's buffers.
pub(crate) fn give_back<M: Copy + Eq + Hash + Debug>(
    stages: Staged<M>,
    buffers: &mut PlyBuffers<M>,
) {
    if let Some((moves, store)) = stages.into_buffers() {
        buffers.moves = moves;
        buffers.picker = store;
    }
}

/// Late-move and futility pruning of a quiet move, once a legal move has
/// been searched: late quiet moves rarely matter at low depth (LMP), and a
/// quiet move cannot lift a hopeless static score (futility); the margins
/// are tunables of `t`.
fn prunes_quiet(ctx: &NodeContext, t: &Tunables, searched: i32, alpha: Score) -> bool {
    if ctx.pv_node || ctx.in_check {
        return false;
    }
    let limit = t.lmp_base + ctx.depth * ctx.depth;
    let late = ctx.depth <= 8 && searched >= if ctx.improving { limit } else { limit / 2 + 1 };
    let futile = ctx.depth <= t.futility_depth
        && ctx.eval + t.futility_margin * ctx.depth + t.futility_base <= alpha;
    late || futile
}

/// Deepest remaining depth at which [`prunes_unpromising`] prunes.
const UNPROMISING_DEPTH: i32 = 8;

/// Deepest remaining depth at which a quiet move is pruned for its history.
const HISTORY_PRUNING_DEPTH: i32 = 3;

/// Static-exchange and history pruning near the leaves, once a legal move
/// has been searched: a capture that loses more than `see_capture·depth²`
/// by static exchange, a quiet move that puts its piece where it loses more
/// than `see_quiet·depth`, or (outside the principal variation, at depth 3
/// or less) a quiet move whose butterfly history is below
/// `-history_pruning·depth` (tunables of `t`; by default 25, 70 and 4000).
/// Never in check, at the root, for the table's move, or for killers and
/// the counter-move.
/// `order_score` is the move's ordering score, `history` the butterfly
/// history of a quiet move, and `see` gives its static exchange, asked
/// only when needed.
fn prunes_unpromising(
    ctx: &NodeContext,
    t: &Tunables,
    quiet: bool,
    order_score: i32,
    history: i32,
    see: impl FnOnce() -> Score,
) -> bool {
    let depth = ctx.depth;
    if depth > UNPROMISING_DEPTH || ctx.in_check || ctx.ply == 0 || is_table_move_score(order_score)
    {
        return false;
    }
    if !quiet {
        return is_losing_capture_score(order_score) && see() < -t.see_capture * depth * depth;
    }
    if is_refutation_score(order_score) {
        return false;
    }
    let poor_history =
        !ctx.pv_node && depth <= HISTORY_PRUNING_DEPTH && history < -t.history_pruning * depth;
    poor_history || see() < -t.see_quiet * depth
}

/// The static evaluation, replaced by the table's score when its bound
/// says the true value lies beyond it in that direction.
fn refined_eval(eval: Score, hit: Option<TtHit>) -> Score {
    match hit {
        Some(h) if !is_mate(h.score) => match h.bound {
            Bound::Exact => h.score,
            Bound::Lower if h.score > eval => h.score,
            Bound::Upper if h.score < eval => h.score,
            _ => eval,
        },
        _ => eval,
    }
}

/// Whether a stored bound decides the window.
pub(crate) fn cuts(h: TtHit, alpha: Score, beta: Score) -> bool {
    match h.bound {
        Bound::Exact => true,
        Bound::Lower => h.score >= beta,
        Bound::Upper => h.score <= alpha,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::picker::{BAD_CAPTURE, COUNTER, GOOD_CAPTURE, KILLER, TT_MOVE};

    fn node(depth: i32, pv_node: bool) -> NodeContext {
        NodeContext {
            ply: 3,
            depth,
            beta: 1,
            pv_node,
            in_check: false,
            raw_eval: 0,
            static_eval: 0,
            eval: 0,
            improving: false,
            tt_move: None,
            tt_extension: 0,
            excluded: None,
            key: 0,
        }
    }

    fn capture(ctx: &NodeContext, order_score: i32, see: Score) -> bool {
        prunes_unpromising(ctx, &Tunables::default(), false, order_score, 0, || see)
    }

    fn quiet(ctx: &NodeContext, order_score: i32, see: Score) -> bool {
        prunes_unpromising(
            ctx,
            &Tunables::default(),
            true,
            order_score,
            order_score,
            || see,
        )
    }

    #[test]
    fn losing_captures_are_pruned_below_a_margin_of_25_depth_squared() {
        let losing = BAD_CAPTURE + 500;
        assert!(capture(&node(1, false), losing, -26));
        assert!(!capture(&node(1, false), losing, -25));
        assert!(capture(&node(2, true), losing, -101));
        assert!(!capture(&node(2, true), losing, -100));
        assert!(!capture(&node(3, false), losing, -224));
        assert!(capture(&node(3, false), losing, -226));
        assert!(capture(&node(8, false), losing, -1601));
        assert!(!capture(&node(8, false), losing, -1600));
    }

    #[test]
    fn captures_that_do_not_lose_are_kept_without_an_exchange() {
        let never = || -> Score { panic!("exchange asked for a winning capture") };
        assert!(!prunes_unpromising(
            &node(1, false),
            &Tunables::default(),
            false,
            GOOD_CAPTURE + 100,
            0,
            never
        ));
    }

    #[test]
    fn nothing_is_pruned_in_check_at_the_root_deep_or_for_the_table_move() {
        let losing = BAD_CAPTURE + 500;
        let mut in_check = node(2, false);
        in_check.in_check = true;
        assert!(!capture(&in_check, losing, -2000));
        assert!(!quiet(&in_check, -16_000, -900));
        let mut root = node(2, false);
        root.ply = 0;
        assert!(!capture(&root, losing, -2000));
        assert!(!quiet(&root, -16_000, -900));
        assert!(!capture(&node(9, false), losing, -5000));
        assert!(!quiet(&node(9, false), -16_000, -900));
        assert!(!capture(&node(2, false), TT_MOVE, -2000));
        assert!(!quiet(&node(2, false), TT_MOVE, -900));
    }

    #[test]
    fn killers_and_counter_moves_are_never_pruned() {
        for score in [KILLER + 1, KILLER, COUNTER] {
            assert!(!quiet(&node(1, false), score, -900));
        }
    }

    #[test]
    fn quiet_moves_are_pruned_for_a_lost_piece_at_70_per_ply() {
        assert!(quiet(&node(1, true), 0, -71));
        assert!(!quiet(&node(1, true), 0, -70));
        assert!(quiet(&node(5, false), 0, -351));
        assert!(!quiet(&node(5, false), 0, -350));
    }

    #[test]
    fn quiet_moves_with_a_poor_history_are_pruned_near_the_leaves_outside_the_pv() {
        assert!(quiet(&node(1, false), -4001, 0));
        assert!(!quiet(&node(1, false), -4000, 0));
        assert!(quiet(&node(3, false), -12_001, 0));
        assert!(!quiet(&node(3, false), -12_000, 0));
        assert!(!quiet(&node(3, true), -16_000, 0));
        assert!(!quiet(&node(4, false), -16_000, 0));
    }
}
