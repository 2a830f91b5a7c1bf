//! The census of the general evaluation: what it knows about each side
//! before any term is computed, the sums the board keeps over the side's
//! pieces (material and counts by kind, placement, pawn advancement, hand)
//! and where its first royal stands. The terms and the endgame knowledge
//! (`endgame`) read it.

use crate::core::Color;
use crate::mailbox::{MailboxPos, PieceSums};

/// What one evaluation knows about one side: the sums the board keeps
/// over its pieces (material and counts by kind, placement, hand; read
/// through `Deref`) and its first royal.
#[derive(Clone, Copy)]
pub(crate) struct Side<'a> {
    /// The board's sums over the side's pieces.
    pub sums: &'a PieceSums,
    /// (file, row) of the first royal piece (lowest square).
    pub royal: Option<(i32, i32)>,
}

impl std::ops::Deref for Side<'_> {
    type Target = PieceSums;

    fn deref(&self) -> &PieceSums {
        self.sums
    }
}

impl Side<'_> {
    /// Everything but royalty.
    pub fn total(&self) -> i32 {
        self.pieces_value + self.pawns_value + self.hand_value
    }

    /// Non-royal men on the board (pieces and pawns).
    pub fn men(&self) -> i32 {
        self.pieces + self.pawns
    }
}

/// Both sides as the evaluation sees them.
pub(super) struct Census<'a> {
    /// White's, then Black's.
    pub sides: [Side<'a>; 2],
}

impl Census<'_> {
    /// Sum over pieces of material and mobility (and the hand's value),
    /// white minus black.
    pub fn score(&self) -> i32 {
        let [w, b] = &self.sides;
        (w.placement + w.hand_value) - (b.placement + b.hand_value)
    }

    /// Advancement of the pawns, white minus black.
    pub fn pawn_advance(&self) -> i32 {
        self.sides[0].pawn_rows - self.sides[1].pawn_rows
    }
}

/// Both sides' sums as the board keeps them, and their royals.
pub(super) fn census(pos: &MailboxPos) -> Census<'_> {
    let side = |color| Side {
        sums: pos.piece_sums(color),
        royal: pos
            .first_royal(color)
            .map(|sq| (i32::from(sq & 15), i32::from(sq >> 4))),
    };
    Census {
        sides: [side(Color::White), side(Color::Black)],
    }
}
