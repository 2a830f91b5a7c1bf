//! The layout of the orthodox evaluation's weights: every weight is a
//! middlegame/endgame [`Pair`] in the one table `tuned::WEIGHTS`, and the
//! constants here name where each group starts. The evaluation reports each
//! term to an [`Accumulator`] as (colour, weight index, count): the engine's
//! [`ScoreSum`] multiplies by the weights, the tuner's trace records the
//! counts, so both read the same code.

use super::tuned::WEIGHTS;

/// A middlegame and an endgame value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, o: Pair) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl std::ops::SubAssign for Pair {
    fn sub_assign(&mut self, o: Pair) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

/// Material of pawn, knight, bishop, rook, queen (5 entries).
pub const MATERIAL: usize = 0;
/// Piece-square values, 32 per kind (pawn..king), folded over the d/e
/// line: `kind * 32 + relative_rank * 4 + min(file, 7 - file)`.
pub const PSQT: usize = MATERIAL + 5;
/// Knight mobility by count of safe squares (0..=8).
pub const MOBILITY_KNIGHT: usize = PSQT + 6 * 32;
/// Bishop mobility (0..=13).
pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
/// Rook mobility (0..=14).
pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
/// Queen mobility (0..=27).
pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
/// Passed pawn by relative rank (8 entries).
pub const PASSED: usize = MOBILITY_QUEEN + 28;
/// Passed pawn: own king's distance to its stop square, times the rank factor.
pub const PASSED_OWN_KING: usize = PASSED + 8;
/// Passed pawn: the enemy king's distance to its stop square, times the rank factor.
pub const PASSED_ENEMY_KING: usize = PASSED_OWN_KING + 1;
/// Passed pawn whose stop square is occupied, times the rank factor.
pub const PASSED_BLOCKED: usize = PASSED_ENEMY_KING + 1;
/// Passed pawn whose path to promotion is empty, times the rank factor.
pub const PASSED_FREE_PATH: usize = PASSED_BLOCKED + 1;
/// Candidate passed pawn by relative rank (8 entries).
pub const CANDIDATE: usize = PASSED_FREE_PATH + 1;
/// Isolated pawn.
pub const ISOLATED: usize = CANDIDATE + 8;
/// Pawn with an own pawn in front of it on its file.
pub const DOUBLED: usize = ISOLATED + 1;
/// Backward pawn: no own pawn beside or behind, stop square held by enemy pawns.
pub const BACKWARD: usize = DOUBLED + 1;
/// Pawn defended by an own pawn.
pub const SUPPORTED: usize = BACKWARD + 1;
/// Pawn with an own pawn beside it on the same rank.
pub const PHALANX: usize = SUPPORTED + 1;
/// Rook on a file without pawns.
pub const ROOK_OPEN: usize = PHALANX + 1;
/// Rook on a file without own pawns but with enemy ones.
pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
/// Rook on the seventh rank with the enemy king on the eighth or pawns on the seventh.
pub const ROOK_SEVENTH: usize = ROOK_HALF_OPEN + 1;
/// Two bishops or more.
pub const BISHOP_PAIR: usize = ROOK_SEVENTH + 1;
/// Knight on an outpost (relative ranks 4-6, pawn-defended, never attackable by pawns).
pub const KNIGHT_OUTPOST: usize = BISHOP_PAIR + 1;
/// Bishop on an outpost.
pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
/// King attack: squares of the enemy king zone attacked, per knight, bishop,
/// rook, queen (4 entries), counted when at least two pieces attack.
pub const KING_ATTACK: usize = BISHOP_OUTPOST + 1;
/// Safe checks available, per knight, bishop, rook, queen (4 entries).
pub const SAFE_CHECK: usize = KING_ATTACK + 4;
/// Own pawns on the rank just in front of the king (three files).
pub const SHIELD_CLOSE: usize = SAFE_CHECK + 4;
/// Own pawns two ranks in front of the king (three files).
pub const SHIELD_FAR: usize = SHIELD_CLOSE + 1;
/// Files at or beside the king without own pawns.
pub const KING_SEMI_OPEN: usize = SHIELD_FAR + 1;
/// Files at or beside the king without any pawns.
pub const KING_OPEN: usize = KING_SEMI_OPEN + 1;
/// Enemy pieces (not pawns) attacked by own pawns.
pub const THREAT_BY_PAWN: usize = KING_OPEN + 1;
/// Enemy rooks and queens attacked by own minor pieces.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
/// Enemy pieces (not pawns) attacked and not defended.
pub const HANGING: usize = THREAT_BY_MINOR + 1;
/// The side to move.
pub const TEMPO: usize = HANGING + 1;
/// Number of weights.
pub const COUNT: usize = TEMPO + 1;

/// The groups of the table, for the tuner's output: (name, first index, length).
pub const GROUPS: &[(&str, usize, usize)] = &[
    ("material P N B R Q", MATERIAL, 5),
    ("psqt pawn", PSQT, 32),
    ("psqt knight", PSQT + 32, 32),
    ("psqt bishop", PSQT + 64, 32),
    ("psqt rook", PSQT + 96, 32),
    ("psqt queen", PSQT + 128, 32),
    ("psqt king", PSQT + 160, 32),
    ("mobility knight", MOBILITY_KNIGHT, 9),
    ("mobility bishop", MOBILITY_BISHOP, 14),
    ("mobility rook", MOBILITY_ROOK, 15),
    ("mobility queen", MOBILITY_QUEEN, 28),
    ("passed by rank", PASSED, 8),
    (
        "passed: own king, enemy king, blocked, free path",
        PASSED_OWN_KING,
        4,
    ),
    ("candidate by rank", CANDIDATE, 8),
    (
        "isolated, doubled, backward, supported, phalanx",
        ISOLATED,
        5,
    ),
    (
        "rook open, half-open, seventh; bishop pair; outposts N B",
        ROOK_OPEN,
        6,
    ),
    ("king attack N B R Q", KING_ATTACK, 4),
    ("safe checks N B R Q", SAFE_CHECK, 4),
    (
        "shield close, far; semi-open, open files by the king",
        SHIELD_CLOSE,
        4,
    ),
    (
        "threats by pawn, by minor; hanging; tempo",
        THREAT_BY_PAWN,
        4,
    ),
];

/// Receives the evaluation's terms: `count` times weight `index` for
/// `color` (0 white, 1 black; black's terms count negatively).
pub trait Accumulator {
    /// Adds one term.
    fn add(&mut self, color: usize, index: usize, count: i32);
}

/// The engine's accumulator: the weighted white-minus-black sum.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScoreSum(pub Pair);

impl Accumulator for ScoreSum {
    #[inline(always)]
    fn add(&mut self, color: usize, index: usize, count: i32) {
        let w = WEIGHTS[index];
        let c = if color == 0 { count } else { -count };
        self.0 .0 += w.0 * c;
        self.0 .1 += w.1 * c;
    }
}

/// The tuner's accumulator: the white-minus-black count of every weight.
#[derive(Clone, Debug)]
pub struct Trace(pub Vec<i32>);

impl Default for Trace {
    fn default() -> Self {
        Trace(vec![0; COUNT])
    }
}

impl Accumulator for Trace {
    fn add(&mut self, color: usize, index: usize, count: i32) {
        self.0[index] += if color == 0 { count } else { -count };
    }
}
