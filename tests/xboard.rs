//! XBoard protocol transcripts: lines in, exact lines out, run in-process
//! over channels (`xboard::session`), plus a fuzz run and a check of the
//! built binary. A `ping N` after each exchange marks where its output ends,
//! which is what makes the transcripts exact without timing assumptions.

use crossbeam_channel::{Receiver, Sender};
use nightrider::engine::Config;
use nightrider::xboard;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Generous bound on waiting for a line; only reached when the engine hangs.
const PATIENCE: Duration = Duration::from_secs(30);

struct Engine {
    tx: Sender<String>,
    rx: Receiver<String>,
    pings: u32,
}

impl Engine {
    fn new() -> Engine {
        Engine::with_board(false)
    }

    /// `general`: the mailbox board for orthodox chess too (`--board general`).
    fn with_board(general: bool) -> Engine {
        let config = Config {
            ini_path: Some("fmax.ini".into()),
            general_board: general,
        };
        let (tx, rx) = xboard::session(config).unwrap();
        Engine { tx, rx, pings: 0 }
    }

    fn send(&self, lines: &str) {
        for line in lines.lines() {
            self.tx.send(line.to_string()).unwrap();
        }
    }

    /// Sends `lines` and a ping; returns everything before the pong.
    fn exchange(&mut self, lines: &str) -> Vec<String> {
        self.send(lines);
        self.sync()
    }

    /// Sends a ping and returns the lines before its pong.
    fn sync(&mut self) -> Vec<String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings));
        self.until(|l| l == pong)
    }

    /// Lines up to (not including) the first that satisfies `done`.
    fn until(&self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.rx.recv_timeout(PATIENCE) {
                Ok(line) if done(&line) => return seen,
                Ok(line) => seen.push(line),
                Err(e) => panic!("engine silent ({e}); output so far: {seen:?}"),
            }
        }
    }
}

fn is_thinking(line: &str) -> bool {
    line.starts_with(|c: char| c.is_ascii_digit())
}

#[test]
fn handshake_sends_quoted_features_between_done_markers() {
    let mut e = Engine::new();
    let out = e.exchange("xboard\nprotover 2");
    assert_eq!(out[0], "feature done=0");
    assert_eq!(out[out.len() - 1], "feature done=1");
    assert_eq!(
        out[1],
        "feature myname=\"Nightrider 0.1.0\" ping=1 setboard=1 usermove=1 time=1 draw=1 sigint=0 \
         sigterm=0 reuse=1 analyze=1 colors=0 name=1 memory=1 smp=1 exclude=1 nps=1 pause=1 \
         playother=1 highlight=1 debug=1"
    );
    assert!(
        out[2].starts_with("feature variants=\"normal,fischerandom,"),
        "{}",
        out[2]
    );
    let list = out[2]
        .strip_prefix("feature variants=\"")
        .and_then(|v| v.strip_suffix('"'))
        .unwrap();
    assert!(
        list.split(',').any(|v| v == "capablanca") && !list.contains(' '),
        "{list}"
    );
    let options: Vec<&str> = out
        .iter()
        .filter(|l| l.starts_with("feature option="))
        .map(String::as_str)
        .collect();
    assert_eq!(options[0], "feature option=\"IniFile -file fmax.ini\"");
    assert!(options[1].starts_with("feature option=\"FairyVariant -combo *"));
    assert_eq!(
        options[2],
        "feature option=\"MakrukRules -combo *makruk /// Cambodian /// Ai-wok\""
    );
    assert_eq!(
        &options[3..],
        [
            "feature option=\"MultiPvLines -spin 1 1 32\"",
            "feature option=\"ResignThreshold -spin 0 0 10000\"",
            "feature option=\"DrawScore -spin 0 -500 500\"",
        ]
    );
    assert_eq!(out.len(), 4 + options.len());
}

#[test]
fn every_legitimate_command_is_answered_silently() {
    let mut e = Engine::new();
    let silent = "xboard\naccepted done\nrejected highlight\nnew\nrandom\ncomputer\nname Fairy-Max 5.0b\n\
        rating 2000 1800\nics -\nmemory 64\ncores 1\negtpath syzygy /no/such/dir\nhard\neasy\npost\nnopost\n\
        level 40 5 0\nlevel 0 0:05 0.1\nst 0.2\nsd 3\nnps 1000\nnps 0\ntime 510\notim 0\ndraw\n\
        result 1-0 {White mates}\nsetscore 10 5\npause\nresume\nput e2\nhover e2\nexclude all\ninclude all\n\
        option DrawScore=10\noption ResignThreshold=0\noption MakrukRules=Cambodian\nforce\nwhite\nblack\n\
        hint\nexit\n.\n\nplayother\nforce\npartner\nundo\nremove\nnew\nforce\nusermove e2e4\nundo";
    assert_eq!(e.exchange(silent), Vec::<String>::new());
}

#[test]
fn junk_and_bad_arguments_get_error_lines() {
    let mut e = Engine::new();
    assert_eq!(
        e.exchange("xyzzy\nlevel 40 x 0\nvariant nonsense\noption NoSuchOption=3\nst"),
        [
            "Error (unknown command): xyzzy",
            "Error ('x' is not minutes or min:sec): level 40 x 0",
            "Error (unsupported variant): nonsense",
            "Error (unknown option): option NoSuchOption",
            "Error (missing argument): st",
        ]
    );
}

#[test]
fn illegal_moves_are_refused_and_the_game_is_unchanged() {
    let mut e = Engine::new();
    assert_eq!(
        e.exchange("new\nforce\nusermove e2e5"),
        ["Illegal move: e2e5"]
    );
    assert_eq!(
        e.exchange("e2e4\ne7e5\ng1f3\nusermove e1e3\nb8c6"),
        ["Illegal move: e1e3"]
    );
    // White to move after 1.e4 e5 2.Nf3 Nc6: a black move is illegal, a white one is not.
    assert_eq!(e.exchange("d7d6\nf1b5\ng8f6"), ["Illegal move: d7d6"]);
    assert_eq!(e.exchange("O-O\nf8e7"), Vec::<String>::new());
}

#[test]
fn both_boards_accept_castling_as_o_o_and_as_a_king_move() {
    for general in [false, true] {
        let mut e = Engine::with_board(general);
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        assert_eq!(
            e.exchange(&format!("new\nforce\nsetboard {fen}\nO-O\nO-O-O\nf1f2")),
            ["Illegal move: f1f2"]
        );
        assert_eq!(
            e.exchange(&format!("setboard {fen}\ne1c1\n0-0\nd1d2")),
            ["Illegal move: d1d2"]
        );
    }
}

#[test]
fn cutechess_dummy_move_before_setboard_is_not_refused() {
    let mut e = Engine::new();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(
        e.exchange(&format!("variant makruk\nforce\nb2b3\nsetboard {fen}")),
        Vec::<String>::new()
    );
}

#[test]
fn undo_and_remove_take_back_plies() {
    let mut e = Engine::new();
    assert_eq!(
        e.exchange("new\nforce\ne2e4\ne7e5\nundo\ne7e5\nremove\ne2e4\nundo\nundo\nundo"),
        Vec::<String>::new()
    );
    assert_eq!(e.exchange("e7e5"), ["Illegal move: e7e5"]);
    assert_eq!(e.exchange("d2d4"), Vec::<String>::new());
}

#[test]
fn setboard_accepts_every_fen_flavour_and_refuses_bad_ones() {
    let mut e = Engine::new();
    let cases = [
        ("normal", "8/8/8/4k3/8/8/4P3/4K3 w", "e2e4"),
        (
            "normal",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
            "g1f3",
        ),
        ("normal", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"),
        (
            "fischerandom",
            "bnqrk2r/pppppppp/8/8/8/8/PPPPPPPP/BNQRK2R w HDhd - 0 1",
            "O-O",
        ),
        (
            "capablanca",
            "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 1",
            "e7e5",
        ),
        (
            "shatranj",
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR b 0 1",
            "e7e6",
        ),
    ];
    for (variant, fen, mv) in cases {
        assert_eq!(
            e.exchange(&format!(
                "new\nvariant {variant}\nforce\nsetboard {fen}\nusermove {mv}"
            )),
            Vec::<String>::new(),
            "{fen}"
        );
    }
    let bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1";
    assert_eq!(
        e.exchange(&format!("new\nforce\nsetboard {bad}\ne2e4")),
        ["tellusererror Illegal position", "Illegal move: e2e4"]
    );
    assert_eq!(
        e.exchange("setboard 4k3/8/8/8/8/8/8/4K3 w - - 0 1\ne1e2"),
        Vec::<String>::new()
    );
}

#[test]
fn variants_send_setup_and_piece_lines_before_the_pong() {
    let mut e = Engine::new();
    assert_eq!(
        e.exchange("new\nvariant los-alamos"),
        ["setup (PN.RQKpn.rqk) 6x6+0_fairy rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"]
    );
    assert_eq!(e.exchange("force\nusermove b2b3"), Vec::<String>::new());
    assert_eq!(
        e.exchange("variant capablanca\nforce\nusermove i2i4"),
        Vec::<String>::new()
    );
    let fairy = e.exchange("new\nvariant fairy");
    assert_eq!(fairy.len(), 5, "{fairy:?}");
    assert!(fairy[0].starts_with("setup (PNBRQ.........Kp.....eac....lk) "));
    assert_eq!(
        &fairy[1..],
        [
            "piece e WA",
            "piece c FAD",
            "piece l BD",
            "piece k KilO2rO3"
        ]
    );
    assert_eq!(
        e.exchange("variant 10x8+0_capablanca\nforce\nusermove j2j3"),
        Vec::<String>::new()
    );
    // Ten ranks: XBoard numbers them 0-9, so the pawns start on rank 1.
    let roman = e.exchange("variant roman\nforce\nusermove a1a2\nusermove a8a6");
    assert_eq!(roman.len(), 1, "{roman:?}");
    assert!(roman[0]
        .starts_with("setup (PNBRQ.....AKpnbrq.....ak) 10x10+0_fairy rnabqkbanr/pppppppppp/10/"));
}

#[test]
fn ping_waits_for_our_move_while_thinking() {
    let e = Engine::new();
    e.send("new\nforce\nsetboard 7k/8/8/8/8/8/8/R3K3 w Q - 0 1\nst 0.5\ngo\nping 77");
    let out = e.until(|l| l == "pong 77");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("move "), "{out:?}");
}

#[test]
fn ping_is_answered_at_once_while_analysing_and_exit_moves_nothing() {
    let mut e = Engine::new();
    e.send("new\nforce\npost\nanalyze");
    let out = e.sync();
    assert!(out.iter().all(|l| is_thinking(l)), "{out:?}");
    e.send(".\nexit");
    let out = e.sync();
    assert!(
        out.iter()
            .all(|l| is_thinking(l) || l.starts_with("stat01: ")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l.starts_with("stat01: ")), "{out:?}");
    assert_eq!(e.exchange("usermove e2e4"), Vec::<String>::new());
}

#[test]
fn the_engine_claims_mate_instead_of_moving_and_plays_when_it_can() {
    let mut e = Engine::new();
    assert_eq!(
        e.exchange("new\nforce\nsetboard 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo"),
        ["1-0 {White mates}"]
    );
    assert_eq!(
        e.exchange("new\nforce\nsetboard 7k/8/6QK/8/8/8/8/8 b - - 0 1\ngo"),
        ["1/2-1/2 {Stalemate}"]
    );
    e.send("new\nforce\nsetboard 7k/8/8/8/8/8/8/K5R1 b - - 0 1\nst 0.2\ngo");
    let out = e.sync();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("move h8"), "{out:?}");
}

#[test]
fn lift_highlights_targets() {
    let mut e = Engine::new();
    assert_eq!(
        e.exchange("new\nforce\nlift e2"),
        ["highlight 8/8/8/8/4Y3/4Y3/8/8"]
    );
    assert_eq!(e.exchange("lift e4"), ["highlight 8/8/8/8/8/8/8/8"]);
}

#[test]
fn edit_mode_sets_up_a_position() {
    let mut e = Engine::new();
    assert_eq!(
        e.exchange("new\nforce\nedit\n#\nKe1\nRh1\nc\nKe8\n.\ne1g1"),
        Vec::<String>::new()
    );
    assert_eq!(
        e.exchange("new\nforce\nedit\n#\nKe1\nRh1\nc\nKe8\n.\nd1d2"),
        ["Illegal move: d1d2"]
    );
}

#[test]
fn random_input_never_hangs_or_kills_the_engine() {
    let words = [
        "new",
        "force",
        "go",
        "playother",
        "white",
        "black",
        "?",
        "draw",
        "hint",
        "bk",
        "undo",
        "remove",
        "hard",
        "easy",
        "post",
        "nopost",
        "analyze",
        "exit",
        ".",
        "edit",
        "#",
        "c",
        "pause",
        "resume",
        "random",
        "computer",
        "variant",
        "setboard",
        "level",
        "st",
        "sd",
        "nps",
        "time",
        "otim",
        "usermove",
        "ping",
        "result",
        "option",
        "exclude",
        "include",
        "lift",
        "put",
        "hover",
        "memory",
        "cores",
        "protover",
        "accepted",
        "name",
        "e2e4",
        "e7e5",
        "O-O",
        "a7a8q",
        "P@e4",
        "@@@@",
        "e2",
        "",
        "\u{0}",
        "ä",
        "-1",
    ];
    let args = [
        "",
        "0",
        "1",
        "-5",
        "99999999999999999999",
        "0.05",
        "40 5 0",
        "0 0:01 0.1",
        "x",
        "all",
        "none",
        "e2e4",
        "capablanca",
        "fairy",
        "los-alamos",
        "makruk",
        "nosuch",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/7K w - - 0 1",
        "DrawScore=7",
        "IniFile=/no/such/file",
        "{x}",
        "1-0",
    ];
    let mut rng = StdRng::seed_from_u64(20_261_121);
    for round in 0..6 {
        let e = Engine::new();
        e.send("xboard\nprotover 2\nst 0.05");
        for _ in 0..300 {
            let word = words[rng.gen_range(0..words.len())];
            let arg = args[rng.gen_range(0..args.len())];
            let mut line = format!("{word} {arg}");
            if rng.gen_bool(0.05) {
                line = (0..rng.gen_range(1..20))
                    .map(|_| char::from(rng.gen_range(1u8..128)))
                    .collect();
            }
            if !line.contains("quit") && !line.contains('\n') && !line.contains('\r') {
                e.send(&line);
            }
        }
        e.send("force\nping 999999");
        let out = e.until(|l| l == "pong 999999");
        assert!(
            out.iter().all(|l| !l.starts_with("move ")),
            "round {round}: a move after force: {out:?}"
        );
    }
}

#[test]
fn the_binary_speaks_xboard_on_stdin_and_exits_on_quit_and_eof() {
    for ending in ["quit\n", ""] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nightrider"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        write!(
            stdin,
            "xboard\nprotover 2\nnew\nforce\nusermove e2e4\nping 5\n{ending}"
        )
        .unwrap();
        drop(stdin);
        let lines: Vec<String> = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .map(Result::unwrap)
            .collect();
        assert!(child.wait().unwrap().success());
        assert_eq!(lines.first().map(String::as_str), Some("feature done=0"));
        assert_eq!(lines.last().map(String::as_str), Some("pong 5"));
        assert_eq!(lines[lines.len() - 2], "feature done=1");
    }
}

/// Complete games through python-chess (`tests/pychess_games.py`): its
/// XBoard client drives the built binary with time, node and depth limits,
/// Chess960 (`O-O` castling), rewinds with `remove`/`undo`, and analysis.
/// Needs `python3` with python-chess (`pip install chess`).
#[test]
fn python_chess_plays_complete_games() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pychess_games.py");
    let output = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_nightrider"), "1"])
        .output()
        .expect("python3 must be installed (with `pip install chess`)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "pychess_games.py failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.starts_with("ok: 2 games, "), "{stdout}");
}
