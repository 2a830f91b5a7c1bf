//! Developer and tester tools, each a command of the command line: `check`
//! (the fmax.ini lint, `checkcmd`), perft, divide, perft suites and the
//! bitboard's own perft (`perftcmd`), `bench` (`benchcmd`), the books
//! (`bookcmd`), Texel tuning of the orthodox evaluation (`tune`) and of the
//! general one per variant (`variant_tune`) and of its shared defaults on
//! several games at once (`shared_tune`), self-play training positions
//! for both (`selfplay`), and labels for them from a stronger UCI engine's
//! scores (`label`, driving the engine through `uci_engine`); SPSA tuning
//! of the search's constants in self-play through cutechess-cli (`spsa`);
//! the evaluation network's data and training (`net`); what the Syzygy
//! tables say of positions (`syzygycmd`). Each command's
//! arguments are a clap type beside it; `args` holds the ones they share.

pub mod args;
pub mod benchcmd;
pub mod bookcmd;
pub mod checkcmd;
pub mod game_positions;
pub mod label;
pub mod net;
pub mod perftcmd;
pub mod selfplay;
pub mod shared_tune;
pub mod spsa;
pub mod syzygycmd;
pub mod tune;
pub mod uci_engine;
pub mod variant_tune;
