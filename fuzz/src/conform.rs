//! What the engine may print under XBoard: every kind of line its
//! front end writes (src/xboard/format.rs), and nothing else. A line is one
//! of these, in UTF-8, with no control character but the tab:
//!
//! | kind | form |
//! | --- | --- |
//! | feature | `feature ...` |
//! | pong | `pong N` |
//! | move | `move M` (M one word) |
//! | thinking | `PLY SCORE TIME NODES [PV...]` (integers, PLY/TIME/NODES not negative) |
//! | result | `1-0 {...}`, `0-1 {...}`, `1/2-1/2 {...}` |
//! | resign, offer draw | `resign`, `offer draw` |
//! | hint | `Hint: M` |
//! | illegal move | `Illegal move: M`, `Illegal move (REASON): M` |
//! | error | `Error (REASON): COMMAND` |
//! | setup, piece | `setup ...`, `piece ...` (engine-defined variants) |
//! | telluser | `telluser ...`, `tellusererror ...` |
//! | book | ` ENTRY` lines (leading blank), then one empty line |
//! | status | `stat01: TIME NODES DEPTH LEFT TOTAL` |
//! | highlight | `highlight ...` |
//! | comment | `# ...` |

/// The kind of a conforming line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `feature ...`.
    Feature,
    /// `pong N`.
    Pong,
    /// `move M`.
    Move,
    /// A thinking line.
    Thinking,
    /// A game result.
    Result,
    /// `resign`, `offer draw`, `Hint:`, `Illegal move`, `Error`,
    /// `setup`, `piece`, `telluser`, `tellusererror`, `stat01:`,
    /// `highlight`, `#`: lines checked for form only.
    Other,
    /// A book entry (starts with a blank).
    BookEntry,
    /// The empty line that ends a book listing.
    BookEnd,
}

/// Classifies one output line; `Err` says what is wrong with it.
pub fn classify(raw: &[u8]) -> Result<Kind, String> {
    let line = std::str::from_utf8(raw).map_err(|_| "not UTF-8".to_string())?;
    // A tab is a blank like any other to every client; other control characters are not.
    if let Some(c) = line.chars().find(|&c| c.is_control() && c != '\t') {
        return Err(format!("control character U+{:04X}", u32::from(c)));
    }
    if line.is_empty() {
        return Ok(Kind::BookEnd);
    }
    if line.starts_with(' ') {
        return Ok(Kind::BookEntry);
    }
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let ok = |kind: Kind, valid: bool| {
        if valid {
            Ok(kind)
        } else {
            Err("malformed".to_string())
        }
    };
    match word {
        "feature" => ok(Kind::Feature, !rest.is_empty()),
        "pong" => ok(Kind::Pong, true),
        "move" => ok(Kind::Move, !rest.is_empty() && !rest.contains(' ')),
        "1-0" | "0-1" | "1/2-1/2" => ok(Kind::Result, rest.starts_with('{') && rest.ends_with('}')),
        "resign" => ok(Kind::Other, rest.is_empty()),
        "offer" => ok(Kind::Other, rest == "draw"),
        "Hint:" => ok(Kind::Other, !rest.is_empty() && !rest.contains(' ')),
        "Illegal" => ok(Kind::Other, illegal_move(rest)),
        "Error" => ok(Kind::Other, error_line(rest)),
        "setup" | "piece" | "telluser" | "tellusererror" | "highlight" => {
            ok(Kind::Other, !rest.is_empty())
        }
        "#" => ok(Kind::Other, true),
        "stat01:" => ok(Kind::Other, integers(rest, 5)),
        _ => ok(Kind::Thinking, thinking(line)),
    }
}

/// `move: M` or `move (REASON): M` after `Illegal `.
fn illegal_move(rest: &str) -> bool {
    let Some(rest) = rest.strip_prefix("move") else {
        return false;
    };
    if let Some(text) = rest.strip_prefix(": ") {
        return !text.is_empty();
    }
    rest.strip_prefix(" (")
        .and_then(|r| r.split_once("): "))
        .is_some_and(|(reason, text)| !reason.is_empty() && !text.is_empty())
}

/// `(REASON): COMMAND` after `Error ` (REASON may quote a `)` of the command).
fn error_line(rest: &str) -> bool {
    rest.strip_prefix('(')
        .and_then(|r| r.split_once("): "))
        .is_some_and(|(reason, _)| !reason.is_empty())
}

/// Exactly `n` integers separated by blanks.
fn integers(text: &str, n: usize) -> bool {
    let words: Vec<&str> = text.split(' ').collect();
    words.len() == n && words.iter().all(|w| w.parse::<i64>().is_ok())
}

/// `PLY SCORE TIME NODES [PV...]`.
fn thinking(line: &str) -> bool {
    let words: Vec<&str> = line.split(' ').collect();
    if words.len() < 4 || words.iter().any(|w| w.is_empty()) {
        return false;
    }
    let unsigned = |w: &str| w.parse::<u64>().is_ok();
    unsigned(words[0])
        && words[1].parse::<i64>().is_ok()
        && unsigned(words[2])
        && unsigned(words[3])
}

/// Checks the order rules between lines: a book listing ends with one
/// empty line and an empty line only ends a book listing; the same result
/// is not announced twice unless a command that can change the position was
/// sent in between (see [`ResultTracker`]).
#[derive(Default)]
pub struct Sequence {
    in_book: bool,
}

impl Sequence {
    /// Feeds one classified line; `Err` on an order violation.
    pub fn feed(&mut self, kind: Kind) -> Result<(), String> {
        match kind {
            Kind::BookEntry => self.in_book = true,
            Kind::BookEnd if !self.in_book => {
                return Err("empty line outside a book listing".into())
            }
            Kind::BookEnd => self.in_book = false,
            _ if self.in_book => return Err("book listing not ended by an empty line".into()),
            _ => {}
        }
        Ok(())
    }
}

/// Whether an input line can change the position, the game or the mode
/// in a way that lets the engine announce a result again (conservative:
/// anything but a few read-only or setting commands counts).
pub fn may_change_game(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    let word = text.split_whitespace().next().unwrap_or("");
    !matches!(
        word,
        "" | "ping"
            | "go"
            | "?"
            | "post"
            | "nopost"
            | "hard"
            | "easy"
            | "."
            | "hint"
            | "bk"
            | "draw"
            | "sd"
            | "st"
            | "nps"
            | "time"
            | "otim"
            | "level"
            | "computer"
            | "random"
            | "name"
            | "rating"
            | "ics"
            | "accepted"
            | "rejected"
            | "cores"
            | "egtpath"
            | "protover"
            | "xboard"
    )
}

/// Detects a result announced twice for the same game. Input lines are
/// numbered in sending order; sync pings split them into windows. A result
/// line read before the pong of the ping sent as line `p` was caused by a
/// line before `p`; one read after the pong of line `q` by a line after `q`.
/// Two consecutive identical results R1, R2 are certainly a repetition when
/// no game-changing line lies after the first line that may have caused R1
/// and up to the last that may have caused R2: whatever caused them, the
/// game did not change between them.
#[derive(Default)]
pub struct ResultTracker {
    /// Indices of the game-changing lines sent.
    changers: Vec<usize>,
    /// Index of the last sync ping whose pong was read.
    last_pong: Option<usize>,
    /// The previous result: its text and the first line that may have caused it.
    previous: Option<(Vec<u8>, usize)>,
}

impl ResultTracker {
    /// Records line `index` as sent.
    pub fn sent(&mut self, index: usize, line: &[u8]) {
        if may_change_game(line) {
            self.changers.push(index);
        }
    }

    /// Records that the pong of the sync ping at `index` was read.
    pub fn pong(&mut self, index: usize) {
        self.last_pong = Some(index);
    }

    /// A result line read when `sent` lines had been sent; `Err` when it
    /// repeats the previous result of an unchanged game.
    pub fn result(&mut self, line: &[u8], sent: usize) -> Result<(), String> {
        let first_cause = self.last_pong.map_or(0, |p| p + 1);
        let repeated = match &self.previous {
            Some((text, cause)) if text == line => {
                let last_cause = sent.saturating_sub(1);
                !self.changers.iter().any(|&c| c > *cause && c <= last_cause)
            }
            _ => false,
        };
        self.previous = Some((line.to_vec(), first_cause));
        if repeated {
            Err("the same result announced twice for an unchanged game".into())
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_the_engine_prints_conforms() {
        for line in [
            "feature done=1",
            "pong 12",
            "move e2e4",
            "5 -12 34 5678 e2e4 e7e5",
            "1 100003 0 10",
            "1-0 {White mates}",
            "1/2-1/2 {Stalemate}",
            "resign",
            "offer draw",
            "Hint: e2e4",
            "Illegal move: e2e5",
            "Illegal move (out of turn): e2e4",
            "Error (unknown command): foo bar",
            "setup (PN.RQKpn.rqk) 6x6+0_fairy rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
            "piece N& N",
            "telluser hash 64 MB",
            "tellusererror Illegal position",
            " e4 3 2 1 0",
            "",
            "stat01: 12 3456 7 2 20",
            "highlight 8/8/8/8/8/8/8/8",
            "# position x",
            "Error (unknown command): a\tb",
        ] {
            assert!(classify(line.as_bytes()).is_ok(), "{line}");
        }
    }

    #[test]
    fn control_bytes_and_unknown_lines_do_not_conform() {
        for line in [
            "Error (unknown command): a\u{0}b",
            "Error (unknown command): a\u{1b}[31m",
            "hello",
            "move",
            "move e2e4 e7e5",
            "1-0 White mates",
            "Error: x",
            "Illegal move e2e4",
            "5 -12 x 5678",
            "stat01: 1 2 3",
            "pong 1\r",
        ] {
            assert!(classify(line.as_bytes()).is_err(), "{line:?}");
        }
        assert!(classify(b"move \xff").is_err());
    }

    #[test]
    fn book_listings_end_with_one_empty_line() {
        let mut s = Sequence::default();
        assert!(s.feed(Kind::BookEntry).is_ok());
        assert!(s.feed(Kind::BookEnd).is_ok());
        assert!(s.feed(Kind::BookEnd).is_err());
        let mut s = Sequence::default();
        assert!(s.feed(Kind::BookEntry).is_ok());
        assert!(s.feed(Kind::Move).is_err());
    }

    #[test]
    fn a_result_repeated_without_a_game_change_is_caught() {
        // ping(0) setboard(1) go(2) ping(3): both results inside one window.
        let mut t = ResultTracker::default();
        for (i, l) in [
            "ping 1",
            "setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "go",
            "ping 2",
        ]
        .iter()
        .enumerate()
        {
            t.sent(i, l.as_bytes());
        }
        t.pong(0);
        assert!(t.result(b"1/2-1/2 {Stalemate}", 4).is_ok());
        assert!(t.result(b"1/2-1/2 {Stalemate}", 4).is_err());
        // setboard(1) ... setboard(3): a change after the first cause.
        let mut t = ResultTracker::default();
        for (i, l) in ["ping 1", "setboard x", "go", "setboard x", "ping 2"]
            .iter()
            .enumerate()
        {
            t.sent(i, l.as_bytes());
        }
        t.pong(0);
        assert!(t.result(b"1/2-1/2 {Stalemate}", 5).is_ok());
        assert!(t.result(b"1/2-1/2 {Stalemate}", 5).is_ok());
    }
}
