//! The `perft`, `perftsuite` and `bbperft` command-line tools: node counts
//! of any variant on the right board (the bitboard fast path for orthodox
//! chess unless `--board mailbox`), a TSV suite runner that ends with `N
//! passed, M failed`, and the bitboard's own perft with its speed.

use super::args::{load_catalog, BoardArg};
use crate::bitboard::BitboardPos;
pub use crate::boards::{AnyPosition, BoardChoice};
use crate::position::perft::{divide, perft};
use crate::rules::catalog::Catalog;
use crate::rules::Variant;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// Prints a line; a closed stdout (`| head`) ends the output quietly
/// instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// Deepest perft accepted: deeper would never finish, and the per-ply
/// move buffers of an absurd depth could not even be allocated.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// The counting tools on whichever board plays the variant.
impl AnyPosition {
    /// Perft on the underlying board (bulk-counted on the bitboard).
    pub fn perft(&mut self, depth: u32) -> u64 {
        match self {
            AnyPosition::Bitboard(p) => crate::bitboard::perft(p, depth),
            AnyPosition::Mailbox(p) => perft(p, depth),
        }
    }

    /// Divide on the underlying board.
    pub fn divide(&mut self, depth: u32) -> Vec<(String, u64)> {
        match self {
            AnyPosition::Bitboard(p) => crate::bitboard::divide(p, depth),
            AnyPosition::Mailbox(p) => divide(p, depth),
        }
    }
}

/// A perft depth: 0 to [`MAX_PERFT_DEPTH`].
fn depth_parser() -> clap::builder::RangedU64ValueParser<u32> {
    clap::builder::RangedU64ValueParser::new().range(0..=u64::from(MAX_PERFT_DEPTH))
}

/// The arguments of `perft`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct PerftArgs {
    /// The game, as fmax.ini names it
    #[arg(long, value_name = "NAME", default_value = "normal")]
    pub variant: String,
    /// The position (default: the game's start)
    #[arg(long, value_name = "FEN", allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// Plies to count
    #[arg(long, value_name = "D", value_parser = depth_parser())]
    pub depth: u32,
    /// Count each root move's tree on its own line first
    #[arg(long)]
    pub divide: bool,
    /// The board orthodox chess is counted on
    #[arg(long, value_name = "BOARD", default_value = "auto")]
    pub board: BoardArg,
    /// The fmax.ini to read the game from (default: the one the engine loads)
    #[arg(long, value_name = "FILE")]
    pub ini: Option<PathBuf>,
}

/// The arguments of `perftsuite`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct SuiteArgs {
    /// The suite: a header line, then `variant<TAB>fen<TAB>depth<TAB>nodes` rows
    #[arg(value_name = "FILE.tsv")]
    pub file: String,
    /// Skip the rows of more nodes than this
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// The board orthodox chess is counted on
    #[arg(long, value_name = "BOARD", default_value = "auto")]
    pub board: BoardArg,
    /// The fmax.ini to read the games from (default: the one the engine loads)
    #[arg(long, value_name = "FILE")]
    pub ini: Option<PathBuf>,
}

/// The arguments of `bbperft`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct BbperftArgs {
    /// The position, or `startpos`
    #[arg(value_name = "FEN|startpos")]
    pub fen: String,
    /// Plies to count
    #[arg(value_name = "DEPTH", value_parser = depth_parser())]
    pub depth: u32,
    /// Read the FEN's castling rights as Chess960's
    #[arg(long = "960")]
    pub chess960: bool,
    /// Accepted as by the other commands; this board needs no fmax.ini
    #[arg(long, value_name = "FILE", hide = true)]
    pub ini: Option<PathBuf>,
}

/// Resolves a variant name (aliases such as `chess` or the perft files'
/// `chess-queen-promotion-only` are the catalog's business).
fn perft_variant(catalog: &Catalog, name: &str) -> Result<Arc<Variant>, String> {
    catalog.variant(name).map_err(|errs| {
        errs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// `nightrider perft ...`; returns the exit code.
#[must_use]
pub fn run_perft(args: &PerftArgs) -> i32 {
    match perft_command(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("perft: {e}");
            1
        }
    }
}

fn perft_command(o: &PerftArgs) -> Result<(), String> {
    let catalog = load_catalog(o.ini.as_ref())?;
    let variant = perft_variant(&catalog, &o.variant)?;
    let mut pos =
        AnyPosition::new(&variant, o.fen.as_deref(), o.board.into()).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let nodes = if o.divide {
        let rows = pos.divide(o.depth);
        for (m, n) in &rows {
            out!("{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(o.depth)
    };
    let secs = started.elapsed().as_secs_f64();
    out!("Nodes: {nodes}");
    out!(
        "Time: {secs:.3} s ({} board, {:.0} nps)",
        pos.board_name(),
        nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

/// `nightrider perftsuite FILE.tsv ...`; returns the exit code.
#[must_use]
pub fn run_suite(args: &SuiteArgs) -> i32 {
    match suite_command(args) {
        Ok(failed) => i32::from(failed > 0),
        Err(e) => {
            eprintln!("perftsuite: {e}");
            1
        }
    }
}

fn suite_command(o: &SuiteArgs) -> Result<usize, String> {
    let file = &o.file;
    let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
    let catalog = load_catalog(o.ini.as_ref())?;
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for (index, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        match run_row(&catalog, line, o) {
            RowOutcome::Pass(msg) => {
                passed += 1;
                out!("ok    {msg}");
            }
            RowOutcome::Skip(msg) => {
                skipped += 1;
                out!("skip  {msg}");
            }
            RowOutcome::Fail(msg) => {
                failed += 1;
                out!("FAIL  {file}:{}: {msg}", index + 1);
            }
        }
    }
    if skipped > 0 {
        out!("{passed} passed, {failed} failed, {skipped} skipped");
    } else {
        out!("{passed} passed, {failed} failed");
    }
    Ok(failed)
}

enum RowOutcome {
    Pass(String),
    Fail(String),
    Skip(String),
}

fn run_row(catalog: &Catalog, line: &str, o: &SuiteArgs) -> RowOutcome {
    let cols: Vec<&str> = line.split('\t').collect();
    let [variant, fen, depth, nodes, ..] = cols[..] else {
        return RowOutcome::Fail(format!(
            "expected 4 tab-separated columns, got {}",
            cols.len()
        ));
    };
    let (Ok(depth), Ok(expected)) = (depth.trim().parse::<u32>(), nodes.trim().parse::<u64>())
    else {
        return RowOutcome::Fail(format!(
            "depth '{depth}' or nodes '{nodes}' is not a number"
        ));
    };
    if depth > MAX_PERFT_DEPTH {
        return RowOutcome::Fail(format!("depth {depth}: expected 0 to {MAX_PERFT_DEPTH}"));
    }
    let label = format!("{variant} d{depth} {fen}");
    if o.max_nodes.is_some_and(|max| expected > max) {
        return RowOutcome::Skip(format!("{label} ({expected} nodes)"));
    }
    let v = match perft_variant(catalog, variant) {
        Ok(v) => v,
        Err(e) => return RowOutcome::Fail(format!("{label}: {e}")),
    };
    let mut pos = match AnyPosition::new(&v, Some(fen), o.board.into()) {
        Ok(p) => p,
        Err(e) => return RowOutcome::Fail(format!("{label}: {e}")),
    };
    let started = Instant::now();
    let got = pos.perft(depth);
    let secs = started.elapsed().as_secs_f64();
    if got == expected {
        RowOutcome::Pass(format!(
            "{label}: {got} ({secs:.2} s, {})",
            pos.board_name()
        ))
    } else {
        RowOutcome::Fail(format!(
            "{label}: expected {expected}, got {got} ({})",
            pos.board_name()
        ))
    }
}

/// `nightrider bbperft FEN|startpos DEPTH [--960]`: perft on the bitboard
/// board with its node count, time and speed; returns the exit code.
#[must_use]
pub fn run_bbperft(args: &BbperftArgs) -> i32 {
    let fen = if args.fen == "startpos" {
        crate::bitboard::START_FEN
    } else {
        args.fen.as_str()
    };
    let mut pos = match BitboardPos::from_fen(fen, args.chess960) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            return 2;
        }
    };
    let start = Instant::now();
    let nodes = crate::bitboard::perft(&mut pos, args.depth);
    let secs = start.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    out!("nodes {nodes}");
    out!("time {secs:.3} s");
    out!("nps {nps:.0}");
    0
}
