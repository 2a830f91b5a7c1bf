//! [`AnyMove`]: a move of whichever board the game is played on, as that
//! board's own value. Every part of the engine passes moves this way (the
//! game record, the search thread's jobs and reports, variations, the
//! control thread's state): text becomes one where a command arrives, and
//! one becomes text again only where an event is written.

/// A move of the board an [`AnyGame`](super::dispatch::AnyGame) plays on, as that board's value.
/// It means something only in the position it was made for: the game's
/// methods check that it is legal there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// A move of the bitboard board.
    Bitboard(crate::bitboard::Move),
    /// A move of the mailbox board.
    Mailbox(crate::mailbox::Move),
}

impl From<crate::bitboard::Move> for AnyMove {
    fn from(m: crate::bitboard::Move) -> AnyMove {
        AnyMove::Bitboard(m)
    }
}

impl From<crate::mailbox::Move> for AnyMove {
    fn from(m: crate::mailbox::Move) -> AnyMove {
        AnyMove::Mailbox(m)
    }
}
