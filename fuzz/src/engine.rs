//! The engine under test as a child process: its own scratch directory,
//! a writer thread feeding stdin, reader threads collecting stdout lines
//! (with the time each arrived) and stderr, and a bounded wait for its exit.
//!
//! The child runs with the scratch directory as working directory and as
//! `HOME` (so no `.nightriderrc` and no book of the user's is touched), and,
//! when a memory limit is set, under `ulimit -v` through `sh`, so a huge
//! `memory` request meets a failing allocation here instead of the
//! machine's out-of-memory killer.

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Most stderr bytes kept (the rest is dropped).
const STDERR_CAP: usize = 256 * 1024;

/// How to start the engine.
#[derive(Clone, Debug)]
pub struct Launcher {
    /// The `nightrider` binary.
    pub binary: PathBuf,
    /// `ulimit -v` for the child, in megabytes (0: none).
    pub memory_limit_mb: u64,
}

/// A scratch directory, removed when dropped.
pub struct Scratch {
    /// Its path.
    pub path: PathBuf,
}

impl Scratch {
    /// A fresh empty directory under the system's temporary directory.
    pub fn new(tag: &str) -> std::io::Result<Scratch> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("nightrider-fuzz-{}-{n}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)?;
        Ok(Scratch { path })
    }

    /// Writes `bytes` to `rel` inside the directory (making folders).
    pub fn write(&self, rel: &str, bytes: &[u8]) -> std::io::Result<()> {
        let path = self.path.join(rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, bytes)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// One stdout line and when it was read.
pub type Line = (Instant, Vec<u8>);

/// A running engine.
pub struct Process {
    child: Child,
    input: Option<Sender<Vec<u8>>>,
    /// Stdout lines as they come; disconnected at end of output.
    pub lines: Receiver<Line>,
    stderr: Arc<Mutex<Vec<u8>>>,
}

impl Process {
    /// Starts the engine with `args` in `dir`.
    pub fn start(launcher: &Launcher, args: &[String], dir: &Path) -> std::io::Result<Process> {
        let mut command = if launcher.memory_limit_mb > 0 {
            let mut c = Command::new("sh");
            c.arg("-c")
                .arg(format!(
                    "ulimit -v {} && exec \"$0\" \"$@\"",
                    launcher.memory_limit_mb * 1024
                ))
                .arg(&launcher.binary);
            c
        } else {
            Command::new(&launcher.binary)
        };
        command
            .args(args)
            .current_dir(dir)
            .env("HOME", dir)
            .env("RUST_BACKTRACE", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn()?;
        let stdin = child.stdin.take().ok_or_else(|| missing("stdin"))?;
        let stdout = child.stdout.take().ok_or_else(|| missing("stdout"))?;
        let stderr_pipe = child.stderr.take().ok_or_else(|| missing("stderr"))?;
        let (in_tx, in_rx) = crossbeam_channel::unbounded::<Vec<u8>>();
        std::thread::Builder::new()
            .name("fuzz-stdin".into())
            .spawn(move || write_lines(stdin, &in_rx))?;
        let (out_tx, out_rx) = crossbeam_channel::unbounded();
        std::thread::Builder::new()
            .name("fuzz-stdout".into())
            .spawn(move || read_lines(stdout, &out_tx))?;
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&stderr);
        std::thread::Builder::new()
            .name("fuzz-stderr".into())
            .spawn(move || read_capped(stderr_pipe, &sink))?;
        Ok(Process {
            child,
            input: Some(in_tx),
            lines: out_rx,
            stderr,
        })
    }

    /// Queues one input line (a newline is added).
    pub fn send(&self, line: &[u8]) {
        if let Some(tx) = &self.input {
            let _ = tx.send(line.to_vec());
        }
    }

    /// Closes stdin (the engine sees end of input).
    pub fn close_input(&mut self) {
        self.input = None;
    }

    /// The next stdout line, waiting until `deadline`; `Err(true)` at end of
    /// output, `Err(false)` on timeout.
    pub fn next_line(&self, deadline: Instant) -> Result<Line, bool> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Disconnected) => Err(true),
            Err(RecvTimeoutError::Timeout) => Err(false),
        }
    }

    /// Waits for the exit until `timeout` has passed; `None` if it is
    /// still running (it is then killed).
    pub fn wait(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(2));
                }
                _ => {
                    self.kill();
                    return None;
                }
            }
        }
    }

    /// SIGKILL, then reaps the process.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The stderr collected so far.
    pub fn stderr(&self) -> Vec<u8> {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            self.kill();
        }
    }
}

fn missing(what: &str) -> std::io::Error {
    std::io::Error::other(format!("no {what} pipe"))
}

fn write_lines(mut stdin: ChildStdin, lines: &Receiver<Vec<u8>>) {
    for mut line in lines {
        line.push(b'\n');
        if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

fn read_lines(stdout: impl Read, tx: &Sender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if buf.last() == Some(&b'\n') {
                    buf.pop();
                }
                if tx.send((Instant::now(), buf.clone())).is_err() {
                    return;
                }
            }
        }
    }
}

fn read_capped(mut stderr: impl Read, sink: &Mutex<Vec<u8>>) {
    let mut chunk = [0u8; 8192];
    while let Ok(n) = stderr.read(&mut chunk) {
        if n == 0 {
            return;
        }
        if let Ok(mut kept) = sink.lock() {
            let room = STDERR_CAP.saturating_sub(kept.len());
            kept.extend_from_slice(&chunk[..n.min(room)]);
        }
    }
}
