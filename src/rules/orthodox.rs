//! Recognises orthodox chess (FIDE rules, with or without castling) in any
//! variant definition, by its pieces and array rather than its name, so that
//! the engine may hand it to the bitboard fast path.

use super::Ray;
use super::Variant;

/// Which orthodox game a variant is, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orthodox {
    /// FIDE chess with castling.
    Chess,
    /// FIDE chess without castling rights.
    NoCastle,
    /// Chess960: FIDE pieces and promotions, castling by Chess960 rules
    /// (overlay `castling960`); start positions come by FEN.
    Chess960,
}

fn rays(list: &[(i32, i32)]) -> Vec<Ray> {
    list.iter().map(|&(s, m)| Ray::new(s, m, None)).collect()
}

fn same_set(a: &[Ray], b: &[Ray]) -> bool {
    a.len() == b.len() && a.iter().all(|r| b.contains(r))
}

const KING_STEPS: [i32; 8] = [1, 16, 15, 17, -1, -16, -15, -17];
const KNIGHT: [i32; 8] = [14, 31, 33, 18, -14, -31, -33, -18];

/// Classifies `v`: standard array, the six FIDE pieces moving exactly as in
/// FIDE chess, last-rank promotion to Q, R, B or N; with the overlay's
/// `castling960` (and no other board rule) and a castling king, Chess960.
#[must_use]
pub fn classify(v: &Variant) -> Option<Orthodox> {
    let other_rules = super::overlay::Overlay {
        castling960: false,
        ..v.overlay.clone()
    };
    if v.width != 8
        || v.height != 8
        || v.def.zone != 0
        || other_rules.has_board_rules()
        || v.has_gating()
    {
        return None;
    }
    let leap = |steps: &[i32]| rays(&steps.iter().map(|&s| (s, 7)).collect::<Vec<_>>());
    let slide = |steps: &[i32]| rays(&steps.iter().map(|&s| (s, 3)).collect::<Vec<_>>());
    let mut castling_king = leap(&KING_STEPS);
    castling_king.extend(rays(&[(1, 0x34), (-1, 0x34)]));
    let expected = [
        ('P', rays(&[(-16, 0x24), (-16, 6), (-15, 5), (-17, 5)])),
        ('N', leap(&KNIGHT)),
        ('B', slide(&[15, 17, -15, -17])),
        ('R', slide(&[1, 16, -1, -16])),
        ('Q', slide(&KING_STEPS)),
    ];
    let black_pawn = rays(&[(16, 0x24), (16, 6), (15, 5), (17, 5)]);
    if !same_set(&v.types[v.pawn_type[0] as usize].rays, &expected[0].1)
        || !same_set(&v.types[v.pawn_type[1] as usize].rays, &black_pawn)
    {
        return None;
    }
    let type_moving = |want: &[Ray]| (1..v.types.len()).find(|&t| same_set(&v.types[t].rays, want));
    let king = type_moving(&castling_king).or_else(|| type_moving(&leap(&KING_STEPS)))?;
    let castles = same_set(&v.types[king].rays, &castling_king);
    let [n, b, r, q] = [1, 2, 3, 4].map(|i| type_moving(&expected[i].1));
    let (n, b, r, q) = (n?, b?, r?, q?);
    let back: Vec<usize> = [r, n, b, q, king, b, n, r].to_vec();
    let array_ok = |a: &Vec<u8>| a.iter().map(|&x| x as usize).collect::<Vec<_>>() == back;
    if !array_ok(&v.white_array) || !array_ok(&v.black_array) || v.types[king].raw_value != -1 {
        return None;
    }
    // Any other piece (super chess's extra pieces, placed by the GUI) is not FIDE chess.
    let fide = [
        &expected[0].1,
        &black_pawn,
        &expected[1].1,
        &expected[2].1,
        &expected[3].1,
    ];
    let is_fide = |t: &super::variant::PieceType| {
        fide.iter()
            .chain([&expected[4].1, &castling_king, &leap(&KING_STEPS)].iter())
            .any(|want| same_set(&t.rays, want))
    };
    if !v.types[1..].iter().all(is_fide) {
        return None;
    }
    let promo: Vec<usize> = [q, r, b, n].to_vec();
    for choices in &v.promotion_choices {
        let mut got: Vec<usize> = choices.iter().map(|&c| c as usize).collect();
        got.sort_unstable();
        let mut want = promo.clone();
        want.sort_unstable();
        if got != want {
            return None;
        }
    }
    Some(match (castles, v.overlay.castling960) {
        (true, true) => Orthodox::Chess960,
        (true, false) => Orthodox::Chess,
        (false, _) => Orthodox::NoCastle,
    })
}
