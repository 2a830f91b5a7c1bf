//! CECP's model on the control thread, which XBoard and the console follow:
//! the engine owns one colour and plays its moves on its own.
//!
//! Modes follow CECP: force (observe), play (we own one colour; think on our
//! move, ponder on the opponent's when `hard`), analyze, plus `edit` and
//! `pause`. A search is either thinking (its result is played), pondering or
//! analysing (results are never played). Position changes abandon the search
//! first, and a replaced position (`setboard`, `variant`, `edit`) in which
//! the engine would be on move waits for `go`. A game end on the board is
//! announced once per position. With `LimitStrength` on, each move is
//! searched with the weakened engine's node budget and drawn from its best
//! lines, as under UCI.

use super::{Control, Kind, Running};
use crate::core::{Color, GameResult, Score};
use crate::engine::any_move::AnyMove;
use crate::engine::api::{Command, Event, MoveSelection, Status, Thinking};
use crate::engine::clock::MoveLimits;
use crate::engine::diagram::Diagram;
use crate::engine::search_thread::{Outcome, Stop};
use crate::engine::think;
use std::time::{Duration, Instant};

/// Whose moves the engine makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Observe and accept moves for both sides.
    Force,
    /// Play this colour.
    Play(Color),
    /// Analyse the side to move without end.
    Analyze,
}

/// The state of CECP's model.
#[derive(Clone, Debug)]
pub(super) struct XboardState {
    pub(super) mode: Mode,
    /// `post`: thinking is shown while playing (always in analysis).
    pub(super) post: bool,
    /// `hard`: pondering on the opponent's time.
    pub(super) ponder: bool,
    /// `pause`: no search starts until `resume`.
    pub(super) paused: bool,
    /// The last `setboard` was legal; until one is, moves and searches
    /// are refused.
    pub(super) position_ok: bool,
    /// Our last move created a draw the engine offers rather than claims
    /// (see `play_on_past_offered_draw`), and offered it.
    pub(super) draw_offered: bool,
    /// The score of the last search on our move: a draw offer is judged
    /// by it.
    pub(super) last_score: Option<Score>,
    /// The `edit` sub-mode: the diagram and the colour being placed.
    pub(super) edit: Option<(Diagram, Color)>,
    /// A refused move held back: cutechess sends a dummy move before
    /// `setboard`, which is answered only if no `setboard` follows.
    pub(super) held_illegal: Option<String>,
}

impl XboardState {
    /// Play mode, engine Black, nothing pending.
    pub(super) fn new() -> XboardState {
        XboardState {
            mode: Mode::Play(Color::Black),
            post: false,
            ponder: false,
            paused: false,
            position_ok: true,
            draw_offered: false,
            last_score: None,
            edit: None,
            held_illegal: None,
        }
    }

    /// `new`: the engine plays Black (analysis goes on analysing).
    pub(super) fn new_game(&mut self) {
        self.draw_offered = false;
        self.position_ok = true;
        self.last_score = None;
        if self.mode != Mode::Analyze {
            self.mode = Mode::Play(Color::Black);
        }
    }
}

/// What playing a search's outcome came to.
enum Played {
    /// The engine resigned.
    Resigned,
    /// Our move ended the game, and the engine claimed the result.
    Claimed(GameResult),
    /// A move without a claim, or nothing to play.
    Other,
}

impl Control {
    /// CECP's commands; anything else (UCI's orders, commands stored
    /// nowhere) needs no reply.
    pub(super) fn handle_xboard(&mut self, command: Command) {
        match command {
            Command::New => self.new_game(),
            Command::Force => self.set_mode(Mode::Force),
            Command::Go => self.go(),
            Command::PlayOther => {
                self.abandon();
                self.put_mode(Mode::Play(self.game.side_to_move().flip()));
                self.kick();
            }
            Command::SetColor(c) => self.set_color(c),
            Command::UserMove(text) => self.user_move(&text),
            Command::MoveNow => self.move_now(),
            Command::Result(text) => {
                self.result_received(&text);
                self.set_mode(Mode::Force);
            }
            Command::SetBoard(fen) => self.setboard(&fen),
            Command::Holding { white, black } => self.set_holdings(&white, &black),
            Command::Edit => self.start_edit(),
            Command::EditStep(step) => self.edit_step(step),
            Command::Undo => self.take_back(1),
            Command::Remove => self.take_back(2),
            Command::Analyze => self.set_mode(Mode::Analyze),
            Command::ExitAnalyze => {
                if self.mode() == Some(Mode::Analyze) {
                    self.set_mode(Mode::Force);
                }
            }
            Command::Exclude { moves, exclude } => self.exclude(moves, exclude),
            Command::Ponder(on) => self.set_ponder(on),
            Command::Post(on) => {
                if let Some(x) = self.xboard_mut() {
                    x.post = on;
                }
            }
            Command::Draw => self.opponent_offers_draw(),
            Command::Hint => {
                if let Some(text) = self.here.guess.and_then(|g| self.game.move_text(g)) {
                    self.out.push(Event::Hint(text));
                }
            }
            Command::Rating(text) => self.ratings(&text),
            Command::Status => self.status(),
            Command::Pause => {
                self.abandon();
                if let Some(x) = self.xboard_mut() {
                    x.paused = true;
                }
            }
            Command::Resume => {
                if let Some(x) = self.xboard_mut() {
                    x.paused = false;
                }
                self.kick();
            }
            Command::Lift(square) => self.lift(&square),
            other => self.set_clock(other),
        }
    }

    /// The clock's commands.
    fn set_clock(&mut self, command: Command) {
        match command {
            Command::Level(level) => self.clock.set_level(level),
            Command::MoveTime(ms) => self.clock.set_move_time(ms),
            Command::Depth(d) => self.clock.depth = Some(d),
            Command::Nodes(n) => self.clock.nodes = (n > 0).then_some(n),
            Command::Nps(n) => self.clock.set_nps(n),
            Command::Time(cs) => self.clock.own_centis = Some(cs),
            Command::OpponentTime(cs) => self.clock.opponent_centis = Some(cs),
            _ => {}
        }
    }

    /// The mode, while the engine follows CECP's model.
    fn mode(&self) -> Option<Mode> {
        self.xboard().map(|x| x.mode)
    }

    /// Sets the mode (nothing else).
    fn put_mode(&mut self, mode: Mode) {
        if let Some(x) = self.xboard_mut() {
            x.mode = mode;
        }
    }

    fn set_mode(&mut self, mode: Mode) {
        self.abandon();
        self.put_mode(mode);
        self.here.settled = false;
        self.kick();
    }

    fn go(&mut self) {
        self.abandon();
        self.put_mode(Mode::Play(self.game.side_to_move()));
        self.kick();
    }

    /// Obsolete `white`/`black`: that side moves, the engine plays the other.
    fn set_color(&mut self, side: Color) {
        self.abandon();
        if self.game.side_to_move() != side {
            let fen = self.game.fen();
            let mut fields: Vec<&str> = fen.split(' ').collect();
            let letter = if side == Color::White { "w" } else { "b" };
            if fields.len() > 1 {
                fields[1] = letter;
            }
            let _ = self.game.set_fen(&fields.join(" "));
            self.position_changed();
        }
        self.put_mode(Mode::Play(side.flip()));
    }

    fn user_move(&mut self, text: &str) {
        let kind = self.search.running.as_ref().map(|r| r.kind.clone());
        if kind == Some(Kind::Think) {
            let reason = Some("out of turn".to_string());
            self.out.push(Event::IllegalMove {
                text: text.into(),
                reason,
            });
            return;
        }
        if let Some(Kind::Ponder { guess }) = kind {
            if self.game.parse_move(text) == Some(guess) && self.ponder_hit(guess) {
                return;
            }
        }
        self.abandon();
        if !self.xboard().is_some_and(|x| x.position_ok) {
            self.out.push(Event::IllegalMove {
                text: text.into(),
                reason: None,
            });
            return;
        }
        if self.game.play_text(text).is_err() {
            self.refuse_move(text);
            self.kick();
            return;
        }
        self.position_changed();
        self.kick();
    }

    /// `Illegal move`, held back when it may be cutechess's dummy move
    /// before `setboard` (the first move refused in force mode at the
    /// start of a game).
    fn refuse_move(&mut self, text: &str) {
        let dummy = self.game.plies() == 0;
        if let Some(x) = self.xboard_mut() {
            if x.mode == Mode::Force && dummy && x.held_illegal.is_none() {
                x.held_illegal = Some(text.into());
                return;
            }
        }
        self.out.push(Event::IllegalMove {
            text: text.into(),
            reason: None,
        });
    }

    /// The opponent played the move we ponder on: the ponder search becomes
    /// our search and the control thread stops it when this move's time is
    /// up, so the time spent pondering is a bonus. Only for time-limited
    /// moves (depth or node limits restart the search); false if not taken.
    fn ponder_hit(&mut self, guess: AnyMove) -> bool {
        let Some(Mode::Play(us)) = self.mode() else {
            return false;
        };
        let limits = self.move_limits(us);
        let width = self.game.width();
        let budget = crate::search::time_budget(&think::search_limits(&limits), width);
        let (Some(budget), None, None) = (budget, limits.nodes, limits.depth) else {
            return false;
        };
        if !self.game.play(guess) {
            return false;
        }
        self.position_changed();
        let mut stop_after = budget.soft;
        if let Some(ms) = limits.deadline_ms {
            stop_after = stop_after.min(Duration::from_millis(ms));
        }
        if let Some(run) = &mut self.search.running {
            run.kind = Kind::Think;
            run.deadline = Some(Instant::now() + stop_after);
        }
        true
    }

    /// The limits of our next move: the clock's, within the node budget of
    /// a limited strength.
    pub(super) fn move_limits(&self, us: Color) -> MoveLimits {
        let mut limits = self.clock.limits(self.game.moves_by(us));
        limits.nodes = self.settings.strength.cap_nodes(limits.nodes);
        limits
    }

    /// Sends a refused move held back, if any.
    pub(super) fn release_illegal(&mut self) {
        if let Some(text) = self.xboard_mut().and_then(|x| x.held_illegal.take()) {
            self.out.push(Event::IllegalMove { text, reason: None });
        }
    }

    fn move_now(&mut self) {
        if let Some(Running {
            kind: Kind::Think,
            stop,
            ..
        }) = &self.search.running
        {
            stop.request(Stop::Now);
        }
    }

    /// `setboard FEN`; a FEN the board refuses leaves the game as it was,
    /// refusing moves and searches until a legal one.
    pub(super) fn setboard(&mut self, fen: &str) {
        if let Some(x) = self.xboard_mut() {
            x.held_illegal = None;
        }
        self.abandon();
        match self.game.set_fen(fen) {
            Ok(()) => {
                self.books.new_game();
                self.position_changed();
                self.position_replaced();
            }
            Err(_) => {
                if let Some(x) = self.xboard_mut() {
                    x.position_ok = false;
                }
                self.out
                    .push(Event::TellUserError("Illegal position".into()));
            }
        }
    }

    /// After a command that replaced the position (`setboard`, `variant`,
    /// the end of `edit`): if the engine plays the side now to move, it
    /// waits for `go` in force mode instead of moving unasked. The search
    /// that ran for the old position was abandoned first, its move unplayed.
    pub(super) fn position_replaced(&mut self) {
        let side = self.game.side_to_move();
        if let Some(x) = self.xboard_mut() {
            x.position_ok = true;
            if x.mode == Mode::Play(side) {
                x.mode = Mode::Force;
            }
        }
        self.kick();
    }

    fn take_back(&mut self, plies: usize) {
        self.abandon();
        self.books.log.takeback = true;
        for _ in 0..plies {
            self.game.undo();
        }
        self.position_changed();
        if self.mode() == Some(Mode::Analyze) {
            self.kick();
        }
    }

    fn exclude(&mut self, moves: MoveSelection, exclude: bool) {
        let excluded = &mut self.here.excluded;
        match (moves, exclude) {
            (MoveSelection::All, true) => *excluded = self.game.legal_moves(),
            (MoveSelection::All, false) => excluded.clear(),
            (MoveSelection::Move(text), ex) => {
                let Some(m) = self.game.parse_move(&text) else {
                    return;
                };
                excluded.retain(|e| *e != m);
                if ex {
                    excluded.push(m);
                }
            }
        }
        if self.running_kind() == Some(&Kind::Analyze) {
            self.abandon();
            self.kick();
        }
    }

    fn set_ponder(&mut self, on: bool) {
        if let Some(x) = self.xboard_mut() {
            x.ponder = on;
        }
        if !on && matches!(self.running_kind(), Some(Kind::Ponder { .. })) {
            self.abandon();
        }
        if on {
            self.kick();
        }
    }

    /// Accepts a draw offer when the last search thought we stand worse
    /// than a draw by a clear margin.
    fn opponent_offers_draw(&mut self) {
        let score = self.xboard().and_then(|x| x.last_score);
        if score.is_some_and(|s| s <= self.settings.draw_score - 100) {
            self.out.push(Event::OfferDraw);
        }
    }

    /// `stat01` for `.` in analysis: the live progress of the search.
    fn status(&mut self) {
        let Some(run) = &self.search.running else {
            return;
        };
        let (Kind::Analyze, Some(progress)) = (&run.kind, &run.progress) else {
            return;
        };
        let now = progress.snapshot();
        let elapsed = u64::try_from(run.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.out.push(Event::Status(Status {
            centis: self.clock.report_centis(elapsed, now.nodes),
            nodes: now.nodes,
            depth: now.depth,
            moves_left: now.moves_left,
            moves_total: now.moves_total,
        }));
    }

    /// A progress line of the running search: shown in analysis, and
    /// with `post`; a ponder search's line starts with the guessed reply.
    pub(super) fn show_thinking(&mut self, mut info: Thinking) {
        let kind = self.running_kind();
        let analysing = kind == Some(&Kind::Analyze);
        if let Some(Kind::Ponder { guess }) = kind {
            // A ponder search starts after the guessed reply; the GUI expects it in the PV.
            let line: Vec<AnyMove> = std::iter::once(*guess)
                .chain(info.pv.moves().iter().copied())
                .collect();
            info.pv = self.game.variation(&line);
        }
        if analysing || self.xboard().is_some_and(|x| x.post) {
            self.out.push(Event::Thinking(info));
        }
    }

    /// Starts whatever search the mode asks for, if none runs.
    pub(super) fn kick(&mut self) {
        let Some(x) = self.xboard() else { return };
        if self.search.running.is_some() || x.paused || x.edit.is_some() || !x.position_ok {
            return;
        }
        let (mode, ponder) = (x.mode, x.ponder);
        if self.here.settled && mode != Mode::Play(self.game.side_to_move()) {
            return;
        }
        match mode {
            Mode::Force => {}
            Mode::Analyze => {
                if self.game.result().is_none() {
                    self.launch(Kind::Analyze, MoveLimits::infinite(), None);
                }
            }
            Mode::Play(us) if self.game.side_to_move() == us => {
                self.play_on_past_offered_draw();
                if let Some(result) = self.game.result() {
                    if !self.game.offered_draw() {
                        self.announce(result);
                        return;
                    }
                }
                let limits = self.move_limits(us);
                if !self.play_from_book(limits) {
                    self.launch(Kind::Think, limits, None);
                }
            }
            Mode::Play(_) => {
                if ponder && self.game.result().is_none() {
                    if let Some(guess) = self.here.guess {
                        self.launch(Kind::Ponder { guess }, MoveLimits::infinite(), Some(guess));
                    }
                }
            }
        }
    }

    /// Plays (or resigns, or claims) after a thinking search, and records
    /// what it came to for learning.
    pub(super) fn play_and_record(&mut self, book_choices: Option<usize>, outcome: Outcome) {
        let root = self.game.key();
        let root_fen = self.game.fen();
        let white = self.game.side_to_move() == Color::White;
        let score = outcome.score;
        let depth = outcome.last.as_ref().map_or(0, |t| t.depth);
        let plies = self.game.plies();
        let played = self.play_outcome(outcome);
        if self.game.plies() == plies + 1 {
            self.books.log.engine_moved(white);
            match (book_choices, score) {
                (Some(choices), _) => self.books.log.book_move(self.game.key(), choices),
                (None, Some(score)) => self.books.log.search(root, Some(root_fen), score, depth),
                (None, None) => {}
            }
        }
        match played {
            Played::Resigned => {
                let winner = if white { Color::Black } else { Color::White };
                self.game_ended(Some(winner));
            }
            // Learned after the move is recorded.
            Played::Claimed(result) => self.game_over(&result),
            Played::Other => {}
        }
    }

    /// Plays the outcome of a thinking search: its move (with a draw offer
    /// or the claim of a result it brings), a resignation, or the
    /// announcement of a game over without a move.
    fn play_outcome(&mut self, outcome: Outcome) -> Played {
        if let Some(x) = self.xboard_mut() {
            x.last_score = outcome.score;
        }
        let Some(best) = outcome.best else {
            if let Some(result) = self.game.result() {
                self.announce(result);
            }
            self.put_mode(Mode::Force);
            return Played::Other;
        };
        let threshold = self.settings.resign_threshold;
        if threshold > 0 && outcome.score.is_some_and(|s| s <= -threshold) {
            self.out.push(Event::Resign);
            self.put_mode(Mode::Force);
            return Played::Resigned;
        }
        let Some(text) = self.game.move_text(best) else {
            return Played::Other;
        };
        if !self.game.play(best) {
            return Played::Other;
        }
        self.position_changed();
        let result = self.game.result();
        if result.as_ref().is_some_and(|r| r.winner.is_none()) {
            // XBoard takes a draw offer before the move as the claim of the draw it creates.
            self.out.push(Event::OfferDraw);
        }
        self.out.push(Event::Move(text));
        self.here.guess = outcome.ponder;
        let offered = self.game.offered_draw();
        if let Some(x) = self.xboard_mut() {
            x.draw_offered = offered;
        }
        match result.filter(|_| !offered) {
            Some(result) => {
                self.here.announced = true;
                self.out.push(Event::GameOver(result.clone()));
                Played::Claimed(result)
            }
            None => Played::Other,
        }
    }

    /// Announces the end of the game on the board, once: the flag is
    /// cleared only when the position changes, so a `go` (or any other
    /// command) in a finished position does not repeat the result.
    fn announce(&mut self, result: GameResult) {
        if !self.here.announced {
            self.here.announced = true;
            self.game_over(&result);
            self.out.push(Event::GameOver(result));
        }
    }

    /// A draw a referee may judge otherwise is offered, never claimed: the
    /// makruk family's counting rule, which XBoard does not referee (it
    /// calls the claim false and forfeits the claimer; a GUI that knows the
    /// rule ends the game itself), and repetition where the variant says
    /// so (cutechess-cli counts none in the makruk family and ASEAN). When
    /// the game goes on, so do we: a count starts anew from the next move,
    /// a repetition is offered again only when it is our turn in one.
    fn play_on_past_offered_draw(&mut self) {
        let offered_before = self.xboard().is_some_and(|x| x.draw_offered);
        if self.game.offered_draw() {
            if !offered_before {
                self.out.push(Event::OfferDraw);
            }
            self.game.waive_counting_draw();
        }
        if let Some(x) = self.xboard_mut() {
            x.draw_offered = false;
        }
    }
}
