//! Book creation from PGN games (Crafty's `book create FILE M N WPCT` and
//! the repertoire `books create`): the first M plies of each game, one entry
//! per position reached after a move, with wins, draws and losses of the
//! side that made the move taken from the game's result.
//!
//! Generic over [`Position`]; which board and variant is the caller's choice.

use super::file::{BoardKind, Book, BookEntry, EXCLUSIVE, NEVER};
use crate::core::Color;
use crate::notation::parse_san;
use crate::notation::pgn::{PgnGame, PgnMove};
use crate::position::Position;
use std::collections::HashMap;

/// What `book create` keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CreateOptions {
    /// Plies read from the start of each game (M).
    pub max_plies: usize,
    /// Moves played in fewer games are dropped (N; 1 keeps all).
    pub min_games: u32,
    /// Moves whose score percentage ((W + D/2) / (W + D + L), over games
    /// with a known result) is below this are dropped (WPCT; 0 keeps all).
    pub min_win_percent: f64,
    /// A repertoire: `!`/`?` marks and `{play NN%}` are kept and nothing is
    /// culled by N or WPCT.
    pub repertoire: bool,
}

impl Default for CreateOptions {
    fn default() -> CreateOptions {
        CreateOptions {
            max_plies: 60,
            min_games: 1,
            min_win_percent: 0.0,
            repertoire: false,
        }
    }
}

/// Parses `play NN%` and `priority N` out of a move comment.
fn comment_settings(comment: Option<&str>) -> (Option<u8>, Option<u8>) {
    let Some(text) = comment else {
        return (None, None);
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut play = None;
    let mut priority = None;
    for pair in words.windows(2) {
        let number = pair[1].trim_end_matches('%').parse::<u8>().ok();
        match pair[0].to_ascii_lowercase().as_str() {
            "play" => play = number.map(|n| n.min(100)),
            "priority" => priority = number,
            _ => {}
        }
    }
    (play, priority)
}

/// Repertoire flags of a move's marks: `!` or `!!` play exclusively; `?`,
/// `??` or `?!` never; `!?` neither.
fn mark_flags(mark: &str) -> u8 {
    match mark {
        "!" | "!!" => EXCLUSIVE,
        "?" | "??" | "?!" => NEVER,
        _ => 0,
    }
}

fn record(entry: &mut BookEntry, pm: &PgnMove, mover_score: Option<i8>, repertoire: bool) {
    entry.games += 1;
    match mover_score {
        Some(1) => entry.wins += 1,
        Some(0) => entry.draws += 1,
        Some(_) => entry.losses += 1,
        None => {}
    }
    if repertoire {
        entry.flags |= mark_flags(&pm.mark);
        let (play, priority) = comment_settings(pm.comment.as_deref());
        entry.play_percent = play.or(entry.play_percent);
        entry.priority = priority.unwrap_or(entry.priority);
    }
}

/// Adds one game's first plies to `entries`.
///
/// # Errors
/// One line for a bad FEN or an illegal move (the plies before it count).
fn add_game<P: Position>(
    game: &PgnGame,
    start: &P,
    opts: &CreateOptions,
    entries: &mut HashMap<u64, BookEntry>,
) -> Result<(), String> {
    let mut pos = start.clone();
    let at = |why: String| format!("game at line {}: {why}", game.line);
    if let Some(fen) = game.tag("FEN") {
        pos.set_fen(fen).map_err(|e| at(format!("bad FEN ({e})")))?;
    }
    let white = game.white_score();
    for (ply, pm) in game.moves.iter().take(opts.max_plies).enumerate() {
        let m = parse_san(&mut pos, &pm.text)
            .map_err(|_| at(format!("illegal move {} at ply {}", pm.text, ply + 1)))?;
        let sign = if pos.side_to_move() == Color::White {
            1
        } else {
            -1
        };
        pos.make(m);
        let key = pos.hash();
        let entry = entries.entry(key).or_insert_with(|| BookEntry::new(key));
        record(entry, pm, white.map(|s| s * sign), opts.repertoire);
    }
    Ok(())
}

/// Whether a main-book entry survives the N and WPCT limits.
fn keeps(entry: &BookEntry, opts: &CreateOptions) -> bool {
    if opts.repertoire {
        return true;
    }
    let known = entry.wins + entry.draws + entry.losses;
    let percent = if known == 0 {
        100.0
    } else {
        100.0 * (f64::from(entry.wins) + f64::from(entry.draws) / 2.0) / f64::from(known)
    };
    entry.games >= opts.min_games && percent >= opts.min_win_percent
}

/// Builds a book for `variant` from `games`, replayed from `start` (or their
/// `[FEN]`). Returns the book and one error line per game that had a bad
/// FEN or move (its plies before the error still count).
pub fn build_book<P: Position>(
    games: &[&PgnGame],
    start: &P,
    board: BoardKind,
    variant: &str,
    opts: &CreateOptions,
) -> (Book, Vec<String>) {
    build_book_reporting(games, start, board, variant, opts, &mut |_| {})
}

/// [`build_book`], calling `game_done` with the players' names after each
/// game (for a progress line).
pub fn build_book_reporting<P: Position>(
    games: &[&PgnGame],
    start: &P,
    board: BoardKind,
    variant: &str,
    opts: &CreateOptions,
    game_done: &mut dyn FnMut(&str),
) -> (Book, Vec<String>) {
    let mut entries = HashMap::new();
    let mut errors = Vec::new();
    for game in games {
        if let Err(e) = add_game(game, start, opts, &mut entries) {
            errors.push(e);
        }
        game_done(variant);
    }
    let kept: Vec<BookEntry> = entries.into_values().filter(|e| keeps(e, opts)).collect();
    let mut book = Book::new(board, variant, kept);
    book.repertoire = opts.repertoire;
    (book, errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::BitboardPos;
    use crate::book::test_lines::child;
    use crate::notation::pgn::read_pgn;

    const GAMES: &str = "[Result \"1-0\"]\n1. e4 e5 2. Nf3 Nc6 1-0\n\
        [Result \"0-1\"]\n1. e4 c5 2. Nf3 d6 0-1\n\
        [Result \"1/2-1/2\"]\n1. d4 d5 1/2-1/2\n\
        [Result \"1-0\"]\n1. e4 e5 2. Bc4 Nf6 1-0\n\
        [Result \"*\"]\n1. e4 Nf6 2. Ke3 *\n";

    fn build(opts: &CreateOptions) -> (Book, Vec<String>) {
        let file = read_pgn(GAMES);
        let games: Vec<&PgnGame> = file.games.iter().collect();
        build_book(
            &games,
            &BitboardPos::startpos(),
            BoardKind::Bitboard,
            "normal",
            opts,
        )
    }

    #[test]
    fn counts_games_and_results_per_child_position() {
        let (book, errors) = build(&CreateOptions::default());
        assert_eq!(errors, ["game at line 9: illegal move Ke3 at ply 3"]);
        let e4 = book.probe(child(&["e4"])).unwrap();
        assert_eq!((e4.games, e4.wins, e4.draws, e4.losses), (4, 2, 0, 1));
        let e5 = book.probe(child(&["e4", "e5"])).unwrap();
        assert_eq!((e5.games, e5.wins, e5.losses), (2, 0, 2));
        let d5 = book.probe(child(&["d4", "d5"])).unwrap();
        assert_eq!((d5.games, d5.draws), (1, 1));
        assert_eq!(book.entries().len(), 12);
    }

    #[test]
    fn culls_by_games_win_percentage_and_plies() {
        let opts = CreateOptions {
            max_plies: 2,
            min_games: 2,
            ..CreateOptions::default()
        };
        let (book, _) = build(&opts);
        let keys: Vec<u64> = book.entries().iter().map(|e| e.key).collect();
        let mut want = vec![child(&["e4"]), child(&["e4", "e5"])];
        want.sort_unstable();
        assert_eq!(keys, want);
        let opts = CreateOptions {
            min_win_percent: 50.0,
            ..opts
        };
        let (book, _) = build(&opts);
        assert_eq!(book.entries().len(), 1);
        assert!(book.probe(child(&["e4"])).is_some());
    }

    #[test]
    fn repertoire_keeps_marks_and_play_shares() {
        let text = "1. e4! e5 (1... c5) 2. Nf3 {play 70%} Nc6? 3. Bb5!? *\n1. d4? *\n";
        let file = read_pgn(text);
        let games: Vec<&PgnGame> = file.games.iter().collect();
        let opts = CreateOptions {
            repertoire: true,
            ..CreateOptions::default()
        };
        let start = BitboardPos::startpos();
        let (book, errors) = build_book(&games, &start, BoardKind::Bitboard, "normal", &opts);
        assert!(errors.is_empty());
        assert!(book.repertoire);
        assert_eq!(book.probe(child(&["e4"])).unwrap().flags, EXCLUSIVE);
        assert_eq!(book.probe(child(&["d4"])).unwrap().flags, NEVER);
        assert_eq!(
            book.probe(child(&["e4", "e5", "Nf3", "Nc6"]))
                .unwrap()
                .flags,
            NEVER
        );
        let nf3 = book.probe(child(&["e4", "e5", "Nf3"])).unwrap();
        assert_eq!((nf3.play_percent, nf3.flags), (Some(70), 0));
        assert_eq!(
            book.probe(child(&["e4", "e5", "Nf3", "Nc6", "Bb5"]))
                .unwrap()
                .flags,
            0
        );
    }
}
