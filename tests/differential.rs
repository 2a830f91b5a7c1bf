//! Differential test of the two boards on orthodox chess: the mailbox board
//! (playing fmax.ini's `normal`) and the bitboard fast path must agree on the
//! legal-move sets, perft(3), mate/stalemate verdicts and FEN round trips
//! along seeded random games.

use nightrider::bitboard::BitboardPos;
use nightrider::mailbox::MailboxPos;
use nightrider::position::perft::perft as generic_perft;
use nightrider::position::Position;
use nightrider::rules::catalog::Catalog;
use nightrider::rules::Variant;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::sync::Arc;

const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

fn chess() -> Arc<Variant> {
    let ini = Path::new(env!("CARGO_MANIFEST_DIR")).join("fmax.ini");
    let catalog = Catalog::load(Some(&ini)).unwrap();
    catalog.variant("normal").unwrap()
}

fn sorted_moves<P: Position>(pos: &mut P) -> Vec<String> {
    let moves = pos.legal_moves();
    let mut texts: Vec<String> = moves.iter().map(|&m| pos.move_to_string(m)).collect();
    texts.sort();
    texts
}

/// The bitboard reads the mailbox's FEN as its own position; with `reload`,
/// the mailbox must also read the bitboard's FEN back to the same position.
fn check_fens(bit: &BitboardPos, mail: &MailboxPos, variant: &Arc<Variant>, reload: bool) {
    let bit_fen = bit.to_fen();
    let from_mail = BitboardPos::from_fen(&mail.to_fen(), false)
        .unwrap_or_else(|e| panic!("{e}: {} vs {bit_fen}", mail.to_fen()));
    assert_eq!(from_mail.to_fen(), bit_fen, "mailbox FEN {}", mail.to_fen());
    assert_eq!(from_mail.hash(), bit.hash());
    if !reload {
        return;
    }
    let mail_again = MailboxPos::from_fen(Arc::clone(variant), &bit_fen).unwrap();
    let back = BitboardPos::from_fen(&mail_again.to_fen(), false).unwrap();
    assert_eq!(back.to_fen(), bit_fen);
    assert_eq!(back.hash(), bit.hash());
}

fn compare_game(
    fen: &str,
    variant: &Arc<Variant>,
    rng: &mut StdRng,
    plies: usize,
    reload: bool,
) -> usize {
    let mut bit = BitboardPos::from_fen(fen, false).unwrap();
    let mut mail = MailboxPos::from_fen(Arc::clone(variant), fen).unwrap();
    for ply in 0..plies {
        let bit_moves = sorted_moves(&mut bit);
        assert_eq!(
            sorted_moves(&mut mail),
            bit_moves,
            "legal moves of {}",
            bit.to_fen()
        );
        assert_eq!(mail.in_check(), bit.in_check(), "{}", bit.to_fen());
        check_fens(&bit, &mail, variant, reload);
        if ply % 4 == 0 {
            let nodes = nightrider::bitboard::perft(&mut bit, 3);
            assert_eq!(
                generic_perft(&mut mail, 3),
                nodes,
                "perft 3 of {}",
                bit.to_fen()
            );
        }
        if bit_moves.is_empty() {
            assert_eq!(
                mail.no_move_verdict(),
                bit.no_move_verdict(),
                "{}",
                bit.to_fen()
            );
            return ply;
        }
        let text = &bit_moves[rng.gen_range(0..bit_moves.len())];
        let bm = bit.parse_move(text).unwrap();
        let mm = mail.parse_move(text).unwrap();
        assert!(bit.make(bm));
        assert!(mail.make(mm), "mailbox refused {text}");
    }
    plies
}

#[test]
fn both_boards_agree_along_random_games() {
    let variant = chess();
    let mut rng = StdRng::seed_from_u64(2026);
    let mut plies = 0;
    for round in 0..12 {
        for fen in STARTS {
            plies += compare_game(fen, &variant, &mut rng, 60 + 10 * round, false);
        }
    }
    assert!(plies > 3000, "{plies} plies compared");
}

#[test]
fn mailbox_reads_bitboard_fens_with_partial_castling_rights() {
    let variant = chess();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1";
    let mut bit = BitboardPos::from_fen(fen, false).unwrap();
    let mut mail = MailboxPos::from_fen(Arc::clone(&variant), fen).unwrap();
    assert_eq!(sorted_moves(&mut mail), sorted_moves(&mut bit));
    assert_eq!(mail.to_fen(), fen);
    let mut rng = StdRng::seed_from_u64(2026);
    for fen in STARTS {
        compare_game(fen, &variant, &mut rng, 100, true);
    }
}

#[test]
fn both_boards_agree_on_mates_and_stalemates() {
    let variant = chess();
    let cases = [
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            true,
        ),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false),
        ("k7/8/1Q6/8/8/8/8/7K b - - 0 1", false),
        ("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", true),
    ];
    for (fen, mate) in cases {
        let mut bit = BitboardPos::from_fen(fen, false).unwrap();
        let mut mail = MailboxPos::from_fen(Arc::clone(&variant), fen).unwrap();
        assert!(
            bit.legal_moves().is_empty() && mail.legal_moves().is_empty(),
            "{fen}"
        );
        assert_eq!(bit.in_check(), mate);
        assert_eq!(mail.in_check(), mate);
        assert_eq!(bit.no_move_verdict(), mail.no_move_verdict(), "{fen}");
    }
}
