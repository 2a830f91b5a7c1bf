//! Move notation above the boards' own coordinate text: SAN for any variant.
//!
//! Depends only on `position` (through [`crate::position::MoveFacts`]); the
//! book, the console and the engine use it, never the other way round.

pub mod san;

pub use san::{parse_san, square_text, to_san};
