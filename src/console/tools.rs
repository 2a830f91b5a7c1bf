//! Console commands that work beside the game rather than on it: perft and
//! divide of the current position, `perf` (generator and make/unmake
//! speed), `check` (fmax.ini lint), `bench`, `savepos`, `log`, and the FEN
//! check `setboard` runs before it sends.

use super::Console;
use crate::bitboard::BitboardPos;
use crate::engine::dispatch::complete_fen;
use crate::position::{GenKind, Position};
use crate::rules::catalog::{self, Catalog};
use crate::rules::{fmax, lint};
use crate::search::{bench as run_bench, ORTHODOX_BENCH};
use crate::tools::perftcmd::{AnyPosition, BoardChoice, MAX_PERFT_DEPTH};
use std::path::Path;
use std::time::Instant;

/// Most rounds `perf` accepts.
const MAX_PERF_ROUNDS: u32 = 100_000_000;
/// Deepest bench accepted.
const MAX_BENCH_DEPTH: u32 = 30;
/// Where `log on` writes without a file name.
const DEFAULT_LOG: &str = "nightrider.log";

/// The current position on the board perft uses, for the current variant.
fn current_position(c: &mut Console, fen: &str) -> Result<AnyPosition, String> {
    let name = c.variant.clone();
    let variant = c
        .library()
        .variant(&name)
        .map_err(|e| format!("Error (variant {name}): {e}"))?;
    let board = if c.config().mailbox_board {
        BoardChoice::Mailbox
    } else {
        BoardChoice::Auto
    };
    AnyPosition::new(&variant, Some(&complete_fen(fen)), board)
        .map_err(|e| format!("Error (illegal position: {e}): {fen}"))
}

/// Checks a FEN against the current variant before `setboard` sends it.
///
/// # Errors
/// The board's reason, as a one-line message.
pub fn validate_fen(c: &mut Console, fen: &str) -> Result<(), String> {
    current_position(c, fen).map(|_| ())
}

/// `perft DEPTH` and `divide DEPTH`: node counts, then the time taken.
///
/// # Errors
/// A bad depth or an unusable position.
pub fn perft(c: &mut Console, args: &str, divide: bool) -> Result<(), String> {
    let usage = if divide {
        "divide DEPTH"
    } else {
        "perft DEPTH"
    };
    let depth: u32 = args
        .split_whitespace()
        .next()
        .and_then(|d| d.parse().ok())
        .filter(|&d| d <= MAX_PERFT_DEPTH)
        .ok_or_else(|| format!("Error (depth 0..{MAX_PERFT_DEPTH} expected): {usage} {args}"))?;
    let fen = c.snapshot().fen.clone();
    let mut pos = current_position(c, &fen)?;
    let started = Instant::now();
    let nodes = if divide {
        let rows = pos.divide(depth);
        let lines: Vec<String> = rows.iter().map(|(m, n)| format!("{m}: {n}")).collect();
        c.print(&lines.join("\n"));
        rows.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(depth)
    };
    let secs = started.elapsed().as_secs_f64();
    c.print(&format!("Nodes: {nodes}"));
    c.print(&format!(
        "Time: {secs:.3} s ({} board, {:.0} nps)",
        pos.board_name(),
        nodes as f64 / secs.max(1e-9)
    ));
    Ok(())
}

/// `check [FILE]`: lints the file (default: the engine's) like `nightrider check`.
///
/// # Errors
/// Never: problems of the file are the report.
pub fn check(c: &mut Console, args: &str) -> Result<(), String> {
    let explicit = if args.is_empty() {
        c.config().ini_path.clone()
    } else {
        Some(args.to_string())
    };
    let report = match catalog::read_ini(explicit.as_deref().map(Path::new)) {
        Err(errors) => lint::LintReport {
            games: 0,
            errors,
            warnings: Vec::new(),
        },
        Ok((path, name, text)) => {
            c.print(&format!("checking {name}"));
            let dir = catalog::locate_overlay_dir(path.as_deref());
            lint::lint(&Catalog::from_ini(fmax::parse(&text, &name), path, dir))
        }
    };
    for e in &report.errors {
        c.print(&e.to_string());
    }
    for w in &report.warnings {
        c.print(&format!("{}:{}: warning: {}", w.file, w.line, w.message));
    }
    c.print(&report.summary());
    Ok(())
}

/// `bench [DEPTH]`: the orthodox bench positions on one thread.
///
/// # Errors
/// A bad depth.
pub fn bench(c: &mut Console, args: &str) -> Result<(), String> {
    let depth: u32 = if args.is_empty() {
        5
    } else {
        args.parse()
            .ok()
            .filter(|d| (1..=MAX_BENCH_DEPTH).contains(d))
            .ok_or_else(|| format!("Error (depth 1..{MAX_BENCH_DEPTH} expected): bench {args}"))?
    };
    let positions: Vec<BitboardPos> = ORTHODOX_BENCH
        .iter()
        .filter_map(|fen| BitboardPos::from_fen(fen, false).ok())
        .collect();
    let (nodes, elapsed) = run_bench(&positions, depth);
    let secs = elapsed.as_secs_f64();
    c.print(&format!(
        "bench: {} positions, depth {depth}, {nodes} nodes, {secs:.2} s, {:.0} nps",
        positions.len(),
        nodes as f64 / secs.max(1e-9)
    ));
    Ok(())
}

/// `savepos FILE`: the position as one FEN line.
///
/// # Errors
/// The file cannot be written.
pub fn savepos(c: &mut Console, args: &str) -> Result<(), String> {
    if args.is_empty() {
        return Err("Error (missing argument): usage: savepos FILE".into());
    }
    let fen = c.snapshot().fen.clone();
    crate::save::write_atomic(Path::new(args), format!("{fen}\n").as_bytes())
        .map_err(|e| format!("Error: {args}: {e}"))?;
    c.print(&format!("saved {fen} to {args}"));
    Ok(())
}

/// `log on [FILE]` / `log off` / `log N` (the last N lines of the log).
///
/// # Errors
/// A bad argument or a file that cannot be opened.
pub fn log(c: &mut Console, args: &str) -> Result<(), String> {
    let mut words = args.split_whitespace();
    match (words.next(), words.next()) {
        (Some("off"), None) => {
            c.set_log(None);
            c.print("log off");
            Ok(())
        }
        (Some("on"), file) => {
            let path = file.unwrap_or(DEFAULT_LOG);
            let handle = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("Error: {path}: {e}"))?;
            c.set_log(Some((handle, path.to_string())));
            c.print(&format!("logging to {path}"));
            Ok(())
        }
        (Some(n), None) if n.parse::<usize>().is_ok() => {
            let count = n.parse::<usize>().unwrap_or(0);
            let path = c.log_path().unwrap_or(DEFAULT_LOG).to_string();
            let text = crate::text::read(&path).map_err(|e| format!("Error: {path}: {e}"))?;
            let lines: Vec<&str> = text.lines().collect();
            let tail = &lines[lines.len().saturating_sub(count)..];
            c.print(&tail.join("\n"));
            Ok(())
        }
        _ => Err(format!("Error (expected on [FILE], off or N): log {args}")),
    }
}

/// Moves counted and the time taken by the two phases of `perf`.
struct PerfCounts {
    generated: u64,
    generating: std::time::Duration,
    made: u64,
    making: std::time::Duration,
}

/// Generates the moves of `pos` `rounds` times, then makes and unmakes
/// each of them (illegal ones are refused by `make`) `rounds` times.
fn perf_rounds<P: Position>(pos: &mut P, rounds: u32) -> PerfCounts {
    let mut moves = Vec::with_capacity(256);
    let started = Instant::now();
    let mut generated = 0u64;
    for _ in 0..rounds {
        moves.clear();
        pos.generate(GenKind::All, &mut moves);
        generated += moves.len() as u64;
    }
    let generating = started.elapsed();
    let started = Instant::now();
    let mut made = 0u64;
    for _ in 0..rounds {
        for &m in &moves {
            if pos.make(m) {
                pos.unmake(m);
                made += 1;
            }
        }
    }
    PerfCounts {
        generated,
        generating,
        made,
        making: started.elapsed(),
    }
}

/// `perf [N]`: move generation and make/unmake speed on the current
/// position, N rounds (default 100000).
///
/// # Errors
/// A bad round count or an unusable position.
pub fn perf(c: &mut Console, args: &str) -> Result<(), String> {
    let rounds: u32 = if args.is_empty() {
        100_000
    } else {
        args.parse()
            .ok()
            .filter(|n| (1..=MAX_PERF_ROUNDS).contains(n))
            .ok_or_else(|| format!("Error (rounds 1..{MAX_PERF_ROUNDS} expected): perf {args}"))?
    };
    let fen = c.snapshot().fen.clone();
    let mut pos = current_position(c, &fen)?;
    let counts = match &mut pos {
        AnyPosition::Bitboard(p) => perf_rounds(p, rounds),
        AnyPosition::Mailbox(p) => perf_rounds(p, rounds),
    };
    let rate = |n: u64, t: std::time::Duration| n as f64 / t.as_secs_f64().max(1e-9) / 1e6;
    c.print(&format!(
        "perf: {rounds} rounds on the {} board",
        pos.board_name()
    ));
    c.print(&format!(
        "generated {} moves in {:.3} s ({:.1} M moves/s)",
        counts.generated,
        counts.generating.as_secs_f64(),
        rate(counts.generated, counts.generating)
    ));
    c.print(&format!(
        "made and unmade {} legal moves in {:.3} s ({:.1} M moves/s)",
        counts.made,
        counts.making.as_secs_f64(),
        rate(counts.made, counts.making)
    ));
    Ok(())
}
