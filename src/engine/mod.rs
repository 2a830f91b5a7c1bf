//! The protocol-free engine: game record, clocks, search thread, and the
//! dispatch between the two boards.
//!
//! Front ends (`xboard`, `uci`, `console`) turn text into [`api::Command`]s and
//! [`api::Event`]s back into text; [`run`] is the control thread between
//! them: it alone owns the game and writes events, in order, so replies never
//! interleave and `ping` is answered after everything sent before it.

pub mod any_move;
pub mod api;
pub mod book_options;
pub mod clock;
pub mod control;
pub mod diagram;
pub mod dispatch;
pub mod game;
pub mod library;
pub mod line_protocol;
pub mod options;
pub mod search_thread;
pub mod searchers;
pub mod strength;
pub mod think;
pub mod variation;

use api::{Command, Event};
use control::Control;
use crossbeam_channel::{after, never, select, Receiver};
use library::Library;
use search_thread::SearchThread;
use std::time::Instant;

/// Start-up choices from the command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// An fmax.ini to load instead of the default search path.
    pub ini_path: Option<String>,
    /// Always use the mailbox board, even for orthodox chess.
    pub mailbox_board: bool,
    /// The search's tunable constants, when `--tune` changed any.
    pub tunables: Option<crate::search::tunables::Tunables>,
}

/// Runs the control loop until `quit`, the end of input, or `emit` failing
/// (the GUI closed our output). `emit` writes one event.
///
/// # Errors
/// The OS error when the search thread cannot be started.
pub fn run(
    commands: &Receiver<Command>,
    mut emit: impl FnMut(&Event) -> bool,
    config: &Config,
) -> std::io::Result<()> {
    let (report_tx, mut reports) = crossbeam_channel::unbounded();
    let search_thread = SearchThread::spawn(report_tx)?;
    let (library, report) = Library::load(config.ini_path.as_deref());
    let mut control = Control::new(library, config.mailbox_board, search_thread);
    control.report_definitions(&report);
    let mut running = true;
    while running {
        let timer = match control.wake_at() {
            Some(at) => after(at.saturating_duration_since(Instant::now())),
            None => never(),
        };
        select! {
            recv(commands) -> command => {
                running = command.is_ok_and(|c| control.handle(c));
            }
            recv(reports) -> report => match report {
                Ok(report) => control.on_report(report),
                Err(_) => {
                    // The search thread died (a panic, reported on stderr): start a new one.
                    let (tx, rx) = crossbeam_channel::unbounded();
                    reports = rx;
                    control.replace_search_thread(SearchThread::spawn(tx)?);
                }
            },
            recv(timer) -> _ => control.on_timer(),
        }
        for event in control.drain() {
            if !emit(&event) {
                running = false;
            }
        }
    }
    control.handle(Command::Quit);
    Ok(())
}
