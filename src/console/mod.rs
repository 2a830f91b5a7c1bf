//! Crafty-style console front end for humans: a prompt (`White(1): `), moves
//! (coordinates or SAN) answered by the engine's move, and commands from a
//! static table ([`commands::COMMANDS`]) that drives both dispatch and `help`.
//!
//! Like the XBoard front end it only turns text into [`Command`]s and
//! [`Event`]s into text; the engine's control loop ([`engine::run`]) runs on
//! its own thread. After every command the console sends `ping` and prints
//! what comes back up to the `pong`, so each line's answer (including the
//! engine's move) is complete before the next line is read. Tools that need
//! no game state run on the console thread: perft, check, bench (`tools`),
//! test suites (`suite`) and annotation (`annotate`, `annotate_html`, `svg`)
//! with their own searchers (`analysis`) and progress on stderr
//! (`progress`). Games on file (`record`) go through the engine's record.
//!
//! Start-up: `.nightriderrc` in `$HOME`, then in the working directory, then
//! command-line arguments, each line a command (see `cli`).
//!
//! Tested by `tests/console.rs` and `tests/console_tools.rs`: scripted
//! sessions on the built binary.

pub mod analysis;
pub mod annotate;
pub mod annotate_html;
pub mod book_commands;
pub mod commands;
pub mod display;
pub mod record;
pub mod suite;
pub mod svg;
pub mod timing;
pub mod tools;

use crate::core::Color;
use crate::engine::api::{Command, Event, Snapshot};
use crate::engine::library::Library;
use crate::engine::searchers::SearcherPool;
use crate::engine::{self, Config};
use crate::text::printable;
use crate::xboard::parse::Parser;
use crossbeam_channel::{select, Receiver, Sender};
use std::collections::VecDeque;
use std::io::{BufRead, Write};

/// How deep `input FILE` may nest (a file that reads itself stops here).
const MAX_INPUT_DEPTH: usize = 8;

/// What the next input line means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputMode {
    /// Commands and moves.
    Normal,
    /// The `edit` sub-mode: `#`, `c`, `Pa4`, `.`.
    Edit,
    /// Continuous analysis: moves change the position, `exit` leaves.
    Analyze,
}

/// Where the console's input comes from and whether a human types it.
pub struct Input<R> {
    /// Lines already read from `reader` (the one that chose the console).
    pub first_lines: Vec<String>,
    /// The rest of the input.
    pub reader: R,
    /// True when a terminal: prompts are shown before reading; otherwise
    /// each line is echoed after its prompt so transcripts read naturally.
    pub interactive: bool,
}

/// The console's state: channels to the engine and the input, and what it
/// knows about the game.
pub struct Console {
    commands: Sender<Command>,
    events: Receiver<Event>,
    lines: Receiver<String>,
    out: Box<dyn Write + Send>,
    interactive: bool,
    pings: u64,
    snapshot: Snapshot,
    /// The variant the engine plays (as the user named it).
    pub variant: String,
    config: Config,
    mode: InputMode,
    editor: Parser,
    pending: VecDeque<String>,
    log: Option<std::fs::File>,
    log_path: Option<String>,
    input_depth: usize,
    /// `exit` was read in a command file: the rest of that file is skipped.
    file_done: bool,
    quit: bool,
    library: Option<Library>,
    depth: Option<u32>,
    nodes: Option<u64>,
    clock: timing::EngineClock,
    post: bool,
    move_time: Option<u64>,
    hash_mb: usize,
    threads: usize,
    display: display::DisplayOptions,
    last_thinking: Option<crate::engine::api::Thinking>,
    /// Tags and comments of the game last read, and tags set with `pgn`.
    pub record: record::GameRecord,
}

/// Runs the console until `quit` or the end of input. `startup` lines
/// (from `.nightriderrc` and the command line) run first, without prompts.
///
/// # Errors
/// The OS error when a thread cannot be started.
pub fn serve<R, W>(
    startup: Vec<String>,
    input: Input<R>,
    output: W,
    config: &Config,
) -> std::io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let (cmd_tx, cmd_rx) = crossbeam_channel::unbounded();
    let (event_tx, event_rx) = crossbeam_channel::unbounded::<Event>();
    let (line_tx, line_rx) = crossbeam_channel::unbounded();
    let engine_config = config.clone();
    let engine = std::thread::Builder::new()
        .name("console-engine".into())
        .spawn(move || {
            let emit = |event: &Event| event_tx.send(event.clone()).is_ok();
            engine::run(&cmd_rx, emit, &engine_config)
        })?;
    let Input {
        first_lines,
        reader,
        interactive,
    } = input;
    std::thread::Builder::new()
        .name("console-stdin".into())
        .spawn(move || read_lines(first_lines, reader, &line_tx))?;
    let mut console = Console {
        commands: cmd_tx,
        events: event_rx,
        lines: line_rx,
        out: Box::new(output),
        interactive,
        pings: 0,
        snapshot: Snapshot {
            fen: String::new(),
            moves: Vec::new(),
        },
        variant: "normal".into(),
        config: config.clone(),
        mode: InputMode::Normal,
        editor: Parser::new(),
        pending: VecDeque::new(),
        log: None,
        log_path: None,
        input_depth: 0,
        file_done: false,
        quit: false,
        library: None,
        depth: None,
        nodes: None,
        clock: timing::EngineClock::default(),
        post: false,
        move_time: None,
        hash_mb: 0,
        threads: 1,
        record: record::GameRecord::default(),
        display: display::DisplayOptions::default(),
        last_thinking: None,
    };
    console.exchange(Vec::new());
    console.run(startup);
    let _ = console.commands.send(Command::Quit);
    drop(console);
    engine.join().unwrap_or(Ok(()))
}

/// Forwards input lines; the channel closes at the end of input.
fn read_lines<R: BufRead>(first_lines: Vec<String>, input: R, tx: &Sender<String>) {
    let forward = |line: &str| tx.send(line.trim_end().to_string()).is_ok();
    if first_lines.iter().all(|line| forward(line)) {
        crate::text::each_line(input, forward);
    }
}

impl Console {
    /// The start-up lines, then input until `quit` or its end.
    fn run(&mut self, startup: Vec<String>) {
        for line in startup {
            if self.quit {
                return;
            }
            self.execute(&line);
        }
        while !self.quit {
            let Some(line) = self.next_line() else {
                return;
            };
            let echo = format!("{}{line}", self.prompt());
            if self.interactive {
                self.log_line(&echo);
            } else {
                self.print(&echo);
            }
            self.execute(&line);
        }
    }

    /// The next input line; events that arrive meanwhile (analysis) are printed.
    fn next_line(&mut self) -> Option<String> {
        if let Some(line) = self.pending.pop_front() {
            return Some(line);
        }
        if self.interactive {
            let prompt = self.prompt();
            let _ = write!(self.out, "{prompt}");
            let _ = self.out.flush();
        }
        loop {
            select! {
                recv(self.lines) -> line => return line.ok(),
                recv(self.events) -> event => match event {
                    Ok(event) => self.show(&event),
                    Err(_) => return None,
                },
            }
        }
    }

    /// The prompt: side to move and move number (`White(1): `).
    #[must_use]
    pub fn prompt(&self) -> String {
        let (side, number) = display::side_and_number(&self.snapshot.fen);
        let name = display::color_name(side);
        match self.mode {
            InputMode::Normal => format!("{name}({number}): "),
            InputMode::Edit => "edit: ".into(),
            InputMode::Analyze => format!("analyze {name}({number}): "),
        }
    }

    /// Runs one line: a command, a move, or a step of the current sub-mode.
    pub fn execute(&mut self, line: &str) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') && self.mode != InputMode::Edit {
            return;
        }
        if self.mode == InputMode::Edit {
            self.edit_line(line);
            return;
        }
        if let Err(message) = commands::dispatch(self, line) {
            self.print(&message);
        }
    }

    /// One line of the `edit` sub-mode, parsed as XBoard would send it.
    fn edit_line(&mut self, line: &str) {
        match self.editor.parse(line) {
            Some(Command::EditStep(step)) => {
                let done = step == crate::engine::api::EditStep::Done;
                let events = self.exchange(vec![Command::EditStep(step)]);
                if done {
                    self.mode = InputMode::Normal;
                    self.editor = Parser::new();
                    if events.iter().any(|e| matches!(e, Event::TellUserError(_))) {
                        self.print("Error: the edited position is not legal; the old one stays");
                        let fen = self.snapshot.fen.clone();
                        self.exchange(vec![Command::SetBoard(fen)]);
                        return;
                    }
                }
                self.show_all(&events);
            }
            _ => self.print(&format!(
                "Error (edit): expected #, c, . or a piece and square like Pe4: {line}"
            )),
        }
    }

    /// Enters the `edit` sub-mode.
    pub fn start_edit(&mut self) {
        self.editor = Parser::new();
        self.editor.parse("edit");
        self.mode = InputMode::Edit;
        self.exchange(vec![Command::Edit]);
    }

    /// Switches the input mode (analysis on or off).
    pub fn set_mode(&mut self, mode: InputMode) {
        self.mode = mode;
    }

    /// The current input mode.
    #[must_use]
    pub fn mode(&self) -> InputMode {
        self.mode
    }

    /// The engine's last report of the game.
    #[must_use]
    pub fn snapshot(&self) -> &Snapshot {
        &self.snapshot
    }

    /// The start-up configuration (ini file, board choice).
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Sends `commands`, then asks for the position and pings; returns the
    /// events up to the pong (thinking lines are printed as they come, the
    /// position is kept). Lines typed meanwhile wait, except `?`, which
    /// makes the engine move now.
    pub fn exchange(&mut self, commands: Vec<Command>) -> Vec<Event> {
        let mut events = Vec::new();
        let mut stale = self.round_trip(commands, &mut events);
        while stale {
            stale = self.round_trip(Vec::new(), &mut events);
        }
        events
    }

    /// One ping round; true if the engine moved after reporting the position.
    fn round_trip(&mut self, commands: Vec<Command>, events: &mut Vec<Event>) -> bool {
        self.pings += 1;
        let token = self.pings.to_string();
        for command in commands
            .into_iter()
            .chain([Command::Position, Command::Ping(token.clone())])
        {
            if self.commands.send(command).is_err() {
                self.quit = true;
                return false;
            }
        }
        let mut stale = false;
        // Thinking lines are numbered from the position they search, so the
        // ones that overtake this round's snapshot wait for it.
        let mut held = Vec::new();
        let mut fresh = false;
        loop {
            select! {
                recv(self.events) -> event => match event {
                    Ok(Event::Pong(t)) if t == token => {
                        self.show_all(&held);
                        return stale;
                    }
                    Ok(Event::Position(s)) => {
                        self.snapshot = s;
                        stale = false;
                        fresh = true;
                        self.show_all(&std::mem::take(&mut held));
                    }
                    Ok(event @ Event::Thinking(_)) if !fresh => held.push(event),
                    Ok(event @ Event::Thinking(_)) => self.show(&event),
                    Ok(event) => {
                        stale |= matches!(event, Event::Move(_));
                        events.push(event);
                    }
                    Err(_) => {
                        self.quit = true;
                        return false;
                    }
                },
                recv(self.lines) -> line => match line {
                    Ok(line) if line.trim() == "?" => {
                        let _ = self.commands.send(Command::MoveNow);
                    }
                    Ok(line) => self.pending.push_back(line),
                    Err(_) => {}
                },
            }
        }
    }

    /// Sends `commands` and prints every reply.
    pub fn send(&mut self, commands: Vec<Command>) {
        let events = self.exchange(commands);
        self.show_all(&events);
    }

    /// Prints events in order (an engine move is labelled with its number).
    pub fn show_all(&mut self, events: &[Event]) {
        for event in events {
            self.show(event);
        }
    }

    fn show(&mut self, event: &Event) {
        if let Event::Thinking(t) = event {
            self.show_thinking(t);
            return;
        }
        if let Some(text) = display::event_text(event, &self.snapshot) {
            self.print(&text);
        }
        if let (Event::Move(_), true) = (event, self.display.stats) {
            if let Some(t) = self.last_thinking.take() {
                self.print(&display::stats(&t));
            }
        }
    }

    /// A thinking line, as `post` and the display options want it.
    fn show_thinking(&mut self, t: &crate::engine::api::Thinking) {
        let previous = self.last_thinking.replace(t.clone());
        let shown = self.post || self.mode == InputMode::Analyze;
        let same_best = previous.is_some_and(|p| p.depth < t.depth && p.pv.first() == t.pv.first());
        if !shown || (self.display.changes && same_best) {
            return;
        }
        let mut line = display::thinking(t);
        if self.display.moves {
            let texts = t.pv.board_texts();
            let pv = texts.join(" ");
            let numbered = display::numbered(&t.pv.root_fen(), &texts);
            if let Some(start) = line.rfind(&pv).filter(|_| !pv.is_empty()) {
                line.replace_range(start.., &numbered);
            }
        }
        self.print(&line);
    }

    /// Switches a display option (`display stats on`); thinking lines are
    /// asked of the engine while `post` or `stats` needs them.
    ///
    /// # Errors
    /// An unknown option or value.
    pub fn set_display(&mut self, option: &str, value: &str) -> Result<(), String> {
        self.display.set(option, value)?;
        let post = self.engine_post();
        self.send(vec![Command::Post(post)]);
        let summary = self.display.summary();
        self.print(&summary);
        Ok(())
    }

    /// Whether the engine must send thinking lines (to show, or for stats).
    #[must_use]
    pub fn engine_post(&self) -> bool {
        self.post || self.display.stats
    }

    /// Writes one line (or several joined by newlines) to the output and
    /// log, control characters (of echoed input) escaped as in XBoard mode.
    pub fn print(&mut self, text: &str) {
        let text: Vec<_> = text.split('\n').map(printable).collect();
        let text = text.join("\n");
        let _ = writeln!(self.out, "{text}");
        let _ = self.out.flush();
        self.log_line(&text);
    }

    fn log_line(&mut self, text: &str) {
        if let Some(file) = &mut self.log {
            let _ = writeln!(file, "{text}");
        }
    }

    /// Starts (with a file and its path) or stops (with `None`) the
    /// transcript log.
    pub fn set_log(&mut self, file: Option<(std::fs::File, String)>) {
        let (file, path) = file.unzip();
        self.log = file;
        self.log_path = path;
    }

    /// The file the transcript goes to, if any.
    #[must_use]
    pub fn log_path(&self) -> Option<&str> {
        self.log_path.as_deref()
    }

    /// Stops after this line.
    pub fn request_quit(&mut self) {
        self.quit = true;
    }

    /// Whether a command file (`input FILE`, `.nightriderrc`) is being read.
    #[must_use]
    pub fn reading_file(&self) -> bool {
        self.input_depth > 0
    }

    /// Stops reading the current command file after this line (`exit` in
    /// a file, as Crafty's `.craftyrc` ends); the reader of the file that
    /// ran it, or the terminal, goes on.
    pub fn end_file(&mut self) {
        self.file_done = true;
    }

    /// Runs every line of a command file (`input FILE`, `.nightriderrc`)
    /// up to its end or an `exit` line.
    ///
    /// # Errors
    /// The file cannot be read, or files nest too deep.
    pub fn run_file(&mut self, path: &str) -> Result<(), String> {
        if self.input_depth >= MAX_INPUT_DEPTH {
            return Err(format!(
                "Error: input files nest deeper than {MAX_INPUT_DEPTH}"
            ));
        }
        let text = crate::text::read(path).map_err(|e| format!("Error: {path}: {e}"))?;
        self.input_depth += 1;
        for line in text.lines() {
            if self.quit || self.file_done {
                break;
            }
            self.execute(line);
        }
        self.file_done = false;
        self.input_depth -= 1;
        Ok(())
    }

    /// The variant catalog as the engine loaded it (read once, on first use).
    pub fn library(&mut self) -> &Library {
        let path = self.config.ini_path.clone();
        self.library
            .get_or_insert_with(|| Library::load(path.as_deref()).0)
    }

    /// Sets the depth limit; it outlives `new` (the engine forgets it there).
    pub fn set_depth(&mut self, depth: u32) {
        self.depth = Some(depth);
        self.send(vec![Command::Depth(depth)]);
    }

    /// Sets the node budget per move (0 = none); it outlives `new`.
    pub fn set_nodes(&mut self, nodes: u64) {
        self.nodes = (nodes > 0).then_some(nodes);
        self.send(vec![Command::Nodes(nodes)]);
    }

    /// Sends a command that may make the engine move (a move, `go`), with
    /// the engine's clock before it; charges the engine for its move.
    pub fn play(&mut self, command: Command) {
        let mut commands: Vec<Command> = self
            .clock
            .centis_left()
            .map(Command::Time)
            .into_iter()
            .collect();
        commands.push(command);
        let started = std::time::Instant::now();
        let events = self.exchange(commands);
        if events.iter().any(|e| matches!(e, Event::Move(_))) {
            self.clock.charge(started.elapsed());
        }
        self.show_all(&events);
    }

    /// Sets the time control the console keeps the engine's clock by
    /// (`None` for a fixed time per move) and sends `command`.
    pub fn set_control(&mut self, level: Option<crate::engine::api::Level>, command: Command) {
        self.clock = timing::EngineClock::new(level);
        self.move_time = match command {
            Command::MoveTime(ms) => Some(ms),
            _ => None,
        };
        self.send(vec![command]);
    }

    /// The engine's time left on the console's clock (`None` under `st`).
    #[must_use]
    pub fn clock_left_ms(&self) -> Option<u64> {
        self.clock.centis_left().map(|c| c * 10)
    }

    /// Sets the engine's time left (`clock`); false when there is no clock.
    pub fn set_clock_left(&mut self, ms: u64) -> bool {
        self.clock.set_left(ms)
    }

    /// Whether thinking lines are shown outside analysis.
    #[must_use]
    pub fn post(&self) -> bool {
        self.post
    }

    /// Shows thinking lines (or not).
    pub fn set_post(&mut self, on: bool) {
        self.post = on;
        let post = self.engine_post();
        self.send(vec![Command::Post(post)]);
    }

    /// The commands that start a new game and restore the console's settings.
    #[must_use]
    pub fn new_game_commands(&mut self) -> Vec<Command> {
        self.clock.restart();
        let mut out = vec![Command::New];
        out.extend(self.depth.map(Command::Depth));
        out.extend(self.nodes.map(Command::Nodes));
        out
    }

    /// The side to move now.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        display::side_and_number(&self.snapshot.fen).0
    }

    /// The node budget per move (`sn`), if any.
    #[must_use]
    pub fn node_budget(&self) -> Option<u64> {
        self.nodes
    }

    /// The depth limit (`sd`), if any.
    #[must_use]
    pub fn depth_limit(&self) -> Option<u32> {
        self.depth
    }

    /// The fixed time per move (`st`) in milliseconds, if one is set.
    #[must_use]
    pub fn move_time_ms(&self) -> Option<u64> {
        self.move_time
    }

    /// The time control (`level`, `time`), unless `st` replaced it.
    #[must_use]
    pub fn level(&self) -> Option<crate::engine::api::Level> {
        self.clock.level()
    }

    /// Remembers the hash size and thread count the tools search with.
    pub fn set_search_resources(&mut self, hash_mb: Option<usize>, threads: Option<usize>) {
        self.hash_mb = hash_mb.unwrap_or(self.hash_mb);
        self.threads = threads.unwrap_or(self.threads);
    }

    /// Searchers for the tools (`test`, `annotate`), sized like the engine's.
    #[must_use]
    pub fn tool_searchers(&self) -> SearcherPool {
        SearcherPool::new(self.hash_mb, self.threads)
    }
}
