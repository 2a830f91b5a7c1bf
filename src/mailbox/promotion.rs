//! Promotion by choice on the mailbox board (`piece_promotion`): which men
//! may promote, to what, on which squares, and the squares from which a man
//! could never move again (`immobile = illegal`: it must promote there, and
//! may not be dropped there). Everything comes from the variant's
//! [`BoardRules`](crate::rules::zones::BoardRules).

use crate::rules::ray::decode_step;
use crate::rules::Variant;

/// A set of mailbox squares: bit `sq & 63` of word `sq >> 6`.
type SquareSet = [u64; 4];

fn contains(set: &SquareSet, sq: u8) -> bool {
    set[usize::from(sq >> 6)] >> (sq & 63) & 1 != 0
}

/// The promotion-by-choice tables of a variant.
#[derive(Clone, Debug, Default)]
pub struct PromotionTables {
    /// Some man promotes by choice.
    pub any: bool,
    /// `immobile = illegal`.
    immobile: bool,
    /// Per type: its promoted form (0: none).
    promoted: [u8; 16],
    /// Per type: the man it is the promoted form of (0: none).
    base: [u8; 16],
    /// Per side: the promotion zone's squares.
    zone: [SquareSet; 2],
    /// Per type: the squares from which it could never move (empty unless
    /// `immobile = illegal`).
    dead: [SquareSet; 16],
}

impl PromotionTables {
    /// The tables of `v`.
    #[must_use]
    pub fn new(v: &Variant) -> PromotionTables {
        let mut out = PromotionTables::default();
        if v.board_rules.immobile_illegal {
            out.immobile = true;
            for t in 1..v.types.len().min(16) {
                out.dead[t] = dead_squares(v, t);
            }
        }
        let Some(p) = &v.board_rules.piece_promotion else {
            return out;
        };
        out.any = true;
        for t in 1..v.types.len().min(16) {
            out.promoted[t] = p.promoted[t];
            out.base[t] = p.base[t];
        }
        for (side, squares) in v.board_rules.zones[p.zone].squares.iter().enumerate() {
            for &(file, row) in squares {
                let sq = row * 16 + file;
                out.zone[side][sq >> 6] |= 1 << (sq & 63);
            }
        }
        out
    }

    /// The promoted form of type `t` (0: it does not promote by choice).
    #[must_use]
    #[inline]
    pub fn promoted(&self, t: u8) -> u8 {
        self.promoted[usize::from(t & 15)]
    }

    /// The man type `t` is the promoted form of (0: none).
    #[must_use]
    #[inline]
    pub fn base(&self, t: u8) -> u8 {
        self.base[usize::from(t & 15)]
    }

    /// Whether generated moves must be looked at here: some man promotes
    /// by choice, or some square is one a man could never move from.
    #[must_use]
    #[inline]
    pub fn checks_moves(&self) -> bool {
        self.any || self.immobile
    }

    /// Whether `sq` is in the promotion zone of side `side` (0 white).
    #[must_use]
    pub fn in_zone(&self, side: usize, sq: u8) -> bool {
        contains(&self.zone[side], sq)
    }

    /// Whether a man of type `t` on `sq` could never move again.
    #[must_use]
    pub fn is_dead(&self, t: u8, sq: u8) -> bool {
        contains(&self.dead[usize::from(t & 15)], sq)
    }

    /// The squares from which a man of type `t` could never move.
    #[must_use]
    pub fn dead(&self, t: u8) -> SquareSet {
        self.dead[usize::from(t & 15)]
    }
}

/// The squares of `v`'s board from which every first step of type `t`
/// leaves the board.
fn dead_squares(v: &Variant, t: usize) -> SquareSet {
    let (w, h) = (v.width as i32, v.height as i32);
    let mut set = [0u64; 4];
    for row in 0..h {
        for file in 0..w {
            let moves = v.types[t].rays.iter().any(|r| {
                let (df, dr) = decode_step(r.step);
                let (f, rr) = (file + df, row + dr);
                (0..w).contains(&f) && (0..h).contains(&rr)
            });
            if !moves {
                let sq = (row * 16 + file) as usize;
                set[sq >> 6] |= 1 << (sq & 63);
            }
        }
    }
    set
}
