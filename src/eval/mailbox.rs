//! General evaluation for [`MailboxPos`], read from the variant's data the
//! way Fairy-Max does: material from the ini values, a centralisation bonus
//! for pieces whose ini letter is lower case, pawn advancement toward the
//! promotion row, pieces in hand at full value, and royal pieces that hide
//! while the board is full and centralise as it empties.
//!
//! Nothing is hard-coded to a piece letter: every term comes from
//! `rules::Variant` through the board's tables.

use crate::core::{Color, Score};
use crate::mailbox::{cell_color, cell_type, MailboxPos, EMPTY};
use crate::position::{Evaluate, Position};
use crate::rules::variant::Royalty;

const TEMPO: Score = 10;

/// Centipawns per half-square of distance from the centre, for lower-case pieces.
const CENTRE_WEIGHT: i32 = 3;

/// Per-variant facts the terms need, read once per evaluation.
struct Shape {
    width: i32,
    height: i32,
    max_distance: i32,
}

impl Shape {
    /// Closeness to the centre: 0 in a corner, larger toward the middle.
    fn centrality(&self, file: i32, row: i32) -> i32 {
        let d = (2 * file - (self.width - 1)).abs() + (2 * row - (self.height - 1)).abs();
        (self.max_distance - d) / 2
    }
}

/// Score of one piece for its owner, with royals handled by `phase`
/// (non-pawn material on the board, 0..=`full`).
fn piece_score(
    pos: &MailboxPos,
    t: usize,
    color: Color,
    file: i32,
    row: i32,
    shape: &Shape,
    phase: (i32, i32),
) -> i32 {
    let tables = pos.tables();
    let v = pos.variant();
    let kind = &v.types[t];
    let royal = tables.royalty[t] != Royalty::None;
    let mut s = if royal { 0 } else { tables.value[t] };
    if kind.centralise {
        let c = shape.centrality(file, row) * CENTRE_WEIGHT;
        s += if royal {
            // Hide the king while the board is full, centralise it later.
            let (np, full) = phase;
            c * (full - 2 * np) / full.max(1)
        } else {
            c
        };
    }
    if tables.is_pawn[t] {
        // Steps made from the start row toward the promotion row.
        let c = color.index();
        let (start, goal) = (v.pawn_row[c] as i32, v.promotion_row[c] as i32);
        let advanced = (row - start) * (goal - start).signum();
        if advanced > 0 {
            s += advanced * (4 + 2 * advanced);
        }
    }
    s
}

/// Non-pawn, non-royal material on the board and in the initial arrays.
fn phase(pos: &MailboxPos) -> (i32, i32) {
    let tables = pos.tables();
    let v = pos.variant();
    let heavy = |t: u8| !tables.is_pawn[t as usize] && tables.royalty[t as usize] == Royalty::None;
    let initial: i32 = v
        .white_array
        .iter()
        .chain(v.black_array.iter())
        .filter(|&&t| t != 0 && heavy(t))
        .map(|&t| tables.value[t as usize])
        .sum();
    let mut now = 0;
    for t in 1..v.types.len() as u8 {
        if heavy(t) {
            let n = i32::from(pos.count(Color::White, t)) + i32::from(pos.count(Color::Black, t));
            now += n * tables.value[t as usize];
        }
    }
    (now.min(initial), initial)
}

/// White-minus-black evaluation.
fn white_score(pos: &MailboxPos) -> Score {
    let tables = pos.tables();
    let (width, height) = (tables.width, tables.height);
    let shape = Shape {
        width,
        height,
        max_distance: (width - 1) + (height - 1),
    };
    let phase = phase(pos);
    let mut score = 0;
    for row in 0..height {
        for file in 0..width {
            let cell = pos.cell((row * 16 + file) as u8);
            if cell == EMPTY {
                continue;
            }
            let color = cell_color(cell);
            let s = piece_score(
                pos,
                cell_type(cell) as usize,
                color,
                file,
                row,
                &shape,
                phase,
            );
            score += if color == Color::White { s } else { -s };
        }
    }
    for t in 1..pos.variant().types.len() as u8 {
        let v = tables.value[t as usize];
        score +=
            v * (i32::from(pos.in_hand(Color::White, t)) - i32::from(pos.in_hand(Color::Black, t)));
    }
    score
}

impl Evaluate for MailboxPos {
    fn evaluate(&self) -> Score {
        let s = white_score(self);
        TEMPO
            + if self.side_to_move() == Color::White {
                s
            } else {
                -s
            }
    }

    /// Null moves are safe while the side to move has a non-pawn,
    /// non-royal piece on the board.
    fn null_move_allowed(&self) -> bool {
        let tables = self.tables();
        let side = self.side_to_move();
        (1..tables.value.len()).any(|t| {
            !tables.is_pawn[t]
                && tables.royalty[t] == Royalty::None
                && self.count(side, t as u8) > 0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use std::sync::Arc;

    fn variant(name: &str) -> Arc<Variant> {
        super::super::tests::variant(name)
    }

    #[test]
    fn initial_positions_are_balanced_up_to_tempo() {
        for name in ["normal", "capablanca", "shatranj", "knightmate"] {
            let v = variant(name);
            let pos = MailboxPos::new(Arc::clone(&v));
            assert_eq!(pos.evaluate(), TEMPO, "{name}");
        }
    }

    #[test]
    fn material_from_the_ini_values() {
        let v = variant("normal");
        // The ini gives the queen 851 and the pawn 74.
        let up = MailboxPos::from_fen(Arc::clone(&v), "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(up.evaluate() > 800, "{}", up.evaluate());
        let down = MailboxPos::from_fen(Arc::clone(&v), "4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
        assert_eq!(down.evaluate(), 2 * TEMPO - up.evaluate());
    }

    #[test]
    fn centralisation_and_pawn_advance() {
        let v = variant("normal");
        let eval = |fen: &str| {
            MailboxPos::from_fen(Arc::clone(&v), fen)
                .unwrap()
                .evaluate()
        };
        let centre = eval("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
        let corner = eval("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
        assert!(centre > corner + 10, "{centre} {corner}");
        let far = eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let home = eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        assert!(far > home + 50, "{far} {home}");
    }

    #[test]
    fn null_move_needs_a_piece() {
        let v = variant("normal");
        let pos =
            MailboxPos::from_fen(Arc::clone(&v), "4k3/pppp4/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
        assert!(!pos.null_move_allowed());
        let pos =
            MailboxPos::from_fen(Arc::clone(&v), "4k3/pppp4/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert!(pos.null_move_allowed());
    }
}
