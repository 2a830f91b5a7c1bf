//! The command line of the built binary: every subcommand's `--help` comes
//! from the parser, a flag no command knows is refused with the parser's
//! error and status 2 (never a panic), and the spellings the README, the
//! docs and the scripts use still run, with their output as before: flags
//! after positional arguments, a FEN as one argument, the console's words
//! as arguments, the first input line choosing the front end.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_nightrider");
const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// Runs the binary from the repository's root with `args` and `input` on
/// stdin.
fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(REPO)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // A command that does not read its input may have exited already.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The stdout lines of a run that must succeed, without the lines that
/// time it.
fn lines(args: &[&str]) -> Vec<String> {
    let out = run(args, "");
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
        .lines()
        .filter(|l| !l.starts_with("Time: ") && !l.starts_with("time ") && !l.starts_with("nps "))
        .map(str::to_string)
        .collect()
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nightrider-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every command and subcommand of the command line.
const COMMANDS: &[&[&str]] = &[
    &[],
    &["check"],
    &["perft"],
    &["perftsuite"],
    &["bbperft"],
    &["bench"],
    &["book"],
    &["book", "create"],
    &["book", "show"],
    &["books"],
    &["books", "create"],
    &["tune"],
    &["tune", "gen"],
    &["tune", "games"],
    &["tune", "label"],
    &["tune", "spsa"],
    &["net"],
    &["net", "gen"],
    &["net", "train"],
    &["net", "loss"],
    &["install"],
    &["uninstall"],
];

#[test]
fn every_command_answers_help_with_its_generated_usage() {
    for command in COMMANDS {
        for help in ["--help", "-h"] {
            let args = [command, &[help][..]].concat();
            let out = run(&args, "");
            let text = stdout(&out);
            assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
            let usage = ["nightrider"]
                .iter()
                .chain(command.iter())
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                text.contains(&format!("Usage: {usage}")),
                "{args:?}: {text}"
            );
            assert!(text.contains("-h, --help"), "{args:?}: {text}");
        }
    }
    let top = stdout(&run(&["--help"], ""));
    for word in [
        "check", "perft", "tune", "--ini", "--board", "--tune", "COMMAND", "uci",
    ] {
        assert!(top.contains(word), "{word}: {top}");
    }
}

#[test]
fn an_unknown_flag_is_refused_by_the_parser_with_status_2() {
    for command in COMMANDS {
        let args = [command, &["--colour", "white"][..]].concat();
        let out = run(&args, "");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("error: unexpected argument '--colour' found"),
            "{args:?}: {err}"
        );
        assert!(err.contains("Usage: nightrider"), "{args:?}: {err}");
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn bad_arguments_are_refused_without_a_panic() {
    for args in [
        &["perft", "--depth"][..],
        &["perft", "--depth", "-1"],
        &["perft", "--depth", "21"],
        &["perft", "--depth", "x"],
        &["perft", "--variant", "normal"],
        &["perft", "--depth", "1", "--board", "bitboard"],
        &["perft", "--depth", "1", "stray"],
        &["perftsuite"],
        &["bbperft", "startpos"],
        &["bbperft", "startpos", "99"],
        &["bench", "x"],
        &["bench", "1", "2"],
        &["book"],
        &["book", "burn"],
        &["book", "create", "x.pgn"],
        &["book", "create", "x.pgn", "8", "2", "101"],
        &["books", "show", "x.nbk"],
        &["tune", "--variant", "janus", "--shared", "janus=x"],
        &["tune", "x.epd", "--sample", "9"],
        &["tune", "gen", "out.epd"],
        &["tune", "gen", "out.epd", "lots"],
        &["tune", "label", "in", "out"],
        &[
            "tune",
            "label",
            "in",
            "out",
            "--engine",
            "e",
            "--threads",
            "0",
        ],
        &["tune", "spsa", "state"],
        &["net"],
        &["net", "train", "--out", "x.nrn"],
        &["net", "loss", "x", "--net", "a", "--no-net"],
        &["install", "--prefix"],
        &["uninstall", "--ini", "fmax.ini"],
        &["--board"],
        &["--board", "bitboard"],
        &["--ini"],
        &["-x"],
    ] {
        let out = run(args, "");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        // An error, or the help of a command given no subcommand.
        assert!(
            err.starts_with("error: ") || err.contains("\nUsage: nightrider"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // What the parser accepts but the command refuses is one line of its own.
    for (args, says) in [
        (
            &["check", "a.ini", "--ini", "b.ini"][..],
            "check: give the file only once",
        ),
        (&["bbperft", "8/8/8/8", "1"], "bad FEN: "),
        (
            &["tune", "a.epd", "b.epd"],
            "tune: one training file, not 2",
        ),
    ] {
        let out = run(args, "");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_version_is_the_packages() {
    let out = run(&["--version"], "");
    assert_eq!(
        stdout(&out),
        format!("Nightrider {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn perft_spellings_count_as_before() {
    let want = |nodes: &str| vec![format!("Nodes: {nodes}")];
    assert_eq!(
        lines(&["perft", "--variant", "normal", "--depth", "3"]),
        want("8902")
    );
    // Options in any order; `general` is the mailbox's other name.
    assert_eq!(
        lines(&[
            "perft",
            "--depth",
            "3",
            "--board",
            "general",
            "--variant",
            "normal"
        ]),
        want("8902")
    );
    assert_eq!(
        lines(&[
            "perft",
            "--ini",
            "fmax.ini",
            "--variant",
            "capablanca",
            "--depth",
            "2"
        ]),
        want("784")
    );
    let divided = lines(&[
        "perft",
        "--variant",
        "spartan",
        "--fen",
        "lgkccB1l/1h2w1h1/1h6/8/3PP3/1P1N3B/1hPKPQ1P/1Rc3NR b - - 1 20",
        "--depth",
        "1",
        "--divide",
    ]);
    assert!(divided.contains(&"b2b1k: 1".to_string()), "{divided:?}");
    assert_eq!(divided.last().map(String::as_str), Some("Nodes: 5"));
    assert_eq!(lines(&["bbperft", "startpos", "3"]), ["nodes 8902"]);
    assert_eq!(
        lines(&[
            "bbperft",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "2",
            "--ini",
            "fmax.ini",
        ]),
        ["nodes 2039"]
    );
    assert_eq!(lines(&["bbperft", "startpos", "2", "--960"]), ["nodes 400"]);
}

#[test]
fn a_suite_runs_with_its_options_after_the_file() {
    let dir = scratch("suite");
    let suite = dir.join("suite.tsv");
    std::fs::write(
        &suite,
        "variant\tfen\tdepth\tnodes\n\
         normal\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t2\t400\n\
         normal\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\t4\t197281\n",
    )
    .unwrap();
    let said = lines(&[
        "perftsuite",
        suite.to_str().unwrap(),
        "--max-nodes",
        "1000",
        "--board",
        "mailbox",
    ]);
    assert_eq!(
        said.last().map(String::as_str),
        Some("1 passed, 0 failed, 1 skipped")
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn check_spellings_lint_the_same_file() {
    let plain = lines(&["check", "fmax.ini"]);
    assert!(
        plain[0].starts_with("checking fmax.ini (overlays: "),
        "{plain:?}"
    );
    assert!(
        plain
            .last()
            .is_some_and(|l| l.starts_with("78 games, 0 errors")),
        "{plain:?}"
    );
    assert_eq!(lines(&["check", "--ini", "fmax.ini"]), plain);
    assert_eq!(lines(&["check", "--ini=fmax.ini"]), plain);
    let values = lines(&["check", "--values", "fmax.ini"]);
    assert!(values.iter().any(|l| l == "game normal:"), "{values:?}");
    assert_eq!(values.last(), plain.last());
}

#[test]
fn book_spellings_write_and_show_a_book() {
    let dir = scratch("book");
    let books = dir.join("books");
    let books = books.to_str().unwrap();
    let pgn = "tests/data/book/small-openings.pgn";
    let written = lines(&["book", "create", pgn, "8", "--dir", books]);
    let book = format!("{books}/normal.nbk");
    assert_eq!(
        written,
        [format!("{book}: 5 games, 18 positions (bitboard)")]
    );
    // The options may come first too.
    assert_eq!(
        lines(&["book", "--dir", books, "create", pgn, "8"]),
        written
    );
    let shown = lines(&["book", "show", &book]);
    assert_eq!(
        shown,
        [
            "move      games  won  drawn lost  score  learn  weight  prob",
            "e4            3    2      1    0    83%      0   2.000   61%",
            "d4            2    1      0    1    50%      0   1.267   39%",
        ]
    );
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let fields: Vec<&str> = after_e4.split(' ').collect();
    let one = lines(&["book", "show", &book, after_e4]);
    assert_eq!(
        lines(&[&["book", "show", &book][..], &fields].concat()),
        one
    );
    assert!(one.len() > 1, "{one:?}");
    let repertoire = lines(&["books", "create", pgn, "--dir", books]);
    assert_eq!(repertoire.len(), 1, "{repertoire:?}");
    assert!(repertoire[0].starts_with(&format!("{books}/normal.rep.nbk: ")));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_consoles_words_as_arguments_start_the_console() {
    let out = run(&["variant capablanca", "sd 2", "go", "display", "quit"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("a b c d e f g h i j"), "{text}");
    assert!(text.contains("\nBlack to move; FEN rnabqkbcnr/"), "{text}");
    // Engine options may stand among the words; a word that names a tool
    // is the console's once an engine word came first.
    let out = run(
        &["--ini", "fmax.ini", "perft 2", "--board", "mailbox", "quit"],
        "",
    );
    let text = stdout(&out);
    assert!(text.contains("Nodes: 400"), "{text}");
    assert!(text.contains("mailbox board"), "{text}");
    let out = run(&["--ini", "fmax.ini", "help"], "");
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!text.contains("Usage: nightrider"), "{text}");
}

#[test]
fn the_first_input_line_chooses_the_front_end() {
    let uci = stdout(&run(
        &["--ini", "fmax.ini"],
        "uci\nposition startpos\ngo perft 2\nquit\n",
    ));
    assert!(uci.starts_with("id name Nightrider"), "{uci}");
    assert!(uci.contains("Nodes searched: 400"), "{uci}");
    let xboard = stdout(&run(&["--board", "mailbox"], "xboard\nprotover 2\nquit\n"));
    assert!(xboard.contains("feature myname=\"Nightrider "), "{xboard}");
    let console = stdout(&run(&["sd 1"], "perft 1\nquit\n"));
    assert!(console.contains("Nodes: 20"), "{console}");
}

#[test]
fn spsa_takes_cutechess_arguments_after_two_dashes() {
    let dir = scratch("spsa");
    let fake = dir.join("cutechess");
    std::fs::write(
        &fake,
        format!(
            "#!/bin/sh\necho \"$@\" > '{}'\necho 'Score of up vs down: 1 - 0 - 1'\n",
            dir.join("args").display()
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let state = dir.join("state");
    let args = [
        "tune",
        "spsa",
        state.to_str().unwrap(),
        "--cutechess",
        fake.to_str().unwrap(),
        "--engine",
        "/bin/engine",
        "--params",
        "rfp_margin",
        "--iterations",
        "1",
        "--pairs",
        "1",
        "--",
        "-each",
        "tc=1+0.01",
        "--not-ours",
    ];
    let out = run(&args, "");
    assert!(out.status.success(), "{}", stderr(&out));
    let passed = std::fs::read_to_string(dir.join("args")).unwrap();
    assert!(
        passed.trim_end().ends_with(" -each tc=1+0.01 --not-ours"),
        "{passed}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_uninstall_without_a_manifest_is_one_line() {
    let dir = scratch("uninstall");
    let prefix = dir.join("prefix");
    let out = run(&["uninstall", "--prefix", prefix.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.starts_with("uninstall: no install manifest at "),
        "{err}"
    );
    assert!(!Path::new(&prefix).exists());
    std::fs::remove_dir_all(&dir).ok();
}
