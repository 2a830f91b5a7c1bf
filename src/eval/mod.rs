//! Evaluation: general terms derived from fmax.ini data for the mailbox
//! board (`mailbox`), material, piece-square tables and pawn structure for
//! the bitboard board (`orthodox`). Each implements
//! [`crate::position::Evaluate`], so the search never names either.

mod activity;
mod endgame;
pub mod mailbox;
pub mod orthodox;
pub mod pawn_sets;
pub mod piece_kinds;
pub mod variant_tables;
pub mod weights;

#[cfg(test)]
pub(crate) mod tests {
    use crate::rules::catalog::Catalog;
    use crate::rules::Variant;
    use std::sync::Arc;

    /// A variant of the project's own fmax.ini (with the shatranj and
    /// courier overlays), for tests.
    pub(crate) fn variant(name: &str) -> Arc<Variant> {
        let overlays = [
            ("shatranj", include_str!("../../variants/shatranj.ini")),
            ("courier", include_str!("../../variants/courier.ini")),
        ];
        let catalog = Catalog::from_text(include_str!("../../fmax.ini"), "fmax.ini", &overlays);
        catalog.variant(name).unwrap()
    }

    /// The evaluation of `fen` in variant `name`, for the side to move.
    pub(crate) fn eval(name: &str, fen: &str) -> crate::core::Score {
        use crate::position::Evaluate;
        crate::mailbox::MailboxPos::from_fen(variant(name), fen)
            .unwrap()
            .evaluate()
    }
}
