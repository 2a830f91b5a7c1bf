//! The square-ray fast paths against the general walk: along random games
//! of many variants (castling, knightmate's knight-moving king, e.p. and
//! promotions among them), every kind of generation gives the same moves in
//! the same order.

use super::*;
use crate::position::Position;
use crate::rules::catalog::Catalog;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn catalog() -> Catalog {
    let overlays = [
        (
            "caparandom",
            include_str!("../../../variants/caparandom.ini"),
        ),
        (
            "fischerandom",
            include_str!("../../../variants/fischerandom.ini"),
        ),
        ("makruk", include_str!("../../../variants/makruk.ini")),
        ("shatranj", include_str!("../../../variants/shatranj.ini")),
    ];
    Catalog::from_text(include_str!("../../../fmax.ini"), "fmax.ini", &overlays)
}

/// Along random games from `fen` (or the start), the generator's
/// lists equal the general walk's, move for move, for every kind of
/// generation. Returns how many castlings the walks generated.
fn compare_walks(catalog: &Catalog, variant: &str, fen: Option<&str>, seed: u64) -> usize {
    let v = catalog.variant(variant).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut castlings = 0;
    for _game in 0..6 {
        let mut pos = match fen {
            Some(f) => MailboxPos::from_fen(v.clone(), f).unwrap(),
            None => MailboxPos::new(v.clone()),
        };
        for _ply in 0..70 {
            for kind in [GenKind::All, GenKind::Captures, GenKind::Quiets] {
                let (mut fast, mut walked) = (Vec::new(), Vec::new());
                pos.generate_moves(kind, &mut fast);
                pos.generate_all_walked(kind, &mut walked);
                assert_eq!(fast, walked, "{variant} {kind:?} {}", pos.write_fen());
                castlings += fast
                    .iter()
                    .filter(|m| m.kind() == MoveKind::Castle && kind == GenKind::All)
                    .count();
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.make(legal[rng.gen_range(0..legal.len())]);
        }
    }
    castlings
}

#[test]
fn kings_with_castling_rays_use_the_castler_table() {
    let c = catalog();
    for variant in ["capablanca", "gothic", "janus", "knightmate", "normal"] {
        let v = c.variant(variant).unwrap();
        let pos = MailboxPos::new(v);
        let t = (1..16u8)
            .find(|&t| pos.tables.royalty[t as usize] != crate::rules::variant::Royalty::None)
            .unwrap();
        assert_eq!(
            pos.tables.square_rays.coverage(t),
            Coverage::Castler,
            "{variant}"
        );
    }
}

#[test]
fn fast_paths_equal_the_general_walk() {
    let c = catalog();
    let mut castlings = Vec::new();
    for (i, variant) in [
        "normal",
        "capablanca",
        "gothic",
        "janus",
        "knightmate",
        "shatranj",
        "great",
        "makruk",
        "berolina",
        "spartan",
        "falcon",
        "cylinder",
        "mexican",
        "grande-acedrex",
        "caparandom",
        "fischerandom",
        "seirawan",
    ]
    .into_iter()
    .enumerate()
    {
        castlings.push((variant, compare_walks(&c, variant, None, i as u64)));
    }
    let open = [
        (
            "capablanca",
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
        ),
        (
            "janus",
            "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1",
        ),
        (
            "knightmate",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "normal",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        ),
    ];
    for (i, (variant, fen)) in open.into_iter().enumerate() {
        let n = compare_walks(&c, variant, Some(fen), 100 + i as u64);
        assert!(n > 20, "{variant}: {n} castlings");
    }
    let special = [
        (
            "normal",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ),
        ("normal", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"),
        ("capablanca", "5k4/1P8/10/10/10/10/8p1/5K4 b - - 0 1"),
        ("shatranj", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"),
    ];
    for (i, (variant, fen)) in special.into_iter().enumerate() {
        compare_walks(&c, variant, Some(fen), 200 + i as u64);
    }
    let walked_castlings: usize = castlings.iter().map(|(_, n)| n).sum();
    assert!(walked_castlings > 0, "{castlings:?}");
}

#[test]
fn castling_rays_that_could_land_elsewhere_are_walked() {
    let c = catalog();
    let pos = MailboxPos::new(c.variant("capablanca").unwrap());
    let king = (1..16usize)
        .find(|&t| pos.tables.royalty[t] != crate::rules::variant::Royalty::None)
        .unwrap();
    let castling: Vec<_> = pos.tables.rays[king]
        .iter()
        .filter(|r| r.rights.is_initial_only())
        .cloned()
        .collect();
    assert_eq!(castling.len(), 2);
    for ray in castling {
        assert!(plain_castling(&ray));
        let mut back = ray.clone();
        back.s2.df = -ray.s.df.signum() * 3;
        assert!(!plain_castling(&back), "lands back past the king");
        let mut other_row = ray.clone();
        other_row.s2.dr = 1;
        assert!(!plain_castling(&other_row), "lands on another row");
        let mut upward = ray.clone();
        upward.s.dr = 1;
        assert!(plain_castling(&upward), "never castles");
    }
}
