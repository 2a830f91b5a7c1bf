//! Evaluation: the general evaluation of the mailbox board, its terms
//! derived from fmax.ini data (`general`), the orthodox evaluation of the
//! bitboard board, material, piece-square tables and pawn structure
//! (`orthodox`), and the evaluation networks both of them play (`network`).
//! Each board's evaluation implements [`crate::position::Evaluate`], so the
//! search never names either.

pub mod general;
pub mod network;
pub mod orthodox;

#[cfg(test)]
pub(crate) mod tests {
    use super::general::weights::{Weight, Weights};
    use crate::rules::catalog::Catalog;
    use crate::rules::Variant;
    use std::sync::Arc;

    /// A variant of the project's own fmax.ini (with the shatranj, courier
    /// and racingkings overlays' rules), playing the test weights
    /// ([`Weights::test_table`]), for tests.
    pub(crate) fn variant(name: &str) -> Arc<Variant> {
        let overlays = [
            ("shatranj", include_str!("../../variants/shatranj.ini")),
            ("courier", include_str!("../../variants/courier.ini")),
            (
                "racingkings",
                include_str!("../../variants/racingkings.ini"),
            ),
        ];
        let catalog = Catalog::from_text(include_str!("../../fmax.ini"), "fmax.ini", &overlays);
        playing(&catalog.variant(name).unwrap(), &Weights::test_table())
    }

    /// `v` playing the weights `w`: every weight of its overlay's `[eval]`
    /// section is replaced; its rules and piece values stay.
    pub(crate) fn playing(v: &Variant, w: &Weights) -> Arc<Variant> {
        let mut overlay = v.overlay.clone();
        overlay.eval_weights = w.overlay_pairs();
        Arc::new(Variant::build(&v.def, &overlay).unwrap())
    }

    /// The test weights with `changes` made.
    pub(crate) fn test_weights(changes: &[(Weight, i32)]) -> Weights {
        let mut w = Weights::test_table();
        for &(weight, value) in changes {
            w[weight] = value;
        }
        w
    }

    /// The evaluation of `fen` in variant `name` (with the test weights),
    /// for the side to move.
    pub(crate) fn eval(name: &str, fen: &str) -> crate::core::Score {
        use crate::position::Evaluate;
        crate::mailbox::MailboxPos::from_fen(variant(name), fen)
            .unwrap()
            .evaluate()
    }
}
