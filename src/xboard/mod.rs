//! XBoard/WinBoard (CECP v2) front end: text to engine commands and engine
//! events to text. No game logic lives here.
//!
//! Threads ([`line_protocol`], shared with UCI): a reader turns input lines
//! into [`Command`]s with [`parse::Parser`] (it only parses), the engine's
//! control loop runs on the calling thread and is the only writer of output
//! lines.
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

use crate::engine::api::{Command, Event};
use crate::engine::line_protocol::{self, LineProtocol};
use crate::engine::Config;
use crossbeam_channel::{Receiver, Sender};

impl LineProtocol for parse::Parser {
    fn commands(&mut self, line: &str) -> Vec<Command> {
        self.parse(line).into_iter().collect()
    }

    fn lines(event: &Event) -> Vec<String> {
        format::lines(event)
    }
}

/// An in-process XBoard session for tests and embedding: send input lines,
/// receive output lines. Dropping the sender ends the session like EOF.
///
/// # Errors
/// The OS error when a thread cannot be started.
pub fn session(config: Config) -> std::io::Result<(Sender<String>, Receiver<String>)> {
    line_protocol::session(parse::Parser::new(), config)
}
