//! `annotate FILE SIDE MOVES MARGIN TIME [N]` and `annotateh`: Crafty's game
//! annotation. Each game of the PGN file is replayed; before every move of
//! the chosen side(s) in the chosen move range the position is searched
//! (TIME seconds a move, and never deeper than `sd`). When the engine
//! prefers another move, the move played is searched alone to the same
//! depth; if it scores at least MARGIN pawns worse, it gets a comment (both
//! scores, for White) and the engine's line as a variation; with N, the
//! engine's N best moves (stopping at the move played; -N: N in any case).
//! A negative MARGIN comments every move, the engine's own choices too
//! (their variation then starts with the move played), as in Crafty.
//!
//! The game's own comments and variations (nested up to 64 deep) are kept,
//! and the moves of its variations are judged as the main line's are: a
//! variation is replayed from the position where it starts and each move
//! of the chosen side(s) in the range gets the same comment and engine
//! lines, inside the variation. A variation with an illegal move skips its
//! game with one line naming the move.
//!
//! `annotate` writes FILE.can (PGN); `annotateh` writes FILE.html with an
//! SVG diagram of the position before every commented move (see
//! [`super::annotate_html`]).

use super::analysis::{self, ToolLimits};
use super::display::score_text;
use super::record::load_all_games;
use super::Console;
use crate::bitboard::BitboardPos;
use crate::boards::AnyPosition;
use crate::core::{Color, Score};
use crate::engine::searchers::SearcherPool;
use crate::mailbox::MailboxPos;
use crate::notation::pgn::{
    check_variations, comment_word, enclose, number_text, replay, side_and_number, wrap, PgnGame,
    PgnMove,
};
use crate::notation::{parse_san, to_san};
use crate::position::{Evaluate, Position};
use crate::progress::ProgressReporter;
use crate::search::{Limits, SearchResult, Searcher};
use std::path::Path;
use std::time::Duration;

/// Whose moves are annotated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sides {
    /// `w`.
    White,
    /// `b`.
    Black,
    /// `bw` or `wb`.
    Both,
    /// The player whose name (or part of it) is in `[White]` or `[Black]`.
    Player(String),
}

/// The command's arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The PGN file.
    pub file: String,
    /// Whose moves.
    pub sides: Sides,
    /// First and last move number annotated.
    pub moves: (u32, u32),
    /// Comment only when the move played is this much worse (centipawns);
    /// negative: comment every move.
    pub margin: Score,
    /// Search time per move.
    pub time: Duration,
    /// Lines shown (Crafty's `n`): the best moves in turn, stopping at the
    /// move played unless negative (then always `-n` lines).
    pub lines: i32,
}

/// Reads `FILE SIDE MOVES MARGIN TIME [N]`.
///
/// # Errors
/// A missing or malformed argument, as one line.
pub fn parse_request(args: &str, name: &str) -> Result<Request, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let (file, side, moves, margin, time, lines) = match words[..] {
        [f, s, m, g, t] => (f, s, m, g, t, "1"),
        [f, s, m, g, t, n] => (f, s, m, g, t, n),
        _ => {
            return Err(format!(
                "Error (missing argument): usage: {name} FILE SIDE MOVES MARGIN TIME [N]"
            ))
        }
    };
    let sides = match side {
        "w" => Sides::White,
        "b" => Sides::Black,
        "bw" | "wb" => Sides::Both,
        player => Sides::Player(player.to_string()),
    };
    let bad = |what: &str, text: &str| format!("Error (bad {what}): {text}");
    let number = |t: &str| t.parse::<u32>().ok().filter(|&n| n > 0);
    let moves = match moves.split_once('-') {
        Some((a, b)) => number(a).zip(number(b)),
        None => number(moves).map(|a| (a, u32::MAX)),
    }
    .filter(|(a, b)| a <= b)
    .ok_or_else(|| bad("move range, e.g. 10 or 1-30", moves))?;
    let pawns: f64 = margin
        .parse()
        .ok()
        .filter(|m: &f64| (-1000.0..1000.0).contains(m))
        .ok_or_else(|| bad("margin in pawns", margin))?;
    let secs: f64 = time
        .parse()
        .ok()
        .filter(|t: &f64| *t > 0.0 && *t < 1e6)
        .ok_or_else(|| bad("time in seconds", time))?;
    let lines: i32 = lines
        .parse()
        .ok()
        .filter(|n: &i32| *n != 0 && n.abs() <= 32)
        .ok_or_else(|| bad("number of lines (1..32 or -32..-1)", lines))?;
    Ok(Request {
        file: file.to_string(),
        sides,
        moves,
        margin: (pawns * 100.0).round() as Score,
        time: Duration::from_secs_f64(secs),
        lines,
    })
}

/// What the engine says about one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Score of the move played, for White.
    pub played: Score,
    /// Score of the engine's move, for White.
    pub best: Score,
    /// Depth of the searches.
    pub depth: u32,
    /// The engine's lines, best first: score for White and the moves in
    /// SAN with move numbers (`12. Nf3 Nc6 13. d4`).
    pub lines: Vec<(Score, Vec<String>)>,
}

/// One move of an annotated game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move played, in SAN.
    pub san: String,
    /// Its number.
    pub number: u32,
    /// The side that played it.
    pub side: Color,
    /// The position before it.
    pub fen_before: String,
    /// Its `!`/`?` mark as the game had it.
    pub mark: String,
    /// The comment the game had before the move (start of a line).
    pub comment_before: Option<String>,
    /// The comment the game had.
    pub comment: Option<String>,
    /// The engine's comment.
    pub note: Option<Note>,
    /// The game's variations in place of this move, annotated.
    pub variations: Vec<Vec<Ply>>,
}

/// A game with the engine's notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotated {
    /// The game as read.
    pub game: PgnGame,
    /// Its moves.
    pub plies: Vec<Ply>,
}

/// Whether the move `number` of `side` is to be annotated in `game`.
fn wanted(request: &Request, game: &PgnGame, side: Color, number: u32) -> bool {
    let in_range = number >= request.moves.0 && number <= request.moves.1;
    let mine = match &request.sides {
        Sides::Both => true,
        Sides::White => side == Color::White,
        Sides::Black => side == Color::Black,
        Sides::Player(name) => {
            let tag = if side == Color::White {
                "White"
            } else {
                "Black"
            };
            game.tag(tag).is_some_and(|v| v.contains(name.as_str()))
        }
    };
    in_range && mine
}

/// The position's move number and side (from its FEN).
fn number_and_side<P: Position>(pos: &P) -> (u32, Color) {
    let (side, number) = side_and_number(&pos.to_fen());
    (number, side)
}

/// The SAN of `line` from `pos`, with move numbers.
fn line_san<P: Position>(pos: &P, line: &[P::Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        let (number, side) = number_and_side(&pos);
        if i == 0 || side == Color::White {
            out.push(number_text(number, side));
        }
        out.push(to_san(&mut pos, m));
        if !pos.make(m) {
            break;
        }
    }
    out
}

/// Searches one position: the engine's move, and when it differs the move
/// played alone to the same depth; a note when the difference is at least
/// the margin (always with a negative margin, even for the engine's move).
fn judge<P: Position + Evaluate>(
    searcher: &mut Searcher<P>,
    pos: &mut P,
    history: &[u64],
    played: P::Move,
    request: &Request,
    limits: &ToolLimits,
) -> Option<Note> {
    let best = analysis::search(searcher, pos, history, limits, Vec::new(), &mut |_| false);
    let best_move = best.best?;
    if best_move == played && request.margin >= 0 {
        return None;
    }
    let white = pos.side_to_move() == Color::White;
    let for_white = |s: Score| if white { s } else { -s };
    if best_move == played {
        return Some(Note {
            played: for_white(best.score),
            best: for_white(best.score),
            depth: best.depth,
            lines: more_lines(searcher, pos, history, played, request, &best),
        });
    }
    let others: Vec<P::Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| m != played)
        .collect();
    let only_played = ToolLimits {
        limits: Limits::Depth(best.depth.max(1)),
        depth: None,
    };
    let mine = analysis::search(searcher, pos, history, &only_played, others, &mut |_| false);
    if best.score - mine.score < request.margin {
        return None;
    }
    Some(Note {
        played: for_white(mine.score),
        best: for_white(best.score),
        depth: best.depth,
        lines: more_lines(searcher, pos, history, played, request, &best),
    })
}

/// The engine's lines, `best` first, then the next best moves (each
/// searched to `best`'s depth without the moves shown before it) up to the
/// number asked for, stopping at the move played unless that is negative.
fn more_lines<P: Position + Evaluate>(
    searcher: &mut Searcher<P>,
    pos: &mut P,
    history: &[u64],
    played: P::Move,
    request: &Request,
    best: &SearchResult<P::Move>,
) -> Vec<(Score, Vec<String>)> {
    let white = pos.side_to_move() == Color::White;
    let for_white = |s: Score| if white { s } else { -s };
    let same_depth = ToolLimits {
        limits: Limits::Depth(best.depth.max(1)),
        depth: None,
    };
    let mut lines = vec![(for_white(best.score), line_san(pos, &best.pv))];
    let mut shown: Vec<P::Move> = best.best.into_iter().collect();
    for _ in 1..request.lines.unsigned_abs() {
        let next = analysis::search(
            searcher,
            pos,
            history,
            &same_depth,
            shown.clone(),
            &mut |_| false,
        );
        let Some(m) = next.best else { break };
        if m == played && request.lines > 0 {
            break;
        }
        lines.push((for_white(next.score), line_san(pos, &next.pv)));
        shown.push(m);
    }
    lines
}

/// What stays the same while one game is annotated.
struct Job<'a, P: Position> {
    searcher: &'a mut Searcher<P>,
    game: &'a PgnGame,
    request: &'a Request,
    limits: &'a ToolLimits,
    progress: &'a mut ProgressReporter,
}

/// Replays and annotates one game on board `P`: the main line, and each
/// variation from the position where it starts.
fn annotate_game<P: Position + Evaluate>(
    searcher: &mut Searcher<P>,
    start: P,
    game: &PgnGame,
    request: &Request,
    limits: &ToolLimits,
    progress: &mut ProgressReporter,
) -> Result<Vec<Ply>, String> {
    let mut end = start.clone();
    replay(game, &mut end)?;
    let mut pos = start;
    if let Some(fen) = game.tag("FEN") {
        pos.set_fen(&analysis::full_fen(fen))
            .map_err(|e| format!("bad FEN ({e})"))?;
    }
    check_variations(game, &pos)?;
    let mut job = Job {
        searcher,
        game,
        request,
        limits,
        progress,
    };
    annotate_line(&mut job, &mut pos, &mut Vec::new(), &game.moves)
}

/// Annotates the moves of one line from `pos` (`history`: the hashes of
/// the positions before it), its variations first at each move; `pos` and
/// `history` end after the line.
fn annotate_line<P: Position + Evaluate>(
    job: &mut Job<P>,
    pos: &mut P,
    history: &mut Vec<u64>,
    moves: &[PgnMove],
) -> Result<Vec<Ply>, String> {
    let mut plies = Vec::with_capacity(moves.len());
    for read in moves {
        let m = parse_san(pos, &read.text)
            .map_err(|_| format!("game at line {}: illegal move {}", job.game.line, read.text))?;
        let (number, side) = number_and_side(pos);
        let note = if wanted(job.request, job.game, side, number) {
            let note = judge(job.searcher, pos, history, m, job.request, job.limits);
            job.progress
                .step(&format!("{}{}", number_text(number, side), read.text));
            note
        } else {
            None
        };
        let mut variations = Vec::with_capacity(read.variations.len());
        for line in &read.variations {
            let (mut from, mut before) = (pos.clone(), history.clone());
            variations.push(annotate_line(job, &mut from, &mut before, line)?);
        }
        plies.push(Ply {
            san: to_san(pos, m),
            number,
            side,
            fen_before: pos.to_fen(),
            mark: read.mark.clone(),
            comment_before: read.comment_before.clone(),
            comment: read.comment.clone(),
            note,
            variations,
        });
        history.push(pos.hash());
        pos.make(m);
    }
    Ok(plies)
}

/// Plies to be searched in `game`, variations included (for the progress
/// estimate).
fn searched_plies(game: &PgnGame, request: &Request) -> usize {
    let (side, number) = game.tag("FEN").map_or((Color::White, 1), side_and_number);
    searched_in_line(game, request, &game.moves, side, number)
}

fn searched_in_line(
    game: &PgnGame,
    request: &Request,
    moves: &[PgnMove],
    mut side: Color,
    mut number: u32,
) -> usize {
    let mut count = 0;
    for m in moves {
        count += usize::from(wanted(request, game, side, number));
        for line in &m.variations {
            count += searched_in_line(game, request, line, side, number);
        }
        if side == Color::Black {
            number += 1;
        }
        side = side.flip();
    }
    count
}

/// `annotate` (`html` false) and `annotateh` (`html` true).
///
/// # Errors
/// Bad arguments, a missing file or one that cannot be written; one line.
pub fn run(c: &mut Console, args: &str, html: bool) -> Result<(), String> {
    let name = if html { "annotateh" } else { "annotate" };
    let request = parse_request(args, name)?;
    let file = load_all_games(&request.file)?;
    for e in &file.errors {
        c.print(&format!("{}: skipped a game, {e}", request.file));
    }
    let games = file.games;
    let limits = ToolLimits {
        limits: Limits::MoveTime(request.time),
        depth: c.depth_limit(),
    };
    let total = games.iter().map(|g| searched_plies(g, &request)).sum();
    let mut progress = ProgressReporter::new(name, total);
    let mut searchers = c.tool_searchers();
    let mut done = Vec::new();
    for (index, game) in games.into_iter().enumerate() {
        match annotate_any(c, &mut searchers, &game, &request, &limits, &mut progress) {
            Ok(plies) => done.push(Annotated { game, plies }),
            Err(e) => c.print(&format!("game {}: skipped, {e}", index + 1)),
        }
    }
    progress.finish();
    let header = header_comment(&request, &limits);
    let (path, text) = if html {
        let text = super::annotate_html::document(&done, &header);
        (format!("{}.html", request.file), text)
    } else {
        (format!("{}.can", request.file), can_text(&done, &header))
    };
    crate::save::write_atomic(Path::new(&path), text.as_bytes())
        .map_err(|e| format!("Error: {path}: {e}"))?;
    report(c, &done, &path);
    Ok(())
}

fn annotate_any(
    c: &mut Console,
    searchers: &mut SearcherPool,
    game: &PgnGame,
    request: &Request,
    limits: &ToolLimits,
    progress: &mut ProgressReporter,
) -> Result<Vec<Ply>, String> {
    let start = analysis::position(c, game.variant(), None)?;
    match start {
        AnyPosition::Bitboard(p) => annotate_game(
            searchers.emptied::<BitboardPos>(),
            p,
            game,
            request,
            limits,
            progress,
        ),
        AnyPosition::Mailbox(p) => annotate_game(
            searchers.emptied::<MailboxPos>(),
            p,
            game,
            request,
            limits,
            progress,
        ),
    }
}

/// One line per comment, then the summary.
fn report(c: &mut Console, done: &[Annotated], path: &str) {
    let mut comments = 0;
    for a in done {
        report_line(c, &a.plies, "", &mut comments);
    }
    c.print(&format!(
        "annotated {} game(s), {comments} comment(s), written to {path}",
        done.len()
    ));
}

/// The comments of one line (`place`: ` in a variation` for variations)
/// and of its variations, counted in `comments`.
fn report_line(c: &mut Console, plies: &[Ply], place: &str, comments: &mut usize) {
    for p in plies {
        if let Some(n) = &p.note {
            *comments += 1;
            let choice = n.lines[0].1.get(1).map_or("", String::as_str);
            let verdict = if choice == p.san {
                "Nightrider agrees".to_string()
            } else {
                format!("Nightrider prefers {choice} {}", score_text(n.best))
            };
            c.print(&format!(
                "{} {}{place}: {}, {verdict} (depth {})",
                number_text(p.number, p.side),
                p.san,
                score_text(n.played),
                n.depth
            ));
        }
        for line in &p.variations {
            report_line(c, line, " in a variation", comments);
        }
    }
}

/// What was annotated and how, as the first comment of each game.
#[must_use]
pub fn header_comment(request: &Request, limits: &ToolLimits) -> String {
    let sides = match &request.sides {
        Sides::White => "White's moves".to_string(),
        Sides::Black => "Black's moves".to_string(),
        Sides::Both => "both sides' moves".to_string(),
        Sides::Player(p) => format!("the moves of {p}"),
    };
    let range = match request.moves {
        (a, u32::MAX) => format!("from move {a}"),
        (a, b) => format!("moves {a} to {b}"),
    };
    format!(
        "Nightrider annotates {sides}, {range}; margin {:.2} pawns; {}",
        f64::from(request.margin) / 100.0,
        limits.describe()
    )
}

/// The engine's comment on a move: `{-0.20; Nightrider: +0.35 at depth 3}`.
#[must_use]
pub fn note_comment(note: &Note) -> String {
    format!(
        "{}; Nightrider: {} at depth {}",
        score_text(note.played),
        score_text(note.best),
        note.depth
    )
}

/// The games as PGN: tags plus `[Annotator]`, the header comment, moves
/// with comments and variations, the result.
#[must_use]
pub fn can_text(done: &[Annotated], header: &str) -> String {
    let mut out = String::new();
    for a in done {
        for (name, value) in &a.game.tags {
            out.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "\\\"")));
        }
        out.push_str(&format!(
            "[Annotator \"Nightrider {}\"]\n\n",
            env!("CARGO_PKG_VERSION")
        ));
        let mut words = vec![format!("{{{header}}}")];
        line_words(&a.plies, &mut words);
        words.push(a.game.result.clone());
        out.push_str(&wrap(&words, 79));
        out.push_str("\n\n");
    }
    out
}

/// The words of one line of annotated moves: move numbers where PGN wants
/// them, the game's comments, the engine's comment and lines, then the
/// game's variations, each in the same form inside parentheses.
fn line_words(plies: &[Ply], words: &mut Vec<String>) {
    let mut need_number = true;
    for p in plies {
        if let Some(c) = &p.comment_before {
            words.push(comment_word(c));
        }
        if p.side == Color::White || need_number {
            words.push(number_text(p.number, p.side));
        }
        words.push(format!("{}{}", p.san, p.mark));
        need_number = false;
        if let Some(c) = &p.comment {
            words.push(comment_word(c));
            need_number = true;
        }
        if let Some(n) = &p.note {
            words.push(format!("{{{}}}", note_comment(n)));
            for (score, line) in &n.lines {
                words.push(format!("({} {{{}}})", line.join(" "), score_text(*score)));
            }
            need_number = true;
        }
        for line in &p.variations {
            let mut inner = Vec::new();
            line_words(line, &mut inner);
            enclose(&mut inner, "(", ")");
            words.extend(inner);
            need_number = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_read_as_crafty_reads_them() {
        let r = parse_request("g.pgn bw 5-20 0.5 2", "annotate").unwrap();
        assert_eq!(r.sides, Sides::Both);
        assert_eq!(r.moves, (5, 20));
        assert_eq!(r.margin, 50);
        assert_eq!(r.time, Duration::from_secs(2));
        assert_eq!(r.lines, 1);
        assert_eq!(
            parse_request("g.pgn w 1 1 1 -3", "annotate").map(|r| r.lines),
            Ok(-3)
        );
        assert_eq!(
            parse_request("g.pgn w 1 1 1 0", "annotate"),
            Err("Error (bad number of lines (1..32 or -32..-1)): 0".into())
        );
        let r = parse_request("g.pgn Carlsen 12 1 0.5", "annotate").unwrap();
        assert_eq!(r.sides, Sides::Player("Carlsen".into()));
        assert_eq!(r.moves, (12, u32::MAX));
        assert_eq!(
            parse_request("g.pgn w 9-3 1 1", "annotate"),
            Err("Error (bad move range, e.g. 10 or 1-30): 9-3".into())
        );
        assert_eq!(
            parse_request("g.pgn w 1 x 1", "annotate"),
            Err("Error (bad margin in pawns): x".into())
        );
        assert_eq!(
            parse_request("g.pgn w 1 -1 1", "annotate").map(|r| r.margin),
            Ok(-100)
        );
        assert_eq!(
            parse_request("g.pgn w", "annotateh"),
            Err(
                "Error (missing argument): usage: annotateh FILE SIDE MOVES MARGIN TIME [N]".into()
            )
        );
    }

    #[test]
    fn lines_wrap_at_the_width() {
        let words: Vec<String> = ["1.", "e4", "e5", "2.", "Nf3"].map(String::from).into();
        assert_eq!(wrap(&words, 8), "1. e4 e5\n2. Nf3");
    }
}
