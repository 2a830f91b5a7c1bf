//! Quiescence search: captures and promotions only (`GenKind::Captures`)
//! until the position is quiet, so the static evaluation is never taken in
//! the middle of an exchange.
//!
//! Standing pat on the static score, MVV/LVA ordering (with the main
//! search's capture history) and static exchange evaluation, delta
//! pruning (skip a capture that cannot lift the score to alpha even with a
//! margin) and SEE pruning (skip a capture that loses material on its
//! square).
//! In check there is no standing pat: every evasion is searched, so mates at
//! the horizon are seen. Variant rules are checked at every node.

use super::history::MAX_PLY;
use super::node::cuts;
use super::picker::{gain_estimate, is_losing_capture_score, MovePicker};
use super::score::INFINITY;
use super::worker::Worker;
use crate::core::Score;
use crate::position::{Evaluate, GenKind, Position};

impl<P: Position + Evaluate> Worker<'_, P> {
    /// Searches captures (or evasions in check) from the node at `ply`.
    pub(crate) fn quiescence(&mut self, mut alpha: Score, beta: Score, ply: usize) -> Score {
        self.pv[ply].clear();
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(v) = self.pos.rule_verdict() {
            return self.verdict(v, ply);
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }
        let key = self.pos.hash();
        let hit = self.tt.probe(key, ply);
        if let Some(h) = hit {
            if beta - alpha == 1 && cuts(h, alpha, beta) {
                return h.score;
            }
        }
        let in_check = self.pos.in_check();
        let stand_pat = if in_check {
            -INFINITY
        } else {
            let raw = self.evaluate();
            self.corrected(raw)
        };
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let kind = if in_check {
            GenKind::All
        } else {
            GenKind::Captures
        };
        let mut buffers = std::mem::take(&mut self.buffers[ply]);
        buffers.moves.clear();
        self.pos.generate(kind, &mut buffers.moves);
        let tt_move = hit.and_then(|h| h.move_id);
        let moves = std::mem::take(&mut buffers.moves);
        let mut picker =
            MovePicker::captures(&self.pos, moves, self.heuristics, tt_move, buffers.picker);
        let (mut best, mut best_move, mut legal) = (stand_pat, None, 0);
        while let Some((m, order)) = picker.next_move(&self.pos) {
            if !in_check
                && !self.pos.is_promotion(m)
                && (is_losing_capture_score(order)
                    || stand_pat + gain_estimate(&self.pos, m) + self.tune.delta_margin <= alpha)
            {
                continue;
            }
            if !self.pos.make(m) {
                continue;
            }
            legal += 1;
            let score = -self.quiescence(-beta, -alpha, ply + 1);
            self.pos.unmake(m);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        (buffers.moves, buffers.picker) = picker.into_buffers();
        self.buffers[ply] = buffers;
        if self.stopped {
            return 0;
        }
        if in_check && legal == 0 {
            return self.verdict(self.pos.no_move_verdict(), ply);
        }
        self.store(key, ply, best, beta, best_move, 0);
        best
    }
}
