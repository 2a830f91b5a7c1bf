//! XBoard/WinBoard (CECP v2) front end: text to engine commands and engine
//! events to text. No game logic lives here.
//!
//! Threads: a reader turns input lines into [`Command`]s (it only parses),
//! the engine's control loop ([`engine::run`]) runs on the calling thread and
//! is the only writer of output lines.
//!
//! Signals: the feature line says `sigint=0 sigterm=0`. `#![forbid(unsafe_code)]`
//! and no libc crate mean the engine cannot ignore signals itself, so it asks
//! the GUI not to send them. XBoard without `sigterm=0` sends SIGTERM right
//! after `quit` (usystem.c `DestroyChildProcess`), which would end the engine
//! before `quit` is handled; with it, XBoard waits a second for the engine
//! to exit on its own, then kills it. The engine abandons any search on
//! `quit` and exits at once. python-chess answers `rejected sigterm` and logs
//! a warning, nothing more (it sends `quit` and waits the same way); the
//! engine takes any `accepted`/`rejected` silently. Tested by
//! `tests/xboard_signals.rs`.
//!
//! Tested by `tests/xboard.rs`: exact transcripts over an in-process
//! [`session`], a fuzz run of random lines, the built binary on a pipe, and
//! complete games driven by python-chess's XBoard client
//! (`tests/pychess_games.py`, needs `pip install chess`; the setup script
//! installs it).

pub mod format;
pub mod parse;

use crate::engine::{self, api::Command, api::Event, Config};
use crossbeam_channel::{Receiver, Sender};
use std::io::{BufRead, Write};

/// Speaks XBoard on `input`/`output` until `quit` or end of input.
/// Lines already read (e.g. the `xboard` that selected this front end) go
/// first.
///
/// # Errors
/// The OS error when a thread cannot be started.
pub fn serve<R, W>(
    first_lines: Vec<String>,
    input: R,
    mut output: W,
    config: &Config,
) -> std::io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let (tx, rx) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_lines(first_lines, input, &tx))?;
    engine::run(&rx, |event| write_event(&mut output, event), config)
}

/// Writes one event as its lines; false when the output is closed.
fn write_event<W: Write>(output: &mut W, event: &Event) -> bool {
    for line in format::lines(event) {
        if writeln!(output, "{line}").is_err() {
            return false;
        }
    }
    output.flush().is_ok()
}

/// The reader thread: parses lines and forwards commands; end of input
/// (or an unreadable stream) becomes `quit`.
fn read_lines<R: BufRead>(first_lines: Vec<String>, mut input: R, tx: &Sender<Command>) {
    let mut parser = parse::Parser::new();
    for line in first_lines {
        if let Some(command) = parser.parse(&line) {
            if tx.send(command).is_err() {
                return;
            }
        }
    }
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf);
                if let Some(command) = parser.parse(&line) {
                    if tx.send(command).is_err() {
                        return;
                    }
                }
            }
        }
    }
    let _ = tx.send(Command::Quit);
}

/// An in-process XBoard session for tests and embedding: send input lines,
/// receive output lines. Dropping the sender ends the session like EOF.
///
/// # Errors
/// The OS error when a thread cannot be started.
pub fn session(config: Config) -> std::io::Result<(Sender<String>, Receiver<String>)> {
    let (in_tx, in_rx) = crossbeam_channel::unbounded::<String>();
    let (out_tx, out_rx) = crossbeam_channel::unbounded::<String>();
    let (cmd_tx, cmd_rx) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name("session-reader".into())
        .spawn(move || {
            let mut parser = parse::Parser::new();
            for line in in_rx {
                if let Some(command) = parser.parse(&line) {
                    if cmd_tx.send(command).is_err() {
                        return;
                    }
                }
            }
            let _ = cmd_tx.send(Command::Quit);
        })?;
    std::thread::Builder::new()
        .name("session-control".into())
        .spawn(move || {
            let emit = |event: &Event| {
                format::lines(event)
                    .into_iter()
                    .all(|l| out_tx.send(l).is_ok())
            };
            let _ = engine::run(&cmd_rx, emit, &config);
        })?;
    Ok((in_tx, out_rx))
}
