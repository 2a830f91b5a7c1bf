//! Orthodox evaluation for [`BitboardPos`]: material, piece-square tables,
//! mobility, bishop pair, pawn structure (passed, doubled, isolated) and
//! rooks on open files, each with a middlegame and an endgame weight,
//! blended by the material phase (tapered evaluation).
//!
//! The piece-square tables are built from simple formulas (centrality,
//! advancement, the king's shelter) rather than tuned numbers, so they are
//! easy to read and to change; tuning is future work.

use crate::bitboard::{tables, Bitboard, BitboardPos, PieceType, Squares};
use crate::core::Score;
use crate::position::Evaluate;
use std::sync::OnceLock;

/// A middlegame and an endgame value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Pair(i32, i32);

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

/// Material of pawn, knight, bishop, rook, queen, king.
const MATERIAL: [Pair; 6] = [
    Pair(100, 125),
    Pair(320, 300),
    Pair(330, 320),
    Pair(480, 530),
    Pair(960, 990),
    Pair(0, 0),
];

/// Phase weight per kind; 24 when all pieces are on the board.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

/// Mobility per attacked square (not occupied by own pieces), per kind.
const MOBILITY: [Pair; 6] = [
    Pair(0, 0),
    Pair(4, 4),
    Pair(5, 5),
    Pair(2, 4),
    Pair(1, 2),
    Pair(0, 0),
];

/// Passed-pawn bonus by relative rank (0 = first rank).
const PASSED: [Pair; 8] = [
    Pair(0, 0),
    Pair(5, 10),
    Pair(5, 15),
    Pair(10, 25),
    Pair(20, 45),
    Pair(35, 75),
    Pair(60, 120),
    Pair(0, 0),
];

const BISHOP_PAIR: Pair = Pair(30, 45);
const DOUBLED: Pair = Pair(10, 20);
const ISOLATED: Pair = Pair(12, 15);
const ROOK_OPEN: Pair = Pair(25, 10);
const ROOK_HALF_OPEN: Pair = Pair(12, 8);
const TEMPO: i32 = 10;

const FILE_A: Bitboard = 0x0101_0101_0101_0101;

/// Piece-square values for white, `[kind][square]` (a1 = 0); black mirrors.
fn psqt() -> &'static [[Pair; 64]; 6] {
    static TABLE: OnceLock<[[Pair; 64]; 6]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[Pair::default(); 64]; 6];
        for (kind, row) in t.iter_mut().enumerate() {
            for (sq, cell) in row.iter_mut().enumerate() {
                *cell = square_values(sq)[kind];
            }
        }
        t
    })
}

/// The piece-square values of every kind on one square, from formulas.
fn square_values(sq: usize) -> [Pair; 6] {
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    // Centrality 0 (corner) .. 6 (centre), by distance from the middle.
    let centre = 6 - ((2 * file - 7).abs() + (2 * rank - 7).abs()) / 2 + 1;
    let central_file = 3 - (2 * file - 7).abs() / 2;
    let pawn = if rank == 0 || rank == 7 {
        Pair(0, 0)
    } else {
        let centre_bonus = if (2..=5).contains(&rank) {
            central_file * 5
        } else {
            0
        };
        Pair(rank * 3 + centre_bonus, rank * 6)
    };
    // The king hides on its first rank in the middlegame, centralises later.
    let shelter = -15 * rank.min(3) + if (2..=5).contains(&file) { -12 } else { 8 };
    [
        pawn,
        Pair(6 * centre - 20, 4 * centre - 12),
        Pair(3 * centre - 8, 3 * centre - 8),
        Pair(if rank == 6 { 20 } else { 0 } + central_file * 2, 0),
        Pair(centre - 3, 4 * centre - 12),
        Pair(shelter, 8 * centre - 24),
    ]
}

/// Bitboard of the files adjacent to `file`.
fn adjacent_files(file: usize) -> Bitboard {
    let mut b = 0;
    if file > 0 {
        b |= FILE_A << (file - 1);
    }
    if file < 7 {
        b |= FILE_A << (file + 1);
    }
    b
}

/// Squares in front of `sq` for `color` on its file and both adjacent files.
fn front_span(color: usize, sq: usize) -> Bitboard {
    let file = sq % 8;
    let files = adjacent_files(file) | FILE_A << file;
    let rank = sq / 8;
    let ahead = if color == 0 {
        if rank == 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        }
    } else {
        (1u64 << (8 * rank)) - 1
    };
    files & ahead
}

/// Material, piece-square tables and mobility of one side.
fn pieces_term(pos: &BitboardPos, color: usize) -> (Pair, i32) {
    let t = tables();
    let own = pos.color_bb(color);
    let occ = pos.occupied();
    let table = psqt();
    let mut total = Pair::default();
    let mut phase = 0;
    for kind in PieceType::ALL {
        let k = kind.index();
        for sq in Squares(pos.pieces(color, kind)) {
            let rel = if color == 0 { sq } else { sq ^ 56 };
            total += MATERIAL[k];
            total += table[k][rel];
            phase += PHASE[k];
            let attacks = match kind {
                PieceType::Knight => t.knight(sq),
                PieceType::Bishop => t.bishop(sq, occ),
                PieceType::Rook => t.rook(sq, occ),
                PieceType::Queen => t.queen(sq, occ),
                _ => 0,
            };
            let n = (attacks & !own).count_ones() as i32;
            total += Pair(MOBILITY[k].0 * (n - 4), MOBILITY[k].1 * (n - 4));
        }
    }
    if pos.pieces(color, PieceType::Bishop).count_ones() >= 2 {
        total += BISHOP_PAIR;
    }
    (total, phase)
}

/// Pawn structure and rook files of one side.
fn structure_term(pos: &BitboardPos, color: usize) -> Pair {
    let pawns = pos.pieces(color, PieceType::Pawn);
    let theirs = pos.pieces(color ^ 1, PieceType::Pawn);
    let mut total = Pair::default();
    for sq in Squares(pawns) {
        let file = sq % 8;
        if front_span(color, sq) & theirs == 0 {
            let rel_rank = if color == 0 { sq / 8 } else { 7 - sq / 8 };
            total += PASSED[rel_rank];
        }
        if adjacent_files(file) & pawns == 0 {
            total -= ISOLATED;
        }
    }
    for file in 0..8 {
        let n = (pawns & FILE_A << file).count_ones() as i32;
        if n > 1 {
            total -= Pair(DOUBLED.0 * (n - 1), DOUBLED.1 * (n - 1));
        }
    }
    for sq in Squares(pos.pieces(color, PieceType::Rook)) {
        let file = FILE_A << (sq % 8);
        if file & pawns == 0 {
            total += if file & theirs == 0 {
                ROOK_OPEN
            } else {
                ROOK_HALF_OPEN
            };
        }
    }
    total
}

/// White-minus-black evaluation in centipawns.
fn white_score(pos: &BitboardPos) -> Score {
    let (mut score, white_phase) = pieces_term(pos, 0);
    let (black, black_phase) = pieces_term(pos, 1);
    score -= black;
    score += structure_term(pos, 0);
    score -= structure_term(pos, 1);
    let phase = (white_phase + black_phase).min(FULL_PHASE);
    (score.0 * phase + score.1 * (FULL_PHASE - phase)) / FULL_PHASE
}

impl Evaluate for BitboardPos {
    fn evaluate(&self) -> Score {
        let s = white_score(self);
        TEMPO + if self.side_index() == 0 { s } else { -s }
    }

    /// Null moves are safe while the side to move has a piece besides
    /// pawns and its king.
    fn null_move_allowed(&self) -> bool {
        let side = self.side_index();
        let pawns_and_king =
            self.pieces(side, PieceType::Pawn) | self.pieces(side, PieceType::King);
        self.color_bb(side) & !pawns_and_king != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    fn eval(fen: &str) -> Score {
        BitboardPos::from_fen(fen, false).unwrap().evaluate()
    }

    #[test]
    fn start_position_is_balanced_up_to_tempo() {
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            TEMPO
        );
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            TEMPO
        );
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        let white = eval("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let black = eval("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(white, black);
    }

    #[test]
    fn material_and_passed_pawns_count() {
        // White is a queen up.
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 900);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -900);
        // A pawn on the seventh is worth far more than one at home.
        let far = eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let home = eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        assert!(far > home + 80, "{far} {home}");
    }

    #[test]
    fn null_move_needs_a_piece() {
        let mut pos = BitboardPos::startpos();
        assert!(pos.null_move_allowed());
        pos.set_fen("4k3/pppp4/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
        assert!(!pos.null_move_allowed());
        pos.set_fen("4k3/pppp4/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert!(pos.null_move_allowed());
    }
}
