//! UCI text to engine [`Command`]s: one input line at a time.
//!
//! The parser converts UCI's units and words to the engine's: `setoption`
//! names to engine commands and options, `go`'s clocks less the
//! `Move Overhead`, `position startpos` to the variant's start, move
//! texts to the engine's move names (`notation::read`). It keeps
//! the three settings that need it: `UCI_Variant`, `UCI_Chess960` (which
//! together choose the game) and `Move Overhead`. A line it cannot use
//! becomes [`Command::Invalid`] or [`Command::Unknown`], which the engine
//! answers with an `info string` and nothing else changes. It never
//! panics, whatever the line.

use super::notation;
use super::variants;
use crate::engine::api::{Command, OrderClock, SearchOrder};
use crate::engine::options::{ELO, LIMIT_STRENGTH, MULTI_PV};

/// Deepest `go perft` accepted.
pub const MAX_PERFT_DEPTH: u32 = 20;
/// Largest `Move Overhead`, milliseconds.
pub const MAX_OVERHEAD_MS: u64 = 5000;
/// `Move Overhead` before the GUI sets it, milliseconds.
pub const DEFAULT_OVERHEAD_MS: u64 = 10;

/// A line parser with the settings UCI lines depend on.
#[derive(Clone, Debug)]
pub struct Parser {
    variant: String,
    chess960: bool,
    overhead_ms: u64,
}

impl Default for Parser {
    fn default() -> Parser {
        Parser {
            variant: variants::DEFAULT.to_string(),
            chess960: false,
            overhead_ms: DEFAULT_OVERHEAD_MS,
        }
    }
}

fn invalid(reason: impl Into<String>, line: &str) -> Command {
    Command::Invalid {
        reason: reason.into(),
        line: line.to_string(),
    }
}

/// Splits `line` into its first word and the trimmed rest.
fn split_word(line: &str) -> (&str, &str) {
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    }
}

impl Parser {
    /// A parser with UCI's defaults (chess, no Chess960, 10 ms overhead).
    #[must_use]
    pub fn new() -> Parser {
        Parser::default()
    }

    /// Parses one line (surrounding blanks stripped); empty lines give
    /// nothing.
    pub fn parse(&mut self, line: &str) -> Vec<Command> {
        let line = line.trim();
        if line.is_empty() {
            return Vec::new();
        }
        let (word, rest) = split_word(line);
        let command = match word {
            "uci" => Command::Uci,
            "isready" => Command::IsReady,
            "ucinewgame" => Command::NewGame,
            "debug" | "register" => Command::Ignored,
            "setoption" => self.option(rest, line),
            "position" => self.position(rest, line),
            "go" => return self.go(rest, line),
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "quit" => Command::Quit,
            _ => Command::Unknown(line.to_string()),
        };
        vec![command]
    }

    /// `setoption name NAME [value VALUE]` (names as advertised, in any case).
    fn option(&mut self, rest: &str, line: &str) -> Command {
        let Some(spec) = rest.strip_prefix("name") else {
            return invalid("expected setoption name NAME [value VALUE]", line);
        };
        let spec = spec.trim();
        let (name, value) = match split_at_word(spec, "value") {
            Some((name, value)) => (name.trim(), Some(value.trim())),
            None => (spec, None),
        };
        if name.is_empty() {
            return invalid("missing option name", line);
        }
        let number = |max: u64| -> Result<u64, &str> {
            value
                .and_then(|v| v.parse::<u64>().ok())
                .map(|n| n.min(max))
                .ok_or("bad value")
        };
        let check = || -> Result<bool, &str> {
            match value.map(str::to_ascii_lowercase).as_deref() {
                Some("true") => Ok(true),
                Some("false") => Ok(false),
                _ => Err("bad value (true or false)"),
            }
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "hash" => number(u64::MAX).map(|mb| Command::Memory(mb.max(1))),
            "threads" => number(u64::from(u32::MAX))
                .map(|n| Command::Cores(u32::try_from(n.max(1)).unwrap_or(1))),
            "multipv" => number(u64::MAX).map(|_| Command::SetOption {
                name: MULTI_PV.into(),
                value: value.map(str::to_string),
            }),
            "ponder" => check().map(|_| Command::Ignored),
            "move overhead" => number(MAX_OVERHEAD_MS).map(|ms| {
                self.overhead_ms = ms;
                Command::Ignored
            }),
            "clear hash" => Ok(Command::ClearHash),
            "uci_chess960" => check().map(|on| {
                self.chess960 = on;
                self.select_game()
            }),
            "uci_variant" => match value.filter(|v| !v.is_empty()) {
                Some(v) => {
                    self.variant = v.to_string();
                    Ok(self.select_game())
                }
                None => Err("missing variant name"),
            },
            "uci_limitstrength" => {
                check().map(|on| engine_option(LIMIT_STRENGTH, Some(&on.to_string())))
            }
            "uci_elo" => number(u64::MAX).map(|elo| engine_option(ELO, Some(&elo.to_string()))),
            "inifile" => {
                self.variant = variants::DEFAULT.to_string();
                self.chess960 = false;
                Ok(engine_option(name, value))
            }
            _ => Ok(engine_option(name, value)),
        };
        result.unwrap_or_else(|reason| invalid(reason, line))
    }

    /// The game `UCI_Variant` and `UCI_Chess960` choose together.
    fn select_game(&self) -> Command {
        Command::Variant(variants::game_name(&self.variant, self.chess960).to_string())
    }

    /// `position startpos|fen FEN [moves M...]`.
    fn position(&self, rest: &str, line: &str) -> Command {
        let (start, moves) = match split_at_word(rest, "moves") {
            Some((start, moves)) => (start.trim(), Some(moves)),
            None => (rest, None),
        };
        let fen = match split_word(start) {
            ("startpos", "") => None,
            ("fen", fen) if !fen.is_empty() => Some(fen.to_string()),
            _ => return invalid("expected position startpos|fen FEN [moves ...]", line),
        };
        let mut names = Vec::new();
        for text in moves.unwrap_or_default().split_whitespace() {
            match notation::read(text) {
                Some(name) => names.push(name),
                None => return invalid(format!("illegal move {text}"), "position (unchanged)"),
            }
        }
        Command::SetPosition { fen, moves: names }
    }

    /// `go ...`: a search order or `perft N`. Unknown words are reported
    /// and skipped (the GUI still gets its best move).
    fn go(&self, rest: &str, line: &str) -> Vec<Command> {
        let mut order = SearchOrder::default();
        let mut clock = OrderClock::default();
        let mut words = rest.split_whitespace().peekable();
        let mut out = Vec::new();
        while let Some(word) = words.next() {
            let mut number = || -> Option<u64> {
                let text = words.next()?;
                // Some GUIs send a negative clock once it has run out.
                text.parse::<i64>().ok().map(|n| n.max(0).unsigned_abs())
            };
            let bad = || vec![invalid(format!("bad value for {word}"), line)];
            match word {
                "infinite" => order.infinite = true,
                "ponder" => order.ponder = true,
                "searchmoves" => {
                    while let Some(m) = words.next_if(|w| !is_go_keyword(w)) {
                        match notation::read(m) {
                            Some(name) => order.search_moves.push(name),
                            None => out
                                .push(invalid("not a move", &format!("searchmoves {m} (ignored)"))),
                        }
                    }
                }
                "perft" => {
                    return match number().and_then(|d| u32::try_from(d).ok()) {
                        Some(d) if (1..=MAX_PERFT_DEPTH).contains(&d) => vec![Command::Perft(d)],
                        _ => vec![invalid(format!("perft depth 1..{MAX_PERFT_DEPTH}"), line)],
                    }
                }
                _ if takes_number(word) => {
                    let Some(n) = number() else { return bad() };
                    self.set_go_value(word, n, &mut order, &mut clock);
                }
                _ => out.push(invalid(format!("unknown word {word} ignored"), line)),
            }
        }
        order.clock = clock;
        out.push(Command::Search(order));
        out
    }

    /// One `go` keyword with its number (times less the move overhead).
    fn set_go_value(&self, word: &str, n: u64, order: &mut SearchOrder, clock: &mut OrderClock) {
        let time = n.saturating_sub(self.overhead_ms);
        let count = u32::try_from(n).unwrap_or(u32::MAX);
        match word {
            "wtime" => clock.white_ms = Some(time),
            "btime" => clock.black_ms = Some(time),
            "winc" => clock.white_inc_ms = n,
            "binc" => clock.black_inc_ms = n,
            "movestogo" => clock.moves_to_go = Some(count),
            "depth" => order.depth = Some(count.max(1)),
            "nodes" => order.nodes = Some(n.max(1)),
            "mate" => order.mate = Some(count.max(1)),
            "movetime" => order.move_time_ms = Some(time.max(1)),
            _ => {}
        }
    }
}

/// `go`'s words that take a number.
fn takes_number(word: &str) -> bool {
    matches!(
        word,
        "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "mate" | "movetime"
    )
}

/// Every word of `go` (ends a `searchmoves` list).
fn is_go_keyword(word: &str) -> bool {
    takes_number(word) || matches!(word, "infinite" | "ponder" | "searchmoves" | "perft")
}

/// An option the engine itself knows (book, learning, `IniFile`, strength).
fn engine_option(name: &str, value: Option<&str>) -> Command {
    Command::SetOption {
        name: name.to_string(),
        value: value.map(str::to_string),
    }
}

/// The byte offset of `word` standing alone in `text` (between blanks or
/// at an end), if it does.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text.get(from..)?.find(word) {
        let at = from + found;
        let end = at + word.len();
        let before = text
            .get(..at)
            .is_some_and(|t| t.chars().next_back().is_none_or(char::is_whitespace));
        let after = text
            .get(end..)
            .is_some_and(|t| t.chars().next().is_none_or(char::is_whitespace));
        if before && after {
            return Some(at);
        }
        from = end;
    }
    None
}

/// The text before and after the first `word` standing alone in `text`.
fn split_at_word<'a>(text: &'a str, word: &str) -> Option<(&'a str, &'a str)> {
    let (before, from_word) = text.split_at_checked(find_word(text, word)?)?;
    Some((before, from_word.get(word.len()..)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(parser: &mut Parser, line: &str) -> Command {
        let mut commands = parser.parse(line);
        assert_eq!(commands.len(), 1, "{line}: {commands:?}");
        commands.remove(0)
    }

    #[test]
    fn words_are_found_only_standing_alone() {
        assert_eq!(find_word("name Hash value 32", "value"), Some(10));
        assert_eq!(find_word("name values value 3", "value"), Some(12));
        assert_eq!(find_word("name Clear Hash", "value"), None);
        assert_eq!(find_word("startpos moves e2e4", "moves"), Some(9));
        assert_eq!(find_word("é value ü", "value"), Some(3));
        assert_eq!(split_at_word("a moves b", "moves"), Some(("a ", " b")));
        assert_eq!(split_at_word("émoves", "moves"), None);
    }

    #[test]
    fn options_become_engine_commands() {
        let mut p = Parser::new();
        assert_eq!(
            one(&mut p, "setoption name Hash value 32"),
            Command::Memory(32)
        );
        assert_eq!(
            one(&mut p, "setoption name threads value 2"),
            Command::Cores(2)
        );
        assert_eq!(one(&mut p, "setoption name Clear Hash"), Command::ClearHash);
        assert_eq!(
            one(&mut p, "setoption name MultiPV value 3"),
            Command::SetOption {
                name: "MultiPvLines".into(),
                value: Some("3".into())
            }
        );
        assert_eq!(
            one(&mut p, "setoption name UCI_Variant value capablanca"),
            Command::Variant("capablanca".into())
        );
        assert_eq!(
            one(&mut p, "setoption name UCI_Chess960 value true"),
            Command::Variant("caparandom".into())
        );
        assert_eq!(
            one(&mut p, "setoption name BookFile value /a b/c.bin"),
            Command::SetOption {
                name: "BookFile".into(),
                value: Some("/a b/c.bin".into())
            }
        );
        assert!(matches!(
            one(&mut p, "setoption name Hash value lots"),
            Command::Invalid { .. }
        ));
        assert!(matches!(
            one(&mut p, "setoption Hash"),
            Command::Invalid { .. }
        ));
        assert!(matches!(
            one(&mut p, "setoption name Ponder value maybe"),
            Command::Invalid { .. }
        ));
    }

    #[test]
    fn positions_and_orders_parse() {
        let mut p = Parser::new();
        let name = |text| notation::read(text).expect("a move text");
        assert_eq!(
            one(&mut p, "position startpos moves e2e4 e7e5"),
            Command::SetPosition {
                fen: None,
                moves: vec![name("e2e4"), name("e7e5")]
            }
        );
        assert_eq!(
            one(&mut p, "position startpos moves e2e4 Nf6"),
            Command::Invalid {
                reason: "illegal move Nf6".into(),
                line: "position (unchanged)".into()
            }
        );
        assert_eq!(
            one(&mut p, "position fen 8/8/8/8/8/8/8/K6k w - - 0 1"),
            Command::SetPosition {
                fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: Vec::new()
            }
        );
        assert!(matches!(one(&mut p, "position"), Command::Invalid { .. }));
        assert!(matches!(
            one(&mut p, "position startpos e2e4"),
            Command::Invalid { .. }
        ));
        assert_eq!(
            one(&mut p, "position startpos"),
            Command::SetPosition {
                fen: None,
                moves: Vec::new()
            }
        );
        let go = one(
            &mut p,
            "go wtime 1000 btime -5 winc 10 binc 20 movestogo 5 searchmoves e2e4 d2d4 depth 3",
        );
        let Command::Search(order) = go else {
            panic!("{go:?}")
        };
        assert_eq!(order.clock.white_ms, Some(990));
        assert_eq!(order.clock.black_ms, Some(0));
        assert_eq!(
            (order.clock.white_inc_ms, order.clock.black_inc_ms),
            (10, 20)
        );
        assert_eq!(order.clock.moves_to_go, Some(5));
        assert_eq!(order.search_moves, [name("e2e4"), name("d2d4")]);
        let odd = p.parse("go searchmoves e2e4 xx depth 2");
        assert_eq!(
            odd[0],
            Command::Invalid {
                reason: "not a move".into(),
                line: "searchmoves xx (ignored)".into()
            }
        );
        assert!(matches!(&odd[1], Command::Search(o) if o.search_moves == [name("e2e4")]));
        assert_eq!(order.depth, Some(3));
        assert_eq!(one(&mut p, "go perft 3"), Command::Perft(3));
        assert!(matches!(one(&mut p, "go perft 0"), Command::Invalid { .. }));
        assert!(matches!(one(&mut p, "go depth x"), Command::Invalid { .. }));
        let odd = p.parse("go sideways movetime 100");
        assert!(matches!(odd[0], Command::Invalid { .. }));
        assert!(matches!(&odd[1], Command::Search(o) if o.move_time_ms == Some(90)));
        assert_eq!(
            one(&mut p, "frobnicate"),
            Command::Unknown("frobnicate".into())
        );
        assert!(p.parse("  ").is_empty());
    }
}
