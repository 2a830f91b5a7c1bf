//! The bitboard board's check hint (`may_give_check`, which the search trusts
//! to prune quiet moves) against the truth: every legal move at every node of
//! shallow trees is played, and the hint must equal `in_check` after it. The
//! positions are the orthodox rows of the shared perft tables (kiwipete and
//! the classic suite among them), Chess960 starting set-ups, and positions
//! built for castling checks and discovered checks.

use nightrider::bitboard::BitboardPos;
use nightrider::position::Position;

/// Castling into check, discovered checks by knight, king, pawn push,
/// double push, promotion and en passant, and a Chess960 castle that checks.
const CRAFTED: &[(&str, bool)] = &[
    ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", false),
    ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", false),
    ("r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1", false),
    ("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", false),
    ("7k/8/8/8/3K4/8/1B6/8 w - - 0 1", false),
    ("7k/8/8/8/3P4/8/1B6/4K3 w - - 0 1", false),
    ("7k/8/8/8/8/8/1P6/B3K3 w - - 0 1", false),
    ("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1", false),
    ("7k/8/8/3pP3/8/8/8/B3K3 w - d6 0 1", false),
    ("1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1", false),
    ("8/R1P4k/8/8/8/8/8/4K3 w - - 0 1", false),
    ("3k4/8/8/8/8/8/8/1RK4R w HB - 0 1", true),
];

/// Orthodox FENs of a shared perft table (tab-separated, variant first).
fn table_fens(text: &str) -> Vec<String> {
    let mut fens: Vec<String> = text
        .lines()
        .skip(1)
        .filter_map(|line| {
            let mut cols = line.split('\t');
            (cols.next() == Some("chess")).then(|| cols.next().unwrap().to_string())
        })
        .collect();
    fens.dedup();
    fens
}

/// Walks the tree to `depth`, checking the hint of every move; returns how
/// many moves gave check.
fn walk(pos: &mut BitboardPos, depth: u32) -> u64 {
    let mut checks = 0;
    for m in pos.legal_moves() {
        let hint = pos.may_give_check(m);
        let text = pos.move_to_string(m);
        let fen = pos.to_fen();
        pos.make(m);
        let check = pos.in_check();
        assert!(hint || !check, "{fen}: {text} checks but the hint says no");
        assert_eq!(hint, check, "{fen}: {text} hint is not exact");
        checks += u64::from(check);
        if depth > 1 {
            checks += walk(pos, depth - 1);
        }
        pos.unmake(m);
    }
    checks
}

fn checks_of(fen: &str, chess960: bool, depth: u32) -> u64 {
    let mut pos = BitboardPos::from_fen(fen, chess960).unwrap();
    walk(&mut pos, depth)
}

#[test]
fn kiwipete_checks_to_depth_3() {
    // Kiwipete's published perft counts 0, 3 and 993 checks at depths 1 to 3.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut pos = BitboardPos::from_fen(fen, false).unwrap();
    assert_eq!(walk(&mut pos, 3), 3 + 993);
}

#[test]
fn orthodox_perft_table_positions_to_depth_3() {
    let mut fens = table_fens(include_str!("data/perft/start-and-classic.tsv"));
    fens.extend(table_fens(include_str!("data/perft/variants-midgame.tsv")));
    assert!(fens.len() >= 10, "{} orthodox positions", fens.len());
    let total: u64 = fens.iter().map(|fen| checks_of(fen, false, 3)).sum();
    assert!(total > 10_000, "only {total} checks seen");
}

#[test]
fn chess960_setups_to_depth_3() {
    let text = include_str!("data/chess960.epd");
    for line in text.lines().step_by(40) {
        let fen = line.split(';').next().unwrap().trim();
        checks_of(fen, true, 3);
    }
}

#[test]
fn crafted_castling_and_discovered_checks() {
    // Checking moves at depth 1, counted by python-chess.
    let expected = [3, 3, 4, 5, 6, 1, 2, 1, 2, 4, 4, 4];
    for (&(fen, chess960), want) in CRAFTED.iter().zip(expected) {
        assert_eq!(checks_of(fen, chess960, 1), want, "{fen}");
        checks_of(fen, chess960, 3);
    }
}
