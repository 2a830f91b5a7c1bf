//! Syzygy tables: the `syzygy` tool's values (checked against
//! python-chess's prober, see tests/data/syzygy-compare.py), the UCI,
//! XBoard and console options, bad folders and files, and mates played out
//! by the tables' moves. Each test runs the built binary: the prober keeps
//! one set of open tables per process.

use nightrider::bitboard::BitboardPos;
use nightrider::position::Position;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

const ENGINE: &str = env!("CARGO_BIN_EXE_nightrider");

/// The 3- and 4-man tables the tests use (KQvK, KRvK, KBNvK, KPvK, KBvK, KNvK).
fn tables() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy").to_string()
}

/// Generous bound on waiting for a line; only reached when the engine hangs.
const PATIENCE: Duration = Duration::from_secs(60);

/// The engine on a pipe.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(ENGINE)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").expect("engine reads");
    }

    /// Lines up to and including the first that starts with `end`.
    fn upto(&mut self, end: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no {end:?} after {seen:?}"));
            let done = line.starts_with(end);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn uci(path: &str) -> Engine {
        let mut e = Engine::start(&["--ini", concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini")]);
        e.send("uci");
        e.upto("uciok");
        e.send(&format!("setoption name SyzygyPath value {path}"));
        e
    }

    /// Sends `isready`; the lines before `readyok`.
    fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        let mut out = self.upto("readyok");
        out.pop();
        out
    }

    /// The move and the last `info` line of a search of `fen` (after
    /// `moves`) for `millis` ms.
    fn best(&mut self, fen: &str, moves: &[String], millis: u32) -> (String, String) {
        let moves = if moves.is_empty() {
            String::new()
        } else {
            format!(" moves {}", moves.join(" "))
        };
        self.send(&format!("position fen {fen}{moves}"));
        self.send(&format!("go movetime {millis}"));
        let out = self.upto("bestmove");
        let info = out
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .cloned()
            .unwrap_or_default();
        let best = out
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or_default()
            .to_string();
        (best, info)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// The `syzygy` tool's output for `fens`.
fn probe(path: &str, fens: &[&str]) -> (Vec<String>, String, bool) {
    let out = Command::new(ENGINE)
        .arg("syzygy")
        .arg("--path")
        .arg(path)
        .args(fens)
        .output()
        .expect("tool runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines = stdout.lines().map(str::to_string).collect();
    (
        lines,
        String::from_utf8_lossy(&out.stderr).trim().to_string(),
        out.status.success(),
    )
}

#[test]
fn the_tool_gives_wdl_dtz_and_the_tables_move() {
    let fens = [
        // KQvK and KRvK at their longest (mate in 10 and 16 moves).
        "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1",
        "8/8/8/8/8/2k5/1R6/K7 w - - 0 1",
        "8/8/8/8/8/2k5/1R6/K7 b - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
        "8/8/8/8/8/1k6/8/KN6 w - - 0 1",
        // Mated, and stalemated.
        "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
        "k7/8/1Q6/1K6/8/8/8/8 b - - 0 1",
        // An ending the folder does not hold, and no FEN at all.
        "8/8/8/8/8/8/1R1q4/K6k b - - 0 1",
        "not a fen",
    ];
    let (lines, summary, ok) = probe(&tables(), &fens);
    assert!(ok);
    assert_eq!(summary, "Syzygy: 6 WDL and 6 DTZ tables, up to 4 men");
    let values: Vec<String> = lines
        .iter()
        .map(|l| l.split('\t').skip(1).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(
        values,
        [
            "2 19 a1b1",
            "2 31 a1b1",
            "-2 -32 c3d4",
            "0 0 e8e7",
            "0 0 b1a3",
            "-2 0 none",
            "0 0 none",
            "- - -",
            "error: FEN board has 1 ranks, not 8",
        ]
    );
}

#[test]
fn uci_reports_the_tables_and_plays_their_move_with_a_table_score() {
    let mut e = Engine::uci(&tables());
    assert_eq!(
        e.ready(),
        ["info string Syzygy: 6 WDL and 6 DTZ tables, up to 4 men"]
    );
    let (best, info) = e.best("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", &[], 2000);
    assert_eq!(best, "a1b1", "{info}");
    // A table win: the band below the mates, less the distance to zeroing.
    assert!(
        info.contains("score cp 20481 ") && info.contains(" pv a1b1"),
        "{info}"
    );
    // The losing side is told so as well.
    let (best, info) = e.best("8/8/8/8/8/2k5/1R6/K7 b - - 0 1", &[], 2000);
    assert_eq!(best, "c3d4");
    assert!(info.contains("score cp -20468 "), "{info}");
    // Closed again: the same position is searched, not looked up.
    e.send("setoption name SyzygyPath value <empty>");
    assert!(e.ready().is_empty());
    let (_, info) = e.best("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", &[], 300);
    assert!(centipawns(&info) < 19_500, "{info}");
}

#[test]
fn a_search_looks_up_the_endings_it_reaches() {
    // KQvKN is not in the folder, but taking the knight leads to KQvK: the
    // search finds that the tables call it won.
    let mut e = Engine::uci(&tables());
    e.ready();
    let (best, info) = e.best("8/8/8/3k4/8/2n5/8/2Q4K w - - 0 1", &[], 1000);
    assert_eq!(best, "c1c3", "{info}");
    assert!(centipawns(&info) > 19_500, "{info}");
}

/// The `score cp` of an `info` line.
fn centipawns(info: &str) -> i32 {
    info.split_whitespace()
        .skip_while(|w| *w != "cp")
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no score in {info}"))
}

/// A scratch folder with copies of some tables, a truncated one and one
/// that is not a table.
fn damaged_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nightrider-syzygy-test-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let from = PathBuf::from(tables());
    for file in ["KQvK.rtbw", "KQvK.rtbz", "KPvK.rtbz"] {
        std::fs::copy(from.join(file), dir.join(file)).unwrap();
    }
    let wdl = std::fs::read(from.join("KPvK.rtbw")).unwrap();
    std::fs::write(dir.join("KPvK.rtbw"), &wdl[..1000]).unwrap();
    std::fs::write(dir.join("KRvK.rtbw"), vec![0u8; 208]).unwrap();
    dir
}

#[test]
fn bad_folders_and_files_get_one_line_each_and_play_goes_on() {
    let mut e = Engine::uci("/no/such/folder");
    assert_eq!(
        e.ready(),
        ["info string no Syzygy tables found in /no/such/folder \
         (/no/such/folder: not a readable folder (No such file or directory (os error 2)))"]
    );
    let (best, _) = e.best("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", &[], 200);
    assert!(!best.is_empty() && best != "(none)");
    let dir = damaged_folder("uci");
    e.send(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    let d = dir.display();
    assert_eq!(
        e.ready(),
        [
            "info string Syzygy: 1 WDL and 2 DTZ tables, up to 3 men".to_string(),
            format!("info string Syzygy: left out {d}/KPvK.rtbw: truncated or damaged (1000 bytes)"),
            format!(
                "info string Syzygy: left out {d}/KRvK.rtbw: not a Syzygy table (wrong magic number)"
            ),
        ]
    );
    // The good table still plays.
    let (best, info) = e.best("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", &[], 2000);
    assert_eq!(best, "a1b1", "{info}");
    // KRvK is not trusted: searched, not looked up.
    let (_, info) = e.best("8/8/8/8/8/2k5/1R6/K7 w - - 0 1", &[], 300);
    assert!(centipawns(&info) < 19_500, "{info}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn xboard_takes_egtpath_and_announces_the_feature() {
    let mut e = Engine::start(&["--ini", concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini")]);
    e.send("xboard\nprotover 2");
    let features = e.upto("feature done=1");
    assert!(
        features.iter().any(|l| l.contains(" egt=\"syzygy\"")),
        "{features:?}"
    );
    e.send(&format!("egtpath syzygy {}\nping 1", tables()));
    assert_eq!(
        e.upto("pong"),
        ["# Syzygy: 6 WDL and 6 DTZ tables, up to 4 men", "pong 1"]
    );
    e.send("egtpath syzygy /no/such\nping 2");
    let out = e.upto("pong");
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(
        out[0].starts_with("telluser no Syzygy tables found in /no/such ("),
        "{out:?}"
    );
    // Other kinds of table are not ours, and are ignored.
    e.send("egtpath gaviota /somewhere\nping 3");
    assert_eq!(e.upto("pong"), ["pong 3"]);
}

#[test]
fn the_console_opens_tables_with_tbpath() {
    let mut child = Command::new(ENGINE)
        .args(["--ini", concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!("tbpath {}\ntbpath /no/such\nquit\n", tables());
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Syzygy: 6 WDL and 6 DTZ tables, up to 4 men"),
        "{text}"
    );
    assert!(
        text.contains("no Syzygy tables found in /no/such ("),
        "{text}"
    );
}

/// Plays `fen` out with the engine on both sides; the moves until mate
/// (`None` if no mate within `limit` moves of the winner).
fn play_out(e: &mut Engine, fen: &str, limit: usize) -> Option<usize> {
    let mut pos = BitboardPos::from_fen(fen, false).unwrap();
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..2 * limit {
        let (best, info) = e.best(fen, &moves, 50);
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|&m| pos.move_text(m) == best)
            .unwrap_or_else(|| panic!("{best} is not legal after {moves:?} ({info})"));
        assert!(pos.make(m));
        moves.push(best);
        if pos.legal_moves().is_empty() {
            assert!(pos.in_check(), "stalemate after {moves:?}");
            return Some(moves.len().div_ceil(2));
        }
    }
    None
}

#[test]
fn the_tables_mate_from_the_longest_positions() {
    let mut e = Engine::uci(&tables());
    e.ready();
    // The published longest mates: KQvK 10 moves, KRvK 16, KBNvK 33.
    for (fen, moves) in [
        ("8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", 10),
        ("8/8/8/8/8/2k5/1R6/K7 w - - 0 1", 16),
        (KBN_LONGEST, 33),
    ] {
        assert_eq!(play_out(&mut e, fen, 40), Some(moves), "{fen}");
    }
}

/// A KBNvK position of the longest mate (33 moves), white to move: the
/// largest DTZ of all (`nightrider syzygy` over every such position).
const KBN_LONGEST: &str = "N7/k7/8/8/8/8/8/K1B5 w - - 0 1";

#[test]
fn the_folder_of_links_for_a_damaged_path_goes_with_the_engine() {
    let dir = damaged_folder("staging");
    let mut e = Engine::uci(&dir.display().to_string());
    e.ready();
    let links = std::env::temp_dir().join(format!("nightrider-syzygy-{}", e.child.id()));
    let mut names: Vec<String> = std::fs::read_dir(&links)
        .unwrap()
        .filter_map(|entry| Some(entry.ok()?.file_name().to_string_lossy().into_owned()))
        .collect();
    names.sort();
    assert_eq!(names, ["KPvK.rtbz", "KQvK.rtbw", "KQvK.rtbz"]);
    drop(e);
    assert!(!links.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
