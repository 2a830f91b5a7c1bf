//! The board-editing side of CECP's model: XBoard's legacy `edit`
//! sub-mode and the `lift` highlight, both working on a plain [`Diagram`].

use super::Control;
use crate::core::Color;
use crate::engine::api::{EditStep, Event};
use crate::engine::diagram::Diagram;

impl Control {
    /// `edit`: starts from the current position, White to place.
    pub(super) fn start_edit(&mut self) {
        self.abandon();
        let edit = Diagram::from_fen(&self.game.fen()).map(|d| (d, Color::White));
        if let Some(x) = self.xboard_mut() {
            x.edit = edit;
        }
    }

    /// One line of edit mode; `.` sets the edited position up.
    pub(super) fn edit_step(&mut self, step: EditStep) {
        let side = if self.game.side_to_move() == Color::White {
            "w"
        } else {
            "b"
        };
        let start_fen = self.start_fen.clone();
        let Some(x) = self.xboard_mut() else { return };
        let Some((diagram, color)) = &mut x.edit else {
            return;
        };
        match step {
            EditStep::Clear => diagram.clear(),
            EditStep::ToggleColor => *color = color.flip(),
            EditStep::Place { piece, square } => {
                let _ = diagram.place(piece, *color, &square);
            }
            EditStep::Done => {
                let fen = format!(
                    "{} {side} {} - 0 1",
                    diagram.placement(),
                    diagram.castling_from(&start_fen)
                );
                x.edit = None;
                self.setboard(&fen);
            }
        }
    }

    /// `lift`: highlights the squares the piece there can move to.
    pub(super) fn lift(&mut self, square: &str) {
        let Some(diagram) = Diagram::from_fen(&self.game.fen()) else {
            return;
        };
        let targets: Vec<(usize, usize)> = self
            .game
            .legal_move_texts()
            .iter()
            .filter_map(|m| m.strip_prefix(square))
            .filter(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
            .filter_map(|rest| {
                let end = rest[1..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(rest.len(), |i| i + 1);
                diagram.square(&rest[..end])
            })
            .collect();
        self.out.push(Event::Highlight(diagram.highlight(&targets)));
    }
}
