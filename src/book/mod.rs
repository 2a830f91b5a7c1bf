//! Opening books: book creation from games read with
//! [`crate::notation::pgn`] ([`create`]), the `.nbk` file keyed by the hash of the position after the
//! move ([`file`]; Crafty's child-hash idea, so one format serves both
//! boards), move choice and `show book` ([`choose`]), learning ([`learn`]) and its text form ([`learn_text`]),
//! Polyglot `.bin` probing on the orthodox board ([`polyglot`]), a variant's
//! set of books as the engine loads them ([`set`]), the books of every
//! variant of a PGN file and where they go ([`shelf`]), and for the playing engine: the book player with
//! its settings and end-of-game learning ([`player`]), the game record it
//! learns from ([`game_log`]) and position learning ([`positions`]).
//!
//! Depends on `position`, `notation`, `rules` and the boards; the engine and
//! the console call it, never the other way round.

pub mod choose;
pub mod create;
pub mod file;
mod framing;
pub mod game_log;
pub mod learn;
pub mod learn_text;
pub mod player;
pub mod polyglot;
pub mod positions;
pub mod set;
pub mod shelf;
#[cfg(test)]
mod test_lines;
