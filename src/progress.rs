//! Progress of long runs (test suites, annotation, book creation) with an
//! estimate of the time left, written to stderr so that the console's
//! transcript on stdout stays exact.
//!
//! On a terminal the line is rewritten in place (`\r`); otherwise each step
//! is a line of its own, which logs and tests can ignore. The estimate is the
//! mean time per finished step times the steps left.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// A reporter for a run of `total` steps.
pub struct ProgressReporter {
    label: String,
    total: usize,
    done: usize,
    started: Instant,
    terminal: bool,
    sink: Box<dyn Write + Send>,
}

impl ProgressReporter {
    /// A reporter on stderr for `total` steps of the run called `label`.
    #[must_use]
    pub fn new(label: &str, total: usize) -> ProgressReporter {
        let terminal = std::io::stderr().is_terminal();
        ProgressReporter::to_sink(label, total, Box::new(std::io::stderr()), terminal)
    }

    /// A reporter writing to `sink` (`terminal`: rewrite one line in place).
    #[must_use]
    pub fn to_sink(
        label: &str,
        total: usize,
        sink: Box<dyn Write + Send>,
        terminal: bool,
    ) -> ProgressReporter {
        ProgressReporter {
            label: label.to_string(),
            total,
            done: 0,
            started: Instant::now(),
            terminal,
            sink,
        }
    }

    /// Records one more finished step (`what`: a short name for it) and
    /// shows the progress line.
    pub fn step(&mut self, what: &str) {
        self.step_by(1, what);
    }

    /// Records `n` more finished steps at once (`what`: a short name for
    /// the last of them) and shows the progress line.
    pub fn step_by(&mut self, n: usize, what: &str) {
        self.done = (self.done + n).min(self.total.max(1));
        let line = progress_line(
            &self.label,
            self.done,
            self.total,
            self.started.elapsed(),
            what,
        );
        // On a terminal: clear the rest of the old line, then return.
        let end = if self.terminal { "\x1b[K\r" } else { "\n" };
        let _ = write!(self.sink, "{line}{end}");
        let _ = self.sink.flush();
    }

    /// Ends the run: on a terminal, moves past the rewritten line.
    pub fn finish(&mut self) {
        if self.terminal && self.done > 0 {
            let _ = writeln!(self.sink);
            let _ = self.sink.flush();
        }
    }
}

/// `test: 3/10 (30%) wac003, 4.2 s, about 9.8 s left`.
#[must_use]
pub fn progress_line(
    label: &str,
    done: usize,
    total: usize,
    elapsed: Duration,
    what: &str,
) -> String {
    let total = total.max(1);
    let percent = done * 100 / total;
    let secs = elapsed.as_secs_f64();
    let left = if done == 0 {
        0.0
    } else {
        secs / done as f64 * (total - done.min(total)) as f64
    };
    let what = if what.is_empty() {
        String::new()
    } else {
        format!(" {what}")
    };
    format!(
        "{label}: {done}/{total} ({percent}%){what}, {secs:.1} s, about {} left",
        duration_text(left)
    )
}

/// `9.8 s`, `3 min 05 s`, `1 h 02 min`.
#[must_use]
pub fn duration_text(secs: f64) -> String {
    if secs < 60.0 {
        return format!("{secs:.1} s");
    }
    let whole = secs.round() as u64;
    if whole < 3600 {
        format!("{} min {:02} s", whole / 60, whole % 60)
    } else {
        format!("{} h {:02} min", whole / 3600, whole % 3600 / 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A sink the test can read back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_estimate_is_the_mean_step_time_times_the_steps_left() {
        let line = progress_line("test", 3, 10, Duration::from_secs(6), "wac003");
        assert_eq!(line, "test: 3/10 (30%) wac003, 6.0 s, about 14.0 s left");
        let line = progress_line("annotate", 1, 2, Duration::from_secs(100), "");
        assert_eq!(line, "annotate: 1/2 (50%), 100.0 s, about 1 min 40 s left");
        assert_eq!(duration_text(7322.0), "2 h 02 min");
        let line = progress_line("x", 0, 0, Duration::ZERO, "");
        assert_eq!(line, "x: 0/1 (0%), 0.0 s, about 0.0 s left");
    }

    #[test]
    fn lines_end_with_a_newline_unless_on_a_terminal() {
        let sink = Shared::default();
        let mut reporter = ProgressReporter::to_sink("book", 2, Box::new(sink.clone()), false);
        reporter.step("a");
        reporter.step("b");
        reporter.finish();
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("book: 1/2 (50%) a, "), "{text}");
        assert!(lines[1].starts_with("book: 2/2 (100%) b, "), "{text}");
        assert!(lines[1].ends_with("about 0.0 s left"), "{text}");

        let sink = Shared::default();
        let mut reporter = ProgressReporter::to_sink("label", 4, Box::new(sink.clone()), false);
        reporter.step_by(3, "position 3");
        reporter.step_by(3, "position 4");
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert!(text.starts_with("label: 3/4 (75%) position 3, "), "{text}");
        assert!(text.contains("\nlabel: 4/4 (100%) position 4, "), "{text}");

        let sink = Shared::default();
        let mut reporter = ProgressReporter::to_sink("book", 1, Box::new(sink.clone()), true);
        reporter.step("a");
        reporter.finish();
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert!(
            text.contains("\x1b[K\r") && text.ends_with('\n'),
            "{text:?}"
        );
    }
}
