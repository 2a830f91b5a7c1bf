//! Perft of the reference data (tests/data/perft/*.tsv, copied from the
//! project's shared references: Fairy-Stockfish, Stockfish and Sjaak II) on
//! the general mailbox board, with our own fmax.ini and variants/ overlays.
//! Rows deeper than the budget below run with `cargo test --release -- --ignored`.

use nightrider::mailbox::MailboxPos;
use nightrider::rules::catalog::Catalog;
use nightrider::rules::Variant;
use nightrider::tools::perft::perft;
use std::path::Path;
use std::sync::Arc;

/// Rows with more nodes than this are left to the ignored deep test.
const QUICK_BUDGET: u64 = 1_500_000;

/// Every row must match except those of the variants listed here, each
/// with the reason it is not played.
const NOT_YET: &[(&str, &str)] = &[(
    "grand",
    "not a Fairy-Max variant; its promotion (only to captured pieces) is not expressible yet",
)];

fn catalog() -> Catalog {
    Catalog::load(Some(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fmax.ini"
    ))))
    .expect("the shipped fmax.ini loads")
}

/// Resolves a reference name; `-queen-promotion-only` rows count Fairy-Max's
/// own behaviour (promotion to the default piece only).
fn variant(catalog: &Catalog, name: &str) -> Arc<Variant> {
    let (base, default_only) = match name.strip_suffix("-queen-promotion-only") {
        Some(b) => (b, true),
        None => (name, false),
    };
    let v = catalog
        .variant(base)
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    if !default_only {
        return v;
    }
    let mut restricted = (*v).clone();
    for choices in &mut restricted.promotion_choices {
        choices.truncate(1);
    }
    Arc::new(restricted)
}

fn run_file(file: &str, keep: impl Fn(u64) -> bool) -> (usize, Vec<String>) {
    let path = format!("{}/tests/data/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("reference file");
    let catalog = catalog();
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (name, fen) = (cols[0], cols[1]);
        let depth: u32 = cols[2].parse().unwrap();
        let nodes: u64 = cols[3].parse().unwrap();
        if NOT_YET.iter().any(|(n, _)| *n == name) || !keep(nodes) {
            continue;
        }
        let mut pos = MailboxPos::from_fen(variant(&catalog, name), fen)
            .unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        let got = perft(&mut pos, depth);
        checked += 1;
        if got != nodes {
            failures.push(format!(
                "{name} {fen} depth {depth}: expected {nodes}, got {got}"
            ));
        }
    }
    (checked, failures)
}

#[test]
fn start_positions_and_classic_suite_on_the_general_board() {
    let (checked, failures) = run_file("start-and-classic.tsv", |n| n <= QUICK_BUDGET);
    assert!(checked >= 90, "only {checked} rows checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn midgame_positions_of_every_variant_on_the_general_board() {
    let (checked, failures) = run_file("variants-midgame.tsv", |n| n <= QUICK_BUDGET);
    assert!(checked >= 200, "only {checked} rows checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "deep rows: minutes in release mode"]
fn deep_rows_on_the_general_board() {
    for file in ["start-and-classic.tsv", "variants-midgame.tsv"] {
        let (_, failures) = run_file(file, |n| n > QUICK_BUDGET && n <= 200_000_000);
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}

#[test]
fn every_variant_of_our_fmax_ini_has_a_legal_start_position() {
    let catalog = catalog();
    for def in catalog.games() {
        let v = catalog
            .variant(&def.name)
            .unwrap_or_else(|e| panic!("{}: {e:?}", def.name));
        let mut pos = MailboxPos::new(v);
        let n = perft(&mut pos, 2);
        assert!(n > 0, "{} has no moves", def.name);
    }
}
