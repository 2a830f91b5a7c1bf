//! The `syzygy` command-line tool: what the Syzygy tables say of each
//! position given (WDL, DTZ and the tables' move), one line each, for
//! checking the tables and the prober against another one.
//!
//! Values follow the usual convention: WDL from -2 (lost) through -1
//! (lost, but saved by the 50-move rule), 0, 1 (won, but spoilt by it) to
//! 2 (won), for the side to move; DTZ in plies, negative when lost.

use crate::bitboard::BitboardPos;
use crate::position::{Position, TableWdl};
use crate::tablebase::Syzygy;
use std::io::BufRead;

/// Prints a line; a closed stdout (`| head`) ends the output quietly.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// The arguments of `syzygy`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct SyzygyArgs {
    /// The folders of the tables, separated by `:`
    #[arg(long, value_name = "DIRS")]
    pub path: String,
    /// Positions (FEN); without any, one per line from standard input
    #[arg(value_name = "FEN", allow_hyphen_values = true)]
    pub fens: Vec<String>,
}

/// The usual number of a table value.
fn wdl_number(wdl: TableWdl) -> i32 {
    match wdl {
        TableWdl::Loss => -2,
        TableWdl::BlessedLoss => -1,
        TableWdl::Draw => 0,
        TableWdl::CursedWin => 1,
        TableWdl::Win => 2,
    }
}

/// One output line for `fen`: `FEN<tab>WDL<tab>DTZ<tab>MOVE`, with `-`
/// where the tables have no value and `none` for a position without moves;
/// or the reason the FEN was refused.
fn probe_line(tables: &Syzygy, fen: &str) -> String {
    let mut pos = match BitboardPos::from_fen(fen, false) {
        Ok(pos) => pos,
        Err(e) => return format!("{fen}\terror: {e}"),
    };
    let Some(wdl) = tables.wdl(&pos) else {
        return format!("{fen}\t-\t-\t-");
    };
    if pos.legal_moves().is_empty() {
        return format!("{fen}\t{}\t0\tnone", wdl_number(wdl));
    }
    match tables.best_move(&pos) {
        Some(found) => {
            let dtz = i64::from(found.dtz);
            let signed = match wdl_number(found.wdl) {
                n if n > 0 => dtz,
                n if n < 0 => -dtz,
                _ => 0,
            };
            let text = pos.move_text(found.best);
            format!("{fen}\t{}\t{signed}\t{text}", wdl_number(wdl))
        }
        None => format!("{fen}\t{}\t-\t-", wdl_number(wdl)),
    }
}

/// Runs the tool; returns the exit code (1 when no tables opened).
#[must_use]
pub fn run(args: &SyzygyArgs) -> i32 {
    let opened = Syzygy::open(&args.path);
    for line in &opened.messages {
        eprintln!("{line}");
    }
    let Some(tables) = opened.tables else {
        return 1;
    };
    if args.fens.is_empty() {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let fen = line.trim();
            if !fen.is_empty() {
                out!("{}", probe_line(&tables, fen));
            }
        }
    } else {
        for fen in &args.fens {
            out!("{}", probe_line(&tables, fen));
        }
    }
    0
}
