//! Evaluation: general terms derived from fmax.ini data for the mailbox
//! board (`mailbox`), material, piece-square tables and pawn structure for
//! the bitboard board (`orthodox`). Each implements
//! [`crate::position::Evaluate`], so the search never names either.

pub mod mailbox;
pub mod orthodox;

#[cfg(test)]
pub(crate) mod tests {
    use crate::rules::catalog::Catalog;
    use crate::rules::Variant;
    use std::sync::Arc;

    /// A variant of the project's own fmax.ini, for tests.
    pub(crate) fn variant(name: &str) -> Arc<Variant> {
        let catalog = Catalog::from_text(include_str!("../../fmax.ini"), "fmax.ini", &[]);
        catalog.variant(name).unwrap()
    }
}
