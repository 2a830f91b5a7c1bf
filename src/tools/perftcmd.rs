//! The `perft` and `perftsuite` command-line tools: node counts of any
//! variant on the right board (the bitboard fast path for orthodox chess
//! unless `--board mailbox`), and a TSV suite runner that ends with
//! `N passed, M failed`.

use crate::position::perft::{divide, perft};
pub use crate::boards::{AnyPosition, BoardChoice};
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

/// Usage of `perft`.
pub const PERFT_USAGE: &str =
    "perft --variant NAME [--fen FEN] --depth D [--divide] [--board auto|mailbox] [--ini FILE]";
/// Usage of `perftsuite`.
pub const SUITE_USAGE: &str =
    "perftsuite FILE.tsv [--max-nodes N] [--board auto|mailbox] [--ini FILE]   columns: variant fen depth nodes";

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

/// Options shared by the two commands.
struct Options {
    variant: String,
    fen: Option<String>,
    depth: Option<u32>,
    divide: bool,
    board: BoardChoice,
    ini: Option<PathBuf>,
    max_nodes: Option<u64>,
    positional: Vec<String>,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        variant: "normal".into(),
        fen: None,
        depth: None,
        divide: false,
        board: BoardChoice::Auto,
        ini: None,
        max_nodes: None,
        positional: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match a.as_str() {
            "--variant" => o.variant = value("--variant")?,
            "--fen" => o.fen = Some(value("--fen")?),
            "--depth" => {
                let depth: u32 = number(&value("--depth")?, "--depth")?;
                if depth > MAX_PERFT_DEPTH {
                    return Err(format!("--depth {depth}: expected 0 to {MAX_PERFT_DEPTH}"));
                }
                o.depth = Some(depth);
            }
            "--divide" => o.divide = true,
            "--ini" => o.ini = Some(PathBuf::from(value("--ini")?)),
            "--max-nodes" => o.max_nodes = Some(number(&value("--max-nodes")?, "--max-nodes")?),
            "--board" => {
                o.board = match value("--board")?.as_str() {
                    "general" | "mailbox" => BoardChoice::Mailbox,
                    "auto" => BoardChoice::Auto,
                    other => return Err(format!("--board {other}: expected auto or general")),
                }
            }
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            other => o.positional.push(other.to_string()),
        }
    }
    Ok(o)
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{what} {text}: expected a number"))
}

fn load_catalog(ini: Option<&PathBuf>) -> Result<Catalog, String> {
    Catalog::load(ini.map(PathBuf::as_path)).map_err(|errs| {
        errs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })
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
pub fn run_perft(args: &[String]) -> i32 {
    match perft_command(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("perft: {e}");
            eprintln!("usage: nightrider {PERFT_USAGE}");
            1
        }
    }
}

fn perft_command(args: &[String]) -> Result<(), String> {
    let o = parse_options(args)?;
    let depth = o.depth.ok_or("--depth is required")?;
    let catalog = load_catalog(o.ini.as_ref())?;
    let variant = perft_variant(&catalog, &o.variant)?;
    let mut pos =
        AnyPosition::new(&variant, o.fen.as_deref(), o.board).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let nodes = if o.divide {
        let rows = pos.divide(depth);
        for (m, n) in &rows {
            out!("{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(depth)
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
pub fn run_suite(args: &[String]) -> i32 {
    match suite_command(args) {
        Ok(failed) => i32::from(failed > 0),
        Err(e) => {
            eprintln!("perftsuite: {e}");
            eprintln!("usage: nightrider {SUITE_USAGE}");
            1
        }
    }
}

fn suite_command(args: &[String]) -> Result<usize, String> {
    let o = parse_options(args)?;
    let file = o.positional.first().ok_or("a TSV file is required")?;
    let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
    let catalog = load_catalog(o.ini.as_ref())?;
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for (index, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        match run_row(&catalog, line, &o) {
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

fn run_row(catalog: &Catalog, line: &str, o: &Options) -> RowOutcome {
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
    let mut pos = match AnyPosition::new(&v, Some(fen), o.board) {
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
