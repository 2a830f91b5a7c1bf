//! [`Event`] to XBoard text: the feature block, thinking lines, moves,
//! results and the variant `setup`/`piece` lines.
//!
//! Every line written here obeys the checklist's output hygiene: strings in
//! features are quoted, scores use XBoard's mate convention, nothing starts
//! with `Illegal` or `Error` except the replies that must.

use crate::core::{Score, MATE, MATE_BOUND};
use crate::engine::api::{EngineOption, Event, Hello, OptionKind, Thinking};
use crate::text::printable;

/// Ordinary scores are clamped to this so no client mistakes them for mates.
const MAX_PLAIN_SCORE: Score = 9_000;

/// The lines that express `event` (usually one), with any control
/// character of echoed input escaped (see [`printable`]).
#[must_use]
pub fn lines(event: &Event) -> Vec<String> {
    raw_lines(event)
        .into_iter()
        .map(|line| printable(&line).into_owned())
        .collect()
}

/// [`lines`] before escaping.
fn raw_lines(event: &Event) -> Vec<String> {
    let one = |s: String| vec![s];
    match event {
        Event::Hello(hello) => features(hello),
        Event::Pong(n) => one(format!("pong {n}")),
        Event::Move(m) => one(format!("move {m}")),
        Event::Thinking(t) => one(thinking(t)),
        Event::GameOver(result) => one(result.to_string()),
        Event::Resign => one("resign".into()),
        Event::OfferDraw => one("offer draw".into()),
        Event::Hint(m) => one(format!("Hint: {m}")),
        Event::IllegalMove { text, reason: None } => one(format!("Illegal move: {text}")),
        Event::IllegalMove {
            text,
            reason: Some(r),
        } => one(format!(
            "Illegal move ({}): {text}",
            r.replace(['(', ')', ':'], " ").trim()
        )),
        Event::Error { reason, command } => one(format!("Error ({reason}): {command}")),
        Event::Setup {
            piece_to_char,
            geometry,
            fen,
        } => {
            let mut line = "setup".to_string();
            if let Some(ptc) = piece_to_char {
                line.push_str(&format!(" ({ptc})"));
            }
            if let Some(g) = geometry {
                line.push_str(&format!(" {g}"));
            }
            one(format!("{line} {fen}"))
        }
        Event::Piece(text) => one(format!("piece {text}")),
        Event::TellUser(m) => one(format!("telluser {m}")),
        Event::TellUserError(m) => one(format!("tellusererror {m}")),
        Event::ConfigErrors(errors) => one(config_errors(errors)),
        Event::Book(entries) => book(entries),
        Event::Status(s) => one(format!(
            "stat01: {} {} {} {} {}",
            s.centis, s.nodes, s.depth, s.moves_left, s.moves_total
        )),
        Event::Highlight(fen) => one(format!("highlight {fen}")),
        Event::Comment(text) => one(format!("# {text}")),
        Event::Position(s) => one(format!("# position {}", s.fen)),
        Event::Evaluation { score, .. } => one(format!("# evaluation {score}")),
        // UCI's answers: XBoard never asks for them.
        Event::BestMove(_)
        | Event::PositionRefused(_)
        | Event::Ready
        | Event::Perft(_)
        | Event::CurrentMove { .. } => Vec::new(),
    }
}

/// The feature block: `done=0` first, `done=1` last, every string quoted.
fn features(hello: &Hello) -> Vec<String> {
    let mut out = vec!["feature done=0".to_string()];
    out.push(format!(
        "feature myname=\"{}\" ping=1 setboard=1 usermove=1 time=1 draw=1 sigint=0 sigterm=0 \
         reuse=1 analyze=1 colors=0 name=1 memory=1 smp=1 exclude=1 nps=1 pause=1 \
         playother=1 highlight=1 debug=1 egt=\"syzygy\"",
        quoted_text(&hello.name)
    ));
    let variants: Vec<String> = hello
        .variants
        .iter()
        .map(|v| quoted_text(v).replace(' ', ""))
        .collect();
    if !variants.is_empty() {
        out.push(format!("feature variants=\"{}\"", variants.join(",")));
    }
    out.extend(
        hello
            .options
            .iter()
            .map(|o| format!("feature option=\"{}\"", option(o))),
    );
    out.push("feature done=1".into());
    out
}

/// Text safe inside a quoted feature value (no `"`, never empty).
fn quoted_text(text: &str) -> String {
    let clean = text.replace('"', "'");
    if clean.is_empty() {
        "-".into()
    } else {
        clean
    }
}

/// One option in XBoard's `NAME -TYPE ...` syntax.
fn option(o: &EngineOption) -> String {
    let name = quoted_text(&o.name);
    match &o.kind {
        OptionKind::Spin { default, min, max } => format!("{name} -spin {default} {min} {max}"),
        OptionKind::Check(on) => format!("{name} -check {}", u8::from(*on)),
        OptionKind::File(path) => format!("{name} -file {}", quoted_text(path)),
        OptionKind::Path(path) => format!("{name} -path {}", quoted_text(path)),
        OptionKind::Combo { default, choices } => {
            let marked: Vec<String> = choices
                .iter()
                .map(|c| {
                    if c == default {
                        format!("*{c}")
                    } else {
                        c.clone()
                    }
                })
                .collect();
            format!("{name} -combo {}", quoted_text(&marked.join(" /// ")))
        }
    }
}

/// At most this many definition errors are spelled out in the `telluser`
/// line (XBoard shows it as one popup); the others are counted.
const SHOWN_CONFIG_ERRORS: usize = 3;

/// Words XBoard takes, anywhere in a line, for an engine that failed to
/// start (`backend.c`), with harmless spellings; OS errors ("No such file or
/// directory", "Permission denied") carry some of them.
const START_FAILURE_WORDS: [(&str, &str); 6] = [
    ("unknown host", "host unknown"),
    ("No remote directory", "no remote directory"),
    ("not found", "missing"),
    ("No such file", "no such file"),
    ("can't alloc", "cannot allocate"),
    ("Permission denied", "permission denied"),
];

/// One `telluser` line with the definition errors (`file:line: message`).
fn config_errors(errors: &[String]) -> String {
    let mut shown: Vec<&str> = errors
        .iter()
        .take(SHOWN_CONFIG_ERRORS)
        .map(String::as_str)
        .collect();
    let more = errors.len().saturating_sub(SHOWN_CONFIG_ERRORS);
    let rest = format!("and {more} more (on stderr)");
    if more > 0 {
        shown.push(&rest);
    }
    let mut text = shown.join(" | ");
    for (word, harmless) in START_FAILURE_WORDS {
        text = text.replace(word, harmless);
    }
    format!("telluser {text}")
}

/// Book lines start with a blank and end with an empty line.
fn book(entries: &[String]) -> Vec<String> {
    let mut out: Vec<String> = entries.iter().map(|e| format!(" {e}")).collect();
    if out.is_empty() {
        out.push(" no book moves".into());
    }
    out.push(String::new());
    out
}

/// `ply score time nodes pv`.
fn thinking(t: &Thinking) -> String {
    let mut line = format!(
        "{} {} {} {}",
        t.depth,
        xboard_score(t.score),
        t.centis,
        t.nodes
    );
    for m in t.pv.board_texts() {
        line.push(' ');
        line.push_str(&m);
    }
    line
}

/// Core score to XBoard's convention: mate in N moves is `100000 + N`,
/// being mated in N moves `-100000 - N`; other scores clamped to ±9000.
#[must_use]
pub fn xboard_score(score: Score) -> i64 {
    let moves = |plies: Score| i64::from((plies + 1) / 2);
    if score >= MATE_BOUND {
        100_000 + moves(MATE - score)
    } else if score <= -MATE_BOUND {
        -100_000 - moves(MATE + score)
    } else {
        i64::from(score.clamp(-MAX_PLAIN_SCORE, MAX_PLAIN_SCORE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Color, GameResult};

    #[test]
    fn mate_scores_use_moves_not_plies() {
        assert_eq!(xboard_score(MATE - 1), 100_001);
        assert_eq!(xboard_score(MATE - 3), 100_002);
        assert_eq!(xboard_score(-(MATE - 2)), -100_001);
        assert_eq!(xboard_score(-MATE), -100_000);
        assert_eq!(xboard_score(35), 35);
        assert_eq!(xboard_score(25_000), 9_000);
        assert_eq!(xboard_score(-25_000), -9_000);
    }

    #[test]
    fn events_become_exact_lines() {
        let t = Thinking {
            depth: 5,
            seldepth: 7,
            multipv: 1,
            hashfull: 3,
            score: -12,
            centis: 34,
            nodes: 5678,
            pv: crate::engine::variation::sample("normal", &[], &["e2e4", "e7e5"]),
            bound: crate::search::Bound::Exact,
        };
        assert_eq!(lines(&Event::Thinking(t)), ["5 -12 34 5678 e2e4 e7e5"]);
        let r = GameResult {
            winner: Some(Color::Black),
            reason: "Black mates".into(),
        };
        assert_eq!(lines(&Event::GameOver(r)), ["0-1 {Black mates}"]);
        let illegal = Event::IllegalMove {
            text: "e2e5".into(),
            reason: Some("bad (x): y".into()),
        };
        assert_eq!(lines(&illegal), ["Illegal move (bad  x   y): e2e5"]);
        let setup = Event::Setup {
            piece_to_char: Some("PN.RQKpn.rqk".into()),
            geometry: Some("6x6+0_fairy".into()),
            fen: "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1".into(),
        };
        assert_eq!(
            lines(&setup),
            ["setup (PN.RQKpn.rqk) 6x6+0_fairy rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"]
        );
        assert_eq!(lines(&Event::Book(vec![])), [" no book moves", ""]);
    }

    #[test]
    fn control_characters_of_echoed_input_are_escaped() {
        let error = Event::Error {
            reason: "unknown command".into(),
            command: "ab\u{0}c\u{1}\u{1b}[31m\u{7f}\u{85}\td\\x".into(),
        };
        assert_eq!(
            lines(&error),
            ["Error (unknown command): ab\\x00c\\x01\\x1b[31m\\x7f\\x85\td\\x"]
        );
        assert_eq!(lines(&Event::Pong("1\r\n2".into())), ["pong 1\\x0d\\x0a2"]);
        assert_eq!(printable("é ünïcode stays"), "é ünïcode stays");
    }

    #[test]
    fn features_are_quoted_and_framed_by_done() {
        let hello = Hello {
            name: "Nightrider 0.1.0".into(),
            variants: vec!["normal".into(), "capablanca".into()],
            options: vec![
                EngineOption {
                    name: "Rules".into(),
                    kind: OptionKind::Combo {
                        default: "b".into(),
                        choices: vec!["a".into(), "b".into()],
                    },
                },
                EngineOption {
                    name: "IniFile".into(),
                    kind: OptionKind::File("/x/fmax.ini".into()),
                },
                EngineOption {
                    name: "Resign".into(),
                    kind: OptionKind::Spin {
                        default: 0,
                        min: 0,
                        max: 9,
                    },
                },
            ],
        };
        let out = lines(&Event::Hello(hello));
        assert_eq!(out.first().map(String::as_str), Some("feature done=0"));
        assert_eq!(out.last().map(String::as_str), Some("feature done=1"));
        assert!(
            out[1].starts_with("feature myname=\"Nightrider 0.1.0\" ping=1 setboard=1 usermove=1")
        );
        assert_eq!(out[2], "feature variants=\"normal,capablanca\"");
        assert_eq!(out[3], "feature option=\"Rules -combo a /// *b\"");
        assert_eq!(out[4], "feature option=\"IniFile -file /x/fmax.ini\"");
        assert_eq!(out[5], "feature option=\"Resign -spin 0 0 9\"");
    }
}
