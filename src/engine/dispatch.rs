//! [`AnyGame`]: the one place that names the concrete boards. Each engine
//! command is forwarded to the generic [`Game`] code with one `match`, so the
//! choice of board costs nothing inside the search.

use super::api::Event;
use super::game::Game;
use super::think::{self, SearchSpec};
use super::uci_notation::uci_text;
use super::worker::Task;
use crate::bitboard::BitboardPos;
use crate::boards::{AnyPosition, BoardChoice};
use crate::book::player::{Advice, BookPlayer};
use crate::core::{Color, GameResult, Score};
use crate::mailbox::MailboxPos;
use crate::position::perft::perft;
use crate::position::{Evaluate, Position, TextError};
use crate::rules::orthodox::classify;
use crate::rules::Variant;
use std::sync::Arc;

/// A game on whichever board fits its variant.
#[derive(Clone, Debug)]
// One value per game, rarely moved: boxing the larger board would only
// add an indirection to every search access.
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    /// Orthodox chess and Chess960 on the bitboard.
    Bitboard(Game<BitboardPos>),
    /// Any fmax.ini variant on the stride-16 mailbox.
    Mailbox(Game<MailboxPos>),
}

/// Runs `$body` with `$g` bound to the inner `Game<_>`.
macro_rules! with_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Bitboard($g) => $body,
            AnyGame::Mailbox($g) => $body,
        }
    };
}

impl AnyGame {
    /// The initial position of `variant` on the board [`BoardChoice`]
    /// picks. The insufficient-material draw applies when the variant
    /// follows orthodox rules, on either board.
    #[must_use]
    pub fn new(variant: &Arc<Variant>, board: BoardChoice) -> AnyGame {
        let offered = variant.overlay.repetition_offered;
        match AnyPosition::new(variant, None, board) {
            Ok(AnyPosition::Bitboard(pos)) => {
                AnyGame::Bitboard(Game::new(pos, true).offering_repetitions(offered))
            }
            Ok(AnyPosition::Mailbox(pos)) => AnyGame::Mailbox(
                Game::new(pos, classify(variant).is_some()).offering_repetitions(offered),
            ),
            // A variant's own start always fits it; keep the mailbox as the last resort.
            Err(_) => AnyGame::Mailbox(
                Game::new(MailboxPos::new(Arc::clone(variant)), false)
                    .offering_repetitions(offered),
            ),
        }
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        with_game!(self, g => g.position().side_to_move())
    }

    /// Files of the board.
    #[must_use]
    pub fn width(&self) -> usize {
        with_game!(self, g => g.position().board_width())
    }

    /// The position as FEN.
    #[must_use]
    pub fn fen(&self) -> String {
        with_game!(self, g => g.position().to_fen())
    }

    /// Sets the position from a FEN (history cleared).
    ///
    /// # Errors
    /// The board's reason; the game is then unchanged.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), TextError> {
        let fen = complete_fen(fen);
        with_game!(self, g => g.set_fen(&fen))
    }

    /// Plays a move received as text.
    ///
    /// # Errors
    /// The board's reason when it is not legal; the game is then unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<(), TextError> {
        if text == "@@@@" {
            return with_game!(self, g => g.play_null());
        }
        with_game!(self, g => g.play_text(text).map(|_| ()))
    }

    /// Plays a move the engine chose (text exactly as the board writes it).
    pub fn play_own(&mut self, text: &str) -> bool {
        with_game!(self, g => match g.find_move(text) {
            Some(m) => g.play(m),
            None => false,
        })
    }

    /// The board's own spelling of a legal move given in any accepted form.
    #[must_use]
    pub fn normalize(&mut self, text: &str) -> Option<String> {
        with_game!(self, g => {
            let mut pos = g.position().clone();
            pos.parse_move(text).ok().map(|m| pos.move_to_string(m))
        })
    }

    /// Takes back one ply.
    pub fn undo(&mut self) -> bool {
        with_game!(self, g => g.undo())
    }

    /// The result if the game is over.
    #[must_use]
    pub fn result(&mut self) -> Option<GameResult> {
        with_game!(self, g => g.result())
    }

    /// Whether the game stands drawn by the counting rule.
    #[must_use]
    pub fn counting_draw(&self) -> bool {
        with_game!(self, g => g.counting_draw())
    }

    /// Whether the game stands drawn by a rule the engine offers rather
    /// than claims (counting; repetition where the variant says so).
    #[must_use]
    pub fn offered_draw(&mut self) -> bool {
        with_game!(self, g => g.offered_draw())
    }

    /// Plays on past a counting draw the GUI did not end the game with.
    pub fn waive_counting_draw(&mut self) {
        with_game!(self, g => g.waive_counting_draw())
    }

    /// Moves `color` has made.
    #[must_use]
    pub fn moves_by(&self, color: Color) -> u32 {
        with_game!(self, g => g.moves_by(color))
    }

    /// Plies in the record.
    #[must_use]
    pub fn plies(&self) -> usize {
        with_game!(self, g => g.plies())
    }

    /// The static evaluation for the side to move, centipawns.
    #[must_use]
    pub fn evaluate(&self) -> Score {
        with_game!(self, g => g.position().evaluate())
    }

    /// The static evaluation's terms for the side to move, centipawns.
    #[must_use]
    pub fn eval_terms(&self) -> Vec<(String, Score)> {
        let terms = with_game!(self, g => g.position().eval_terms());
        terms.into_iter().map(|(n, s)| (n.to_string(), s)).collect()
    }

    /// The moves played, oldest first.
    #[must_use]
    pub fn move_texts(&self) -> Vec<String> {
        with_game!(self, g => g.move_texts())
    }

    /// Every legal move as text.
    #[must_use]
    pub fn legal_move_texts(&mut self) -> Vec<String> {
        with_game!(self, g => g.legal_move_texts())
    }

    /// Hash of the current position.
    #[must_use]
    pub fn key(&self) -> u64 {
        with_game!(self, g => g.position().hash())
    }

    /// The book's advice here: the variant's books on either board, then a
    /// Polyglot book on the bitboard.
    pub fn book_advice(&self, books: &mut BookPlayer) -> Advice {
        match self {
            AnyGame::Bitboard(g) => books.advise_bitboard(&mut g.position().clone()),
            AnyGame::Mailbox(g) => books.advise(&mut g.position().clone()),
        }
    }

    /// The book candidates here with their figures (`bk`, `show book`),
    /// from the Polyglot book too on the bitboard.
    #[must_use]
    pub fn book_lines(&self, books: &BookPlayer) -> Vec<String> {
        match self {
            AnyGame::Bitboard(g) => books.show_bitboard(&mut g.position().clone()),
            AnyGame::Mailbox(g) => books.show(&mut g.position().clone()),
        }
    }

    /// A legal move given in the board's text, in UCI's convention.
    #[must_use]
    pub fn uci_move(&mut self, board_text: &str) -> Option<String> {
        with_game!(self, g => {
            let m = g.find_move(board_text)?;
            Some(uci_text(&mut g.position().clone(), m))
        })
    }

    /// Perft split by root move, in UCI's move text (`go perft`).
    #[must_use]
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        match self {
            AnyGame::Bitboard(g) => split(g.position(), depth, crate::bitboard::perft),
            AnyGame::Mailbox(g) => split(g.position(), depth, perft),
        }
    }

    /// A search of the current position, or of the position after `first`
    /// (pondering); `None` if `first` is not legal.
    #[must_use]
    pub fn search_task(&self, first: Option<&str>, spec: SearchSpec) -> Option<Task> {
        with_game!(self, g => {
            let mut pos = g.position().clone();
            let mut history = g.keys();
            if let Some(text) = first {
                history.push(pos.hash());
                let m = pos.parse_move(text).ok()?;
                if !pos.make(m) {
                    return None;
                }
            }
            Some(think::task(pos, history, spec))
        })
    }
}

/// Each legal move of `root` (UCI text) with the leaves `depth` plies
/// deep below the root, counted by `count`.
fn split<P: Position>(root: &P, depth: u32, count: fn(&mut P, u32) -> u64) -> Vec<(String, u64)> {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let text = uci_text(&mut pos, m);
        if pos.make(m) {
            let nodes = if depth <= 1 {
                1
            } else {
                count(&mut pos, depth - 1)
            };
            pos.unmake(m);
            out.push((text, nodes));
        }
    }
    out
}

/// The `setup` and `piece` lines that tell a GUI about `variant`: a setup
/// line when the variant has a piece-to-char table (with `WxH+0_PARENT` when
/// it names a parent), then one `piece` line per Betza definition.
#[must_use]
pub fn setup_events(variant: &Variant, start_fen: &str) -> Vec<Event> {
    let mut out = Vec::new();
    if let Some(ptc) = &variant.def.piece_to_char {
        let geometry = variant
            .def
            .parent
            .as_ref()
            .map(|parent| format!("{}x{}+0_{parent}", variant.width, variant.height));
        out.push(Event::Setup {
            piece_to_char: Some(ptc.clone()),
            geometry,
            fen: start_fen.to_string(),
        });
    }
    out.extend(
        variant
            .def
            .gui_pieces
            .iter()
            .map(|p| Event::Piece(p.clone())),
    );
    // An engine-defined game without `# X& BETZA` lines of its own: tell the
    // GUI how its fairy pieces move, derived from their step vectors.
    if variant.def.piece_to_char.is_some() {
        out.extend(
            crate::rules::betza::gui_piece_lines(&variant.def)
                .iter()
                .filter_map(|line| line.strip_prefix("piece "))
                .map(|p| Event::Piece(p.to_string())),
        );
    }
    out
}

/// Adds the fields XBoard leaves out for variants without castling or e.p.
/// (`... b 0 1` → `... b - - 0 1`; `... w KQkq 0 1` → `... w KQkq - 0 1`).
#[must_use]
pub fn complete_fen(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    let numeric = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if fields.len() >= 3 && numeric(fields[2]) {
        fields.splice(2..2, ["-", "-"]);
    } else if fields.len() == 5 && numeric(fields[3]) {
        fields.insert(3, "-");
    }
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fen_fields_are_filled_in() {
        assert_eq!(
            complete_fen("8/8/8/8/8/8/8/8 b 0 1"),
            "8/8/8/8/8/8/8/8 b - - 0 1"
        );
        assert_eq!(
            complete_fen("8/8/8/8/8/8/8/8 w KQkq 0 1"),
            "8/8/8/8/8/8/8/8 w KQkq - 0 1"
        );
        assert_eq!(
            complete_fen("8/8/8/8/8/8/8/8 w KQkq e3 0 1"),
            "8/8/8/8/8/8/8/8 w KQkq e3 0 1"
        );
        assert_eq!(complete_fen("8/8/8/8/8/8/8/8 w"), "8/8/8/8/8/8/8/8 w");
    }
}
