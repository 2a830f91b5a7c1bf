//! [`Event`] to UCI text: the `id`/`option`/`uciok` block, `readyok`,
//! `info` lines (with the bound of a failed aspiration window, and the
//! root move a long search is on), `bestmove`, the `go perft` split, and
//! `info string` for everything a user should read (errors in an
//! `IniFile` too). Events UCI has no words for (XBoard's
//! `setup`, `piece`, draw offers) are not written.
//!
//! The protocol's own options come first, then the engine's (`IniFile`,
//! the book and learning options). The engine's options that UCI has a
//! name for are shown among UCI's own, under that name and at their
//! current value: `MultiPV` is the engine's `MultiPvLines`,
//! `UCI_LimitStrength` and `UCI_Elo` its `LimitStrength` and `Elo`.
//! `UCI_Variant` lists every game of the file under its UCI name.
//! XBoard-only options (`FairyVariant`, `MakrukRules`: each of their games
//! is a `UCI_Variant` of its own; `ResignThreshold`, `DrawScore`: the GUI
//! decides resignations and draws) are left out.

use super::notation::{self, UciNotation};
use super::parse::{DEFAULT_OVERHEAD_MS, MAX_OVERHEAD_MS};
use super::variants;
use crate::core::{Score, MATE, MATE_BOUND};
use crate::engine::api::{EngineOption, Event, Hello, OptionKind, PositionFault, Thinking};
use crate::engine::options::{ELO, LIMIT_STRENGTH, MULTI_PV};
use crate::engine::variation::Variation;
use crate::search::{Bound, DEFAULT_HASH_MB};
use crate::text::printable;

/// Who wrote the engine (`id author`).
const AUTHOR: &str = "the Nightrider authors";

/// The engine's options that UCI GUIs do not get.
const XBOARD_ONLY: &[&str] = &[
    "FairyVariant",
    "MakrukRules",
    "ResignThreshold",
    "DrawScore",
];

/// The engine's options UCI has names of its own for: (engine's, UCI's).
const RENAMED: [(&str, &str); 3] = [
    (MULTI_PV, "MultiPV"),
    (LIMIT_STRENGTH, "UCI_LimitStrength"),
    (ELO, "UCI_Elo"),
];

/// Errors of a variant file shown to the GUI.
const SHOWN_CONFIG_ERRORS: usize = 3;

/// Largest `Hash`, MB.
pub const MAX_HASH_MB: usize = 65_536;

/// Largest `Threads` (more than the machine's cores are not used).
pub const MAX_THREADS: usize = 512;

/// The lines that express `event` (often none or one), every control
/// character but the tab written as `\xHH` (input echoed in an error
/// can never put a NUL or a line break on the GUI's screen).
#[must_use]
pub fn lines(event: &Event) -> Vec<String> {
    unescaped_lines(event)
        .iter()
        .map(|line| printable(line).into_owned())
        .collect()
}

/// [`lines`] before escaping.
fn unescaped_lines(event: &Event) -> Vec<String> {
    let one = |s: String| vec![s];
    match event {
        Event::Hello(hello) => identify(hello),
        Event::Ready => one("readyok".into()),
        Event::Thinking(t) => one(info(t)),
        Event::BestMove(line) => one(best_move(line)),
        Event::PositionRefused(fault) => one(refused(fault)),
        Event::Perft(split) => perft(split),
        Event::Error { reason, command } => one(say(&format!("error ({reason}): {command}"))),
        Event::IllegalMove { text, .. } => one(say(&format!("illegal move {text}"))),
        Event::TellUser(m) | Event::Comment(m) => one(say(m)),
        Event::TellUserError(m) => one(say(&format!("error: {m}"))),
        Event::ConfigErrors(errors) => config_errors(errors),
        Event::CurrentMove {
            depth,
            line,
            number,
        } => line
            .texts(&UciNotation)
            .into_iter()
            .take(1)
            .map(|text| format!("info depth {depth} currmove {text} currmovenumber {number}"))
            .collect(),
        _ => Vec::new(),
    }
}

/// `info string TEXT`, on one line.
fn say(text: &str) -> String {
    format!("info string {}", text.replace(['\n', '\r'], " "))
}

/// The first errors of a variant file, one `info string` each (all are
/// on stderr).
fn config_errors(errors: &[String]) -> Vec<String> {
    let mut out: Vec<String> = errors
        .iter()
        .take(SHOWN_CONFIG_ERRORS)
        .map(|e| say(e))
        .collect();
    let more = errors.len().saturating_sub(SHOWN_CONFIG_ERRORS);
    if more > 0 {
        out.push(say(&format!("and {more} more errors (on stderr)")));
    }
    out
}

/// `bestmove M [ponder P]`; `bestmove (none)` without a legal move.
fn best_move(line: &Variation) -> String {
    let texts = line.first_moves(2).texts(&UciNotation);
    match &texts[..] {
        [m, p, ..] => format!("bestmove {m} ponder {p}"),
        [m] => format!("bestmove {m}"),
        [] => "bestmove (none)".into(),
    }
}

/// Why `position` changed nothing.
fn refused(fault: &PositionFault) -> String {
    let reason = match fault {
        PositionFault::Fen(reason) => format!("illegal position: {reason}"),
        PositionFault::Move(name) => format!("illegal move {}", notation::write(name)),
    };
    say(&format!("error ({reason}): position (unchanged)"))
}

/// The split as Fairy-Stockfish prints it: `MOVE: N` lines, a blank line,
/// `Nodes searched: TOTAL`, a blank line.
fn perft(split: &[(Variation, u64)]) -> Vec<String> {
    let mut out: Vec<String> = split
        .iter()
        .flat_map(|(line, n)| {
            let texts = line.texts(&UciNotation);
            texts.into_iter().take(1).map(move |m| format!("{m}: {n}"))
        })
        .collect();
    let total: u64 = split.iter().map(|(_, n)| n).sum();
    out.push(String::new());
    out.push(format!("Nodes searched: {total}"));
    out.push(String::new());
    out
}

/// `info depth D seldepth S multipv K score ... [lowerbound|upperbound]
/// nodes N nps N hashfull H time T pv ...`.
fn info(t: &Thinking) -> String {
    let bound = match t.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    let ms = t.centis.saturating_mul(10);
    let nps = u128::from(t.nodes) * 1000 / u128::from(ms.max(1));
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{bound} nodes {} nps {} hashfull {} time {ms}",
        t.depth,
        t.seldepth.max(t.depth),
        t.multipv.max(1),
        score(t.score),
        t.nodes,
        u64::try_from(nps).unwrap_or(u64::MAX),
        t.hashfull.min(1000),
    );
    if !t.pv.is_empty() {
        line.push_str(" pv");
        for m in t.pv.texts(&UciNotation) {
            line.push(' ');
            line.push_str(&m);
        }
    }
    line
}

/// `cp N`, or `mate N` in moves (negative when the engine is mated).
#[must_use]
pub fn score(score: Score) -> String {
    if score >= MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        format!("mate {}", -((MATE + score + 1) / 2))
    } else {
        format!("cp {score}")
    }
}

/// The answer to `uci`.
fn identify(hello: &Hello) -> Vec<String> {
    let mut out = vec![
        format!("id name {}", hello.name),
        format!("id author {AUTHOR}"),
    ];
    out.extend(protocol_options(hello));
    out.extend(
        hello
            .options
            .iter()
            .filter(|o| !XBOARD_ONLY.contains(&o.name.as_str()))
            .filter(|o| RENAMED.iter().all(|(name, _)| o.name != *name))
            .map(|o| engine_option(o, &o.name)),
    );
    out.push("uciok".into());
    out
}

/// UCI's standard options, the engine's under UCI's names at their
/// current values.
fn protocol_options(hello: &Hello) -> Vec<String> {
    let renamed = |engine_name: &str| -> Vec<String> {
        let uci_name = RENAMED
            .iter()
            .find(|(name, _)| *name == engine_name)
            .map_or(engine_name, |(_, uci)| uci);
        hello
            .options
            .iter()
            .filter(|o| o.name == engine_name)
            .map(|o| engine_option(o, uci_name))
            .collect()
    };
    let mut games: Vec<&str> = hello
        .variants
        .iter()
        .map(|g| variants::uci_name(g))
        .collect();
    games.dedup();
    let combo: String = games.iter().map(|g| format!(" var {g}")).collect();
    let mut out = vec![
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        "option name Clear Hash type button".into(),
        "option name Ponder type check default false".into(),
    ];
    out.extend(renamed(MULTI_PV));
    out.push(format!(
        "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max {MAX_OVERHEAD_MS}"
    ));
    out.push("option name UCI_Chess960 type check default false".into());
    out.push(format!(
        "option name UCI_Variant type combo default {}{combo}",
        variants::DEFAULT
    ));
    out.extend(renamed(LIMIT_STRENGTH));
    out.extend(renamed(ELO));
    out
}

/// One engine option in UCI's syntax under `name` (files and paths are
/// strings).
fn engine_option(o: &EngineOption, name: &str) -> String {
    let text = |s: &str| {
        if s.is_empty() {
            "<empty>".to_string()
        } else {
            s.to_string()
        }
    };
    let kind = match &o.kind {
        OptionKind::Spin { default, min, max } => {
            format!("spin default {default} min {min} max {max}")
        }
        OptionKind::Check(on) => format!("check default {on}"),
        OptionKind::File(path) | OptionKind::Path(path) => {
            format!("string default {}", text(path))
        }
        OptionKind::Combo { default, choices } => {
            let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
            format!("combo default {default}{vars}")
        }
    };
    format!("option name {name} type {kind}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variation::sample;

    #[test]
    fn scores_are_centipawns_or_moves_to_mate() {
        assert_eq!(score(35), "cp 35");
        assert_eq!(score(-120), "cp -120");
        assert_eq!(score(MATE - 1), "mate 1");
        assert_eq!(score(MATE - 3), "mate 2");
        assert_eq!(score(-(MATE - 2)), "mate -1");
        assert_eq!(score(-MATE), "mate 0");
    }

    /// Every engine option reaches UCI, under UCI's name where it has one
    /// and at its current value, but those of XBoard's model alone.
    #[test]
    fn every_engine_option_is_presented() {
        use crate::engine::library::Library;
        use crate::engine::options::{advertised, Settings};
        let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
        let (library, _) = Library::load(Some(ini));
        let mut settings = Settings::default();
        settings.strength.limited = true;
        settings.strength.set_elo(1800);
        settings.multi_pv = 3;
        let options = advertised(&library, &settings, "");
        let hello = Hello {
            name: "Nightrider".into(),
            variants: vec!["normal".into()],
            options: options.clone(),
        };
        let out = lines(&Event::Hello(hello));
        for wanted in [
            "option name MultiPV type spin default 3 min 1 max 32",
            "option name UCI_LimitStrength type check default true",
            "option name UCI_Elo type spin default 1800 min 1200 max 2700",
        ] {
            assert_eq!(out.iter().filter(|l| *l == wanted).count(), 1, "{out:?}");
        }
        for o in &options {
            let name = RENAMED
                .iter()
                .find(|(engine, _)| *engine == o.name)
                .map_or(o.name.as_str(), |(_, uci)| uci);
            let shown = out
                .iter()
                .filter(|l| l.starts_with(&format!("option name {name} type ")))
                .count();
            let expected = usize::from(!XBOARD_ONLY.contains(&o.name.as_str()));
            assert_eq!(shown, expected, "{}: {out:?}", o.name);
        }
    }

    #[test]
    fn events_become_exact_lines() {
        let t = Thinking {
            depth: 5,
            seldepth: 9,
            multipv: 2,
            hashfull: 12,
            score: -12,
            centis: 50,
            nodes: 5678,
            pv: crate::engine::variation::sample("normal", &[], &["e2e4", "e7e5"]),
            bound: Bound::Exact,
        };
        assert_eq!(
            lines(&Event::Thinking(t.clone())),
            ["info depth 5 seldepth 9 multipv 2 score cp -12 nodes 5678 nps 11356 hashfull 12 time 500 pv e2e4 e7e5"]
        );
        let high = Thinking {
            bound: Bound::Lower,
            multipv: 1,
            ..t.clone()
        };
        assert_eq!(
            lines(&Event::Thinking(high)),
            ["info depth 5 seldepth 9 multipv 1 score cp -12 lowerbound nodes 5678 nps 11356 hashfull 12 time 500 pv e2e4 e7e5"]
        );
        let low = Thinking {
            bound: Bound::Upper,
            score: MATE - 3,
            pv: crate::engine::variation::sample("normal", &[], &[]),
            ..t
        };
        assert_eq!(
            lines(&Event::Thinking(low)),
            ["info depth 5 seldepth 9 multipv 2 score mate 2 upperbound nodes 5678 nps 11356 hashfull 12 time 500"]
        );
        let current = Event::CurrentMove {
            depth: 12,
            line: crate::engine::variation::sample("xiangqi", &["a0a1"], &["a9a8"]),
            number: 3,
        };
        assert_eq!(
            lines(&current),
            ["info depth 12 currmove a10a9 currmovenumber 3"]
        );
        let errors: Vec<String> = (1..=5).map(|n| format!("a.ini:{n}: bad")).collect();
        assert_eq!(
            lines(&Event::ConfigErrors(errors)),
            [
                "info string a.ini:1: bad",
                "info string a.ini:2: bad",
                "info string a.ini:3: bad",
                "info string and 2 more errors (on stderr)"
            ]
        );
        let best = Event::BestMove(sample("xiangqi", &["a0a1"], &["a9a8", "b0c2", "a8a7"]));
        assert_eq!(lines(&best), ["bestmove a10a9 ponder b1c3"]);
        let alone = Event::BestMove(sample("seirawan", &[], &["b1c3h"]));
        assert_eq!(lines(&alone), ["bestmove b1c3h"]);
        let none = Event::BestMove(sample("normal", &[], &[]));
        assert_eq!(lines(&none), ["bestmove (none)"]);
        let refused = |fault| lines(&Event::PositionRefused(fault));
        let e7e9 = super::notation::read("e7e9").expect("a move text");
        assert_eq!(
            refused(PositionFault::Move(e7e9)),
            ["info string error (illegal move e7e9): position (unchanged)"]
        );
        assert_eq!(
            refused(PositionFault::Fen("no kings".into())),
            ["info string error (illegal position: no kings): position (unchanged)"]
        );
        let split = Event::Perft(vec![
            (sample("normal", &[], &["e2e4"]), 20),
            (sample("normal", &[], &["d2d4"]), 20),
        ]);
        assert_eq!(
            lines(&split),
            ["e2e4: 20", "d2d4: 20", "", "Nodes searched: 40", ""]
        );
        assert_eq!(lines(&Event::TellUser("a\nb".into())), ["info string a b"]);
        let echoed = Event::Error {
            reason: "unknown command".into(),
            command: "a\u{0}b\u{1b}[31m\u{7f}\tc".into(),
        };
        assert_eq!(
            lines(&echoed),
            ["info string error (unknown command): a\\x00b\\x1b[31m\\x7f\tc"]
        );
        assert_eq!(lines(&Event::OfferDraw), Vec::<String>::new());
    }
}
