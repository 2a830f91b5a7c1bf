//! [`AnyGame`]: the one place that names the concrete boards. Each engine
//! command is forwarded to the generic [`Game`] code with one `match`, so the
//! choice of board costs nothing inside the search.

use super::api::Event;
use super::game::Game;
use super::think::{self, SearchSpec};
use super::worker::Task;
use crate::core::{Color, GameResult};
use crate::mailbox::MailboxPos;
use crate::position::{Position, TextError};
use crate::rules::Variant;
use std::sync::Arc;

/// A game on whichever board fits its variant.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Any fmax.ini variant on the stride-16 mailbox.
    General(Game<MailboxPos>),
}

/// Runs `$body` with `$g` bound to the inner `Game<_>`.
macro_rules! with_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::General($g) => $body,
        }
    };
}

impl AnyGame {
    /// The initial position of `variant`; `general` forces the mailbox board.
    #[must_use]
    pub fn new(variant: &Arc<Variant>, general: bool) -> AnyGame {
        let _ = general;
        let orthodox = variant.name == "normal";
        AnyGame::General(Game::new(MailboxPos::new(Arc::clone(variant)), orthodox))
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        with_game!(self, g => g.position().side_to_move())
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
        with_game!(self, g => g.set_fen(fen))
    }

    /// Plays a move received as text.
    ///
    /// # Errors
    /// The board's reason when it is not legal; the game is then unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<(), TextError> {
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

    /// Every legal move as text.
    #[must_use]
    pub fn legal_move_texts(&mut self) -> Vec<String> {
        with_game!(self, g => g.legal_move_texts())
    }

    /// A search of the current position, or of the position after `first`
    /// (pondering); `None` if `first` is not legal.
    #[must_use]
    pub fn search_task(&self, first: Option<&str>, spec: SearchSpec) -> Option<Task> {
        with_game!(self, g => {
            let mut pos = g.position().clone();
            if let Some(text) = first {
                let m = pos.parse_move(text).ok()?;
                if !pos.make(m) {
                    return None;
                }
            }
            Some(think::task(pos, spec))
        })
    }
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
    out.extend(variant.def.gui_pieces.iter().map(|p| Event::Piece(p.clone())));
    out
}
