//! Perft tests of the bitboard board: the six classic positions, every
//! `chess` row of the shared reference tables (tests/data/perft/*.tsv, the
//! tables tests/perft.rs checks the mailbox board against), Ethereal's
//! standard perft suite and the published Chess960 perft table
//! (Shredder-FEN castling).

use nightrider::bitboard::{divide, perft, BitboardPos};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POS4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POS6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn check(fen: &str, chess960: bool, expected: &[u64]) {
    let mut pos = BitboardPos::from_fen(fen, chess960).unwrap();
    let key = pos.polyglot_key();
    for (i, &nodes) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
    }
    assert_eq!(
        pos.fen(),
        BitboardPos::from_fen(fen, chess960).unwrap().fen()
    );
    assert_eq!(
        pos.polyglot_key(),
        key,
        "perft leaves the key as it found it"
    );
}

#[test]
fn start_position() {
    check(START, false, &[20, 400, 8902, 197_281, 4_865_609]);
}

#[test]
fn kiwipete() {
    check(KIWIPETE, false, &[48, 2039, 97_862, 4_085_603]);
}

#[test]
fn position_3() {
    check(POS3, false, &[14, 191, 2812, 43_238, 674_624, 11_030_083]);
}

#[test]
fn position_4_and_its_mirror() {
    check(POS4, false, &[6, 264, 9467, 422_333, 15_833_292]);
    check(POS4_MIRRORED, false, &[6, 264, 9467, 422_333, 15_833_292]);
}

#[test]
fn position_5() {
    check(POS5, false, &[44, 1486, 62_379, 2_103_487]);
}

#[test]
fn position_6() {
    check(POS6, false, &[46, 2079, 89_890, 3_894_594]);
}

#[test]
fn divide_sums_to_perft_and_names_moves() {
    let mut pos = BitboardPos::from_fen(KIWIPETE, false).unwrap();
    let parts = divide(&mut pos, 3);
    assert_eq!(parts.len(), 48);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
    let castles: Vec<&(String, u64)> = parts
        .iter()
        .filter(|(m, _)| m == "e1g1" || m == "e1c1")
        .collect();
    assert_eq!(castles.len(), 2);
}

/// One reference row: FEN, depth, node count.
struct Row {
    fen: String,
    depth: u32,
    nodes: u64,
}

/// The `chess` rows of the shared reference tables (tab-separated:
/// variant, FEN, depth, nodes, ...). Other variants' rows, Fairy-Max's
/// queen-only promotion among them, are the mailbox board's.
fn table_rows() -> Vec<Row> {
    let tables = [
        include_str!("data/perft/start-and-classic.tsv"),
        include_str!("data/perft/variants-midgame.tsv"),
    ];
    tables
        .iter()
        .flat_map(|text| text.lines().skip(1))
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols[0] == "chess").then(|| Row {
                fen: cols[1].to_string(),
                depth: cols[2].parse().unwrap(),
                nodes: cols[3].parse().unwrap(),
            })
        })
        .collect()
}

/// Rows of an EPD perft file: `FEN ;D1 n ;D2 n ...`.
fn epd_rows(text: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        for part in parts {
            let (d, n) = part.trim().split_once(' ').unwrap();
            rows.push(Row {
                fen: fen.clone(),
                depth: d.trim_start_matches('D').parse().unwrap(),
                nodes: n.trim().parse().unwrap(),
            });
        }
    }
    rows
}

fn run_rows(rows: &[Row], chess960: bool, keep: impl Fn(&Row) -> bool) -> usize {
    let mut checked = 0;
    for row in rows.iter().filter(|r| keep(r)) {
        let mut pos = BitboardPos::from_fen(&row.fen, chess960).unwrap();
        assert_eq!(
            perft(&mut pos, row.depth),
            row.nodes,
            "{} depth {}",
            row.fen,
            row.depth
        );
        checked += 1;
    }
    checked
}

const SHALLOW_LIMIT: u64 = 250_000_000;

#[test]
fn reference_table_rows_up_to_250_million_nodes() {
    let rows = table_rows();
    assert_eq!(rows.len(), 51 + 24);
    let checked = run_rows(&rows, false, |r| r.nodes <= SHALLOW_LIMIT);
    assert_eq!(checked, 44 + 24);
}

#[test]
#[ignore = "deep: billions of nodes (run with --ignored in release)"]
fn reference_table_deep_rows() {
    let rows = table_rows();
    let checked = run_rows(&rows, false, |r| r.nodes > SHALLOW_LIMIT);
    assert_eq!(checked, 7);
}

#[test]
fn standard_suite_up_to_depth_4() {
    let rows = epd_rows(include_str!("data/standard.epd"));
    assert!(run_rows(&rows, false, |r| r.depth <= 4) > 400);
}

#[test]
#[ignore = "deep: the whole standard suite"]
fn standard_suite_all_depths() {
    let rows = epd_rows(include_str!("data/standard.epd"));
    run_rows(&rows, false, |r| r.depth > 4);
}

#[test]
fn chess960_table_up_to_depth_4() {
    let rows = epd_rows(include_str!("data/chess960.epd"));
    assert_eq!(run_rows(&rows, true, |r| r.depth <= 4), 960 * 4);
}

#[test]
fn chess960_table_depth_5_every_twentieth_position() {
    let rows = epd_rows(include_str!("data/chess960.epd"));
    let sample: Vec<Row> = rows
        .into_iter()
        .enumerate()
        .filter(|(i, r)| r.depth == 5 && (i / 6) % 20 == 0)
        .map(|(_, r)| r)
        .collect();
    assert_eq!(run_rows(&sample, true, |_| true), 48);
}

#[test]
#[ignore = "deep: all 960 positions at depth 5 (about 15 billion nodes)"]
fn chess960_table_depth_5() {
    let rows = epd_rows(include_str!("data/chess960.epd"));
    assert_eq!(run_rows(&rows, true, |r| r.depth == 5), 960);
}

#[test]
#[ignore = "very deep: all 960 positions at depth 6 (about 500 billion nodes)"]
fn chess960_table_depth_6() {
    let rows = epd_rows(include_str!("data/chess960.epd"));
    assert_eq!(run_rows(&rows, true, |r| r.depth == 6), 960);
}
