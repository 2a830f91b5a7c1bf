//! `nightrider tune label`: training positions labelled with a UCI engine's
//! scores, the engine being the nightrider binary itself (run from the
//! repository's root, where it finds fmax.ini).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_nightrider");

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White a queen up, Black to move.
const WHITE_UP: &str = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1";
/// Black a queen up, Black to move.
const BLACK_UP: &str = "3qk3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1";
/// Black a queen up, White to move.
const BLACK_UP_WHITE_TO_MOVE: &str = "3qk3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1";

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nightrider-label-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `nightrider tune label IN OUT --engine ENGINE --nodes 2000 EXTRA...`.
fn label(input: &Path, out: &Path, engine: &str, extra: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tune", "label"])
        .arg(input)
        .arg(out)
        .args(["--engine", engine, "--nodes", "2000"])
        .args(extra)
        .output()
        .unwrap()
}

/// The label of `line`, which must be `FEN [p]` with p from 0 to 1 written
/// with four decimals.
fn label_of(line: &str, fen: &str) -> f64 {
    let p = line
        .strip_prefix(fen)
        .and_then(|rest| rest.strip_prefix(" ["))
        .and_then(|rest| rest.strip_suffix(']'))
        .unwrap_or_else(|| panic!("'{line}' is not '{fen} [p]'"));
    assert!(
        p.len() == 6 && p.as_bytes()[1] == b'.',
        "not 4 decimals: {line}"
    );
    let p: f64 = p.parse().unwrap();
    assert!((0.0..=1.0).contains(&p), "{line}");
    p
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn positions_get_whites_expected_score_in_input_order() {
    let dir = scratch("order");
    let (input, out) = (dir.join("in.epd"), dir.join("out.epd"));
    std::fs::write(
        &input,
        format!(
            "{START} 1/2-1/2\n{WHITE_UP} 1-0\n# game 0 1-0 12 plies\nnot a position 1-0\n\
             {BLACK_UP} 0-1\n{BLACK_UP_WHITE_TO_MOVE} 0-1\n"
        ),
    )
    .unwrap();
    let run = label(&input, &out, BIN, &["--threads", "2"]);
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{stdout}{}", text(&run.stderr));
    assert!(
        stdout.contains("4 positions labelled (4 in all)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("lines skipped as unreadable: 1 (the first: line 4: "),
        "{stdout}"
    );
    let written = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines.len(), 5, "{written}");
    let even = label_of(lines[0], START);
    assert!(0.2 < even && even < 0.8, "{written}");
    assert!(label_of(lines[1], WHITE_UP) > 0.9, "{written}");
    assert_eq!(lines[2], "# game 0 1-0 12 plies");
    assert!(label_of(lines[3], BLACK_UP) < 0.1, "{written}");
    assert!(
        label_of(lines[4], BLACK_UP_WHITE_TO_MOVE) < 0.1,
        "{written}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_second_run_goes_on_after_the_labelled_lines() {
    let dir = scratch("resume");
    let (input, out) = (dir.join("in.epd"), dir.join("out.epd"));
    let fens = [START, WHITE_UP, BLACK_UP, BLACK_UP_WHITE_TO_MOVE];
    let lines: String = fens.iter().map(|f| format!("{f} 1/2-1/2\n")).collect();
    std::fs::write(&input, lines).unwrap();
    // Labels no search would give, to see they are kept as they are.
    let before = format!("{START} [0.1234]\n{WHITE_UP} [0.4321]\n");
    std::fs::write(&out, &before).unwrap();
    let run = label(&input, &out, BIN, &[]);
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{stdout}{}", text(&run.stderr));
    assert!(
        stdout.contains("2 of 4 positions already labelled; continuing at position 3"),
        "{stdout}"
    );
    assert!(
        stdout.contains("2 positions labelled (4 in all)"),
        "{stdout}"
    );
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.starts_with(&before), "{written}");
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines.len(), 4, "{written}");
    assert!(label_of(lines[2], BLACK_UP) < 0.1, "{written}");
    assert!(
        label_of(lines[3], BLACK_UP_WHITE_TO_MOVE) < 0.1,
        "{written}"
    );

    let again = label(&input, &out, BIN, &[]);
    assert!(again.status.success());
    assert!(text(&again.stdout).contains("all 4 positions already labelled"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), written);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_that_fails_gives_one_line_naming_it() {
    let dir = scratch("missing");
    let (input, out) = (dir.join("in.epd"), dir.join("out.epd"));
    std::fs::write(&input, format!("{START} 1/2-1/2\n")).unwrap();
    for (engine, what) in [
        (
            "/nonexistent/engine",
            "engine /nonexistent/engine: cannot start it: ",
        ),
        ("true", "engine true"),
    ] {
        let run = label(&input, &out, engine, &[]);
        let stderr = text(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{stderr}");
        assert!(
            lines[0].starts_with(&format!("tune label: {what}")),
            "{stderr}"
        );
        assert!(!out.exists(), "nothing to write, no file");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_variant_is_set_before_its_positions_are_searched() {
    let dir = scratch("variant");
    let (input, out) = (dir.join("in.epd"), dir.join("out.epd"));
    let start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
    // White without its chancellor.
    let down = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKB1NR w KQkq - 0 1";
    std::fs::write(&input, format!("{start} 1/2-1/2\n{down} 0-1\n")).unwrap();
    let run = label(&input, &out, BIN, &["--variant", "capablanca"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let written = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines.len(), 2, "{written}");
    let even = label_of(lines[0], start);
    assert!(0.2 < even && even < 0.8, "{written}");
    assert!(label_of(lines[1], down) < 0.1, "{written}");

    let run = label(
        &input,
        &dir.join("none.epd"),
        BIN,
        &["--variant", "no-such-game"],
    );
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("its UCI_Variant option does not offer 'no-such-game'"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
