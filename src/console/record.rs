//! Games on file: `read`/`reada FILE [N]` (PGN or a plain move list, any
//! variant through `[Variant]`, `[FEN]` honoured), `savegame FILE` (PGN with
//! the Seven Tag Roster, `[Variant]`/`[SetUp]`/`[FEN]` where needed, SAN moves
//! and the result) and `pgn TAG VALUE`.
//!
//! The engine keeps the moves; the console keeps what PGN adds to them
//! ([`GameRecord`]): tags, and the comments and result of the game read,
//! which are written back as long as the game still starts the same way.

use super::analysis;
use super::Console;
use crate::boards::AnyPosition;
use crate::core::{Color, Verdict};
use crate::engine::api::{Command, Event};
use crate::notation::pgn::{read_pgn, replay, write_pgn, PgnFile, PgnGame};
use crate::position::Position;
use std::path::Path;

/// Tags the PGN standard requires, in its order (`Result` comes last).
const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// What the console knows of the game beyond its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// Tags in order: from the game read, then set by `pgn`.
    pub tags: Vec<(String, String)>,
    /// The position the game read starts from.
    pub start_fen: String,
    /// Its moves (coordinates) with their comments.
    pub moves: Vec<(String, Option<String>)>,
    /// Its result as the file gave it.
    pub result: Option<String>,
}

impl GameRecord {
    /// Sets a tag (replacing an earlier value).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(pair) => pair.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// A tag's value.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::notation::pgn::tag_value(&self.tags, name)
    }

    /// The comment of each of `moves` from `start`, as far as the game
    /// read started the same way.
    #[must_use]
    pub fn comments(&self, start: &str, moves: &[String]) -> Vec<Option<String>> {
        let same_start = self.start_fen == start;
        let mut matching = same_start;
        moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                matching &= self.moves.get(i).is_some_and(|(read, _)| read == m);
                if matching {
                    self.moves[i].1.clone()
                } else {
                    None
                }
            })
            .collect()
    }
}

/// Reads the `index`th game (from 1) of a PGN file.
///
/// # Errors
/// An unreadable file, or no such game (with the reader's first complaint).
pub fn load_game(path: &str, index: usize) -> Result<PgnGame, String> {
    let text = crate::text::read(path).map_err(|e| format!("Error: {path}: {e}"))?;
    let file = read_pgn(&text);
    if let Some(game) = file.games.into_iter().nth(index.saturating_sub(1)) {
        return Ok(game);
    }
    Err(match file.errors.first() {
        Some(reason) => format!("Error ({path}): {reason}"),
        None => format!("Error ({path}): no game {index} in the file"),
    })
}

/// Every well-formed game of a PGN file, and the reader's complaint about
/// each malformed one.
///
/// # Errors
/// An unreadable file, or one without any game (with the reader's first
/// complaint).
pub fn load_all_games(path: &str) -> Result<PgnFile, String> {
    let text = crate::text::read(path).map_err(|e| format!("Error: {path}: {e}"))?;
    let file = read_pgn(&text);
    if file.games.is_empty() {
        return Err(match file.errors.first() {
            Some(reason) => format!("Error ({path}): {reason}"),
            None => format!("Error ({path}): no game in the file"),
        });
    }
    Ok(file)
}

/// The moves of `game` from `start` as coordinate texts, and the position
/// it starts from.
fn game_texts<P: Position>(game: &PgnGame, start: &P) -> Result<(String, Vec<String>), String> {
    let mut pos = start.clone();
    let moves = replay(game, &mut pos)?;
    let mut first = start.clone();
    if let Some(fen) = game.tag("FEN") {
        first
            .set_fen(&analysis::full_fen(fen))
            .map_err(|e| format!("bad FEN ({e})"))?;
    }
    let start_fen = first.to_fen();
    let texts = moves
        .iter()
        .map(|&m| {
            let text = first.move_to_string(m);
            first.make(m);
            text
        })
        .collect();
    Ok((start_fen, texts))
}

fn any_game_texts(game: &PgnGame, pos: &AnyPosition) -> Result<(String, Vec<String>), String> {
    match pos {
        AnyPosition::Bitboard(p) => game_texts(game, p),
        AnyPosition::Mailbox(p) => game_texts(game, p),
    }
}

/// `FILE [N]`.
fn file_and_index(args: &str, usage: &str) -> Result<(String, usize), String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    match words[..] {
        [file] => Ok((file.to_string(), 1)),
        [file, n] => n
            .parse()
            .ok()
            .filter(|&n: &usize| n > 0)
            .map(|n| (file.to_string(), n))
            .ok_or_else(|| format!("Error (bad game number): {n}")),
        _ => Err(format!("Error (missing argument): usage: {usage}")),
    }
}

fn refuse_in_analysis(c: &Console) -> Result<(), String> {
    if c.mode() == super::InputMode::Analyze {
        return Err("Error (analyzing): type exit first".into());
    }
    Ok(())
}

/// `read FILE [N]`: the game replaces the current one.
///
/// # Errors
/// A missing file, a malformed game or an unknown variant; one line.
pub fn read(c: &mut Console, args: &str) -> Result<(), String> {
    refuse_in_analysis(c)?;
    let (path, index) = file_and_index(args, "read FILE [N]")?;
    let game = load_game(&path, index)?;
    let variant = variant_name(c, game.variant());
    let pos = analysis::position(c, &variant, None).map_err(|e| format!("Error ({path}): {e}"))?;
    let (start_fen, texts) =
        any_game_texts(&game, &pos).map_err(|e| format!("Error ({path}): {e}"))?;
    let mut commands = c.new_game_commands();
    if variant != "normal" {
        commands.push(Command::Variant(variant.clone()));
    }
    commands.push(Command::Force);
    if game.tag("FEN").is_some() {
        commands.push(Command::SetBoard(start_fen.clone()));
    }
    let plies = texts.len();
    commands.extend(texts.iter().cloned().map(Command::UserMove));
    commands.push(Command::PlayOther);
    c.variant.clone_from(&variant);
    check_accepted(c, commands, &path)?;
    let comments: Vec<Option<String>> = game.moves.iter().map(|m| m.comment.clone()).collect();
    c.record = GameRecord {
        tags: game.tags.clone(),
        start_fen,
        moves: texts.into_iter().zip(comments).collect(),
        result: Some(game.result.clone()),
    };
    c.print(&format!(
        "read game {index} of {path}: {plies} plies of {variant}"
    ));
    Ok(())
}

/// The engine's name for a `[Variant]` value: as written if known, else in
/// lower case (`Capablanca`), with `Chess960` as `fischerandom`.
fn variant_name(c: &mut Console, tag: &str) -> String {
    if c.library().variant(tag).is_ok() {
        return tag.to_string();
    }
    match tag.to_ascii_lowercase().as_str() {
        "chess960" | "fischer random" | "fischerandom" => "fischerandom".into(),
        lower => lower.to_string(),
    }
}

/// Sends the commands that rebuild a game; any refusal is the error.
fn check_accepted(c: &mut Console, commands: Vec<Command>, path: &str) -> Result<(), String> {
    let events = c.exchange(commands);
    let refused = events.iter().find_map(|e| match e {
        Event::IllegalMove { text, .. } => Some(format!("the engine refused {text}")),
        Event::TellUserError(m) => Some(m.clone()),
        Event::Error { reason, command } => Some(format!("{reason}: {command}")),
        _ => None,
    });
    match refused {
        Some(why) => Err(format!("Error ({path}): {why}")),
        None => Ok(()),
    }
}

/// `reada FILE [N]`: the game's moves are played on from the current
/// position (its `[Variant]` and `[FEN]` tags are not used).
///
/// # Errors
/// A missing file or a move that is not legal here; one line.
pub fn read_append(c: &mut Console, args: &str) -> Result<(), String> {
    refuse_in_analysis(c)?;
    let (path, index) = file_and_index(args, "reada FILE [N]")?;
    let mut game = load_game(&path, index)?;
    game.tags.retain(|(name, _)| name != "FEN");
    let fen = c.snapshot().fen.clone();
    let variant = c.variant.clone();
    let pos =
        analysis::position(c, &variant, Some(&fen)).map_err(|e| format!("Error ({path}): {e}"))?;
    let (_, texts) = any_game_texts(&game, &pos).map_err(|e| format!("Error ({path}): {e}"))?;
    let (start, moves) = record_moves(c)?;
    let mut record: Vec<(String, Option<String>)> = c
        .record
        .comments(&start, &moves)
        .into_iter()
        .zip(moves.iter().cloned())
        .map(|(comment, m)| (m, comment))
        .collect();
    for (text, read) in texts.iter().zip(&game.moves) {
        record.push((text.clone(), read.comment.clone()));
    }
    let mut commands = vec![Command::Force];
    commands.extend(texts.iter().cloned().map(Command::UserMove));
    commands.push(Command::PlayOther);
    check_accepted(c, commands, &path)?;
    c.record.start_fen = start;
    c.record.moves = record;
    c.record.result = None;
    c.print(&format!(
        "read game {index} of {path}: {} plies added",
        texts.len()
    ));
    Ok(())
}

/// The game's first position and its moves: the engine takes every move
/// back to report the start, then replays them.
fn record_moves(c: &mut Console) -> Result<(String, Vec<String>), String> {
    let moves = c.snapshot().moves.clone();
    if moves.is_empty() {
        return Ok((c.snapshot().fen.clone(), moves));
    }
    let mut back = vec![Command::Force];
    back.extend(vec![Command::Undo; moves.len()]);
    c.exchange(back);
    let start = c.snapshot().fen.clone();
    let mut replay: Vec<Command> = moves.iter().cloned().map(Command::UserMove).collect();
    replay.push(Command::PlayOther);
    c.exchange(replay);
    if c.snapshot().moves != moves {
        return Err("Error: the engine did not replay the game".into());
    }
    Ok((start, moves))
}

/// The result a position shows by the rules, if the game is over.
fn verdict_result<P: Position>(pos: &mut P) -> Option<&'static str> {
    let verdict = match pos.rule_verdict() {
        Some(v) => v,
        None if pos.legal_moves().is_empty() => pos.no_move_verdict(),
        None => return None,
    };
    let white = pos.side_to_move() == Color::White;
    Some(match (verdict, white) {
        (Verdict::Draw, _) => "1/2-1/2",
        (Verdict::Win, true) | (Verdict::Loss, false) => "1-0",
        (Verdict::Win, false) | (Verdict::Loss, true) => "0-1",
    })
}

/// The move text (SAN, comments, result) of the game and its result.
fn movetext<P: Position>(
    start: &P,
    moves: &[String],
    comments: Vec<Option<String>>,
    result_read: Option<&str>,
) -> Result<(String, String), String> {
    let mut pos = start.clone();
    let mut played = Vec::with_capacity(moves.len());
    for (text, comment) in moves.iter().zip(comments) {
        let m = pos
            .parse_move(text)
            .map_err(|e| format!("Error (cannot write {text}): {e}"))?;
        pos.make(m);
        played.push((m, comment));
    }
    let result = verdict_result(&mut pos)
        .or(result_read)
        .unwrap_or("*")
        .to_string();
    let text = write_pgn(start, &[], &played, &result);
    let body = text
        .split_once("\n\n")
        .map_or(text.as_str(), |(_, body)| body);
    Ok((body.to_string(), result))
}

/// `savegame FILE`.
///
/// # Errors
/// Analysis under way, or a file that cannot be written.
pub fn savegame(c: &mut Console, args: &str) -> Result<(), String> {
    refuse_in_analysis(c)?;
    let path = args.trim();
    if path.is_empty() {
        return Err("Error (missing argument): usage: savegame FILE".into());
    }
    let (start, moves) = record_moves(c)?;
    let comments = c.record.comments(&start, &moves);
    let whole_game_read = c.record.start_fen == start && c.record.moves.len() == moves.len();
    let result_read = c.record.result.clone().filter(|_| whole_game_read);
    let variant = c.variant.clone();
    let pos = analysis::position(c, &variant, Some(&start)).map_err(|e| format!("Error: {e}"))?;
    let initial = analysis::position(c, &variant, None).map_err(|e| format!("Error: {e}"))?;
    let (body, result) = match &pos {
        AnyPosition::Bitboard(p) => movetext(p, &moves, comments, result_read.as_deref())?,
        AnyPosition::Mailbox(p) => movetext(p, &moves, comments, result_read.as_deref())?,
    };
    let mut tags = roster(&c.record, &result);
    if variant != "normal" {
        tags.push(("Variant".into(), variant.clone()));
    }
    if start != any_fen(&initial) {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), start.clone()));
    }
    let mut text = String::new();
    for (name, value) in tags {
        text.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "\\\"")));
    }
    text.push('\n');
    text.push_str(body.trim_end());
    text.push('\n');
    crate::save::write_atomic(Path::new(path), text.as_bytes())
        .map_err(|e| format!("Error: {path}: {e}"))?;
    c.print(&format!(
        "saved {} plies of {variant} to {path}, result {result}",
        moves.len()
    ));
    Ok(())
}

fn any_fen(pos: &AnyPosition) -> String {
    match pos {
        AnyPosition::Bitboard(p) => p.to_fen(),
        AnyPosition::Mailbox(p) => p.to_fen(),
    }
}

/// The Seven Tag Roster (`?` where unknown, today's date), then the other
/// tags kept, except those `savegame` writes itself.
fn roster(record: &GameRecord, result: &str) -> Vec<(String, String)> {
    let mut tags: Vec<(String, String)> = ROSTER
        .iter()
        .map(|&name| {
            let value = match (record.tag(name), name) {
                (Some(v), _) => v.to_string(),
                (None, "Date") => today(),
                (None, _) => "?".to_string(),
            };
            (name.to_string(), value)
        })
        .collect();
    tags.push(("Result".into(), result.to_string()));
    let written_here = ["Result", "Variant", "SetUp", "FEN"];
    tags.extend(
        record
            .tags
            .iter()
            .filter(|(n, _)| !ROSTER.contains(&n.as_str()) && !written_here.contains(&n.as_str()))
            .cloned(),
    );
    tags
}

/// Today's date as PGN writes it (`2026.11.21`, UTC).
#[must_use]
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_date(i64::try_from(secs / 86_400).unwrap_or(0));
    format!("{y:04}.{m:02}.{d:02}")
}

/// Year, month and day of a day count since 1970-01-01 (proleptic Gregorian).
#[must_use]
pub fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = u32::try_from(doy - (153 * mp + 2) / 5 + 1).unwrap_or(1);
    let month = u32::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).unwrap_or(1);
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `pgn TAG VALUE` sets a tag for `savegame`; `pgn` alone lists them.
///
/// # Errors
/// A tag name that is not one word of letters, digits and `_`.
pub fn pgn(c: &mut Console, args: &str) -> Result<(), String> {
    if args.is_empty() {
        let lines: Vec<String> = c
            .record
            .tags
            .iter()
            .map(|(n, v)| format!("[{n} \"{v}\"]"))
            .collect();
        c.print(&if lines.is_empty() {
            "no tags set".to_string()
        } else {
            lines.join("\n")
        });
        return Ok(());
    }
    let (name, value) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
    let valid = name
        .chars()
        .all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
        && name.starts_with(|ch: char| ch.is_ascii_alphabetic());
    if !valid {
        return Err(format!("Error (bad tag name): {name}"));
    }
    let value = value.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value);
    c.record.set_tag(name, value);
    c.print(&format!("[{name} \"{value}\"]"));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn day_counts_become_calendar_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_778), (2026, 11, 21));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }

    #[test]
    fn comments_survive_only_while_the_game_starts_the_same() {
        let record = GameRecord {
            start_fen: "start".into(),
            moves: vec![
                ("e2e4".into(), Some("one".into())),
                ("e7e5".into(), None),
                ("g1f3".into(), Some("three".into())),
            ],
            ..GameRecord::default()
        };
        let moves = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            record.comments("start", &moves(&["e2e4", "e7e5", "g1f3", "b8c6"])),
            [Some("one".into()), None, Some("three".into()), None]
        );
        assert_eq!(
            record.comments("start", &moves(&["e2e4", "c7c5", "g1f3"])),
            [Some("one".into()), None, None]
        );
        assert_eq!(record.comments("other", &moves(&["e2e4"])), [None]);
    }
}
