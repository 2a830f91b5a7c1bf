//! XBoard text to [`Command`]: one input line at a time.
//!
//! Every CECP v2 command and XBoard addition a client can send becomes a
//! command (the ones the engine has no use for become [`Command::Ignored`] or
//! are stored); bad arguments become [`Command::Invalid`] and anything else
//! [`Command::Unknown`], which the engine answers with an `Error` line. The
//! parser keeps one bit of state: whether the legacy `edit` sub-mode is on.
//! It never panics, whatever the line.

use crate::core::Color;
use crate::engine::api::{Command, EditStep, MoveSelection};
use crate::engine::clock;

/// A line parser that knows whether it is inside `edit`.
#[derive(Clone, Debug, Default)]
pub struct Parser {
    editing: bool,
}

impl Parser {
    /// A parser in normal (not edit) mode.
    #[must_use]
    pub fn new() -> Parser {
        Parser::default()
    }

    /// Parses one line (`\r` and surrounding blanks are stripped); `None` for
    /// an empty line.
    pub fn parse(&mut self, line: &str) -> Option<Command> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        if self.editing {
            if let Some(step) = edit_step(line) {
                self.editing = step != EditStep::Done;
                return Some(Command::EditStep(step));
            }
        }
        let command = parse_command(line);
        if command == Command::Edit {
            self.editing = true;
        }
        Some(command)
    }
}

/// A line of the `edit` sub-mode, or `None` if it is not one.
fn edit_step(line: &str) -> Option<EditStep> {
    match line {
        "#" => return Some(EditStep::Clear),
        "c" | "C" => return Some(EditStep::ToggleColor),
        "." => return Some(EditStep::Done),
        _ => {}
    }
    let mut chars = line.chars();
    let piece = chars.next()?;
    let square = chars.as_str();
    (piece.is_ascii_alphabetic() && square_len(square) == Some(square.len())).then(|| {
        EditStep::Place {
            piece,
            square: square.to_string(),
        }
    })
}

/// Splits `line` into its first word and the trimmed rest.
fn split_word(line: &str) -> (&str, &str) {
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    }
}

fn invalid(reason: &str, line: &str) -> Command {
    Command::Invalid {
        reason: reason.to_string(),
        line: line.to_string(),
    }
}

/// Parses one trimmed, non-empty line outside edit mode.
fn parse_command(line: &str) -> Command {
    let (word, rest) = split_word(line);
    if let Some(command) = simple_command(word) {
        return command;
    }
    match word {
        "protover" => Command::Protover(rest.parse().unwrap_or(2)),
        "accepted" | "rejected" => Command::FeatureReply {
            feature: rest.to_string(),
            accepted: word == "accepted",
        },
        "variant" if !rest.is_empty() => Command::Variant(rest.to_string()),
        "level" | "st" | "sd" | "nps" | "time" | "otim" => time_command(word, rest, line),
        "usermove" if !rest.is_empty() => Command::UserMove(rest.to_string()),
        "ping" => Command::Ping(rest.to_string()),
        "result" => Command::Result(rest.to_string()),
        "setboard" if !rest.is_empty() => Command::SetBoard(rest.to_string()),
        "name" => Command::OpponentName(rest.to_string()),
        "rating" => Command::Rating(rest.to_string()),
        "ics" => Command::Ics(rest.to_string()),
        "memory" => number(rest).map_or_else(|| invalid("bad memory size", line), Command::Memory),
        "cores" => number(rest)
            .and_then(|n| u32::try_from(n).ok())
            .map_or_else(|| invalid("bad core count", line), Command::Cores),
        "egtpath" => Command::EgtPath(rest.to_string()),
        "option" if !rest.is_empty() => option_command(rest),
        "exclude" | "include" if !rest.is_empty() => exclude_command(word == "exclude", rest),
        "lift" | "put" | "hover" if square_len(rest) == Some(rest.len()) => {
            square_command(word, rest)
        }
        "setscore" => Command::SetScore,
        "holding" => holding_command(rest, line),
        "partner" | "ptell" | "bogus" | "l" | "ics_chatter" => Command::Ignored,
        "variant" | "usermove" | "setboard" | "option" | "exclude" | "include" => {
            invalid("missing argument", line)
        }
        "lift" | "put" | "hover" => invalid("bad square", line),
        _ if looks_like_move(line) => Command::UserMove(line.to_string()),
        _ => Command::Unknown(line.to_string()),
    }
}

/// `holding [WHITE] [BLACK]`, with bughouse's optional `<color><piece>`
/// after it (which man was just acquired; the holdings already say it).
fn holding_command(rest: &str, line: &str) -> Command {
    let bracketed = |text: &str| -> Option<(String, String)> {
        let inner = text.trim_start().strip_prefix('[')?;
        let (men, after) = inner.split_once(']')?;
        men.chars()
            .all(|c| c.is_ascii_alphabetic())
            .then(|| (men.to_string(), after.to_string()))
    };
    match bracketed(rest).and_then(|(white, after)| Some((white, bracketed(&after)?))) {
        Some((white, (black, _acquired))) => Command::Holding { white, black },
        None => invalid("bad holdings", line),
    }
}

/// Commands that are one word and take no argument (extra words are ignored).
fn simple_command(word: &str) -> Option<Command> {
    Some(match word {
        "xboard" => Command::Xboard,
        "new" => Command::New,
        "quit" => Command::Quit,
        "random" => Command::Random,
        "force" => Command::Force,
        "go" => Command::Go,
        "playother" => Command::PlayOther,
        "white" => Command::SetColor(Color::White),
        "black" => Command::SetColor(Color::Black),
        "?" => Command::MoveNow,
        "draw" => Command::Draw,
        "edit" => Command::Edit,
        "hint" => Command::Hint,
        "bk" => Command::Book,
        "undo" => Command::Undo,
        "remove" => Command::Remove,
        "hard" => Command::Ponder(true),
        "easy" => Command::Ponder(false),
        "post" => Command::Post(true),
        "nopost" => Command::Post(false),
        "analyze" => Command::Analyze,
        "exit" => Command::ExitAnalyze,
        "." => Command::Status,
        "computer" => Command::Computer,
        "pause" => Command::Pause,
        "resume" => Command::Resume,
        _ => return None,
    })
}

/// A non-negative integer; fractions are cut and negative numbers become 0.
fn number(text: &str) -> Option<u64> {
    let text = text.split_whitespace().next()?;
    if let Ok(n) = text.parse::<u64>() {
        return Some(n);
    }
    if text.starts_with('-') && text[1..].parse::<f64>().is_ok() {
        return Some(0);
    }
    clock::parse_seconds(text).ok().map(|ms| ms / 1000)
}

fn time_command(word: &str, rest: &str, line: &str) -> Command {
    let args: Vec<&str> = rest.split_whitespace().collect();
    let result = match (word, args.as_slice()) {
        ("level", [mps, base, inc, ..]) => clock::parse_level(mps, base, inc).map(Command::Level),
        ("st", [t, ..]) => clock::parse_seconds(t).map(Command::MoveTime),
        ("sd", [d, ..]) => number(d)
            .map(|d| Command::Depth(u32::try_from(d).unwrap_or(u32::MAX)))
            .ok_or_else(|| format!("'{d}' is not a depth")),
        ("nps", [n, ..]) => number(n)
            .map(Command::Nps)
            .ok_or_else(|| format!("'{n}' is not a rate")),
        ("time", [t, ..]) => number(t)
            .map(Command::Time)
            .ok_or_else(|| format!("'{t}' is not a time")),
        ("otim", [t, ..]) => number(t)
            .map(Command::OpponentTime)
            .ok_or_else(|| format!("'{t}' is not a time")),
        _ => Err("missing argument".to_string()),
    };
    result.unwrap_or_else(|reason| invalid(&reason, line))
}

fn option_command(rest: &str) -> Command {
    match rest.split_once('=') {
        Some((name, value)) => Command::SetOption {
            name: name.trim().to_string(),
            value: Some(value.to_string()),
        },
        None => Command::SetOption {
            name: rest.to_string(),
            value: None,
        },
    }
}

fn exclude_command(exclude: bool, rest: &str) -> Command {
    let moves = match rest {
        "all" => MoveSelection::All,
        "none" => {
            return Command::Exclude {
                moves: MoveSelection::All,
                exclude: !exclude,
            }
        }
        m => MoveSelection::Move(m.to_string()),
    };
    Command::Exclude { moves, exclude }
}

fn square_command(word: &str, square: &str) -> Command {
    let square = square.to_string();
    match word {
        "lift" => Command::Lift(square),
        "put" => Command::Put(square),
        _ => Command::Hover(square),
    }
}

/// Length of the square (`a1`, `l12`, `i0`) at the start of `text`.
fn square_len(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let file = *bytes.first()?;
    if !(b'a'..=b'w').contains(&file) {
        return None;
    }
    let digits = bytes[1..]
        .iter()
        .take(2)
        .take_while(|b| b.is_ascii_digit())
        .count();
    (digits > 0).then_some(1 + digits)
}

/// Whether a bare word is a move in any notation a GUI sends: coordinates
/// (with `x`, `-`, `=`, promotion or gating letters, `+`/`#`), drops `P@e4`,
/// castling `O-O`/`0-0-0`, the null move `@@@@`, and comma-joined legs.
#[must_use]
pub fn looks_like_move(text: &str) -> bool {
    if text.contains(char::is_whitespace) || text.is_empty() {
        return false;
    }
    let text = text.trim_end_matches(['+', '#', '!', '?']);
    if text == "@@@@" {
        return true;
    }
    if let Some(rest) = ["O-O-O", "O-O", "0-0-0", "0-0"]
        .iter()
        .find_map(|c| text.strip_prefix(c))
    {
        return rest.is_empty() || rest.starts_with('/');
    }
    text.split(',')
        .all(|leg| leg.is_empty() || looks_like_leg(leg))
}

fn looks_like_leg(leg: &str) -> bool {
    if let Some((piece, square)) = leg.split_once('@') {
        let mut p = piece.chars();
        let one_letter = matches!((p.next(), p.next()), (Some(c), None) if c.is_ascii_alphabetic());
        return one_letter && square_len(square) == Some(square.len());
    }
    let Some(from) = square_len(leg) else {
        return false;
    };
    let rest = leg[from..].trim_start_matches(['x', '-']);
    let Some(to) = square_len(rest) else {
        return false;
    };
    let suffix = rest[to..].trim_start_matches('=');
    suffix.len() <= 2 && suffix.chars().all(|c| c.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::api::Level;

    fn p(line: &str) -> Command {
        Parser::new().parse(line).unwrap()
    }

    #[test]
    fn moves_in_every_notation_are_recognised() {
        for m in [
            "e2e4",
            "e7e8q",
            "e7e8=Q",
            "e2-e4",
            "e4xd5",
            "a0a3",
            "i9i8",
            "l12l11",
            "P@e4",
            "O-O",
            "O-O-O",
            "0-0",
            "O-O/Eh1",
            "@@@@",
            "b1c3h",
            "h1e1e",
            "c4d5,d5e4",
            "e7e8q+",
        ] {
            assert!(looks_like_move(m), "{m}");
            assert_eq!(p(m), Command::UserMove(m.to_string()));
        }
        for junk in [
            "hello", "e2", "e2e", "z1z2", "e2e4qqq", "@e4", "PP@e4", "e2e4 x",
        ] {
            assert!(!looks_like_move(junk), "{junk}");
        }
        assert_eq!(p("hello there"), Command::Unknown("hello there".into()));
    }

    #[test]
    fn holdings_parse_with_and_without_the_acquired_man() {
        let holding = |white: &str, black: &str| Command::Holding {
            white: white.into(),
            black: black.into(),
        };
        assert_eq!(p("holding [PPPRQ] []"), holding("PPPRQ", ""));
        assert_eq!(p("holding [PPPRQ] [R] BR"), holding("PPPRQ", "R"));
        assert_eq!(p("holding [][N]"), holding("", "N"));
        for bad in ["holding", "holding [P]", "holding PP []", "holding [P1] []"] {
            assert_eq!(
                p(bad),
                Command::Invalid {
                    reason: "bad holdings".into(),
                    line: bad.into()
                },
                "{bad}"
            );
        }
    }

    #[test]
    fn clock_commands_parse_every_client_format() {
        let level = Level {
            moves: 0,
            base_ms: 5_000,
            inc_ms: 100,
        };
        assert_eq!(p("level 0 0:05 0.1"), Command::Level(level));
        assert_eq!(p("st 0.2"), Command::MoveTime(200));
        assert_eq!(p("st 0"), Command::MoveTime(0));
        assert_eq!(p("sd 12"), Command::Depth(12));
        assert_eq!(p("nps 1"), Command::Nps(1));
        assert_eq!(p("time 510"), Command::Time(510));
        assert_eq!(p("time -20"), Command::Time(0));
        assert_eq!(p("otim 0"), Command::OpponentTime(0));
        assert_eq!(
            p("level 40 x 0"),
            Command::Invalid {
                reason: "'x' is not minutes or min:sec".into(),
                line: "level 40 x 0".into()
            }
        );
        assert_eq!(
            p("st"),
            Command::Invalid {
                reason: "missing argument".into(),
                line: "st".into()
            }
        );
    }

    #[test]
    fn arguments_keep_their_text() {
        assert_eq!(p("ping 123456789012"), Command::Ping("123456789012".into()));
        assert_eq!(
            p("result 1-0 {White mates}"),
            Command::Result("1-0 {White mates}".into())
        );
        assert_eq!(
            p("option Hash Size=64 MB"),
            Command::SetOption {
                name: "Hash Size".into(),
                value: Some("64 MB".into())
            }
        );
        assert_eq!(
            p("option ClearHash"),
            Command::SetOption {
                name: "ClearHash".into(),
                value: None
            }
        );
        assert_eq!(
            p("exclude all"),
            Command::Exclude {
                moves: MoveSelection::All,
                exclude: true
            }
        );
        assert_eq!(
            p("include none"),
            Command::Exclude {
                moves: MoveSelection::All,
                exclude: true
            }
        );
        assert_eq!(
            p("include e2e4"),
            Command::Exclude {
                moves: MoveSelection::Move("e2e4".into()),
                exclude: false
            }
        );
        assert_eq!(p("usermove O-O"), Command::UserMove("O-O".into()));
        assert_eq!(p("protover 2\r"), Command::Protover(2));
        assert_eq!(
            p("accepted done"),
            Command::FeatureReply {
                feature: "done".into(),
                accepted: true
            }
        );
        assert_eq!(p("lift e2"), Command::Lift("e2".into()));
        assert_eq!(p("memory 68"), Command::Memory(68));
        assert_eq!(
            p("variant"),
            Command::Invalid {
                reason: "missing argument".into(),
                line: "variant".into()
            }
        );
    }

    #[test]
    fn edit_mode_is_a_sub_mode_ended_by_a_dot() {
        let mut parser = Parser::new();
        assert_eq!(parser.parse("."), Some(Command::Status));
        assert_eq!(parser.parse("edit"), Some(Command::Edit));
        assert_eq!(parser.parse("#"), Some(Command::EditStep(EditStep::Clear)));
        let place = EditStep::Place {
            piece: 'P',
            square: "a4".into(),
        };
        assert_eq!(parser.parse("Pa4"), Some(Command::EditStep(place)));
        assert_eq!(
            parser.parse("c"),
            Some(Command::EditStep(EditStep::ToggleColor))
        );
        assert_eq!(parser.parse("ping 3"), Some(Command::Ping("3".into())));
        assert_eq!(parser.parse("."), Some(Command::EditStep(EditStep::Done)));
        assert_eq!(parser.parse("."), Some(Command::Status));
        assert_eq!(parser.parse("   "), None);
    }
}
