//! `nightrider tune spsa` driving a scripted stand-in for cutechess-cli:
//! the arguments each iteration passes, the state it writes, resuming,
//! and the one-line errors. (`--tune` reaching the search is checked by
//! `tune_arguments_change_the_search` below with the real binary.)

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_nightrider");

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nightrider-spsa-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A stand-in for cutechess-cli that appends its arguments to `calls` and
/// prints `output`.
fn fake_cutechess(dir: &Path, output: &str) -> PathBuf {
    let path = dir.join("cutechess");
    let calls = dir.join("calls");
    let script = format!(
        "#!/bin/sh\necho \"$@\" >> '{}'\nprintf '%s\\n' '{output}'\n",
        calls.display()
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn spsa(state: &Path, cutechess: &Path, extra: &[&str]) -> Output {
    Command::new(BIN)
        .args(["tune", "spsa"])
        .arg(state)
        .arg("--cutechess")
        .arg(cutechess)
        .args([
            "--engine",
            "/bin/engine",
            "--params",
            "rfp_margin,lmr_divisor",
        ])
        .args(extra)
        .args(["--", "-each", "tc=1+0.01"])
        .output()
        .unwrap()
}

fn calls(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("calls"))
        .unwrap_or_default()
        .lines()
        .map(String::from)
        .collect()
}

fn state_line<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(key))
        .unwrap_or_else(|| panic!("no {key} in {text}"))
}

#[test]
fn each_iteration_plays_two_perturbed_copies_and_the_state_resumes() {
    let dir = scratch("run");
    let cutechess = fake_cutechess(&dir, "Score of up vs down: 2 - 0 - 0  [1.000] 2");
    let state = dir.join("state");
    let out = spsa(&state, &cutechess, &["--iterations", "3", "--pairs", "1"]);
    assert!(out.status.success(), "{out:?}");
    let calls_made = calls(&dir);
    assert_eq!(calls_made.len(), 3);
    for call in &calls_made {
        let words: Vec<&str> = call.split(' ').collect();
        assert_eq!(
            &words[..3],
            ["-engine", "name=up", "cmd=/bin/engine"],
            "{call}"
        );
        assert_eq!(words[3], "arg=--tune");
        assert!(words[4].starts_with("arg=rfp_margin="), "{call}");
        assert_eq!(words[5], "arg=--tune");
        assert!(words[6].starts_with("arg=lmr_divisor="), "{call}");
        assert_eq!(&words[7..10], ["-engine", "name=down", "cmd=/bin/engine"]);
        assert!(call.contains(" -games 2 -rounds 1 -repeat -concurrency 2 -srand "));
        assert!(call.ends_with(" -each tc=1+0.01"), "{call}");
        // The copies differ by twice the perturbation, in opposite directions.
        let up: i32 = words[4].rsplit('=').next().unwrap().parse().unwrap();
        let down: i32 = words[11].rsplit('=').next().unwrap().parse().unwrap();
        assert!((up - 80).abs() > 0 && (up - 80) == -(down - 80), "{call}");
    }
    let text = std::fs::read_to_string(&state).unwrap();
    assert_eq!(state_line(&text, "done "), "3");
    assert_eq!(state_line(&text, "games "), "6 0 0");
    // The winner was always the up copy: every value moved its way.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("3 iterations, 6 games (up copy +6 -0 =0)\n"));
    assert!(stdout.contains("engine arguments: --tune rfp_margin="));
    let margin: f64 = state_line(&text, "value rfp_margin ").parse().unwrap();
    assert!(margin != 80.0, "{text}");

    // Run again: nothing left to play.
    let again = spsa(&state, &cutechess, &["--iterations", "3", "--pairs", "1"]);
    assert!(again.status.success());
    assert_eq!(calls(&dir).len(), 3);
    // A different shape is refused, and the state is kept.
    let other = spsa(&state, &cutechess, &["--iterations", "4", "--pairs", "1"]);
    assert_eq!(other.status.code(), Some(2));
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(
        err.lines()
            .next()
            .unwrap()
            .contains("holds a run of --iterations 3 --pairs 1"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&state).unwrap(), text);
}

#[test]
fn a_match_without_a_score_ends_the_run_with_one_line() {
    let dir = scratch("noscore");
    let cutechess = fake_cutechess(&dir, "Warning: Unknown engine option");
    let state = dir.join("state");
    let out = spsa(&state, &cutechess, &["--iterations", "2", "--pairs", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let first = err.lines().next().unwrap();
    assert!(first.starts_with("tune spsa: "), "{err}");
    assert!(first.contains("printed no score"), "{err}");
    assert!(
        first.ends_with("last line: Warning: Unknown engine option"),
        "{err}"
    );
    assert!(!state.exists());
}

#[test]
fn list_names_every_tunable_with_its_default_and_range() {
    let out = Command::new(BIN)
        .args(["tune", "spsa", "--list"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("name default min max\n"));
    assert!(text.contains("\nlmr_divisor 225 100 500\n"), "{text}");
    assert!(text.contains("\nrfp_margin 80 20 200\n"), "{text}");
    assert!(text.contains("\nrazor_depth 3 0 6\n"), "{text}");
    assert_eq!(text.lines().count(), 23);
}

#[test]
fn tune_arguments_change_the_search() {
    let search = |args: &[&str]| -> String {
        use std::io::{BufRead, BufReader, Write};
        let mut child = Command::new(BIN)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(b"uci\nsetoption name Learning value false\nposition startpos\ngo depth 9\n")
            .unwrap();
        let mut nodes = None;
        for line in BufReader::new(child.stdout.take().unwrap()).lines() {
            let line = line.unwrap();
            if line.starts_with("info depth 9 ") {
                nodes = line
                    .split(" nodes ")
                    .nth(1)
                    .and_then(|l| l.split(' ').next())
                    .map(String::from);
            }
            if line.starts_with("bestmove") {
                break;
            }
        }
        let _ = stdin.write_all(b"quit\n");
        drop(stdin);
        child.wait().unwrap();
        nodes.expect("a depth 9 line")
    };
    let default = search(&[]);
    assert_eq!(search(&["--tune", "lmr_divisor=225"]), default);
    assert_ne!(search(&["--tune", "lmr_divisor=400"]), default);
    let bad = Command::new(BIN)
        .args(["--tune", "lmr_divisor=99"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&bad.stderr),
        "nightrider: --tune: search tunable lmr_divisor = 99 is outside 100..=500\n"
    );
}
