//! The UCI campaign: generated UCI sessions as a careless GUI would send
//! them (every command with valid and garbage arguments, variants chosen
//! by `UCI_Variant`, positions with legal and random moves, short
//! searches, `stop`/`ponderhit` at any time, `isready` sync points), and
//! the check that every output line is a UCI line.

use crate::campaign::Ctx;
use crate::corpus::Corpus;
use crate::generate::{garbage, garbage_number, mutate_fen, random_move, ProtocolGen};
use crate::mutate;
use crate::protocol::sessions;
use nightrider::engine::dispatch::AnyGame;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::ops::Range;

/// Shortest and longest session, in lines.
const SESSION_LINES: (usize, usize) = (20, 300);

/// Option names UCI GUIs see, and one the engine does not know.
const OPTIONS: &[&str] = &[
    "Hash",
    "Threads",
    "MultiPV",
    "Ponder",
    "Move Overhead",
    "Clear Hash",
    "UCI_Chess960",
    "UCI_Variant",
    "UCI_LimitStrength",
    "UCI_Elo",
    "IniFile",
    "UseBook",
    "BookFile",
    "BookRandom",
    "Learning",
    "NoSuchOption",
];

/// Words worth inserting into UCI lines. Not `perft`: `go perft N` runs
/// on the control thread (as Fairy-Stockfish's does), so a deep one keeps
/// `isready` waiting by design; the generator asks only shallow ones.
const UCI_TOKENS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "setoption",
    "name",
    "value",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "stop",
    "ponderhit",
    "0000",
    " ",
    "-1",
    "e2e4",
    "a10a9",
    "b1c3h",
];

/// UCI sessions until `lines` lines were fed.
pub fn uci(ctx: &Ctx, lines: u64) {
    sessions(ctx, "uci", "UCI", lines, |mut rng| {
        let len = rng.gen_range(SESSION_LINES.0..=SESSION_LINES.1);
        let input = UciGen::new(ctx.corpus, rng).session(len);
        (ctx.base_files.clone(), input)
    });
}

/// Whether `line` is something the UCI front end may say: `id`,
/// `option`, `uciok`, `readyok`, `info ...`, `bestmove M [ponder P]`, or
/// the `go perft` split (`MOVE: N`, blank, `Nodes searched: N`).
pub fn conforms(line: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(line) else {
        return Err("not UTF-8".into());
    };
    if let Some(c) = text.chars().find(|&c| c.is_control() && c != '\t') {
        return Err(format!("control character U+{:04X}", u32::from(c)));
    }
    let words: Vec<&str> = text.split(' ').collect();
    match words[..] {
        [""] | ["uciok"] | ["readyok"] => Ok(()),
        ["id", "name" | "author", _, ..] | ["option", "name", _, ..] => Ok(()),
        ["info", "string", ..] => Ok(()),
        ["info", "depth", d, ..] if d.parse::<u32>().is_ok() => Ok(()),
        ["bestmove", m] | ["bestmove", m, "ponder", _] if !m.is_empty() => Ok(()),
        ["Nodes", "searched:", n] if n.parse::<u64>().is_ok() => Ok(()),
        [m, n] if m.ends_with(':') && m.len() > 1 && n.parse::<u64>().is_ok() => Ok(()),
        _ => Err("not a UCI line".into()),
    }
}

/// Generates UCI sessions.
struct UciGen<'a> {
    corpus: &'a Corpus,
    rng: StdRng,
    /// The variant selected (the engine's name) and its game while the
    /// generator follows it.
    variant: String,
    game: Option<AnyGame>,
    /// Moves played from the start in `game`.
    moves: Vec<String>,
    out: Vec<Vec<u8>>,
}

impl ProtocolGen for UciGen<'_> {
    const FIRST_SYNC: Range<u32> = 1..10;
    const SYNC_EVERY: Range<u32> = 1..12;

    fn rng(&mut self) -> &mut StdRng {
        &mut self.rng
    }

    fn out(&mut self) -> &mut Vec<Vec<u8>> {
        &mut self.out
    }

    /// `uci`, a small hash table and `isready`.
    fn handshake(&mut self) {
        self.push("uci");
        self.push("setoption name Hash value 2");
        self.push("isready");
    }

    fn step(&mut self) {
        match self.rng.gen_range(0..100) {
            0..=29 => self.position_and_go(),
            30..=39 => self.position(),
            40..=47 => self.go(),
            48..=52 => self.push("stop"),
            53..=55 => self.push("ponderhit"),
            56..=59 => self.push("ucinewgame"),
            60..=67 => self.variant(),
            68..=75 => self.option(),
            76..=79 => self.perft(),
            80..=87 => self.mutated_line(),
            88..=92 => {
                let line = garbage(&mut self.rng);
                self.push_bytes(line);
            }
            _ => self.long_search_stopped(),
        }
    }

    fn sync(&mut self) {
        self.push("isready");
    }
}

impl<'a> UciGen<'a> {
    fn new(corpus: &'a Corpus, rng: StdRng) -> UciGen<'a> {
        UciGen {
            corpus,
            rng,
            variant: "normal".into(),
            game: corpus.game("normal"),
            moves: Vec::new(),
            out: Vec::new(),
        }
    }

    /// `setoption name UCI_Variant value NAME` (any game, or garbage).
    fn variant(&mut self) {
        if self.rng.gen_bool(0.85) {
            let i = self.rng.gen_range(0..self.corpus.variants.len());
            let name = self.corpus.variants[i].name.clone();
            let uci = nightrider::uci::variants::uci_name(&name).to_string();
            self.push(&format!("setoption name UCI_Variant value {uci}"));
            self.game = self.corpus.game(&name);
            self.variant = name;
            self.moves.clear();
        } else {
            let mut line = b"setoption name UCI_Variant value ".to_vec();
            line.extend(garbage(&mut self.rng));
            self.push_bytes(line);
            self.game = None;
        }
    }

    /// `position startpos moves ...` with the game's legal moves, or a FEN
    /// of the variant (sometimes mutated), or random moves.
    fn position(&mut self) {
        match self.rng.gen_range(0..10) {
            0..=5 => {
                let n = self.rng.gen_range(0..4);
                self.play_on(n);
                let mut line = "position startpos".to_string();
                if !self.moves.is_empty() {
                    line.push_str(" moves ");
                    line.push_str(&self.moves.join(" "));
                }
                self.push(&line);
            }
            6..=7 => {
                let fens = self
                    .corpus
                    .variants
                    .iter()
                    .find(|v| v.name == self.variant)
                    .map(|v| v.fens.clone())
                    .unwrap_or_default();
                let fen = fens.choose(&mut self.rng).cloned().unwrap_or_default();
                let mut line = b"position fen ".to_vec();
                if self.rng.gen_bool(0.5) {
                    line.extend(fen.as_bytes());
                } else {
                    line.extend(mutate_fen(&mut self.rng, &fen));
                }
                self.push_bytes(line);
                self.game = None;
            }
            _ => {
                let n = self.rng.gen_range(1..6);
                let moves: Vec<String> = (0..n).map(|_| random_move(&mut self.rng)).collect();
                self.push(&format!("position startpos moves {}", moves.join(" ")));
                self.game = None;
            }
        }
    }

    /// Plays up to `n` legal moves on the followed game.
    fn play_on(&mut self, n: usize) {
        for _ in 0..n {
            let Some(game) = &mut self.game else { return };
            let legal = game.legal_move_texts();
            let Some(m) = legal.choose(&mut self.rng).cloned() else {
                return;
            };
            if game.play_text(&m).is_err() {
                self.game = None;
                return;
            }
            self.moves.push(m);
        }
    }

    fn position_and_go(&mut self) {
        self.position();
        self.go();
    }

    /// A short search, with every `go` word sometimes given garbage.
    fn go(&mut self) {
        let limit = match self.rng.gen_range(0..8) {
            0 => format!("depth {}", self.rng.gen_range(1..=4)),
            1 => format!("nodes {}", self.rng.gen_range(1..=3000)),
            2 => format!("movetime {}", self.rng.gen_range(1..=40)),
            3 => format!(
                "wtime {} btime {} winc {} binc {}",
                self.rng.gen_range(0..=500),
                self.rng.gen_range(0..=500),
                self.rng.gen_range(0..=20),
                self.rng.gen_range(0..=20)
            ),
            4 => format!(
                "wtime {} btime {} movestogo {}",
                self.rng.gen_range(0..=500),
                self.rng.gen_range(0..=500),
                self.rng.gen_range(0..=40)
            ),
            5 => format!("mate {} movetime 30", self.rng.gen_range(1..=3)),
            6 => format!(
                "depth 3 searchmoves {} {}",
                random_move(&mut self.rng),
                self.moves.last().cloned().unwrap_or_default()
            ),
            _ => {
                let word = *["wtime", "depth", "nodes", "movetime", "mate", "movestogo"]
                    .choose(&mut self.rng)
                    .unwrap_or(&"depth");
                let mut line = format!("go {word} ").into_bytes();
                line.extend(garbage_number(&mut self.rng));
                line.extend_from_slice(b" movetime 20");
                self.push_bytes(line);
                return;
            }
        };
        self.push(&format!("go {limit}"));
    }

    /// `go infinite` or `go ponder ...`, a few lines, then `stop` or
    /// `ponderhit` (a session never waits on an endless search).
    fn long_search_stopped(&mut self) {
        if self.rng.gen_bool(0.5) {
            self.push("go infinite");
        } else {
            self.push("go ponder wtime 300 btime 300");
        }
        for _ in 0..self.rng.gen_range(0..3) {
            let line = *[
                "isready",
                "setoption name Clear Hash",
                "ucinewgame",
                "go depth 2",
            ]
            .choose(&mut self.rng)
            .unwrap_or(&"isready");
            self.push(line);
        }
        let end = *["stop", "ponderhit", "stop"]
            .choose(&mut self.rng)
            .unwrap_or(&"stop");
        self.push(end);
    }

    /// `go perft N`, shallow (see [`UCI_TOKENS`]), or with a depth that
    /// is not a number or out of range.
    fn perft(&mut self) {
        let depth = match self.rng.gen_range(0..10) {
            0 => "0".to_string(),
            1 => "21".to_string(),
            2 => "-3".to_string(),
            3 => "x".to_string(),
            4 => "18446744073709551616".to_string(),
            n => (1 + n % 2).to_string(),
        };
        self.push(&format!("go perft {depth}"));
    }

    /// `setoption` with a valid or garbage value (tables stay small).
    fn option(&mut self) {
        let name = *OPTIONS.choose(&mut self.rng).unwrap_or(&"Hash");
        let value: Vec<u8> = match (name, self.rng.gen_range(0..3)) {
            ("Hash", 0) => self.rng.gen_range(1..=8).to_string().into_bytes(),
            ("Threads", 0) => self.rng.gen_range(1..=2).to_string().into_bytes(),
            ("MultiPV", 0) => self.rng.gen_range(1..=4).to_string().into_bytes(),
            ("Ponder" | "UCI_Chess960" | "UCI_LimitStrength" | "UseBook", 0 | 1) => {
                (*["true", "false"].choose(&mut self.rng).unwrap_or(&"true"))
                    .as_bytes()
                    .to_vec()
            }
            ("UCI_Elo", 0) => self.rng.gen_range(400..=2800).to_string().into_bytes(),
            ("IniFile" | "BookFile", 0) => b"fmax.ini".to_vec(),
            ("Hash" | "Threads", _) => b"-1".to_vec(),
            _ => garbage(&mut self.rng),
        };
        let mut line = format!("setoption name {name}").into_bytes();
        if name != "Clear Hash" || self.rng.gen_bool(0.2) {
            line.extend_from_slice(b" value ");
            line.extend(value);
        }
        self.push_bytes(line);
        if matches!(name, "UCI_Chess960" | "IniFile") {
            self.game = None;
        }
    }

    /// A valid line with UCI words, bytes and numbers inserted or removed.
    fn mutated_line(&mut self) {
        let base = *[
            "position startpos moves e2e4 e7e5",
            "go wtime 100 btime 100 winc 1 binc 1",
            "setoption name UCI_Variant value capablanca",
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4",
            "go depth 2 searchmoves e2e4",
            "setoption name Move Overhead value 30",
        ]
        .choose(&mut self.rng)
        .unwrap_or(&"go depth 1");
        let line = mutate::text(&mut self.rng, base.as_bytes(), UCI_TOKENS, 3);
        self.push_bytes(line);
        self.game = None;
    }
}

#[cfg(test)]
mod tests {
    use super::conforms;

    #[test]
    fn uci_lines_conform_and_others_do_not() {
        for ok in [
            "id name Nightrider 1.0",
            "option name Hash type spin default 64 min 1 max 65536",
            "uciok",
            "readyok",
            "info string error (bad value): go depth x",
            "info depth 3 seldepth 5 multipv 1 score cp 12 nodes 99 nps 1 hashfull 0 time 2 pv e2e4",
            "info depth 9 currmove a10a9 currmovenumber 2",
            "bestmove e2e4 ponder e7e5",
            "bestmove (none)",
            "e2e4: 20",
            "",
            "Nodes searched: 400",
        ] {
            assert_eq!(conforms(ok.as_bytes()), Ok(()), "{ok}");
        }
        for bad in [
            "Error (unknown command): x",
            "move e2e4",
            "bestmove",
            "bestmove e2e4 e7e5",
            "info",
            "info depth x",
            "info string a\u{1}b",
        ] {
            assert!(conforms(bad.as_bytes()).is_err(), "{bad}");
        }
        assert!(conforms(b"info string \xff").is_err());
    }
}
