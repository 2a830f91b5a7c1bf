//! Bitboard board behaviour beyond perft: Polyglot keys (published values and
//! incremental = from scratch over seeded random games), FEN round trips and
//! errors, random-byte FEN fuzzing, move notation, verdicts and `GenKind`.

use nightrider::bitboard::{BitboardPos, Move};
use nightrider::core::Verdict;
use nightrider::position::{GenKind, Position, TextError};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn pos(fen: &str) -> BitboardPos {
    BitboardPos::from_fen(fen, false).unwrap()
}

fn play(p: &mut BitboardPos, text: &str) -> Move {
    let m = p.parse_move(text).unwrap();
    assert!(p.make(m));
    m
}

#[test]
fn polyglot_keys_of_the_published_positions() {
    let cases: [(&str, u64); 9] = [
        ("", 0x463b_9618_1691_fc9c),
        ("e2e4", 0x823c_9b50_fd11_4196),
        ("e2e4 d7d5", 0x0756_b944_61c5_0fb0),
        ("e2e4 d7d5 e4e5", 0x662f_afb9_65db_29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a4_8b5a_8e47_ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a_607c_a3f2_42c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fd_d303_c946_bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c81_23ea_7b06_7637),
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f_9b82_9b27_9560),
    ];
    for (moves, key) in cases {
        let mut p = BitboardPos::startpos();
        for text in moves.split_whitespace() {
            play(&mut p, text);
        }
        assert_eq!(p.polyglot_key(), key, "after '{moves}'");
        assert_eq!(p.hash(), key);
        assert_eq!(pos(&p.fen()).hash(), key, "from the FEN of '{moves}'");
    }
}

#[test]
fn en_passant_is_hashed_only_when_a_pawn_can_capture() {
    let mut p = BitboardPos::startpos();
    play(&mut p, "e2e4");
    assert!(p.fen().contains(" b KQkq - "), "{}", p.fen());
    let with_ep = pos("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    let without = pos("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    assert_ne!(with_ep.hash(), without.hash());
    // The square is dropped when no pawn could take.
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").hash(),
        0x823c_9b50_fd11_4196
    );
}

/// Plays a seeded random game from `fen`, checking keys and FEN round trips
/// after every ply, then unmakes everything. Returns the number of plies.
fn random_game(fen: &str, chess960: bool, rng: &mut StdRng, max_plies: usize) -> usize {
    let mut p = BitboardPos::from_fen(fen, chess960).unwrap();
    let start_fen = p.fen();
    let start_key = p.hash();
    let mut played: Vec<Option<Move>> = Vec::new();
    for _ in 0..max_plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        if !p.in_check() && rng.gen_range(0..20) == 0 {
            p.make_null();
            played.push(None);
        } else {
            let m = moves[rng.gen_range(0..moves.len())];
            assert!(p.make(m));
            played.push(Some(m));
        }
        assert_eq!(
            p.hash(),
            p.compute_key(),
            "incremental key after {}",
            p.fen()
        );
        let again = BitboardPos::from_fen(&p.fen(), chess960).unwrap();
        assert_eq!(again.fen(), p.fen());
        assert_eq!(again.hash(), p.hash(), "{}", p.fen());
        assert_eq!(again.count_legal(), p.count_legal());
        let shredder = BitboardPos::from_fen(&p.shredder_fen(), chess960).unwrap();
        assert_eq!(shredder.fen(), p.fen());
    }
    for m in played.iter().rev() {
        match m {
            Some(m) => p.unmake(*m),
            None => p.unmake_null(),
        }
        assert_eq!(p.hash(), p.compute_key());
    }
    assert_eq!(p.fen(), start_fen);
    assert_eq!(p.hash(), start_key);
    played.len()
}

#[test]
fn incremental_keys_equal_scratch_keys_in_random_games() {
    let mut rng = StdRng::seed_from_u64(0x5EED);
    let starts = [
        (START, false),
        (KIWIPETE, false),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            false,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            true,
        ),
        (
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            true,
        ),
        (
            "1rqbkrbn/pppppppp/1n6/8/8/1N6/PPPPPPPP/1RQBKRBN w FBfb - 0 1",
            true,
        ),
    ];
    let mut plies = 0;
    for round in 0..12 {
        for &(fen, chess960) in &starts {
            plies += random_game(fen, chess960, &mut rng, 80 + 20 * (round % 4));
        }
    }
    assert!(plies > 5000, "only {plies} plies");
}

#[test]
fn bad_fens_are_refused_with_a_reason() {
    let cases = [
        ("", "empty FEN"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "FEN board has 7 ranks, not 8",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 6 of the FEN is too long",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 7 of the FEN has 7 squares, not 8",
        ),
        (
            "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "bad empty-square count 0 in rank 6",
        ),
        (
            "rnbqkbnX/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "bad piece letter 'X' in FEN",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "bad side to move 'x' in FEN",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "FEN has no side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            "white has 0 kings, not 1",
        ),
        (
            "rnbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "black has 2 kings, not 1",
        ),
        (
            "Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1",
            "pawn on the first or last rank",
        ),
        (
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            "the side not to move is in check",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
            "bad castling letter 'x' in FEN",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
            "bad en passant square 'z9' in FEN",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e4 0 1",
            "en passant square e4 is on the wrong rank",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            "en passant square e6 without a pawn that just advanced two squares",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "bad halfmove clock 'x' in FEN",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
            "bad fullmove number '-3' in FEN",
        ),
    ];
    for (fen, message) in cases {
        assert_eq!(
            BitboardPos::from_fen(fen, false).unwrap_err(),
            TextError::Fen(message.to_string()),
            "{fen}"
        );
    }
    let mut p = BitboardPos::startpos();
    assert!(p.set_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
    assert_eq!(
        p.to_fen(),
        START,
        "a refused FEN leaves the position unchanged"
    );
}

#[test]
fn castling_letters_naming_no_usable_rook_are_ignored() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "4k3/8/8/8/8/8/8/5K1R w K - 0 1",
        "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w E - 0 1",
    ] {
        let (board, _) = fen.split_once(' ').unwrap();
        assert_eq!(pos(fen).fen(), format!("{board} w - - 0 1"));
    }
    // A king-file letter next to real rights (as gating-style writers emit) is dropped.
    assert_eq!(
        pos("r3k2r/8/8/8/8/8/8/R3K2R w Ke - 0 1").fen(),
        "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1"
    );
}

#[test]
fn fen_fields_after_the_side_are_optional_and_normalised() {
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 b").fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        pos("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 3 40").fen(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 40"
    );
    let frc = BitboardPos::from_fen("1r4kr/8/8/8/8/8/8/1R2R1KR w HEhb - 0 1", true).unwrap();
    assert_eq!(
        frc.fen(),
        "1r4kr/8/8/8/8/8/8/1R2R1KR w KEkq - 0 1",
        "X-FEN names a rook only when an outer one exists"
    );
    let again = BitboardPos::from_fen(&frc.fen(), true).unwrap();
    assert_eq!(again.hash(), frc.hash());
    assert_eq!(frc.shredder_fen(), "1r4kr/8/8/8/8/8/8/1R2R1KR w HEhb - 0 1");
    assert_eq!(
        BitboardPos::startpos().shredder_fen(),
        START.replace("KQkq", "HAha")
    );
    let shredder = BitboardPos::from_fen(&frc.shredder_fen(), true).unwrap();
    assert_eq!(shredder.fen(), frc.fen());
}

#[test]
fn random_bytes_and_mutated_fens_never_panic() {
    let mut rng = StdRng::seed_from_u64(77);
    let alphabet = b"pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0x9";
    let seeds = [
        START,
        KIWIPETE,
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];
    let mut accepted = 0;
    for i in 0..20_000 {
        let text = if i % 2 == 0 {
            let len = rng.gen_range(0..90);
            let bytes: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            let mut bytes = seeds[i % 3].as_bytes().to_vec();
            for _ in 0..rng.gen_range(1..4) {
                let at = rng.gen_range(0..bytes.len());
                bytes[at] = alphabet[rng.gen_range(0..alphabet.len())];
            }
            String::from_utf8_lossy(&bytes).into_owned()
        };
        for chess960 in [false, true] {
            if let Ok(p) = BitboardPos::from_fen(&text, chess960) {
                accepted += 1;
                let again = BitboardPos::from_fen(&p.fen(), chess960).unwrap();
                assert_eq!(again.fen(), p.fen());
                assert_eq!(again.count_legal(), p.count_legal());
            }
        }
    }
    assert!(
        accepted > 100,
        "mutations should sometimes stay valid ({accepted})"
    );
}

#[test]
fn coordinate_moves_parse_and_print() {
    let mut p = BitboardPos::startpos();
    for text in ["e2e4", "e2-e4", "e2e4+"] {
        let m = p.parse_move(text).unwrap();
        assert_eq!(p.move_to_string(m), "e2e4");
    }
    assert_eq!(
        p.parse_move("e2e5"),
        Err(TextError::IllegalMove("e2e5".into()))
    );
    assert_eq!(
        p.parse_move("hello"),
        Err(TextError::NotAMove("hello".into()))
    );
    assert_eq!(
        p.parse_move("O-O"),
        Err(TextError::IllegalMove("O-O".into()))
    );

    let mut promo = pos("7k/P7/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(
        promo.parse_move("a7a8"),
        Err(TextError::IllegalMove("a7a8".into()))
    );
    let m = promo.parse_move("a7a8=N").unwrap();
    assert_eq!(promo.move_to_string(m), "a7a8n");
    assert!(promo.is_promotion(m));
    assert_eq!(promo.legal_moves().len(), 4 + 3);
}

#[test]
fn orthodox_castling_accepts_king_move_king_takes_rook_and_o_o() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = p.parse_move("e1g1").unwrap();
    assert_eq!(p.parse_move("O-O").unwrap(), short);
    assert_eq!(p.parse_move("e1h1").unwrap(), short);
    assert_eq!(p.move_to_string(short), "e1g1");
    let long = p.parse_move("0-0-0").unwrap();
    assert_eq!(p.move_to_string(long), "e1c1");
    assert!(!p.is_capture(short));
    assert!(p.make(long));
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    p.unmake(long);
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

#[test]
fn chess960_castling_notation() {
    let mut p = BitboardPos::from_fen("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", true).unwrap();
    let short = p.parse_move("O-O").unwrap();
    assert_eq!(p.parse_move("g1h1").unwrap(), short, "king takes rook");
    assert_eq!(p.move_to_string(short), "O-O");
    let long = p.parse_move("O-O-O").unwrap();
    assert_eq!(p.parse_move("g1b1").unwrap(), long);
    assert_eq!(p.move_to_string(long), "O-O-O");
    assert!(p.make(short));
    assert_eq!(p.to_fen(), "1r4kr/8/8/8/8/8/8/1R3RK1 b kq - 1 1");
    // The f1 rook now covers f8, which the black king would cross to reach c8.
    assert_eq!(
        p.parse_move("O-O-O"),
        Err(TextError::IllegalMove("O-O-O".into()))
    );
    let reply = p.parse_move("O-O").unwrap();
    assert!(p.make(reply));
    assert_eq!(p.to_fen(), "1r3rk1/8/8/8/8/8/8/1R3RK1 w - - 2 2");
    assert_eq!(p.hash(), p.compute_key());
}

#[test]
fn verdicts_and_move_values() {
    let mut mated = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(mated.legal_moves().is_empty());
    assert!(mated.in_check());
    assert_eq!(mated.no_move_verdict(), Verdict::Loss);
    let mut stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(stalemate.legal_moves().is_empty());
    assert_eq!(stalemate.no_move_verdict(), Verdict::Draw);
    assert_eq!(stalemate.rule_verdict(), None);

    let mut k = pos(KIWIPETE);
    let nxf7 = k.parse_move("e5f7").unwrap();
    assert!(k.is_capture(nxf7));
    assert_eq!((k.captured_value(nxf7), k.mover_value(nxf7)), (100, 325));
    let qxf6 = k.parse_move("f3f6").unwrap();
    assert_eq!((k.captured_value(qxf6), k.mover_value(qxf6)), (325, 950));
    let mut ep = pos("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    let dxe3 = ep.parse_move("d4e3").unwrap();
    assert!(ep.is_capture(dxe3));
    assert_eq!(ep.captured_value(dxe3), 100);
    assert!(ep.make(dxe3));
    assert_eq!(
        ep.to_fen(),
        "rnbqkbnr/ppp1pppp/8/8/8/4p3/PPPP1PPP/RNBQKBNR w KQkq - 0 4"
    );
}

#[test]
fn captures_and_quiets_partition_all_moves() {
    for fen in [
        KIWIPETE,
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ] {
        let p = pos(fen);
        let (mut all, mut caps, mut quiets) = (Vec::new(), Vec::new(), Vec::new());
        p.generate(GenKind::All, &mut all);
        p.generate(GenKind::Captures, &mut caps);
        p.generate(GenKind::Quiets, &mut quiets);
        assert!(caps.iter().all(|&m| p.is_capture(m) || p.is_promotion(m)));
        assert!(quiets
            .iter()
            .all(|&m| !p.is_capture(m) && !p.is_promotion(m)));
        let mut joined: Vec<Move> = caps.iter().chain(quiets.iter()).copied().collect();
        joined.sort();
        all.sort();
        assert_eq!(joined, all, "{fen}");
    }
    assert_eq!(
        pos(KIWIPETE)
            .legal_moves()
            .iter()
            .filter(|&&m| pos(KIWIPETE).is_capture(m))
            .count(),
        8
    );
}

#[test]
fn moves_are_two_bytes_and_survive_their_raw_encoding() {
    assert_eq!(std::mem::size_of::<Option<Move>>(), 2);
    let mut p = pos("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
    for m in p.legal_moves() {
        assert_eq!(Move::from_raw(m.raw()), Some(m));
    }
    assert_eq!(Move::from_raw(0), None);
    assert_eq!(Move::from_raw(0x0123), None);
}

#[test]
fn bulk_counts_equal_list_lengths() {
    let record = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
    let crowded = "1q1qq1qk/q3q3/2q4q/q7/2q4q/1qqq1qqq/PP6/KN6 b - - 0 1";
    for fen in [
        record,
        crowded,
        KIWIPETE,
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ] {
        let mut p = pos(fen);
        let listed = p.legal_moves().len() as u64;
        assert_eq!(p.count_legal(), listed, "{fen}");
    }
    assert_eq!(
        pos(record).count_legal(),
        218,
        "the most moves a legal position has"
    );
    assert_eq!(pos(crowded).count_legal(), 198);
}

#[test]
fn is_legal_accepts_exactly_the_generated_moves() {
    let mut rng = StdRng::seed_from_u64(99);
    for fen in [
        KIWIPETE,
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let mut p = pos(fen);
        for _ in 0..60 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut accepted = 0;
            for raw in 0x8000..=0xFFFFu16 {
                let m = Move::from_raw(raw).unwrap();
                if p.is_legal(m) {
                    assert!(moves.contains(&m), "{m:?} in {}", p.fen());
                    accepted += 1;
                }
            }
            assert_eq!(accepted, moves.len(), "{}", p.fen());
            let m = moves[rng.gen_range(0..moves.len())];
            p.make(m);
        }
    }
}
