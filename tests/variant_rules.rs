//! Variant rules that fmax.ini cannot say, played from our fmax.ini and
//! `variants/` overlays: xiangqi (zones, confinement, zone promotion, flying
//! general), Cambodian first moves as Fairy-Stockfish plays them, each
//! army's own promotions (chigorin), atomic's explosions, and the end rules
//! (stalemate, bare king, extinction). Expected move lists were
//! checked with pyffish 0.0.90 (atomic's with Fairy-Stockfish git's
//! `go perft 1`); perft counts come from the shared TSVs.

use nightrider::core::Verdict;
use nightrider::mailbox::MailboxPos;
use nightrider::position::perft::perft;
use nightrider::position::{Position, RuleEnding};
use nightrider::rules::catalog::Catalog;
use nightrider::rules::Variant;
use std::path::Path;
use std::sync::Arc;

fn variant(name: &str) -> Arc<Variant> {
    let ini = Path::new(env!("CARGO_MANIFEST_DIR")).join("fmax.ini");
    Catalog::load(Some(&ini)).unwrap().variant(name).unwrap()
}

fn pos(name: &str, fen: &str) -> MailboxPos {
    MailboxPos::from_fen(variant(name), fen).unwrap()
}

fn legal(p: &mut MailboxPos) -> Vec<String> {
    let moves = p.legal_moves();
    let mut out: Vec<String> = moves.iter().map(|&m| p.move_to_string(m)).collect();
    out.sort();
    out
}

fn play(p: &mut MailboxPos, text: &str) {
    let m = p.parse_move(text).unwrap();
    assert!(p.make(m), "{text} should be legal");
}

#[test]
fn xiangqi_and_cambodian_rows_match_the_references() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/xiangqi-cambodian.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let mut p = pos(f[0], f[1]);
        let depth: u32 = f[2].parse().unwrap();
        let want: u64 = f[3].parse().unwrap();
        assert_eq!(perft(&mut p, depth), want, "{} {} d{depth}", f[0], f[1]);
        assert_eq!(p.to_fen(), f[1], "FEN round trip");
        rows += 1;
    }
    assert_eq!(rows, 51);
}

#[test]
fn xiangqi_starts_from_the_overlay_position() {
    let p = MailboxPos::new(variant("xiangqi"));
    assert_eq!(
        p.to_fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
}

#[test]
fn xiangqi_reads_xboards_horse_and_elephant_letters() {
    let xboard = pos(
        "xiangqi",
        "r2akaehr/9/1ch1e4/p1p1p1p1p/9/9/P1P1P1PcP/7C1/2C1A4/RHE1KAEHR w - - 0 1",
    );
    assert_eq!(
        xboard.to_fen(),
        "r2akabnr/9/1cn1b4/p1p1p1p1p/9/9/P1P1P1PcP/7C1/2C1A4/RNB1KABNR w - - 0 1"
    );
}

#[test]
fn xiangqi_general_stays_in_the_palace_and_may_not_face_the_other() {
    // d0c0 would leave the palace (XBoard numbers xiangqi ranks 0-9).
    let mut p = pos("xiangqi", "5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(legal(&mut p), ["d0d1", "d0e0"]);
    // e0d0 would face the black general on the open d-file ...
    let mut p = pos("xiangqi", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(legal(&mut p), ["e0e1", "e0f0"]);
    // ... but not with a piece between them.
    let mut p = pos("xiangqi", "3k5/9/9/9/3p5/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(legal(&mut p), ["e0d0", "e0e1", "e0f0"]);
}

#[test]
fn xiangqi_elephant_stays_on_its_side() {
    let mut p = pos("xiangqi", "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1");
    assert_eq!(legal(&mut p), ["c4a2", "c4e2", "e0e1", "e0f0"]);
}

#[test]
fn xiangqi_soldier_steps_sideways_only_after_the_river() {
    let mut p = pos("xiangqi", "3k5/9/9/9/9/4P4/9/9/9/5K3 w - - 0 1");
    assert_eq!(legal(&mut p), ["e4e5", "f0e0", "f0f1"]);
    play(&mut p, "e4e5");
    assert_eq!(p.to_fen(), "3k5/9/9/9/4P4/9/9/9/9/5K3 b - - 0 1");
    play(&mut p, "d9d8");
    assert_eq!(legal(&mut p), ["e5d5", "e5e6", "e5f5", "f0e0", "f0f1"]);
    // Unmaking the crossing gives the plain soldier back.
    let mut p = pos("xiangqi", "3k5/9/9/9/9/4P4/9/9/9/5K3 w - - 0 1");
    let m = p.parse_move("e4e5").unwrap();
    assert!(p.make(m));
    p.unmake(m);
    assert_eq!(legal(&mut p), ["e4e5", "f0e0", "f0f1"]);
    // A FEN's `p` is the crossed soldier on the far side, the plain one at home.
    let mut p = pos("xiangqi", "3k5/9/9/9/9/9/3p1p3/9/9/5K3 b - - 0 1");
    let mine: Vec<String> = legal(&mut p)
        .into_iter()
        .filter(|m| !m.starts_with('d'))
        .collect();
    assert_eq!(mine, ["f3e3", "f3f2", "f3g3"]);
    let mut p = pos("xiangqi", "3k5/9/9/3p1p3/9/9/9/9/9/5K3 b - - 0 1");
    let mine: Vec<String> = legal(&mut p)
        .into_iter()
        .filter(|m| m.starts_with('f'))
        .collect();
    assert_eq!(mine, ["f6f5"]);
}

#[test]
fn xiangqi_stalemate_loses_but_chess_stalemate_draws() {
    let mut p = pos("xiangqi", "4k4/R8/9/9/9/9/9/9/9/3K1R3 b - - 0 1");
    assert!(legal(&mut p).is_empty());
    assert!(!p.in_check());
    assert_eq!(p.no_move_verdict(), Verdict::Loss);
    let mut p = pos("normal", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert!(legal(&mut p).is_empty());
    assert_eq!(p.no_move_verdict(), Verdict::Draw);
    let mut p = pos("shatranj", "k7/3N4/1K6/8/8/8/8/8 b - - 0 1");
    assert!(legal(&mut p).is_empty());
    assert_eq!(p.no_move_verdict(), Verdict::Loss);
}

/// Fairy-Max 5.0b's own Cambodian king, met and khon lines, with a makruk board.
const FAIRY_MAX_CAMBODIAN: &str = "version 4.8(w)
8x8
6 4 5 7 3 5 4 6
6 4 5 7 3 5 4 6
p:74   -16,24 -16,6 -15,5 -17,5
p:74    16,24  16,6  15,5  17,5
k:-1    1,34 -1,34   1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
n:259   14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7
b:296   15,3 17,3 -15,3 -17,3
R:444   1,3 16,3 -1,3 -16,3
Q:851   1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3

Game: fmcambodian
8x8=3
13 12 8 3 7 8 12 13
13 12 9 7 4 9 12 13
p:100  -16,6 -15,5 -17,5
p:100   16,6  15,5  17,5
k:-1    1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7   -16,F4,-15 -16,F4,-17 -1,F4,-17 1,F4,-15
k:-1    1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7    16,F4,17 16,F4,15 1,F4,17 -1,F4,15
f:181   15,7 17,7 -15,7 -17,7   16,F4 -16,F4
q:181   15,7 17,7 -15,7 -17,7   16,F4 -16,F4
m:181   15,7 17,7 -15,7 -17,7   16,F4 -16,F4
s:300   15,7 17,7 -15,7 -17,7  -16,7
s:300   15,7 17,7 -15,7 -17,7   16,7
b:300   15,7 17,7 -15,7 -17,7  -16,7
b:300   15,7 17,7 -15,7 -17,7   16,7
n:450   14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7
R:630   1,3 16,3 -1,3 -16,3

// end
";

/// King moves where castling is possible, as pyffish lists them: embassy's
/// king castles three files (to b1 or h1), on 9x9 two (to c or g), and
/// newzealand's with the rookni in the corner.
const CASTLING: &[(&str, &str, &str, &[&str])] = &[
    (
        "embassy",
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1",
        "e1",
        &["e1b1", "e1d1", "e1f1", "e1h1"],
    ),
    (
        "embassy",
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPqPPP/R3K4R w KQkq - 0 1",
        "e1",
        &["e1b1", "e1d1"],
    ),
    (
        "embassy",
        "rn2k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/RN2K4R b KQkq - 0 1",
        "e8",
        &["e8d8", "e8f8", "e8h8"],
    ),
    (
        "chancellor",
        "r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R w KQkq - 0 1",
        "e1",
        &["e1c1", "e1d1", "e1f1", "e1g1"],
    ),
    (
        "modern",
        "r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R b KQkq - 0 1",
        "e9",
        &["e9c9", "e9d9", "e9f9", "e9g9"],
    ),
    (
        "newzealand",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "e1",
        &["e1c1", "e1d1", "e1f1", "e1g1"],
    ),
];

#[test]
fn kings_of_the_other_armies_castle_as_fairy_stockfish_lets_them() {
    for &(game, fen, king, want) in CASTLING {
        let mut p = pos(game, fen);
        let got: Vec<String> = legal(&mut p)
            .into_iter()
            .filter(|m| m.starts_with(king))
            .collect();
        assert_eq!(got, want, "{game} {fen}");
    }
}

#[test]
fn chigorin_pawns_promote_to_the_pieces_of_their_own_army() {
    // White's array has knights, rooks and a chancellor, black's bishops,
    // rooks and a queen: without a `promotion` key each side promotes to its
    // own (pyffish lists the same moves).
    let fen = "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1";
    let mut white = pos("chigorin", fen);
    assert_eq!(
        legal(&mut white),
        ["b7b8c", "b7b8n", "b7b8r", "e1d1", "e1d2", "e1e2", "e1f2"]
    );
    let mut black = pos("chigorin", &fen.replace(" w ", " b "));
    assert_eq!(
        legal(&mut black),
        ["e8d7", "e8d8", "e8e7", "e8f7", "e8f8", "g2g1b", "g2g1q", "g2g1r"]
    );
}

#[test]
fn cambodian_first_moves_are_stricter_than_fairy_max() {
    let fen = "4k3/8/8/8/8/4s3/1s6/3KM3 w DE - 0 1";
    // Ours (and Fairy-Stockfish's): the king jump never captures (d1b2) and
    // never goes two ranks up (d1e3); the met's double step never captures (e1e3).
    let mut ours = pos("cambodian", fen);
    assert_eq!(legal(&mut ours), ["d1c2", "e1d2", "e1f2"]);
    // Fairy-Max's F4 rays allow all three.
    let fm = Catalog::from_text(FAIRY_MAX_CAMBODIAN, "fm.ini", &[])
        .variant("fmcambodian")
        .unwrap();
    let mut theirs = MailboxPos::from_fen(fm, fen).unwrap();
    let moves = legal(&mut theirs);
    for m in ["d1b2", "d1e3", "e1e3"] {
        assert!(
            moves.contains(&m.to_string()),
            "Fairy-Max allows {m}: {moves:?}"
        );
    }
}

#[test]
fn cambodian_king_may_not_jump_out_of_check() {
    let mut p = pos("cambodian", "3k4/8/8/8/8/8/5n2/3K4 w Dd - 0 1");
    assert_eq!(legal(&mut p), ["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]);
    let mut p = pos("cambodian", "3k4/8/8/8/8/8/8/3K4 w Dd - 0 1");
    assert_eq!(
        legal(&mut p),
        ["d1b2", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d1f2"]
    );
}

#[test]
fn cambodian_king_jump_is_lost_when_a_rook_lands_on_its_rank() {
    let fen = "r2k4/8/8/8/8/8/8/2SK4 b Dd - 0 1";
    let mut p = pos("cambodian", fen);
    play(&mut p, "a8a1");
    // White (king and khon against king and rook, no more than 3 pieces)
    // starts the board's honour count of 63 moves, as Fairy-Stockfish writes.
    assert_eq!(p.to_fen(), "3k4/8/8/8/8/8/8/r1SK4 w d 126 0 2");
    assert_eq!(legal(&mut p), ["d1c2", "d1d2", "d1e1", "d1e2"]);
    // Unmake gives the right back; a rook move elsewhere keeps it.
    let mut p = pos("cambodian", fen);
    let m = p.parse_move("a8a1").unwrap();
    assert!(p.make(m));
    p.unmake(m);
    assert_eq!(p.to_fen(), fen);
    play(&mut p, "a8b8");
    assert!(legal(&mut p).contains(&"d1f2".to_string()));
}

#[test]
fn bare_king_loses_unless_it_bares_back() {
    let verdict = |name: &str, fen: &str| pos(name, fen).rule_verdict();
    // Black is bare: it gets one move to bare white too ...
    assert_eq!(verdict("shatranj", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"), None);
    // ... which fails here: white has won when it is to move again.
    let mut p = pos("shatranj", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    play(&mut p, "e8d8");
    assert_eq!(p.rule_ending(), Some((Verdict::Win, RuleEnding::BareKing)));
    // Taking the last rook bares white too: a draw.
    let mut p = pos("shatranj", "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(p.rule_verdict(), None);
    play(&mut p, "e8e7");
    assert_eq!(p.rule_ending(), Some((Verdict::Draw, RuleEnding::BareKing)));
    // Both bare: draw; the opponent left bare on our turn: won.
    assert_eq!(
        verdict("shatranj", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        Some(Verdict::Draw)
    );
    assert_eq!(
        verdict("shatranj", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
        Some(Verdict::Win)
    );
    // Courier follows Fairy-Stockfish here (plain Fairy-Max has no such rule).
    assert_eq!(
        verdict("courier", "5k6/12/12/12/12/12/12/R4K6 w - - 0 1"),
        Some(Verdict::Win)
    );
    // No rule without the overlay key.
    assert_eq!(verdict("normal", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"), None);
    assert_eq!(verdict("shatranj", "4k3/p7/8/8/8/8/8/R3K3 b - - 0 1"), None);
}

#[test]
fn a_side_without_its_royal_piece_has_lost() {
    let verdict = |fen: &str| pos("normal", fen).rule_verdict();
    assert_eq!(verdict("4k3/8/8/8/8/8/8/R7 w - - 0 1"), Some(Verdict::Loss));
    assert_eq!(verdict("4k3/8/8/8/8/8/8/R7 b - - 0 1"), Some(Verdict::Win));
    assert_eq!(verdict("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), None);
}

#[test]
fn a_king_on_the_hill_wins_for_the_side_that_moved_it_there() {
    let verdict = |fen: &str| pos("king-of-the-hill", fen).rule_verdict();
    assert_eq!(
        verdict("4k3/8/8/8/4K3/8/8/8 b - - 0 1"),
        Some(Verdict::Loss)
    );
    assert_eq!(verdict("4k3/8/8/8/8/4K3/8/8 b - - 0 1"), None);
}

#[test]
fn xiangqi_perpetual_check_loses_at_the_third_occurrence() {
    let start = "4k4/9/9/9/9/7R1/9/9/9/5K3 w - - 0 1";
    let mut p = pos("xiangqi", start);
    let checks = [
        "h4e4", "e9d9", "e4d4", "d9e9", "d4e4", "e9d9", "e4d4", "d9e9",
    ];
    for m in checks {
        play(&mut p, m);
        assert_eq!(p.rule_verdict(), None, "after {m}");
    }
    // The third time black's king stands on e9 facing the rook on e4.
    play(&mut p, "d4e4");
    assert!(p.in_check());
    assert_eq!(p.rule_verdict(), Some(Verdict::Win));
    assert_eq!(
        p.rule_ending(),
        Some((Verdict::Win, RuleEnding::PerpetualCheck))
    );
    // The same dance without checks is only a repetition: a draw, judged by
    // the board since xiangqi's repetitions are variant rules.
    let mut p = pos("xiangqi", start);
    for m in ["h4h5", "e9d9", "h5h4", "d9e9", "h4h5", "e9d9", "h5h4"] {
        play(&mut p, m);
    }
    assert_eq!(p.rule_verdict(), None, "the second occurrence");
    play(&mut p, "d9e9");
    assert_eq!(
        p.rule_ending(),
        Some((Verdict::Draw, RuleEnding::Repetition))
    );
}

#[test]
fn counting_follows_fairy_stockfish_move_by_move() {
    // Random endgame continuations with Fairy-Stockfish's FEN (its counting
    // fields included) and its draw claim after every ply: see
    // tests/data/counting-games.py.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/counting-games.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (name, start, moves, fen, claim) = (f[0], f[1], f[2], f[3], f[4] == "1");
        let mut p = pos(name, start);
        for m in moves.split_whitespace() {
            play(&mut p, m);
        }
        assert_eq!(p.to_fen(), fen, "{name} {start} after {moves}");
        let ending = p.rule_ending();
        assert_eq!(
            ending == Some((Verdict::Draw, RuleEnding::Counting)),
            claim,
            "{name} {start} after {moves}: {ending:?}"
        );
        // Our own FEN reads back to the same count.
        assert_eq!(pos(name, fen).to_fen(), fen);
        checked += 1;
    }
    assert_eq!(checked, 1478);
}

#[test]
fn a_waived_count_restarts_with_the_next_move() {
    // Black's lone king has counted 33 plies against a rook's limit of 32:
    // drawn. The GUI plays on (XBoard does not know the rule), so the board
    // drops the count; the next move starts a new one (the pieces' honour
    // starts at the pieces on the board: 3 pieces, 6 plies).
    let mut p = pos("makruk", "8/8/8/8/3k4/8/R7/4K3 w - 32 33 19");
    assert_eq!(p.rule_ending(), Some((Verdict::Draw, RuleEnding::Counting)));
    p.waive_count();
    assert_eq!(p.rule_ending(), None);
    assert_eq!(p.to_fen(), "8/8/8/8/3k4/8/R7/4K3 w - - 0 19");
    play(&mut p, "e1f1");
    assert_eq!(p.to_fen(), "8/8/8/8/3k4/8/R7/5K2 b - 32 6 19");
    // A count that has not run out is not dropped.
    p.waive_count();
    assert_eq!(p.to_fen(), "8/8/8/8/3k4/8/R7/5K2 b - 32 6 19");
}

#[test]
fn xiangqi_perpetual_chase_of_an_unprotected_piece_loses() {
    // White's chariot follows black's cannon between the a- and b-files
    // (XBoard ranks, 0-based). The third occurrence has white to move.
    let dance = [
        "a1b1", "b5a5", "b1a1", "a5b5", "a1b1", "b5a5", "b1a1", "a5b5",
    ];
    let ending = |fen: &str| {
        let mut p = pos("xiangqi", fen);
        for (i, m) in dance.iter().enumerate() {
            assert_eq!(p.rule_verdict(), None, "before ply {i}");
            play(&mut p, m);
        }
        p.rule_ending()
    };
    let unprotected = "3k5/9/9/9/1c7/9/9/9/R8/4K4 w - - 0 1";
    assert_eq!(
        ending(unprotected),
        Some((Verdict::Loss, RuleEnding::PerpetualChase))
    );
    // A black chariot on i5 protects the cannon on both squares: no chase.
    let protected = "3k5/9/9/9/1c6r/9/9/9/R8/4K4 w - - 0 1";
    assert_eq!(
        ending(protected),
        Some((Verdict::Draw, RuleEnding::Repetition))
    );
    // A cannon attacking a chariot chases it even when it is protected
    // (the soldiers on a3 and b3 are its screens).
    let cannon = "3k5/9/9/9/1r6r/9/PP7/9/C8/4K4 w - - 0 1";
    assert_eq!(
        ending(cannon),
        Some((Verdict::Loss, RuleEnding::PerpetualChase))
    );
}

#[test]
fn the_third_check_wins_and_fens_carry_the_counters() {
    let mut p = MailboxPos::new(variant("3check"));
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    );
    for m in ["e2e4", "f7f6"] {
        play(&mut p, m);
    }
    let before = p.hash();
    let check = p.parse_move("d1h5").unwrap();
    assert!(p.make(check));
    assert_ne!(p.hash(), before);
    p.unmake(check);
    assert_eq!(p.hash(), before, "the counters come back with the move");
    assert!(p.make(check));
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"
    );
    // White has one check left to give: giving it ends the game.
    let mut p = pos("3check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+2 0 1");
    assert_eq!(p.rule_verdict(), None);
    play(&mut p, "a1a8");
    assert_eq!(
        p.rule_ending(),
        Some((Verdict::Loss, RuleEnding::ChecksGiven))
    );
    assert!(p.legal_moves().is_empty(), "the game is over");
    assert_eq!(p.to_fen(), "R3k3/8/8/8/8/8/8/4K3 b - - 0+2 1 1");
    // Lichess's counters (checks given) are read too; bad ones are refused.
    let lichess = pos("5check", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +4+1");
    assert_eq!(lichess.to_fen(), "4k3/8/8/8/8/8/8/R3K3 w - - 1+4 0 1");
    assert!(MailboxPos::from_fen(variant("3check"), "4k3/8/8/8/8/8/8/R3K3 w - - 4+3 0 1").is_err());
    assert!(MailboxPos::from_fen(variant("normal"), "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1").is_err());
}

#[test]
fn antichess_captures_are_compulsory_and_the_side_without_moves_wins() {
    // After 1. e3 b5 white must take on b5: the bishop is the only taker.
    let mut p = pos(
        "antichess",
        "rnbqkbnr/p1pppppp/8/1p6/8/4P3/PPPP1PPP/RNBQKBNR w - - 0 2",
    );
    assert_eq!(legal(&mut p), ["f1b5"]);
    assert!(
        p.parse_move("e3e4").is_err(),
        "a quiet move is illegal while a capture exists"
    );
    // No capture: every move is allowed, the king included, and no check.
    let mut p = pos("antichess", "8/8/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(legal(&mut p), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // The king next to a king must take it.
    let mut p = pos("antichess", "8/8/8/8/8/8/4k3/4K3 w - - 0 1");
    assert_eq!(legal(&mut p), ["e1e2"]);
    play(&mut p, "e1e2");
    // Black has lost every man: no move, and the win is black's.
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.no_move_verdict(), Verdict::Win);
    // A pawn may become a king.
    let mut p = pos("antichess", "8/4P3/8/8/8/8/8/k7 w - - 0 1");
    assert!(legal(&mut p).contains(&"e7e8k".to_string()));
}

#[test]
fn suicide_stalemate_goes_to_the_side_with_fewer_men() {
    // Black to move with blocked pawns only: no move.
    let verdict = |fen: &str| {
        let mut p = pos("suicide", fen);
        assert!(p.legal_moves().is_empty(), "{fen}");
        p.no_move_verdict()
    };
    assert_eq!(verdict("8/8/8/8/8/p7/P7/7K b - - 0 1"), Verdict::Win);
    assert_eq!(verdict("8/8/8/8/8/p7/P7/8 b - - 0 1"), Verdict::Draw);
    assert_eq!(verdict("8/8/8/8/p7/p7/P7/8 b - - 0 1"), Verdict::Loss);
    // Antichess: the stalemated side wins whatever the men.
    let mut p = pos("antichess", "8/8/8/8/p7/p7/P7/8 b - - 0 1");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.no_move_verdict(), Verdict::Win);
}

#[test]
fn giveaway_kings_castle_through_attacked_squares() {
    // The bishop on b4 attacks e1 and the one on g2 attacks f1, but no man
    // is royal: the king castles both ways (Fairy-Stockfish agrees).
    let mut p = pos("giveaway", "4k3/8/8/8/1b6/8/6b1/R3K2R w KQ - 0 1");
    let moves = legal(&mut p);
    assert!(
        moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()),
        "{moves:?}"
    );
    play(&mut p, "e1g1");
    assert!(
        p.to_fen().starts_with("4k3/8/8/8/1b6/8/6b1/R4RK1 b - -"),
        "{}",
        p.to_fen()
    );
    // Antichess has no castling at all.
    let mut p = pos("antichess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let moves = legal(&mut p);
    assert!(
        !moves.iter().any(|m| m == "e1g1" || m == "e1c1"),
        "{moves:?}"
    );
}

#[test]
fn placement_keeps_a_square_for_each_bishop_and_lets_dropped_men_castle() {
    // White's bishop on h1 (light) leaves its twin the dark c1 and g1; once
    // the queen takes c1, no other man may take g1, the last dark square.
    let mut p = pos(
        "placement",
        "r2bq1b1/pppppppp/8/8/8/8/PPPPPPPP/N3RK1B[QRBNkrnn] w - - 0 5",
    );
    play(&mut p, "Q@c1");
    play(&mut p, "K@b8");
    assert_eq!(
        legal(&mut p),
        ["B@g1", "N@b1", "N@d1", "R@b1", "R@d1"],
        "{}",
        p.to_fen()
    );
    // A king dropped on e1 and rooks dropped in the corners castle later.
    let mut p = pos(
        "placement",
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
    );
    for drop in [
        "K@e1", "K@e8", "R@h1", "R@h8", "R@a1", "R@a8", "Q@d1", "Q@d8", "N@b1", "N@b8", "B@c1",
        "B@c8", "B@f1", "B@f8", "N@g1", "N@g8",
    ] {
        play(&mut p, drop);
    }
    assert!(
        p.to_fen()
            .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq -"),
        "{}",
        p.to_fen()
    );
    for m in ["g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7"] {
        play(&mut p, m);
    }
    assert!(legal(&mut p).contains(&"e1g1".to_string()));
    // Men on the board may not move while their side holds men.
    let mut p = pos(
        "placement",
        "8/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNkqrrbbnn] b - - 0 1",
    );
    assert!(legal(&mut p).iter().all(|m| m.contains('@')));
}

#[test]
fn an_atomic_capture_explodes_the_men_around_it_but_pawns() {
    // Qxd5: queen, pawn, bishop and knight go; the pawn on c4 stays.
    let mut p = pos("atomic", "4k3/8/8/2bpn3/2PQ4/8/8/4K3 w - - 0 1");
    assert_eq!(
        legal(&mut p),
        [
            "c4d5", "d4a1", "d4b2", "d4c3", "d4c5", "d4d1", "d4d2", "d4d3", "d4d5", "d4e3", "d4e4",
            "d4e5", "d4f2", "d4f4", "d4g1", "d4g4", "d4h4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"
        ]
    );
    let before = p.to_fen();
    let m = p.parse_move("d4d5").unwrap();
    assert!(p.make(m));
    assert_eq!(p.to_fen(), "4k3/8/8/8/2P5/8/8/4K3 b - - 0 1");
    p.unmake(m);
    assert_eq!(p.to_fen(), before);
    // E.p. explodes around the square the pawn lands on: the king on e7.
    let mut p = pos("atomic", "8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 1");
    play(&mut p, "e5d6");
    assert_eq!(p.to_fen(), "8/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn exploding_the_king_wins_at_once_even_in_check() {
    // White stands in check from the rook on e2, which the king may not
    // take; Rxd7 explodes the black king and is legal all the same.
    let mut p = pos("atomic", "4k3/3n4/8/8/8/8/4r3/3RK3 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(legal(&mut p), ["d1d7", "e1f1"]);
    play(&mut p, "d1d7");
    assert!(p.legal_moves().is_empty(), "the game is over");
    assert_eq!(
        p.rule_ending(),
        Some((Verdict::Loss, RuleEnding::RoyalExploded))
    );
}

#[test]
fn an_atomic_king_may_not_capture() {
    // The pawn on d2 checks; taking it would explode the king itself.
    let mut p = pos("atomic", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(legal(&mut p), ["e1d1", "e1e2", "e1f1", "e1f2"]);
    assert!(p.parse_move("e1d2").is_err());
}

#[test]
fn touching_kings_give_no_check() {
    // The rook on e8 looks at e1, but the kings touch: no check, and the
    // king may step along the file next to the other king.
    let mut p = pos("atomic", "4r3/8/8/8/8/8/3k4/4K3 w - - 0 1");
    assert!(!p.in_check());
    assert_eq!(legal(&mut p), ["e1d1", "e1e2", "e1f1", "e1f2"]);
    // Castling past a square touching the other king (FSF: 190422 at 4).
    let mut p = pos("atomic", "4r3/8/8/8/8/8/3k4/R3K2R w KQ - 0 1");
    let moves = legal(&mut p);
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
}

#[test]
fn a_capture_that_explodes_ones_own_king_is_illegal() {
    // Rxd2 would explode the white king on e1 with the knight.
    let mut p = pos("atomic", "4k3/8/8/8/8/8/3n4/3RK3 w - - 0 1");
    assert_eq!(legal(&mut p), ["d1a1", "d1b1", "d1c1", "e1e2", "e1f2"]);
    assert!(p.parse_move("d1d2").is_err());
}

#[test]
fn an_atomic_fen_whose_side_not_to_move_is_in_check_is_refused() {
    let v = variant("atomic");
    assert!(MailboxPos::from_fen(Arc::clone(&v), "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1").is_err());
    // Touching kings: no check, so the position stands.
    assert!(MailboxPos::from_fen(v, "8/8/8/8/8/8/3k4/3RK3 w - - 0 1").is_ok());
}

#[test]
fn atomic_capablanca_explodes_on_the_wide_board() {
    // The archbishop takes on e3 and the chancellor next to it goes too;
    // the king on e1, two squares away, stays.
    let mut p = pos(
        "atomic-capablanca",
        "6k3/10/10/10/10/4n5/3A1C4/4K5 w - - 0 1",
    );
    assert_eq!(
        legal(&mut p),
        [
            "d2a5", "d2b1", "d2b3", "d2b4", "d2c1", "d2c3", "d2c4", "d2e3", "d2e4", "d2f1", "d2f3",
            "e1e2", "f2d1", "f2d3", "f2e2", "f2e4", "f2f1", "f2f3", "f2f4", "f2f5", "f2f6", "f2f7",
            "f2f8", "f2g2", "f2g4", "f2h1", "f2h2", "f2h3", "f2i2", "f2j2"
        ]
    );
    play(&mut p, "d2e3");
    assert_eq!(p.to_fen(), "6k3/10/10/10/10/10/10/4K5 b - - 0 1");
}

#[test]
fn racing_kings_moves_may_not_give_check() {
    let p = MailboxPos::new(variant("racingkings"));
    assert_eq!(p.to_fen(), "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1");
    // The rook may not check along the sixth rank (d6) or the first (a1).
    let mut p = pos("racingkings", "8/8/k7/8/8/8/8/3R3K w - - 0 1");
    let want = [
        "d1b1", "d1c1", "d1d2", "d1d3", "d1d4", "d1d5", "d1d7", "d1d8", "d1e1", "d1f1", "d1g1",
        "h1g1", "h1g2", "h1h2",
    ];
    assert_eq!(legal(&mut p), want);
    assert!(p.parse_move("d1d6").is_err(), "a checking move is illegal");
    // Nor the knight from b4; black may not check either (a2h2), and the
    // king still may not step where it is attacked (b4).
    let mut p = pos("racingkings", "8/8/8/8/8/8/k1N5/7K w - - 0 1");
    let want = [
        "c2a1", "c2a3", "c2d4", "c2e1", "c2e3", "h1g1", "h1g2", "h1h2",
    ];
    assert_eq!(legal(&mut p), want);
    let mut p = pos("racingkings", "8/8/8/8/8/k7/r7/4B2K b - - 0 1");
    let want = [
        "a2a1", "a2b2", "a2c2", "a2d2", "a2e2", "a2f2", "a2g2", "a3a4", "a3b2", "a3b3",
    ];
    assert_eq!(legal(&mut p), want);
    assert!(!p.in_check());
}

#[test]
fn racing_kings_black_may_equalise_after_white_reaches_the_eighth_rank() {
    // White reaches g8 first: black has one more move, and b7b8 draws.
    let mut p = pos("racingkings", "8/1k4K1/8/8/8/8/8/8 w - - 0 1");
    play(&mut p, "g7g8");
    assert_eq!(p.rule_ending(), None, "black may still equalise");
    assert_eq!(
        legal(&mut p),
        ["b7a6", "b7a7", "b7a8", "b7b6", "b7b8", "b7c6", "b7c7", "b7c8"]
    );
    let mut drawn = p.clone();
    play(&mut drawn, "b7b8");
    assert_eq!(
        drawn.rule_ending(),
        Some((Verdict::Draw, RuleEnding::GoalReached))
    );
    assert!(drawn.legal_moves().is_empty(), "the race is over");
    // Any other move: white, on the eighth rank, has won.
    play(&mut p, "b7b6");
    assert_eq!(
        p.rule_ending(),
        Some((Verdict::Win, RuleEnding::GoalReached))
    );
    assert!(p.legal_moves().is_empty());
    // A black king that cannot reach the eighth rank has lost at once.
    let mut p = pos("racingkings", "6K1/8/1k6/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.rule_verdict(), Some(Verdict::Loss));
    assert!(p.legal_moves().is_empty());
    // Black reaching it first wins: white gets no equalising move.
    let mut p = pos("racingkings", "8/1k6/6K1/8/8/8/8/8 b - - 0 1");
    play(&mut p, "b7b8");
    assert_eq!(p.rule_verdict(), Some(Verdict::Loss));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn horde_pawns_step_two_squares_from_the_first_rank_but_not_into_en_passant() {
    let start = MailboxPos::new(variant("horde"));
    assert_eq!(
        start.to_fen(),
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    );
    let mut p = pos("horde", "4k3/8/8/8/8/8/8/P7 w - - 0 1");
    assert_eq!(legal(&mut p), ["a1a2", "a1a3"]);
    // A pawn that stepped to the second rank may still step two squares.
    play(&mut p, "a1a2");
    play(&mut p, "e8e7");
    assert_eq!(legal(&mut p), ["a2a3", "a2a4"]);
    // Two squares from the first rank: no e.p. capture on a2.
    let mut p = pos("horde", "4k3/8/8/8/8/1p6/8/P7 w - - 0 1");
    play(&mut p, "a1a3");
    assert_eq!(
        legal(&mut p),
        ["b3b2", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    // From the second rank the e.p. capture stands.
    let mut p = pos("horde", "4k3/8/8/8/1p6/8/P7/8 w - - 0 1");
    play(&mut p, "a2a4");
    assert_eq!(
        legal(&mut p),
        ["b4a3", "b4b3", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
}

#[test]
fn horde_white_is_never_in_check_and_loses_with_its_last_man() {
    // White has no king: a queen "attacking" its men is no check.
    let mut p = pos("horde", "4k3/8/8/8/8/8/3q4/4P3 w - - 0 1");
    assert!(!p.in_check());
    assert_eq!(legal(&mut p), ["e1d2", "e1e2", "e1e3"]);
    let mut p = pos("horde", "4k3/8/8/8/8/8/3q4/4P3 b - - 0 1");
    play(&mut p, "d2e1");
    assert_eq!(
        p.rule_ending(),
        Some((Verdict::Loss, RuleEnding::Extinction))
    );
    assert!(p.legal_moves().is_empty());
    // Any number of pawns is a position (Fairy-Stockfish and cutechess-cli
    // take it); a rank too wide is refused.
    let forty = "rnbqkbnr/pppppppp/8/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
    assert_eq!(perft(&mut pos("horde", forty), 2), 102);
    assert!(MailboxPos::from_fen(variant("horde"), "4k3/9/8/8/8/8/8/P7 w - - 0 1").is_err());
}

/// Sorted move texts from a space-separated list.
fn moves(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    out.sort();
    out
}

#[test]
fn extinction_kings_castle_through_attack_and_a_lost_kind_loses() {
    // The king is no royal: it castles across d8, which the rook attacks.
    let fen = "r3k3/pbn4q/8/8/8/8/PBN4Q/3RK3 b q - 0 1";
    let mut p = pos("extinction", fen);
    let want = "a7a5 a7a6 a8b8 a8c8 a8d8 b7a6 b7c6 b7c8 b7d5 b7e4 b7f3 b7g2 b7h1 c7a6 \
                c7b5 c7d5 c7e6 e8c8 e8d7 e8d8 e8e7 e8f7 e8f8 h7c2 h7d3 h7d7 h7e4 h7e7 h7f5 \
                h7f7 h7g6 h7g7 h7g8 h7h2 h7h3 h7h4 h7h5 h7h6 h7h8";
    assert_eq!(legal(&mut p), moves(want));
    assert!(!p.in_check());
    // Taking black's only queen ends the game: black has lost a kind.
    let mut p = pos("extinction", &fen.replace(" b ", " w "));
    play(&mut p, "h2h7");
    assert_eq!(
        p.rule_ending(),
        Some((Verdict::Loss, RuleEnding::Extinction))
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn kinglet_pawns_become_kings_and_the_last_pawn_gone_loses() {
    let mut p = pos("kinglet", "4k3/P7/8/8/8/8/p6P/4K3 w - - 0 1");
    assert_eq!(
        legal(&mut p),
        moves("a7a8k e1d1 e1d2 e1e2 e1f1 e1f2 h2h3 h2h4")
    );
    // Promoting its last pawn loses for the side that promotes.
    let mut p = pos("kinglet", "4k3/P7/8/8/8/8/p7/4K3 w - - 0 1");
    play(&mut p, "a7a8k");
    assert_eq!(p.rule_verdict(), Some(Verdict::Win));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn three_kings_lose_with_the_first_king_taken() {
    // The kings are no royals: the queen may take one, nothing is check.
    let mut p = pos("threekings", "k1k4k/8/8/8/8/8/8/Q1K1K2K w - - 0 1");
    let want = "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1b2 a1c3 a1d4 a1e5 a1f6 a1g7 \
                a1h8 c1b1 c1b2 c1c2 c1d1 c1d2 e1d1 e1d2 e1e2 e1f1 e1f2 h1g1 h1g2 h1h2";
    assert_eq!(legal(&mut p), moves(want));
    assert!(!pos("threekings", "k1k4k/8/8/8/8/8/8/Q1K1K2K b - - 0 1").in_check());
    play(&mut p, "a1a8");
    assert_eq!(
        p.rule_ending(),
        Some((Verdict::Loss, RuleEnding::Extinction))
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn codrus_captures_are_compulsory_and_losing_the_king_wins() {
    let mut p = pos("codrus", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    assert_eq!(legal(&mut p), ["e1d2"]);
    let mut p = pos("codrus", "4k3/8/8/8/8/8/3q4/4K3 b - - 0 1");
    assert_eq!(legal(&mut p), ["d2e1"]);
    play(&mut p, "d2e1");
    // White's king is gone: white has won.
    assert_eq!(
        p.rule_ending(),
        Some((Verdict::Win, RuleEnding::Extinction))
    );
    assert!(p.legal_moves().is_empty());
    // No pawn becomes a king.
    let mut p = pos("codrus", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!legal(&mut p).contains(&"a7a8k".to_string()));
}

#[test]
fn sittuyin_pawns_promote_in_place_without_attacking_while_no_met_stands() {
    // A lone pawn promotes anywhere: on its square or a met's step away,
    // but not to c3, where the new met would check the king on d4.
    let mut p = pos("sittuyin", "8/8/8/8/3k4/8/1P6/K7[] w - - 0 60");
    assert_eq!(legal(&mut p), moves("a1a2 a1b1 b2a3f b2b2f b2b3 b2c1f"));
    // With two pawns only the one on the diagonal zone (d5) may promote,
    // and not in place, where the met would attack the khon on c6.
    let fen = "4k3/8/2s5/3P4/2P5/8/8/4K3[] w - - 0 40";
    let want = "c4c5 d5c6 d5d6 d5e4f d5e6f e1d1 e1d2 e1e2 e1f1 e1f2";
    assert_eq!(legal(&mut pos("sittuyin", fen)), moves(want));
    // A met on the board (promotion_limit F:1): no promotion at all.
    let fen = "4k3/8/2s5/3P4/2P5/8/3F4/4K3[] w - - 0 40";
    let want = "c4c5 d2c1 d2c3 d2e3 d5c6 d5d6 e1d1 e1e2 e1f1 e1f2";
    assert_eq!(legal(&mut pos("sittuyin", fen)), moves(want));
    // The promoted man stands where the move put it.
    play(&mut p, "b2a3f");
    assert!(
        p.to_fen().starts_with("8/8/8/8/3k4/F7/8/K7"),
        "{}",
        p.to_fen()
    );
}

#[test]
fn sittuyin_sets_up_by_drops_and_refuses_a_second_king_in_hand() {
    let v = variant("sittuyin");
    let mut p = MailboxPos::new(v.clone());
    let drops = legal(&mut p);
    assert_eq!(drops.len(), 88);
    assert!(drops.iter().all(|m| m.contains('@')), "{drops:?}");
    assert!(drops.contains(&"R@a1".to_string()) && !drops.contains(&"R@a2".to_string()));
    let err = MailboxPos::from_fen(v, "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad FEN: holding 'K': 2 of that royal piece, on the board and in hand; the game has 1"
    );
}

#[test]
fn losers_captures_are_compulsory_and_losing_or_being_mated_wins() {
    // In check, with a capture: the king must take the queen.
    let mut p = pos("losers", "4k3/8/8/8/8/8/3q3P/4K3 w - - 0 1");
    assert_eq!(legal(&mut p), ["e1d2"]);
    play(&mut p, "e1d2");
    // Black has lost every man but its king: black has won.
    assert_eq!(
        p.rule_ending(),
        Some((Verdict::Win, RuleEnding::Extinction))
    );
    assert!(p.legal_moves().is_empty());
    // Black's only capture mates white, and the mated side wins.
    let mut p = pos("losers", "r6k/8/8/8/8/8/5PPP/N5K1 b - - 0 1");
    assert_eq!(legal(&mut p), ["a8a1"]);
    play(&mut p, "a8a1");
    assert!(p.in_check() && p.legal_moves().is_empty());
    assert_eq!(p.no_move_verdict(), Verdict::Win);
    assert_eq!(p.rule_ending(), None);
    // A stalemated side wins too.
    let p = pos("losers", "k7/2Q4p/1K5P/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.no_move_verdict(), Verdict::Win);
}

#[test]
fn minishogi_promotes_by_choice_and_must_where_a_man_could_not_move() {
    // The silver may promote on reaching the last rank; the pawn must.
    let mut p = pos("minishogi", "4k/1PS2/5/5/K4[] w - - 0 1");
    let moves = legal(&mut p);
    for m in ["b4b5+", "c4c5", "c4c5+", "c4d5", "c4d5+", "c4b5", "c4b5+"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert!(!moves.contains(&"b4b5".to_string()));
    play(&mut p, "c4c5+");
    assert_eq!(p.to_fen(), "2+S1k/1P3/5/5/K4[] b - - 1 1");
    // Taken, the promoted silver goes to the taker's hand as a silver.
    play(&mut p, "e5d4");
    play(&mut p, "a1a2");
    play(&mut p, "d4c5");
    assert_eq!(p.to_fen(), "2k2/1P3/5/K4/5[s] w - - 0 3");
}

#[test]
fn minishogi_drops_keep_to_files_without_own_pawns_and_moving_squares() {
    let mut p = pos("minishogi", "4k/5/5/P4/K4[P] w - - 0 1");
    let drops: Vec<String> = legal(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("P@"))
        .collect();
    // Not on the a-file (own pawn), not on the last rank (no move from there).
    assert_eq!(
        drops,
        moves("P@b1 P@b2 P@b3 P@b4 P@c1 P@c2 P@c3 P@c4 P@d1 P@d2 P@d3 P@d4 P@e1 P@e2 P@e3 P@e4")
    );
}

#[test]
fn minishogi_pawn_drop_mate_loses_for_the_dropper() {
    let mut p = pos("minishogi", "kp3/1p3/G4/5/4K[P] w - - 0 1");
    // Counted as a move (Fairy-Stockfish's perft counts it) ...
    assert!(legal(&mut p).contains(&"P@a4".to_string()));
    play(&mut p, "P@a4");
    assert!(p.legal_moves().is_empty());
    // ... but the mated side wins.
    assert_eq!(p.no_move_verdict(), Verdict::Win);
    // A gold dropped there mates as any mate does.
    let mut p = pos("minishogi", "kp3/1p3/G4/5/4K[G] w - - 0 1");
    play(&mut p, "G@a4");
    assert_eq!(p.no_move_verdict(), Verdict::Loss);
}
