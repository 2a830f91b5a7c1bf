//! Nightrider: a chess engine for orthodox chess and every Fairy-Max variant.
//!
//! Layers, bottom to top (dependencies only point down):
//! `core` → `rules`, `position` → `mailbox`, `bitboard` → `boards`, `notation`, `eval`,
//! `search`, `book`, `tablebase` → `engine` → `xboard`, `uci`, `console`, `tools`, `install` → `cli`;
//! `progress` (progress lines with an ETA for long runs), `text` (decoding the text files
//! people write, escaping echoed input) and `save` (writing files whole or not at all) stand
//! apart, use only std, and serve any layer.
#![forbid(unsafe_code)]

pub mod bitboard;
pub mod boards;
pub mod book;
pub mod cli;
pub mod console;
pub mod core;
pub mod engine;
pub mod eval;
pub mod install;
pub mod mailbox;
pub mod notation;
pub mod position;
pub mod progress;
pub mod rules;
pub mod save;
pub mod search;
pub mod tablebase;
pub mod text;
pub mod tools;
pub mod uci;
pub mod xboard;
