//! UCI protocol transcripts: lines in, exact lines out, run in-process over
//! channels (`uci::session`), plus the built binary on a pipe. `isready`
//! after an exchange marks where its output ends (it is answered in order,
//! at once even during a search); a search's output ends with `bestmove`.

use crossbeam_channel::{Receiver, Sender};
use nightrider::engine::Config;
use nightrider::uci;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Generous bound on waiting for a line; only reached when the engine hangs.
const PATIENCE: Duration = Duration::from_secs(60);

struct Engine {
    tx: Sender<String>,
    rx: Receiver<String>,
}

impl Engine {
    fn new() -> Engine {
        let config = Config {
            ini_path: Some(concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini").into()),
            mailbox_board: false,
            tunables: None,
        };
        let (tx, rx) = uci::session(config).unwrap();
        let e = Engine { tx, rx };
        e.send("uci");
        e.upto(|l| l == "uciok");
        e
    }

    fn send(&self, lines: &str) {
        for line in lines.lines() {
            self.tx.send(line.to_string()).unwrap();
        }
    }

    /// Sends `lines` and `isready`; returns everything before `readyok`.
    fn exchange(&self, lines: &str) -> Vec<String> {
        self.send(lines);
        self.send("isready");
        let mut out = self.upto(|l| l == "readyok");
        out.pop();
        out
    }

    /// Sends `lines` (ending in a `go`); returns the output up to and
    /// including `bestmove`.
    fn search(&self, lines: &str) -> Vec<String> {
        self.send(lines);
        self.upto(|l| l.starts_with("bestmove"))
    }

    /// Lines up to and including the first that satisfies `done`.
    fn upto(&self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.rx.recv_timeout(PATIENCE) {
                Ok(line) => {
                    let end = done(&line);
                    seen.push(line);
                    if end {
                        return seen;
                    }
                }
                Err(e) => panic!("engine silent ({e}); output so far: {seen:?}"),
            }
        }
    }
}

const INI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");

/// The words of an `info` line after each keyword, e.g. `field(l, "depth")`.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == key)?;
    words.get(at + 1).copied()
}

/// The principal variation of an `info` line.
fn pv(line: &str) -> Vec<String> {
    match line.split_once(" pv ") {
        Some((_, moves)) => moves.split_whitespace().map(str::to_string).collect(),
        None => Vec::new(),
    }
}

fn infos(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" seldepth "))
        .collect()
}

/// The moves of a `go perft 1` answer.
fn perft_moves(lines: &[String]) -> Vec<String> {
    let mut moves: Vec<String> = lines
        .iter()
        .filter(|l| !l.starts_with("Nodes searched"))
        .filter_map(|l| l.strip_suffix(": 1"))
        .map(str::to_string)
        .collect();
    moves.sort();
    moves
}

#[test]
fn uci_names_the_engine_and_lists_its_options_then_uciok() {
    let (tx, rx) = uci::session(Config {
        ini_path: Some(INI.into()),
        mailbox_board: false,
        tunables: None,
    })
    .unwrap();
    tx.send("uci".into()).unwrap();
    let mut out = Vec::new();
    while out.last().map(String::as_str) != Some("uciok") {
        out.push(rx.recv_timeout(PATIENCE).unwrap());
    }
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(out[0], format!("id name Nightrider {version}"));
    assert_eq!(out[1], "id author the Nightrider authors");
    assert_eq!(
        out[2..9],
        [
            "option name Threads type spin default 1 min 1 max 512",
            "option name Hash type spin default 64 min 1 max 65536",
            "option name Clear Hash type button",
            "option name Ponder type check default false",
            "option name MultiPV type spin default 1 min 1 max 32",
            "option name Move Overhead type spin default 10 min 0 max 5000",
            "option name UCI_Chess960 type check default false",
        ]
    );
    assert_eq!(
        out[10..12],
        [
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1500 min 1200 max 2700",
        ]
    );
    let variants = &out[9];
    assert!(
        variants.starts_with(
            "option name UCI_Variant type combo default chess var chess var fischerandom var nocastle var shatranj"
        ),
        "{variants}"
    );
    for name in [
        "capablanca",
        "xiangqi",
        "seirawan",
        "makruk",
        "cambodian",
        "courier",
        "kingofthehill",
        "losalamos",
        "caparandom",
        "grande-acedrex",
        "fairy/FIDE-Nutters",
    ] {
        assert!(
            variants.contains(&format!(" var {name} "))
                || variants.ends_with(&format!(" var {name}")),
            "{name}: {variants}"
        );
    }
    for absent in [
        " var normal ",
        " var fairy ",
        " var Cambodian ",
        " var king-of-the-hill ",
    ] {
        assert!(!variants.contains(absent), "{absent}: {variants}");
    }
    assert_eq!(
        out[12..],
        [
            format!("option name IniFile type string default {INI}"),
            "option name UseNetwork type check default true".into(),
            "option name SyzygyPath type string default <empty>".into(),
            "option name SyzygyProbeDepth type spin default 1 min 1 max 100".into(),
            "option name SyzygyProbeLimit type spin default 7 min 0 max 7".into(),
            "option name Syzygy50MoveRule type check default true".into(),
            "option name UseBook type check default true".into(),
            "option name BookFile type string default <empty>".into(),
            "option name BookDir type string default <empty>".into(),
            "option name BookRandom type spin default 1 min 0 max 2".into(),
            "option name BookWidth type spin default 10 min 1 max 100".into(),
            "option name Learning type spin default 7 min 0 max 7".into(),
            "option name LearningStrength type spin default 50 min 0 max 100".into(),
            "option name Variation type spin default 50 min 0 max 100".into(),
            "uciok".to_string(),
        ]
    );
}

#[test]
fn settings_and_new_games_are_silent() {
    let e = Engine::new();
    let silent = "debug on\nucinewgame\nsetoption name Clear Hash\nsetoption name Hash value 16\n\
        setoption name Threads value 1\nsetoption name Ponder value true\n\
        setoption name Move Overhead value 30\nsetoption name MultiPV value 1\n\
        setoption name UCI_Variant value capablanca\nsetoption name UCI_Chess960 value true\n\
        setoption name UCI_Chess960 value false\nsetoption name UCI_Variant value chess\n\
        setoption name UseBook value false\nposition startpos\nposition startpos moves e2e4 e7e5\nucinewgame";
    assert_eq!(e.exchange(silent), Vec::<String>::new());
}

#[test]
fn go_depth_reports_each_iteration_then_the_best_move_and_reply() {
    let e = Engine::new();
    let out = e.search("position startpos moves e2e4\ngo depth 4");
    let lines = infos(&out);
    assert_eq!(lines.len(), 4, "{out:?}");
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(field(line, "depth"), Some(&*(i + 1).to_string()));
        assert_eq!(field(line, "multipv"), Some("1"));
        assert!(field(line, "seldepth").and_then(|s| s.parse::<usize>().ok()) >= Some(i + 1));
        assert!(
            field(line, "cp").is_some_and(|s| s.parse::<i32>().is_ok()),
            "{line}"
        );
        for key in ["nodes", "nps", "hashfull", "time"] {
            assert!(
                field(line, key).is_some_and(|s| s.parse::<u64>().is_ok()),
                "{key}: {line}"
            );
        }
        assert!(
            line.starts_with(&format!("info depth {} seldepth ", i + 1)),
            "{line}"
        );
        assert!(
            line.contains(" score cp ") && line.contains(" pv "),
            "{line}"
        );
    }
    let best = pv(lines[3]);
    assert_eq!(
        out.last().unwrap(),
        &format!("bestmove {} ponder {}", best[0], best[1])
    );
}

#[test]
fn a_bad_line_gets_an_info_string_and_changes_nothing() {
    let e = Engine::new();
    assert!(e.exchange("position startpos moves e2e4").is_empty());
    let cases = [
        (
            "position startpos moves e2e4 e7e9",
            "info string error (illegal move e7e9): position (unchanged)",
        ),
        (
            "position fen 8/8/8 w - - 0 1 moves e2e4",
            "info string error (illegal position: FEN board has 3 ranks, not 8): position (unchanged)",
        ),
        (
            "position",
            "info string error (expected position startpos|fen FEN [moves ...]): position",
        ),
        (
            "position startpos e2e4",
            "info string error (expected position startpos|fen FEN [moves ...]): position startpos e2e4",
        ),
        ("go depth x", "info string error (bad value for depth): go depth x"),
        ("go perft 0", "info string error (perft depth 1..20): go perft 0"),
        (
            "setoption name Hash value lots",
            "info string error (bad value): setoption name Hash value lots",
        ),
        ("setoption Hash 3", "info string error (expected setoption name NAME [value VALUE]): setoption Hash 3"),
        (
            "setoption name NoSuchOption value 3",
            "info string error (unknown option): option NoSuchOption",
        ),
        (
            "setoption name UCI_Variant value nosuchgame",
            "info string error (unsupported variant): nosuchgame",
        ),
        ("frobnicate 3", "info string error (unknown command): frobnicate 3"),
    ];
    for (line, reply) in cases {
        assert_eq!(e.exchange(line), [reply], "{line}");
    }
    // Still after 1. e4: Black's twenty moves.
    let perft = e.exchange("go perft 1");
    assert_eq!(perft.len(), 23, "{perft:?}");
    assert!(perft.contains(&"e7e5: 1".to_string()));
    assert_eq!(perft[20..], ["", "Nodes searched: 20", ""]);
}

#[test]
fn isready_is_answered_at_once_during_a_search() {
    let e = Engine::new();
    e.send("position startpos\ngo infinite");
    let during = e.exchange("");
    assert!(
        during.iter().all(|l| l.starts_with("info depth")),
        "{during:?}"
    );
    let out = e.search("stop");
    assert!(
        out[..out.len() - 1]
            .iter()
            .all(|l| l.starts_with("info depth")),
        "{out:?}"
    );
    assert!(out.last().unwrap().starts_with("bestmove "));
    assert!(e.exchange("").is_empty(), "one best move per go");
}

#[test]
fn infinite_and_ponder_searches_hold_the_best_move_until_stop_or_ponderhit() {
    let e = Engine::new();
    // Mate in one: the search ends by itself at once, yet its move waits for stop.
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo infinite");
    let mut waiting = e.upto(|l| l.starts_with("info depth 30 seldepth "));
    waiting.extend(e.exchange(""));
    assert!(
        waiting.iter().all(|l| l.starts_with("info depth")),
        "{waiting:?}"
    );
    assert!(
        infos(&waiting)
            .iter()
            .all(|l| field(l, "mate") == Some("1")),
        "{waiting:?}"
    );
    let out = e.search("stop");
    assert_eq!(out.last().unwrap(), "bestmove a1a8");
    assert!(out[..out.len() - 1]
        .iter()
        .all(|l| l.starts_with("info depth")));
    // A depth cap ends the search; the move still waits for stop.
    e.send("position startpos\ngo infinite depth 3");
    let lines = e.upto(|l| l.starts_with("info depth 3 seldepth "));
    std::thread::sleep(Duration::from_millis(200));
    assert!(e.exchange("").is_empty());
    let best = pv(lines.last().unwrap());
    assert_eq!(
        e.search("stop"),
        [format!("bestmove {} ponder {}", best[0], best[1])]
    );
    // Pondering: nothing until ponderhit, then the order's clock from there.
    e.send("position startpos moves e2e4 e7e5\ngo ponder wtime 3000 btime 3000");
    std::thread::sleep(Duration::from_millis(200));
    assert!(e.exchange("").iter().all(|l| l.starts_with("info depth")));
    let hit = Instant::now();
    let out = e.search("ponderhit");
    assert!(
        hit.elapsed() < Duration::from_millis(1500),
        "{:?}",
        hit.elapsed()
    );
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    // A ponder miss: stop answers at once.
    e.send("position startpos moves e2e4 e7e5\ngo ponder wtime 100000 btime 100000");
    std::thread::sleep(Duration::from_millis(100));
    let stop = Instant::now();
    let out = e.search("stop");
    assert!(stop.elapsed() < Duration::from_millis(1000));
    assert_eq!(out.iter().filter(|l| l.starts_with("bestmove ")).count(), 1);
}

#[test]
fn movetime_nodes_mate_and_searchmoves_limit_the_search() {
    let e = Engine::new();
    let started = Instant::now();
    let out = e.search("position startpos\ngo movetime 300");
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(150) && took < Duration::from_secs(3),
        "{took:?}"
    );
    assert!(out.last().unwrap().starts_with("bestmove "));
    let out = e.search("ucinewgame\nposition startpos\ngo nodes 5000");
    let reported: Vec<u64> = infos(&out)
        .iter()
        .filter_map(|l| field(l, "nodes")?.parse().ok())
        .collect();
    assert!(
        !reported.is_empty() && reported.iter().all(|&n| n <= 5000),
        "{out:?}"
    );
    // Mate in two (1. Kg6 Kg8 2. Ra8#): found, then the search stops by itself.
    let out = e.search("position fen 7k/8/5K2/8/8/8/8/R7 w - - 0 1\ngo mate 2");
    let last = infos(&out).last().copied().cloned().unwrap_or_default();
    assert_eq!(field(&last, "mate"), Some("2"), "{out:?}");
    assert!(out
        .last()
        .unwrap()
        .starts_with(&format!("bestmove {}", pv(&last)[0])));
    let out = e.search("position startpos\ngo depth 3 searchmoves a2a3 h2h3");
    for line in infos(&out) {
        assert!(["a2a3", "h2h3"].contains(&pv(line)[0].as_str()), "{line}");
    }
    assert!(
        out.last().unwrap().starts_with("bestmove a2a3")
            || out.last().unwrap().starts_with("bestmove h2h3")
    );
}

#[test]
fn multipv_reports_that_many_distinct_lines_per_depth() {
    let e = Engine::new();
    assert!(e.exchange("setoption name MultiPV value 3").is_empty());
    let out = e.search("position startpos\ngo depth 4");
    let deepest: Vec<&String> = infos(&out)
        .into_iter()
        .filter(|l| field(l, "depth") == Some("4"))
        .collect();
    let numbers: Vec<&str> = deepest.iter().filter_map(|l| field(l, "multipv")).collect();
    assert_eq!(numbers, ["1", "2", "3"], "{out:?}");
    let mut first: Vec<String> = deepest.iter().map(|l| pv(l)[0].clone()).collect();
    assert!(out
        .last()
        .unwrap()
        .starts_with(&format!("bestmove {} ", first[0])));
    first.sort();
    first.dedup();
    assert_eq!(first.len(), 3);
}

#[test]
fn without_a_legal_move_the_best_move_is_none() {
    let e = Engine::new();
    assert_eq!(
        e.search("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3"),
        [
            "info depth 0 seldepth 0 multipv 1 score cp 0 nodes 0 nps 0 hashfull 0 time 0",
            "bestmove (none)"
        ]
    );
    assert_eq!(
        e.search("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1\ngo wtime 1000 btime 1000"),
        [
            "info depth 0 seldepth 0 multipv 1 score mate 0 nodes 0 nps 0 hashfull 0 time 0",
            "bestmove (none)"
        ]
    );
}

#[test]
fn a_new_position_during_a_search_ends_it_with_a_best_move_first() {
    let e = Engine::new();
    e.send("position startpos\ngo infinite");
    std::thread::sleep(Duration::from_millis(200));
    let out = e.search("position startpos moves e2e4");
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    let out = e.search("go depth 2");
    let best = out.last().unwrap();
    let black = perft_moves(&e.exchange("go perft 1"));
    let mv = best.split_whitespace().nth(1).unwrap().to_string();
    assert!(black.contains(&mv), "{best} not among {black:?}");
}

#[test]
fn the_binary_speaks_uci_when_the_first_line_is_uci() {
    for ending in ["quit\n", ""] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nightrider"))
            .args(["--ini", INI])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        write!(
            stdin,
            "uci\r\nisready\nposition startpos moves e2e4\ngo perft 2\n{ending}"
        )
        .unwrap();
        drop(stdin);
        let lines: Vec<String> = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .map(Result::unwrap)
            .collect();
        assert!(child.wait().unwrap().success());
        assert_eq!(
            lines[0],
            format!("id name Nightrider {}", env!("CARGO_PKG_VERSION"))
        );
        let ok = lines.iter().position(|l| l == "uciok").unwrap();
        assert_eq!(lines[ok + 1], "readyok");
        assert_eq!(lines[lines.len() - 3..], ["", "Nodes searched: 600", ""]);
        assert_eq!(lines.len(), ok + 2 + 20 + 3);
    }
}

/// Moves in Fairy-Stockfish's notation along random games of every variant
/// Nightrider offers under a Fairy-Stockfish name, Chess960 forms included
/// (`tests/data/uci-moves.tsv`, made by `uci-moves.py` with pyffish): each
/// position is set up through `UCI_Variant`, `UCI_Chess960` and
/// `position ... moves ...`, and `go perft 1` must list exactly pyffish's
/// legal moves.
#[test]
fn variant_moves_in_fairy_stockfish_notation_match_pyffish() {
    let e = Engine::new();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/uci-moves.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut game = (String::new(), String::new());
    let mut failures = Vec::new();
    let mut checked = 0;
    for row in text.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        let [variant, chess960, start, moves, legal] = cols[..] else {
            panic!("bad row {row}")
        };
        if game != (variant.to_string(), chess960.to_string()) {
            game = (variant.to_string(), chess960.to_string());
            let flag = if chess960 == "1" { "true" } else { "false" };
            let set = format!(
                "setoption name UCI_Chess960 value {flag}\nsetoption name UCI_Variant value {variant}"
            );
            assert!(e.exchange(&set).is_empty(), "{set}");
        }
        let mut position = match start {
            "startpos" => "position startpos".to_string(),
            fen => format!("position fen {fen}"),
        };
        if !moves.is_empty() {
            position.push_str(&format!(" moves {moves}"));
        }
        let out = e.exchange(&format!("{position}\ngo perft 1"));
        let want: Vec<String> = legal.split_whitespace().map(str::to_string).collect();
        let got = perft_moves(&out);
        if got != want {
            let extra: Vec<&String> = got.iter().filter(|m| !want.contains(m)).collect();
            let missing: Vec<&String> = want.iter().filter(|m| !got.contains(m)).collect();
            failures.push(format!(
                "{variant} (960: {chess960}) {position}: extra {extra:?}, missing {missing:?}; {:?}",
                out.iter().filter(|l| l.starts_with("info")).collect::<Vec<_>>()
            ));
        }
        checked += 1;
    }
    assert!(checked >= 640, "only {checked} rows");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Rows with more nodes than this are left out of the `go perft` check
/// (tests/perft.rs counts the deep ones).
const PERFT_BUDGET: u64 = 1_500_000;

/// The total of a `go perft N` answer, checked against its split.
fn perft_total(lines: &[String]) -> u64 {
    let total: u64 = lines
        .iter()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no total in {lines:?}"));
    let split: u64 = lines
        .iter()
        .filter_map(|l| l.rsplit_once(": ")?.1.parse::<u64>().ok())
        .sum::<u64>()
        - total;
    assert_eq!(split, total, "{lines:?}");
    total
}

/// `go perft` through UCI equals the reference counts of every variant
/// (tests/data/perft/*.tsv from Fairy-Stockfish, Stockfish and Sjaak II,
/// which `nightrider perft` matches: tests/perft.rs), Chess960 and
/// Capablanca Random Chess under `UCI_Chess960` included; and for one row
/// of each variant literally equals the `nightrider perft` subcommand.
#[test]
fn go_perft_equals_nightrider_perft_on_every_variant() {
    let e = Engine::new();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut rows: Vec<(String, bool, String, u32, u64)> = Vec::new();
    for file in ["perft/start-and-classic.tsv", "perft/variants-midgame.tsv"] {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        for line in text.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            let (depth, nodes) = (cols[2].parse().unwrap(), cols[3].parse().unwrap());
            // Grand chess is not a game of fmax.ini (tests/perft.rs, NOT_YET).
            if cols[0] != "grand" && nodes <= PERFT_BUDGET {
                rows.push((cols[0].into(), false, cols[1].into(), depth, nodes));
            }
        }
    }
    let capa = std::fs::read_to_string(format!("{dir}/caparandom-perft.tsv")).unwrap();
    for line in capa.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (depth, nodes) = (cols[1].parse().unwrap(), cols[2].parse().unwrap());
        if nodes <= PERFT_BUDGET {
            rows.push(("capablanca".into(), true, cols[0].into(), depth, nodes));
        }
    }
    let epd = std::fs::read_to_string(format!("{dir}/chess960.epd")).unwrap();
    for line in epd.lines().take(20) {
        let mut parts = line.split(" ;");
        let fen = parts.next().unwrap().trim();
        for (depth, nodes) in parts.filter_map(|p| {
            let (d, n) = p.trim().strip_prefix('D')?.split_once(' ')?;
            Some((d.parse::<u32>().ok()?, n.parse::<u64>().ok()?))
        }) {
            if nodes <= PERFT_BUDGET {
                rows.push(("chess".into(), true, fen.into(), depth, nodes));
            }
        }
    }
    let mut failures = Vec::new();
    let mut variants = Vec::new();
    for (variant, chess960, fen, depth, nodes) in &rows {
        e.exchange(&format!(
            "setoption name UCI_Chess960 value {chess960}\nsetoption name UCI_Variant value {variant}\nposition fen {fen}"
        ));
        let got = perft_total(&e.exchange(&format!("go perft {depth}")));
        if got != *nodes {
            failures.push(format!(
                "{variant} {fen} depth {depth}: expected {nodes}, got {got}"
            ));
        }
        if !chess960 && !variants.contains(variant) {
            variants.push(variant.clone());
            let game = match variant.as_str() {
                "chess" => "normal",
                other => other,
            };
            let out = Command::new(env!("CARGO_BIN_EXE_nightrider"))
                .args(["perft", "--ini", INI, "--variant", game, "--fen", fen])
                .args(["--depth", &depth.to_string()])
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(
                stdout.starts_with(&format!("Nodes: {got}\n")),
                "{variant} {fen}: go perft {got}, nightrider perft {stdout}"
            );
        }
    }
    assert!(rows.len() >= 400, "only {} rows", rows.len());
    assert!(variants.len() >= 17, "{variants:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `UCI_LimitStrength` with a low `UCI_Elo`: a small node budget and a
/// random choice among the best lines (so the moves vary); analysis
/// (`go infinite`) stays at full strength.
#[test]
fn limited_strength_searches_few_nodes_and_varies_its_moves() {
    let e = Engine::new();
    let set = "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 500";
    assert!(e.exchange(set).is_empty());
    let mut moves = Vec::new();
    for _ in 0..16 {
        let out = e.search("position startpos\ngo wtime 60000 btime 60000");
        for line in infos(&out) {
            let nodes: u64 = field(line, "nodes").unwrap().parse().unwrap();
            // 500 is below the lowest UCI_Elo, 1200: level 846, a budget of
            // 317 nodes, which the search may pass by a little.
            assert!(nodes <= 640, "{line}");
            assert!(
                ["1", "2", "3", "4"].contains(&field(line, "multipv").unwrap()),
                "{line}"
            );
        }
        moves.push(
            out.last()
                .unwrap()
                .split_whitespace()
                .nth(1)
                .unwrap()
                .to_string(),
        );
    }
    moves.sort();
    moves.dedup();
    assert!(moves.len() >= 3, "{moves:?}");
    e.send("position startpos\ngo infinite");
    let deep = e.upto(|l| l.starts_with("info depth 7 seldepth "));
    assert!(infos(&deep)
        .iter()
        .all(|l| field(l, "multipv") == Some("1")));
    e.search("stop");
    assert!(e
        .exchange("setoption name UCI_LimitStrength value false")
        .is_empty());
    let out = e.search("position startpos\ngo depth 6");
    assert!(infos(&out).iter().all(|l| field(l, "multipv") == Some("1")));
    assert_eq!(infos(&out).len(), 6);
}

/// Complete games through python-chess's UCI client
/// (`tests/pychess_uci.py`): chess and Chess960 with clocks, `movestogo`,
/// `movetime`, nodes, pondering and multi-line analysis; capablanca,
/// xiangqi, seirawan and shatranj over a plain UCI loop with every move
/// and the last PV of each search checked legal (by pyffish when it is
/// installed, else by the engine's refusal of an illegal `position`).
/// Needs `python3` with python-chess (`pip install chess`).
#[test]
fn python_chess_plays_and_analyses_complete_games_over_uci() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pychess_uci.py");
    let output = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_nightrider"), "1", "--ini", INI])
        .output()
        .expect("python3 must be installed (with `pip install chess`)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "pychess_uci.py failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.starts_with(
            "ok: 1 games each of chess, chess960, capablanca, xiangqi, seirawan, shatranj; "
        ),
        "{stdout}"
    );
}

/// The moves of a `go perft 1` answer, space-separated and sorted.
fn legal_after(e: &Engine, position: &str) -> String {
    assert!(e.exchange(position).is_empty(), "{position}");
    perft_moves(&e.exchange("go perft 1")).join(" ")
}

/// Castling in both of UCI's conventions: written `e1g1` in chess and as
/// the king taking its rook (`e1h1`) under `UCI_Chess960` (lists from
/// pyffish); either form is read in both.
#[test]
fn uci_variant_chess960_as_cutechess_sends_it_plays_fischer_random() {
    let e = Engine::new();
    assert!(e
        .exchange("setoption name UCI_Variant value chess960")
        .is_empty());
    // Shredder-FEN castling rights and black's queen-side castling as the
    // king taking its rook (d8b8): king to c8, rook to d8.
    let start = "position fen brnknqrb/pppppppp/8/8/8/8/PPPPPPPP/BRNKNQRB w GBgb - 0 1 \
        moves g2g4 g7g6 f2f4 c8b6 c1d3 d7d5 e1f3 d8b8";
    let out = e.exchange(&format!("{start} f3e5\ngo perft 1"));
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
    let moves = perft_moves(&out);
    assert!(moves.contains(&"d8d7".to_string()), "{moves:?}");
    assert!(moves.contains(&"c8b8".to_string()), "{moves:?}");
}

#[test]
fn castling_is_e1g1_in_chess_and_king_takes_rook_in_chess960() {
    let e = Engine::new();
    let opening = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";
    let common = "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c4a6 c4b3 c4b5 c4d3 c4d5 c4e2 c4e6 \
        c4f1 c4f7 d1e2 d2d3 d2d4 e1e2 e1f1";
    let rest = "f3d4 f3e5 f3g1 f3g5 f3h4 g2g3 g2g4 h1f1 h1g1 h2h3 h2h4";
    assert_eq!(legal_after(&e, opening), format!("{common} e1g1 {rest}"));
    // The king taking its rook is read as the same castling (as
    // python-chess reads it), though never written in chess.
    assert_eq!(
        legal_after(&e, &format!("{opening} e1h1")),
        legal_after(&e, &format!("{opening} e1g1"))
    );
    let black = legal_after(&e, &format!("{opening} e1g1"));
    assert!(black.contains("e8e7") && !black.contains("e8g8"), "{black}");

    assert!(e
        .exchange("setoption name UCI_Chess960 value true")
        .is_empty());
    let start = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \
        moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";
    assert_eq!(legal_after(&e, start), format!("{common} e1h1 {rest}"));
    // Read leniently in input, as in chess: the same castling.
    assert_eq!(
        legal_after(&e, &format!("{start} e1g1")),
        legal_after(&e, &format!("{start} e1h1"))
    );
    // After king takes rook: king on g1, rook on f1 (the f-file is free).
    let out = e.exchange(&format!("{start} e1h1 f8c5\ngo perft 1"));
    let moves = perft_moves(&out);
    assert!(moves.contains(&"f1e1".to_string()), "{moves:?}");
    assert!(moves.contains(&"g1h1".to_string()), "{moves:?}");
    // King on b1 between rooks on a1 and e1: both castlings take a rook,
    // beside the king's own step to c1.
    assert_eq!(
        legal_after(
            &e,
            "position fen rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1"
        ),
        "a2a3 a2a4 b1a1 b1c1 b1e1 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e1c1 e1d1 e1f1 e1g1 e1h1 \
         e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4"
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    );
    let after = legal_after(
        &e,
        "position fen rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1 moves b1a1 a7a6",
    );
    assert_eq!(
        after,
        "a2a3 a2a4 b2b3 b2b4 c1b1 c2c3 c2c4 d2d3 d2d4 e1f1 e1g1 e1h1 e2e3 e2e4 f2f3 f2f4 \
         g2g3 g2g4 h2h3 h2h4"
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    );
}

/// Fairy-Stockfish's notation on other boards: xiangqi's 9x10 board with
/// ranks 1 to 10, seirawan's gating (`b1c3h`) and holdings in the FEN;
/// the same position reached by moves and by FEN gives the same moves
/// (lists from pyffish), and a move no rule allows is refused.
#[test]
fn ten_rank_boards_and_seirawan_gating_in_fairy_stockfish_notation() {
    let e = Engine::new();
    assert!(e
        .exchange("setoption name UCI_Variant value xiangqi")
        .is_empty());
    assert_eq!(
        legal_after(&e, "position startpos moves h3e3"),
        "a10a8 a10a9 a7a6 b10a8 b10c8 b8a8 b8b1 b8b4 b8b5 b8b6 b8b7 b8b9 b8c8 b8d8 b8e8 b8f8 \
         b8g8 c10a8 c10e8 c7c6 d10e9 e10e9 e7e6 f10e9 g10e8 g10i8 g7g6 h10g8 h10i8 h8c8 h8d8 \
         h8e8 h8f8 h8g8 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7 h8h9 h8i8 i10i8 i10i9 i7i6"
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    );
    let xiangqi = "a1a2 a1a3 a4a5 b1a3 b1c3 b3a3 b3b10 b3b2 b3b4 b3b5 b3b6 b3b7 b3c3 b3d3 \
        c1a3 c4c5 d1e2 e1e2 e3c3 e3d3 e3e2 e3e7 e3f3 e3g3 e3h3 e3i3 e4e5 f1e2 g1i3 g4g5 h1g3 \
        h1i3 i1i2 i1i3 i4i5";
    assert_eq!(
        legal_after(&e, "position startpos moves h3e3 h10g8"),
        legal_after(
            &e,
            "position fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
        )
    );
    assert_eq!(
        legal_after(&e, "position startpos moves h3e3 h10g8"),
        xiangqi.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    assert_eq!(
        e.exchange("position startpos moves h3e3 a10a11"),
        ["info string error (illegal move a10a11): position (unchanged)"]
    );
    let out = e.search("position startpos moves h3e3 h10g8\ngo depth 3");
    let best = out
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(xiangqi.split_whitespace().any(|m| m == best), "{best}");

    assert!(e
        .exchange("setoption name UCI_Variant value seirawan")
        .is_empty());
    let seirawan = "a2a3 a2a4 b1a3 b2b3 b2b4 c3a4 c3b5 c3d5 c3e4 d2d3 d2d4 e2e3 e2e4 f2f3 \
        f2f4 g1f3 g1f3e g1h3 g1h3e g2g3 g2g4 h2h3 h2h4";
    let by_moves = legal_after(&e, "position startpos moves b1c3h g8f6e");
    assert_eq!(
        by_moves,
        seirawan.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    assert_eq!(
        legal_after(
            &e,
            "position fen rnbqkber/pppppppp/5n2/8/8/2N5/PPPPPPPP/RHBQKBNR[Eh] w KQCDFGkqbcdf - 2 2"
        ),
        by_moves
    );
    // The hawk is already on b1: no second one to gate.
    assert_eq!(
        e.exchange("position startpos moves b1c3h g8f6e g1f3h"),
        ["info string error (illegal move g1f3h): position (unchanged)"]
    );
    assert!(e
        .exchange("position startpos moves b1c3h g8f6e g1f3e")
        .is_empty());
}

/// After a second of searching, the search names the root move it is on:
/// `info depth D currmove M currmovenumber N`, M a legal move.
#[test]
fn a_long_search_names_the_root_move_it_is_on() {
    let e = Engine::new();
    let legal = perft_moves(&e.exchange("position startpos\ngo perft 1"));
    e.send("go infinite");
    let line = e
        .upto(|l| l.contains(" currmove "))
        .pop()
        .unwrap_or_default();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 7, "{line}");
    assert_eq!(
        (words[0], words[1], words[3], words[5]),
        ("info", "depth", "currmove", "currmovenumber"),
        "{line}"
    );
    assert!(words[2].parse::<u32>().is_ok_and(|d| d >= 1), "{line}");
    assert!(legal.contains(&words[4].to_string()), "{line}");
    assert!(
        words[6]
            .parse::<usize>()
            .is_ok_and(|n| (1..=20).contains(&n)),
        "{line}"
    );
    let out = e.search("stop");
    assert!(out.last().unwrap().starts_with("bestmove "));
    // A short search says nothing of the kind.
    let out = e.search("position startpos\ngo depth 3");
    assert!(out.iter().all(|l| !l.contains("currmove")), "{out:?}");
}

/// `IniFile`: a file with an error is loaded without the broken game and
/// the error reaches the GUI as `info string`; an unusable file is refused
/// and the games in force stay; `UCI_Variant` lists the games loaded.
#[test]
fn inifile_errors_are_info_strings_and_the_variant_list_follows_the_file() {
    let dir = std::env::temp_dir().join(format!("nightrider-uci-ini-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(INI).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let header = lines.iter().position(|l| *l == "Game: shatranj").unwrap();
    lines[header + 1] = "8x8=zz";
    let broken = dir.join("broken.ini");
    std::fs::write(&broken, lines.join("\n")).unwrap();
    let missing = dir.join("missing.ini");
    let variants = |e: &Engine| -> String {
        e.send("uci");
        let out = e.upto(|l| l == "uciok");
        out.into_iter()
            .find(|l| l.starts_with("option name UCI_Variant "))
            .unwrap()
    };
    let e = Engine::new();
    assert!(variants(&e).contains(" var shatranj "));
    assert_eq!(
        e.exchange(&format!(
            "setoption name IniFile value {}",
            broken.display()
        )),
        [format!(
            "info string {}:{}: expected the board size WxH[=N], found `8x8=zz`",
            broken.display(),
            header + 2
        )]
    );
    let listed = variants(&e);
    assert!(!listed.contains(" var shatranj ") && listed.contains(" var makruk "));
    assert_eq!(
        e.exchange("setoption name UCI_Variant value shatranj"),
        ["info string error (unsupported variant): shatranj"]
    );
    assert_eq!(
        e.exchange(&format!(
            "setoption name IniFile value {}",
            missing.display()
        )),
        [
            format!(
                "info string {}: cannot read fmax.ini: No such file or directory (os error 2)",
                missing.display()
            ),
            "info string error (unusable ini file): option IniFile".to_string(),
        ]
    );
    assert_eq!(variants(&e), listed);
    assert!(e
        .exchange(&format!("setoption name IniFile value {INI}"))
        .is_empty());
    assert!(variants(&e).contains(" var shatranj "));
    assert!(e
        .exchange("setoption name UCI_Variant value shatranj\nposition startpos moves e2e3")
        .is_empty());
    std::fs::remove_dir_all(&dir).ok();
}
