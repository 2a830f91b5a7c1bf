//! `nightrider tune gen`: training positions from self-play. Plays fast
//! games of the engine against itself on the bitboard board (a fixed node
//! budget per move) from the openings of a PGN file, with a few random
//! plies after the opening for variety (`--random`, default one per side),
//! and writes every quiet position
//! (side to move not in check, best move neither capture nor promotion) as
//! `FEN RESULT`, the result being the game's (`1-0`, `0-1`, `1/2-1/2`).

use crate::bitboard::BitboardPos;
use crate::core::Verdict;
use crate::eval::orthodox::endgame::insufficient_material;
use crate::notation::pgn::{read_pgn, replay};
use crate::position::Position;
use crate::search::{Limits, SearchParams, Searcher, RUN};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::sync::atomic::AtomicU8;

/// A score (side to move) beyond which the game is adjudicated.
const DECISIVE: i32 = 1500;
/// Plies in a row both sides must agree the game is decided.
const DECISIVE_PLIES: usize = 4;
/// Longest game before it is called a draw.
const MAX_PLIES: usize = 400;

/// How to play the games.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Openings (PGN text) to start from, used in turn.
    pub openings: Vec<BitboardPos>,
    /// Nodes searched per move.
    pub nodes: u64,
    /// Seed of the random moves.
    pub seed: u64,
    /// Random plies played after the opening.
    pub random_plies: usize,
}

/// The openings of a PGN file played out on the bitboard board.
///
/// # Errors
/// One line when no game of the text can be played.
pub fn load_openings(text: &str) -> Result<Vec<BitboardPos>, String> {
    let openings: Vec<BitboardPos> = read_pgn(text)
        .games
        .iter()
        .filter_map(|g| {
            let mut pos = BitboardPos::startpos();
            replay(g, &mut pos).ok().map(|_| pos)
        })
        .collect();
    if openings.is_empty() {
        return Err("no playable opening in the PGN file".to_string());
    }
    Ok(openings)
}

/// Plays game number `index`; returns its quiet positions (FEN) and the
/// result from white's view (1, 0 or -1).
pub fn play_game(
    sp: &SelfPlay,
    index: usize,
    searcher: &mut Searcher<BitboardPos>,
) -> (Vec<String>, i32) {
    let mut rng = StdRng::seed_from_u64(sp.seed ^ (index as u64).wrapping_mul(0x9E37_79B9));
    let mut pos = sp.openings[index % sp.openings.len()].clone();
    let mut keys = vec![pos.hash()];
    for _ in 0..sp.random_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.gen_range(0..moves.len())]);
        keys.push(pos.hash());
    }
    searcher.clear();
    let stop = AtomicU8::new(RUN);
    let params = SearchParams::new(Limits::Nodes(sp.nodes));
    let mut quiet = Vec::new();
    let mut decisive_run = 0;
    for _ in 0..MAX_PLIES {
        if let Some(result) = game_over(&mut pos, &keys) {
            return (quiet, result);
        }
        let found = searcher.search(&pos, &keys[..keys.len() - 1], &params, &stop, &mut |_| {});
        let Some(best) = found.best else { break };
        decisive_run = if found.score.abs() >= DECISIVE {
            decisive_run + 1
        } else {
            0
        };
        if decisive_run >= DECISIVE_PLIES {
            let white_wins = (found.score > 0) == (pos.side_index() == 0);
            return (quiet, if white_wins { 1 } else { -1 });
        }
        if !pos.in_check() && !pos.is_capture(best) && !pos.is_promotion(best) {
            quiet.push(pos.to_fen());
        }
        pos.make(best);
        keys.push(pos.hash());
    }
    (quiet, 0)
}

/// The result (white's view) if the game has ended here.
fn game_over(pos: &mut BitboardPos, keys: &[u64]) -> Option<i32> {
    if pos.legal_moves().is_empty() {
        return Some(match pos.no_move_verdict() {
            Verdict::Loss if pos.side_index() == 0 => -1,
            Verdict::Loss => 1,
            _ => 0,
        });
    }
    let current = pos.hash();
    let repeats = keys.iter().filter(|&&k| k == current).count();
    if pos.halfmove_clock() >= 100 || repeats >= 3 || insufficient_material(pos) {
        return Some(0);
    }
    None
}

/// The result word of a white-view result.
fn result_word(result: i32) -> &'static str {
    match result {
        1 => "1-0",
        -1 => "0-1",
        _ => "1/2-1/2",
    }
}

/// Plays `games` games and writes their quiet positions to `out`;
/// returns the number of positions written.
///
/// # Errors
/// The write error, as one line.
pub fn generate(sp: &SelfPlay, games: usize, out: &mut dyn Write) -> Result<usize, String> {
    let mut searcher: Searcher<BitboardPos> = Searcher::new(16);
    let mut written = 0;
    for index in 0..games {
        let (fens, result) = play_game(sp, index, &mut searcher);
        for fen in &fens {
            writeln!(out, "{fen} {}", result_word(result)).map_err(|e| e.to_string())?;
        }
        out.flush().map_err(|e| e.to_string())?;
        written += fens.len();
    }
    Ok(written)
}
