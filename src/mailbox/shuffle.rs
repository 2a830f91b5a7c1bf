//! Shuffled start positions for Chess960-style variants: the standard
//! Chess960 numbering ([`chess960_start`]) and a seeded random array for any
//! other board ([`MailboxPos::shuffled`]), with colour-bound pairs (bishops)
//! on opposite colours, the castler between its two partners, and (as
//! Capablanca Random Chess requires) every pawn defended.

use super::{cell_type, MailboxPos, BLACK, EMPTY, VIRGIN};
use crate::core::Color;
use crate::rules::Variant;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::Arc;

/// Knight placements of the Chess960 numbering: the two of the five squares
/// left after bishops and queen that take the knights, for n / 96.
const KNIGHT_PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank of Chess960 position `n` (taken modulo 960) in the
/// standard numbering, e.g. `RNBQKBNR` for 518 and `BBQNNRKR` for 0.
#[must_use]
pub fn chess960_back_rank(n: u16) -> String {
    let n = usize::from(n % 960);
    let mut rank = [' '; 8];
    rank[(n % 4) * 2 + 1] = 'B';
    rank[(n / 4 % 4) * 2] = 'B';
    let free = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|&f| rank[f] == ' ').collect() };
    rank[free(&rank)[n / 16 % 6]] = 'Q';
    let (a, b) = KNIGHT_PAIRS[n / 96];
    let empty = free(&rank);
    rank[empty[a]] = 'N';
    rank[empty[b]] = 'N';
    for (f, letter) in free(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[f] = letter;
    }
    rank.iter().collect()
}

/// The FEN of Chess960 position `n` (taken modulo 960) in the standard
/// numbering, with full castling rights: 518 is the orthodox start.
#[must_use]
pub fn chess960_start(n: u16) -> String {
    let white = chess960_back_rank(n);
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
        white.to_ascii_lowercase()
    )
}

/// How many shuffles [`MailboxPos::shuffled`] tries before it gives up and
/// keeps fmax.ini's array.
const TRIES: usize = 10_000;

impl MailboxPos {
    /// A seeded random start position: the back ranks of fmax.ini's arrays
    /// shuffled (black mirroring white), the rest as in the variant's
    /// initial position. An 8-file orthodox army takes Chess960 position
    /// `seed % 960`; any other army a random array with colour-bound pairs on
    /// opposite colours, the castler between its two castling partners and
    /// every pawn defended (the rules of Capablanca Random Chess). Without
    /// such an array after many tries, fmax.ini's array stays.
    #[must_use]
    pub fn shuffled(variant: Arc<Variant>, seed: u64) -> MailboxPos {
        let base = MailboxPos::new(Arc::clone(&variant));
        let letters: String = variant
            .white_array
            .iter()
            .map(|&t| variant.types[t as usize].letter.to_ascii_uppercase())
            .collect();
        let mut sorted: Vec<char> = letters.chars().collect();
        sorted.sort_unstable();
        if sorted.iter().collect::<String>() == "BBKNNQRR" {
            let target = chess960_back_rank((seed % 960) as u16);
            if let Some(perm) = permutation_for(&letters, &target) {
                return base.with_back_ranks(&perm);
            }
        }
        let mut rng = StdRng::seed_from_u64(seed);
        let mut perm: Vec<usize> = (0..variant.width).collect();
        for _ in 0..TRIES {
            perm.shuffle(&mut rng);
            let pos = base.with_back_ranks(&perm);
            if pos.is_fair_shuffle() {
                return pos;
            }
        }
        base
    }

    /// This position with both back ranks rearranged: file f gets the piece
    /// fmax.ini's arrays have on file `perm[f]`.
    fn with_back_ranks(&self, perm: &[usize]) -> MailboxPos {
        let v = Arc::clone(&self.tables.variant);
        let mut pos = self.clone();
        let last = (self.tables.height - 1) as u8;
        for (file, &from) in perm.iter().enumerate() {
            for (row, array) in [(last, &v.white_array), (0, &v.black_array)] {
                let sq = row * 16 + file as u8;
                pos.take(sq);
                let colour = if row == 0 { BLACK } else { 0 };
                if array[from] != 0 {
                    pos.put(sq, array[from] | colour | VIRGIN);
                }
            }
        }
        pos.normalise_virginity();
        pos.node.set(None);
        pos
    }

    /// Colour-bound pairs split over both colours, the castler between two
    /// castling partners, and every white pawn defended.
    fn is_fair_shuffle(&self) -> bool {
        let row = ((self.tables.height - 1) * 16) as u8;
        let width = self.tables.width as u8;
        let cells: Vec<u8> = (0..width).map(|f| self.board[(row + f) as usize]).collect();
        for t in 1..self.tables.rays.len() {
            let files: Vec<u8> = (0..width)
                .filter(|&f| {
                    cells[f as usize] != EMPTY && cell_type(cells[f as usize]) as usize == t
                })
                .collect();
            if files.len() == 2 && self.tables.colour_bound(t) && files[0] % 2 == files[1] % 2 {
                return false;
            }
        }
        let partner =
            |f: &u8| self.tables.castle_partners & (1 << cell_type(cells[*f as usize])) != 0;
        let castler = (0..width).find(|&f| {
            cells[f as usize] != EMPTY
                && self.tables.castle_sides[cell_type(cells[f as usize]) as usize] != 0
        });
        if let Some(k) = castler {
            if !(0..k).any(|f| partner(&f)) || !(k + 1..width).any(|f| partner(&f)) {
                return false;
            }
        }
        let mut pawns = Vec::new();
        self.for_each_piece(Color::White, |sq| {
            if self.tables.is_pawn[cell_type(self.board[sq as usize]) as usize] {
                pawns.push(sq);
            }
        });
        pawns.iter().all(|&sq| self.attacked(sq, Color::White))
    }
}

/// A permutation taking the letters of `from` to the order of `to` (both
/// the same multiset): `to[f] == from[perm[f]]`.
fn permutation_for(from: &str, to: &str) -> Option<Vec<usize>> {
    let from: Vec<char> = from.chars().collect();
    let mut used = vec![false; from.len()];
    to.chars()
        .map(|c| {
            let i = (0..from.len()).find(|&i| !used[i] && from[i] == c)?;
            used[i] = true;
            Some(i)
        })
        .collect()
}
