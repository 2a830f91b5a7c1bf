//! Running the console binary on a script: shared by tests/console.rs and
//! tests/console_tools.rs (each session in its own directory, `HOME` there).
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

pub const INI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");

/// A fresh directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("nightrider-console-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary in `dir` with `args` and `input` on stdin; returns its
/// stdout lines without the `Time:` lines of perft (they vary).
pub fn session_in(dir: &PathBuf, args: &[&str], input: &str) -> Vec<String> {
    run_in(dir, args, input).0
}

/// Like [`session_in`], also returning stderr (progress reports).
pub fn run_in(dir: &PathBuf, args: &[&str], input: &str) -> (Vec<String>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .args(["--ini", INI])
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "exit status {:?}", output.status);
    let lines = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|l| !l.starts_with("Time: "))
        .map(str::to_string)
        .collect();
    (lines, String::from_utf8_lossy(&output.stderr).into_owned())
}

pub fn session(name: &str, input: &str) -> Vec<String> {
    session_in(&scratch(name), &[], input)
}
