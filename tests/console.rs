//! Console transcripts: the built binary with piped stdin (not a terminal,
//! and a first line other than `xboard`, so the console answers), exact
//! lines out. Each session runs in its own empty directory with `HOME`
//! pointing there, so no `.nightriderrc` of the user's leaks in. Searches
//! are depth-limited (`sd`), so no test depends on timing; where the engine
//! is free to choose, the transcript is checked against the `history` it
//! reports instead of a hard-coded move.

#[path = "support/session.rs"]
mod session;

use session::{scratch, session, session_in, INI};

/// The move after `Black(N): ` on `line`.
fn engine_move(line: &str, label: &str) -> String {
    line.strip_prefix(label)
        .unwrap_or_else(|| panic!("expected `{label}...`, got `{line}`"))
        .to_string()
}

#[test]
fn orthodox_moves_are_answered_and_taken_back() {
    let out = session(
        "orthodox",
        "sd 2\ne2e4\nhistory\na2a3\nhistory\nreset 2\nhistory\nback 2\nhistory\nreset 9\nquit\n",
    );
    let first = engine_move(&out[2], "Black(1): ");
    let second = engine_move(&out[6], "Black(2): ");
    let expected = [
        "White(1): sd 2".to_string(),
        "White(1): e2e4".into(),
        format!("Black(1): {first}"),
        "White(2): history".into(),
        format!("  1. e2e4 {first}"),
        "White(2): a2a3".into(),
        format!("Black(2): {second}"),
        "White(3): history".into(),
        format!("  1. e2e4 {first}"),
        format!("  2. a2a3 {second}"),
        "White(3): reset 2".into(),
        "White(2): history".into(),
        format!("  1. e2e4 {first}"),
        "White(2): back 2".into(),
        "White(1): history".into(),
        "no moves yet".into(),
        "White(1): reset 9".into(),
        "Error (no such move in the record): reset 9".into(),
        "White(1): quit".into(),
    ];
    assert_eq!(out, expected);
}

#[test]
fn capablanca_is_played_and_displayed_on_ten_files() {
    let out = session(
        "capablanca",
        "variant capablanca\nsd 2\nf2f4\nhistory\ndisplay\nquit\n",
    );
    assert_eq!(
        out[..3],
        [
            "White(1): variant capablanca",
            "White(1): sd 2",
            "White(1): f2f4"
        ]
    );
    let reply = engine_move(&out[3], "Black(1): ");
    assert_eq!(out[4], "White(2): history");
    assert_eq!(out[5], format!("  1. f2f4 {reply}"));
    assert_eq!(out[6], "White(2): display");
    assert_eq!(out[7], "    +---------------------+");
    assert_eq!(out[8].len(), out[7].len());
    assert_eq!(out[15], "  1 | R N A B Q K B C N R |");
    assert_eq!(out[17], "      a b c d e f g h i j");
    assert!(out[18].starts_with("White to move; FEN "), "{}", out[18]);
    // Move 2, White to move; the halfmove clock depends on the reply.
    assert!(
        out[18].contains(" w KQkq ") && out[18].ends_with(" 2"),
        "{}",
        out[18]
    );
    assert_eq!(out[19], "White(2): quit");
}

#[test]
fn the_engine_mates_when_told_to_move() {
    let out = session(
        "mate",
        "setboard 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1\nsd 3\ngo\nhistory\nquit\n",
    );
    assert_eq!(
        out,
        [
            "White(1): setboard 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
            "White(1): sd 3",
            "White(1): go",
            "White(1): b1b8",
            "1-0 {White mates}",
            "Black(1): history",
            "  1. b1b8",
            "Black(1): quit",
        ]
    );
}

#[test]
fn xiangqi_ranks_are_numbered_from_zero() {
    let out = session("xiangqi", "variant xiangqi\ndisplay\ne2e4\nquit\n");
    assert_eq!(out[3], "  9 | r n b a k a b n r |");
    assert_eq!(out[12], "  0 | R N B A K A B N R |");
    assert_eq!(out[17], "Illegal move: e2e4");
}

/// Crafty waits after `setboard`, whoever is to move: `go` makes the
/// engine move, or a move typed is answered.
#[test]
fn setboard_with_black_to_move_waits_for_go_or_a_move() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let input = format!(
        "sd 1\nsetboard {fen}\nhistory\ngo\nhistory\nsetboard {fen}\ne7e5\nhistory\nquit\n"
    );
    let out = session("setboard-black", &input);
    assert_eq!(
        out[..4],
        [
            "White(1): sd 1".to_string(),
            format!("White(1): setboard {fen}"),
            "Black(1): history".into(),
            "no moves yet".into()
        ]
    );
    assert_eq!(out[4], "Black(1): go");
    let reply = engine_move(&out[5], "Black(1): ");
    assert_eq!(out[6], "White(2): history");
    assert_eq!(out[7], format!("  1. ... {reply}"));
    assert_eq!(out[8], format!("White(2): setboard {fen}"));
    assert_eq!(out[9], "Black(1): e7e5");
    let answer = engine_move(&out[10], "White(2): ");
    assert_eq!(out[11], "Black(2): history");
    assert_eq!(out[12], format!("  1. ... e7e5"));
    assert_eq!(out[13], format!("  2. {answer}"));
    assert_eq!(out[14], "Black(2): quit");
}

#[test]
fn setboard_and_savepos_round_trip() {
    let dir = scratch("savepos");
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let input = format!("setboard {fen}\nsavepos saved.fen\nsetboard 8/8/8/8\nperft 2\nquit\n");
    let out = session_in(&dir, &[], &input);
    assert_eq!(
        out,
        [
            format!("White(1): setboard {fen}"),
            "White(1): savepos saved.fen".into(),
            format!("saved {fen} to saved.fen"),
            "White(1): setboard 8/8/8/8".into(),
            "Error (illegal position: FEN board has 4 ranks, not 8): 8/8/8/8".into(),
            "White(1): perft 2".into(),
            "Nodes: 2039".into(),
            "White(1): quit".into(),
        ]
    );
    let saved = std::fs::read_to_string(dir.join("saved.fen")).unwrap();
    assert_eq!(saved, format!("{fen}\n"));
    let out = session_in(&dir, &[], &format!("setboard {}\ndisplay\n", saved.trim()));
    assert_eq!(out.last().unwrap(), &format!("White to move; FEN {fen}"));
}

#[test]
fn edit_mode_sets_up_a_position() {
    let out = session("edit", "edit\n#\nKe1\nRa1\nc\nKe8\nQz9\n.\nperft 1\nquit\n");
    assert_eq!(
        out,
        [
            "White(1): edit",
            "edit: #",
            "edit: Ke1",
            "edit: Ra1",
            "edit: c",
            "edit: Ke8",
            "edit: Qz9",
            "Error (edit): expected #, c, . or a piece and square like Pe4: Qz9",
            "edit: .",
            "White(1): perft 1",
            "Nodes: 16",
            "White(1): quit",
        ]
    );
}

#[test]
fn perft_and_divide_count_the_current_variant() {
    let out = session(
        "perft",
        "perft 3\ndivide 1\nvariant capablanca\nperft 2\ndivide\nquit\n",
    );
    assert_eq!(out[..2], ["White(1): perft 3", "Nodes: 8902"]);
    assert_eq!(out[2], "White(1): divide 1");
    let rows = &out[3..23];
    assert!(rows.iter().all(|r| r.ends_with(": 1")), "{rows:?}");
    assert!(rows.contains(&"g1f3: 1".to_string()));
    assert_eq!(out[23], "Nodes: 20");
    assert_eq!(
        out[24..],
        [
            "White(1): variant capablanca",
            "White(1): perft 2",
            "Nodes: 784",
            "White(1): divide",
            "Error (depth 0..20 expected): divide DEPTH ",
            "White(1): quit",
        ]
    );
}

#[test]
fn check_lints_good_and_broken_files() {
    let dir = scratch("check");
    std::fs::write(dir.join("broken.ini"), "Game: broken\n8x8=x\n").unwrap();
    let out = session_in(&dir, &[], "check broken.ini\ncheck missing.ini\ncheck\n");
    assert_eq!(
        out[..8],
        [
            "White(1): check broken.ini",
            "checking broken.ini",
            "broken.ini:1: missing version line: expected `version 4.8(w)` as the first line, found `Game: broken`",
            "broken.ini:2: expected the board size WxH[=N], found `8x8=x`",
            "0 games, 2 errors",
            "White(1): check missing.ini",
            "missing.ini: cannot read fmax.ini: No such file or directory (os error 2)",
            "0 games, 1 errors",
        ]
    );
    assert_eq!(out[8], "White(1): check");
    assert_eq!(out[9], format!("checking {INI}"));
    assert!(out.last().unwrap().ends_with(" games, 0 errors"), "{out:?}");
}

#[test]
fn help_summary_keeps_a_sentence_with_an_abbreviation_whole() {
    let out = session("help-hash", "help\n");
    let hash = out.iter().find(|l| l.starts_with("  hash SIZE ")).unwrap();
    assert!(
        hash.ends_with("Sets the hash table size in bytes; K and M suffixes (e.g. 64M)"),
        "{hash}"
    );
}

#[test]
fn hashp_says_exactly_what_the_pawn_hash_is() {
    let out = session("hashp", "hashp 1M\nquit\n");
    assert_eq!(
        out,
        [
            "White(1): hashp 1M",
            "pawn hash: 1048576 bytes ignored; the pawn hash (orthodox chess) is fixed at 16384 entries, 640 KB, per search thread",
            "White(1): quit"
        ]
    );
}

#[test]
fn help_lists_every_command_and_explains_one() {
    let out = session("help", "help\nhelp back\nhelp bac\nhelp nothing\n");
    let count = nightrider::console::commands::COMMANDS.len();
    assert_eq!(out[0], "White(1): help");
    assert_eq!(
        out[1],
        "Moves are typed in coordinates (e2e4, e7e8q) or SAN (e4, Nf3, O-O). Commands:"
    );
    assert!(out[2].starts_with("  ?  "), "{}", out[2]);
    assert_eq!(
        out[count + 2],
        "Commands may be shortened to their first letters (`help CMD` says how far)."
    );
    assert!(
        out[count + 3].starts_with("Crafty's settc, time, LearningStrength, "),
        "{}",
        out[count + 3]
    );
    let out = [&out[..count + 3], &out[count + 4..]].concat();
    let back = [
        "usage: back [N]",
        "Takes back N plies (default 1).",
        "shortest form: bac",
    ];
    assert_eq!(out[count + 3], "White(1): help back");
    assert_eq!(out[count + 4..count + 7], back);
    assert_eq!(out[count + 7], "White(1): help bac");
    assert_eq!(out[count + 8..count + 11], back);
    assert_eq!(
        out[count + 11..],
        [
            "White(1): help nothing",
            "Error (no such command): help nothing"
        ]
    );
}

/// Every command `help` lists has its own `help CMD`, and every Crafty
/// command Nightrider lacks says what to use instead.
#[test]
fn help_explains_every_command_and_every_crafty_command_left_out() {
    use nightrider::console::commands::{COMMANDS, CRAFTY_ONLY};
    let mut input = String::new();
    for s in COMMANDS {
        input.push_str(&format!("help {}\n", s.name));
    }
    for (name, _) in CRAFTY_ONLY {
        input.push_str(&format!(
            "help {}\n",
            name.split_whitespace().next().unwrap()
        ));
    }
    let out = session("help-each", &input);
    let mut at = 0;
    for s in COMMANDS {
        assert_eq!(out[at], format!("White(1): help {}", s.name));
        assert_eq!(out[at + 1], format!("usage: {}", s.usage));
        assert_eq!(out[at + 2], s.help);
        assert!(
            out[at + 3].starts_with("shortest form: "),
            "{}",
            out[at + 3]
        );
        at += 4;
        // `time`: Nightrider's, then what Crafty's `time CPU` is here.
        if out[at].starts_with("Crafty's ") {
            at += 1;
        }
    }
    for (name, advice) in CRAFTY_ONLY {
        let word = name.split_whitespace().next().unwrap();
        assert_eq!(out[at], format!("White(1): help {word}"));
        if COMMANDS.iter().any(|s| s.name == word) {
            let nightrider = COMMANDS.iter().find(|s| s.name == word).unwrap();
            assert_eq!(out[at + 1], format!("usage: {}", nightrider.usage));
            assert_eq!(
                out[at + 4],
                format!("Crafty's {name}: not in Nightrider; {advice}")
            );
            at += 5;
        } else {
            assert_eq!(out[at + 1], format!("{name}: not in Nightrider; {advice}"));
            at += 2;
        }
    }
    assert_eq!(out.len(), at);
}

#[test]
fn crafty_command_forms_work_or_say_what_to_use_instead() {
    let input = "hash=16M\nsmpmt=1\nclock\nclock 4:30 2.5\nsearch Nf3\nsd 1\ngo\n\
                 ponder e7e5\ndisplay movenum\ndisplay nomovenum\ndisplay time\nsettc 10 5 5\n\
                 log on my.log\necho one\necho two\nlog 3\nquit\n";
    let out = session("crafty-forms", input);
    assert_eq!(
        out,
        [
            "White(1): hash=16M",
            "hash table: 16 MB",
            "White(1): smpmt=1",
            "White(1): clock",
            "clock: Nightrider 5:00",
            "White(1): clock 4:30 2.5",
            "clock: Nightrider 270:00, opponent 2:30",
            "White(1): search Nf3",
            "next search: g1f3 only",
            "White(1): sd 1",
            "White(1): go",
            "White(1): g1f3",
            "Black(1): ponder e7e5",
            "Error (expected on or off; the engine ponders on the move it expects): ponder e7e5",
            "Black(1): display movenum",
            "display stats off, changes off, moves on, san off",
            "Black(1): display nomovenum",
            "display stats off, changes off, moves off, san off",
            "Black(1): display time",
            "Error (display options are stats, changes, movenum, san; `display stats on` shows the time of each engine move): time",
            "Black(1): settc 10 5 5",
            "Error (not in Nightrider: use `level` for the time control and `clock` for the time left): settc 10 5 5",
            "Black(1): log on my.log",
            "logging to my.log",
            "Black(1): echo one",
            "one",
            "Black(1): echo two",
            "two",
            "Black(1): log 3",
            "Black(1): echo two",
            "two",
            "Black(1): log 3",
            "Black(1): quit",
        ]
    );
}

#[test]
fn bad_input_gets_one_line_and_the_console_goes_on() {
    let input =
        "bogus words\nres 3\nb\ne2e5\nsd x\nponder maybe\nhash lots\nlevel 1\ninput nofile\n\
                 variant nosuch\nsetboard\ncores 0\nst -\n\u{1}\u{ff}garbage\necho still here\n";
    let out = session("bad", input);
    assert_eq!(
        out,
        [
            "White(1): bogus words",
            "Error (unknown command): bogus words",
            "White(1): res 3",
            "Error (ambiguous command, could be reset, resign): res 3",
            "White(1): b",
            "Error (unknown command): b",
            "White(1): e2e5",
            "Illegal move: e2e5",
            "White(1): sd x",
            "Error (bad depth): x",
            "White(1): ponder maybe",
            "Error (expected on or off; the engine ponders on the move it expects): ponder maybe",
            "White(1): hash lots",
            "Error (bad size, e.g. 64M or 512K): lots",
            "White(1): level 1",
            "Error (missing argument): usage: level MOVES MINUTES INCREMENT",
            "White(1): input nofile",
            "Error: nofile: No such file or directory (os error 2)",
            "White(1): variant nosuch",
            "Error (unknown variant, `variant` lists them): nosuch",
            "White(1): setboard",
            "Error (missing argument): usage: setboard FEN",
            "White(1): cores 0",
            "Error (bad thread count): 0",
            "White(1): st -",
            "Error ('-' is not a number of seconds): st -",
            "White(1): \\x01ÿgarbage",
            "Error (unknown command): \\x01ÿgarbage",
            "White(1): echo still here",
            "still here",
        ]
    );
}

#[test]
fn control_bytes_of_the_input_are_escaped_when_echoed() {
    let out = session(
        "control-bytes",
        "nul\u{0}here\u{1b}[2J\u{7f}\nsd 1\u{7}\necho done\n",
    );
    assert_eq!(
        out,
        [
            "White(1): nul\\x00here\\x1b[2J\\x7f",
            "Error (unknown command): nul\\x00here\\x1b[2J\\x7f",
            "White(1): sd 1\\x07",
            "Error (bad depth): 1\\x07",
            "White(1): echo done",
            "done",
        ]
    );
}

#[test]
fn start_up_file_and_arguments_run_before_stdin() {
    let dir = scratch("startup");
    std::fs::write(dir.join(".nightriderrc"), "echo from rc\nsd 1\n").unwrap();
    std::fs::write(dir.join("more.txt"), "echo from input\nhelp nothing\n").unwrap();
    let out = session_in(
        &dir,
        &["echo from arguments", "input more.txt"],
        "echo from stdin\n",
    );
    assert_eq!(
        out,
        [
            "from rc",
            "from arguments",
            "from input",
            "Error (no such command): help nothing",
            "White(1): echo from stdin",
            "from stdin",
        ]
    );
}

#[test]
fn exit_ends_a_command_file_not_the_program() {
    let dir = scratch("rc-exit");
    // Crafty's .craftyrc ends in `exit`; what follows it is not read.
    std::fs::write(
        dir.join(".nightriderrc"),
        "echo from rc\nexit\necho after exit\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("outer.txt"),
        "echo outer\ninput inner.txt\necho outer again\nexit\necho never\n",
    )
    .unwrap();
    std::fs::write(dir.join("inner.txt"), "echo inner\nexit\necho never\n").unwrap();
    let out = session_in(
        &dir,
        &[],
        "echo from stdin\ninput outer.txt\necho still here\nexit\necho gone\n",
    );
    assert_eq!(
        out,
        [
            "from rc",
            "White(1): echo from stdin",
            "from stdin",
            "White(1): input outer.txt",
            "outer",
            "inner",
            "outer again",
            "White(1): echo still here",
            "still here",
            "White(1): exit",
        ]
    );
}

#[test]
fn log_copies_the_session_to_a_file() {
    let dir = scratch("log");
    let out = session_in(
        &dir,
        &[],
        "log on game.log\necho kept\nlog off\necho not kept\n",
    );
    assert_eq!(out[1], "logging to game.log");
    let log = std::fs::read_to_string(dir.join("game.log")).unwrap();
    assert_eq!(
        log,
        "logging to game.log\nWhite(1): echo kept\nkept\nWhite(1): log off\n"
    );
}

/// Whether `line` is a thinking line (`depth time score nodes pv`).
fn is_thinking(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|w| w.parse::<u32>().is_ok())
}

#[test]
fn analysis_follows_the_moves_typed_and_exit_returns_to_play() {
    let out = session(
        "analyze",
        "analyze\ne2e4\ne7e5\nback\nexit\nhistory\nsd 1\nd2d4\nquit\n",
    );
    // Whether a thinking line is printed before the next typed line depends
    // on timing (the analysis restarts at every move), so only the rest is
    // compared; tests/xboard.rs checks analysis output with waits.
    let rest: Vec<&String> = out.iter().filter(|l| !is_thinking(l)).collect();
    assert_eq!(
        rest[..8],
        [
            "White(1): analyze",
            "analyze White(1): e2e4",
            "analyze Black(1): e7e5",
            "analyze White(2): back",
            "analyze Black(1): exit",
            "Black(1): history",
            "  1. e2e4",
            "Black(1): sd 1",
        ]
    );
    // After `exit` the engine plays again: Black, the side not to move.
    assert_eq!(rest[8], "Black(1): d2d4");
    assert_eq!(rest[9], "Illegal move: d2d4");
}

#[test]
fn a_node_budget_makes_play_repeatable_and_survives_new() {
    let out = session("nodes", "sn 2000\npost\ne2e4\nnew\ne2e4\nquit\n");
    // Thinking lines without their time column.
    let searches: Vec<Vec<String>> = out
        .split(|l| l.ends_with("e2e4"))
        .skip(1)
        .map(|part| {
            part.iter()
                .map(|l| {
                    let mut words: Vec<&str> = l.split_whitespace().collect();
                    if is_thinking(l) {
                        words.remove(1);
                    }
                    words.join(" ")
                })
                .collect()
        })
        .collect();
    assert_eq!(searches.len(), 2, "{out:?}");
    assert!(searches[0].len() > 2, "{out:?}");
    assert_eq!(
        searches[0][..searches[0].len() - 1],
        searches[1][..searches[1].len() - 1]
    );
    assert!(searches[0].iter().any(|l| l.starts_with("Black(1): ")));
}

#[test]
fn score_shows_the_static_evaluation_for_white() {
    let out = session(
        "score",
        "setboard 4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1\nscore\nsetboard 4K3/8/8/8/8/8/8/qqqqk3 w - - 0 1\nscore\n",
    );
    let pawns = |line: &str| -> f64 {
        line.strip_prefix("static evaluation: ")
            .and_then(|rest| rest.strip_suffix(" (for White)"))
            .unwrap_or_else(|| panic!("{line}"))
            .parse()
            .unwrap()
    };
    let totals: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("static evaluation: "))
        .collect();
    assert_eq!(totals.len(), 2, "{out:?}");
    assert!(pawns(totals[0]) > 20.0, "{out:?}");
    assert!(pawns(totals[1]) < -20.0, "{out:?}");
}

#[test]
fn score_breaks_the_orthodox_evaluation_into_terms_that_add_up() {
    // After 1. e4 and the engine's reply, White to move.
    let out = session("scoreterms", "e2e4\nscore\n");
    let start = out.iter().position(|l| l.ends_with("score")).unwrap() + 1;
    let names: Vec<&str> = out[start..]
        .iter()
        .take_while(|l| l.starts_with("  "))
        .map(|l| l[2..26].trim_end())
        .collect();
    assert_eq!(
        names,
        [
            "material",
            "piece squares",
            "mobility",
            "passed pawns",
            "pawn structure",
            "rooks, bishops, outposts",
            "king safety",
            "threats and tempo",
            "endgame rules, rounding",
            "network"
        ],
        "{out:?}"
    );
    let value = |l: &str| -> i64 {
        let text = l.split_whitespace().last().unwrap().replace('.', "");
        text.parse().unwrap()
    };
    let sum: i64 = out[start..start + names.len()]
        .iter()
        .map(|l| value(l))
        .sum();
    let total = &out[start + names.len()];
    assert!(total.starts_with("static evaluation: "), "{out:?}");
    assert_eq!(
        sum,
        value(total.trim_end_matches(" (for White)")),
        "{out:?}"
    );
    // Equal material after one pawn move.
    assert_eq!(value(&out[start]), 0, "{out:?}");
}

#[test]
fn score_breaks_the_general_evaluation_into_terms_that_add_up() {
    // Shatranj, White to move and a rook up; shatranj plays a network, whose
    // correction is the last term.
    let out = session(
        "scoregeneral",
        "variant shatranj\nsetboard 8/8/3k4/8/8/8/4R3/4K3 w - - 0 1\nscore\n",
    );
    let start = out.iter().position(|l| l.ends_with("score")).unwrap() + 1;
    let terms: Vec<(&str, i64)> = out[start..]
        .iter()
        .take_while(|l| l.starts_with("  "))
        .map(|l| {
            let value = l.split_whitespace().last().unwrap().replace('.', "");
            (l[2..26].trim_end(), value.parse().unwrap())
        })
        .collect();
    let names: Vec<&str> = terms.iter().map(|t| t.0).collect();
    assert_eq!(
        names,
        [
            "material",
            "piece mobility",
            "board mobility",
            "threats",
            "piece kinds",
            "royal placement",
            "pawns",
            "royal safety",
            "endgame",
            "drawish scaling",
            "tempo",
            "network"
        ],
        "{out:?}"
    );
    assert!(terms[0].1 > 400, "{out:?}");
    // The tempo belongs to the side to move.
    assert_eq!(terms[10].1, 10, "{out:?}");
    let total = out[start + terms.len()]
        .strip_prefix("static evaluation: ")
        .and_then(|t| t.strip_suffix(" (for White)"))
        .unwrap()
        .replace('.', "");
    let sum: i64 = terms.iter().map(|t| t.1).sum();
    assert_eq!(sum, total.parse::<i64>().unwrap(), "{out:?}");
}

#[test]
fn a_mate_by_the_user_ends_the_game_and_input_files_cannot_loop() {
    let dir = scratch("usermate");
    std::fs::write(dir.join("self.txt"), "input self.txt\n").unwrap();
    let out = session_in(
        &dir,
        &[],
        "input self.txt\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\na1a8\ne2e4\n",
    );
    assert_eq!(
        out,
        [
            "White(1): input self.txt",
            "Error: input files nest deeper than 8",
            "White(1): setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "White(1): a1a8",
            "1-0 {White mates}",
            "Black(1): e2e4",
            "Illegal move: e2e4",
        ]
    );
}

#[test]
fn moves_may_be_typed_in_san() {
    let out = session("san", "sd 1\ne4\nNf3\nhistory\nquit\n");
    let first = engine_move(&out[2], "Black(1): ");
    let second = engine_move(&out[4], "Black(2): ");
    assert_eq!(
        out,
        [
            "White(1): sd 1".to_string(),
            "White(1): e4".into(),
            format!("Black(1): {first}"),
            "White(2): Nf3".into(),
            format!("Black(2): {second}"),
            "White(3): history".into(),
            format!("  1. e2e4 {first}"),
            format!("  2. g1f3 {second}"),
            "White(3): quit".into(),
        ]
    );
}

/// `moves` (coordinates) from the orthodox start in SAN, by the library.
fn san_of(moves: &[&str]) -> Vec<String> {
    use nightrider::bitboard::BitboardPos;
    use nightrider::position::Position;
    let mut pos = BitboardPos::startpos();
    moves
        .iter()
        .map(|text| {
            let m = pos.parse_move(text).unwrap();
            let san = nightrider::notation::to_san(&mut pos, m);
            pos.make(m);
            san
        })
        .collect()
}

#[test]
fn display_san_shows_the_engine_s_move_hint_and_history_in_san() {
    let out = session(
        "san",
        "display san on\nsd 3\ne4\nhint\nhistory\ndisplay san off\nhint\nhistory\nquit\n",
    );
    assert_eq!(out[0], "White(1): display san on");
    assert_eq!(out[1], "display stats off, changes off, moves off, san on");
    assert_eq!(out[3], "White(1): e4");
    let reply_san = engine_move(&out[4], "Black(1): ");
    let hint_san = out[6].strip_prefix("Hint: ").unwrap().to_string();
    assert_eq!(out[8], format!("  1. e4 {reply_san}"));
    assert_eq!(
        out[10],
        "display stats off, changes off, moves off, san off"
    );
    let hint = out[12].strip_prefix("Hint: ").unwrap();
    let coordinates = out[14].strip_prefix("  1. e2e4 ").unwrap();
    // The SAN shown is the library's SAN of the moves the engine reports.
    let san = san_of(&["e2e4", coordinates, hint]);
    assert_eq!(san[1], reply_san);
    assert_eq!(san[2], hint_san);
    assert_ne!(hint, hint_san, "hint {hint} was not in coordinates");
}

#[test]
fn thinking_lines_and_moves_are_in_san_on_the_mailbox_board_too() {
    for (variant, fen, mate) in [
        ("normal", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "Ra8#"),
        ("capablanca", "9k/8pp/10/10/10/10/8PP/C8K w - - 0 1", "Ca8#"),
        ("xiangqi", "4k4/8R/9/9/9/9/9/9/9/R2K5 w - - 0 1", "Ra9#"),
    ] {
        let input = format!(
            "variant {variant}\ndisplay san on\nsetboard {fen}\nsd 2\npost\ndisplay moves on\ngo\nquit\n"
        );
        let out = session(&format!("san-{variant}"), &input);
        let go = out.iter().position(|l| l == "White(1): go").unwrap();
        let moved = format!("White(1): {mate}");
        let played = out.iter().position(|l| *l == moved);
        let played = played.unwrap_or_else(|| panic!("{variant}: no {mate} in {out:?}"));
        let thinking = &out[go + 1..played];
        assert!(!thinking.is_empty(), "{variant}: {out:?}");
        for line in thinking {
            assert!(
                line.ends_with(&format!("  1. {mate}")),
                "{variant}: {out:?}"
            );
        }
    }
}

#[test]
fn scripts_get_coordinates_unless_they_ask_for_san() {
    let out = session(
        "coordinates",
        "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\nsd 1\npost\ngo\nquit\n",
    );
    assert!(out[4].ends_with("  a1a8"), "{out:?}");
    assert_eq!(out[5], "White(1): a1a8");
}

#[test]
fn draw_offers_are_declined_after_draw_decline() {
    let out = session(
        "draw-decline",
        "draw decline\ndraw\ndraw accept\ndraw offer\ndraw sometimes\nquit\n",
    );
    assert_eq!(
        out,
        [
            "White(1): draw decline",
            "decline draw offers",
            "White(1): draw",
            "Draw declined",
            "White(1): draw accept",
            "accept draw offers the engine judges fair",
            "White(1): draw offer",
            "Error (not in Nightrider: the engine offers a draw only where the rules draw the game and it may not claim it; `drawscore` sets what a draw is worth): draw offer",
            "White(1): draw sometimes",
            "Error (usage: draw [accept|decline]): draw sometimes",
            "White(1): quit",
        ]
    );
}
