//! Input generators: XBoard sessions and console sessions as a careless
//! user or a buggy GUI would send them, and the session shape XBoard and
//! UCI sessions share ([`ProtocolGen`]). Every command the engine accepts
//! (src/xboard/parse.rs, the console's table) comes with valid arguments
//! and with garbage (out of range, huge, negative, non-ASCII, control
//! bytes, empty, very long), interleaved with `go`, `?`, `new`, `force`,
//! `usermove`, `setboard`, `variant NAME` of every variant and sync pings.
//!
//! Moves are legal where the generator knows the position (after `new`,
//! `variant` or a valid `setboard`, until the engine's own moves make it
//! unknown; the engine's library lists them), random move text otherwise.
//! Time limits stay short: any long or garbage limit is followed within a
//! few lines by a short one, so a session mostly runs at full speed.

use crate::corpus::{Corpus, FINISHED};
use crate::mutate::{self, NUMBERS, ODD_BYTES, ODD_TEXT};
use nightrider::engine::dispatch::AnyGame;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::ops::Range;

/// Option names the engine advertises, and one it does not.
const OPTIONS: &[&str] = &[
    "IniFile",
    "FairyVariant",
    "MakrukRules",
    "MultiPvLines",
    "ResignThreshold",
    "DrawScore",
    "LimitStrength",
    "Elo",
    "UseBook",
    "BookFile",
    "BookDir",
    "BookRandom",
    "BookWidth",
    "Learning",
    "LearningStrength",
    "Variation",
    "NoSuchOption",
];

/// XBoard commands without arguments or whose argument is free text.
const PLAIN: &[&str] = &[
    "new",
    "force",
    "go",
    "?",
    "playother",
    "white",
    "black",
    "random",
    "computer",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    "exit",
    ".",
    "pause",
    "resume",
    "hint",
    "bk",
    "undo",
    "remove",
    "draw",
    "setscore",
    "partner",
    "ptell hi",
    "holding [Q] [r]",
    "bogus",
    "l",
    "ics_chatter",
    "xboard",
    "protover 2",
    "accepted done",
    "rejected sigterm",
];

/// Words for garbage lines and arguments.
const WORDS: &[&str] = &[
    "usermove", "setboard", "variant", "level", "time", "otim", "st", "sd", "nps", "memory",
    "cores", "option", "ping", "result", "name", "rating", "ics", "egtpath", "exclude", "include",
    "lift", "put", "hover", "edit", "analyze", "e2e4", "O-O", "P@e4", "@@@@", "=", "-", "/", "[",
    "]", "{", "}", "(", ")", ";", "\"", "#", "*", "+", ",", "\\", "%",
];

/// A generator of one protocol's sessions: a handshake, random steps
/// with a sync line (`ping N`, `isready`) every few steps, a last sync,
/// and mostly `quit`.
pub trait ProtocolGen {
    /// Steps before the first sync line.
    const FIRST_SYNC: Range<u32>;
    /// Steps between two sync lines after that.
    const SYNC_EVERY: Range<u32>;

    /// The generator's random stream.
    fn rng(&mut self) -> &mut StdRng;
    /// The lines generated so far.
    fn out(&mut self) -> &mut Vec<Vec<u8>>;
    /// The first lines of a session (and resetting what the generator
    /// follows of the engine's state).
    fn handshake(&mut self);
    /// One random step (one or a few lines).
    fn step(&mut self);
    /// One sync line.
    fn sync(&mut self);

    /// One session of about `lines` lines.
    fn session(&mut self, lines: usize) -> Vec<Vec<u8>> {
        self.out().clear();
        self.handshake();
        let mut next_sync = self.rng().gen_range(Self::FIRST_SYNC);
        while self.out().len() < lines {
            self.step();
            next_sync -= 1;
            if next_sync == 0 {
                self.sync();
                next_sync = self.rng().gen_range(Self::SYNC_EVERY);
            }
        }
        self.sync();
        if self.rng().gen_bool(0.9) {
            self.push("quit");
        }
        std::mem::take(self.out())
    }

    /// Adds a line.
    fn push(&mut self, line: &str) {
        self.push_bytes(line.as_bytes().to_vec());
    }

    /// Adds a line; newlines inside become blanks (they would split it).
    fn push_bytes(&mut self, mut line: Vec<u8>) {
        for b in &mut line {
            if *b == b'\n' {
                *b = b' ';
            }
        }
        self.out().push(line);
    }
}

/// Generates XBoard sessions.
pub struct XboardGen<'a> {
    corpus: &'a Corpus,
    rng: StdRng,
    /// Index of the variant the engine plays, as far as known.
    variant: usize,
    /// The engine's position while the generator can follow it.
    game: Option<AnyGame>,
    pings: u64,
    out: Vec<Vec<u8>>,
}

impl ProtocolGen for XboardGen<'_> {
    const FIRST_SYNC: Range<u32> = 1..12;
    const SYNC_EVERY: Range<u32> = 1..16;

    fn rng(&mut self) -> &mut StdRng {
        &mut self.rng
    }

    fn out(&mut self) -> &mut Vec<Vec<u8>> {
        &mut self.out
    }

    /// `xboard`, `protover 2`, a small `memory` (as GUIs send it first: a
    /// session is short), a ping and short limits, in chess.
    fn handshake(&mut self) {
        self.variant = self.normal_index();
        self.game = self.corpus.game("normal");
        self.push("xboard");
        self.push("protover 2");
        let memory = format!("memory {}", self.rng.gen_range(1..=4));
        self.push(&memory);
        self.ping();
        self.short_limit();
    }

    fn step(&mut self) {
        match self.rng.gen_range(0..100) {
            0..=17 => self.a_move(),
            18..=23 => {
                self.push("go");
                self.game = None;
            }
            24..=26 => self.push("?"),
            27..=30 => self.push("force"),
            31..=33 => self.new_game(),
            34..=36 => self.variant_command(),
            37..=42 => self.setboard(),
            43..=45 => self.short_limit(),
            46..=47 => self.garbage_limit(),
            48..=49 => self.take_back(),
            50..=57 => self.plain(),
            58 => self.edit(),
            59 => self.result(),
            60..=62 => self.option(),
            63 => self.memory_or_cores(),
            64..=67 => self.other_command(),
            68..=72 => self.garbage_line(),
            73 => {
                let blank = *["", " ", "\t", "\r", "  \r"]
                    .choose(&mut self.rng)
                    .unwrap_or(&"");
                self.push(blank);
            }
            74 => self.finished_position(),
            75 => self.replace_while_thinking(),
            76 => self.garbage_ping(),
            77..=80 => self.exclude(),
            81..=84 => self.long_line_or_bytes(),
            _ => self.a_move(),
        }
    }

    fn sync(&mut self) {
        self.ping();
    }
}

impl<'a> XboardGen<'a> {
    /// A generator drawing from `corpus` with its own random stream.
    pub fn new(corpus: &'a Corpus, rng: StdRng) -> XboardGen<'a> {
        XboardGen {
            corpus,
            rng,
            variant: 0,
            game: None,
            pings: 0,
            out: Vec::new(),
        }
    }

    fn normal_index(&self) -> usize {
        self.corpus
            .variants
            .iter()
            .position(|v| v.name == "normal")
            .unwrap_or(0)
    }

    fn ping(&mut self) {
        self.pings += 1;
        let line = format!("ping {}", self.pings);
        self.push(&line);
    }

    /// A short move time (`new` keeps it) and sometimes a small depth or
    /// a fast game clock as well.
    fn short_limit(&mut self) {
        let st = format!("st 0.0{}", self.rng.gen_range(1..=5));
        self.push(&st);
        match self.rng.gen_range(0..4) {
            0 => {
                let sd = format!("sd {}", self.rng.gen_range(1..=3));
                self.push(&sd);
            }
            1 => {
                self.push("level 0 0:02 0");
                self.push("time 200");
                self.push("otim 200");
            }
            _ => {}
        }
    }

    fn variant_name(&mut self) -> String {
        let i = self.rng.gen_range(0..self.corpus.variants.len());
        self.corpus.variants[i].name.clone()
    }

    fn a_move(&mut self) {
        let legal = self.game.as_mut().map(AnyGame::legal_move_texts);
        let text = match legal {
            Some(moves) if !moves.is_empty() && self.rng.gen_bool(0.85) => {
                let m = moves.choose(&mut self.rng).cloned().unwrap_or_default();
                if let Some(game) = &mut self.game {
                    if game.play_text(&m).is_err() {
                        self.game = None;
                    }
                }
                m
            }
            _ => {
                self.game = None;
                random_move(&mut self.rng)
            }
        };
        let line = if self.rng.gen_bool(0.8) {
            format!("usermove {text}")
        } else {
            text
        };
        self.push(&line);
    }

    fn new_game(&mut self) {
        self.push("new");
        self.variant = self.normal_index();
        self.game = self.corpus.game("normal");
    }

    fn variant_command(&mut self) {
        match self.rng.gen_range(0..10) {
            0 => {
                let g = garbage(&mut self.rng);
                self.push_bytes([b"variant ".as_slice(), &g].concat());
                self.game = None;
            }
            1 => {
                let name = self.variant_name();
                let (w, h) = (self.rng.gen_range(0..20), self.rng.gen_range(0..20));
                self.push(&format!("variant {w}x{h}+0_{name}"));
                self.game = None;
            }
            _ => {
                let i = self.rng.gen_range(0..self.corpus.variants.len());
                let name = self.corpus.variants[i].name.clone();
                self.push(&format!("variant {name}"));
                self.variant = i;
                self.game = self.corpus.game(&name);
            }
        }
    }

    fn setboard(&mut self) {
        let v = &self.corpus.variants[self.variant];
        let fen = v.fens.choose(&mut self.rng).cloned().unwrap_or_default();
        match self.rng.gen_range(0..10) {
            0..=4 => {
                let mut game = self.corpus.game(&v.name);
                if let Some(g) = &mut game {
                    if g.set_fen(&fen).is_err() {
                        game = None;
                    }
                }
                self.game = game;
                self.push(&format!("setboard {fen}"));
            }
            5 => {
                let other = self.corpus.any_variant(&mut self.rng);
                let fen = other
                    .fens
                    .choose(&mut self.rng)
                    .cloned()
                    .unwrap_or_default();
                self.push(&format!("setboard {fen}"));
                self.game = None;
            }
            6..=8 => {
                let bad = mutate_fen(&mut self.rng, &fen);
                self.push_bytes([b"setboard ".as_slice(), &bad].concat());
                self.game = None;
            }
            _ => {
                let g = garbage(&mut self.rng);
                self.push_bytes([b"setboard ".as_slice(), &g].concat());
                self.game = None;
            }
        }
    }

    /// A long or garbage time limit, soon replaced by a short one.
    fn garbage_limit(&mut self) {
        let word = *["level", "st", "sd", "nps", "time", "otim"]
            .choose(&mut self.rng)
            .unwrap_or(&"st");
        let args = if word == "level" {
            let mut a = Vec::new();
            for _ in 0..self.rng.gen_range(0..5) {
                a.extend_from_slice(&garbage_number(&mut self.rng));
                a.push(b' ');
            }
            a
        } else {
            garbage_number(&mut self.rng)
        };
        self.push_bytes([word.as_bytes(), b" ", &args].concat());
        for _ in 0..self.rng.gen_range(0..3) {
            self.plain();
        }
        if word == "nps" {
            self.push("nps 0");
        }
        self.short_limit();
    }

    fn take_back(&mut self) {
        let word = if self.rng.gen_bool(0.5) {
            "undo"
        } else {
            "remove"
        };
        self.push(word);
        self.game = None;
    }

    fn plain(&mut self) {
        let line = *PLAIN.choose(&mut self.rng).unwrap_or(&"go");
        self.push(line);
        if matches!(
            line,
            "go" | "playother" | "white" | "black" | "undo" | "remove" | "analyze" | "resume"
        ) {
            self.game = None;
        }
        if line == "new" {
            self.variant = self.normal_index();
            self.game = self.corpus.game("normal");
        }
    }

    fn edit(&mut self) {
        self.push("edit");
        for _ in 0..self.rng.gen_range(0..8) {
            let line = match self.rng.gen_range(0..6) {
                0 => "#".to_string(),
                1 => "c".to_string(),
                2 => {
                    let piece = *b"PNBRQKAC".choose(&mut self.rng).unwrap_or(&b'P') as char;
                    format!("{piece}{}", random_square(&mut self.rng))
                }
                3 => format!("x{}", random_square(&mut self.rng)),
                4 => String::from_utf8_lossy(&garbage(&mut self.rng)).into_owned(),
                _ => "Ke1".to_string(),
            };
            self.push(&line);
        }
        if self.rng.gen_bool(0.9) {
            self.push(".");
        }
        self.game = None;
    }

    fn result(&mut self) {
        let line = match self.rng.gen_range(0..4) {
            0 => "result 1-0 {White mates}".to_string(),
            1 => "result 1/2-1/2 {Draw}".to_string(),
            2 => "result * {xboard exit}".to_string(),
            _ => format!(
                "result {}",
                String::from_utf8_lossy(&garbage(&mut self.rng))
            ),
        };
        self.push(&line);
    }

    fn option(&mut self) {
        let name = *OPTIONS.choose(&mut self.rng).unwrap_or(&"UseBook");
        let value: Vec<u8> = match (name, self.rng.gen_range(0..4)) {
            ("IniFile", 0) => b"fmax.ini".to_vec(),
            ("IniFile", 1) => b"mutated.ini".to_vec(),
            ("BookDir", 0 | 1) => b"books".to_vec(),
            ("BookFile", 0) => b"books/normal.nbk".to_vec(),
            ("BookFile", 1) => b"book.bin".to_vec(),
            ("FairyVariant", 0) => b"Clobberers-FIDE".to_vec(),
            ("MakrukRules", 0) => b"Cambodian".to_vec(),
            ("LimitStrength", 0 | 1) => self.rng.gen_range(0..=1).to_string().into_bytes(),
            ("Elo", 0) => self.rng.gen_range(400..=2800).to_string().into_bytes(),
            (_, 0 | 1) => self.rng.gen_range(-5..120).to_string().into_bytes(),
            _ => garbage(&mut self.rng),
        };
        let line = match self.rng.gen_range(0..8) {
            0 => format!("option {name}").into_bytes(),
            1 => format!("option {name} =").into_bytes(),
            _ => [format!("option {name}=").as_bytes(), &value].concat(),
        };
        self.push_bytes(line);
        if name == "IniFile" {
            self.variant = self.normal_index();
            self.game = None;
        }
    }

    fn memory_or_cores(&mut self) {
        let word = if self.rng.gen_bool(0.6) {
            "memory"
        } else {
            "cores"
        };
        let arg = if self.rng.gen_bool(0.7) {
            self.rng.gen_range(1..=16).to_string().into_bytes()
        } else {
            garbage_number(&mut self.rng)
        };
        self.push_bytes([word.as_bytes(), b" ", &arg].concat());
    }

    fn other_command(&mut self) {
        let word = *[
            "name", "rating", "ics", "egtpath", "lift", "put", "hover", "protover", "accepted",
            "rejected", "time", "otim", "sd", "st", "nps", "level", "memory", "cores", "variant",
            "usermove", "setboard", "option", "exclude", "include", "result", "ping",
        ]
        .choose(&mut self.rng)
        .unwrap_or(&"name");
        let arg = match self.rng.gen_range(0..4) {
            0 => Vec::new(),
            1 => random_square(&mut self.rng).into_bytes(),
            _ => garbage(&mut self.rng),
        };
        let line = if arg.is_empty() {
            word.as_bytes().to_vec()
        } else {
            [word.as_bytes(), b" ", &arg].concat()
        };
        self.push_bytes(line);
        if matches!(word, "variant" | "usermove" | "setboard" | "option") {
            self.game = None;
        }
        if word == "variant" || word == "option" {
            self.variant = self.normal_index();
        }
        if matches!(word, "time" | "otim" | "sd" | "st" | "nps" | "level") {
            self.short_limit();
        }
    }

    fn garbage_line(&mut self) {
        let line = match self.rng.gen_range(0..4) {
            0 => garbage(&mut self.rng),
            1 => {
                let w = *WORDS.choose(&mut self.rng).unwrap_or(&"x");
                [w.as_bytes(), &garbage(&mut self.rng)].concat()
            }
            2 => {
                let n = self.rng.gen_range(1..6);
                let words: Vec<&str> = (0..n)
                    .map(|_| *WORDS.choose(&mut self.rng).unwrap_or(&"x"))
                    .collect();
                words.join(" ").into_bytes()
            }
            _ => mutate::random_bytes(&mut self.rng),
        };
        self.push_bytes(line);
        self.game = None;
    }

    /// A finished game: `ping; setboard F; go; ping` (results must not repeat).
    fn finished_position(&mut self) {
        let (variant, fen) = *FINISHED.choose(&mut self.rng).unwrap_or(&FINISHED[0]);
        if variant != "normal" {
            self.push(&format!("variant {variant}"));
        }
        self.ping();
        self.push(&format!("setboard {fen}"));
        self.push("go");
        if self.rng.gen_bool(0.5) {
            self.push("go");
        }
        self.ping();
        self.game = None;
        if variant != "normal" {
            self.new_game();
        }
    }

    /// Starts a think, then replaces the game while it runs.
    fn replace_while_thinking(&mut self) {
        self.push("force");
        self.push("st 0.5");
        self.push("go");
        match self.rng.gen_range(0..4) {
            0 => {
                let start = self.corpus.variants[self.variant].start.clone();
                self.push(&format!("setboard {start}"));
            }
            1 => {
                let i = self.rng.gen_range(0..self.corpus.variants.len());
                let name = self.corpus.variants[i].name.clone();
                self.push(&format!("variant {name}"));
                self.variant = i;
            }
            2 => self.push("memory 2"),
            _ => {
                self.push("new");
                self.variant = self.normal_index();
            }
        }
        self.push("force");
        self.short_limit();
        self.game = None;
    }

    fn garbage_ping(&mut self) {
        let g = garbage(&mut self.rng);
        let line = if self.rng.gen_bool(0.2) {
            b"ping".to_vec()
        } else {
            [b"ping ".as_slice(), &g].concat()
        };
        self.push_bytes(line);
    }

    fn exclude(&mut self) {
        let word = if self.rng.gen_bool(0.5) {
            "exclude"
        } else {
            "include"
        };
        let arg = match self.rng.gen_range(0..4) {
            0 => "all".to_string(),
            1 => "none".to_string(),
            2 => random_move(&mut self.rng),
            _ => String::from_utf8_lossy(&garbage(&mut self.rng)).into_owned(),
        };
        self.push(&format!("{word} {arg}"));
    }

    /// A very long line, or one of control and non-UTF-8 bytes.
    fn long_line_or_bytes(&mut self) {
        match self.rng.gen_range(0..4) {
            0 => {
                let len = if self.rng.gen_bool(0.02) {
                    1 << 20
                } else {
                    self.rng.gen_range(256..20_000)
                };
                let word = *WORDS.choose(&mut self.rng).unwrap_or(&"x");
                let fill = *b"a9 /\xe9\x00".choose(&mut self.rng).unwrap_or(&b'a');
                let mut line = word.as_bytes().to_vec();
                line.push(b' ');
                line.resize(len, fill);
                self.push_bytes(line);
            }
            1 => {
                let n = self.rng.gen_range(1..40);
                let line: Vec<u8> = (0..n)
                    .map(|_| *ODD_BYTES.choose(&mut self.rng).unwrap_or(&0))
                    .collect();
                self.push_bytes(line);
            }
            _ => {
                let word = *WORDS.choose(&mut self.rng).unwrap_or(&"x");
                let b = *ODD_BYTES.choose(&mut self.rng).unwrap_or(&0);
                self.push_bytes([word.as_bytes(), &[b' ', b], b"x"].concat());
            }
        }
        self.game = None;
    }
}

/// A square of a board up to 16x16 (files a..p, ranks 0..16).
pub fn random_square(rng: &mut StdRng) -> String {
    let file = (b'a' + rng.gen_range(0..16)) as char;
    format!("{file}{}", rng.gen_range(0..=16))
}

/// Move text in every notation, mostly not legal.
pub fn random_move(rng: &mut StdRng) -> String {
    let (a, b) = (random_square(rng), random_square(rng));
    match rng.gen_range(0..10) {
        0 => format!("{a}{b}q"),
        1 => format!("{}@{b}", *b"PNBRQHE".choose(rng).unwrap_or(&b'P') as char),
        2 => (*["O-O", "O-O-O", "0-0", "O-O/Eh1", "@@@@"]
            .choose(rng)
            .unwrap_or(&"O-O"))
        .into(),
        3 => format!("{a}{b},{b}{a}"),
        4 => format!("{a}-{b}=Q+"),
        5 => format!("{a}x{b}"),
        6 => format!("Z{a}"),
        _ => format!("{a}{b}"),
    }
}

/// A garbage argument: an extreme number, odd Unicode, control or random
/// bytes, an empty string, a long run, or a few random words.
pub fn garbage(rng: &mut StdRng) -> Vec<u8> {
    match rng.gen_range(0..8) {
        0 | 1 => garbage_number(rng),
        2 => ODD_TEXT.choose(rng).unwrap_or(&"é").as_bytes().to_vec(),
        3 => vec![*ODD_BYTES.choose(rng).unwrap_or(&0)],
        4 => Vec::new(),
        5 => {
            let len = rng.gen_range(50..3000);
            vec![*b"9-x\xe9".choose(rng).unwrap_or(&b'9'); len]
        }
        6 => mutate::random_bytes(rng),
        _ => {
            let n = rng.gen_range(1..4);
            let words: Vec<&str> = (0..n).map(|_| *WORDS.choose(rng).unwrap_or(&"x")).collect();
            words.join(" ").into_bytes()
        }
    }
}

/// An extreme or malformed number.
pub fn garbage_number(rng: &mut StdRng) -> Vec<u8> {
    if rng.gen_bool(0.8) {
        NUMBERS.choose(rng).unwrap_or(&"0").as_bytes().to_vec()
    } else {
        let mut n = NUMBERS.choose(rng).unwrap_or(&"0").as_bytes().to_vec();
        n.extend_from_slice(ODD_TEXT.choose(rng).unwrap_or(&"é").as_bytes());
        n
    }
}

/// FEN syntax worth inserting.
const FEN_TOKENS: &[&str] = &[
    "/", " ", "-", "w", "b", "KQkq", "[", "]", "[Qq]", "~", "+", "*", "10", "16", "0", "99", "p",
    "K", "k", "e3", "d6c6", "a0", "z9", "HAha", "é", "♔",
];

/// A mutation of a FEN: field-aware edits plus the general text ones.
pub fn mutate_fen(rng: &mut StdRng, fen: &str) -> Vec<u8> {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    match rng.gen_range(0..6) {
        0 if !fields.is_empty() => {
            let i = rng.gen_range(0..fields.len());
            fields[i] = String::from_utf8_lossy(&garbage(rng)).into_owned();
        }
        1 if fields.len() > 1 => {
            let i = rng.gen_range(0..fields.len());
            fields.remove(i);
        }
        2 => {
            let i = rng.gen_range(0..=fields.len());
            let odd = (*ODD_TEXT.choose(rng).unwrap_or(&"é")).to_string();
            fields.insert(i, odd);
        }
        _ => {}
    }
    let joined = fields.join(" ");
    mutate::text(rng, joined.as_bytes(), FEN_TOKENS, 4)
}

/// Generates console sessions: commands of the console's table with valid
/// and garbage arguments, moves and `echo SYNC-N` sync lines.
pub struct ConsoleGen<'a> {
    corpus: &'a Corpus,
    rng: StdRng,
    syncs: u64,
}

/// Console commands that run quickly whatever follows.
const CONSOLE: &[&str] = &[
    "display",
    "score",
    "hint",
    "history",
    "back",
    "back 2",
    "new",
    "go",
    "move",
    "?",
    "force",
    "white",
    "black",
    "post",
    "nopost",
    "draw",
    "end",
    "show book",
    "book on",
    "book off",
    "book random 0",
    "book random 2",
    "book width 3",
    "bookw freq 5",
    "bookw learn 11",
    "learn 7",
    "learn 0",
    "pgn Event fuzz",
    "savegame game.pgn",
    "savepos pos.epd",
    "read game.pgn",
    "reada game.pgn",
    "read game.pgn 2",
    "log on fuzz.log",
    "log off",
    "export learn.txt",
    "import learn.txt",
    "import learn.txt clear",
    "mt 1",
    "hash 2",
    "hashp 1",
    "resign 500",
    "drawscore 10",
    "time 0.05 0",
    "level 0 0:02 0",
    "st 0.02",
    "sd 2",
    "sn 500",
    "ponder off",
    "perft 1",
    "perft 2",
    "divide 1",
    "help",
    "help read",
    "display stats on",
    "display changes off",
    "variant",
    "check fmax.ini",
    "cores 1",
    "reset 1",
    "input missing.txt",
];

/// The lines that set a console session's search limits back to short ones
/// after a command may have changed them.
const RESTORE_LIMITS: &[u8] = b"\nsd 2\nst 0.02\nsn 0\nmt 1";

/// Deepest perft a console session may ask for: deeper ones are meant to
/// run for minutes, which the hang check cannot tell from a hang.
const CONSOLE_PERFT_DEPTH: u64 = 3;

/// `line` (a console command `word` with an argument) made to finish
/// promptly: a perft or divide deeper than [`CONSOLE_PERFT_DEPTH`] is cut
/// to it, `analyze` is closed by `exit`, and short search limits are set
/// again after a command that may change them.
fn modal_closed(word: &str, line: Vec<u8>) -> Vec<u8> {
    match word {
        "perft" | "divide" => {
            let depth = line
                .get(word.len()..)
                .and_then(|arg| std::str::from_utf8(arg).ok())
                .and_then(|arg| arg.trim().parse::<u64>().ok());
            if depth.is_some_and(|d| d > CONSOLE_PERFT_DEPTH) {
                format!("{word} {CONSOLE_PERFT_DEPTH}").into_bytes()
            } else {
                line
            }
        }
        "analyze" => [line.as_slice(), b"\nexit"].concat(),
        "sd" | "st" | "sn" | "level" | "time" | "mt" => [line.as_slice(), RESTORE_LIMITS].concat(),
        _ => line,
    }
}

impl<'a> ConsoleGen<'a> {
    /// A generator drawing from `corpus` with its own random stream.
    pub fn new(corpus: &'a Corpus, rng: StdRng) -> ConsoleGen<'a> {
        ConsoleGen {
            corpus,
            rng,
            syncs: 0,
        }
    }

    /// One console session of about `lines` lines, ending with `quit`.
    pub fn session(&mut self, lines: usize) -> Vec<Vec<u8>> {
        let mut out: Vec<Vec<u8>> = vec![b"hash 1".to_vec(), b"sd 2".to_vec(), b"st 0.02".to_vec()];
        let mut editing = false;
        while out.len() < lines {
            let line = self.line();
            for part in line.split(|&b| b == b'\n') {
                let word = part.split(|&b| b == b' ').next().unwrap_or_default();
                editing = (editing || word == b"edit") && part != b".";
                out.push(part.to_vec());
            }
            if self.rng.gen_bool(0.4) {
                if editing {
                    // Edit mode reads every line as a placement: leave it
                    // first, or the sync line is taken for one.
                    out.push(b".".to_vec());
                    editing = false;
                }
                self.syncs += 1;
                out.push(format!("echo SYNC-{}", self.syncs).into_bytes());
            }
        }
        if editing {
            out.push(b".".to_vec());
        }
        self.syncs += 1;
        out.push(format!("echo SYNC-{}", self.syncs).into_bytes());
        out.push(b"quit".to_vec());
        out
    }

    fn line(&mut self) -> Vec<u8> {
        match self.rng.gen_range(0..20) {
            0..=7 => CONSOLE
                .choose(&mut self.rng)
                .unwrap_or(&"display")
                .as_bytes()
                .to_vec(),
            8..=10 => random_move(&mut self.rng).into_bytes(),
            11 => {
                let v = self.corpus.any_variant(&mut self.rng);
                format!("variant {}", v.name).into_bytes()
            }
            12 => {
                let v = self.corpus.any_variant(&mut self.rng);
                let fen = v.fens.choose(&mut self.rng).cloned().unwrap_or_default();
                let fen = if self.rng.gen_bool(0.5) {
                    mutate_fen(&mut self.rng, &fen)
                } else {
                    fen.into_bytes()
                };
                [b"setboard ".as_slice(), &fen].concat()
            }
            13 => {
                // A command with a garbage argument.
                let cmd = CONSOLE.choose(&mut self.rng).unwrap_or(&"back");
                let word = cmd.split(' ').next().unwrap_or("back");
                if matches!(word, "hash" | "hashp") {
                    return b"hash 4".to_vec();
                }
                let arg = garbage(&mut self.rng);
                modal_closed(word, [word.as_bytes(), b" ", &arg].concat())
            }
            14 => {
                let edits = ["edit", "#", "Ke1", "ke8", "Qd1", "c", "."];
                edits.join("\n").into_bytes()
            }
            15 => b"analyze\nexit".to_vec(),
            16 => garbage(&mut self.rng),
            17 => {
                let word = *[
                    "sd", "st", "sn", "level", "time", "mt", "cores", "reset", "resign",
                ]
                .choose(&mut self.rng)
                .unwrap_or(&"sd");
                let n = garbage_number(&mut self.rng);
                [word.as_bytes(), b" ", &n, RESTORE_LIMITS].concat()
            }
            _ => format!("perft {}", self.rng.gen_range(0..=2)).into_bytes(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::modal_closed;

    fn closed(line: &str) -> String {
        let word = line.split(' ').next().unwrap_or("");
        String::from_utf8_lossy(&modal_closed(word, line.as_bytes().to_vec())).into_owned()
    }

    #[test]
    fn console_commands_with_garbage_finish_promptly() {
        assert_eq!(closed("divide 16"), "divide 3");
        assert_eq!(closed("perft +7"), "perft 3");
        assert_eq!(closed("perft 2"), "perft 2");
        assert_eq!(closed("perft \u{e9}"), "perft \u{e9}");
        assert_eq!(closed("edit edit"), "edit edit");
        assert_eq!(closed("analyze x"), "analyze x\nexit");
        assert_eq!(closed("st 99999"), "st 99999\nsd 2\nst 0.02\nsn 0\nmt 1");
        assert_eq!(closed("display x"), "display x");
    }
}
