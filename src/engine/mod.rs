//! The protocol-free engine: game record, clocks, search thread, and the
//! dispatch between the two boards.
//!
//! Front ends (`xboard`, `console`) turn text into [`api::Command`]s and
//! [`api::Event`]s back into text; everything in between lives here.

pub mod api;
pub mod clock;
pub mod game;
pub mod worker;
