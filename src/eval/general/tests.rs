//! Tests of the general evaluation: the sums the board keeps, balance,
//! material, the royal and pawn terms (checked against their definitions
//! square by square along games), drawish endings and null moves.

use super::*;
use crate::mailbox::cell_color;
use crate::rules::Variant;
use std::sync::Arc;

/// The tempo bonus of the test weights (`Weights::test_table`).
const TEMPO: Score = 10;

fn variant(name: &str) -> Arc<Variant> {
    crate::eval::tests::variant(name)
}

/// The sums the board keeps through make and unmake (material, counts,
/// hand, the evaluation's weights) equal those of the same position set
/// up afresh, piece by piece or all at once.
#[test]
fn kept_sums_match_a_fresh_position() {
    use crate::position::{GenKind, Position};
    for name in [
        "capablanca",
        "seirawan",
        "shatranj",
        "knightmate",
        "berolina",
    ] {
        let v = variant(name);
        let mut pos = MailboxPos::new(Arc::clone(&v));
        pos.prepare_evaluation();
        assert_ne!(pos.piece_sums(Color::White).placement, 0, "{name}");
        let mut moves = Vec::new();
        for ply in 0..120usize {
            moves.clear();
            pos.generate(GenKind::All, &mut moves);
            // A fixed walk through the moves that prefers captures.
            let legal: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    let ok = pos.make(m);
                    if ok {
                        pos.unmake(m);
                    }
                    ok
                })
                .collect();
            let Some(&m) = legal
                .iter()
                .find(|&&m| pos.is_capture(m) && ply % 3 != 0)
                .or_else(|| legal.get(ply * 7 % legal.len().max(1)))
            else {
                break;
            };
            assert!(pos.make(m));
            let mut fresh = MailboxPos::from_fen(Arc::clone(&v), &pos.to_fen()).unwrap();
            fresh.prepare_evaluation();
            let mut set_up = pos.clone();
            set_up.set_fen(&pos.to_fen()).unwrap();
            for color in [Color::White, Color::Black] {
                for other in [&fresh, &set_up] {
                    assert_eq!(
                        pos.piece_sums(color),
                        other.piece_sums(color),
                        "{name} {}",
                        pos.to_fen()
                    );
                }
                let values = &pos.tables().value;
                let hand: i32 = (1..values.len().min(16))
                    .map(|t| values[t] * i32::from(pos.in_hand(color, t as u8)))
                    .sum();
                assert_eq!(pos.piece_sums(color).hand_value, hand, "{name}");
            }
        }
    }
}

#[test]
fn initial_positions_are_balanced_up_to_tempo() {
    assert_eq!(Weights::test_table()[Weight::Tempo], TEMPO);
    for name in ["normal", "capablanca", "shatranj", "knightmate"] {
        let v = variant(name);
        let pos = MailboxPos::new(Arc::clone(&v));
        assert_eq!(pos.evaluate(), TEMPO, "{name}");
    }
}

#[test]
fn material_from_the_ini_values() {
    let v = variant("normal");
    // The ini gives the queen 851 and the pawn 74.
    let up = MailboxPos::from_fen(Arc::clone(&v), "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
    assert!(up.evaluate() > 800, "{}", up.evaluate());
    let down = MailboxPos::from_fen(Arc::clone(&v), "4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
    assert_eq!(down.evaluate(), 2 * TEMPO - up.evaluate());
}

/// [`royal_wings`] of `fen` in `name` with 35 off the wings and 40 a
/// row, at game phase `phase`.
fn wings(name: &str, fen: &str, phase: (i32, i32)) -> i32 {
    let mut w = Weights::test_table();
    w[Weight::RoyalFile] = 35;
    w[Weight::RoyalRow] = 40;
    let v = crate::eval::tests::playing(&variant(name), &w);
    let pos = MailboxPos::from_fen(v, fen).unwrap();
    royal_wings(&pos, &tables_of(&pos), &census(&pos), phase)
}

#[test]
fn royals_keep_to_the_wings_and_home_in_the_middle_game() {
    // Capablanca: the white king on i1, castled, costs nothing; the
    // black one on f8, off the wings, 35.
    let fen = "5k4/10/10/10/10/10/10/8K1 w - - 0 1";
    assert_eq!(wings("capablanca", fen, (1, 1)), 35);
    assert_eq!(wings("capablanca", fen, (1, 2)), 17);
    assert_eq!(wings("capablanca", fen, (0, 1)), 0);
    // A king walked from f1 to g1 is still off the wings.
    let fen = "5k4/10/10/10/10/10/10/6K3 w - - 0 1";
    assert_eq!(wings("capablanca", fen, (1, 1)), 0);
    // Orthodox chess on the general board: the black king on e8 off
    // the wings (35), the white one on g3 two rows up (80).
    assert_eq!(
        wings("normal", "4k3/8/8/8/8/6K1/8/8 w - - 0 1", (1, 1)),
        -45
    );
    // Shatranj: the white king in the corner costs nothing; the black
    // one on d5 is off the wings and three rows up (155).
    assert_eq!(
        wings("shatranj", "8/8/8/3k4/8/8/8/K7 w - - 0 1", (1, 1)),
        155
    );
}

#[test]
fn centralisation_and_pawn_advance() {
    let v = variant("normal");
    let eval = |fen: &str| {
        MailboxPos::from_fen(Arc::clone(&v), fen)
            .unwrap()
            .evaluate()
    };
    let centre = eval("4k3/p7/8/8/3N4/8/P7/4K3 w - - 0 1");
    let corner = eval("4k3/p7/8/8/8/8/P7/N3K3 w - - 0 1");
    assert!(centre > corner + 10, "{centre} {corner}");
    let far = eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let home = eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
    assert!(far > home + 50, "{far} {home}");
}

#[test]
fn a_bare_minor_piece_is_drawish() {
    let v = variant("normal");
    let eval = |fen: &str| {
        MailboxPos::from_fen(Arc::clone(&v), fen)
            .unwrap()
            .evaluate()
    };
    assert!(eval("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1") < 100);
    assert!(eval("4k3/8/8/8/8/8/8/3RK3 w - - 0 1") > 400);
}

#[test]
fn a_lone_piece_that_cannot_mate_is_a_draw() {
    let eval = crate::eval::tests::eval;
    // Makruk: king and knight, or king and met, against a bare king.
    assert_eq!(eval("makruk", "8/8/3k4/8/8/3NK3/8/8 w - - 0 1"), TEMPO);
    assert_eq!(eval("makruk", "8/8/3k4/8/8/3MK3/8/8 w - - 0 1"), TEMPO);
    assert!(eval("makruk", "8/8/3k4/8/8/3RK3/8/8 w - - 0 1") > 500);
    assert!(eval("normal", "8/8/3k4/8/8/3BK3/8/8 w - - 0 1") == TEMPO);
    // Against pawns the knight side is not simply drawn.
    assert!(eval("makruk", "8/8/3k4/8/8/3NK3/8/p7 w - - 0 1") > TEMPO);
    // In shatranj the bare king loses anyway.
    assert!(eval("shatranj", "8/8/3k4/8/8/3NK3/8/8 b - - 0 1") < -1000);
}

/// The pawn term pawn by pawn, straight from its definition, with the
/// passed pawn weights of the test table: 8 on any row, and 16 and 32
/// sixteenths of the advancement (middle game, endgame).
fn pawn_score_one_by_one(pos: &MailboxPos, t: &VariantTables, phase: (i32, i32)) -> i32 {
    assert_eq!(t.terms[Weight::PassedBase], 8);
    assert_eq!(t.terms.pair(Weight::PassedMg, Weight::PassedEg), (16, 32));
    let v = pos.variant();
    let (np, full) = phase;
    let mut pawns = Vec::new();
    for color in [Color::White, Color::Black] {
        pos.for_each_pawn(color, |sq| {
            pawns.push((color, i32::from(sq & 15), i32::from(sq >> 4)))
        });
    }
    let mut score = 0;
    for &(color, file, row) in &pawns {
        let ci = color.index();
        let dir = (v.promotion_row[ci] as i32 - v.pawn_row[ci] as i32).signum();
        let blocked = pawns
            .iter()
            .any(|&(c, f, r)| c != color && (f - file).abs() <= 1 && (r - row) * dir > 0);
        let progress = t.pawns.progress(color, row as usize);
        let mut s = progress;
        if !blocked {
            s += 8 + progress * (2 * full - np) / full;
        }
        let s = s * t.pawns.strength(color) / 8;
        score += if color == Color::White { s } else { -s };
    }
    score
}

#[test]
fn pawns_counted_by_rows_score_as_one_by_one() {
    let cases = [
        (
            "normal",
            "4k3/p1p3p1/1p2P3/3P4/P6p/2p5/1P3PPP/4K3 w - - 0 1",
        ),
        ("normal", "4k3/8/8/8/8/8/P6P/4K3 b - - 0 1"),
        (
            "capablanca",
            "4k5/pp3p1p1p/2p7/3pP5/10/5P4/PP4P1PP/4K5 w - - 0 1",
        ),
        ("shatranj", "4k3/pp3p2/2p5/3pP3/8/5P2/PP4P1/4K3 w - - 0 1"),
        ("knightmate", "4k3/pp6/8/2pP4/8/8/7P/4K3 w - - 0 1"),
    ];
    for (name, fen) in cases {
        let pos = MailboxPos::from_fen(variant(name), fen).unwrap();
        with_weighted(&pos, &tables_of(&pos), |pos, t| {
            let c = census(pos);
            let ph = phase(t, &c.sides);
            let score = pawn_score(pos, &t.pawns, c.pawn_advance(), ph);
            assert_eq!(score, pawn_score_one_by_one(pos, t, ph), "{name} {fen}");
            assert_ne!(score, 0, "{name} {fen}");
        });
    }
}

/// Plays a fixed walk of up to 160 plies from the start of `name`: on
/// every `capture_every`-th ply a capture when there is one, else the
/// legal move at `ply * stride` (modulo their number). `visit` sees each
/// position before its move.
fn walk_game(name: &str, capture_every: usize, stride: usize, mut visit: impl FnMut(&MailboxPos)) {
    use crate::position::Position;
    let mut pos = MailboxPos::new(variant(name));
    for ply in 0..160usize {
        visit(&pos);
        let legal = pos.legal_moves();
        let Some(&m) = legal
            .iter()
            .find(|&&m| pos.is_capture(m) && ply % capture_every == 0)
            .or_else(|| legal.get(ply * stride % legal.len().max(1)))
        else {
            break;
        };
        assert!(pos.make(m));
    }
}

/// Along fixed walks through games of variants with boards from 8x8
/// to 12x12, the pawn term on the pawn sets equals the pawn-by-pawn one.
#[test]
fn pawn_sets_score_as_one_by_one_along_games() {
    for name in [
        "normal",
        "capablanca",
        "shatranj",
        "berolina",
        "grande-acedrex",
        "xiangqi",
    ] {
        let mut passed_seen = false;
        walk_game(name, 2, 11, |pos| {
            with_weighted(pos, &tables_of(pos), |pos, t| {
                let c = census(pos);
                let ph = phase(t, &c.sides);
                let expected = pawn_score_one_by_one(pos, t, ph);
                let score = |ph| pawn_score(pos, &t.pawns, c.pawn_advance(), ph);
                assert_eq!(score(ph), expected, "{name} {}", pos.to_fen());
                passed_seen |= score((0, ph.1)) != score((ph.1, ph.1));
            });
        });
        assert!(passed_seen, "{name}: no passed pawn on the walk");
    }
}

/// Own men in the 3x3 square around the royal (itself excluded) and
/// enemy pieces but royals and pawns in the 5x5 one, square by square.
fn royal_neighbours_square_by_square(
    pos: &MailboxPos,
    color: Color,
    (kf, kr): (i32, i32),
) -> (i32, i32) {
    let t = pos.tables();
    let (mut shield, mut attackers) = (-1, 0);
    for r in (kr - 2).max(0)..=(kr + 2).min(t.height - 1) {
        for f in (kf - 2).max(0)..=(kf + 2).min(t.width - 1) {
            let cell = pos.cell((r * 16 + f) as u8);
            if cell == 0 {
                continue;
            }
            let ty = cell_type(cell) as usize;
            let near = (r - kr).abs() <= 1 && (f - kf).abs() <= 1;
            if cell_color(cell) == color && near {
                shield += 1;
            } else if cell_color(cell) != color && !t.is_pawn[ty] && t.royalty[ty] == Royalty::None
            {
                attackers += 1;
            }
        }
    }
    (shield, attackers)
}

/// Along fixed walks through games, the royal's neighbours counted on
/// windows of rows equal those counted square by square.
#[test]
fn royal_neighbours_on_row_windows_count_as_square_by_square() {
    for name in [
        "normal",
        "capablanca",
        "knightmate",
        "grande-acedrex",
        "xiangqi",
        "spartan",
    ] {
        let mut attacked = false;
        walk_game(name, 4, 13, |pos| {
            for color in [Color::White, Color::Black] {
                pos.for_each_royal(color, |sq| {
                    let royal = (i32::from(sq & 15), i32::from(sq >> 4));
                    let counts = royal_neighbours(pos, color, royal);
                    attacked |= counts.1 > 0;
                    assert_eq!(
                        counts,
                        royal_neighbours_square_by_square(pos, color, royal),
                        "{name} {}",
                        pos.to_fen()
                    );
                });
            }
        });
        assert!(attacked, "{name}: no royal attacked on the walk");
    }
}

#[test]
fn null_move_needs_a_piece() {
    let v = variant("normal");
    let pos = MailboxPos::from_fen(Arc::clone(&v), "4k3/pppp4/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
    assert!(!pos.null_move_allowed());
    let pos = MailboxPos::from_fen(Arc::clone(&v), "4k3/pppp4/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert!(pos.null_move_allowed());
}

#[test]
fn royals_nearer_their_goal_count_with_goal_near() {
    let mut w = Weights::test_table();
    w[Weight::GoalNear] = 40;
    let v = crate::eval::tests::playing(&variant("racingkings"), &w);
    // White's king one step from the eighth rank (6 of 7 done), black's
    // on the second rank (1 done).
    let pos = MailboxPos::from_fen(Arc::clone(&v), "8/6K1/8/8/8/8/1k6/8 w - - 0 1").unwrap();
    assert_eq!(goal_nearness(&pos, &w), 40 * (6 - 1));
    let pos = MailboxPos::from_fen(v, "8/1k4K1/8/8/8/8/8/8 w - - 0 1").unwrap();
    assert_eq!(goal_nearness(&pos, &w), 0);
    // Without the weight, or without a goal, nothing.
    let plain = MailboxPos::from_fen(variant("normal"), "8/6K1/8/8/8/8/1k6/8 w - - 0 1").unwrap();
    assert_eq!(goal_nearness(&plain, &w), 0);
}
