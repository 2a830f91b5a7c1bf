//! The contract between the boards and everything that walks game trees.
//!
//! Both boards (`mailbox` for every variant, `bitboard` for orthodox chess)
//! implement [`Position`]; the search, perft, the game record and the book are
//! written once against it and compiled for each board. Evaluation lives
//! behind [`Evaluate`] so that `search` never names a concrete board.
//! Depends only on `core`.

pub mod features;
pub mod perft;

use crate::core::{Color, Score, Verdict};
use std::fmt::Debug;
use std::hash::Hash;

/// A variant rule that ends a game ([`Position::rule_ending`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleEnding {
    /// A royal piece reached its goal (`goal_zone`, King of the Hill).
    GoalReached,
    /// A side lost every man of a kind (`extinction`).
    Extinction,
    /// A side lost all its royal pieces (extinction).
    RoyalCaptured,
    /// A side's royal piece was blown up by a capture next to it
    /// (`explosion`).
    RoyalExploded,
    /// A side was left with its royal pieces alone.
    BareKing,
    /// The makruk family's counting draw. XBoard does not referee that rule
    /// (it calls the claim a false one and forfeits the claimer), so the
    /// engine offers the draw instead of claiming it and, if the game goes
    /// on, plays on (see [`Position::waive_count`]).
    Counting,
    /// The n-th occurrence of a position, with the variant's value.
    Repetition,
    /// A repetition in which one side gave check with every move.
    PerpetualCheck,
    /// A repetition in which one side chased an enemy piece with every move.
    PerpetualChase,
    /// A side gave check as many times as wins (`checks_to_win`).
    ChecksGiven,
    /// A rule of a board that does not name its rules.
    VariantRule,
}

impl RuleEnding {
    /// The rule's name in result texts (`wins by bare king`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            RuleEnding::GoalReached => "reaching the goal",
            RuleEnding::Extinction => "extinction",
            RuleEnding::RoyalCaptured => "capturing the royal piece",
            RuleEnding::RoyalExploded => "exploding the royal piece",
            RuleEnding::BareKing => "bare king",
            RuleEnding::Counting => "counting rule",
            RuleEnding::Repetition => "repetition",
            RuleEnding::PerpetualCheck => "perpetual check",
            RuleEnding::PerpetualChase => "perpetual chase",
            RuleEnding::ChecksGiven => "checks given",
            RuleEnding::VariantRule => "variant rule",
        }
    }

    /// Whether the rule ends a game by repeating a position.
    #[must_use]
    pub fn is_repetition(self) -> bool {
        matches!(
            self,
            RuleEnding::Repetition | RuleEnding::PerpetualCheck | RuleEnding::PerpetualChase
        )
    }
}

impl std::fmt::Display for RuleEnding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which moves `generate` should produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenKind {
    /// Every pseudo-legal move.
    All,
    /// Captures and promotions (the quiescence set).
    Captures,
    /// Every move that `Captures` leaves out.
    Quiets,
}

/// Why a move text or a position text was refused; `Display` gives the
/// one-line message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextError {
    /// The text (given) is not a move in the board's notation.
    NotAMove(String),
    /// The move (text given) is not legal here.
    IllegalMove(String),
    /// More than one legal move fits the text (given).
    AmbiguousMove(String),
    /// The move (text given) would leave the mover's royal piece in check.
    LeavesKingInCheck(String),
    /// A null move cannot answer a check.
    NullMoveInCheck,
    /// The board refuses the position text (FEN): the one-line reason.
    Fen(String),
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextError::NotAMove(text) => write!(f, "not a move: {text}"),
            TextError::IllegalMove(text) => write!(f, "illegal move: {text}"),
            TextError::AmbiguousMove(text) => write!(f, "ambiguous move: {text}"),
            TextError::LeavesKingInCheck(text) => write!(f, "{text} leaves the king in check"),
            TextError::NullMoveInCheck => f.write_str("a null move cannot answer a check"),
            TextError::Fen(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for TextError {}

/// What move notation (SAN) needs to know about a move, in terms that do not
/// depend on the board: squares as 0-based (file, rank) with rank 0 white's
/// first rank, pieces as upper-case letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// Upper-case letter of the moving piece (`P` for pawns).
    pub piece: char,
    /// Whether the mover is a pawn (SAN leaves its letter out).
    pub pawn: bool,
    /// Origin square (the king's square when castling).
    pub from: (u8, u8),
    /// Destination square (the king's destination when castling).
    pub to: (u8, u8),
    /// Castling: `Some(true)` toward the last file (O-O), `Some(false)`
    /// toward the a-file (O-O-O).
    pub castle: Option<bool>,
    /// Upper-case letter of the piece a pawn promotes to.
    pub promotion: Option<char>,
    /// A piece gated from hand (Seirawan): its upper-case letter and the
    /// square it enters on (the mover's, or the castling rook's).
    pub gating: Option<(char, (u8, u8))>,
    /// Whether ranks are numbered from 0 (XBoard on boards of 10 ranks).
    pub zero_based_ranks: bool,
    /// The man comes from hand (`from` is then its square too).
    pub drop: bool,
}

/// [`Position::history_indices`] of a board that does not name its moves'
/// pieces and squares.
pub const HASHED_HISTORY_INDICES: usize = 1 << 10;

/// Bound of [`Position::captured_kind`]: piece types of a mailbox board
/// (1 to 15) and 0 for no capture.
pub const CAPTURED_KINDS: usize = 16;

/// What an endgame table says of a position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableWdl {
    /// Lost.
    Loss,
    /// Lost with best play, but the 50-move rule saves it.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won with best play, but the 50-move rule spoils it.
    CursedWin,
    /// Won.
    Win,
}

/// The table's move at the root: the one that keeps the best result
/// and goes fastest to it (or slowest, when lost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableMove<M> {
    /// The move.
    pub best: M,
    /// The root position's value.
    pub wdl: TableWdl,
    /// Plies to the next capture or pawn move with best play.
    pub dtz: u32,
}

/// Endgame tables the search may consult instead of searching an ending.
pub trait EndgameTables<P: Position>: Send + Sync {
    /// The value of `pos` inside the tree, searched to `depth` there;
    /// `None` when the tables do not hold it or should not be asked.
    fn probe(&self, pos: &P, depth: i32) -> Option<TableWdl>;

    /// The move to play at the root, if the tables hold the position.
    fn root_move(&self, pos: &P) -> Option<TableMove<P::Move>>;
}

/// A game position that can generate, make and unmake moves.
///
/// Moves are generated pseudo-legally; [`Position::make`] refuses (and undoes)
/// a move that leaves the mover's royalty capturable, so "no move was made"
/// after trying every move means mate or stalemate.
pub trait Position: Clone + Send + 'static {
    /// A move of this board; small and `Copy`.
    type Move: Copy + Eq + Hash + Send + Debug + 'static;

    /// The side to move.
    fn side_to_move(&self) -> Color;

    /// Appends the pseudo-legal moves of the given kind to `out`.
    fn generate(&self, kind: GenKind, out: &mut Vec<Self::Move>);

    /// Plays `m`; returns `false` (with the position unchanged) when the move
    /// would leave the mover's royalty capturable.
    fn make(&mut self, m: Self::Move) -> bool;

    /// Takes back `m`, which must be the last move made.
    fn unmake(&mut self, m: Self::Move);

    /// Passes the turn (null move, for the search).
    fn make_null(&mut self);

    /// Takes back the last null move.
    fn unmake_null(&mut self);

    /// Zobrist key of the position (pieces, side, rights, e.p.).
    fn hash(&self) -> u64;

    /// A key of the pawns alone (both sides'): positions with the same pawn
    /// structure share it. The search learns per pawn structure how far
    /// the static evaluation errs and corrects it; `None` leaves the
    /// board's evaluation uncorrected.
    fn pawn_key(&self) -> Option<u64>;

    /// Whether the side to move is attacked in a way that counts as check.
    fn in_check(&self) -> bool;

    /// Whether the quiet move `m` might give check: `false` only when it
    /// surely does not, so the search can prune it without playing it.
    /// The default, for boards that cannot tell cheaply, is `true`.
    fn may_give_check(&self, _m: Self::Move) -> bool {
        true
    }

    /// Plies since the last capture or pawn move.
    fn halfmove_clock(&self) -> u32;

    /// Files of the board (time budgets grow with it); 8 unless the board
    /// says otherwise.
    fn board_width(&self) -> usize {
        8
    }

    /// Ranks of the board; 8 unless the board says otherwise.
    fn board_height(&self) -> usize {
        8
    }

    /// Whether `m` captures something (including e.p.).
    fn is_capture(&self, m: Self::Move) -> bool;

    /// Whether `m` promotes a pawn.
    fn is_promotion(&self, m: Self::Move) -> bool;

    /// Material value (centipawns) of what `m` captures, 0 for none.
    fn captured_value(&self, m: Self::Move) -> Score;

    /// Material value (centipawns) of the piece that makes `m`.
    fn mover_value(&self, m: Self::Move) -> Score;

    /// How many history indices ([`Position::history_index`]) this board
    /// has: its piece types times its squares. The search sizes its
    /// continuation and capture histories by it. The default, for boards
    /// that do not say, is [`HASHED_HISTORY_INDICES`].
    fn history_indices(&self) -> usize {
        HASHED_HISTORY_INDICES
    }

    /// The history index of `m`, a pseudo-legal move of this position not
    /// yet played: a number below [`Position::history_indices`] naming the
    /// type of the moving piece (whatever its colour) and the destination
    /// square, the same for every move of that type to that square. The
    /// default hashes the move, so only the same move shares an index.
    fn history_index(&self, m: Self::Move) -> usize {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        m.hash(&mut h);
        (std::hash::Hasher::finish(&h) % HASHED_HISTORY_INDICES as u64) as usize
    }

    /// The type of the piece `m` takes, as a number below
    /// [`CAPTURED_KINDS`] (0 when it takes nothing). The default, for
    /// boards that do not say, is 0 for every move.
    fn captured_kind(&self, _m: Self::Move) -> usize {
        0
    }

    /// Static exchange evaluation of `m`: the material (centipawns) its
    /// side gains on the destination square if both sides then capture there
    /// with their least valuable piece and stop when it suits them. Negative
    /// for a capture that loses material. The default, for boards without
    /// one, is the captured value (as if nothing recaptured).
    fn see(&self, m: Self::Move) -> Score {
        self.captured_value(m)
    }

    /// What a variant rule says about the side to move before it moves
    /// (bare king, king of the hill, lost royalty); `None` if the game goes on.
    fn rule_verdict(&self) -> Option<Verdict>;

    /// The verdict for the side to move when it has no legal move:
    /// mate is a loss, stalemate follows the variant's rule.
    fn no_move_verdict(&self) -> Verdict;

    /// [`Position::rule_verdict`] with the rule that gives it; the
    /// default names none ([`RuleEnding::VariantRule`]).
    fn rule_ending(&self) -> Option<(Verdict, RuleEnding)> {
        self.rule_verdict().map(|v| (v, RuleEnding::VariantRule))
    }

    /// Plies without capture or pawn move after which the game is drawn
    /// (the 50-move rule's 100 unless the variant says otherwise); `None`:
    /// no such rule.
    fn move_rule_plies(&self) -> Option<u32> {
        Some(100)
    }

    /// Drops a count that has run out (see [`RuleEnding::Counting`]) when the
    /// game goes on past the draw it gave: the next move starts a new count,
    /// as when the counting side stops counting and counts again. Boards
    /// without counting rules do nothing.
    fn waive_count(&mut self) {}

    /// Whether [`Position::rule_verdict`] judges repetitions itself (their
    /// count and value are variant rules); otherwise the third occurrence of
    /// a position is a draw.
    fn judges_repetition(&self) -> bool {
        false
    }

    /// Parses a move in XBoard coordinate notation and checks it is legal.
    ///
    /// # Errors
    /// Returns a [`TextError`] naming the problem when the text is not a legal
    /// move here.
    fn parse_move(&mut self, text: &str) -> Result<Self::Move, TextError>;

    /// Writes `m` in XBoard coordinate notation for this board's size.
    fn move_to_string(&self, m: Self::Move) -> String;

    /// Writes the position as FEN (X-FEN for variants).
    fn to_fen(&self) -> String;

    /// Replaces the position with the one described by `fen`.
    ///
    /// # Errors
    /// Returns a one-line [`TextError`] for a malformed or impossible FEN; the
    /// position is then unchanged.
    fn set_fen(&mut self, fen: &str) -> Result<(), TextError>;

    /// The facts SAN is written from, for a pseudo-legal move of this
    /// position. The default (`None`) makes notation fall back to coordinate
    /// text; both boards override it.
    fn move_facts(&self, _m: Self::Move) -> Option<MoveFacts> {
        None
    }

    /// A compact identity of `m` (under 2^20) that the transposition table
    /// stores instead of a hash of the move, and that
    /// [`Position::find_coded_move`] can turn back into the move; `None`
    /// (the default) makes the search store a hash.
    fn move_code(_m: Self::Move) -> Option<u32> {
        None
    }

    /// The first move, in the order `generate(kind)` gives, whose
    /// [`Position::move_code`] is `code`, found without generating every
    /// move (the search tries the table's move before generating); `None`
    /// when there is none or the board cannot tell cheaply. `scratch` is
    /// reusable storage.
    fn find_coded_move(
        &self,
        _code: u32,
        _kind: GenKind,
        _scratch: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        None
    }

    /// How many legal moves there are (perft's bulk count at the leaves);
    /// boards override it when they can decide legality without playing.
    fn count_legal_moves(&mut self, buffer: &mut Vec<Self::Move>) -> u64 {
        buffer.clear();
        self.generate(GenKind::All, buffer);
        let mut n = 0;
        for &m in buffer.iter() {
            if self.make(m) {
                self.unmake(m);
                n += 1;
            }
        }
        n
    }

    /// All legal moves, in generation order.
    fn legal_moves(&mut self) -> Vec<Self::Move> {
        let mut pseudo = Vec::new();
        self.generate(GenKind::All, &mut pseudo);
        pseudo
            .into_iter()
            .filter(|&m| {
                let ok = self.make(m);
                if ok {
                    self.unmake(m);
                }
                ok
            })
            .collect()
    }
}

/// Static evaluation of a position, from the side to move's point of view.
pub trait Evaluate {
    /// What the evaluation derives once from the game (from its variant)
    /// and the search holds for all its evaluations (`()` for a board whose
    /// evaluation needs nothing of the kind).
    type EvalTables: Clone + Send + Sync;

    /// Readies this position for many evaluations and returns the tables
    /// they use: a board that keeps evaluation sums as it moves gets the
    /// evaluation's weights here. The search calls it on its copy of the
    /// root.
    fn prepare_evaluation(&mut self) -> Self::EvalTables;

    /// [`Evaluate::evaluate`] with the tables `prepare_evaluation` gave for
    /// this position or one it was reached from.
    fn evaluate_with(&self, tables: &Self::EvalTables) -> Score;

    /// Centipawn score; positive is good for the side to move. Finds the
    /// tables itself: for an evaluation now and then, not for a search.
    fn evaluate(&self) -> Score;

    /// The evaluation split into named terms, centipawns for the side to
    /// move; they add up to [`Evaluate::evaluate`]. The console's `score`
    /// shows them. The default is the whole evaluation as one term.
    fn eval_terms(&self) -> Vec<(&'static str, Score)> {
        vec![("evaluation", self.evaluate())]
    }

    /// Whether the side to move has enough material (pieces beyond pawns and
    /// royalty) that passing is unlikely to be its best option. The search
    /// skips null-move pruning when this is `false`, so zugzwang endings are
    /// searched soundly. The default allows null moves everywhere.
    fn null_move_allowed(&self) -> bool {
        true
    }
}
