//! Perft of the reference data (tests/data/perft/*.tsv, copied from the
//! project's shared references: Fairy-Stockfish, Stockfish and Sjaak II) on
//! the mailbox board, with our own fmax.ini and variants/ overlays.
//! Rows deeper than the budget below run with `cargo test --release -- --ignored`.

use nightrider::mailbox::MailboxPos;
use nightrider::position::perft::perft;
use nightrider::rules::catalog::Catalog;
use nightrider::rules::Variant;
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

/// Resolves a reference name; the catalog knows the perft files' aliases
/// (`chess`, and `chess-queen-promotion-only`: Fairy-Max's own promotion
/// to the queen only).
fn variant(catalog: &Catalog, name: &str) -> Arc<Variant> {
    catalog
        .variant(name)
        .unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// Perft of the rows of `file` that `keep(game, nodes)` selects: how many
/// were checked, and a line for each wrong count.
fn run_file(file: &str, keep: impl Fn(&str, u64) -> bool) -> (usize, Vec<String>) {
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
        if NOT_YET.iter().any(|(n, _)| *n == name) || !keep(name, nodes) {
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
    let (checked, failures) = run_file("start-and-classic.tsv", |_, n| n <= QUICK_BUDGET);
    assert!(checked >= 90, "only {checked} rows checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn midgame_positions_of_every_variant_on_the_general_board() {
    let (checked, failures) = run_file("variants-midgame.tsv", |_, n| n <= QUICK_BUDGET);
    assert!(checked >= 200, "only {checked} rows checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The games of new-variants.tsv (the start and four positions of each game
/// that cutechess-cli and Fairy-Stockfish share and Fairy-Max lacks) that
/// fmax.ini and variants/ describe now; the other rows wait for their rules.
const NEW_GAMES_PLAYED: &[&str] = &[
    "crazyhouse",
    "loop",
    "chessgi",
    "pocketknight",
    "3check",
    "5check",
    "antichess",
    "suicide",
    "atomic",
    "almost",
    "amazon",
    "chancellor",
    "modern",
    "embassy",
    "chigorin",
    "hoppelpoppel",
    "newzealand",
    "karouk",
    "giveaway",
    "placement",
    "racingkings",
    "horde",
    "extinction",
    "kinglet",
    "threekings",
    "codrus",
    "sittuyin",
    "losers",
    "minishogi",
];

#[test]
fn new_variants_rows_of_every_game_played() {
    let mut failures = Vec::new();
    for game in NEW_GAMES_PLAYED {
        let (checked, wrong) = run_file("new-variants.tsv", |name, n| {
            name == *game && n <= QUICK_BUDGET
        });
        assert!(checked >= 10, "{game}: only {checked} rows checked");
        failures.extend(wrong);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Further rows of the games played (extra-rows.tsv): Fairy-Stockfish's own
/// tests/perft.sh rows and positions of our own (explosions next to a king,
/// e.p. explosions, touching kings, castling past a touching king), every
/// count from Fairy-Stockfish git's `go perft`.
#[test]
fn extra_rows_of_the_games_played() {
    let (checked, failures) = run_file("extra-rows.tsv", |_, n| n <= QUICK_BUDGET);
    assert!(checked >= 13, "only {checked} rows checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "deep rows: minutes in release mode"]
fn deep_rows_of_the_new_games_played() {
    let (_, mut failures) = run_file("new-variants.tsv", |name, n| {
        NEW_GAMES_PLAYED.contains(&name) && n > QUICK_BUDGET
    });
    failures.extend(run_file("extra-rows.tsv", |_, n| n > QUICK_BUDGET).1);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "deep rows: minutes in release mode"]
fn deep_rows_on_the_general_board() {
    for file in ["start-and-classic.tsv", "variants-midgame.tsv"] {
        let (_, failures) = run_file(file, |_, n| n > QUICK_BUDGET && n <= 200_000_000);
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

/// With no fmax.ini next to the binary or in the working directory, the
/// engine still plays orthodox chess from its built-in definition.
#[test]
fn without_any_fmax_ini_orthodox_chess_is_built_in() {
    let dir = std::env::temp_dir().join(format!("nightrider-no-ini-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_nightrider"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let perft = run(&[
        "perft",
        "--variant",
        "normal",
        "--depth",
        "3",
        "--board",
        "general",
    ]);
    assert!(perft.starts_with("Nodes: 8902\n"), "{perft}");
    let check = run(&["check"]);
    assert!(check.contains("<built-in>"), "{check}");
    std::fs::remove_dir_all(&dir).ok();
}

/// An absurd `--depth` (or suite depth) is refused with one line instead of
/// aborting on its move buffers or the stack.
#[test]
fn an_absurd_perft_depth_is_refused() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .args(["perft", "--variant", "normal", "--depth", "4000000000"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.lines().next(),
        Some("error: invalid value '4000000000' for '--depth <D>': 4000000000 is not in 0..=20"),
        "{stderr}"
    );
    let suite = std::env::temp_dir().join(format!("nightrider-deep-{}.tsv", std::process::id()));
    std::fs::write(
        &suite,
        "variant\tfen\tdepth\tnodes\nnormal\t4k3/8/8/8/8/8/8/4K3 w - - 0 1\t99\t1\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .args(["perftsuite", suite.to_str().unwrap()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    std::fs::remove_file(&suite).ok();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("depth 99: expected 0 to 20"), "{stdout}");
    assert!(!out.status.success());
}

/// A command-line argument that is not UTF-8 (a FEN or file name in
/// Latin-1) is refused in one line, not with a panic.
#[cfg(unix)]
#[test]
fn a_non_utf8_argument_is_refused_without_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let fen = std::ffi::OsStr::from_bytes(b"4k3/8/8/8/8/8/8/4K3 w - \xe9 0 1");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .args(["perft", "--variant", "normal", "--fen"])
        .arg(fen)
        .args(["--depth", "1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "nightrider: argument 5 is not valid UTF-8: 4k3/8/8/8/8/8/8/4K3 w - \u{fffd} 0 1\n"
    );
}

/// A FEN with a non-ASCII character is a one-line error from the perft
/// command, on the mailbox board as on the bitboard.
#[test]
fn perft_refuses_a_non_ascii_fen_field_with_one_line() {
    let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
    for variant in ["shatranj", "normal"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_nightrider"))
            .args(["perft", "--ini", ini, "--variant", variant, "--depth", "1"])
            .args(["--fen", "4k3/8/8/8/8/8/8/4K3 w - é 0 1"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{variant}: {stderr}");
        let first = stderr.lines().next().unwrap_or_default();
        assert!(first.starts_with("perft: "), "{variant}: {stderr}");
        assert!(first.contains("'é'"), "{variant}: {stderr}");
        assert!(!stderr.contains("panicked"), "{variant}: {stderr}");
    }
}
