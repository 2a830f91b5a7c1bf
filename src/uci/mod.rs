//! UCI front end (the Universal Chess Interface, with Fairy-Stockfish's
//! variant conventions): text to engine commands and engine events to
//! text. No game logic lives here.
//!
//! Threads as for XBoard ([`line_protocol`]): a reader turns input lines
//! into [`Command`]s with [`parse::Parser`], the engine's control loop runs
//! on the calling thread and is the only writer, so `isready` is answered
//! at once while a search runs on the search thread.
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
pub mod notation;
pub mod parse;
pub mod variants;

use crate::engine::api::{Command, Event};
use crate::engine::line_protocol::{self, LineProtocol};
use crate::engine::Config;
use crossbeam_channel::{Receiver, Sender};

impl LineProtocol for parse::Parser {
    fn commands(&mut self, line: &str) -> Vec<Command> {
        self.parse(line)
    }

    fn lines(event: &Event) -> Vec<String> {
        format::lines(event)
    }
}

/// An in-process UCI session for tests and embedding: send input lines,
/// receive output lines. Dropping the sender ends the session like EOF.
///
/// # Errors
/// The OS error when a thread cannot be started.
pub fn session(config: Config) -> std::io::Result<(Sender<String>, Receiver<String>)> {
    line_protocol::session(parse::Parser::new(), config)
}
