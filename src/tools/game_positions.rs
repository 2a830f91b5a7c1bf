//! `nightrider tune games`: training positions from finished games of a PGN
//! file, in the form `tune gen` writes them, so the tuner can learn from
//! any engine's games (a stronger engine's self-play, a match, a user's own
//! games) as well as from Nightrider's self-play.
//!
//! Every game with a result (`1-0`, `0-1`, `1/2-1/2`) is replayed from its
//! `[FEN]` tag or the start; the position before each move is kept when it
//! is quiet as `tune gen` judges quiet positions (side to move not in
//! check, the move played neither a capture nor a promotion) and lies past
//! the first `--skip` plies. A game that does not replay (a bad FEN or an
//! illegal move) is skipped whole and counted; one without a result is
//! skipped too, as its positions have no label.

use super::selfplay::{game_text, PlayedGame};
use crate::notation::pgn::{read_pgn, PgnGame};
use crate::notation::san::parse_san;
use crate::position::Position;

/// What reading a file of games gave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Harvest {
    /// The tuner's text: positions with results, `# game` lines.
    pub text: String,
    /// Games whose positions were kept.
    pub games: usize,
    /// Positions kept.
    pub positions: usize,
    /// Games without a result.
    pub unfinished: usize,
    /// Games that did not replay, with the first error met.
    pub unreadable: usize,
    /// The first replay error, to show the user.
    pub first_error: Option<String>,
}

/// White's result (1, 0, -1) of a PGN result word, if it is one.
fn white_result(word: &str) -> Option<i32> {
    match word {
        "1-0" => Some(1),
        "0-1" => Some(-1),
        "1/2-1/2" => Some(0),
        _ => None,
    }
}

/// The quiet positions of `game` played out from `start` (after its first
/// `skip` plies).
///
/// # Errors
/// One line naming the game and its bad FEN or first illegal move.
pub fn quiet_positions<P: Position>(
    game: &PgnGame,
    start: &P,
    skip: usize,
) -> Result<Vec<String>, String> {
    let at = |why: String| format!("game at line {}: {why}", game.line);
    let mut pos = start.clone();
    if let Some(fen) = game.tag("FEN") {
        pos.set_fen(fen).map_err(|e| at(format!("bad FEN ({e})")))?;
    }
    let mut quiet = Vec::new();
    for (ply, pm) in game.moves.iter().enumerate() {
        let m =
            parse_san(&mut pos, &pm.text).map_err(|_| at(format!("illegal move {}", pm.text)))?;
        if ply >= skip && !pos.in_check() && !pos.is_capture(m) && !pos.is_promotion(m) {
            quiet.push(pos.to_fen());
        }
        pos.make(m);
    }
    Ok(quiet)
}

/// The training text of every finished game of PGN `text`.
#[must_use]
pub fn harvest<P: Position>(text: &str, start: &P, skip: usize) -> Harvest {
    let mut out = Harvest::default();
    for game in &read_pgn(text).games {
        let Some(result) = white_result(&game.result) else {
            out.unfinished += 1;
            continue;
        };
        match quiet_positions(game, start, skip) {
            Ok(quiet) => {
                let played = PlayedGame {
                    plies: game.moves.len(),
                    quiet,
                    scores: Vec::new(),
                    result,
                };
                out.positions += played.quiet.len();
                out.text.push_str(&game_text(out.games, &played));
                out.games += 1;
            }
            Err(e) => {
                out.unreadable += 1;
                out.first_error.get_or_insert(e);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::BitboardPos;

    const GAMES: &str = r#"[Event "a"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Nxe5 Nxe5 4. Qh5 Nc6 5. Qxf7# 1-0

[Event "b"]
[Result "*"]

1. d4 *

[Event "c"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[Result "1/2-1/2"]

1. e4 Kd7 2. e5 Kc8 3. e6 Kd8 4. e7+ Kd7 1/2-1/2

[Event "d"]
[Result "0-1"]

1. e4 Ke9 0-1
"#;

    #[test]
    fn quiet_positions_of_finished_games_are_kept_with_their_results() {
        let h = harvest(GAMES, &BitboardPos::startpos(), 0);
        assert_eq!((h.games, h.unfinished, h.unreadable), (2, 1, 1));
        let lines: Vec<&str> = h.text.lines().collect();
        // Game a: the positions before 3. Nxe5, 3... Nxe5 and 5. Qxf7#
        // (captures) are left out.
        assert_eq!(
            lines[..7],
            [
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1-0",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1-0",
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 1-0",
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 1-0",
                "r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 4 1-0",
                "r1bqkbnr/pppp1ppp/8/4n2Q/4P3/8/PPPP1PPP/RNB1KB1R b KQkq - 1 4 1-0",
                "# game 0 1-0 9 plies",
            ]
        );
        // Game c: seven positions; the one after the check 4. e7+ is left
        // out, the one before it is kept.
        assert_eq!(lines.len(), 7 + 8);
        assert_eq!(lines[13], "3k4/8/4P3/8/8/8/8/4K3 w - - 1 4 1/2-1/2");
        assert_eq!(lines[14], "# game 1 1/2-1/2 8 plies");
        assert_eq!(h.positions, 13);
        assert_eq!(
            h.first_error.as_deref(),
            Some("game at line 17: illegal move Ke9")
        );
    }

    #[test]
    fn the_first_plies_can_be_skipped() {
        let h = harvest(GAMES, &BitboardPos::startpos(), 4);
        assert_eq!(h.positions, 5);
        let first = h.text.lines().next();
        assert_eq!(
            first,
            Some("r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 4 1-0")
        );
    }
}
