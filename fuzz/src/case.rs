//! A test case and its run: the arguments, the files laid in the scratch
//! directory and the input lines of one engine process, run under every
//! invariant that applies, and saved as a reproducer when one fails.
//!
//! The input decides the checks:
//! - first line `xboard`: XBoard. Every output line must conform
//!   ([`crate::conform`]); every `ping N` (N digits) must be answered by
//!   `pong N` within the ping limit. While the engine thinks on its move
//!   the protocol defers the pong until the move: if the limit passes, the
//!   runner sends `?` (move now) and the move and the pong must then follow
//!   within the limit again.
//! - first line `uci`: UCI. Every output line must be a UCI line
//!   ([`crate::uci::conforms`]); every `isready` must be answered by
//!   `readyok` within the ping limit, even during a search.
//! - a line `echo SYNC-N`: the console; the line `SYNC-N` must come back
//!   within the console limit.
//! - always: the process ends by itself after its input (or its arguments)
//!   within the exit limit, not by a signal, with no `panicked` on stderr.
//!
//! A saved case is a folder: `args` (one argument a line), `stdin` (the
//! lines as sent, including any `?` the runner added), `files/` (laid in the
//! scratch directory), and for the reader `failure.txt`, `stdout`, `stderr`.
//! A case written by hand may add `expect-stdout` and `expect-stderr`: text
//! (one piece a line) that must appear there.

use crate::conform::{self, Kind, ResultTracker, Sequence};
use crate::engine::{Launcher, Process, Scratch};
use std::path::Path;
use std::time::{Duration, Instant};

/// One engine run.
#[derive(Clone, Debug, Default)]
pub struct Case {
    /// Command-line arguments.
    pub args: Vec<String>,
    /// Files laid in the scratch directory: relative path and content.
    pub files: Vec<(String, Vec<u8>)>,
    /// Input lines (without their newline).
    pub input: Vec<Vec<u8>>,
    /// Text that must appear in stdout, and in stderr (regression cases
    /// whose bug shows in what is said, not in how the run ends).
    pub expect: [Vec<String>; 2],
}

/// Time limits of a run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A sync ping must be answered within this.
    pub ping: Duration,
    /// A console sync line must come back within this.
    pub console: Duration,
    /// The process must exit within this after its last input (or, with no
    /// input, after its start).
    pub exit: Duration,
}

/// What went wrong.
#[derive(Clone, Debug)]
pub struct Failure {
    /// `crash`, `hang`, `slow-pong`, `output` or `file`.
    pub kind: &'static str,
    /// A stable one-line description used to group equal failures.
    pub signature: String,
    /// Details for the reader.
    pub detail: String,
}

/// Measurements of one run.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Input lines sent.
    pub lines: u64,
    /// XBoard sync pings answered.
    pub pings: u64,
    /// Longest time from a ping to its pong without `?`.
    pub max_pong: Duration,
    /// The command before that ping.
    pub max_pong_after: String,
    /// Pings that needed a `?` because the engine was thinking.
    pub deferred: u64,
    /// Longest time from that `?` to the pong.
    pub max_deferred_pong: Duration,
}

/// The record of one run.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The first invariant broken, if any.
    pub failure: Option<Failure>,
    /// Measurements.
    pub stats: Stats,
    /// The lines actually sent.
    pub sent: Vec<Vec<u8>>,
    /// Stdout as read.
    pub stdout: Vec<u8>,
    /// Stderr as read.
    pub stderr: Vec<u8>,
}

/// Most stdout bytes kept for a reproducer.
const STDOUT_CAP: usize = 1 << 20;

impl Case {
    /// A case that only runs `args`.
    pub fn args(args: Vec<String>) -> Case {
        Case {
            args,
            ..Case::default()
        }
    }

    /// The protocol the first line chooses.
    fn dialect(&self) -> Dialect {
        match self
            .input
            .first()
            .and_then(|l| l.split(|&b| b == b' ').next())
        {
            Some(b"xboard") => Dialect::Xboard,
            Some(b"uci") => Dialect::Uci,
            _ => Dialect::Console,
        }
    }

    /// Runs the case in `scratch` (whose files stay for the caller to check).
    pub fn run_in(&self, launcher: &Launcher, limits: &Limits, scratch: &Scratch) -> Outcome {
        for (rel, bytes) in &self.files {
            if let Err(e) = scratch.write(rel, bytes) {
                return harness_error(&e);
            }
        }
        let mut process = match Process::start(launcher, &self.args, &scratch.path) {
            Ok(p) => p,
            Err(e) => return harness_error(&e),
        };
        let mut run = Run::new(self.dialect(), limits, &self.args);
        run.feed(&mut process, &self.input);
        run.finish(&mut process);
        let mut outcome = run.outcome;
        if outcome.failure.is_none() {
            outcome.failure = self.missing_expected(&outcome);
        }
        outcome
    }

    /// The first expected text that did not appear.
    fn missing_expected(&self, outcome: &Outcome) -> Option<Failure> {
        let streams = [("stdout", &outcome.stdout), ("stderr", &outcome.stderr)];
        for (want, (name, got)) in self.expect.iter().zip(streams) {
            let got = String::from_utf8_lossy(got);
            if let Some(text) = want.iter().find(|t| !got.contains(t.as_str())) {
                return Some(Failure {
                    kind: "report",
                    signature: format!("{name} lacks `{text}`"),
                    detail: format!("expected in {name}: {text}"),
                });
            }
        }
        None
    }

    /// Writes the case and what it produced to `dir`.
    pub fn save(&self, dir: &Path, outcome: &Outcome, note: &str) -> std::io::Result<()> {
        std::fs::create_dir_all(dir.join("files"))?;
        std::fs::write(dir.join("args"), self.args.join("\n"))?;
        std::fs::write(dir.join("stdin"), join_lines(&outcome.sent))?;
        for (rel, bytes) in &self.files {
            let path = dir.join("files").join(rel);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(path, bytes)?;
        }
        std::fs::write(dir.join("stdout"), &outcome.stdout)?;
        std::fs::write(dir.join("stderr"), &outcome.stderr)?;
        std::fs::write(dir.join("failure.txt"), note)
    }

    /// Reads a case saved by [`Case::save`] (or written by hand).
    pub fn load(dir: &Path) -> std::io::Result<Case> {
        let args = std::fs::read_to_string(dir.join("args")).unwrap_or_default();
        let stdin = std::fs::read(dir.join("stdin")).unwrap_or_default();
        let mut files = Vec::new();
        collect_files(&dir.join("files"), "", &mut files)?;
        let mut input: Vec<Vec<u8>> = stdin.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
        if input.last().is_some_and(Vec::is_empty) {
            input.pop();
        }
        let expected = |name: &str| -> Vec<String> {
            std::fs::read_to_string(dir.join(name))
                .unwrap_or_default()
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect()
        };
        Ok(Case {
            args: args.lines().map(str::to_string).collect(),
            files,
            input,
            expect: [expected("expect-stdout"), expected("expect-stderr")],
        })
    }
}

fn collect_files(
    dir: &Path,
    prefix: &str,
    out: &mut Vec<(String, Vec<u8>)>,
) -> std::io::Result<()> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        if entry.file_type()?.is_dir() {
            collect_files(&entry.path(), &format!("{name}/"), out)?;
        } else {
            out.push((name, std::fs::read(entry.path())?));
        }
    }
    Ok(())
}

/// Lines joined with newlines (and one at the end).
pub fn join_lines(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l);
        out.push(b'\n');
    }
    out
}

fn harness_error(e: &std::io::Error) -> Outcome {
    Outcome {
        failure: Some(Failure {
            kind: "harness",
            signature: format!("harness: {e}"),
            detail: format!("the fuzzer could not run the case: {e}"),
        }),
        ..Outcome::default()
    }
}

/// The protocol a case speaks, which decides its checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dialect {
    Xboard,
    Uci,
    Console,
}

/// The state of a run in progress.
struct Run<'a> {
    dialect: Dialect,
    /// Shorthand for `dialect == Xboard`.
    xboard: bool,
    limits: &'a Limits,
    outcome: Outcome,
    sequence: Sequence,
    results: ResultTracker,
    /// The last command before the current sync point that was not a ping.
    last_command: String,
    ended: bool,
    /// `NIGHTRIDER_FUZZ_TRACE` set: every line in and out goes to stderr.
    trace: bool,
    begun: Instant,
}

impl Run<'_> {
    fn new<'a>(dialect: Dialect, limits: &'a Limits, args: &[String]) -> Run<'a> {
        Run {
            dialect,
            xboard: dialect == Dialect::Xboard,
            limits,
            outcome: Outcome::default(),
            sequence: Sequence::default(),
            results: ResultTracker::default(),
            // Until a line is sent, the command is the subcommand on the command line.
            last_command: args
                .first()
                .map_or_else(String::new, |a| format!("nightrider {a}")),
            ended: false,
            trace: std::env::var_os("NIGHTRIDER_FUZZ_TRACE").is_some(),
            begun: Instant::now(),
        }
    }

    fn fail(&mut self, kind: &'static str, signature: String, detail: String) {
        if self.outcome.failure.is_none() {
            self.outcome.failure = Some(Failure {
                kind,
                signature,
                detail,
            });
        }
    }

    fn send(&mut self, process: &Process, line: &[u8]) {
        let index = self.outcome.sent.len();
        self.results.sent(index, line);
        process.send(line);
        if self.trace {
            eprintln!(
                "{:>8.3} > {}",
                self.begun.elapsed().as_secs_f64(),
                truncate(&String::from_utf8_lossy(line), 100)
            );
        }
        self.outcome.sent.push(line.to_vec());
        self.outcome.stats.lines += 1;
    }

    fn feed(&mut self, process: &mut Process, input: &[Vec<u8>]) {
        for line in input {
            if self.ended || self.outcome.failure.is_some() {
                return;
            }
            self.send(process, line);
            if let Some(token) = self.sync_token(line) {
                let index = self.outcome.sent.len() - 1;
                self.sync(process, &token, index);
            } else {
                self.last_command = command_word(line);
                self.drain(process);
            }
        }
    }

    /// The line a sync line waits for: `pong N`, `readyok` or `SYNC-N`.
    fn sync_token(&self, line: &[u8]) -> Option<Vec<u8>> {
        if self.dialect == Dialect::Uci {
            return (line == b"isready").then(|| b"readyok".to_vec());
        }
        if self.xboard {
            let n = line.strip_prefix(b"ping ")?;
            (!n.is_empty() && n.iter().all(u8::is_ascii_digit)).then(|| [b"pong ", n].concat())
        } else {
            let token = line.strip_prefix(b"echo ")?;
            token.starts_with(b"SYNC-").then(|| token.to_vec())
        }
    }

    /// Reads what has come without waiting.
    fn drain(&mut self, process: &Process) {
        while let Ok(line) = process.lines.try_recv() {
            self.take(&line.1);
        }
    }

    /// Checks and stores one output line.
    fn take(&mut self, line: &[u8]) {
        if self.trace {
            eprintln!(
                "{:>8.3} < {}",
                self.begun.elapsed().as_secs_f64(),
                truncate(&String::from_utf8_lossy(line), 100)
            );
        }
        if self.outcome.stdout.len() < STDOUT_CAP {
            self.outcome.stdout.extend_from_slice(line);
            self.outcome.stdout.push(b'\n');
        }
        match self.dialect {
            Dialect::Xboard => self.check_line(line),
            Dialect::Uci => {
                if let Err(why) = crate::uci::conforms(line) {
                    let shown = String::from_utf8_lossy(line);
                    self.fail(
                        "output",
                        format!("nonconforming UCI output ({why})"),
                        format!("line {:?}: {why}", truncate(&shown, 300)),
                    );
                }
            }
            Dialect::Console => {}
        }
    }

    fn check_line(&mut self, line: &[u8]) {
        let shown = String::from_utf8_lossy(line);
        let checked = conform::classify(line).and_then(|kind| {
            if kind == Kind::Result {
                self.results.result(line, self.outcome.sent.len())?;
            }
            self.sequence.feed(kind)
        });
        if let Err(why) = checked {
            let word = shown
                .split(' ')
                .next()
                .unwrap_or("")
                .chars()
                .take(12)
                .collect::<String>();
            let word: String = word
                .chars()
                .map(|c| if c.is_control() { '?' } else { c })
                .collect();
            // One group for every control character (the code is in the detail).
            let reason = why.split(" U+").next().unwrap_or(&why);
            self.fail(
                "output",
                format!("nonconforming output ({reason}), line starting `{word}`"),
                format!("line {:?}: {why}", truncate(&shown, 300)),
            );
        }
    }

    /// Sends nothing more until `token` is read (see the module doc).
    fn sync(&mut self, process: &mut Process, token: &[u8], index: usize) {
        let sent = Instant::now();
        let limit = if self.dialect == Dialect::Console {
            self.limits.console
        } else {
            self.limits.ping
        };
        match self.wait_for(process, token, sent + limit) {
            Waited::Found(at) => {
                self.results.pong(index);
                let took = at.saturating_duration_since(sent);
                let stats = &mut self.outcome.stats;
                if self.dialect == Dialect::Console {
                    // A console sync waits for the command's work: not a ping.
                    return;
                }
                stats.pings += 1;
                if took > stats.max_pong {
                    stats.max_pong = took;
                    stats.max_pong_after.clone_from(&self.last_command);
                }
                if took > limit {
                    // Read in time only because this thread woke late: still too slow.
                    self.fail(
                        "hang",
                        format!("slow answer after `{}`", self.last_command),
                        format!(
                            "`{}` came {} ms after its request",
                            String::from_utf8_lossy(token),
                            took.as_millis()
                        ),
                    );
                }
                return;
            }
            Waited::Ended => return,
            Waited::TimedOut => {}
        }
        let what = String::from_utf8_lossy(token).into_owned();
        if self.dialect == Dialect::Uci {
            self.fail(
                "hang",
                format!("no readyok after `{}`", self.last_command),
                format!("`isready` not answered within {:?}", self.limits.ping),
            );
            return;
        }
        if !self.xboard {
            self.fail(
                "hang",
                format!("console: no answer after `{}`", self.last_command),
                format!(
                    "`{what}` did not come back within {:?}",
                    self.limits.console
                ),
            );
            return;
        }
        // Thinking on its move, the engine answers after the move: ask for it.
        let asked = Instant::now();
        self.send(process, b"?");
        match self.wait_for(process, token, asked + self.limits.ping) {
            Waited::Found(at) => {
                self.results.pong(index);
                let stats = &mut self.outcome.stats;
                stats.pings += 1;
                stats.deferred += 1;
                let took = at.saturating_duration_since(asked);
                stats.max_deferred_pong = stats.max_deferred_pong.max(took);
            }
            Waited::Ended => {}
            Waited::TimedOut => self.fail(
                "hang",
                format!("no pong after `{}`", self.last_command),
                format!(
                    "`{what}` not answered within {:?}, nor within {:?} of a `?`",
                    self.limits.ping, self.limits.ping
                ),
            ),
        }
    }

    fn wait_for(&mut self, process: &Process, token: &[u8], deadline: Instant) -> Waited {
        loop {
            match process.next_line(deadline) {
                Ok((at, line)) => {
                    self.take(&line);
                    if line == token {
                        return Waited::Found(at);
                    }
                    if self.outcome.failure.is_some() {
                        return Waited::Ended;
                    }
                }
                Err(true) => {
                    self.ended = true;
                    return Waited::Ended;
                }
                Err(false) => return Waited::TimedOut,
            }
        }
    }

    /// Closes the input, waits for the exit and checks how it ended.
    fn finish(&mut self, process: &mut Process) {
        process.close_input();
        let status = process.wait(self.limits.exit);
        // The readers end with the process; take the rest of stdout.
        let deadline = Instant::now() + Duration::from_millis(500);
        while let Ok((_, line)) = process.next_line(deadline) {
            self.take(&line);
        }
        self.outcome.stderr = process.stderr();
        let stderr = String::from_utf8_lossy(&self.outcome.stderr).into_owned();
        if let Some(signature) = crash_signature(&stderr) {
            // A panic outranks whatever it caused (a missing pong, a cut line).
            self.outcome.failure = None;
            self.fail("crash", signature, first_lines(&stderr, 12));
            return;
        }
        match status {
            None => self.fail(
                "hang",
                format!(
                    "does not exit after its input (last command `{}`)",
                    self.last_command
                ),
                format!(
                    "still running {:?} after the end of its input; killed",
                    self.limits.exit
                ),
            ),
            Some(status) => {
                if let Some(signal) = killed_by(status) {
                    self.outcome.failure = None;
                    self.fail(
                        "crash",
                        format!("killed by signal {signal}: {}", first_line(&stderr)),
                        first_lines(&stderr, 12),
                    );
                }
            }
        }
    }
}

enum Waited {
    Found(Instant),
    Ended,
    TimedOut,
}

/// `panic at FILE:LINE` (column and message left out, so equal bugs group).
fn crash_signature(stderr: &str) -> Option<String> {
    let at = stderr.find("panicked at ")?;
    let place = stderr[at + "panicked at ".len()..]
        .split(':')
        .take(2)
        .collect::<Vec<_>>()
        .join(":");
    Some(format!("panic at {place}"))
}

#[cfg(unix)]
fn killed_by(status: std::process::ExitStatus) -> Option<i32> {
    std::os::unix::process::ExitStatusExt::signal(&status)
}

#[cfg(not(unix))]
fn killed_by(status: std::process::ExitStatus) -> Option<i32> {
    // Elsewhere an abort is exit code 3 (Windows) or 134.
    matches!(status.code(), Some(3 | 134)).then_some(6)
}

fn first_line(text: &str) -> String {
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let digitless: String = line
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect();
    truncate(&digitless, 120)
}

fn first_lines(text: &str, n: usize) -> String {
    text.lines().take(n).collect::<Vec<_>>().join("\n")
}

/// The first word of a line, shortened, for messages.
pub fn command_word(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let word = text.split_whitespace().next().unwrap_or("(empty line)");
    let clean: String = word
        .chars()
        .take(20)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    clean
}

/// `text` cut to `max` characters.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(max).collect::<String>())
    }
}
