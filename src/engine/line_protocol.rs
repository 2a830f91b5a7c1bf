//! Serving a line protocol (XBoard, UCI) around the control loop: the
//! threads and channels both front ends share, so that each of them is
//! only a parser of input lines and a formatter of events.
//!
//! A reader thread turns input lines into [`Command`]s with the
//! protocol's parser (it only parses) and sends `quit` at the end of
//! input; [`run`] turns commands into events on the calling thread and
//! is the only writer, so a reply such as `pong` or `readyok` is written
//! at once while a search runs on the search thread. [`session`] is the
//! same over channels, for tests and embedding.

use super::api::{Command, Event};
use super::{run, Config};
use crossbeam_channel::{Receiver, Sender};
use std::io::{BufRead, Write};

/// A text protocol: input lines to commands, events to output lines.
pub trait LineProtocol: Send + 'static {
    /// The commands one input line asks for (none for an empty line).
    fn commands(&mut self, line: &str) -> Vec<Command>;
    /// The output lines of one event (none for an event the protocol does
    /// not show).
    fn lines(event: &Event) -> Vec<String>;
}

/// Speaks `protocol` on `input`/`output` until `quit` or the end of
/// input. Lines already read (the `xboard` or `uci` that chose the
/// protocol) go first.
///
/// # Errors
/// The OS error when a thread cannot be started.
pub fn serve<P, R, W>(
    protocol: P,
    first_lines: Vec<String>,
    input: R,
    mut output: W,
    config: &Config,
) -> std::io::Result<()>
where
    P: LineProtocol,
    R: BufRead + Send + 'static,
    W: Write,
{
    let (tx, rx) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut reader = Reader { protocol, tx };
            let lines_done = first_lines.iter().all(|line| reader.forward(line));
            if lines_done && crate::text::each_line(input, |line| reader.forward(line)) {
                reader.quit();
            }
        })?;
    run(
        &rx,
        |event| write_lines(&mut output, P::lines(event)),
        config,
    )
}

/// Writes one event's lines and flushes; false when the output is closed.
fn write_lines<W: Write>(output: &mut W, lines: Vec<String>) -> bool {
    lines
        .into_iter()
        .all(|line| writeln!(output, "{line}").is_ok())
        && output.flush().is_ok()
}

/// An in-process session for tests and embedding: send input lines,
/// receive output lines. Dropping the sender ends the session like the
/// end of input.
///
/// # Errors
/// The OS error when a thread cannot be started.
pub fn session<P: LineProtocol>(
    protocol: P,
    config: Config,
) -> std::io::Result<(Sender<String>, Receiver<String>)> {
    let (in_tx, in_rx) = crossbeam_channel::unbounded::<String>();
    let (out_tx, out_rx) = crossbeam_channel::unbounded::<String>();
    let (tx, rx) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name("session-reader".into())
        .spawn(move || {
            let mut reader = Reader { protocol, tx };
            if in_rx.iter().all(|line| reader.forward(&line)) {
                reader.quit();
            }
        })?;
    std::thread::Builder::new()
        .name("session-control".into())
        .spawn(move || {
            let emit = |event: &Event| P::lines(event).into_iter().all(|l| out_tx.send(l).is_ok());
            let _ = run(&rx, emit, &config);
        })?;
    Ok((in_tx, out_rx))
}

/// The reading side: a parser and the channel to the control loop.
struct Reader<P> {
    protocol: P,
    tx: Sender<Command>,
}

impl<P: LineProtocol> Reader<P> {
    /// Sends the commands of one line; false when the engine is gone.
    fn forward(&mut self, line: &str) -> bool {
        self.protocol
            .commands(line)
            .into_iter()
            .all(|command| self.tx.send(command).is_ok())
    }

    /// The end of input (or an unreadable stream) means `quit`.
    fn quit(&self) {
        let _ = self.tx.send(Command::Quit);
    }
}
