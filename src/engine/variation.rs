//! A line of moves as values, with the position it starts from: how a
//! search's principal variation and current root move reach the front ends.
//! Each front end writes it in its own notation ([`Variation::board_texts`]
//! for XBoard and the console, [`Variation::uci_texts`] for UCI); nothing
//! between the search and the front end turns moves into text.

use super::any_move::AnyMove;
use super::searchers::SearchBoard;
use super::uci_notation::uci_line;
use crate::boards::AnyPosition;
use crate::position::Position;
use crate::search::pv_to_strings;

/// Moves from a position, every one legal where it is played.
#[derive(Clone, Debug)]
pub struct Variation {
    root: AnyPosition,
    moves: Vec<AnyMove>,
}

impl Variation {
    /// The moves of `line` from `root`, up to the first that is not legal.
    #[must_use]
    pub fn new<P: SearchBoard>(root: &P, line: &[P::Move]) -> Variation {
        let mut pos = root.clone();
        let moves = line
            .iter()
            .map_while(|&m| pos.make(m).then(|| P::any_move(m)))
            .collect();
        Variation {
            root: P::any_position(root.clone()),
            moves,
        }
    }

    /// The moves of `line` (the engine's values) from `root`, up to the
    /// first that is not legal or not of `root`'s board.
    #[must_use]
    pub fn of_moves<P: SearchBoard>(root: &P, line: &[AnyMove]) -> Variation {
        Variation::new(root, &board_moves(root, line))
    }

    /// The moves, oldest first.
    #[must_use]
    pub fn moves(&self) -> &[AnyMove] {
        &self.moves
    }

    /// The first move, if any.
    #[must_use]
    pub fn first(&self) -> Option<AnyMove> {
        self.moves.first().copied()
    }

    /// Whether the line has no move.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The starting position as (X-)FEN: what move numbers count from.
    #[must_use]
    pub fn root_fen(&self) -> String {
        match &self.root {
            AnyPosition::Bitboard(p) => p.to_fen(),
            AnyPosition::Mailbox(p) => p.to_fen(),
        }
    }

    /// The moves in the board's coordinate notation (XBoard's).
    #[must_use]
    pub fn board_texts(&self) -> Vec<String> {
        match &self.root {
            AnyPosition::Bitboard(p) => pv_to_strings(p, &board_moves(p, &self.moves)),
            AnyPosition::Mailbox(p) => pv_to_strings(p, &board_moves(p, &self.moves)),
        }
    }

    /// The moves in UCI's notation.
    #[must_use]
    pub fn uci_texts(&self) -> Vec<String> {
        match &self.root {
            AnyPosition::Bitboard(p) => uci_line(p, &board_moves(p, &self.moves)),
            AnyPosition::Mailbox(p) => uci_line(p, &board_moves(p, &self.moves)),
        }
    }
}

/// The moves of `line` that belong to `root`'s board, up to the first that
/// does not (a variation holds one board's moves).
fn board_moves<P: SearchBoard>(_root: &P, line: &[AnyMove]) -> Vec<P::Move> {
    line.iter().map_while(|&m| P::board_move(m)).collect()
}

/// Two lines are the same when they start from the same position and
/// have the same moves.
impl PartialEq for Variation {
    fn eq(&self, other: &Variation) -> bool {
        self.moves == other.moves && self.root_fen() == other.root_fen()
    }
}

impl Eq for Variation {}

/// For tests of the front ends: the line `line` (board text) in the game
/// `variant` of the shipped fmax.ini after the moves `before`.
#[cfg(test)]
pub(crate) fn sample(variant: &str, before: &[&str], line: &[&str]) -> Variation {
    use super::dispatch::AnyGame;
    let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
    let catalog =
        crate::rules::catalog::Catalog::load(Some(std::path::Path::new(ini))).expect("loads");
    let variant = catalog.variant(variant).expect("variant");
    let mut game = AnyGame::new(&variant, crate::boards::BoardChoice::Auto);
    for text in before {
        let m = game.parse_move(text).expect("legal");
        assert!(game.play(m));
    }
    let mut after = game.clone();
    let moves: Vec<AnyMove> = line
        .iter()
        .map(|text| {
            let m = after.parse_move(text).expect("legal");
            assert!(after.play(m));
            m
        })
        .collect();
    let variation = game.variation(&moves);
    assert_eq!(variation.moves().len(), line.len());
    variation
}
