//! Developer and tester tools: perft, divide, perft suites, bench, test
//! suites, and Texel tuning of the orthodox evaluation (`tune`, `selfplay`).

pub mod benchcmd;
pub mod perft;
pub mod perftcmd;
pub mod selfplay;
pub mod tune;
