//! `nightrider-fuzz`: feeds the release engine what a careless user or a
//! buggy GUI would (random and mutated XBoard, UCI and console lines, FENs of
//! every variant, fmax.ini and its overlays, PGN, EPD, book and learn
//! files, `kill -9` during learn-file writes) and checks that it never
//! crashes, hangs, answers a ping late, prints a line XBoard does not know
//! or leaves a file half-written. See docs/fuzzing.md.
//!
//! It drives the real `nightrider` binary as a child process, so a crash
//! is seen as a user sees it (the release profile aborts on panic). The
//! inputs are generated from the grammar of each input and mutated from
//! valid files with a seeded random stream: runs are reproducible with
//! `--seed`, and every failure is saved, shrunk, as a folder that
//! `--replay` runs again. It is not coverage-guided: coverage feedback
//! needs an instrumented build (cargo-fuzz and libFuzzer want the nightly
//! toolchain), and CI has the stable one only.

mod campaign;
mod case;
mod conform;
mod corpus;
mod engine;
mod files;
mod generate;
mod kills;
mod mutate;
mod protocol;
mod report;
mod uci;

use campaign::{Ctx, Settings};
use case::{Case, Limits};
use corpus::Corpus;
use engine::{Launcher, Scratch};
use nightrider::book::file::BoardKind;
use nightrider::book::positions::{LearnedPosition, PositionTable};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use report::Report;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const USAGE: &str =
    "usage: nightrider-fuzz [--ci | --long] [--seed N] [--lines N] [--console-lines N]
       [--mutations N] [--kills N] [--only KIND,...] [--jobs N] [--out DIR] [--engine PATH]
       [--root DIR] [--corpus DIR|none] [--ping-limit-ms MS] [--memory-limit-mb MB]
       [--keep N] [--shrink-seconds S]
       nightrider-fuzz --replay DIR [--engine PATH] [--out DIR]
kinds: xboard uci console ini overlay fen pgn epd book learn kill
--ci: 12,000 XBoard lines (and a quarter as many UCI lines), 1,500 console lines, 30 mutations of each file kind, 10 kills
--long: 1,000,000 XBoard lines, 50,000 console lines, 10,000 mutations of each kind, 1,000 kills";

/// Every campaign, in running order.
const KINDS: &[&str] = &[
    "xboard", "uci", "console", "ini", "overlay", "fen", "pgn", "epd", "book", "learn", "kill",
];

/// The command line.
#[derive(Debug)]
struct Options {
    seed: u64,
    lines: u64,
    console_lines: u64,
    mutations: u64,
    kills: u64,
    only: Vec<String>,
    jobs: usize,
    out: PathBuf,
    engine: Option<PathBuf>,
    root: PathBuf,
    corpus: Option<PathBuf>,
    ping_ms: u64,
    memory_mb: u64,
    keep: usize,
    shrink: Duration,
    replay: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs()),
            lines: 12_000,
            console_lines: 1_500,
            mutations: 30,
            kills: 10,
            only: KINDS.iter().map(|k| (*k).to_string()).collect(),
            jobs: 1,
            out: PathBuf::from("fuzz-out"),
            engine: None,
            root: PathBuf::from("."),
            corpus: None,
            ping_ms: 1000,
            memory_mb: 512,
            keep: 3,
            shrink: Duration::from_secs(20),
            replay: None,
        }
    }
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        let number = |v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{arg}: '{v}' is not a number"))
        };
        match arg.as_str() {
            "--ci" => {
                (o.lines, o.console_lines, o.mutations, o.kills) = (12_000, 1_500, 30, 10);
            }
            "--long" => {
                (o.lines, o.console_lines, o.mutations, o.kills) =
                    (1_000_000, 50_000, 10_000, 1_000);
            }
            "--seed" => o.seed = number(value()?)?,
            "--lines" => o.lines = number(value()?)?,
            "--console-lines" => o.console_lines = number(value()?)?,
            "--mutations" => o.mutations = number(value()?)?,
            "--kills" => o.kills = number(value()?)?,
            "--jobs" => o.jobs = usize::try_from(number(value()?)?).unwrap_or(1),
            "--keep" => o.keep = usize::try_from(number(value()?)?).unwrap_or(3),
            "--ping-limit-ms" => o.ping_ms = number(value()?)?,
            "--memory-limit-mb" => o.memory_mb = number(value()?)?,
            "--shrink-seconds" => o.shrink = Duration::from_secs(number(value()?)?),
            "--out" => o.out = PathBuf::from(value()?),
            "--engine" => o.engine = Some(PathBuf::from(value()?)),
            "--root" => o.root = PathBuf::from(value()?),
            "--corpus" => o.corpus = Some(PathBuf::from(value()?)),
            "--replay" => o.replay = Some(PathBuf::from(value()?)),
            "--only" => {
                let kinds: Vec<String> = value()?.split(',').map(str::to_string).collect();
                if let Some(bad) = kinds.iter().find(|k| !KINDS.contains(&k.as_str())) {
                    return Err(format!("--only: unknown kind '{bad}'"));
                }
                o.only = kinds;
            }
            "--help" | "-h" => return Err(String::new()),
            _ => return Err(format!("unknown argument '{arg}'")),
        }
    }
    Ok(o)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_options(&args) {
        Ok(o) => o,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("nightrider-fuzz: {e}");
            }
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    match run(&options) {
        Ok(clean) => std::process::exit(i32::from(!clean)),
        Err(e) => {
            eprintln!("nightrider-fuzz: {e}");
            std::process::exit(2);
        }
    }
}

/// The engine: `--engine`, else `nightrider` beside this binary.
fn engine_path(options: &Options) -> Result<PathBuf, String> {
    let path = match &options.engine {
        Some(p) => p.clone(),
        None => std::env::current_exe()
            .map_err(|e| format!("cannot find this binary: {e}"))?
            .with_file_name(format!("nightrider{}", std::env::consts::EXE_SUFFIX)),
    };
    if path.is_file() {
        // The engine runs in a scratch directory: a relative path would not find it.
        path.canonicalize()
            .map_err(|e| format!("{}: {e}", path.display()))
    } else {
        Err(format!(
            "no engine at {} (build it with `cargo build --release`, or give --engine)",
            path.display()
        ))
    }
}

/// Runs everything; true when nothing failed.
fn run(options: &Options) -> Result<bool, String> {
    let started = Instant::now();
    let launcher = Launcher {
        binary: engine_path(options)?,
        memory_limit_mb: options.memory_mb,
    };
    let limits = Limits {
        ping: Duration::from_millis(options.ping_ms),
        console: Duration::from_secs(10),
        exit: Duration::from_secs(5),
    };
    clear_old_output(&options.out).map_err(|e| format!("{}: {e}", options.out.display()))?;
    let report = Report::new(options.out.clone(), options.keep);
    let corpus = Corpus::load(&options.root, options.seed)?;
    let base = base_files(&corpus, &options.root, &launcher, &limits);
    let settings = Settings {
        launcher,
        limits,
        seed: options.seed,
        jobs: options.jobs,
        shrink_budget: options.shrink,
    };
    let ctx = Ctx::new(settings, &corpus, report, base.files);
    let header = if let Some(dir) = &options.replay {
        replay(&ctx, dir)?;
        format!("nightrider-fuzz --replay {}", dir.display())
    } else {
        campaigns(&ctx, options, &base.nbk);
        format!(
            "nightrider-fuzz --seed {} --lines {} --console-lines {} --mutations {} --kills {} --only {}",
            options.seed,
            options.lines,
            options.console_lines,
            options.mutations,
            options.kills,
            options.only.join(",")
        )
    };
    let report = ctx
        .report
        .into_inner()
        .map_err(|_| "a worker panicked".to_string())?;
    let summary = report.summary(&header, started.elapsed());
    print!("{summary}");
    let path = options.out.join("summary.txt");
    std::fs::write(&path, &summary).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(report.failures() == 0)
}

/// Makes `out`, removing what an earlier run saved there (the numbered
/// case folders and summary.txt; nothing else is touched).
fn clear_old_output(out: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(out)?;
    for entry in std::fs::read_dir(out)?.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let numbered = name.len() > 4
            && name.as_bytes()[..3].iter().all(u8::is_ascii_digit)
            && name.as_bytes()[3] == b'-';
        if numbered && entry.path().join("failure.txt").is_file() {
            std::fs::remove_dir_all(entry.path())?;
        }
    }
    match std::fs::remove_file(out.join("summary.txt")) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// The regression corpus first, then every campaign asked for.
fn campaigns(ctx: &Ctx, options: &Options, nbk: &[u8]) {
    let corpus_dir = options
        .corpus
        .clone()
        .unwrap_or_else(|| options.root.join("tests/fuzz"));
    if corpus_dir.as_os_str() != "none" && corpus_dir.is_dir() {
        progress("regressions", "replaying the saved reproducers");
        let _ = replay(ctx, &corpus_dir);
    }
    let wanted = |kind: &str| options.only.iter().any(|k| k == kind);
    let mut rng = StdRng::seed_from_u64(options.seed ^ 0x1ea5);
    let (small_lrn, small_export) = learn_files(&mut rng, 2_000, 200);
    let (big_lrn, big_export) = learn_files(&mut rng, 60_000, 200);
    for kind in KINDS.iter().copied().filter(|k| wanted(k)) {
        let n = options.mutations;
        progress(kind, "running");
        let begun = Instant::now();
        match kind {
            "xboard" => protocol::xboard(ctx, options.lines),
            "uci" => uci::uci(ctx, options.lines / 4),
            "console" => protocol::console(ctx, options.console_lines),
            "ini" => files::ini(ctx, n),
            "overlay" => files::overlay(ctx, n),
            "fen" => files::fen(ctx, n),
            "pgn" => files::pgn(ctx, n),
            "epd" => files::epd(ctx, n),
            "book" => files::book(ctx, n, nbk),
            "learn" => files::learn(ctx, n, &small_lrn, &small_export),
            _ => kills::kills(ctx, options.kills, &big_lrn, &big_export),
        }
        if let Ok(mut report) = ctx.report.lock() {
            report.tallies.entry(kind.to_string()).or_default().time = begun.elapsed();
        }
    }
}

fn progress(kind: &str, what: &str) {
    eprintln!("nightrider-fuzz: {kind}: {what}");
}

/// Replays a saved case, or every case folder inside `dir`.
fn replay(ctx: &Ctx, dir: &Path) -> Result<(), String> {
    let mut dirs = Vec::new();
    if dir.join("args").is_file() || dir.join("stdin").is_file() {
        dirs.push(dir.to_path_buf());
    } else {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        dirs.extend(
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_dir()),
        );
        dirs.sort();
    }
    for d in dirs {
        let mut case = Case::load(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        case.files = ctx.files_with(case.files);
        let how = format!("replay of {}", d.display());
        let check = files::lines_count_from_one();
        ctx.run_case("replay", &case, &how, |scratch, outcome| {
            if let Err(e) = files::books_dir_clean(&scratch.path.join("books")) {
                outcome.failure = Some(case::Failure {
                    kind: "file",
                    signature: "books/ holds a stray file after a clean exit".into(),
                    detail: e,
                });
            }
            check(scratch, outcome);
        });
    }
    Ok(())
}

/// What every scratch directory gets, and the book the book campaign mutates.
struct Base {
    files: Vec<(String, Vec<u8>)>,
    nbk: Vec<u8>,
}

/// fmax.ini, variants/ (overlays and networks), a Polyglot book and `books/normal.nbk` made by
/// the engine's own `book create` from the shipped test openings.
fn base_files(corpus: &Corpus, root: &Path, launcher: &Launcher, limits: &Limits) -> Base {
    let mut files = vec![("fmax.ini".to_string(), corpus.ini.clone())];
    for (name, bytes) in corpus.overlays.iter().chain(&corpus.networks) {
        files.push((format!("variants/{name}"), bytes.clone()));
    }
    files.push(("book.bin".into(), corpus.polyglot.clone()));
    let pgn = std::fs::read(root.join("tests/data/book/small-openings.pgn")).unwrap_or_default();
    let mut nbk = Vec::new();
    if let Ok(scratch) = Scratch::new("book") {
        let mut make = Case::args(
            "book create games.pgn 10 --dir books"
                .split(' ')
                .map(String::from)
                .collect(),
        );
        make.files = files.clone();
        make.files.push(("games.pgn".into(), pgn));
        let outcome = make.run_in(launcher, limits, &scratch);
        if outcome.failure.is_none() {
            nbk = std::fs::read(scratch.path.join("books/normal.nbk")).unwrap_or_default();
        }
    }
    if nbk.is_empty() {
        eprintln!("nightrider-fuzz: could not make a book; the book campaign is skipped");
    } else {
        files.push(("books/normal.nbk".into(), nbk.clone()));
    }
    Base { files, nbk }
}

/// A learn file of orthodox chess with `stored` positions and an export of
/// `exported` other positions.
fn learn_files(rng: &mut StdRng, stored: usize, exported: usize) -> (Vec<u8>, Vec<u8>) {
    let mut position = || LearnedPosition {
        key: rng.gen(),
        score: rng.gen_range(-3000..=3000),
        depth: rng.gen_range(1..30),
        fen: None,
    };
    let mut table = PositionTable::new(BoardKind::Bitboard, "normal");
    for _ in 0..stored {
        table.add(position());
    }
    let mut export = PositionTable::new(BoardKind::Bitboard, "normal");
    for _ in 0..exported {
        export.add(position());
    }
    (table.to_bytes(), export.export().into_bytes())
}
