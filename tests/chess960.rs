//! Chess960-style castling on the mailbox board, switched on by
//! the overlay key `castling960` (variants/fischerandom.ini and
//! variants/caparandom.ini): perft against the published Chess960 suite
//! (tests/data/chess960.epd) and against Fairy-Stockfish for caparandom
//! (tests/data/caparandom-perft.tsv), differential checks against the
//! bitboard board (legal move texts, FEN), castling notation, castling
//! rights in FEN, the Chess960 numbering and shuffled arrays.

use nightrider::bitboard::BitboardPos;
use nightrider::core::Color;
use nightrider::mailbox::{chess960_back_rank, chess960_start, MailboxPos};
use nightrider::position::perft::perft;
use nightrider::position::Position;
use nightrider::rules::catalog::Catalog;
use nightrider::rules::orthodox::{classify, Orthodox};
use nightrider::rules::Variant;
use std::path::Path;
use std::sync::Arc;

fn variant(name: &str) -> Arc<Variant> {
    let ini = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini"));
    let catalog = Catalog::load(Some(ini)).expect("our fmax.ini loads");
    catalog.variant(name).expect("the variant builds")
}

fn fischer(fen: &str) -> MailboxPos {
    MailboxPos::from_fen(variant("fischerandom"), fen).unwrap()
}

/// (FEN, [(depth, nodes)]) rows of an EPD perft suite.
fn epd_rows(text: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').unwrap();
                    (
                        d.trim_start_matches('D').parse().unwrap(),
                        n.parse().unwrap(),
                    )
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

fn chess960_rows() -> Vec<(String, Vec<(u32, u64)>)> {
    epd_rows(include_str!("data/chess960.epd"))
}

/// Perft of every `step`-th suite position at depths up to `max_depth`.
fn check_suite(step: usize, max_depth: u32) -> usize {
    let v = variant("fischerandom");
    let mut checked = 0;
    for (fen, counts) in chess960_rows().iter().step_by(step) {
        let mut pos = MailboxPos::from_fen(Arc::clone(&v), fen).unwrap();
        for &(depth, nodes) in counts.iter().filter(|(d, _)| *d <= max_depth) {
            assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn fischerandom_perft_matches_the_chess960_suite_to_depth_3() {
    assert_eq!(check_suite(1, 3), 960 * 3);
}

#[test]
fn fischerandom_perft_matches_every_eighth_suite_position_at_depth_4() {
    assert_eq!(check_suite(8, 4), 120 * 4);
}

#[test]
#[ignore = "deep: the whole Chess960 suite to depth 5 (run with --ignored in release)"]
fn fischerandom_perft_matches_the_whole_chess960_suite_to_depth_5() {
    assert_eq!(check_suite(1, 5), 960 * 5);
}

/// Sorted legal move texts of any board.
fn move_texts<P: Position>(pos: &mut P) -> Vec<String> {
    let legal = pos.legal_moves();
    let mut texts: Vec<String> = legal.iter().map(|&m| pos.move_to_string(m)).collect();
    texts.sort();
    texts
}

/// A FEN without its e.p. field: the bitboard writes the square only when
/// an e.p. capture is possible, the mailbox after every double step.
fn without_ep(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields.remove(3);
    fields.join(" ")
}

#[test]
fn mailbox_and_bitboard_agree_on_moves_and_fen_along_suite_games() {
    // From every suite position, play 12 plies (always the move whose text
    // sorts at index ply % count), comparing move lists and FEN at each step.
    for (fen, _) in chess960_rows() {
        let mut mailbox = fischer(&fen);
        let mut bitboard = BitboardPos::from_fen(&fen, true).unwrap();
        for ply in 0..12 {
            let texts = move_texts(&mut mailbox);
            assert_eq!(
                texts,
                move_texts(&mut bitboard),
                "moves of {}",
                mailbox.to_fen()
            );
            assert_eq!(
                without_ep(&mailbox.to_fen()),
                without_ep(&bitboard.to_fen()),
                "FEN after {ply} plies of {fen}"
            );
            if texts.is_empty() {
                break;
            }
            let text = &texts[ply % texts.len()];
            let m = mailbox.parse_move(text).unwrap();
            assert!(mailbox.make(m));
            let b = bitboard.parse_move(text).unwrap();
            assert!(bitboard.make(b));
        }
    }
}

/// Perft rows (FEN, depth, nodes) of tests/data/caparandom-perft.tsv.
fn caparandom_rows() -> Vec<(String, u32, u64)> {
    include_str!("data/caparandom-perft.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (
                cols[0].to_string(),
                cols[1].parse().unwrap(),
                cols[2].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn caparandom_perft_matches_fairy_stockfish() {
    let v = variant("caparandom");
    let rows = caparandom_rows();
    assert_eq!(rows.len(), 7);
    for (fen, depth, nodes) in rows {
        let mut pos = MailboxPos::from_fen(Arc::clone(&v), &fen).unwrap();
        assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
    }
}

#[test]
fn castling_prints_as_o_o_and_accepts_every_gui_spelling() {
    let mut pos = fischer("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    let texts = move_texts(&mut pos);
    assert!(texts.contains(&"O-O".to_string()) && texts.contains(&"O-O-O".to_string()));
    assert!(!texts.iter().any(|t| t == "e1g1" || t == "e1b1"));
    for (text, fen) in [
        ("O-O", "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"),
        ("0-0", "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"),
        (
            "e1g1",
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1",
        ),
        (
            "O-O-O",
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1",
        ),
        (
            "e1b1",
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1",
        ),
        (
            "e1c1",
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1",
        ),
    ] {
        let mut p = pos.clone();
        let m = p.parse_move(text).unwrap();
        assert!(p.make(m), "{text}");
        assert_eq!(p.to_fen(), fen, "{text}");
    }
    assert_eq!(
        pos.parse_move("e1h1").unwrap_err().to_string(),
        "illegal move: e1h1"
    );
}

#[test]
fn a_king_move_to_the_castling_square_stays_a_king_move() {
    // King b1, rook a1: b1c1 is the plain king move, b1a1 castles (king
    // to c1, rook to d1), and O-O-O too.
    let mut pos = fischer("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1");
    let m = pos.parse_move("b1c1").unwrap();
    assert_eq!(pos.move_to_string(m), "b1c1");
    for text in ["b1a1", "O-O-O"] {
        let mut p = pos.clone();
        let m = p.parse_move(text).unwrap();
        assert_eq!(p.move_to_string(m), "O-O-O");
        assert!(p.make(m));
        assert_eq!(
            p.to_fen(),
            "rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1"
        );
    }
}

#[test]
fn castling_where_king_or_rook_stays_put() {
    // King f1, rooks d1 and h1: O-O-O leaves the rook on d1 (only the
    // king moves, to c1); O-O puts the king on g1 and the rook on f1.
    let mut pos = fischer("4k3/8/8/8/8/8/8/3R1K1R w KD - 0 1");
    let mut p = pos.clone();
    let m = p.parse_move("O-O").unwrap();
    assert!(p.make(m));
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/3R1RK1 b - - 1 1");
    let m = pos.parse_move("O-O-O").unwrap();
    assert!(pos.make(m));
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
    pos.unmake(m);
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/3R1K1R w KQ - 0 1");
}

#[test]
fn castling_is_refused_through_check_and_onto_an_exposed_square() {
    // Rook b1 would leave c1 to the a1 rook: queenside castling is illegal.
    let mut pos = fischer("4k3/8/8/8/8/8/8/rRK4R w BH - 0 1");
    assert!(pos.parse_move("O-O-O").is_err());
    assert!(pos.parse_move("O-O").is_ok());
    // A bishop on c4 attacks f1, which the king crosses.
    let mut pos = fischer("4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1");
    assert!(pos.parse_move("O-O").is_err());
    assert!(pos.parse_move("O-O-O").is_ok());
}

#[test]
fn rights_read_as_x_fen_or_shredder_and_written_as_x_fen() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let shredder = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    assert_eq!(fischer(start).to_fen(), start);
    assert_eq!(fischer(shredder).to_fen(), start);
    assert_eq!(fischer(shredder).hash(), fischer(start).hash());
    // Inner rooks: the f1 rook keeps its right while an h1 rook has none.
    let inner = "4k3/8/8/8/8/8/8/R3KR1R w Fa - 0 1";
    assert_eq!(fischer(inner).to_fen(), "4k3/8/8/8/8/8/8/R3KR1R w F - 0 1");
    let both = "r3kr1r/8/8/8/8/8/8/R3KR1R w FAfa - 0 1";
    assert_eq!(
        fischer(both).to_fen(),
        "r3kr1r/8/8/8/8/8/8/R3KR1R w FQfq - 0 1"
    );
    let outer = "r3kr1r/8/8/8/8/8/8/R3KR1R w HAh - 0 1";
    assert_eq!(
        fischer(outer).to_fen(),
        "r3kr1r/8/8/8/8/8/8/R3KR1R w KQk - 0 1"
    );
    for fen in [inner, both, outer] {
        let written = fischer(fen).to_fen();
        assert_eq!(fischer(&written).to_fen(), written);
        assert_eq!(fischer(&written).hash(), fischer(fen).hash());
    }
}

#[test]
fn caparandom_rights_and_castling_squares() {
    let v = variant("caparandom");
    let fen = "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w JAja - 0 1";
    let mut pos = MailboxPos::from_fen(Arc::clone(&v), fen).unwrap();
    assert_eq!(
        pos.to_fen(),
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1"
    );
    let m = pos.parse_move("O-O").unwrap();
    assert!(pos.make(m));
    assert_eq!(
        pos.to_fen(),
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq - 1 1"
    );
    let m = pos.parse_move("e8a8").unwrap();
    assert_eq!(pos.move_to_string(m), "O-O-O");
    assert!(pos.make(m));
    assert_eq!(
        pos.to_fen(),
        "2kr5r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 w - - 2 2"
    );
}

#[test]
fn chess960_numbering_follows_the_standard_scheme() {
    assert_eq!(chess960_back_rank(518), "RNBQKBNR");
    assert_eq!(chess960_back_rank(0), "BBQNNRKR");
    assert_eq!(chess960_back_rank(959), "RKRNNQBB");
    assert_eq!(chess960_back_rank(1), "BQNBNRKR");
    assert_eq!(
        chess960_start(518),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let mut all: Vec<String> = (0..960).map(chess960_back_rank).collect();
    for rank in &all {
        let file = |c: char| rank.find(c).unwrap();
        let bishops: Vec<usize> = rank.match_indices('B').map(|(i, _)| i).collect();
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "{rank}");
        assert!(file('R') < file('K') && file('K') < rank.rfind('R').unwrap());
    }
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 960);
}

#[test]
fn numbered_starts_perft_as_on_the_bitboard() {
    // The suite's positions are from later in the game; the numbered start
    // positions are checked against the bitboard, which reads the same FEN.
    let v = variant("fischerandom");
    for n in (0..960).step_by(37) {
        let fen = chess960_start(n);
        let mut pos = MailboxPos::from_fen(Arc::clone(&v), &fen).unwrap();
        let mut board = BitboardPos::from_fen(&fen, true).unwrap();
        assert_eq!(perft(&mut pos, 3), perft(&mut board, 3), "{fen}");
        assert_eq!(pos.to_fen(), fen);
    }
}

#[test]
fn shuffled_starts_are_seeded_and_legal() {
    let fischer_v = variant("fischerandom");
    let pos = MailboxPos::shuffled(Arc::clone(&fischer_v), 518);
    assert_eq!(pos.to_fen(), chess960_start(518));
    assert_eq!(
        MailboxPos::shuffled(Arc::clone(&fischer_v), 960 + 7).to_fen(),
        chess960_start(7)
    );
    let capa = variant("caparandom");
    let mut seen = Vec::new();
    for seed in 0..20 {
        let pos = MailboxPos::shuffled(Arc::clone(&capa), seed);
        let fen = pos.to_fen();
        assert_eq!(fen, MailboxPos::shuffled(Arc::clone(&capa), seed).to_fen());
        let rank = fen
            .split('/')
            .nth(7)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string();
        let black = fen.split('/').next().unwrap();
        assert_eq!(black, rank.to_ascii_lowercase(), "black mirrors white");
        let bishops: Vec<usize> = rank.match_indices('B').map(|(i, _)| i).collect();
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "{fen}");
        let king = rank.find('K').unwrap();
        assert!(rank.find('R').unwrap() < king && king < rank.rfind('R').unwrap());
        assert!(fen.contains(" w KQkq - 0 1"), "{fen}");
        for file in 0..10 {
            assert!(
                pos.attacked(6 * 16 + file, Color::White),
                "pawn {file} of {fen}"
            );
        }
        seen.push(rank);
    }
    seen.sort();
    seen.dedup();
    assert!(seen.len() > 15, "20 seeds gave only {} arrays", seen.len());
}

#[test]
fn the_variants_are_recognised_as_chess960_or_not_orthodox() {
    assert_eq!(classify(&variant("fischerandom")), Some(Orthodox::Chess960));
    assert_eq!(classify(&variant("caparandom")), None);
    assert_eq!(classify(&variant("normal")), Some(Orthodox::Chess));
}
