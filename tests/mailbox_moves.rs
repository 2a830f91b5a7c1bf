//! Hand-built positions for rules no reference engine checks: falcon paths,
//! cylinder wrap, hoppers, lame leapers, bent and limited-range riders, big
//! boards, long castling, duple check, multi-step e.p., promotion choices,
//! and FEN robustness (bad FENs give one-line errors, random text never
//! panics).

use nightrider::mailbox::MailboxPos;
use nightrider::position::Position;
use nightrider::rules::catalog::Catalog;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::Path;

fn shipped() -> Catalog {
    Catalog::load(Some(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fmax.ini"
    ))))
    .unwrap()
}

/// The legal moves of `fen` in `variant`, as XBoard coordinate texts.
fn legal(catalog: &Catalog, variant: &str, fen: &str) -> Vec<String> {
    let v = catalog.variant(variant).unwrap();
    let mut pos = MailboxPos::from_fen(v, fen).unwrap();
    let moves = pos.legal_moves();
    moves.iter().map(|&m| pos.move_to_string(m)).collect()
}

fn has(moves: &[String], m: &str) -> bool {
    moves.iter().any(|x| x == m)
}

/// A test game with the fairy pieces of fmax.ini's piece catalogue.
const FAIRY_INI: &str = "version 4.8(w)
8x8
6 4 5 7 3 5 4 6
6 4 5 7 3 5 4 6
p:100 -16,24 -16,6 -15,5 -17,5
p:100 16,24 16,6 15,5 17,5
k:-1 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
n:300 14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7
b:300 15,3 17,3 -15,3 -17,3
R:500 1,3 16,3 -1,3 -16,3
Q:900 1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3

// test pieces
Game: testfairy
8x8
6 4 5 7 3 5 4 6
6 4 5 7 3 5 4 6
p:100 -16,24 -16,6 -15,5 -17,5
p:100 16,24 16,6 15,5 17,5
k:-1 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
G:200 1,F8 16,F8 15,F8 17,F8 -1,F8 -16,F8 -15,F8 -17,F8
C:400 1,BA 16,BA -1,BA -16,BA
H:300 16,1070 16,1F070 1,10070 1,FFFF0070 -16,1070 -16,1F070 -1,10070 -1,FFFF0070
Q:900 1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3
F:830 17,1003 15,1F003 -15,1003 -17,1F003 17,10003 -15,FFFF0003 -17,10003 15,FFFF0003
D:425 1,843 16,843 -1,843 -16,843

// a board as big as the format allows
Game: huge
16x16
8 5 5 5 5 5 5 5 3 5 5 5 5 5 5 8
8 5 5 5 5 5 5 5 4 5 5 5 5 5 5 8
p:100 -16,24 -16,6 -15,5 -17,5
p:100 16,24 16,6 15,5 17,5
k:-1 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
k:-1 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
n:300 14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7
b:300 15,3 17,3 -15,3 -17,3
Q:900 1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3
R:500 1,3 16,3 -1,3 -16,3
// end
";

fn fairy() -> Catalog {
    Catalog::from_text(FAIRY_INI, "test.ini", &[])
}

#[test]
fn falcon_needs_one_of_its_three_paths_open() {
    let c = shipped();
    let base = |blocks: &str| format!("k9/10/10/{blocks}/4F5/10/10/K9 w - - 0 1");
    // e4 to f7: paths e5-e6, e5-f6, f5-f6 (rank 5 holds the blockers).
    let open = legal(&c, "falcon", &base("10"));
    assert!(has(&open, "e4f7"), "{open:?}");
    assert_eq!(open.iter().filter(|m| m.starts_with("e4")).count(), 16);
    let e5_only = legal(&c, "falcon", &base("4P5"));
    assert!(has(&e5_only, "e4f7"), "path f5-f6 is still open");
    let e5_and_f5 = legal(&c, "falcon", &base("4PP4"));
    assert!(!has(&e5_and_f5, "e4f7"), "all three paths are blocked");
}

#[test]
fn falcon_blocked_by_squares_on_two_ranks() {
    let c = shipped();
    // e5 and f6 blocked: e5-e6 and e5-f6 use e5, f5-f6 uses f6.
    let both = legal(&c, "falcon", "k9/10/5P4/4P5/4F5/10/10/K9 w - - 0 1");
    assert!(!has(&both, "e4f7"), "{both:?}");
    let f6_only = legal(&c, "falcon", "k9/10/5P4/10/4F5/10/10/K9 w - - 0 1");
    assert!(has(&f6_only, "e4f7"), "path e5-e6 is open: {f6_only:?}");
}

#[test]
fn cylinder_pieces_wrap_around_the_side_edges() {
    let c = shipped();
    let moves = legal(&c, "cylinder", "4k3/8/8/8/RP5p/8/8/N3K3 w - - 0 1");
    assert!(
        has(&moves, "a4h4"),
        "rook captures across the edge: {moves:?}"
    );
    assert!(has(&moves, "a1h3"), "knight wraps: {moves:?}");
    assert!(has(&moves, "a1g2"), "knight wraps two files: {moves:?}");
    let plain = legal(&c, "normal", "4k3/8/8/8/RP5p/8/8/N3K3 w - - 0 1");
    assert!(!has(&plain, "a4h4") && !has(&plain, "a1h3"));
}

#[test]
fn grasshopper_lands_right_behind_its_hurdle() {
    let c = fairy();
    let moves = legal(&c, "testfairy", "4k3/8/3p4/8/3G4/8/8/4K3 w - - 0 1");
    assert!(has(&moves, "d4d7"), "{moves:?}");
    assert!(!has(&moves, "d4d5") && !has(&moves, "d4d6") && !has(&moves, "d4d8"));
    let own = legal(&c, "testfairy", "4k3/3P4/3p4/8/3G4/8/8/4K3 w - - 0 1");
    assert!(!has(&own, "d4d7"), "own piece on the landing square");
    let capture = legal(&c, "testfairy", "4k3/3q4/3P4/8/3G4/8/8/4K3 w - - 0 1");
    assert!(has(&capture, "d4d7"), "captures behind an own hurdle");
}

#[test]
fn cannon_moves_like_a_rook_and_captures_over_a_screen() {
    let c = fairy();
    let moves = legal(&c, "testfairy", "4k3/3q4/8/3p4/8/8/3C4/4K3 w - - 0 1");
    assert!(has(&moves, "d2d4") && has(&moves, "d2a2"));
    assert!(!has(&moves, "d2d5"), "no plain capture");
    assert!(
        has(&moves, "d2d7"),
        "capture over the screen on d5: {moves:?}"
    );
    assert!(!has(&moves, "d2d6"), "no quiet move after the screen");
}

#[test]
fn lame_horse_is_blocked_at_its_leg() {
    let c = fairy();
    let free = legal(&c, "testfairy", "4k3/8/8/8/8/8/8/1H2K3 w - - 0 1");
    assert!(has(&free, "b1a3") && has(&free, "b1c3") && has(&free, "b1d2"));
    let blocked = legal(&c, "testfairy", "4k3/8/8/8/8/8/1P6/1H2K3 w - - 0 1");
    assert!(
        !has(&blocked, "b1a3") && !has(&blocked, "b1c3"),
        "{blocked:?}"
    );
    assert!(has(&blocked, "b1d2"), "the sideways leg is free");
}

#[test]
fn griffon_turns_after_one_diagonal_step() {
    let c = fairy();
    let moves = legal(&c, "testfairy", "4k3/8/8/8/8/8/8/F3K3 w - - 0 1");
    assert!(has(&moves, "a1b2"), "first diagonal step");
    assert!(
        has(&moves, "a1b8") && has(&moves, "a1h2"),
        "then outward along file and rank: {moves:?}"
    );
    assert!(!has(&moves, "a1c3"), "no second diagonal step");
}

#[test]
fn range_four_rook_stops_after_four_squares() {
    let c = fairy();
    let moves = legal(&c, "testfairy", "4k3/8/8/8/8/8/8/D3K3 w - - 0 1");
    assert!(has(&moves, "a1a5"));
    assert!(!has(&moves, "a1a6"), "{moves:?}");
}

#[test]
fn sixteen_by_sixteen_board_uses_all_files_and_ranks() {
    let c = fairy();
    let fen = "8k7/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R7K6R w - - 0 1";
    let moves = legal(&c, "huge", fen);
    assert!(has(&moves, "a1a16"), "{moves:?}");
    assert!(has(&moves, "p1p16") && has(&moves, "p1j1"));
    let v = c.variant("huge").unwrap();
    let start = MailboxPos::new(v);
    assert_eq!(start.to_fen(), "rnnnnnnnknnnnnnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNNNNNNNKNNNNNNR w - - 0 1");
}

/// Random games of `variant`: every move's history index stays below the
/// board's count, and its captured kind is in range and set for captures
/// only. Returns the count.
fn check_history_indices(catalog: &Catalog, variant: &str, seed: u64) -> usize {
    use nightrider::position::CAPTURED_KINDS;
    let mut rng = StdRng::seed_from_u64(seed);
    let v = catalog.variant(variant).unwrap();
    let mut pos = MailboxPos::new(v);
    let indices = pos.history_indices();
    for _ in 0..400 {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.rule_verdict().is_some() {
            break;
        }
        for &m in &moves {
            let text = pos.move_to_string(m);
            assert!(pos.history_index(m) < indices, "{variant} {text}");
            let kind = pos.captured_kind(m);
            assert!(kind < CAPTURED_KINDS, "{variant} {text}");
            assert_eq!(kind > 0, pos.is_capture(m), "{variant} {text}");
        }
        let captures: Vec<_> = moves.iter().filter(|&&m| pos.is_capture(m)).collect();
        let m = match captures.first() {
            Some(&&c) if rng.gen_bool(0.5) => c,
            _ => moves[rng.gen_range(0..moves.len())],
        };
        assert!(pos.make(m));
    }
    indices
}

#[test]
fn history_indices_stay_in_range_on_a_sixteen_by_sixteen_board() {
    // The piece types (at least six, at most 15) times the squares.
    let huge = check_history_indices(&fairy(), "huge", 1);
    assert!(
        huge.is_multiple_of(256) && (6..=15).contains(&(huge / 256)),
        "{huge}"
    );
    let c = shipped();
    let capablanca = check_history_indices(&c, "capablanca", 2);
    assert!(
        capablanca.is_multiple_of(80) && (8..=15).contains(&(capablanca / 80)),
        "{capablanca}"
    );
    check_history_indices(&c, "xiangqi", 3);
    check_history_indices(&c, "grande-acedrex", 4);
}

#[test]
fn history_indices_name_the_piece_type_and_the_destination() {
    let c = fairy();
    let v = c.variant("huge").unwrap();
    let mut pos = MailboxPos::new(v.clone());
    let index = |pos: &mut MailboxPos, text: &str| {
        let m = pos.parse_move(text).unwrap();
        pos.history_index(m)
    };
    // Two knights onto the same square share an index; other squares,
    // other pieces and the other side's moves differ or match by type.
    let from_b = index(&mut pos, "b1c3");
    assert_eq!(from_b, index(&mut pos, "d1c3"));
    assert_ne!(from_b, index(&mut pos, "d1e3"));
    assert_ne!(from_b, index(&mut pos, "c2c3"));
    assert!(pos.make(pos.clone().parse_move("a2a3").unwrap()));
    let black_knight = index(&mut pos, "b16c14");
    // A white knight going to the same square shares the black knight's
    // index: the type, not the colour, counts.
    let fen = "1N6k7/16/16/16/16/16/16/16/16/16/16/16/16/16/16/8K7 w - - 0 1";
    let mut lone = MailboxPos::from_fen(v, fen).unwrap();
    assert_eq!(black_knight, index(&mut lone, "b16c14"));
    assert_ne!(black_knight % 256, from_b % 256);
}

/// `O-O` and `O-O-O` (with zeros, lower case or a check mark too) name
/// the castling move toward the last file and toward the a-file, on any
/// board size; without the right they are refused.
#[test]
fn castling_notation_names_the_castling_move() {
    let c = shipped();
    for (variant, fen, short, long) in [
        (
            "normal",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "e1g1",
            "e1c1",
        ),
        (
            "capablanca",
            "r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1",
            "f8i8",
            "f8c8",
        ),
    ] {
        let v = c.variant(variant).unwrap();
        let mut pos = MailboxPos::from_fen(v, fen).unwrap();
        for (text, want) in [
            ("O-O", short),
            ("0-0", short),
            ("o-o+", short),
            ("O-O-O", long),
            ("0-0-0#", long),
        ] {
            let m = pos.parse_move(text).unwrap();
            assert_eq!(pos.move_to_string(m), want, "{variant} {text}");
        }
    }
    let v = c.variant("normal").unwrap();
    let mut pos = MailboxPos::from_fen(v, "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1").unwrap();
    assert_eq!(
        pos.parse_move("O-O").unwrap_err().to_string(),
        "illegal move: O-O"
    );
}

#[test]
fn capablanca_king_castles_three_squares() {
    let c = shipped();
    let moves = legal(
        &c,
        "capablanca",
        "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
    );
    assert!(has(&moves, "f1i1") && has(&moves, "f1c1"), "{moves:?}");
    let v = c.variant("capablanca").unwrap();
    let mut pos = MailboxPos::from_fen(v, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1").unwrap();
    let m = pos.parse_move("f1i1").unwrap();
    assert!(pos.make(m));
    assert_eq!(pos.to_fen(), "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1");
    // Once both rooks have left their corners, the unmoved king keeps no
    // castling letter.
    let mut pos = MailboxPos::from_fen(
        c.variant("capablanca").unwrap(),
        "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
    )
    .unwrap();
    for text in ["a1a2", "a8a7", "j1j2", "j8j7"] {
        let m = pos.parse_move(text).unwrap();
        assert!(pos.make(m));
    }
    assert_eq!(pos.to_fen(), "5k4/r8r/10/10/10/10/R8R/5K4 w - - 4 3");
    let attacked = legal(
        &c,
        "capablanca",
        "r4k2r1/10/10/10/10/10/10/R4K3R w KQ - 0 1",
    );
    assert!(
        !has(&attacked, "f1i1"),
        "may not pass the attacked i1... h1 {attacked:?}"
    );
}

#[test]
fn spartan_duple_check_must_be_answered() {
    let c = shipped();
    let moves = legal(&c, "spartan", "2kR1k2/h7/8/8/8/8/8/4K3 b - - 0 1");
    assert!(!has(&moves, "a7b6"), "both kings attacked: {moves:?}");
    assert!(
        has(&moves, "f8g7"),
        "one king steps out, the spare may stay attacked"
    );
    assert!(has(&moves, "c8d8"));
}

/// A hoplite that promotes to a second king answers a check on the only
/// one: with two kings, one attacked king is no check. Fairy-Stockfish
/// (`pyffish.legal_moves`) lists these five moves; the perft counts are
/// pyffish's too.
#[test]
fn spartan_promotion_to_a_second_king_answers_a_check() {
    let c = shipped();
    let fen = "lgkccB1l/1h2w1h1/1h6/8/3PP3/1P1N3B/1hPKPQ1P/1Rc3NR b - - 1 20";
    let mut moves = legal(&c, "spartan", fen);
    moves.sort();
    assert_eq!(moves, ["b2b1k", "c8c7", "d8d7", "e7f5", "e8e6"]);
    let mut pos = MailboxPos::from_fen(c.variant("spartan").unwrap(), fen).unwrap();
    assert_eq!(nightrider::position::perft::perft(&mut pos, 2), 187);
    assert_eq!(nightrider::position::perft::perft(&mut pos, 3), 8161);
}

#[test]
fn mexican_triple_push_leaves_two_en_passant_squares() {
    let c = shipped();
    let v = c.variant("mexican").unwrap();
    let fen = "k9/10/10/10/10/5p4/3p6/10/4P5/K9 w - - 0 1";
    let mut pos = MailboxPos::from_fen(v, fen).unwrap();
    let m = pos.parse_move("e1e4").unwrap();
    assert!(pos.make(m));
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.move_to_string(m))
        .collect();
    assert!(
        has(&moves, "d3e2"),
        "e.p. on the first passed square: {moves:?}"
    );
    assert!(
        has(&moves, "f4e3"),
        "e.p. on the second passed square: {moves:?}"
    );
}

#[test]
fn orthodox_pawns_promote_to_four_pieces_fairy_max_to_one() {
    let c = shipped();
    let moves = legal(&c, "normal", "8/4P3/8/8/8/k7/8/K7 w - - 0 1");
    let mut promos: Vec<&String> = moves.iter().filter(|m| m.starts_with("e7e8")).collect();
    assert_eq!(promos[0], "e7e8q", "Fairy-Max's own choice comes first");
    promos.sort();
    assert_eq!(promos, ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]);
    let shatranj = legal(&c, "shatranj", "8/4P3/8/8/8/k7/8/K7 w - - 0 1");
    assert_eq!(
        shatranj
            .iter()
            .filter(|m| m.starts_with("e7e8"))
            .collect::<Vec<_>>(),
        ["e7e8q"]
    );
}

#[test]
fn bad_fens_give_one_line_errors() {
    let c = shipped();
    let v = c.variant("normal").unwrap();
    let cases = [
        ("", "bad FEN: empty text"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w",
            "bad FEN: 7 ranks, expected 8",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w",
            "bad FEN: rank 6 has 9 files, expected 8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w",
            "bad FEN: 'X' is no piece of normal",
        ),
        (
            "8/8/8/8/8/8/8/8 x",
            "bad FEN: side to move 'x', expected w or b",
        ),
        ("8/8/8/8/8/8/8/8 w KQZ", "bad FEN: castling field has 'Z'"),
        ("8/8/8/8/8/8/8/8 w - z9", "bad FEN: e.p. square 'z9'"),
        (
            "8/8/8/8/8/8/8/8 w - - x",
            "bad FEN: halfmove clock 'x' is not a number",
        ),
        (
            "8/8/8/8/8/8/8/8[Q w - -",
            "bad FEN: holdings need a closing ']'",
        ),
    ];
    for (fen, message) in cases {
        let err = MailboxPos::from_fen(v.clone(), fen).unwrap_err();
        assert_eq!(err.to_string(), message, "for {fen:?}");
        assert!(!err.to_string().contains('\n'));
    }
}

#[test]
fn non_ascii_text_in_any_fen_field_is_an_error_not_a_panic() {
    let c = shipped();
    let fields = ["4k3/8/8/8/8/8/8/4K3", "w", "-", "-", "0", "1"];
    for variant in ["shatranj", "normal", "capablanca", "seirawan", "berolina"] {
        let v = c.variant(variant).unwrap();
        for field in 0..fields.len() {
            for odd in ["é", "€", "𝄞", "e€3", "é3", "3é"] {
                let mut words = fields.to_vec();
                words[field] = odd;
                let fen = words.join(" ");
                let Err(err) = MailboxPos::from_fen(v.clone(), &fen) else {
                    continue;
                };
                assert!(
                    err.to_string().starts_with("bad FEN: "),
                    "{variant} {fen:?}: {err}"
                );
            }
        }
    }
    let v = c.variant("shatranj").unwrap();
    let err = MailboxPos::from_fen(v, "4k3/8/8/8/8/8/8/4K3 w - é 0 1").unwrap_err();
    assert_eq!(err.to_string(), "bad FEN: e.p. square 'é'");
}

#[test]
fn random_fen_text_never_panics() {
    let c = shipped();
    let names = [
        "normal",
        "capablanca",
        "seirawan",
        "berolina",
        "spartan",
        "makruk",
        "grande-acedrex",
    ];
    let mut rng = StdRng::seed_from_u64(7);
    let alphabet: Vec<char> = "pnbrqkPNBRQKhHeE12345678910/ -[]~wbKQkqabcdefgh"
        .chars()
        .collect();
    for round in 0..20_000 {
        let v = c.variant(names[round % names.len()]).unwrap();
        let mut text = MailboxPos::new(v.clone()).to_fen();
        if round % 2 == 0 {
            let len = rng.gen_range(0..60);
            text = (0..len)
                .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
                .collect();
        } else {
            for _ in 0..rng.gen_range(1..6) {
                let mut chars: Vec<char> = text.chars().collect();
                let i = rng.gen_range(0..=chars.len());
                match rng.gen_range(0..3) {
                    0 if i < chars.len() => {
                        chars.remove(i);
                    }
                    1 => chars.insert(i, alphabet[rng.gen_range(0..alphabet.len())]),
                    _ if i < chars.len() => chars[i] = alphabet[rng.gen_range(0..alphabet.len())],
                    _ => {}
                }
                text = chars.into_iter().collect();
            }
        }
        if let Ok(mut pos) = MailboxPos::from_fen(v, &text) {
            let _ = pos.to_fen();
            let _ = pos.legal_moves();
        }
    }
}

/// Checks that every generated move's table code leads back to the first
/// move with that code that `generate` gives (for each kind of generation),
/// and that any other code finds either nothing or such a first move, along
/// random games of `variant`.
fn check_table_codes(catalog: &Catalog, variant: &str, rng: &mut StdRng) {
    use nightrider::position::GenKind;
    let v = catalog.variant(variant).unwrap();
    let mut scratch = Vec::new();
    for _game in 0..8 {
        let mut pos = MailboxPos::new(v.clone());
        for _ply in 0..80 {
            for kind in [GenKind::All, GenKind::Captures, GenKind::Quiets] {
                let mut moves = Vec::new();
                pos.generate(kind, &mut moves);
                let first_with = |code: u32| {
                    moves
                        .iter()
                        .copied()
                        .find(|&m| MailboxPos::move_code(m) == Some(code))
                };
                for &m in &moves {
                    let code = MailboxPos::move_code(m).unwrap();
                    assert!(code < 1 << 20);
                    let found = pos.find_coded_move(code, kind, &mut scratch);
                    assert_eq!(found, first_with(code), "{variant} {}", pos.to_fen());
                }
                for _ in 0..20 {
                    let code = rng.gen_range(0..1u32 << 20);
                    let found = pos.find_coded_move(code, kind, &mut scratch);
                    assert_eq!(found, first_with(code), "{variant} {code:#x}");
                }
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.make(legal[rng.gen_range(0..legal.len())]);
        }
    }
}

#[test]
fn table_codes_find_the_first_generated_move() {
    let mut rng = StdRng::seed_from_u64(11);
    let c = shipped();
    for variant in [
        "normal",
        "capablanca",
        "seirawan",
        "berolina",
        "spartan",
        "makruk",
        "grande-acedrex",
        "shatranj",
        "knightmate",
    ] {
        check_table_codes(&c, variant, &mut rng);
    }
    check_table_codes(&fairy(), "testfairy", &mut rng);
}
