//! The bitboard board's network features (see `position::features`): a
//! man is coded by its kind (pawn 0 to king 5) and square (a1 0 to h8 63),
//! `kind * 64 + square`. The board sums the rows of a [`FeatureTable`] over
//! its men once it is given one.

use super::types::{code_color, code_kind, PieceCode};
use super::BitboardPos;
use crate::core::Color;
use crate::position::features::{FeatureCodes, FeatureTable, NetworkInput};
use std::sync::Arc;

/// Every code is below this.
pub const CODES: usize = 6 * 64;

/// The code of the man `code` on `sq`.
#[inline(always)]
#[must_use]
pub(crate) fn feature_code(sq: usize, code: PieceCode) -> usize {
    code_kind(code) * 64 + (sq & 63)
}

/// The colour of the man `code`.
#[inline(always)]
#[must_use]
pub(crate) fn color_of(code: PieceCode) -> Color {
    if code_color(code) == 0 {
        Color::White
    } else {
        Color::Black
    }
}

impl BitboardPos {
    /// Sums `table` over the men from now on (copies of this position
    /// too); `None` stops summing.
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

impl FeatureCodes for BitboardPos {
    fn mirrored(&self, code: usize) -> usize {
        code ^ 7
    }

    fn for_each_feature(&self, f: &mut dyn FnMut(Color, usize)) {
        for (sq, &code) in self.board.iter().enumerate() {
            if code != super::types::EMPTY {
                f(color_of(code), feature_code(sq, code));
            }
        }
    }
}
