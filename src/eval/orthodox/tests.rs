//! Tests of the orthodox evaluation: symmetry, endgame judgements, the pawn
//! hash table and the agreement of the tuner's trace with the engine.

use super::endgame::{insufficient_material, special, KNOWN_WIN};
use super::params::Pair;
use super::*;
use crate::position::Position;

fn pos(fen: &str) -> BitboardPos {
    BitboardPos::from_fen(fen, false).unwrap()
}

/// The hand-written evaluation, the one these tests are about (the
/// network built in corrects it; `eval::network`'s tests cover that).
fn eval(fen: &str) -> Score {
    hand_written_score(&pos(fen))
}

/// The colour-flipped FEN: ranks reversed, cases swapped, side swapped.
fn mirror(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|r| r.chars().map(swap).collect())
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut castle: Vec<char> = fields[2].chars().map(swap).collect();
    castle.sort_unstable();
    let castle: String = castle.into_iter().collect();
    let ep = if fields[3] == "-" {
        "-".to_string()
    } else {
        let b = fields[3].as_bytes();
        format!("{}{}", b[0] as char, (b'1' + b'8' - b[1]) as char)
    };
    format!("{} {side} {castle} {ep} 0 1", board.join("/"))
}

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/5k2/8/2b5/8/3B4/2P1K3/8 w - - 0 1",
    "2r3k1/1P3ppp/8/3N4/8/8/5PPP/6K1 b - - 0 1",
];

#[test]
fn mirrored_positions_score_equal_and_opposite() {
    for fen in FENS {
        let p = pos(fen);
        let m = pos(&mirror(fen));
        assert_eq!(white_score(&p), -white_score(&m), "{fen}");
        assert_eq!(p.evaluate(), m.evaluate(), "{fen}");
    }
}

#[test]
fn start_position_is_tempo_only() {
    let tempo = tuned::WEIGHTS[params::TEMPO];
    assert_eq!(eval(FENS[0]), tempo.0);
}

#[test]
fn material_and_passed_pawns_count() {
    assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 900);
    assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -900);
    let far = eval("4k3/P7/8/8/8/8/2p5/4K3 w - - 0 1");
    let home = eval("4k3/8/8/8/8/8/P1p5/4K3 w - - 0 1");
    assert!(far > home + 80, "{far} {home}");
}

#[test]
fn insufficient_material_is_a_draw() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2N1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 b - - 0 1",
        "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",
        "1nn1k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/3b4/8/8/8/8/2N1K3 w - - 0 1",
    ] {
        assert!(insufficient_material(&pos(fen)), "{fen}");
        assert_eq!(eval(fen), 0, "{fen}");
    }
    for fen in [
        "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2BBK3 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3RK3 w - - 0 1",
    ] {
        assert!(!insufficient_material(&pos(fen)), "{fen}");
    }
}

#[test]
fn kbnk_drives_the_king_to_the_bishops_corner() {
    // Dark-squared bishop (c1): a1 and h8 are the mating corners.
    let right = special(&pos("7k/8/5K2/8/8/8/8/2B1N3 w - - 0 1")).unwrap();
    let wrong = special(&pos("k7/8/2K5/8/8/8/8/2B1N3 w - - 0 1")).unwrap();
    let centre = special(&pos("8/8/8/3k4/8/5K2/8/2B1N3 w - - 0 1")).unwrap();
    assert_eq!(right, KNOWN_WIN + 40 * 7 + 10 * 5);
    assert!(right > wrong && right > centre, "{right} {wrong} {centre}");
    assert!(wrong > KNOWN_WIN && centre > KNOWN_WIN);
    // The same for black, from white's view.
    let black = special(&pos("2b1n3/8/8/8/8/5k2/8/7K b - - 0 1")).unwrap();
    assert_eq!(black, -(KNOWN_WIN + 40 * 7 + 10 * 5));
}

#[test]
fn kpk_rule_of_the_square_and_key_squares() {
    // The black king is outside the square of the a-pawn: won.
    let run = special(&pos("8/8/8/8/P7/8/7k/4K3 b - - 0 1")).unwrap();
    assert!(run >= KNOWN_WIN, "{run}");
    // Inside the square with the move (it reaches a8's square): not decided by the square,
    // and the defender stands in front of the rook pawn: a draw.
    assert_eq!(special(&pos("k7/8/8/8/P7/8/8/4K3 w - - 0 1")), Some(0));
    // King on a key square (d6 for a d4 pawn): won even with the defender near.
    let key = special(&pos("4k3/8/3K4/8/3P4/8/8/8 b - - 0 1")).unwrap();
    assert!(key >= KNOWN_WIN, "{key}");
    // Defender in front, attacker behind its pawn: left to the evaluation.
    assert_eq!(special(&pos("3k4/8/8/8/3P4/3K4/8/8 w - - 0 1")), None);
    // Black's pawn, mirrored: the same judgement with the sign reversed.
    let black = special(&pos("8/8/3p4/8/3k4/8/8/4K3 w - - 0 1")).unwrap();
    assert!(black <= -KNOWN_WIN, "{black}");
}

#[test]
fn drawish_material_is_scaled_down() {
    // Opposite-coloured bishops with a pawn more: much less than a pawn.
    let ocb = eval("8/5k2/8/2b5/8/3B4/2P1K3/8 w - - 0 1");
    let same = eval("8/5k2/8/3b4/8/3B4/2P1K3/8 w - - 0 1");
    assert!(ocb < same, "{ocb} {same}");
    // A rook against a bishop, no pawns: a small edge only.
    let rook_bishop = eval("4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1");
    let rook = eval("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
    assert!(rook_bishop < 100 && rook > 450, "{rook_bishop} {rook}");
    // A knight cannot win against pawns.
    let knight = eval("4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1");
    assert!(knight <= 10, "{knight}");
}

#[test]
fn pawn_hash_hit_equals_fresh_computation() {
    for fen in FENS {
        let p = pos(fen);
        let pawns = pawn_pair(&p);
        let first = pawns::probe(pawns);
        let second = pawns::probe(pawns);
        assert!(second.1, "{fen}: the second probe hits");
        assert_eq!(second.0, pawns::compute_entry(pawns), "{fen}");
        assert_eq!(first.0, second.0, "{fen}");
    }
}

#[test]
fn trace_times_weights_is_the_evaluation() {
    for fen in FENS {
        let p = pos(fen);
        let (trace, phase, scale) = trace(&p).unwrap();
        let mut sum = Pair::default();
        for (c, w) in trace.0.iter().zip(tuned::WEIGHTS.iter()) {
            sum += Pair(c * w.0, c * w.1);
        }
        assert_eq!(blend(sum, phase, scale), white_score(&p), "{fen}");
    }
}

#[test]
fn pawn_structure_terms() {
    use super::params::{Trace, BACKWARD, CANDIDATE, DOUBLED, ISOLATED, PASSED};
    let count = |fen: &str, index: usize| {
        let mut t = Trace::default();
        pawns::pawn_terms(pawn_pair(&pos(fen)), &mut t);
        t.0[index]
    };
    // White: all four isolated, c2+c3 doubled (c2 behind), e5 passed.
    let fen = "4k3/8/8/4P3/8/2P5/P1P5/4K3 w - - 0 1";
    assert_eq!(count(fen, ISOLATED), 4);
    assert_eq!(count(fen, DOUBLED), 1);
    assert_eq!(count(fen, PASSED + 4), 1);
    // d3 is backward: no pawn beside or behind it, its stop square d4 is hit by e5.
    let fen = "4k3/8/8/4p3/8/2PP4/8/4K3 w - - 0 1";
    assert_eq!(count(fen, BACKWARD), 0);
    let fen = "4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1";
    assert_eq!(count(fen, BACKWARD), 1);
    // c4 is a candidate: open file ahead, d4 beside it against the one sentry d6.
    let fen = "4k3/8/3p4/8/2PP4/8/8/4K3 w - - 0 1";
    assert_eq!(count(fen, CANDIDATE + 3), 1);
}

#[test]
fn null_move_needs_a_piece() {
    let mut p = BitboardPos::startpos();
    assert!(p.null_move_allowed());
    p.set_fen("4k3/pppp4/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
    assert!(!p.null_move_allowed());
    p.set_fen("4k3/pppp4/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert!(p.null_move_allowed());
}
