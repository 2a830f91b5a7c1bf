//! Developer and tester tools: perft, divide, perft suites, bench, test suites.

pub mod benchcmd;
pub mod perft;
pub mod perftcmd;
