//! The control thread's state machine: owns the game, the clock, the options
//! and the search thread; turns each [`Command`] into state changes and
//! [`Event`]s, and each search-thread [`Report`] into moves and thinking lines.
//!
//! The engine follows one protocol model at a time, a [`Model`] value that
//! holds that model's state and nothing of its text:
//! - CECP's (`xboard`), which XBoard and the console speak, from the start:
//!   modes, moves the engine plays on its own, pondering, analysis;
//! - UCI's (`uci`), from [`Command::Uci`] on: the GUI sends the whole
//!   position, then one search order, answered by exactly one best move.
//!
//! A command of the other model is ignored; the rest (the variant, options,
//! tables, `ping`, questions about the position) are the same in both.
//! `ping` is answered in order: the `pong` waits for our move while we
//! think on it, and for earlier `memory` requests to be carried out.
//!
//! Options belong to the engine (`engine::options`, `engine::book_options`):
//! every one reaches both models, and each front end only presents them.

mod board_ui;
mod book;
mod definitions;
mod holding;
#[cfg(test)]
mod tests;
mod uci;
mod xboard;

use super::any_move::AnyMove;
use super::api::{Command, Event, Hello, Snapshot, Thinking};
use super::clock::{Clock, MoveLimits};
use super::dispatch::{setup_events, AnyGame};
use super::library::Library;
use super::options::{self, Settings};
use super::search_thread::{Job, Outcome, Report, SearchThread, Stop, StopFlag};
use super::searchers::AnyProgress;
use super::think::SearchSpec;
use crate::boards::BoardChoice;
use crate::book::player::BookPlayer;
use crate::search::Bound;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::{Duration, Instant};
use uci::UciState;
use xboard::XboardState;

/// The protocol model the engine follows, with its state.
#[derive(Clone, Debug)]
enum Model {
    /// CECP's: XBoard and the console.
    Xboard(XboardState),
    /// UCI's.
    Uci(UciState),
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
    Order(uci::Order),
}

/// The search running on the search thread.
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
    /// Played below full strength: the move is drawn from `lines`.
    weak: bool,
    /// The last exact line reported for each multi-PV index (the best
    /// move if the search is cut short; the choice of a weakened engine).
    lines: Vec<Thinking>,
    /// UCI: when to look at the root move being searched next.
    current_move_at: Option<Instant>,
    /// UCI: the depth and place of the root move last shown.
    current_shown: Option<(u32, u32)>,
}

/// A `pong` held back until what came before its `ping` is done.
#[derive(Clone, Debug)]
struct DeferredPong {
    /// The ping's token; `None` for UCI's `isready` (answered `readyok`).
    token: Option<String>,
    /// How many `memory` and Syzygy requests had been sent when the ping came.
    resizes: u64,
    /// The search on our move that was running then.
    think: Option<u64>,
}

/// What belongs to the position on the board; reset when it changes.
#[derive(Clone, Debug, Default)]
struct Here {
    /// Root moves the next searches leave out.
    excluded: Vec<AnyMove>,
    /// The end of the game on the board was announced.
    announced: bool,
    /// A ponder or analysis search ended by itself: none starts again
    /// until something changes.
    settled: bool,
    /// The reply the last search expects (pondered on; `hint`).
    guess: Option<AnyMove>,
}

/// The table requests sent to the search thread: hash tables and endgame
/// tables.
#[derive(Clone, Debug, Default)]
struct TableRequests {
    /// `memory` and Syzygy requests sent.
    resizes_sent: u64,
    /// `memory` and Syzygy requests carried out.
    resizes_done: u64,
    /// The last `memory` request, for a replacement search thread.
    memory: Option<u64>,
    /// The last `cores` request, likewise.
    cores: Option<u32>,
    /// The Syzygy path last asked for (empty: none), likewise.
    syzygy: String,
}

/// The search thread and the search running on it.
struct Searches {
    thread: SearchThread,
    running: Option<Running>,
    /// The id of the last search sent.
    last_job: u64,
    tables: TableRequests,
}

/// The engine as the control thread sees it.
pub struct Control {
    library: Library,
    board: BoardChoice,
    game: AnyGame,
    /// The variant's start position (X-FEN).
    start_fen: String,
    here: Here,
    search: Searches,
    clock: Clock,
    settings: Settings,
    books: BookPlayer,
    pongs: Vec<DeferredPong>,
    model: Model,
    /// Draws the moves of a weakened engine.
    chance: StdRng,
    out: Vec<Event>,
}

impl Control {
    /// A control following CECP's model in play mode on standard chess,
    /// engine Black.
    #[must_use]
    pub fn new(library: Library, mailbox_board: bool, search_thread: SearchThread) -> Control {
        let board = BoardChoice::mailbox_if(mailbox_board);
        let mut control = Control {
            game: fallback_game(&library, board),
            library,
            board,
            start_fen: String::new(),
            here: Here::default(),
            search: Searches {
                thread: search_thread,
                running: None,
                last_job: 0,
                tables: TableRequests::default(),
            },
            clock: Clock::new(),
            settings: Settings::default(),
            books: BookPlayer::new(seed()),
            pongs: Vec::new(),
            model: Model::Xboard(XboardState::new()),
            chance: StdRng::seed_from_u64(seed()),
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
    /// the time to name the root move searched, or the moment a held-back
    /// `Illegal move` must go out.
    #[must_use]
    pub fn wake_at(&self) -> Option<Instant> {
        let held = self
            .xboard()
            .and_then(|x| x.held_illegal.as_ref())
            .map(|_| Instant::now() + Duration::from_millis(50));
        let running = self.search.running.as_ref();
        let deadline = running.and_then(|r| r.deadline);
        let current = running.and_then(|r| r.current_move_at);
        held.into_iter().chain(deadline).chain(current).min()
    }

    /// Called when [`Control::wake_at`] has passed.
    pub fn on_timer(&mut self) {
        self.release_illegal();
        self.show_current_move();
        if let Some(run) = &mut self.search.running {
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
            Command::Uci => self.follow_uci(),
            Command::Protover(_) => self.hello(),
            Command::Ping(n) => self.ping(n),
            Command::IsReady => self.is_ready(),
            Command::Variant(name) => self.variant(&name),
            Command::Memory(mb) => {
                self.search.tables.memory = Some(mb);
                self.search.tables.resizes_sent += 1;
                self.retable(Job::Resize(mb));
            }
            Command::Cores(n) => {
                self.search.tables.cores = Some(n);
                self.retable(Job::Threads(n));
            }
            Command::ClearHash => self.search.thread.send(Job::Clear),
            Command::EgtPath(line) => {
                // Only Syzygy tables are read; other kinds are not ours.
                if let Some(("syzygy", path)) = line.trim().split_once(char::is_whitespace) {
                    self.syzygy_path(path);
                }
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Book => self.show_book(),
            Command::Perft(depth) => self.out.push(Event::Perft(self.game.divide(depth))),
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
            Command::Unknown(line) => self.out.push(Event::Error {
                reason: "unknown command".into(),
                command: line,
            }),
            other => match self.model {
                Model::Xboard(_) => self.handle_xboard(other),
                Model::Uci(_) => self.handle_order(other),
            },
        }
        true
    }

    /// CECP's state, while the engine follows that model.
    fn xboard(&self) -> Option<&XboardState> {
        match &self.model {
            Model::Xboard(state) => Some(state),
            Model::Uci(_) => None,
        }
    }

    /// See [`Control::xboard`].
    fn xboard_mut(&mut self) -> Option<&mut XboardState> {
        match &mut self.model {
            Model::Xboard(state) => Some(state),
            Model::Uci(_) => None,
        }
    }

    /// UCI's state, while the engine follows that model.
    fn uci_mut(&mut self) -> Option<&mut UciState> {
        match &mut self.model {
            Model::Uci(state) => Some(state),
            Model::Xboard(_) => None,
        }
    }

    /// The handshake: the options and the games the model offers.
    fn hello(&mut self) {
        let mut options =
            options::advertised(&self.library, &self.settings, &self.search.tables.syzygy);
        options.extend(super::book_options::advertised(&self.books.settings));
        let variants = match self.model {
            Model::Uci(_) => self.library.all_games(),
            Model::Xboard(_) => self.library.xboard_variants(),
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
    fn ping(&mut self, token: String) {
        let pong = DeferredPong {
            token: Some(token),
            resizes: self.search.tables.resizes_sent,
            think: self.thinking_job(),
        };
        self.pongs.push(pong);
        self.flush_pongs();
    }

    /// `readyok` once the table requests sent before it are done (opening
    /// endgame tables takes a moment); at once during a search.
    fn is_ready(&mut self) {
        self.pongs.push(DeferredPong {
            token: None,
            resizes: self.search.tables.resizes_sent,
            think: None,
        });
        self.flush_pongs();
    }

    /// What the running search is for, if one runs.
    fn running_kind(&self) -> Option<&Kind> {
        self.search.running.as_ref().map(|run| &run.kind)
    }

    /// The running search on our move, if one runs.
    fn thinking_job(&self) -> Option<u64> {
        let run = self.search.running.as_ref()?;
        (run.kind == Kind::Think).then_some(run.job)
    }

    /// Whether `pong` still waits (see [`Control::ping`]).
    fn pong_waits(&self, pong: &DeferredPong) -> bool {
        pong.resizes > self.search.tables.resizes_done
            || (pong.think.is_some() && pong.think == self.thinking_job())
    }

    /// Sends the deferred pongs that no longer wait, in order.
    fn flush_pongs(&mut self) {
        let ready = self
            .pongs
            .iter()
            .take_while(|pong| !self.pong_waits(pong))
            .count();
        for pong in self.pongs.drain(..ready) {
            self.out.push(match pong.token {
                Some(token) => Event::Pong(token),
                None => Event::Ready,
            });
        }
    }

    /// `memory` and `cores`: the search thread runs jobs in order, so a search on
    /// our move finishes first (its move is played in the same position);
    /// a ponder or analysis search is stopped, the tables are changed, and
    /// the search starts again.
    fn retable(&mut self, job: Job) {
        let restart = self
            .search
            .running
            .as_ref()
            .is_some_and(|run| run.kind != Kind::Think);
        if restart {
            self.abandon();
        }
        self.search.thread.send(job);
        if restart {
            self.kick();
        }
    }

    /// Standard chess from the start, an empty table, a new game for the
    /// clock and the books.
    fn new_game(&mut self) {
        self.abandon();
        self.search.thread.send(Job::Clear);
        self.game = fallback_game(&self.library, self.board);
        self.start_fen = self.game.fen();
        self.clock.new_game();
        self.select_books("normal");
        if let Some(x) = self.xboard_mut() {
            x.new_game();
        }
        self.position_changed();
        self.kick();
    }

    /// `variant NAME`: its start position, and its board and pieces for
    /// GUIs that do not know it.
    fn variant(&mut self, name: &str) {
        self.abandon();
        match self.library.variant(name) {
            Ok(v) => {
                self.game = AnyGame::new(&v, self.board);
                self.start_fen = self.game.fen();
                self.select_books(Library::base_name(name));
                self.out.extend(setup_events(&v, &self.start_fen));
                self.position_changed();
                self.position_replaced();
            }
            Err(_) => {
                self.out.push(Event::Error {
                    reason: "unsupported variant".into(),
                    command: name.into(),
                });
            }
        }
    }

    /// `option NAME[=VALUE]`: a book option, the variant file, or one of
    /// [`options`].
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if self.book_option(name, value) {
            return;
        }
        if name == options::INI_FILE {
            self.ini_file(value);
            return;
        }
        if name == options::SYZYGY_PATH {
            self.syzygy_path(value.unwrap_or(""));
            return;
        }
        if let Err(reason) = options::apply(&mut self.settings, &mut self.library, name, value) {
            self.out.push(Event::Error {
                reason,
                command: format!("option {name}"),
            });
        }
    }

    /// Opens the Syzygy tables of `path` (`<empty>` or nothing closes
    /// them) on the search thread, between searches; its report says what
    /// it found ([`Report::SyzygyOpened`]).
    fn syzygy_path(&mut self, path: &str) {
        let path = path.trim();
        let path = if path.eq_ignore_ascii_case("<empty>") {
            ""
        } else {
            path
        };
        self.search.tables.syzygy = path.to_string();
        self.search.tables.resizes_sent += 1;
        self.retable(Job::Syzygy(path.to_string()));
    }

    /// Resets what belongs to one position: exclusions, announcements.
    fn position_changed(&mut self) {
        self.here = Here::default();
    }

    /// Stops the running search without using its result (a UCI order
    /// still reports the best move it has, or one it was holding back).
    fn abandon(&mut self) {
        if let Some(run) = self.search.running.take() {
            run.stop.request(Stop::Abandon);
            if matches!(run.kind, Kind::Order(_)) {
                self.order_cut_short(&run);
            }
        }
        self.release_held();
        self.flush_pongs();
    }

    /// Starts a search of `kind` under `limits`, of the position after
    /// `first` when given (pondering).
    fn launch(&mut self, kind: Kind, limits: MoveLimits, first: Option<AnyMove>) {
        let weak = match &kind {
            Kind::Think => self.settings.strength.limited,
            Kind::Order(order) => order.weak,
            Kind::Ponder { .. } | Kind::Analyze => false,
        };
        let shown = self.settings.multi_pv.max(1);
        let choices = if weak {
            self.settings.strength.lines()
        } else {
            1
        };
        let reports = matches!(kind, Kind::Analyze | Kind::Order(_));
        let spec = SearchSpec {
            limits,
            clock: self.clock,
            excluded: if first.is_none() {
                self.here.excluded.clone()
            } else {
                Vec::new()
            },
            width: self.game.width(),
            lines: match &kind {
                Kind::Analyze => shown,
                Kind::Order(_) => shown.max(choices),
                Kind::Think | Kind::Ponder { .. } => choices,
            },
            progress: reports.then(|| self.game.new_progress()),
            learned: self.books.learned_positions(),
            report_bounds: matches!(kind, Kind::Order(_)),
            probe: self.settings.probe,
        };
        let progress = spec.progress.clone();
        let Some(task) = self.game.search_task(first, spec) else {
            return;
        };
        self.search.last_job += 1;
        let stop = StopFlag::new();
        let deadline = limits
            .deadline_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        let current_move_at =
            matches!(kind, Kind::Order(_)).then(|| Instant::now() + uci::CURRENT_MOVE_AFTER);
        self.search.thread.send(Job::Search {
            id: self.search.last_job,
            stop: stop.clone(),
            task,
        });
        self.search.running = Some(Running {
            progress,
            started: Instant::now(),
            job: self.search.last_job,
            stop,
            kind,
            deadline,
            book_choices: None,
            weak,
            lines: Vec::new(),
            current_move_at,
            current_shown: None,
        });
    }

    /// Takes a fresh search thread after the old one died. A move we were thinking
    /// about is replaced by the first legal move (better than hanging); a
    /// ponder or analysis search is not restarted until something changes.
    pub fn replace_search_thread(&mut self, search_thread: SearchThread) {
        self.search.thread = search_thread;
        // The dead thread's unfinished resizes will never be reported; the
        // new one gets the last sizes asked for.
        let tables = &mut self.search.tables;
        tables.resizes_done = tables.resizes_sent;
        if let Some(mb) = tables.memory {
            tables.resizes_sent += 1;
            self.search.thread.send(Job::Resize(mb));
        }
        if let Some(n) = self.search.tables.cores {
            self.search.thread.send(Job::Threads(n));
        }
        if !self.search.tables.syzygy.is_empty() {
            self.search.tables.resizes_sent += 1;
            let path = self.search.tables.syzygy.clone();
            self.search.thread.send(Job::Syzygy(path));
        }
        let Some(run) = self.search.running.take() else {
            return;
        };
        match run.kind {
            Kind::Think => {
                let first = self.game.legal_moves().into_iter().next();
                self.play_and_record(
                    None,
                    Outcome {
                        best: first,
                        ..Outcome::default()
                    },
                );
            }
            Kind::Order(_) => self.order_cut_short(&run),
            Kind::Ponder { .. } | Kind::Analyze => self.here.settled = true,
        }
        self.flush_pongs();
        self.kick();
    }

    /// Handles a report from the search thread (stale ones are dropped).
    pub fn on_report(&mut self, report: Report) {
        let current = self.search.running.as_ref().map(|r| r.job);
        match report {
            Report::Progress { job, info } if Some(job) == current => {
                self.keep_line(&info);
                match self.model {
                    Model::Uci(_) => self.order_progress(info),
                    Model::Xboard(_) => self.show_thinking(info),
                }
            }
            Report::Done { job, mut outcome } if Some(job) == current => {
                if let Some(run) = self.search.running.take() {
                    if run.weak && outcome.best.is_some() {
                        self.weaken(&run.lines, &mut outcome);
                    }
                    match run.kind {
                        Kind::Order(order) => self.order_done(order, run.book_choices, outcome),
                        Kind::Think => self.play_and_record(run.book_choices, outcome),
                        // A ponder or analysis search that ended by itself is not restarted
                        // until something changes.
                        Kind::Ponder { .. } | Kind::Analyze => self.here.settled = true,
                    }
                }
                self.flush_pongs();
                self.kick();
            }
            Report::Resized { reduced } => {
                self.search.tables.resizes_done += 1;
                if let Some((wanted, used)) = reduced {
                    self.out.push(Event::TellUser(format!(
                        "hash table: {wanted} MB do not fit in this machine's memory, using {used} MB"
                    )));
                }
                self.flush_pongs();
            }
            Report::SyzygyOpened { messages } => {
                self.search.tables.resizes_done += 1;
                self.tell_syzygy(messages);
                self.flush_pongs();
            }
            _ => {}
        }
    }

    /// What opening the Syzygy tables found: the summary as a comment,
    /// each folder or file left out as a message to the user (the first
    /// few, then how many more).
    fn tell_syzygy(&mut self, messages: Vec<String>) {
        const SHOWN: usize = 4;
        let mut lines = messages.into_iter();
        let Some(summary) = lines.next() else {
            return;
        };
        let problems: Vec<String> = lines.collect();
        let found = summary.starts_with("Syzygy:");
        self.out.push(if found {
            Event::Comment(summary)
        } else {
            Event::TellUser(summary)
        });
        for line in problems.iter().take(SHOWN) {
            self.out
                .push(Event::TellUser(format!("Syzygy: left out {line}")));
        }
        if problems.len() > SHOWN {
            let more = problems.len() - SHOWN;
            self.out.push(Event::TellUser(format!(
                "Syzygy: {more} more files left out"
            )));
        }
    }

    /// Keeps the last exact line of each multi-PV index of the running
    /// search.
    fn keep_line(&mut self, info: &Thinking) {
        let Some(run) = &mut self.search.running else {
            return;
        };
        if info.bound != Bound::Exact {
            return;
        }
        let index = info.multipv.max(1) - 1;
        if run.lines.len() <= index {
            run.lines.resize(index + 1, info.clone());
        }
        run.lines[index] = info.clone();
    }

    /// A weakened engine plays one of the best lines, drawn by
    /// `Strength::choose`: the last line reported for each multi-PV index,
    /// so a node budget that ends an iteration after its first line still
    /// leaves the earlier iteration's others to choose from (one per move).
    fn weaken(&mut self, lines: &[Thinking], outcome: &mut Outcome) {
        let mut last: Vec<&Thinking> = Vec::new();
        for line in lines {
            if !last.iter().any(|l| l.pv.first() == line.pv.first()) {
                last.push(line);
            }
        }
        if last.is_empty() {
            return;
        }
        let scores: Vec<_> = last.iter().map(|l| l.score).collect();
        let chosen = self.settings.strength.choose(&scores, &mut self.chance);
        if chosen == 0 {
            return;
        }
        let mut line = last[chosen].pv.moves().iter().copied();
        outcome.best = line.next().or(outcome.best.take());
        outcome.ponder = line.next();
        outcome.score = Some(last[chosen].score);
    }
}

/// A seed for the random choices (the book's, a weakened engine's): the
/// clock, so games vary.
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Standard chess: the library's `normal`, or the built-in one if that is broken.
fn fallback_game(library: &Library, board: BoardChoice) -> AnyGame {
    let normal = library.normal();
    AnyGame::new(&normal, board)
}
