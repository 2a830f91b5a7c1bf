//! UCI front end (the Universal Chess Interface, with Fairy-Stockfish's
//! variant conventions): text to engine commands and engine events to
//! text. No game logic lives here.
//!
//! Threads as for XBoard: a reader turns input lines into [`Command`]s (it
//! only parses), the engine's control loop ([`engine::run`]) runs on the
//! calling thread and is the only writer, so `isready` is answered at once
//! while a search runs on the search thread.
//!
//! Variants follow Fairy-Stockfish: `UCI_Variant` lists every game of the
//! loaded fmax.ini under Fairy-Stockfish's name where the game is the same
//! (`variants`), `UCI_Chess960` selects a game's Chess960 form (castling
//! written king-takes-rook), `position fen` takes variant FENs (holdings
//! in brackets for seirawan), and moves use Fairy-Stockfish's notation:
//! ranks from 1 on every board (`a10`), promotion and gating letters
//! (`a7a8c`, `b1c3h`). `go perft N` prints the split by root move.
//!
//! Tested by `tests/uci.rs`: exact transcripts over an in-process
//! [`session`], the built binary on a pipe, the moves of every variant
//! against pyffish's, `go perft` against the perft references, and games
//! through python-chess's UCI client (`tests/pychess_uci.py`).

pub mod format;
pub mod parse;
pub mod variants;

use crate::engine::{self, api::Command, api::Event, Config};
use crossbeam_channel::{Receiver, Sender};
use std::io::{BufRead, Write};

/// Speaks UCI on `input`/`output` until `quit` or end of input. Lines
/// already read (the `uci` that selected this front end) go first.
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

/// Sends the commands of one line; false when the engine is gone.
fn forward(parser: &mut parse::Parser, line: &str, tx: &Sender<Command>) -> bool {
    parser
        .parse(line)
        .into_iter()
        .all(|command| tx.send(command).is_ok())
}

/// The reader thread: parses lines and forwards commands; end of input
/// (or an unreadable stream) becomes `quit`.
fn read_lines<R: BufRead>(first_lines: Vec<String>, mut input: R, tx: &Sender<Command>) {
    let mut parser = parse::Parser::new();
    for line in first_lines {
        if !forward(&mut parser, &line, tx) {
            return;
        }
    }
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                if !forward(&mut parser, &String::from_utf8_lossy(&buf), tx) {
                    return;
                }
            }
        }
    }
    let _ = tx.send(Command::Quit);
}

/// An in-process UCI session for tests and embedding: send input lines,
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
                if !forward(&mut parser, &line, &cmd_tx) {
                    return;
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
