//! Which board plays a variant: the one place that decides between the
//! bitboard fast path (orthodox chess, castling-free chess and Chess960,
//! recognised by their rules, not their names) and the mailbox board
//! board (everything else). Perft, the book builder and the engine all ask
//! here, so a variant is never played on one board and counted on the other.

use crate::bitboard::BitboardPos;
use crate::mailbox::MailboxPos;
use crate::position::{Position, TextError};
use crate::rules::orthodox::{classify, Orthodox};
use crate::rules::Variant;
use std::sync::Arc;

/// Whether the fast path may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardChoice {
    /// The bitboard for orthodox chess, the mailbox otherwise.
    Auto,
    /// Always the mailbox board (`--board mailbox`, also `--board general`).
    Mailbox,
}

impl BoardChoice {
    /// `Mailbox` when `mailbox` is set, else `Auto`.
    #[must_use]
    pub fn mailbox_if(mailbox: bool) -> BoardChoice {
        if mailbox {
            BoardChoice::Mailbox
        } else {
            BoardChoice::Auto
        }
    }

    /// The orthodox rules `variant` follows when it goes to the bitboard;
    /// `None` when the mailbox plays it.
    #[must_use]
    pub fn bitboard_rules(self, variant: &Variant) -> Option<Orthodox> {
        match self {
            BoardChoice::Auto => classify(variant),
            BoardChoice::Mailbox => None,
        }
    }
}

/// A position on whichever board plays it.
#[derive(Clone, Debug)]
// One value per game, rarely moved: boxing the larger board would only
// add an indirection to every search access.
#[allow(clippy::large_enum_variant)]
pub enum AnyPosition {
    /// Orthodox chess on bitboards.
    Bitboard(BitboardPos),
    /// Any variant on the mailbox.
    Mailbox(MailboxPos),
}

impl AnyPosition {
    /// Sets up `fen` (or the variant's own start position) of `variant` on
    /// the board `board` picks. Castling-free chess starts without castling
    /// rights; a FEN is taken as given.
    ///
    /// # Errors
    /// The FEN does not fit the variant.
    pub fn new(
        variant: &Arc<Variant>,
        fen: Option<&str>,
        board: BoardChoice,
    ) -> Result<AnyPosition, TextError> {
        let start = MailboxPos::new(Arc::clone(variant));
        let Some(rules) = board.bitboard_rules(variant) else {
            return Ok(AnyPosition::Mailbox(match fen {
                None => start,
                Some(text) => MailboxPos::from_fen(Arc::clone(variant), text)?,
            }));
        };
        let chess960 = rules == Orthodox::Chess960;
        let fen_text = match fen {
            Some(text) => text.to_string(),
            None if rules == Orthodox::NoCastle => start.to_fen().replace(" KQkq ", " - "),
            None => start.to_fen(),
        };
        Ok(AnyPosition::Bitboard(BitboardPos::from_fen(
            &fen_text, chess960,
        )?))
    }

    /// Which board this is, for messages.
    #[must_use]
    pub fn board_name(&self) -> &'static str {
        match self {
            AnyPosition::Bitboard(_) => "bitboard",
            AnyPosition::Mailbox(_) => "mailbox",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog::Catalog;
    use std::path::Path;

    fn board_of(name: &str, choice: BoardChoice) -> &'static str {
        let ini = Path::new(env!("CARGO_MANIFEST_DIR")).join("fmax.ini");
        let catalog = Catalog::load(Some(&ini)).unwrap();
        let variant = catalog.variant(name).unwrap();
        AnyPosition::new(&variant, None, choice)
            .unwrap()
            .board_name()
    }

    #[test]
    fn orthodox_games_go_to_the_bitboard_unless_told_otherwise() {
        for name in ["normal", "nocastle", "fischerandom"] {
            assert_eq!(board_of(name, BoardChoice::Auto), "bitboard", "{name}");
            assert_eq!(board_of(name, BoardChoice::Mailbox), "mailbox", "{name}");
        }
    }

    #[test]
    fn chess_with_extra_pieces_stays_on_the_mailbox() {
        // Super chess has FIDE pieces in its array but four more the GUI may place.
        for name in [
            "super",
            "capablanca",
            "shatranj",
            "seirawan",
            "nightrider-chess",
        ] {
            assert_eq!(board_of(name, BoardChoice::Auto), "mailbox", "{name}");
        }
    }

    #[test]
    fn castling_free_chess_starts_without_rights() {
        let ini = Path::new(env!("CARGO_MANIFEST_DIR")).join("fmax.ini");
        let catalog = Catalog::load(Some(&ini)).unwrap();
        let variant = catalog.variant("nocastle").unwrap();
        let pos = AnyPosition::new(&variant, None, BoardChoice::Auto).unwrap();
        let AnyPosition::Bitboard(board) = pos else {
            panic!("nocastle is orthodox");
        };
        assert!(board.to_fen().contains(" w - - "), "{}", board.to_fen());
    }
}
