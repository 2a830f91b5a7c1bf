//! Developer and tester tools: perft, divide, perft suites, bench, test
//! suites, Texel tuning of the orthodox evaluation (`tune`) and of the
//! general one per variant (`variant_tune`) and of its shared defaults on
//! several games at once (`shared_tune`), and self-play training positions
//! for both (`selfplay`).

pub mod benchcmd;
pub mod game_positions;
pub mod perft;
pub mod perftcmd;
pub mod selfplay;
pub mod shared_tune;
pub mod tune;
pub mod variant_tune;
