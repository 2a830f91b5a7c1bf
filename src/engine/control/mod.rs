//! The control thread's state machine: owns the game, the clock, the options
//! and the search thread; turns each [`Command`] into state changes and
//! [`Event`]s, and each search-thread [`Report`] into moves and thinking lines.
//!
//! Modes follow CECP: force (observe), play (we own one colour; think on our
//! move, ponder on the opponent's when `hard`), analyze, plus `edit` and
//! `pause`. A search is either thinking (its result is played), pondering or
//! analysing (results are never played). Position changes abandon the search
//! first, and a replaced position (`setboard`, `variant`, `edit`) in which
//! the engine would be on move waits for `go`. `ping` is answered in order:
//! the `pong` waits for our move while we think on it, and for earlier
//! `memory` requests to be carried out. A game end on the board is
//! announced once per position.
//!
//! After `uci` the engine follows UCI's model instead (`orders`): it never
//! moves on its own, each search order is answered by one best move.

mod board_ui;
mod book;
mod definitions;
mod orders;

use super::any_move::AnyMove;
use super::api::{Command, Event, Hello, MoveSelection, Snapshot, Status};
use super::clock::{Clock, MoveLimits};
use super::diagram::Diagram;
use super::dispatch::{setup_events, AnyGame};
use super::library::Library;
use super::options::{self, Settings};
use super::search_thread::{Job, Outcome, Report, SearchThread, Stop, StopFlag};
use super::searchers::AnyProgress;
use super::think::{self, SearchSpec};
use crate::boards::BoardChoice;
use crate::book::player::BookPlayer;
use crate::core::{Color, GameResult, Score};
use std::time::{Duration, Instant};

/// Whose moves the engine makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Observe and accept moves for both sides.
    Force,
    /// Play this colour.
    Play(Color),
    /// Analyse the side to move without end.
    Analyze,
}

/// What the running search is for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// Our move: the result is played.
    Think,
    /// The opponent's time, assuming they play `guess`.
    Ponder { guess: AnyMove },
    /// Analyze mode.
    Analyze,
    /// A UCI search order: its result is reported, not played.
    Order(orders::Order),
}

#[derive(Clone, Debug)]
struct Running {
    job: u64,
    stop: StopFlag,
    kind: Kind,
    deadline: Option<Instant>,
    started: Instant,
    progress: Option<AnyProgress>,
    /// A brief search among book moves: the book had this many.
    book_choices: Option<usize>,
    /// UCI: the last line reported for each multi-PV index (the best
    /// move if the search is cut short; the choice of a weakened engine).
    lines: Vec<super::api::Thinking>,
    /// UCI: when to look at the root move being searched next.
    current_move_at: Option<Instant>,
    /// UCI: the depth and place of the root move last shown.
    current_shown: Option<(u32, u32)>,
}

/// A `pong` held back until what came before its `ping` is done.
#[derive(Clone, Debug)]
struct DeferredPong {
    /// The ping's token.
    token: String,
    /// How many `memory` requests had been sent when the ping came.
    resizes: u64,
    /// The search on our move that was running then.
    think: Option<u64>,
}

/// The engine as the control thread sees it.
pub struct Control {
    library: Library,
    mailbox_board: bool,
    game: AnyGame,
    start_fen: String,
    mode: Mode,
    running: Option<Running>,
    next_job: u64,
    search_thread: SearchThread,
    clock: Clock,
    settings: Settings,
    post: bool,
    ponder: bool,
    paused: bool,
    position_ok: bool,
    over_announced: bool,
    /// Our last move created a draw the engine offers rather than claims
    /// (see `play_on_past_offered_draw`), and offered it.
    draw_offered: bool,
    settled: bool,
    deferred_pongs: Vec<DeferredPong>,
    /// `memory` requests sent to the search thread, and those it has carried out.
    resizes: (u64, u64),
    /// The last `memory` and `cores` requests, for a replacement search thread.
    table_jobs: (Option<u64>, Option<u32>),
    excluded: Vec<AnyMove>,
    guess: Option<AnyMove>,
    last_score: Option<Score>,
    edit: Option<(Diagram, Color)>,
    held_illegal: Option<String>,
    books: BookPlayer,
    pending_result: Option<crate::core::GameResult>,
    /// Speaking UCI (after `uci`): its state.
    uci: Option<orders::UciState>,
    out: Vec<Event>,
}

impl Control {
    /// A control in force-free play mode on standard chess, engine Black.
    #[must_use]
    pub fn new(library: Library, mailbox_board: bool, search_thread: SearchThread) -> Control {
        let mut control = Control {
            game: fallback_game(&library, mailbox_board),
            library,
            mailbox_board,
            start_fen: String::new(),
            mode: Mode::Play(Color::Black),
            running: None,
            next_job: 0,
            search_thread,
            clock: Clock::new(),
            settings: Settings::default(),
            post: false,
            ponder: false,
            paused: false,
            position_ok: true,
            over_announced: false,
            draw_offered: false,
            settled: false,
            deferred_pongs: Vec::new(),
            resizes: (0, 0),
            table_jobs: (None, None),
            excluded: Vec::new(),
            guess: None,
            last_score: None,
            edit: None,
            held_illegal: None,
            books: BookPlayer::new(seed()),
            pending_result: None,
            uci: None,
            out: Vec::new(),
        };
        control.start_fen = control.game.fen();
        // The books (and the learn file) of the starting variant, so that
        // `import` or a book option before any `new` or `variant` has them.
        control.select_books("normal");
        control
    }

    /// Takes the events produced so far.
    pub fn drain(&mut self) -> std::vec::Drain<'_, Event> {
        self.out.drain(..)
    }

    /// When the control loop must wake up without input: a search deadline,
    /// or the moment a held-back `Illegal move` must go out.
    #[must_use]
    pub fn wake_at(&self) -> Option<Instant> {
        let held = self
            .held_illegal
            .as_ref()
            .map(|_| Instant::now() + Duration::from_millis(50));
        let deadline = self.running.as_ref().and_then(|r| r.deadline);
        let current = self.running.as_ref().and_then(|r| r.current_move_at);
        held.into_iter().chain(deadline).chain(current).min()
    }

    /// Called when [`Control::wake_at`] has passed.
    pub fn on_timer(&mut self) {
        self.release_illegal();
        self.show_current_move();
        if let Some(run) = &mut self.running {
            if run.deadline.is_some_and(|d| Instant::now() >= d) {
                run.stop.request(Stop::Now);
                run.deadline = None;
            }
        }
    }

    /// Handles one command; returns `false` on `quit`.
    pub fn handle(&mut self, command: Command) -> bool {
        if !matches!(command, Command::SetBoard(_)) {
            self.release_illegal();
        }
        match command {
            Command::Quit => {
                self.abandon();
                return false;
            }
            Command::Protover(_) => self.hello(),
            Command::Ping(n) => self.ping(n),
            Command::New => self.new_game(),
            Command::Variant(name) => self.variant(&name),
            Command::Force => self.set_mode(Mode::Force),
            Command::Go => self.go(),
            Command::PlayOther => {
                self.abandon();
                self.mode = Mode::Play(self.game.side_to_move().flip());
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
            Command::Edit => self.start_edit(),
            Command::EditStep(step) => self.edit_step(step),
            Command::Undo => self.take_back(1),
            Command::Remove => self.take_back(2),
            Command::Analyze => self.set_mode(Mode::Analyze),
            Command::ExitAnalyze => {
                if self.mode == Mode::Analyze {
                    self.set_mode(Mode::Force);
                }
            }
            Command::Exclude { moves, exclude } => self.exclude(moves, exclude),
            other => self.handle_setting(other),
        }
        true
    }

    /// Commands that change settings or only answer questions.
    fn handle_setting(&mut self, command: Command) {
        match command {
            Command::Level(level) => self.clock.set_level(level),
            Command::MoveTime(ms) => self.clock.set_move_time(ms),
            Command::Depth(d) => self.clock.depth = Some(d),
            Command::Nodes(n) => self.clock.nodes = (n > 0).then_some(n),
            Command::Nps(n) => self.clock.set_nps(n),
            Command::Time(cs) => self.clock.own_centis = Some(cs),
            Command::OpponentTime(cs) => self.clock.opponent_centis = Some(cs),
            Command::Ponder(on) => self.set_ponder(on),
            Command::Post(on) => self.post = on,
            Command::Draw => self.draw_offered(),
            Command::Hint => {
                if let Some(text) = self.guess.and_then(|g| self.game.move_text(g)) {
                    self.out.push(Event::Hint(text));
                }
            }
            Command::Book => self.show_book(),
            Command::Rating(text) => self.ratings(&text),
            Command::Status => self.status(),
            Command::Pause => self.pause(),
            Command::Resume => {
                self.paused = false;
                self.kick();
            }
            Command::Memory(mb) => {
                self.table_jobs.0 = Some(mb);
                self.resizes.0 += 1;
                self.retable(Job::Resize(mb));
            }
            Command::Cores(n) => {
                self.table_jobs.1 = Some(n);
                self.retable(Job::Threads(n));
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Lift(square) => self.lift(&square),
            Command::Evaluate => self.out.push(Event::Evaluation {
                score: self.game.evaluate(),
                terms: self.game.eval_terms(),
            }),
            Command::Position => self.out.push(Event::Position(Snapshot {
                fen: self.game.fen(),
                moves: self.game.move_texts(),
                start_fen: self.game.start_fen(),
            })),
            Command::Invalid { reason, line } => self.out.push(Event::Error {
                reason,
                command: line,
            }),
            Command::Unknown(line) => {
                self.out.push(Event::Error {
                    reason: "unknown command".into(),
                    command: line,
                });
            }
            // UCI's commands, or stored nowhere or deliberately ignored.
            other => self.handle_order(other),
        }
    }

    fn hello(&mut self) {
        let mut options = options::advertised(&self.library, &self.settings);
        options.extend(super::book_options::advertised(&self.books.settings));
        let variants = if self.uci.is_some() {
            self.library.all_games()
        } else {
            self.library.xboard_variants()
        };
        let hello = Hello {
            name: format!("Nightrider {}", env!("CARGO_PKG_VERSION")),
            variants,
            options,
        };
        self.out.push(Event::Hello(hello));
    }

    /// `pong` now, or once what it waits for is done: our move while we
    /// think on it, and every `memory` request sent before it (with its
    /// `telluser` when the table had to be smaller). Pongs keep their order
    /// relative to moves: one sent before a search started comes out before
    /// that search's move.
    fn ping(&mut self, n: String) {
        let pong = DeferredPong {
            token: n,
            resizes: self.resizes.0,
            think: self.running.as_ref().and_then(|run| match run.kind {
                Kind::Think => Some(run.job),
                _ => None,
            }),
        };
        self.deferred_pongs.push(pong);
        self.flush_pongs();
    }

    /// Whether `pong` still waits (see [`Control::ping`]).
    fn pong_waits(&self, pong: &DeferredPong) -> bool {
        let thinking = self.running.as_ref().and_then(|run| match run.kind {
            Kind::Think => Some(run.job),
            _ => None,
        });
        pong.resizes > self.resizes.1 || (pong.think.is_some() && pong.think == thinking)
    }

    /// `memory` and `cores`: the search thread runs jobs in order, so a search on
    /// our move finishes first (its move is played in the same position);
    /// a ponder or analysis search is stopped, the tables are changed, and
    /// the search starts again.
    fn retable(&mut self, job: Job) {
        let restart = self
            .running
            .as_ref()
            .is_some_and(|run| run.kind != Kind::Think);
        if restart {
            self.abandon();
        }
        self.search_thread.send(job);
        if restart {
            self.kick();
        }
    }

    fn new_game(&mut self) {
        self.abandon();
        self.search_thread.send(Job::Clear);
        self.game = fallback_game(&self.library, self.mailbox_board);
        self.draw_offered = false;
        self.start_fen = self.game.fen();
        self.position_ok = true;
        self.last_score = None;
        self.clock.new_game();
        self.select_books("normal");
        if self.mode != Mode::Analyze {
            self.mode = Mode::Play(Color::Black);
        }
        self.position_changed();
        self.kick();
    }

    fn variant(&mut self, name: &str) {
        self.abandon();
        match self.library.variant(name) {
            Ok(v) => {
                let board = BoardChoice::mailbox_if(self.mailbox_board);
                self.game = AnyGame::new(&v, board);
                self.start_fen = self.game.fen();
                self.select_books(Library::base_name(name));
                self.position_ok = true;
                self.out.extend(setup_events(&v, &self.start_fen));
                self.position_changed();
                self.wait_for_go();
                self.kick();
            }
            Err(_) => {
                self.out.push(Event::Error {
                    reason: "unsupported variant".into(),
                    command: name.into(),
                });
            }
        }
    }

    fn set_mode(&mut self, mode: Mode) {
        self.abandon();
        self.mode = mode;
        self.settled = false;
        self.kick();
    }

    fn go(&mut self) {
        self.abandon();
        self.mode = Mode::Play(self.game.side_to_move());
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
        self.mode = Mode::Play(side.flip());
    }

    fn user_move(&mut self, text: &str) {
        let kind = self.running.as_ref().map(|r| r.kind.clone());
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
        if !self.position_ok {
            self.out.push(Event::IllegalMove {
                text: text.into(),
                reason: None,
            });
            return;
        }
        if self.game.play_text(text).is_err() {
            let event = Event::IllegalMove {
                text: text.into(),
                reason: None,
            };
            if self.mode == Mode::Force && self.game.plies() == 0 && self.held_illegal.is_none() {
                // cutechess sends a dummy move before `setboard`; answer only if no setboard follows.
                self.held_illegal = Some(text.into());
            } else {
                self.out.push(event);
            }
            self.kick();
            return;
        }
        self.position_changed();
        self.kick();
    }

    /// The opponent played the move we ponder on: the ponder search becomes
    /// our search and the control thread stops it when this move's time is
    /// up, so the time spent pondering is a bonus. Only for time-limited
    /// moves (depth or node limits restart the search); false if not taken.
    fn ponder_hit(&mut self, guess: AnyMove) -> bool {
        let Mode::Play(us) = self.mode else {
            return false;
        };
        let limits = self.clock.limits(self.game.moves_by(us));
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
        if let Some(run) = &mut self.running {
            run.kind = Kind::Think;
            run.deadline = Some(Instant::now() + stop_after);
        }
        true
    }

    fn release_illegal(&mut self) {
        if let Some(text) = self.held_illegal.take() {
            self.out.push(Event::IllegalMove { text, reason: None });
        }
    }

    fn move_now(&mut self) {
        if let Some(Running {
            kind: Kind::Think,
            stop,
            ..
        }) = &self.running
        {
            stop.request(Stop::Now);
        }
    }

    fn setboard(&mut self, fen: &str) {
        self.held_illegal = None;
        self.abandon();
        match self.game.set_fen(fen) {
            Ok(()) => {
                self.position_ok = true;
                self.books.new_game();
                self.position_changed();
                self.wait_for_go();
                self.kick();
            }
            Err(_) => {
                self.position_ok = false;
                self.out
                    .push(Event::TellUserError("Illegal position".into()));
            }
        }
    }

    fn take_back(&mut self, plies: usize) {
        self.abandon();
        self.books.log.takeback = true;
        for _ in 0..plies {
            self.game.undo();
        }
        self.position_changed();
        if self.mode == Mode::Analyze {
            self.kick();
        }
    }

    fn exclude(&mut self, moves: MoveSelection, exclude: bool) {
        match (moves, exclude) {
            (MoveSelection::All, true) => self.excluded = self.game.legal_moves(),
            (MoveSelection::All, false) => self.excluded.clear(),
            (MoveSelection::Move(text), ex) => {
                let Some(m) = self.game.parse_move(&text) else {
                    return;
                };
                self.excluded.retain(|e| *e != m);
                if ex {
                    self.excluded.push(m);
                }
            }
        }
        if matches!(
            self.running,
            Some(Running {
                kind: Kind::Analyze,
                ..
            })
        ) {
            self.abandon();
            self.kick();
        }
    }

    fn set_ponder(&mut self, on: bool) {
        self.ponder = on;
        if !on
            && matches!(
                self.running,
                Some(Running {
                    kind: Kind::Ponder { .. },
                    ..
                })
            )
        {
            self.abandon();
        }
        if on {
            self.kick();
        }
    }

    /// Accepts a draw offer when the last search thought we stand worse
    /// than a draw by a clear margin.
    fn draw_offered(&mut self) {
        if self
            .last_score
            .is_some_and(|s| s <= self.settings.draw_score - 100)
        {
            self.out.push(Event::OfferDraw);
        }
    }

    /// `stat01` for `.` in analysis: the live progress of the search.
    fn status(&mut self) {
        let Some(run) = &self.running else { return };
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

    fn pause(&mut self) {
        self.abandon();
        self.paused = true;
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if self.book_option(name, value) {
            return;
        }
        if name == options::INI_FILE {
            self.ini_file(value);
            return;
        }
        if let Err(reason) = options::apply(&mut self.settings, &mut self.library, name, value) {
            self.out.push(Event::Error {
                reason,
                command: format!("option {name}"),
            });
        }
    }

    /// After a command that replaces the position (`setboard`, `variant`,
    /// the end of `edit`): if the engine plays the side now to move, it
    /// waits for `go` in force mode instead of moving unasked. The search
    /// that ran for the old position was abandoned first, its move unplayed.
    fn wait_for_go(&mut self) {
        if self.mode == Mode::Play(self.game.side_to_move()) {
            self.mode = Mode::Force;
        }
    }

    /// Resets what belongs to one position: exclusions, announcements.
    fn position_changed(&mut self) {
        self.excluded.clear();
        self.over_announced = false;
        self.settled = false;
        self.guess = None;
    }

    /// Stops the running search without using its result (a UCI order
    /// still reports the best move it has, or one it was holding back).
    fn abandon(&mut self) {
        if let Some(run) = self.running.take() {
            run.stop.request(Stop::Abandon);
            if matches!(run.kind, Kind::Order(_)) {
                self.order_cut_short(&run);
            }
        }
        self.release_held();
        self.flush_pongs();
    }

    /// Sends the deferred pongs that no longer wait, in order.
    fn flush_pongs(&mut self) {
        let ready = self
            .deferred_pongs
            .iter()
            .take_while(|pong| !self.pong_waits(pong))
            .count();
        for pong in self.deferred_pongs.drain(..ready) {
            self.out.push(Event::Pong(pong.token));
        }
    }

    /// Starts whatever search the mode asks for, if none runs.
    fn kick(&mut self) {
        let busy = self.running.is_some() || self.uci.is_some();
        if busy || self.paused || self.edit.is_some() || !self.position_ok {
            return;
        }
        if self.settled && self.mode != Mode::Play(self.game.side_to_move()) {
            return;
        }
        match self.mode {
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
                let limits = self.clock.limits(self.game.moves_by(us));
                if !self.play_from_book(limits) {
                    self.launch(Kind::Think, limits, None);
                }
            }
            Mode::Play(_) => {
                if self.ponder && self.game.result().is_none() {
                    if let Some(guess) = self.guess {
                        self.launch(Kind::Ponder { guess }, MoveLimits::infinite(), Some(guess));
                    }
                }
            }
        }
    }

    fn launch(&mut self, kind: Kind, limits: MoveLimits, first: Option<AnyMove>) {
        let spec = SearchSpec {
            limits,
            clock: self.clock,
            excluded: if first.is_none() {
                self.excluded.clone()
            } else {
                Vec::new()
            },
            width: self.game.width(),
            lines: match &kind {
                Kind::Analyze => self.settings.multi_pv.max(1),
                Kind::Order(order) => self.order_lines(order),
                _ => 1,
            },
            progress: (kind == Kind::Analyze || matches!(kind, Kind::Order(_)))
                .then(|| self.game.new_progress()),
            learned: self.books.learned_positions(),
            report_bounds: matches!(kind, Kind::Order(_)),
        };
        let progress = spec.progress.clone();
        let Some(task) = self.game.search_task(first, spec) else {
            return;
        };
        self.next_job += 1;
        let stop = StopFlag::new();
        let deadline = limits
            .deadline_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        let current_move_at =
            matches!(kind, Kind::Order(_)).then(|| Instant::now() + orders::CURRENT_MOVE_AFTER);
        self.search_thread.send(Job::Search {
            id: self.next_job,
            stop: stop.clone(),
            task,
        });
        self.running = Some(Running {
            progress,
            started: Instant::now(),
            job: self.next_job,
            stop,
            kind,
            deadline,
            book_choices: None,
            lines: Vec::new(),
            current_move_at,
            current_shown: None,
        });
    }

    /// Takes a fresh search thread after the old one died. A move we were thinking
    /// about is replaced by the first legal move (better than hanging); a
    /// ponder or analysis search is not restarted until something changes.
    pub fn replace_search_thread(&mut self, search_thread: SearchThread) {
        self.search_thread = search_thread;
        // The dead thread's unfinished resizes will never be reported; the
        // new one gets the last sizes asked for.
        self.resizes.1 = self.resizes.0;
        if let Some(mb) = self.table_jobs.0 {
            self.resizes.0 += 1;
            self.search_thread.send(Job::Resize(mb));
        }
        if let Some(n) = self.table_jobs.1 {
            self.search_thread.send(Job::Threads(n));
        }
        let Some(run) = self.running.take() else {
            return;
        };
        if run.kind == Kind::Think {
            let first = self.game.legal_moves().into_iter().next();
            self.play_and_record(
                None,
                Outcome {
                    best: first,
                    ..Outcome::default()
                },
            );
        } else if matches!(run.kind, Kind::Order(_)) {
            self.order_cut_short(&run);
        } else {
            self.settled = true;
        }
        self.flush_pongs();
        self.kick();
    }

    /// Handles a report from the search thread (stale ones are dropped).
    pub fn on_report(&mut self, report: Report) {
        let current = self.running.as_ref().map(|r| r.job);
        match report {
            Report::Progress { job, info } if Some(job) == current && self.uci.is_some() => {
                self.order_progress(info);
            }
            Report::Progress { job, mut info } if Some(job) == current => {
                let kind = self.running.as_ref().map(|r| &r.kind);
                let analysing = kind == Some(&Kind::Analyze);
                if let Some(Kind::Ponder { guess }) = kind {
                    // A ponder search starts after the guessed reply; the GUI expects it in the PV.
                    let line: Vec<AnyMove> = std::iter::once(*guess)
                        .chain(info.pv.moves().iter().copied())
                        .collect();
                    info.pv = self.game.variation(&line);
                }
                if self.post || analysing {
                    self.out.push(Event::Thinking(info));
                }
            }
            Report::Done { job, outcome } if Some(job) == current => {
                if let Some(run) = self.running.take() {
                    if matches!(run.kind, Kind::Order(_)) {
                        self.order_done(&run, outcome);
                    } else if run.kind == Kind::Think {
                        self.play_and_record(run.book_choices, outcome);
                    } else {
                        // A ponder or analysis search that ended by itself is not restarted
                        // until something changes.
                        self.settled = true;
                    }
                }
                self.flush_pongs();
                self.kick();
            }
            Report::Resized { reduced } => {
                self.resizes.1 += 1;
                if let Some((wanted, used)) = reduced {
                    self.out.push(Event::TellUser(format!(
                        "hash table: {wanted} MB do not fit in this machine's memory, using {used} MB"
                    )));
                }
                self.flush_pongs();
            }
            _ => {}
        }
    }

    /// Plays (or resigns, or claims) after a thinking search; true when
    /// the engine resigned.
    fn play_outcome(&mut self, outcome: Outcome) -> bool {
        self.last_score = outcome.score;
        let Some(best) = outcome.best else {
            if let Some(result) = self.game.result() {
                self.announce(result);
            }
            self.mode = Mode::Force;
            return false;
        };
        let threshold = self.settings.resign_threshold;
        if threshold > 0 && outcome.score.is_some_and(|s| s <= -threshold) {
            self.out.push(Event::Resign);
            self.mode = Mode::Force;
            return true;
        }
        let Some(text) = self.game.move_text(best) else {
            return false;
        };
        if !self.game.play(best) {
            return false;
        }
        self.position_changed();
        let result = self.game.result();
        if result.as_ref().is_some_and(|r| r.winner.is_none()) {
            // XBoard takes a draw offer before the move as the claim of the draw it creates.
            self.out.push(Event::OfferDraw);
        }
        self.out.push(Event::Move(text));
        self.guess = outcome.ponder;
        self.draw_offered = self.game.offered_draw();
        let claimed = result.filter(|_| !self.draw_offered);
        if let Some(result) = claimed {
            self.over_announced = true;
            self.out.push(Event::GameOver(result.clone()));
            // Learned after the move is recorded (see `play_and_record`).
            self.pending_result = Some(result);
        }
        false
    }

    /// Announces the end of the game on the board, once: the flag is
    /// cleared only when the position changes, so a `go` (or any other
    /// command) in a finished position does not repeat the result.
    fn announce(&mut self, result: GameResult) {
        if !self.over_announced {
            self.over_announced = true;
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
        if self.game.offered_draw() {
            if !self.draw_offered {
                self.out.push(Event::OfferDraw);
            }
            self.game.waive_counting_draw();
        }
        self.draw_offered = false;
    }
}

/// A seed for the book's random choice: the clock, so games vary.
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Standard chess: the library's `normal`, or the built-in one if that is broken.
fn fallback_game(library: &Library, general: bool) -> AnyGame {
    let normal = library.normal();
    AnyGame::new(&normal, BoardChoice::mailbox_if(general))
}
