//! Shared vocabulary for every layer: colours, scores, game verdicts and a
//! small reproducible random generator.
//!
//! Depends on nothing but `std`; everything else in the crate may use it.

/// The two sides. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side that moves first (uppercase letters in FEN).
    White,
    /// The second player (lowercase letters in FEN).
    Black,
}

impl Color {
    /// The other side.
    #[must_use]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side tables.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A search score in centipawns from the side to move's point of view.
pub type Score = i32;

/// Score of a mate given at the root; a mate in `n` plies scores `MATE - n`.
pub const MATE: Score = 100_000;

/// Scores at or beyond this magnitude are mate scores.
pub const MATE_BOUND: Score = MATE - 1_000;

/// What a rule says about the side to move when the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move has lost.
    Loss,
    /// Nobody wins.
    Draw,
    /// The side to move has won.
    Win,
}

/// A finished game's result with the reason XBoard prints in braces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// `Some(color)` for the winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Human-readable reason, e.g. `White mates` or `Stalemate`.
    pub reason: String,
}

impl GameResult {
    /// The PGN/XBoard result token: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn token(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {{{}}}", self.token(), self.reason)
    }
}

/// A 64-bit xorshift generator (xorshift64*): the same sequence on every
/// platform and version, for what must be reproducible (magic numbers,
/// sampled positions).
#[derive(Clone, Debug)]
pub struct Xorshift64(pub u64);

impl Xorshift64 {
    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (> 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Folds bit sets into one well-mixed 64-bit key (equal sets, equal keys;
/// a single changed bit changes about half the key's bits).
#[must_use]
pub fn fold_key(words: &[u64]) -> u64 {
    words.iter().fold(0x9e37_79b9_7f4a_7c15, |key, &w| {
        let x = (key ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        (x ^ (x >> 31)).wrapping_mul(0x94d0_49bb_1331_11eb) ^ (x >> 29)
    })
}
