//! A line of moves as values, with the position it starts from: how a
//! search's principal variation, its current root move, a best move and a
//! perft split reach the front ends. Each front end writes it in its own
//! [`Notation`] ([`Variation::board_texts`], the boards' own text, for
//! XBoard and the console; UCI's in `uci::notation`); nothing between the
//! search and the front end turns moves into text.

use super::any_move::AnyMove;
use super::searchers::SearchBoard;
use crate::boards::AnyPosition;
use crate::position::Position;

/// A way of writing moves, as a front end has its own.
pub trait Notation {
    /// The text of `m`, legal in `pos` (which may be used to look, and is
    /// left as it was).
    fn write<P: Position>(&self, pos: &mut P, m: P::Move) -> String;
}

/// The boards' own coordinate notation ([`Position::move_to_string`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardNotation;

impl Notation for BoardNotation {
    fn write<P: Position>(&self, pos: &mut P, m: P::Move) -> String {
        pos.move_to_string(m)
    }
}

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

    /// The moves of `line` (the engine's values, which may come from
    /// another position) from `root`, up to the first that is not one of
    /// the legal moves where it is played, or not of `root`'s board.
    #[must_use]
    pub fn of_moves<P: SearchBoard>(root: &P, line: &[AnyMove]) -> Variation {
        let mut pos = root.clone();
        let mut legal = Vec::with_capacity(line.len());
        for m in board_moves(root, line) {
            if !pos.legal_moves().contains(&m) || !pos.make(m) {
                break;
            }
            legal.push(m);
        }
        Variation::new(root, &legal)
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

    /// The moves in the boards' coordinate notation (XBoard's).
    #[must_use]
    pub fn board_texts(&self) -> Vec<String> {
        self.texts(&BoardNotation)
    }

    /// The moves written in `notation`.
    #[must_use]
    pub fn texts(&self, notation: &impl Notation) -> Vec<String> {
        match &self.root {
            AnyPosition::Bitboard(p) => write_line(notation, p, &board_moves(p, &self.moves)),
            AnyPosition::Mailbox(p) => write_line(notation, p, &board_moves(p, &self.moves)),
        }
    }

    /// The line's first `n` moves (all when it has fewer).
    #[must_use]
    pub fn first_moves(&self, n: usize) -> Variation {
        Variation {
            root: self.root.clone(),
            moves: self.moves.iter().copied().take(n).collect(),
        }
    }
}

/// The moves of `line` from `root` in `notation`, up to the first that is
/// not legal.
fn write_line<P: Position>(notation: &impl Notation, root: &P, line: &[P::Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        let text = notation.write(&mut pos, m);
        if !pos.make(m) {
            break;
        }
        out.push(text);
    }
    out
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
