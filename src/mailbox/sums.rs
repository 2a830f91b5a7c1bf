//! What the board adds up over each side's pieces as they come, go and
//! move, so that nobody has to walk the board for it: material and counts
//! by kind (facts of the board), and sums of per-square weights that the
//! board's user supplies ([`SquareWeights`]). The board does not know what
//! the weights mean; the general evaluation puts its placement and pawn
//! advancement terms there (`eval::general::variant_tables`).

use super::{cell_type, MailboxPos};
use crate::core::Color;
use crate::rules::variant::Royalty;
use std::sync::{Arc, LazyLock};

/// Numbers per piece type and square that the board sums over each side's
/// pieces (see [`PieceSums`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareWeights {
    /// Per type and square (index `type * 256 + square`): summed over the
    /// royal pieces into [`PieceSums::royal_placement`] and over the others
    /// into [`PieceSums::placement`]. Sized for 16 types, so any cell's
    /// type indexes it.
    pub piece: [i32; 16 * 256],
    /// Per side (white first) and row: summed over the side's pawns into
    /// [`PieceSums::pawn_rows`].
    pub pawn_row: [[i32; 16]; 2],
}

impl SquareWeights {
    /// All weights zero: what a board starts with.
    #[must_use]
    pub fn zero() -> Arc<SquareWeights> {
        Arc::clone(&ZERO)
    }
}

/// The shared zero weights (one allocation for every board).
static ZERO: LazyLock<Arc<SquareWeights>> = LazyLock::new(|| {
    Arc::new(SquareWeights {
        piece: [0; 16 * 256],
        pawn_row: [[0; 16]; 2],
    })
});

/// What the board keeps summed over one side's men, up to date as they
/// come, go and move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceSums {
    /// Over the non-royal men: their [`SquareWeights::piece`].
    pub placement: i32,
    /// Over the royal pieces: their [`SquareWeights::piece`].
    pub royal_placement: i32,
    /// Number of pawns (non-royal).
    pub pawns: i32,
    /// Value of the pawns.
    pub pawns_value: i32,
    /// Number of non-royal pieces that are not pawns.
    pub pieces: i32,
    /// Value of those pieces.
    pub pieces_value: i32,
    /// Value of the pieces in hand.
    pub hand_value: i32,
    /// Over the pawns: their row's [`SquareWeights::pawn_row`].
    pub pawn_rows: i32,
}

impl MailboxPos {
    /// The weights the board sums (zero until [`MailboxPos::set_square_weights`]).
    #[must_use]
    pub fn square_weights(&self) -> &Arc<SquareWeights> {
        &self.weights
    }

    /// Sums `weights` from now on (copies of this position too), and
    /// sums them over the men on the board now.
    pub fn set_square_weights(&mut self, weights: Arc<SquareWeights>) {
        self.weights = weights;
        for color in [Color::White, Color::Black] {
            let c = color.index();
            let (mut placement, mut royal, mut rows) = (0, 0, 0);
            self.for_each_piece(color, |sq| {
                let t = cell_type(self.board[sq as usize]) as usize;
                let weight = self.weights.piece[t * 256 + sq as usize];
                if self.tables.royalty[t] != Royalty::None {
                    royal += weight;
                    return;
                }
                placement += weight;
                if self.tables.is_pawn[t] {
                    rows += self.weights.pawn_row[c][usize::from(sq >> 4)];
                }
            });
            let sums = &mut self.sums[c];
            (sums.placement, sums.royal_placement, sums.pawn_rows) = (placement, royal, rows);
        }
    }

    /// What the board sums over `color`'s men.
    #[must_use]
    pub fn piece_sums(&self, color: Color) -> &PieceSums {
        &self.sums[color.index()]
    }
}
