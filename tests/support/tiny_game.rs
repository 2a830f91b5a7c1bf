//! A tiny game for tests that play whole self-play runs: Los Alamos chess
//! (6x6) alone in an fmax.ini, in a fresh directory, and the binary run there.

use std::path::{Path, PathBuf};
use std::process::Command;

/// An fmax.ini with Los Alamos only.
pub const TINY_INI: &str = "version 4.8(w)

Game: los-alamos
6x6
6 4 7 3 4 6
6 4 7 3 4 6
p:99   -16,6 -15,5 -17,5
p:99    16,6  15,5  17,5
k:-1    1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
n:333   14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7
b:296   15,3 17,3 -15,3 -17,3
R:444   1,3 16,3 -1,3 -16,3
Q:851   1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3
";

/// A fresh directory `nightrider-PREFIX-PID-NAME` with the tiny fmax.ini
/// and an empty `variants/`.
pub fn tiny_game_dir(prefix: &str, name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("nightrider-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    std::fs::write(dir.join("fmax.ini"), TINY_INI).unwrap();
    dir
}

/// Runs `nightrider ARGS` in `dir`; returns its stdout, or panics with its
/// stderr when it fails.
pub fn nightrider(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
