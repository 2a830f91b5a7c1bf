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
        Engine::with_config(Config {
            ini_path: Some("fmax.ini".into()),
            mailbox_board: general,
            tunables: None,
        })
    }

    fn with_config(config: Config) -> Engine {
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

    /// The first line that satisfies `wanted` (earlier lines are dropped).
    fn first(&self, wanted: impl Fn(&str) -> bool) -> String {
        loop {
            match self.rx.recv_timeout(PATIENCE) {
                Ok(line) if wanted(&line) => return line,
                Ok(_) => {}
                Err(e) => panic!("engine silent ({e})"),
            }
        }
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
         playother=1 highlight=1 debug=1 egt=\"syzygy\""
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
    // cutechess-cli's names follow the games' own (the overlays' `aliases`).
    assert!(
        list.contains(",king-of-the-hill,kingofthehill,")
            && list.contains(",los-alamos,losalamos,"),
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
            "feature option=\"LimitStrength -check 0\"",
            "feature option=\"Elo -spin 1500 1200 2700\"",
            "feature option=\"UseNetwork -check 1\"",
            "feature option=\"SyzygyPath -path <empty>\"",
            "feature option=\"SyzygyProbeDepth -spin 1 1 100\"",
            "feature option=\"SyzygyProbeLimit -spin 7 0 7\"",
            "feature option=\"Syzygy50MoveRule -check 1\"",
            "feature option=\"UseBook -check 1\"",
            "feature option=\"BookFile -file -\"",
            "feature option=\"BookDir -path -\"",
            "feature option=\"BookRandom -spin 1 0 2\"",
            "feature option=\"BookWidth -spin 10 1 100\"",
            "feature option=\"Learning -spin 7 0 7\"",
            "feature option=\"LearningStrength -spin 50 0 100\"",
            "feature option=\"Variation -spin 50 0 100\"",
        ]
    );
    assert_eq!(out.len(), 4 + options.len());
}

#[test]
fn every_legitimate_command_is_answered_silently() {
    let mut e = Engine::new();
    let silent = "xboard\naccepted done\nrejected highlight\nnew\nrandom\ncomputer\nname Fairy-Max 5.0b\n\
        rating 2000 1800\nics -\nmemory 64\ncores 1\negtpath gaviota /no/such/dir\nhard\neasy\npost\nnopost\n\
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
        e.exchange("xyzzy\nlevel 40 x 0\nvariant nonsense\noption NoSuchOption=3\nst\noption IniFile=/no/such.ini"),
        [
            "Error (unknown command): xyzzy",
            "Error ('x' is not minutes or min:sec): level 40 x 0",
            "Error (unsupported variant): nonsense",
            "Error (unknown option): option NoSuchOption",
            "Error (missing argument): st",
            "telluser /no/such.ini: cannot read fmax.ini: no such file or directory (os error 2)",
            "Error (unusable ini file): option IniFile",
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
fn setboard_with_non_ascii_text_is_refused_not_a_crash() {
    for general in [false, true] {
        let mut e = Engine::with_board(general);
        for variant in ["shatranj", "normal", "makruk"] {
            assert_eq!(
                e.exchange(&format!(
                    "new\nvariant {variant}\nforce\nsetboard 4k3/8/8/8/8/8/8/4K3 w - é 0 1"
                )),
                ["tellusererror Illegal position"],
                "{variant}"
            );
            assert_eq!(
                e.exchange("setboard 4k3/8/8/8/8/8/8/4K3 w - - 0 1\ne1e2"),
                Vec::<String>::new(),
                "{variant}"
            );
        }
    }
}

#[test]
fn cutechess_names_select_the_games_and_courier_starts_as_it_does() {
    let mut e = Engine::new();
    assert_eq!(
        e.exchange("new\nvariant losalamos"),
        [
            "setup (PN.RQKpn.rqk) 6x6+0_fairy rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
            "piece P& fmWfcF"
        ]
    );
    assert_eq!(
        e.exchange("new\nvariant kingofthehill"),
        ["setup (PNBRQKpnbrqk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    );
    // Courier from cutechess-cli's start: the g-pawn and the ferz stand
    // advanced (g4, g3), the a- and l-pawns on the fourth rank.
    assert_eq!(
        e.exchange("new\nvariant courier\nforce"),
        Vec::<String>::new()
    );
    assert_eq!(e.exchange("usermove g2g3"), ["Illegal move: g2g3"]);
    assert_eq!(
        e.exchange("usermove g3h4\nusermove g6f5\nusermove a1a3"),
        Vec::<String>::new()
    );
}

#[test]
fn variants_send_setup_and_piece_lines_before_the_pong() {
    let mut e = Engine::new();
    assert_eq!(
        e.exchange("new\nvariant los-alamos"),
        [
            "setup (PN.RQKpn.rqk) 6x6+0_fairy rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
            // No double step in Los Alamos: derived from the pawn's rays.
            "piece P& fmWfcF"
        ]
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
    // The archer moves like a king and the king castles three squares:
    // both derived from fmax.ini's rays for XBoard.
    assert_eq!(roman[1..], ["piece A& K", "piece K& KisO3"], "{roman:?}");
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
    // Let the search report once, so `.` finds its progress published.
    e.first(is_thinking);
    e.send(".\nexit");
    let out = e.sync();
    assert!(
        out.iter()
            .all(|l| is_thinking(l) || l.starts_with("stat01: ")),
        "{out:?}"
    );
    let stat: Vec<&str> = out
        .iter()
        .find(|l| l.starts_with("stat01: "))
        .unwrap()
        .split(' ')
        .collect();
    // stat01: TIME NODES DEPTH MOVES_LEFT MOVES_TOTAL; 20 root moves at the start.
    assert_eq!((stat.len(), stat[5]), (6, "20"), "{out:?}");
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
fn a_game_end_is_announced_once() {
    let mut e = Engine::new();
    let stalemate = "7k/8/6QK/8/8/8/8/8 b - - 0 1";
    assert_eq!(
        e.exchange(&format!("new\nsetboard {stalemate}\ngo\ngo")),
        ["1/2-1/2 {Stalemate}"]
    );
    assert_eq!(
        e.exchange(&format!("new\nforce\nsetboard {stalemate}\ngo\nforce\ngo")),
        ["1/2-1/2 {Stalemate}"]
    );
    // A new position (even the same one again) is a new game end.
    assert_eq!(
        e.exchange(&format!("setboard {stalemate}\ngo")),
        ["1/2-1/2 {Stalemate}"]
    );
}

/// `setboard`, `variant`, `new` and `edit` while the engine thinks on its
/// move: the search stops, its move is never played, and the engine waits
/// for `go` instead of moving in the new position unasked. (With `st 1000`
/// a search of the new position would hold the pong for 1000 s.)
#[test]
fn a_new_position_while_thinking_stops_the_search_and_waits_for_go() {
    let replacements = [
        "setboard 4k3/8/8/8/8/8/8/4K2R w - - 0 1",
        "variant shatranj",
        "new",
        "edit\n#\nKe1\nRh1\nc\nKe8\n.",
    ];
    for replace in replacements {
        let mut e = Engine::new();
        assert_eq!(
            e.exchange(&format!("new\nforce\nst 1000\ngo\n{replace}")),
            Vec::<String>::new(),
            "{replace}"
        );
        e.send("st 0.1\ngo");
        let out = e.sync();
        assert_eq!(out.len(), 1, "{replace}: {out:?}");
        if replace.starts_with("setboard") || replace.starts_with("edit") {
            assert!(
                out[0].starts_with("move e1") || out[0].starts_with("move h1"),
                "{replace}: {out:?}"
            );
        } else {
            assert!(out[0].starts_with("move "), "{replace}: {out:?}");
        }
    }
}

/// `memory` and `cores` while the engine thinks: the search finishes and
/// its move is played (the position did not change), then the tables
/// change. While analysing the search restarts and `ping` is answered.
#[test]
fn memory_and_cores_during_a_search_keep_the_game_going() {
    let mut e = Engine::new();
    e.send("new\nforce\nst 0.3\ngo\nmemory 16\ncores 1");
    assert_eq!(moves_and_others(&e.sync()), (1, vec![]));
    e.send("new\nforce\npost\nanalyze\nmemory 8\ncores 2");
    let out = e.sync();
    assert!(out.iter().all(|l| is_thinking(l)), "{out:?}");
    e.first(is_thinking);
    e.send("exit");
    let out = e.sync();
    assert!(out.iter().all(|l| is_thinking(l)), "{out:?}");
}

/// `memory` asking for more than the machine has: the table is halved
/// until it can be allocated (here under a 512 MB address-space limit,
/// `ulimit -v`, so the allocation really fails), a `telluser` says the
/// size used before the `pong`, and the engine plays on.
#[test]
fn a_hash_size_beyond_memory_is_reduced_and_the_engine_plays_on() {
    for wanted in [999_999_999u64, 100_000] {
        let mut child = Command::new("sh")
            .args([
                "-c",
                "ulimit -v 524288 && exec \"$0\"",
                env!("CARGO_BIN_EXE_nightrider"),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        write!(
            stdin,
            "xboard\nnew\nmemory {wanted}\nping 1\nforce\nsd 3\ngo\nping 2\n"
        )
        .unwrap();
        stdin.flush().unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut out = Vec::new();
        for line in lines.by_ref() {
            let line = line.unwrap();
            let done = line == "pong 2";
            out.push(line);
            if done {
                break;
            }
        }
        writeln!(stdin, "quit").unwrap();
        drop(stdin);
        assert!(child.wait().unwrap().success());
        assert_eq!(out.len(), 4, "{out:?}");
        let used: u64 = out[0]
            .strip_prefix(&format!(
                "telluser hash table: {wanted} MB do not fit in this machine's memory, using "
            ))
            .and_then(|rest| rest.strip_suffix(" MB"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{out:?}"));
        assert!(
            used < 512 && (1..40).any(|halvings| wanted >> halvings == used),
            "{out:?}"
        );
        assert_eq!(out[1], "pong 1");
        assert!(out[2].starts_with("move "), "{out:?}");
        assert_eq!(out[3], "pong 2");
    }
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
        // Odd rounds force the mailbox board for orthodox chess too.
        let e = Engine::with_board(round % 2 == 1);
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
    for board in [&[][..], &["--board", "general"][..]] {
        let output = Command::new("python3")
            .args([script, env!("CARGO_BIN_EXE_nightrider"), "1"])
            .args(board)
            .output()
            .expect("python3 must be installed (with `pip install chess`)");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.success(),
            "pychess_games.py {board:?} failed:\n{stdout}\n{stderr}"
        );
        assert!(stdout.starts_with("ok: 2 games, "), "{stdout}");
    }
}

/// How many `move` lines, and the lines that are neither moves nor thinking.
fn moves_and_others(lines: &[String]) -> (usize, Vec<String>) {
    let moves = lines.iter().filter(|l| l.starts_with("move ")).count();
    let others = lines
        .iter()
        .filter(|l| !l.starts_with("move ") && !is_thinking(l))
        .cloned()
        .collect();
    (moves, others)
}

#[test]
fn move_now_force_and_result_control_a_running_search() {
    let mut e = Engine::new();
    e.send("new\nforce\nst 1000\ngo\n?");
    assert_eq!(moves_and_others(&e.sync()), (1, vec![]));
    for stopper in [
        "force",
        "result 1-0 {White resigns}",
        "new",
        "undo",
        "exit\nforce",
    ] {
        let out = e.exchange(&format!("new\nforce\nst 1000\ngo\n{stopper}"));
        assert!(
            out.iter().all(|l| !l.starts_with("move ")),
            "{stopper}: {out:?}"
        );
    }
}

#[test]
fn pondering_answers_ping_at_once_and_plays_after_hit_or_miss() {
    let mut e = Engine::new();
    e.send("new\nhard\nst 0.2\nusermove e2e4");
    let first = e.until(|l| l.starts_with("move "));
    assert!(first.iter().all(|l| is_thinking(l)), "{first:?}");
    // Now pondering: the pong comes without a move in between.
    assert_eq!(e.sync(), Vec::<String>::new());
    e.send("usermove d2d4");
    assert_eq!(moves_and_others(&e.sync()), (1, vec![]));
    assert_eq!(e.exchange("easy\nforce"), Vec::<String>::new());
}

#[test]
fn playother_plays_the_side_not_on_move() {
    let mut e = Engine::new();
    assert_eq!(e.exchange("new\nforce\nplayother"), Vec::<String>::new());
    e.send("st 0.1\nusermove e2e4");
    assert_eq!(moves_and_others(&e.sync()), (1, vec![]));
}

#[test]
fn nps_mode_reports_node_time_and_sd_caps_the_depth() {
    let mut e = Engine::new();
    e.send("new\nforce\npost\nnps 1000\nst 2\nsd 3\ngo");
    let out = e.sync();
    let thinking: Vec<Vec<u64>> = out
        .iter()
        .filter(|l| is_thinking(l))
        .map(|l| {
            l.split_whitespace()
                .take(4)
                .map(|t| t.parse::<i64>().unwrap().unsigned_abs())
                .collect()
        })
        .collect();
    assert!(!thinking.is_empty(), "{out:?}");
    for t in &thinking {
        assert!(t[0] <= 3, "depth {} beyond sd 3", t[0]);
        assert_eq!(t[2], t[3] * 100 / 1000, "time must be nodes / nps: {t:?}");
    }
    assert_eq!(out.iter().filter(|l| l.starts_with("move ")).count(), 1);
}

#[test]
fn exclusions_restrict_the_analysed_root_moves() {
    let mut e = Engine::new();
    e.send("new\nforce\nexclude all\ninclude g1h3\nanalyze");
    e.until(|l| is_thinking(l) && l.split_whitespace().next() == Some("2"));
    e.send("exit");
    let rest = e.sync();
    let pvs: Vec<&str> = rest
        .iter()
        .filter(|l| is_thinking(l))
        .filter_map(|l| l.split_whitespace().nth(4))
        .collect();
    assert!(pvs.iter().all(|m| *m == "g1h3"), "{rest:?}");
    e.send("new\nforce\nexclude e2e4\nanalyze");
    e.until(|l| is_thinking(l) && l.split_whitespace().next() == Some("2"));
    e.send("exit");
    let rest = e.sync();
    assert!(
        rest.iter()
            .filter(|l| is_thinking(l))
            .all(|l| l.split_whitespace().nth(4) != Some("e2e4")),
        "{rest:?}"
    );
}

#[test]
fn a_ponder_hit_turns_the_ponder_search_into_our_move() {
    let mut e = Engine::new();
    // A depth limit, not a time limit: on a loaded machine 0.3 s may reach
    // only depth 1, whose one-move PV gives no reply to ponder on.
    e.send("new\nhard\npost\nsd 6\nst 30\nusermove e2e4");
    e.until(|l| l.starts_with("move "));
    let hint = e.exchange("hint");
    assert_eq!(
        hint.iter().filter(|l| l.starts_with("Hint: ")).count(),
        1,
        "{hint:?}"
    );
    let guess = hint
        .iter()
        .find_map(|l| l.strip_prefix("Hint: "))
        .unwrap()
        .to_string();
    // Ponder lines show the guessed reply first.
    let ponder_line = match hint.iter().find(|l| is_thinking(l)) {
        Some(line) => line.clone(),
        None => e.first(is_thinking),
    };
    assert_eq!(
        ponder_line.split_whitespace().nth(4),
        Some(guess.as_str()),
        "{ponder_line}"
    );
    e.send(&format!("usermove {guess}\nping 500"));
    let out = e.until(|l| l == "pong 500");
    assert_eq!(moves_and_others(&out), (1, vec![]), "{out:?}");
    assert!(
        out.last().unwrap().starts_with("move "),
        "the pong waits for the move: {out:?}"
    );
}

#[test]
fn resign_threshold_and_draw_offers_follow_the_score() {
    let mut e = Engine::new();
    // Black to move, a queen and a rook down.
    let lost = "4k3/8/8/8/8/8/3PPP2/1Q1RK3 b - - 0 1";
    e.send(&format!(
        "new\nforce\nsetboard {lost}\noption ResignThreshold=300\nst 0.2\ngo"
    ));
    assert_eq!(moves_and_others(&e.sync()), (0, vec!["resign".to_string()]));
    // Without the threshold it plays on, and accepts a draw offer afterwards.
    e.send(&format!(
        "new\nforce\nsetboard {lost}\noption ResignThreshold=0\nst 0.2\ngo"
    ));
    assert_eq!(moves_and_others(&e.sync()), (1, vec![]));
    assert_eq!(e.exchange("draw"), ["offer draw"]);
    // Ahead, it declines silently.
    let won = "4k3/8/8/8/8/8/3PPP2/1Q1RK3 w - - 0 1";
    e.send(&format!("new\nforce\nsetboard {won}\nst 0.2\ngo"));
    assert_eq!(moves_and_others(&e.sync()), (1, vec![]));
    assert_eq!(e.exchange("draw"), Vec::<String>::new());
}

/// `LimitStrength` with a low `Elo`, as under UCI: each move a small node
/// budget and a random choice among the best lines, so the moves vary;
/// off again, the engine searches as deep as it is told.
#[test]
fn limited_strength_searches_few_nodes_and_varies_its_moves() {
    let mut e = Engine::new();
    let set = "option LimitStrength=1\noption Elo=1200";
    assert_eq!(e.exchange(set), Vec::<String>::new());
    let nodes = |line: &str| -> u64 { line.split_whitespace().nth(3).unwrap().parse().unwrap() };
    let mut moves = Vec::new();
    for _ in 0..16 {
        e.send("new\nforce\npost\nst 10\ngo");
        let out = e.sync();
        for line in out.iter().filter(|l| is_thinking(l)) {
            // Elo 1200: level 846, a budget of 317 nodes, which the
            // search may pass by a little.
            assert!(nodes(line) <= 640, "{line}");
        }
        let played: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
        assert_eq!(played.len(), 1, "{out:?}");
        moves.push(played[0].clone());
    }
    moves.sort();
    moves.dedup();
    assert!(moves.len() >= 3, "{moves:?}");
    assert_eq!(e.exchange("option LimitStrength=0"), Vec::<String>::new());
    e.send("new\nforce\npost\nsd 6\ngo");
    let out = e.sync();
    let last = out.iter().rfind(|l| is_thinking(l)).unwrap();
    assert!(last.starts_with("6 ") && nodes(last) > 640, "{out:?}");
}

#[test]
fn multi_pv_analysis_shows_distinct_best_lines_per_depth() {
    let mut e = Engine::new();
    e.send("new\nforce\noption MultiPvLines=3\nanalyze");
    let mut depth_two = Vec::new();
    let lines = e.until(|l| l.starts_with("3 "));
    for l in lines.iter().filter(|l| l.starts_with("2 ")) {
        depth_two.push(l.split_whitespace().nth(4).unwrap().to_string());
    }
    e.send("exit");
    e.sync();
    assert_eq!(depth_two.len(), 3, "{lines:?}");
    depth_two.sort();
    depth_two.dedup();
    assert_eq!(depth_two.len(), 3, "three different first moves: {lines:?}");
    assert_eq!(e.exchange("option MultiPvLines=1"), Vec::<String>::new());
}

#[test]
fn the_binary_survives_crlf_and_invalid_utf8() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"xboard\r\nnew\r\nforce\r\n\xff\xfe\x80junk\r\nusermove e2e4\r\nping 9\r\n")
        .unwrap();
    drop(stdin);
    let lines: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(Result::unwrap)
        .collect();
    assert!(child.wait().unwrap().success());
    assert_eq!(
        lines,
        [
            "Error (unknown command): \u{fffd}\u{fffd}\u{fffd}junk",
            "pong 9"
        ]
    );
}

#[test]
fn the_binary_escapes_control_bytes_it_echoes() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"xboard\nab\x00c\x01\x1b[31m\nnew\nforce\nusermove e2\x07e4\nvariant no\x7fne\nping 9\x08\n")
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Error (unknown command): ab\\x00c\\x01\\x1b[31m\n\
         Illegal move: e2\\x07e4\n\
         Error (unsupported variant): no\\x7fne\n\
         pong 9\\x08\n"
    );
}

#[test]
fn null_moves_pass_the_turn_and_undo() {
    for general in [false, true] {
        let mut e = Engine::with_board(general);
        assert_eq!(
            e.exchange("new\nforce\ne2e4\n@@@@\nd2d4\nundo\nundo\ne7e5"),
            Vec::<String>::new()
        );
        // Legal when not in check, refused when in check.
        let quiet = "4k3/8/8/8/8/8/8/4KR2 b - - 0 1";
        let check = "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1";
        let out = e.exchange(&format!(
            "setboard {quiet}\n@@@@\nf1f2\nsetboard {check}\n@@@@"
        ));
        assert_eq!(out, ["Illegal move: @@@@"]);
    }
}

/// A piece a user adds to fmax.ini reaches XBoard as a `piece` line derived
/// from its step vectors, with no `#` lines written for it.
#[test]
fn a_users_new_piece_is_described_to_the_gui_in_betza() {
    use std::io::Write as _;
    let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/config/hopper.ini");
    let mut child = Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .args(["--ini", ini])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"xboard\nprotover 2\nvariant hopper\nping 1\nquit\n")
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("feature")).collect();
    assert_eq!(
        lines,
        [
            "setup (PNBRQ.....GKpnbrq.....gk) 8x8+0_fairy rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1",
            "piece G& gQ",
            "pong 1",
        ]
    );
}

/// A copy of fmax.ini in a fresh directory with shatranj's board size line
/// broken; returns the file, the broken line's number and its error line.
fn ini_with_broken_shatranj(name: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("nightrider-xb-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string("fmax.ini").unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let header = lines.iter().position(|l| *l == "Game: shatranj").unwrap();
    lines[header + 1] = "8x8=zz";
    let ini = dir.join("broken.ini");
    std::fs::write(&ini, lines.join("\n")).unwrap();
    let error = format!(
        "{}:{}: expected the board size WxH[=N], found `8x8=zz`",
        ini.display(),
        header + 2
    );
    (ini, error)
}

#[test]
fn a_game_with_an_error_in_the_ini_is_reported_with_its_line_not_dropped_silently() {
    let (ini, error) = ini_with_broken_shatranj("report");
    let dir = ini.parent().unwrap().to_path_buf();
    let mut e = Engine::with_config(Config {
        ini_path: Some(ini.display().to_string()),
        mailbox_board: false,
        tunables: None,
    });
    let hello = e.exchange("xboard\nprotover 2");
    let told: Vec<&String> = hello.iter().filter(|l| l.starts_with("tell")).collect();
    assert_eq!(told, [&format!("telluser {error}")]);
    assert_eq!(
        e.exchange("variant shatranj"),
        ["Error (unsupported variant): shatranj"]
    );
    // An unusable file is refused with its reason; the set in force stays.
    let binary = dir.join("binary.ini");
    std::fs::write(&binary, b"version 4.8(w)\n\x00\x01").unwrap();
    let missing = dir.join("missing.ini");
    assert_eq!(
        e.exchange(&format!(
            "option IniFile={}\noption IniFile={}",
            missing.display(),
            binary.display()
        )),
        [
            format!(
                "telluser {}: cannot read fmax.ini: no such file or directory (os error 2)",
                missing.display()
            ),
            "Error (unusable ini file): option IniFile".to_string(),
            format!(
                "telluser {}:2: not a text file (control byte 0x00)",
                binary.display()
            ),
            "Error (unusable ini file): option IniFile".to_string(),
        ]
    );
    assert_eq!(
        e.exchange("variant makruk\nforce\nusermove e3e4"),
        Vec::<String>::new()
    );
    assert_eq!(
        e.exchange(&format!("option IniFile={}", ini.display())),
        [format!("telluser {error}")]
    );
    let good = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
    assert_eq!(
        e.exchange(&format!(
            "option IniFile={good}\nvariant shatranj\nforce\nusermove e2e3"
        )),
        Vec::<String>::new()
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_binary_reports_ini_errors_on_stderr_as_check_does_and_to_the_gui() {
    let (ini, error) = ini_with_broken_shatranj("stderr");
    let out = Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .args(["--ini", ini.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"xboard\nprotover 2\nping 1\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        [format!("nightrider: {error}")]
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.lines().any(|l| l == format!("telluser {error}")),
        "{stdout}"
    );
    let check = Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .args(["check", ini.to_str().unwrap()])
        .output()
        .unwrap();
    let check = String::from_utf8_lossy(&check.stdout);
    assert!(check.lines().any(|l| l == error), "{check}");
    std::fs::remove_dir_all(ini.parent().unwrap()).ok();
}

/// A drop game XBoard does not know is set up with holdings of the size
/// XBoard needs (one slot per kind of man in the piece table but the
/// king), or XBoard refuses every drop.
#[test]
fn engine_defined_drop_games_ask_for_holdings() {
    let mut e = Engine::new();
    let loop_chess = e.exchange("new\nvariant loop");
    assert!(
        loop_chess[0].starts_with("setup (PNBRQKpnbrqk) 8x8+5_crazyhouse rnbqkbnr/"),
        "{loop_chess:?}"
    );
    let janus = e.exchange("new\nvariant janusloop");
    assert!(
        janus[0].starts_with(
            "setup (PNBRQ..J.............Kpnbrq..j.............k) 10x8+6_crazyhouse rjnbkqbnjr/"
        ),
        "{janus:?}"
    );
    assert!(janus.contains(&"piece J& BN".to_string()), "{janus:?}");
    assert_eq!(
        e.exchange(
            "force\nusermove e2e4\nusermove d7d5\nusermove e4d5\nusermove e7e6\nusermove P@e3"
        ),
        Vec::<String>::new()
    );
    // White's one pawn in hand is gone again.
    assert_eq!(
        e.exchange("usermove a7a6\nusermove P@f3"),
        ["Illegal move: P@f3"]
    );
}

#[test]
fn holding_sets_the_hands_and_refuses_what_a_game_cannot_hold() {
    let mut e = Engine::new();
    assert_eq!(
        e.exchange("new\nvariant crazyhouse\nforce\nusermove e2e4\nusermove d7d5\nusermove e4d5"),
        Vec::<String>::new()
    );
    // The hands the engine has already: nothing changes, black has no knight.
    assert_eq!(
        e.exchange("holding [P] []\nusermove N@c6"),
        ["Illegal move: N@c6"]
    );
    // A bughouse partner's knight arrives; black may drop it, white a queen.
    assert_eq!(
        e.exchange("holding [PQ] [N] BN\nusermove N@c6\nusermove Q@a4"),
        Vec::<String>::new()
    );
    assert_eq!(
        e.exchange("holding [K] []\nholding [X] []\nholding [P"),
        [
            "Error (impossible holdings: bad FEN: holding 'K': a royal piece is never in hand): holding [K] []",
            "Error (impossible holdings: bad FEN: holding 'X' is no piece of crazyhouse): holding [X] []",
            "Error (bad holdings): holding [P",
        ]
    );
    // The game is as it was: white's pawn is still in hand, the queen gone.
    assert_eq!(
        e.exchange("usermove a7a6\nusermove Q@h5\nusermove P@e6"),
        ["Illegal move: Q@h5"]
    );
    assert_eq!(
        e.exchange("new\nvariant normal\nholding [] []"),
        ["Error (no men in hand in this game): holding [] []"]
    );
}
