//! `nightrider tune gen`: training positions from self-play. Plays fast
//! games of the engine against itself (a fixed node budget per move) from
//! the openings of a PGN or EPD file, with a few random plies after the opening for
//! variety (`--random`), on the bitboard board (orthodox chess) or, with
//! `--variant NAME`, on the general board in any game of fmax.ini. Every
//! quiet position (side to move not in check, best move neither capture nor
//! promotion) is written as `FEN RESULT`, the result being the game's
//! (`1-0`, `0-1`, `1/2-1/2`), and each game ends with a line
//! `# game N RESULT`.
//!
//! A game's lines are written together when it ends, so a run that is
//! killed loses at most the game in progress; rerunning the same command
//! counts the `# game` lines already in the file, drops anything after the
//! last one, and plays on from the next game (game `N` always uses the same
//! opening and random moves for a given seed).

use crate::bitboard::BitboardPos;
use crate::core::{Color, Score, Verdict};
use crate::eval::orthodox::endgame::insufficient_material;
use crate::mailbox::MailboxPos;
use crate::notation::pgn::{read_pgn, replay};
use crate::position::{Evaluate, Position};
use crate::progress::ProgressReporter;
use crate::search::{Limits, SearchParams, Searcher, RUN};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{Seek, Write};
use std::path::Path;
use std::sync::atomic::AtomicU8;

/// A score (side to move) beyond which the game is adjudicated.
const DECISIVE: i32 = 1500;
/// Plies in a row both sides must agree the game is decided.
const DECISIVE_PLIES: usize = 4;
/// Longest game before it is called a draw.
const MAX_PLIES: usize = 400;
/// The start of the line that ends each game in the output.
pub const GAME_MARK: &str = "# game ";
/// The largest score written for a position (mates are written as this).
pub const SCORE_LIMIT: Score = 3000;

/// A board self-play can run on.
pub trait SelfPlayBoard: Position + Evaluate {
    /// Whether the position is drawn by a rule the board itself does not
    /// judge (FIDE's insufficient material on the orthodox board).
    fn dead_draw(&self) -> bool {
        false
    }
}

impl SelfPlayBoard for BitboardPos {
    fn dead_draw(&self) -> bool {
        insufficient_material(self)
    }
}

impl SelfPlayBoard for MailboxPos {}

/// How to play the games.
#[derive(Clone, Debug)]
pub struct SelfPlay<P> {
    /// Positions to start from, used in turn.
    pub openings: Vec<P>,
    /// Nodes searched per move.
    pub nodes: u64,
    /// Seed of the random moves.
    pub seed: u64,
    /// Random plies played after the opening.
    pub random_plies: usize,
}

/// The openings of a PGN file played out from `start`, or the positions of
/// an EPD file (one FEN or EPD record a line, as cutechess-cli's
/// `format=epd` reads them) set up on `start`'s board.
///
/// # Errors
/// One line when no opening of the text can be played or set up, or when a
/// line of an EPD file is not a position (naming its line number).
pub fn load_openings<P: Position>(text: &str, start: &P) -> Result<Vec<P>, String> {
    if is_epd(text) {
        return load_epd(text, start);
    }
    let openings: Vec<P> = read_pgn(text)
        .games
        .iter()
        .filter_map(|g| {
            let mut pos = start.clone();
            replay(g, &mut pos).ok().map(|_| pos)
        })
        .collect();
    if openings.is_empty() {
        return Err("no playable opening in the PGN file".to_string());
    }
    Ok(openings)
}

/// Whether a text of openings is EPD: its first line that is neither blank
/// nor a comment is a board (ranks separated by `/`), not a PGN tag or move.
fn is_epd(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%'))
        .and_then(|l| l.split_whitespace().next())
        .is_some_and(|board| board.contains('/') && !board.starts_with('['))
}

/// The positions of an EPD file, one per line (blank lines and `#` comments
/// skipped). Only the position's fields are read: EPD operations after them
/// (`bm`, `id`, ...) are ignored.
fn load_epd<P: Position>(text: &str, start: &P) -> Result<Vec<P>, String> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = epd_fen(line);
        let mut pos = start.clone();
        pos.set_fen(&fen)
            .map_err(|e| format!("line {}: {e}", number + 1))?;
        openings.push(pos);
    }
    if openings.is_empty() {
        return Err("no position in the EPD file".to_string());
    }
    Ok(openings)
}

/// The FEN of an EPD record: its first four fields, and the two move
/// counters when the record has them (the boards read missing counters as
/// `0 1`).
fn epd_fen(line: &str) -> String {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let counters = fields
        .get(4..6)
        .filter(|c| c.iter().all(|f| f.parse::<u32>().is_ok()))
        .map_or(0, <[&str]>::len);
    fields
        .iter()
        .take(4 + counters)
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// One finished game: its quiet positions (FEN), the result from white's
/// view (1, 0 or -1) and its length in plies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// The quiet positions, in the order played.
    pub quiet: Vec<String>,
    /// The search's score of each quiet position, centipawns from white's
    /// view, within ±[`SCORE_LIMIT`]; empty where the game was not searched.
    pub scores: Vec<Score>,
    /// 1: white won, -1: black won, 0: draw.
    pub result: i32,
    /// Plies played after the opening (random plies included).
    pub plies: usize,
}

/// Plays game number `index`.
pub fn play_game<P: SelfPlayBoard>(
    sp: &SelfPlay<P>,
    index: usize,
    searcher: &mut Searcher<P>,
) -> PlayedGame {
    let mut rng = StdRng::seed_from_u64(sp.seed ^ (index as u64).wrapping_mul(0x9E37_79B9));
    let mut pos = sp.openings[index % sp.openings.len()].clone();
    let mut keys = vec![pos.hash()];
    let mut game = PlayedGame {
        quiet: Vec::new(),
        scores: Vec::new(),
        result: 0,
        plies: 0,
    };
    for _ in 0..sp.random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || game_over(&mut pos, &keys).is_some() {
            break;
        }
        pos.make(moves[rng.gen_range(0..moves.len())]);
        keys.push(pos.hash());
        game.plies += 1;
    }
    searcher.clear();
    let stop = AtomicU8::new(RUN);
    let params = SearchParams::new(Limits::Nodes(sp.nodes));
    let mut decisive_run = 0;
    while game.plies < MAX_PLIES {
        if let Some(result) = game_over(&mut pos, &keys) {
            game.result = result;
            return game;
        }
        let found = searcher.search(&pos, &keys[..keys.len() - 1], &params, &stop, &mut |_| {});
        let Some(best) = found.best else { break };
        decisive_run = if found.score.abs() >= DECISIVE {
            decisive_run + 1
        } else {
            0
        };
        if decisive_run >= DECISIVE_PLIES {
            let white_wins = (found.score > 0) == (pos.side_to_move() == Color::White);
            game.result = if white_wins { 1 } else { -1 };
            return game;
        }
        if !pos.in_check() && !pos.is_capture(best) && !pos.is_promotion(best) {
            game.quiet.push(pos.to_fen());
            let white = if pos.side_to_move() == Color::White {
                found.score
            } else {
                -found.score
            };
            game.scores.push(white.clamp(-SCORE_LIMIT, SCORE_LIMIT));
        }
        if !pos.make(best) {
            break;
        }
        keys.push(pos.hash());
        game.plies += 1;
    }
    game
}

/// White's result (1, 0, -1) of a verdict for the side to move.
fn white_result<P: Position>(pos: &P, verdict: Verdict) -> i32 {
    let white = if pos.side_to_move() == Color::White {
        1
    } else {
        -1
    };
    match verdict {
        Verdict::Win => white,
        Verdict::Loss => -white,
        Verdict::Draw => 0,
    }
}

/// The result (white's view) if the game has ended here: a variant rule,
/// mate or stalemate, the third occurrence of a position, the move rule,
/// or a dead draw. `keys` ends with the current position's.
fn game_over<P: SelfPlayBoard>(pos: &mut P, keys: &[u64]) -> Option<i32> {
    if let Some((verdict, _)) = pos.rule_ending() {
        return Some(white_result(pos, verdict));
    }
    if pos.legal_moves().is_empty() {
        let verdict = pos.no_move_verdict();
        return Some(white_result(pos, verdict));
    }
    let current = pos.hash();
    let repeats = keys.iter().filter(|&&k| k == current).count();
    let move_rule = pos
        .move_rule_plies()
        .is_some_and(|limit| pos.halfmove_clock() >= limit);
    if (!pos.judges_repetition() && repeats >= 3) || move_rule || pos.dead_draw() {
        return Some(0);
    }
    None
}

/// The result word of a white-view result.
#[must_use]
pub fn result_word(result: i32) -> &'static str {
    match result {
        1 => "1-0",
        -1 => "0-1",
        _ => "1/2-1/2",
    }
}

/// The lines of game `index`: its positions, then `# game INDEX RESULT`.
#[must_use]
pub fn game_text(index: usize, game: &PlayedGame) -> String {
    let word = result_word(game.result);
    let mut text = String::new();
    for fen in &game.quiet {
        text.push_str(fen);
        text.push(' ');
        text.push_str(word);
        text.push('\n');
    }
    text.push_str(&format!("{GAME_MARK}{index} {word} {} plies\n", game.plies));
    text
}

/// The lines of game `index` with scores, for training a network: each
/// position as `FEN | SCORE | RESULT` (white's centipawns and white's
/// result as 1.0, 0.5 or 0.0), then `# game INDEX RESULT`.
#[must_use]
pub fn scored_game_text(index: usize, game: &PlayedGame) -> String {
    let result = match game.result {
        1 => "1.0",
        -1 => "0.0",
        _ => "0.5",
    };
    let mut text = String::new();
    for (fen, score) in game.quiet.iter().zip(&game.scores) {
        text.push_str(&format!("{fen} | {score} | {result}\n"));
    }
    let word = result_word(game.result);
    text.push_str(&format!("{GAME_MARK}{index} {word} {} plies\n", game.plies));
    text
}

/// How [`generate`] writes a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameFormat {
    /// `FEN RESULT` lines ([`game_text`]), for the evaluation tuners.
    Results,
    /// `FEN | SCORE | RESULT` lines ([`scored_game_text`]), for `net train`.
    Scored,
}

/// Plays games `first..games` and appends each to `out` when it ends;
/// returns the number of positions written.
///
/// # Errors
/// The write error, as one line.
pub fn generate<P: SelfPlayBoard>(
    sp: &SelfPlay<P>,
    first: usize,
    games: usize,
    format: GameFormat,
    out: &mut dyn Write,
) -> Result<usize, String> {
    let mut searcher: Searcher<P> = Searcher::new(16);
    let mut progress = ProgressReporter::new("gen", games.saturating_sub(first));
    let mut written = 0;
    for index in first..games {
        let game = play_game(sp, index, &mut searcher);
        let text = match format {
            GameFormat::Results => game_text(index, &game),
            GameFormat::Scored => scored_game_text(index, &game),
        };
        out.write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| e.to_string())?;
        written += game.quiet.len();
        progress.step(&format!(
            "game {index} {} ({} positions)",
            result_word(game.result),
            game.quiet.len()
        ));
    }
    progress.finish();
    Ok(written)
}

/// Opens `path` to append games to; returns it and the number of games it
/// already holds (its `# game` lines). Lines after the last of them (a game
/// cut short by a kill) are dropped.
///
/// # Errors
/// One line: the file cannot be read or written, or it holds positions but
/// no `# game` line (it was not written by `tune gen`).
pub fn open_resumable(path: &Path) -> Result<(std::fs::File, usize), String> {
    let at = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
        .map_err(at)?;
    let bytes = std::fs::read(path).map_err(at)?;
    let (games, keep) = finished_games(&bytes);
    if games == 0 && bytes.iter().any(|b| !b.is_ascii_whitespace()) {
        return Err(format!(
            "{}: has lines but no `{}` line: not a file `tune gen` can resume",
            path.display(),
            GAME_MARK.trim_end()
        ));
    }
    if keep < bytes.len() {
        file.set_len(keep as u64).map_err(at)?;
    }
    file.seek(std::io::SeekFrom::End(0)).map_err(at)?;
    Ok((file, games))
}

/// The number of `# game` lines in `bytes` and the length up to the end of
/// the last one.
#[must_use]
pub fn finished_games(bytes: &[u8]) -> (usize, usize) {
    let mut games = 0;
    let mut keep = 0;
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            if bytes[start..i].starts_with(GAME_MARK.as_bytes()) {
                games += 1;
                keep = i + 1;
            }
            start = i + 1;
        }
    }
    (games, keep)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_games_count_and_the_cut_game_is_dropped() {
        let text = b"a 1-0\n# game 0 1-0 3 plies\nb 0-1\n# game 1 0-1 5 plies\nc 1/2";
        let (games, keep) = finished_games(text);
        assert_eq!(games, 2);
        assert_eq!(
            &text[..keep],
            b"a 1-0\n# game 0 1-0 3 plies\nb 0-1\n# game 1 0-1 5 plies\n"
        );
        assert_eq!(finished_games(b""), (0, 0));
    }

    #[test]
    fn a_game_is_its_positions_then_its_mark() {
        let game = PlayedGame {
            quiet: vec!["8/8/8/8/8/8/8/K6k w - - 0 1".to_string()],
            scores: vec![-250],
            result: -1,
            plies: 7,
        };
        assert_eq!(
            game_text(4, &game),
            "8/8/8/8/8/8/8/K6k w - - 0 1 0-1\n# game 4 0-1 7 plies\n"
        );
        assert_eq!(
            scored_game_text(4, &game),
            "8/8/8/8/8/8/8/K6k w - - 0 1 | -250 | 0.0\n# game 4 0-1 7 plies\n"
        );
    }

    fn seirawan() -> MailboxPos {
        let catalog = crate::rules::catalog::Catalog::from_text(
            include_str!("../../fmax.ini"),
            "fmax.ini",
            &[],
        );
        MailboxPos::new(catalog.variant("seirawan").unwrap())
    }

    #[test]
    fn epd_openings_are_set_up_with_their_holdings_and_counters() {
        let text = "# two seirawan openings\n\
            r1bqkb1r/p1pppppp/1pn2n2/1B6/7P/4P3/PPPP1PP1/RNBQKHNR[Eeh] w KQBCDGkqcdf - bm e4; id \"a\";\n\
            \n\
            r1bqkb1r/ppp1pppp/n2p3n/8/2P5/5N1E/PP1PPPPP/RNBQKB1R[Heh] w KQBCDFkqcdf - 3 5\n";
        let openings = load_openings(text, &seirawan()).unwrap();
        let fens: Vec<String> = openings.iter().map(Position::to_fen).collect();
        assert_eq!(
            fens,
            [
                "r1bqkb1r/p1pppppp/1pn2n2/1B6/7P/4P3/PPPP1PP1/RNBQKHNR[Eeh] w KQBCDGkqcdf - 0 1",
                "r1bqkb1r/ppp1pppp/n2p3n/8/2P5/5N1E/PP1PPPPP/RNBQKB1R[Heh] w KQBCDFkqcdf - 3 5",
            ]
        );
    }

    #[test]
    fn a_bad_epd_line_is_named_by_its_number() {
        let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1\nrnbq/zz w - -\n";
        let err = load_openings(text, &seirawan()).unwrap_err();
        assert!(err.starts_with("line 2: "), "{err}");
        assert_eq!(
            load_openings("# nothing\n", &seirawan()).unwrap_err(),
            "no playable opening in the PGN file"
        );
    }

    #[test]
    fn pgn_openings_are_still_played_out() {
        let text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n";
        let openings = load_openings(text, &BitboardPos::startpos()).unwrap();
        assert_eq!(
            openings[0].to_fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
    }
}
