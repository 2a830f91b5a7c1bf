//! A UCI engine as a child process, for tools that ask another engine's
//! opinion (`tune label`): started without a shell, set up (`uci`,
//! options, `UCI_Variant`, `isready`), asked for a fixed-node search of a
//! FEN, and asked to `quit`, then killed and waited for, when dropped.
//! Every wait for an answer has a limit; a reader thread passes the
//! engine's lines over a channel so that the wait can end. Every failure
//! is one line naming the engine and what it failed to do.

use crossbeam_channel::{unbounded, Receiver, RecvTimeoutError};
use std::io::Write;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// A generous limit on the wait for any answer of the engine.
pub const PATIENCE: Duration = Duration::from_secs(60);
/// How long an engine told to `quit` (or one that stopped talking) gets to
/// exit before it is killed.
const GRACE: Duration = Duration::from_millis(500);

/// How to start and set up the engine.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The `UCI_Variant` to set, if any.
    pub variant: Option<String>,
    /// Other options to set: (name, value).
    pub options: Vec<(String, String)>,
    /// The longest wait for any answer.
    pub patience: Duration,
}

/// A score of an `info` line, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i64),
    /// Moves to mate; zero or less: the side to move is mated.
    Mate(i64),
}

/// The score of an `info` line; `None` for other lines and for the lines
/// of a second PV.
#[must_use]
pub fn info_score(line: &str) -> Option<Score> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
        return None;
    }
    let after = |key: &str| {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1).copied()
    };
    if after("multipv").is_some_and(|k| k != "1") {
        return None;
    }
    let at = words.iter().position(|w| *w == "score")?;
    let value: i64 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(Score::Cp(value)),
        "mate" => Some(Score::Mate(value)),
        _ => None,
    }
}

/// A UCI engine process, asked to `quit` and then killed and waited for
/// when dropped.
pub struct Engine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    patience: Duration,
}

impl Engine {
    /// Starts the engine of `spec` and sets it up: `uci`, the options,
    /// the variant, `isready`.
    ///
    /// # Errors
    /// One line naming the engine and what it failed to do.
    pub fn start(spec: &EngineSpec) -> Result<Engine, String> {
        let (program, args) = spec
            .command
            .split_first()
            .ok_or("no engine command given")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("engine {program}: cannot start it: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("engine {program}: no pipe to talk to it"));
        };
        let mut engine = Engine {
            name: program.clone(),
            child,
            stdin,
            lines: read_lines(stdout),
            patience: spec.patience,
        };
        engine.set_up(spec)?;
        Ok(engine)
    }

    /// `uci`, the options, the variant, `isready`. The options go first:
    /// one of them may load the games the variant is one of.
    fn set_up(&mut self, spec: &EngineSpec) -> Result<(), String> {
        self.send("uci")?;
        let mut variants = None;
        self.wait_for("uciok", |line| {
            if line.starts_with("option name UCI_Variant ") {
                variants = Some(line.to_string());
            }
            line == "uciok"
        })?;
        for (name, value) in &spec.options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        if let Some(variant) = &spec.variant {
            offers(variants.as_deref(), variant, !spec.options.is_empty())
                .map_err(|e| format!("engine {}: {e}", self.name))?;
            self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        self.send("isready")?;
        self.wait_for("readyok", |line| line == "readyok")
    }

    /// The engine's score of `fen` after `nodes` nodes, for the side to
    /// move: the last `info` score before `bestmove`.
    ///
    /// # Errors
    /// One line naming the engine and what it failed to do.
    pub fn score(&mut self, fen: &str, nodes: u64) -> Result<Score, String> {
        self.send("ucinewgame")?;
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go nodes {nodes}"))?;
        let mut last = None;
        self.wait_for("bestmove", |line| {
            if let Some(score) = info_score(line) {
                last = Some(score);
            }
            line.starts_with("bestmove")
        })?;
        last.ok_or_else(|| format!("engine {}: no score before bestmove for {fen}", self.name))
    }

    /// Sends one line.
    fn send(&mut self, line: &str) -> Result<(), String> {
        let sent = self
            .stdin
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| self.stdin.flush());
        sent.map_err(|e| match self.exit_status() {
            status if status.is_empty() => {
                format!("engine {}: cannot send `{line}`: {e}", self.name)
            }
            status => format!(
                "engine {} exited{status} before reading `{line}`",
                self.name
            ),
        })
    }

    /// Reads lines, passing each to `done`, until it answers true.
    fn wait_for(&mut self, what: &str, mut done: impl FnMut(&str) -> bool) -> Result<(), String> {
        let deadline = Instant::now() + self.patience;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(&line) => return Ok(()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    let secs = self.patience.as_secs_f64();
                    return Err(format!(
                        "engine {} did not say {what} within {secs} s",
                        self.name
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.exit_status();
                    return Err(format!(
                        "engine {} exited{status} before saying {what}",
                        self.name
                    ));
                }
            }
        }
    }

    /// ` (exit status: N)` once the process has ended (it is given a
    /// moment), else nothing.
    fn exit_status(&mut self) -> String {
        let deadline = Instant::now() + GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!(" ({status})");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        String::new()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.stdin.write_all(b"quit\n");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A thread reading the engine's output into a channel, line by line,
/// trimmed; the channel ends with the output.
fn read_lines(stdout: ChildStdout) -> Receiver<String> {
    let (tx, rx) = unbounded();
    std::thread::spawn(move || {
        crate::text::each_line(std::io::BufReader::new(stdout), |line| {
            tx.send(line.trim().to_string()).is_ok()
        });
    });
    rx
}

/// Whether the engine's `UCI_Variant` option (its `option` line, if it
/// has one) offers `variant`. With `options` set the list is not checked:
/// one of them may add games to it.
fn offers(option: Option<&str>, variant: &str, options: bool) -> Result<(), String> {
    let line = option.ok_or("has no UCI_Variant option: it plays no variants")?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let listed = words
        .windows(2)
        .any(|w| (w[0] == "var" || w[0] == "default") && w[1] == variant);
    if listed || options {
        Ok(())
    } else {
        Err(format!("its UCI_Variant option does not offer '{variant}'"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN: &str = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1";

    #[test]
    fn scores_are_read_from_info_lines_of_the_first_pv() {
        let score = |l: &str| info_score(l);
        assert_eq!(
            score("info depth 3 score cp 35 nodes 100 pv e2e4"),
            Some(Score::Cp(35))
        );
        assert_eq!(
            score("info depth 9 multipv 1 score cp -12 lowerbound"),
            Some(Score::Cp(-12))
        );
        assert_eq!(score("info depth 9 score mate 3"), Some(Score::Mate(3)));
        assert_eq!(score("info depth 0 score mate 0"), Some(Score::Mate(0)));
        assert_eq!(score("info depth 9 multipv 2 score cp 80"), None);
        assert_eq!(score("info string score cp 80"), None);
        assert_eq!(score("info depth 9 score cp"), None);
        assert_eq!(score("info depth 9 nodes 100"), None);
        assert_eq!(score("bestmove e2e4"), None);
    }

    /// A spec running a shell script as the engine.
    fn script(body: &str, variant: Option<&str>) -> EngineSpec {
        EngineSpec {
            command: vec!["sh".to_string(), "-c".to_string(), body.to_string()],
            variant: variant.map(String::from),
            options: Vec::new(),
            patience: Duration::from_millis(300),
        }
    }

    const FAKE: &str = r#"while read -r line; do case "$line" in
uci) echo "option name UCI_Variant type combo default chess var chess var capablanca"; echo uciok;;
isready) echo readyok;;
go*) echo "info depth 1 score cp 50"; echo "info depth 2 score mate -3 pv e7e5"; echo "bestmove e7e5";;
quit) exit 0;;
esac; done"#;

    #[cfg(unix)]
    #[test]
    fn a_scripted_engine_is_set_up_and_searched() {
        let mut engine = Engine::start(&script(FAKE, Some("capablanca"))).unwrap();
        assert_eq!(engine.score(FEN, 100), Ok(Score::Mate(-3)));
        assert_eq!(engine.score(FEN, 100), Ok(Score::Mate(-3)));
        let err = Engine::start(&script(FAKE, Some("shogi"))).err();
        assert_eq!(
            err.as_deref(),
            Some("engine sh: its UCI_Variant option does not offer 'shogi'")
        );
        let no_variants = FAKE.replace("echo \"option", "true \"option");
        let err = Engine::start(&script(&no_variants, Some("capablanca"))).err();
        assert_eq!(
            err.as_deref(),
            Some("engine sh: has no UCI_Variant option: it plays no variants")
        );
    }

    #[cfg(unix)]
    #[test]
    fn engines_that_fail_give_one_line_naming_them() {
        let start = |body: &str| Engine::start(&script(body, None)).err();
        let missing = EngineSpec {
            command: vec!["/nonexistent/engine".to_string()],
            ..script("", None)
        };
        let err = Engine::start(&missing).err().unwrap();
        assert!(
            err.starts_with("engine /nonexistent/engine: cannot start it: "),
            "{err}"
        );
        assert_eq!(
            start("read -r line; exit 3").as_deref(),
            Some("engine sh exited (exit status: 3) before saying uciok")
        );
        assert_eq!(
            start("sleep 5").as_deref(),
            Some("engine sh did not say uciok within 0.3 s")
        );
        let dies = FAKE.replace("go*) echo", "go*) exit 4; echo");
        let mut engine = Engine::start(&script(&dies, None)).unwrap();
        assert_eq!(
            engine.score(FEN, 100),
            Err("engine sh exited (exit status: 4) before saying bestmove".to_string())
        );
        let silent = FAKE.replace("echo \"info", "true \"info");
        let mut engine = Engine::start(&script(&silent, None)).unwrap();
        assert_eq!(
            engine.score(FEN, 100),
            Err(format!("engine sh: no score before bestmove for {FEN}"))
        );
    }
}
