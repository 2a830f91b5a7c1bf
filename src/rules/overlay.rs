//! Rules fmax.ini cannot say, read from `variants/*.ini` (one file per
//! variant name, `[rules]` section): promotion choices, stalemate and
//! bare-king results, and the other keys documented in `variants/README.md`.

use crate::core::Verdict;

/// Extra rules for one variant; every field defaults to Fairy-Max's behaviour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    /// Letters a pawn may promote to (case-insensitive); `None` = derive from
    /// the initial array.
    pub promotion: Option<Vec<char>>,
    /// What a stalemate means for the stalemated side; `None` = draw.
    pub stalemate: Option<Verdict>,
    /// A side left with a lone king loses (shatranj, courier).
    pub bare_king_loses: bool,
}
