//! Sums a board keeps for the evaluation network: one row of numbers per
//! input feature (a man of some colour and kind on some square, or held in
//! hand), summed over the features present, once from white's point of
//! view and once from black's.
//!
//! The board says which features it has by *codes* of its own (a cell type
//! and square, say); a [`FeatureTable`] maps each code and point of view to
//! a row, so the board never learns what the rows mean or how the network
//! orders its inputs. The evaluation builds the table (`eval::network`) and
//! hands it to the board, which then keeps its [`FeatureSums`] up to date
//! as men come and go, and can list its present features
//! ([`FeatureCodes`]) for a fresh sum or for training.

use crate::core::Color;
use std::sync::Arc;

/// Width of the network's hidden layer: numbers per row and per sum.
pub const HIDDEN: usize = 256;

/// A row index meaning "no feature": codes the network does not use.
pub const NO_ROW: u16 = u16::MAX;

/// The first layer of a network as the board sums it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureTable {
    /// The rows, [`HIDDEN`] numbers each.
    rows: Vec<[i16; HIDDEN]>,
    /// Added to both sums: the layer's bias.
    bias: [i16; HIDDEN],
    /// Per point of view (white first), colour of the man and code: its row.
    index: [[Vec<u16>; 2]; 2],
}

impl FeatureTable {
    /// A table of `rows` and `bias`, where `index[view][colour][code]` is
    /// the row of a man of `colour` with board code `code` seen from
    /// `view` ([`NO_ROW`] for codes without a row).
    ///
    /// # Errors
    /// One line when an index names a row the table lacks.
    pub fn new(
        rows: Vec<[i16; HIDDEN]>,
        bias: [i16; HIDDEN],
        index: [[Vec<u16>; 2]; 2],
    ) -> Result<FeatureTable, String> {
        let bad = index
            .iter()
            .flatten()
            .flatten()
            .any(|&r| r != NO_ROW && usize::from(r) >= rows.len());
        if bad {
            return Err(format!(
                "a feature index lies beyond the {} rows",
                rows.len()
            ));
        }
        Ok(FeatureTable { rows, bias, index })
    }

    /// The row of a man of `colour` with `code`, seen from `view`.
    #[inline]
    fn row(&self, view: usize, colour: usize, code: usize) -> Option<&[i16; HIDDEN]> {
        let r = *self.index[view][colour].get(code)?;
        self.rows.get(usize::from(r))
    }

    /// The row number of a man of `colour` with `code` seen from `view`,
    /// if the network has one: what a trainer feeds the network.
    #[must_use]
    pub fn row_number(&self, view: Color, colour: Color, code: usize) -> Option<u16> {
        let r = *self.index[view.index()][colour.index()].get(code)?;
        (r != NO_ROW).then_some(r)
    }
}

/// The first layer's output before activation, from each point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureSums {
    /// White's view, then black's.
    pub views: [[i16; HIDDEN]; 2],
}

impl FeatureSums {
    /// The table's bias alone: the sums of an empty board.
    #[must_use]
    pub fn empty(table: &FeatureTable) -> FeatureSums {
        FeatureSums {
            views: [table.bias; 2],
        }
    }

    /// Adds the rows of a man of `colour` with `code`.
    #[inline]
    pub fn add(&mut self, table: &FeatureTable, colour: Color, code: usize) {
        for (view, sums) in self.views.iter_mut().enumerate() {
            if let Some(row) = table.row(view, colour.index(), code) {
                for (s, r) in sums.iter_mut().zip(row) {
                    *s = s.wrapping_add(*r);
                }
            }
        }
    }

    /// Takes away the rows of a man of `colour` with `code`.
    #[inline]
    pub fn remove(&mut self, table: &FeatureTable, colour: Color, code: usize) {
        for (view, sums) in self.views.iter_mut().enumerate() {
            if let Some(row) = table.row(view, colour.index(), code) {
                for (s, r) in sums.iter_mut().zip(row) {
                    *s = s.wrapping_sub(*r);
                }
            }
        }
    }

    /// A man of `colour` changes code from `from` to `to` (it moves): one
    /// pass instead of [`FeatureSums::remove`] then [`FeatureSums::add`].
    #[inline]
    pub fn shift(&mut self, table: &FeatureTable, colour: Color, from: usize, to: usize) {
        for (view, sums) in self.views.iter_mut().enumerate() {
            let c = colour.index();
            match (table.row(view, c, from), table.row(view, c, to)) {
                (Some(a), Some(b)) => {
                    for ((s, x), y) in sums.iter_mut().zip(a).zip(b) {
                        *s = s.wrapping_sub(*x).wrapping_add(*y);
                    }
                }
                (Some(a), None) => {
                    for (s, x) in sums.iter_mut().zip(a) {
                        *s = s.wrapping_sub(*x);
                    }
                }
                (None, Some(b)) => {
                    for (s, y) in sums.iter_mut().zip(b) {
                        *s = s.wrapping_add(*y);
                    }
                }
                (None, None) => {}
            }
        }
    }
}

/// A board's network inputs: the table it sums and the sums themselves.
#[derive(Clone, Debug)]
pub struct NetworkInput {
    /// The first layer.
    pub table: Arc<FeatureTable>,
    /// Its sums over the board's features.
    pub sums: FeatureSums,
}

/// A board that can list its network features by code.
pub trait FeatureCodes {
    /// Calls `f(colour, code)` for every feature present: each man on the
    /// board, and each man in hand where the board has hands.
    fn for_each_feature(&self, f: &mut dyn FnMut(Color, usize));

    /// The code of the same man with its square mirrored left to right
    /// (file `a` to the last file); a man in hand keeps its code.
    fn mirrored(&self, code: usize) -> usize;

    /// The sums of `table` over the features present.
    fn feature_sums(&self, table: &FeatureTable) -> FeatureSums {
        let mut sums = FeatureSums::empty(table);
        self.for_each_feature(&mut |colour, code| sums.add(table, colour, code));
        sums
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> FeatureTable {
        let mut rows = vec![[0i16; HIDDEN]; 3];
        for (i, row) in rows.iter_mut().enumerate() {
            for (j, x) in row.iter_mut().enumerate() {
                *x = (i as i16 + 1) * 10 + (j % 7) as i16;
            }
        }
        // Code 0 is row 0 for white from white's view, row 1 from black's;
        // code 1 is row 2 from both views; black men have no rows.
        let index = [
            [vec![0, 2], vec![NO_ROW, NO_ROW]],
            [vec![1, 2], vec![NO_ROW, NO_ROW]],
        ];
        FeatureTable::new(rows, [5; HIDDEN], index).unwrap()
    }

    #[test]
    fn adding_and_removing_returns_to_the_bias() {
        let t = table();
        let mut s = FeatureSums::empty(&t);
        s.add(&t, Color::White, 0);
        assert_eq!(s.views[0][3], 5 + 10 + 3);
        assert_eq!(s.views[1][3], 5 + 20 + 3);
        s.add(&t, Color::Black, 0);
        s.remove(&t, Color::White, 0);
        assert_eq!(s, FeatureSums::empty(&t));
    }

    #[test]
    fn a_shift_is_a_removal_and_an_addition() {
        let t = table();
        let mut a = FeatureSums::empty(&t);
        a.add(&t, Color::White, 0);
        let mut b = a.clone();
        a.shift(&t, Color::White, 0, 1);
        b.remove(&t, Color::White, 0);
        b.add(&t, Color::White, 1);
        assert_eq!(a, b);
        assert_eq!(a.views[0][0], 5 + 30);
    }

    #[test]
    fn an_index_beyond_the_rows_is_refused() {
        let index = [[vec![3], vec![]], [vec![], vec![]]];
        assert!(FeatureTable::new(vec![[0; HIDDEN]; 3], [0; HIDDEN], index).is_err());
    }
}
