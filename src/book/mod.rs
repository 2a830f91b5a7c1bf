//! Games and opening books: PGN, book creation from games, book files keyed
//! by the hash of the position after the move (Crafty's idea, so one file
//! format serves both boards), move choice, and Polyglot `.bin` probing.
//!
//! Depends on `position`, `notation`, `rules` and the boards; the engine and
//! the console call it, never the other way round.

pub mod choose;
pub mod command;
pub mod create;
pub mod file;
pub mod learn;
pub mod pgn;
pub mod polyglot;
pub mod set;
