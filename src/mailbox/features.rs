//! The mailbox board's network features (see `position::features`): a man
//! on the board is coded by its type and square, `type * 256 + square`; a
//! man in hand by its type and how many of its kind are held before it,
//! from [`HAND_CODES`] on. The board sums the rows of a [`FeatureTable`]
//! over its features once it is given one.

use super::{cell_color, cell_type, MailboxPos};
use crate::core::Color;
use crate::position::features::{FeatureCodes, FeatureTable, NetworkInput};
use std::sync::Arc;

/// The first hand code: codes below are men on the board.
pub const HAND_CODES: usize = 16 * 256;
/// Men of one kind in hand that have a feature each; more count as this many.
pub const HAND_SLOTS: u8 = 16;
/// Every code is below this.
pub const CODES: usize = HAND_CODES + 16 * HAND_SLOTS as usize;

/// The code of a man `cell` on `sq`.
#[inline]
#[must_use]
pub fn square_code(cell: u8, sq: u8) -> usize {
    usize::from(cell_type(cell)) * 256 + usize::from(sq)
}

/// The code of the `slot`-th man (from 0) of type `t` held in hand.
#[inline]
#[must_use]
pub fn hand_code(t: u8, slot: u8) -> usize {
    HAND_CODES
        + usize::from(t & 15) * usize::from(HAND_SLOTS)
        + usize::from(slot.min(HAND_SLOTS - 1))
}

impl MailboxPos {
    /// Sums `table` over the board's features from now on (copies of this
    /// position too); `None` stops summing.
    pub fn set_feature_table(&mut self, table: Option<Arc<FeatureTable>>) {
        self.network = table.map(|table| {
            let sums = self.feature_sums(&table);
            NetworkInput { table, sums }
        });
    }

    /// The network sums the board keeps, if it was given a table.
    #[must_use]
    pub fn network_input(&self) -> Option<&NetworkInput> {
        self.network.as_ref()
    }
}

impl FeatureCodes for MailboxPos {
    fn mirrored(&self, code: usize) -> usize {
        if code >= HAND_CODES {
            return code;
        }
        let (rest, file) = (code - code % 16, code % 16);
        let width = self.tables.width as usize;
        if file < width {
            rest + width - 1 - file
        } else {
            code
        }
    }

    fn for_each_feature(&self, f: &mut dyn FnMut(Color, usize)) {
        for color in [Color::White, Color::Black] {
            self.for_each_piece(color, |sq| {
                let cell = self.board[usize::from(sq)];
                f(cell_color(cell), square_code(cell, sq));
            });
            for (t, &n) in self.hand[color.index()].iter().enumerate() {
                for slot in 0..n.min(HAND_SLOTS) {
                    f(color, hand_code(t as u8, slot));
                }
            }
        }
    }
}
