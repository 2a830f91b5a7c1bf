//! UCI's model on the control thread: the GUI sends the whole position
//! (`SetPosition`), then one search order (`Search`), and every order is
//! answered by exactly one `BestMove`, which the engine does not play; it
//! never searches on its own.
//!
//! An order that waits (`go infinite`, `go ponder`) keeps its best move
//! back until `stop` or `ponderhit`, even when the search ends by itself;
//! `ponderhit` gives a pondering search the time of its order from now on.
//! A search cut short by anything else (a new position, `quit`, a dead
//! search thread) still reports the best move of its last iteration, so a
//! GUI never waits for a move that will not come.
//!
//! Book and learning: a timed order probes the variant's book like an
//! XBoard move; its move is recorded for learning, and a game that ends on
//! the board (in a position the GUI sends, or with our move) is learned
//! from, as in XBoard when it sends `result`.

use super::{Control, Kind, Model, Running};
use crate::core::{Color, MATE};
use crate::engine::any_move::AnyMove;
use crate::engine::api::{Command, Event, MoveName, PositionFault, SearchOrder, Thinking};
use crate::engine::clock::{MoveLimits, TimeLimit};
use crate::engine::search_thread::{Job, Outcome, Stop};
use crate::engine::think;
use crate::search::Bound;
use std::time::{Duration, Instant};

/// How long a UCI search runs before it names the root move it is on
/// (`info depth D currmove M currmovenumber N`).
pub(super) const CURRENT_MOVE_AFTER: Duration = Duration::from_secs(1);
/// How often it looks again after that (a move is named once).
const CURRENT_MOVE_EVERY: Duration = Duration::from_millis(250);

/// What a running UCI search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    /// The best move waits for `stop` (infinite) or `ponderhit` (ponder).
    hold: bool,
    /// Pondering: the limits that start at `ponderhit`.
    on_hit: Option<MoveLimits>,
    /// Stop at a mate in this many moves.
    mate: Option<u32>,
    /// A timed move of the game (not analysis, not a ponder miss): it is
    /// recorded for learning.
    game_move: bool,
    /// Played below full strength (`LimitStrength`; not in analysis).
    pub(super) weak: bool,
}

/// A finished order whose best move waits for `stop` or `ponderhit`.
#[derive(Clone, Debug)]
struct Held {
    order: Order,
    /// Its search was among this many book moves.
    book_choices: Option<usize>,
    outcome: Outcome,
}

/// The state of UCI's model.
#[derive(Clone, Debug, Default)]
pub(super) struct UciState {
    /// A finished search whose best move waits for `stop` or `ponderhit`.
    held: Option<Box<Held>>,
    /// The last position: FEN (`None`: the start) and moves.
    line: Option<(Option<String>, Vec<MoveName>)>,
    /// Whether this game's orders carried clocks (learning needs it).
    timed: bool,
}

impl Control {
    /// `uci`: the engine follows UCI's model from now on (a search of
    /// CECP's model is abandoned), and says what it offers.
    pub(super) fn follow_uci(&mut self) {
        self.abandon();
        if !matches!(self.model, Model::Uci(_)) {
            self.model = Model::Uci(UciState::default());
        }
        self.hello();
    }

    /// UCI's orders; anything else (CECP's commands) needs no reply.
    pub(super) fn handle_order(&mut self, command: Command) {
        match command {
            Command::NewGame => self.uci_new_game(),
            Command::SetPosition { fen, moves } => self.set_position(fen, moves),
            Command::Search(order) => self.search_order(order),
            Command::Stop => self.stop_order(),
            Command::PonderHit => self.ponder_hit_order(),
            _ => {}
        }
    }

    /// `ucinewgame`: the variant's start, an empty table, a new game.
    fn uci_new_game(&mut self) {
        self.abandon();
        self.search.thread.send(Job::Clear);
        let start = self.start_fen.clone();
        // The variant's own start position always fits it.
        let _ = self.game.set_fen(&start);
        self.books.new_game();
        if let Some(state) = self.uci_mut() {
            state.line = None;
            state.timed = false;
        }
        self.position_changed();
    }

    /// `position`: all or nothing.
    fn set_position(&mut self, fen: Option<String>, moves: Vec<MoveName>) {
        self.abandon();
        let mut game = self.game.clone();
        let start = fen.clone().unwrap_or_else(|| self.start_fen.clone());
        if let Err(e) = game.set_fen(&start) {
            self.refuse_position(PositionFault::Fen(e.to_string()));
            return;
        }
        for m in &moves {
            if game.play_named(m).is_err() {
                self.refuse_position(PositionFault::Move(*m));
                return;
            }
        }
        self.game = game;
        self.position_changed();
        self.follow_game(fen, moves);
    }

    fn refuse_position(&mut self, fault: PositionFault) {
        self.out.push(Event::PositionRefused(fault));
    }

    /// Keeps the books' game record: a position that does not continue the
    /// last one starts a new game; one that ends the game is learned from.
    fn follow_game(&mut self, fen: Option<String>, moves: Vec<MoveName>) {
        let Model::Uci(state) = &mut self.model else {
            return;
        };
        let continues = state
            .line
            .as_ref()
            .is_some_and(|(f, ms)| *f == fen && moves.starts_with(ms));
        if !continues {
            state.timed = false;
            self.books.new_game();
        }
        state.line = Some((fen, moves));
        self.learn_if_over();
    }

    fn learn_if_over(&mut self) {
        let timed = self.game_timed();
        if let Some(result) = self.game.result() {
            self.learn_from_game(result.winner, timed);
        }
    }

    /// Whether this game's orders carried clocks.
    fn game_timed(&self) -> bool {
        matches!(&self.model, Model::Uci(state) if state.timed)
    }

    /// `go`: one search of the current position.
    fn search_order(&mut self, order: SearchOrder) {
        self.abandon();
        let white = self.game.side_to_move() == Color::White;
        let clock = order.clock;
        let (left, inc_ms) = if white {
            (clock.white_ms, clock.white_inc_ms)
        } else {
            (clock.black_ms, clock.black_inc_ms)
        };
        let time = match (order.move_time_ms, left) {
            (Some(ms), _) => TimeLimit::MoveTime { ms },
            (None, Some(left_ms)) => TimeLimit::Clock {
                left_ms,
                inc_ms,
                moves_to_go: clock.moves_to_go.filter(|&n| n > 0),
            },
            (None, None) => TimeLimit::Infinite,
        };
        let timed = time != TimeLimit::Infinite;
        let mut limits = MoveLimits::for_time(time);
        limits.depth = order.depth;
        limits.nodes = order.nodes;
        let waits = order.infinite || order.ponder;
        let weak = !order.infinite && self.settings.strength.limited;
        if weak {
            limits.nodes = self.settings.strength.cap_nodes(limits.nodes);
        }
        let kind = Order {
            hold: waits,
            on_hit: order.ponder.then_some(limits),
            mate: order.mate,
            game_move: timed && !waits,
            weak,
        };
        if waits {
            limits.time = TimeLimit::Infinite;
            limits.deadline_ms = None;
        }
        if let Some(state) = self.uci_mut() {
            state.timed |= timed;
        }
        self.restrict_root(&order.search_moves);
        if !(kind.game_move && self.order_from_book(kind, limits)) {
            self.launch(Kind::Order(kind), limits, None);
        }
        self.here.excluded.clear();
    }

    /// `searchmoves`: every other legal move is excluded (ignored when
    /// none of them is legal).
    fn restrict_root(&mut self, moves: &[MoveName]) {
        let wanted: Vec<AnyMove> = moves
            .iter()
            .filter_map(|m| self.game.named_move(m))
            .collect();
        if wanted.is_empty() {
            if !moves.is_empty() {
                self.out.push(Event::Error {
                    reason: "no legal move among them".into(),
                    command: "searchmoves (ignored)".into(),
                });
            }
            return;
        }
        self.here.excluded = self.game.legal_moves();
        self.here.excluded.retain(|m| !wanted.contains(m));
    }

    /// Answers from the book if it has a move here; true when it did (or
    /// started the brief search among book moves).
    fn order_from_book(&mut self, order: Order, limits: MoveLimits) -> bool {
        self.follow_book(Kind::Order(order), limits, |control, choices, outcome| {
            control.deliver(order, Some(choices), outcome);
        })
    }

    /// `stop`: the running search ends now and reports; a held best move
    /// goes out.
    fn stop_order(&mut self) {
        if let Some(run) = &mut self.search.running {
            if let Kind::Order(order) = &mut run.kind {
                order.hold = false;
                run.stop.request(Stop::Now);
            }
            return;
        }
        self.release_held();
    }

    /// `ponderhit`: the pondering search becomes the move's search, with
    /// the order's time counted from now.
    fn ponder_hit_order(&mut self) {
        let width = self.game.width();
        if let Some(run) = &mut self.search.running {
            if let Kind::Order(order) = &mut run.kind {
                order.hold = false;
                if let Some(limits) = order.on_hit.take() {
                    order.game_move = limits.time != TimeLimit::Infinite;
                    run.deadline = hit_deadline(&limits, width);
                }
            }
            return;
        }
        if let Some(state) = self.uci_mut() {
            if let Some(Held { order, .. }) = state.held.as_deref_mut() {
                order.game_move = order.on_hit.is_some_and(|l| l.time != TimeLimit::Infinite);
            }
        }
        self.release_held();
    }

    /// A progress line of the running order, always shown; the best line
    /// of an order for a mate (`go mate N`) stops the search once it has
    /// found one.
    pub(super) fn order_progress(&mut self, info: Thinking) {
        let mate_found = |n: u32| {
            let plies = i64::from(n).saturating_mul(2) - 1;
            i64::from(MATE) - i64::from(info.score) <= plies
        };
        if let Some(run) = &self.search.running {
            if let Kind::Order(Order { mate: Some(n), .. }) = run.kind {
                if info.bound == Bound::Exact && info.multipv.max(1) == 1 && mate_found(n) {
                    run.stop.request(Stop::Now);
                }
            }
        }
        self.out.push(Event::Thinking(info));
    }

    /// Names the root move the running order's search is on, when it is
    /// time to look and the move is new.
    pub(super) fn show_current_move(&mut self) {
        let now = Instant::now();
        let shown = {
            let Some(run) = &mut self.search.running else {
                return;
            };
            if run.current_move_at.is_none_or(|at| now < at) {
                return;
            }
            run.current_move_at = Some(now + CURRENT_MOVE_EVERY);
            let Some(progress) = &run.progress else {
                return;
            };
            let depth = progress.snapshot().depth;
            let (current, done) = progress.current_move();
            let Some(m) = current else { return };
            if run.current_shown == Some((depth, done)) {
                return;
            }
            run.current_shown = Some((depth, done));
            (depth, m, done)
        };
        let (depth, m, done) = shown;
        let line = self.game.variation(&[m]);
        if !line.is_empty() {
            self.out.push(Event::CurrentMove {
                depth,
                line,
                number: done.saturating_add(1),
            });
        }
    }

    /// The order's search ended by itself or after `stop`: its move is
    /// reported, or held back for `stop` or `ponderhit`.
    pub(super) fn order_done(
        &mut self,
        order: Order,
        book_choices: Option<usize>,
        outcome: Outcome,
    ) {
        if order.hold {
            if let Some(state) = self.uci_mut() {
                state.held = Some(Box::new(Held {
                    order,
                    book_choices,
                    outcome,
                }));
                return;
            }
        }
        self.deliver(order, book_choices, outcome);
    }

    /// Reports the best move of a search cut short: its last line's, else
    /// the first legal move.
    pub(super) fn order_cut_short(&mut self, run: &Running) {
        let line = match run.lines.first() {
            Some(last) if !last.pv.is_empty() => last.pv.first_moves(2),
            _ => {
                let first: Vec<AnyMove> = self.game.legal_moves().into_iter().take(1).collect();
                self.game.variation(&first)
            }
        };
        self.out.push(Event::BestMove(line));
    }

    /// Sends the best move held back for `stop` or `ponderhit`, if any.
    pub(super) fn release_held(&mut self) {
        let held = self.uci_mut().and_then(|s| s.held.take());
        if let Some(held) = held {
            let Held {
                order,
                book_choices,
                outcome,
            } = *held;
            self.deliver(order, book_choices, outcome);
        }
    }

    /// Reports the best move, recorded for learning when it is a move of
    /// the game.
    fn deliver(&mut self, order: Order, book_choices: Option<usize>, outcome: Outcome) {
        if let (None, Some(score)) = (&outcome.best, outcome.score) {
            // No legal move: the verdict's score, as a line of depth 0.
            self.out.push(Event::Thinking(Thinking {
                depth: 0,
                seldepth: 0,
                multipv: 1,
                hashfull: 0,
                score,
                centis: 0,
                nodes: 0,
                pv: self.game.variation(&[]),
                bound: Bound::Exact,
            }));
        }
        if order.game_move {
            self.record_order_move(book_choices, &outcome);
        }
        let moves: Vec<AnyMove> = match outcome.best {
            Some(best) => std::iter::once(best).chain(outcome.ponder).collect(),
            None => Vec::new(),
        };
        self.out.push(Event::BestMove(self.game.variation(&moves)));
    }

    /// Records our move in the books' game record, and learns if it ends
    /// the game.
    fn record_order_move(&mut self, book_choices: Option<usize>, outcome: &Outcome) {
        let Some(best) = outcome.best else { return };
        let mut after = self.game.clone();
        if !after.play(best) {
            return;
        }
        let white = self.game.side_to_move() == Color::White;
        self.books.log.engine_moved(white);
        let depth = outcome.last.as_ref().map_or(0, |t| t.depth);
        match (book_choices, outcome.score) {
            (Some(choices), _) => self.books.log.book_move(after.key(), choices),
            (None, Some(score)) => {
                let fen = Some(self.game.fen());
                self.books.log.search(self.game.key(), fen, score, depth);
            }
            (None, None) => {}
        }
        if let Some(result) = after.result() {
            let timed = self.game_timed();
            self.learn_from_game(result.winner, timed);
        }
    }
}

/// When a ponder search that was hit must stop: the soft budget of the
/// order's limits from now, never past its hard deadline; `None` when
/// only depth or nodes (or nothing) limit it.
fn hit_deadline(limits: &MoveLimits, width: usize) -> Option<Instant> {
    let budget = crate::search::time_budget(&think::search_limits(limits), width);
    let soft = match (budget, limits.nodes) {
        (Some(b), None) => Some(b.soft),
        _ => None,
    };
    let hard = limits.deadline_ms.map(Duration::from_millis);
    let stop_after = match (soft, hard) {
        (Some(s), Some(h)) => Some(s.min(h)),
        (s, h) => s.or(h),
    }?;
    Some(Instant::now() + stop_after)
}
