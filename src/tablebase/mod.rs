//! Endgame tables: what the search may look up instead of searching an
//! ending to its end.
//!
//! Today these are Syzygy tables for the orthodox board (`syzygy`: WDL in
//! the tree, DTZ at the root), read through the `pyrrhic-rs` prober after
//! `files` has checked every folder and file, so that a missing, truncated
//! or foreign file is a one-line message and never reaches the prober.
//! The search sees them only through `position::EndgameTables`.

pub mod files;
pub mod syzygy;

pub use syzygy::{Opened, ProbeSettings, Syzygy, SyzygyProbe};
