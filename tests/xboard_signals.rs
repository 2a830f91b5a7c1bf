//! The `sigint=0 sigterm=0` decision (see `src/xboard/mod.rs`): the engine
//! asks for no signals, takes python-chess's `rejected sigterm` silently,
//! and exits on `quit` even in the middle of a long search, well inside the
//! second XBoard waits before killing it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn rejected_sigterm_is_silent_and_quit_ends_a_running_search() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    writeln!(stdin, "xboard\nprotover 2").unwrap();
    let mut features = Vec::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        let done = line == "feature done=1";
        features.push(line);
        if done {
            break;
        }
    }
    assert!(
        features[1].contains(" sigint=0 sigterm=0 "),
        "{}",
        features[1]
    );
    // python-chess's replies to the handshake, then a search that would run for 1000 s.
    writeln!(
        stdin,
        "rejected sigterm\nrejected reuse\naccepted memory\nping 1"
    )
    .unwrap();
    assert_eq!(lines.next().unwrap().unwrap(), "pong 1");
    writeln!(stdin, "new\nforce\nnopost\nst 1000\nsd 100\ngo").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    writeln!(stdin, "quit").unwrap();
    // Not a speed measurement: a generous bound so a missed `quit` fails instead of hanging.
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("the engine did not exit after quit during a search");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success());
    let rest: Vec<String> = lines.map(Result::unwrap).collect();
    assert!(rest.iter().all(|l| !l.starts_with("move ")), "{rest:?}");
}
