//! `nightrider bench [DEPTH]`: the search signature. Searches the fixed
//! orthodox positions on the bitboard board and the variant positions on the
//! general board to a fixed depth on one thread, and prints the node count
//! (which changes only when search behaviour changes), time and speed.

use crate::bitboard::BitboardPos;
use crate::mailbox::MailboxPos;
use crate::rules::catalog::Catalog;
use crate::search::{bench, ORTHODOX_BENCH, VARIANT_BENCH};
use std::path::PathBuf;
use std::time::Duration;

/// The variant part searches this much less deep (the mailbox board is slower).
const VARIANT_DEPTH_LESS: u32 = 2;

/// The arguments of `bench`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct BenchArgs {
    /// Depth of the orthodox positions (the variants' is two less)
    #[arg(value_name = "DEPTH", default_value_t = 10)]
    pub depth: u32,
    /// The fmax.ini to read the variants from (default: the one the engine loads)
    #[arg(long, value_name = "FILE")]
    pub ini: Option<PathBuf>,
}

/// Runs the bench; returns the exit code.
#[must_use]
pub fn run(args: &BenchArgs) -> i32 {
    match run_bench(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("bench: {e}");
            2
        }
    }
}

fn run_bench(args: &BenchArgs) -> Result<(), String> {
    let depth = args.depth;
    let catalog = super::args::load_catalog(args.ini.as_ref())?;
    let orthodox: Vec<BitboardPos> = ORTHODOX_BENCH
        .iter()
        .map(|fen| BitboardPos::from_fen(fen, false).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let variants = variant_positions(&catalog)?;
    let (n1, t1) = bench(&orthodox, depth);
    report("orthodox (bitboard)", n1, t1);
    let (n2, t2) = bench(&variants, depth.saturating_sub(VARIANT_DEPTH_LESS).max(1));
    report("variants (mailbox)", n2, t2);
    let total = t1 + t2;
    println!("Nodes searched: {}", n1 + n2);
    println!(
        "Time: {} ms, {} nps",
        total.as_millis(),
        nps(n1 + n2, total)
    );
    Ok(())
}

fn variant_positions(catalog: &Catalog) -> Result<Vec<MailboxPos>, String> {
    VARIANT_BENCH
        .iter()
        .map(|(name, fen)| {
            let v = catalog.variant(name).map_err(|errs| {
                format!(
                    "{name}: {}",
                    errs.first().map(ToString::to_string).unwrap_or_default()
                )
            })?;
            if fen.is_empty() {
                Ok(MailboxPos::new(v))
            } else {
                MailboxPos::from_fen(v, fen).map_err(|e| format!("{name}: {e}"))
            }
        })
        .collect()
}

fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64
}

fn report(part: &str, nodes: u64, time: Duration) {
    println!(
        "{part}: {nodes} nodes, {} ms, {} nps",
        time.as_millis(),
        nps(nodes, time)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn bench_positions_all_load() {
        let catalog = Catalog::load(Some(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fmax.ini"
        ))))
        .unwrap();
        assert_eq!(
            variant_positions(&catalog).unwrap().len(),
            VARIANT_BENCH.len()
        );
        let first = variant_positions(&catalog).unwrap()[0].to_fen();
        assert!(first.starts_with("rnabqkbcnr/"), "{first}");
    }
}
