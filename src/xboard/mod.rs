//! XBoard/WinBoard (CECP v2) front end: text to engine commands and engine
//! events to text. No game logic lives here.

pub mod format;
pub mod parse;
