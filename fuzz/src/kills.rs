//! `kill -9` during learn-file writes: the console imports a large export
//! into a large learn file and is killed at a random moment of it. After
//! every kill the learn file must still load (the write is atomic: old or
//! new, never half); after a later import that runs to its end, no
//! temporary file of a killed process may remain in books/.

use crate::campaign::Ctx;
use crate::case::{join_lines, Failure};
use crate::engine::{Process, Scratch};
use crate::files::books_dir_clean;
use nightrider::book::positions::PositionTable;
use rand::Rng;
use std::time::{Duration, Instant};

/// The input of one import run; `variant` first or not (the engine then
/// plays its default game, orthodox chess).
fn import_input(variant: bool) -> Vec<Vec<u8>> {
    let mut lines: Vec<&str> = Vec::new();
    if variant {
        lines.push("variant normal");
    }
    lines.extend(["import big.txt", "echo SYNC-1", "quit"]);
    lines.iter().map(|l| l.as_bytes().to_vec()).collect()
}

/// Runs one import to its end; its duration, or why it did not end well.
fn import_to_end(ctx: &Ctx, scratch: &Scratch, input: &[Vec<u8>]) -> Result<Duration, String> {
    let mut process =
        Process::start(&ctx.launcher, &[], &scratch.path).map_err(|e| e.to_string())?;
    for line in input {
        process.send(line);
    }
    process.close_input();
    let started = Instant::now();
    let limit = ctx.limits.exit + ctx.limits.console;
    let status = process
        .wait(limit)
        .ok_or_else(|| format!("still running after {limit:?}"))?;
    if status.success() {
        Ok(started.elapsed())
    } else {
        let stderr = String::from_utf8_lossy(&process.stderr()).into_owned();
        Err(format!("{status}: {}", stderr.lines().next().unwrap_or("")))
    }
}

/// `count` kills, each in its own scratch directory holding `lrn` (a
/// large learn file) and `export` (a large export to import).
pub fn kills(ctx: &Ctx, count: u64, lrn: &[u8], export: &[u8]) {
    let files = ctx.files_with(vec![
        ("books/normal.lrn".into(), lrn.to_vec()),
        ("big.txt".into(), export.to_vec()),
    ]);
    let lay = |scratch: &Scratch| {
        files
            .iter()
            .all(|(rel, bytes)| scratch.write(rel, bytes).is_ok())
    };
    // How long an import takes here, to spread the kills over it.
    let span = Scratch::new("kill-timing")
        .ok()
        .filter(|s| lay(s))
        .and_then(|s| import_to_end(ctx, &s, &import_input(true)).ok())
        .unwrap_or(Duration::from_millis(200));
    ctx.drive(count, None, |index| {
        let mut rng = ctx.rng("kill", index);
        let Ok(scratch) = Scratch::new("kill") else {
            return 0;
        };
        if !lay(&scratch) {
            return 0;
        }
        let with_variant = rng.gen_bool(0.7);
        let input = import_input(with_variant);
        // The write comes at the end of an import: most kills land in its second half.
        let delay = span.mul_f64(rng.gen_range(0.3..1.1));
        let failure = kill_once(ctx, &scratch, &input, delay);
        let describe = format!(
            "kill -9 {} ms into `{}`",
            delay.as_millis(),
            String::from_utf8_lossy(&join_lines(&input)).replace('\n', "; ")
        );
        let mut report = match ctx.report.lock() {
            Ok(r) => r,
            Err(_) => return 0,
        };
        let tally = report.tallies.entry("kill".into()).or_default();
        tally.cases += 1;
        if let Some(failure) = failure {
            tally.failed += 1;
            let save =
                |dir: &std::path::Path, note: &str| save_kill(dir, note, &files, &input, &scratch);
            report.failed("kill", &failure, save, &describe);
        }
        0
    });
}

/// One kill and the checks after it; then one import to its end and the
/// check of books/.
fn kill_once(ctx: &Ctx, scratch: &Scratch, input: &[Vec<u8>], delay: Duration) -> Option<Failure> {
    let mut process = match Process::start(&ctx.launcher, &[], &scratch.path) {
        Ok(p) => p,
        Err(e) => {
            return Some(Failure {
                kind: "harness",
                signature: format!("harness: {e}"),
                detail: e.to_string(),
            })
        }
    };
    for line in input {
        process.send(line);
    }
    std::thread::sleep(delay);
    process.kill();
    let path = scratch.path.join("books/normal.lrn");
    if let Ok(bytes) = std::fs::read(&path) {
        if let Err(e) = PositionTable::from_bytes(&bytes) {
            return Some(Failure {
                kind: "file",
                signature: "the learn file is half-written after kill -9".into(),
                detail: format!(
                    "books/normal.lrn after kill -9 {} ms in: {e}",
                    delay.as_millis()
                ),
            });
        }
    }
    if let Err(e) = import_to_end(ctx, scratch, input) {
        return Some(Failure {
            kind: "hang",
            signature: "an import after kill -9 does not end well".into(),
            detail: format!("the import that follows a kill: {e}"),
        });
    }
    books_dir_clean(&scratch.path.join("books"))
        .err()
        .map(|e| Failure {
            kind: "file",
            signature: if e.contains(".tmp") {
                "a killed write's temporary file stays in books/".into()
            } else {
                "books/ holds a file without a variant name".into()
            },
            detail: format!("after a kill -9 and a complete import: {e}"),
        })
}

fn save_kill(
    dir: &std::path::Path,
    note: &str,
    files: &[(String, Vec<u8>)],
    input: &[Vec<u8>],
    scratch: &Scratch,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir.join("files"))?;
    std::fs::write(dir.join("args"), "")?;
    std::fs::write(dir.join("stdin"), join_lines(input))?;
    for (rel, bytes) in files {
        let path = dir.join("files").join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, bytes)?;
    }
    let mut listing = String::new();
    if let Ok(entries) = std::fs::read_dir(scratch.path.join("books")) {
        for e in entries.filter_map(Result::ok) {
            let size = e.metadata().map(|m| m.len()).unwrap_or(0);
            listing.push_str(&format!("{} {size}\n", e.file_name().to_string_lossy()));
        }
    }
    std::fs::write(dir.join("books-after.txt"), listing)?;
    std::fs::write(
        dir.join("failure.txt"),
        format!("{note}\nkill -9 the engine during the import, then run the import again and list books/.\n"),
    )
}
