//! Move notation above the boards' own coordinate text: SAN for any variant
//! ([`san`]) and PGN game files ([`pgn`]).
//!
//! Depends only on `position` (through [`crate::position::MoveFacts`]); the
//! book, the console, self-play and the engine use it, never the other way
//! round.

pub mod pgn;
pub mod san;

pub use san::{parse_san, square_text, to_san};
