//! The generic search on both real boards: mates in 1, 2 and 3 with the
//! exact move and distance, material-winning tactics, fairy mates on the
//! mailbox, 50-move and repetition draws inside the tree, variant stalemate
//! rules, and Lazy SMP agreeing with one thread. Expected moves and mate
//! distances were checked with Stockfish / Fairy-Stockfish (MultiPV 3).

use nightrider::bitboard::BitboardPos;
use nightrider::core::{Score, MATE};
use nightrider::mailbox::MailboxPos;
use nightrider::position::{Evaluate, Position};
use nightrider::rules::catalog::Catalog;
use nightrider::rules::Variant;
use nightrider::search::{
    xboard_score, Bound, Limits, SearchInfo, SearchParams, SearchResult, Searcher,
    TranspositionTable, RUN, STOP,
};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

fn variant(name: &str) -> Arc<Variant> {
    let overlays = [
        ("shatranj", include_str!("../variants/shatranj.ini")),
        ("courier", include_str!("../variants/courier.ini")),
    ];
    let catalog = Catalog::from_text(include_str!("../fmax.ini"), "fmax.ini", &overlays);
    catalog.variant(name).unwrap()
}

fn bitboard(fen: &str) -> BitboardPos {
    BitboardPos::from_fen(fen, false).unwrap()
}

fn mailbox(name: &str, fen: &str) -> MailboxPos {
    MailboxPos::from_fen(variant(name), fen).unwrap()
}

fn search_with<P: Position + Evaluate>(
    pos: &P,
    history: &[u64],
    depth: u32,
    threads: usize,
) -> SearchResult<P::Move> {
    let mut searcher: Searcher<P> = Searcher::new(16);
    searcher.set_threads(threads);
    let stop = AtomicU8::new(RUN);
    searcher.search(
        pos,
        history,
        &SearchParams::new(Limits::Depth(depth)),
        &stop,
        &mut |_| {},
    )
}

/// Searches to `depth` and returns the best move's text and the score.
fn best<P: Position + Evaluate>(pos: &P, depth: u32) -> (String, Score) {
    let r = search_with(pos, &[], depth, 1);
    (pos.move_to_string(r.best.unwrap()), r.score)
}

/// (FEN, depth, best move, mate distance in plies)
const MATES: &[(&str, u32, &str, Score)] = &[
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3, "a1a8", 1),
    (
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        3,
        "h5f7",
        1,
    ),
    (
        "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1",
        5,
        "g2g1",
        3,
    ),
    ("6k1/5ppp/4q3/8/8/8/5PPP/3R2K1 w - - 0 1", 5, "d1d8", 3),
    (
        "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1",
        7,
        "b1g6",
        5,
    ),
    (
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        7,
        "f8c5",
        5,
    ),
];

#[test]
fn bitboard_finds_mates_in_one_two_and_three() {
    for &(fen, depth, mv, plies) in MATES {
        assert_eq!(
            best(&bitboard(fen), depth),
            (mv.to_string(), MATE - plies),
            "{fen}"
        );
    }
}

#[test]
fn mailbox_finds_the_same_mates_in_orthodox_chess() {
    for &(fen, depth, mv, plies) in MATES {
        assert_eq!(
            best(&mailbox("normal", fen), depth),
            (mv.to_string(), MATE - plies),
            "{fen}"
        );
    }
}

#[test]
fn mate_scores_convert_to_xboard_moves() {
    let (_, score) = best(&bitboard(MATES[4].0), 7);
    assert_eq!(xboard_score(score), 100_003);
}

/// (FEN, best move): each wins at least a rook's worth.
const TACTICS: &[(&str, &str)] = &[
    ("r3k3/8/8/1N6/8/8/6PP/6K1 w - - 0 1", "b5c7"),
    ("4k3/8/8/8/4q3/8/3K4/4R3 w - - 0 1", "e1e4"),
];

#[test]
fn both_boards_win_material() {
    for &(fen, mv) in TACTICS {
        let (m, score) = best(&bitboard(fen), 6);
        assert_eq!(m, mv, "{fen}");
        assert!(score > 250, "{fen}: {score}");
        // The general evaluation also scores the board mobility left after
        // the capture, so its margin is a little smaller than the bitboard's.
        let (m, score) = best(&mailbox("normal", fen), 6);
        assert_eq!(m, mv, "{fen}");
        assert!(score > 200, "{fen}: {score}");
    }
}

#[test]
fn mailbox_mates_with_fairy_pieces() {
    // Archbishop's diagonal-plus-knight mate, chancellor's rook mate (Capablanca).
    let pos = mailbox("capablanca", "9k/8pp/10/10/10/3A6/10/K9 w - - 0 1");
    assert_eq!(best(&pos, 4), ("d3h7".to_string(), MATE - 1));
    let pos = mailbox("capablanca", "k9/10/1K8/10/10/10/10/9C w - - 0 1");
    assert_eq!(best(&pos, 4), ("j1j8".to_string(), MATE - 1));
}

#[test]
fn stalemate_follows_the_variant_rule() {
    // Nd7 stalemates Black: a win in shatranj, a draw in chess. (Kxb5,
    // baring Black's king, wins in shatranj too.)
    let fen = "k7/8/1K3N2/1p6/1P6/8/8/8 w - - 0 1";
    let (m, score) = best(&mailbox("shatranj", fen), 4);
    // Kxb5's bare-king win falls due after Black's reply (MATE - 2).
    assert!(score >= MATE - 2, "{score}");
    assert!(m == "f6d7" || m == "b6b5", "{m}");
    let (m, score) = best(&mailbox("normal", fen), 4);
    assert_ne!(m, "f6d7");
    assert!(score > 200, "{score}");
    let (m, _) = best(&bitboard(fen), 4);
    assert_ne!(m, "f6d7");
}

#[test]
fn knightmate_and_capablanca_tactics() {
    // Knightmate: the royal knight on b8 is mated in one by Qb5, Qd6 or
    // Qc8 (Fairy-Stockfish, MultiPV 5: no other mate in one).
    let pos = mailbox("knightmate", "1k6/8/8/2Q5/8/8/8/4K3 w - - 0 1");
    let (m, score) = best(&pos, 3);
    assert_eq!(score, MATE - 1);
    assert!(["c5b5", "c5d6", "c5c8"].contains(&m.as_str()), "{m}");
    // Capablanca: Nc6+ forks king and queen.
    let pos = mailbox("capablanca", "3k6/9p/10/4q5/1N8/10/P9/9K w - - 0 1");
    let (m, score) = best(&pos, 5);
    assert_eq!(m, "b4c6");
    assert!(score > 200, "{score}");
}

#[test]
fn shatranj_bare_king_conversion() {
    // The rook takes the ferz, Black's last man: bare and unable to bare
    // back, Black has lost once its reply is made (the rule's verdict falls
    // after the bare side's move, as XBoard referees it).
    let pos = mailbox("shatranj", "k7/8/8/8/7q/8/8/K6R w - - 0 1");
    assert_eq!(best(&pos, 3), ("h1h4".to_string(), MATE - 2));
    // The skewer: Rd5+ checks along the fifth rank, the king steps away
    // and Rxh5 bares it.
    let pos = mailbox("shatranj", "8/8/8/k6q/8/8/8/3RK3 w - - 0 1");
    assert_eq!(best(&pos, 5), ("d1d5".to_string(), MATE - 4));
    // A bare king that can take the last enemy man bares back: a draw,
    // and the only move that is not lost.
    let pos = mailbox("shatranj", "8/8/3k4/4R3/8/8/8/5K2 b - - 0 1");
    assert_eq!(best(&pos, 4), ("d6e5".to_string(), 0));
    // So White does not take a ferz its king defends: that only draws.
    let pos = mailbox("shatranj", "8/8/3k4/4q3/8/8/8/4RK2 w - - 0 1");
    let (m, score) = best(&pos, 6);
    assert_ne!(m, "e1e5");
    assert!(score > 200, "{score}");
}

#[test]
fn stalemated_root_has_no_move() {
    let r = search_with(&bitboard("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"), &[], 3, 1);
    assert_eq!((r.best, r.score), (None, 0));
    let r = search_with(
        &mailbox("shatranj", "k7/3N4/1K6/1p6/1P6/8/8/8 b - - 0 1"),
        &[],
        3,
        1,
    );
    assert_eq!((r.best, r.score), (None, -MATE));
}

#[test]
fn fifty_move_rule_draws_inside_the_tree() {
    // Queen against king, but every quiet move reaches the 100th ply.
    for fen in [
        "k7/8/8/8/3Q4/8/8/4K3 w - - 99 80",
        "k7/8/8/8/3Q4/8/8/4K3 w - - 0 80",
    ] {
        let (_, score) = best(&bitboard(fen), 4);
        let (_, mscore) = best(&mailbox("normal", fen), 4);
        if fen.contains(" 99 ") {
            assert_eq!((score, mscore), (0, 0));
        } else {
            assert!(score > 500 && mscore > 500, "{score} {mscore}");
        }
    }
    // A mate on the 100th ply still counts.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80";
    assert_eq!(best(&bitboard(fen), 3), ("a1a8".to_string(), MATE - 1));
    // A capture resets the clock: take the checking rook and win.
    let fen = "k7/8/8/8/3Q4/8/8/r3K3 w - - 99 80";
    let (m, score) = best(&bitboard(fen), 4);
    assert_eq!(m, "d4a1");
    assert!(score > 500, "{score}");
}

#[test]
fn shatranj_and_courier_draw_after_seventy_moves_not_fifty() {
    // A rook up, black keeps a blocked pawn (no bare king); no capture is
    // possible in one move, so at the limit every move draws.
    let shatranj = |clock| format!("7k/p7/P7/8/3R4/8/8/4K3 w - - {clock} 80");
    let (_, at99) = best(&mailbox("shatranj", &shatranj(99)), 4);
    assert!(at99 > 300, "ply 100 is no draw in shatranj: {at99}");
    assert_eq!(best(&mailbox("shatranj", &shatranj(139)), 4).1, 0);
    assert_eq!(best(&mailbox("normal", &shatranj(99)), 4).1, 0);
    let courier = |clock| format!("11k/p11/P11/12/3R8/12/12/4K7 w - - {clock} 80");
    let (_, at99) = best(&mailbox("courier", &courier(99)), 4);
    assert!(at99 > 300, "ply 100 is no draw in courier: {at99}");
    assert_eq!(best(&mailbox("courier", &courier(139)), 4).1, 0);
}

/// Plays `moves` from `fen`; returns the position and the keys before it.
fn play<P: Position>(mut pos: P, moves: &[&str]) -> (P, Vec<u64>) {
    let mut keys = Vec::new();
    for text in moves {
        keys.push(pos.hash());
        let m = pos.parse_move(text).unwrap();
        assert!(pos.make(m));
    }
    (pos, keys)
}

#[test]
fn repetition_of_a_game_position_is_a_draw() {
    // White, a queen down, draws by returning to a position of the game.
    let fen = "1q4k1/8/8/8/8/8/8/6K1 w - - 0 1";
    let shuffle = ["g1h1", "g8h8", "h1g1", "h8g8"];
    let (root, keys) = play(bitboard(fen), &shuffle);
    let r = search_with(&root, &keys, 5, 1);
    assert_eq!(
        (root.move_to_string(r.best.unwrap()), r.score),
        ("g1h1".to_string(), 0)
    );
    let r = search_with(&root, &[], 5, 1);
    assert!(r.score < -500, "{}", r.score);
    // With contempt the draw is worth the root side's draw score.
    let mut searcher: Searcher<BitboardPos> = Searcher::new(4);
    searcher.set_draw_score(-50);
    let params = SearchParams::new(Limits::Depth(5));
    let r = searcher.search(&root, &keys, &params, &AtomicU8::new(RUN), &mut |_| {});
    assert_eq!(
        (root.move_to_string(r.best.unwrap()), r.score),
        ("g1h1".to_string(), -50)
    );
    let (root, keys) = play(mailbox("normal", fen), &shuffle);
    let r = search_with(&root, &keys, 5, 1);
    assert_eq!(
        (root.move_to_string(r.best.unwrap()), r.score),
        ("g1h1".to_string(), 0)
    );
}

#[test]
fn threads_agree_on_mates_and_play_legal_moves() {
    for &(fen, depth, mv, plies) in &MATES[2..] {
        let pos = bitboard(fen);
        // Helper threads change the tree, so give the mate two plies of slack.
        let r = search_with(&pos, &[], depth + 2, 2);
        assert_eq!(r.score, MATE - plies, "{fen}");
        let mut check = pos.clone();
        assert!(check.legal_moves().contains(&r.best.unwrap()));
        assert_eq!(pos.move_to_string(r.best.unwrap()), mv, "{fen}");
    }
    let pos = mailbox("normal", MATES[5].0);
    let r = search_with(&pos, &[], 9, 3);
    assert_eq!(r.score, MATE - 5);
}

#[test]
fn start_positions_give_a_legal_move_and_a_full_pv() {
    let mut pos = BitboardPos::startpos();
    let r = search_with(&pos, &[], 6, 1);
    assert!(pos.legal_moves().contains(&r.best.unwrap()));
    assert_eq!(r.depth, 6);
    assert!(r.pv.len() >= 2, "{:?}", r.pv);
    assert_eq!(r.ponder, Some(r.pv[1]));
    let mut pos = MailboxPos::new(variant("capablanca"));
    let r = search_with(&pos, &[], 4, 1);
    assert!(pos.legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn clock_limited_and_stopped_searches_return_legal_moves() {
    let mut pos = BitboardPos::startpos();
    let legal = pos.legal_moves();
    let mut searcher: Searcher<BitboardPos> = Searcher::new(4);
    let stop = AtomicU8::new(RUN);
    let tiny = Limits::Clock {
        left: Duration::from_secs(1),
        inc: Duration::from_millis(10),
        moves_to_go: None,
    };
    for limits in [tiny, Limits::MoveTime(Duration::from_millis(100))] {
        let r = searcher.search(&pos, &[], &SearchParams::new(limits), &stop, &mut |_| {});
        assert!(legal.contains(&r.best.unwrap()));
    }
    // An infinite search ends only when told to, and still plays a move.
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            stop.store(STOP, Ordering::Relaxed);
        });
        searcher.search(
            &pos,
            &[],
            &SearchParams::new(Limits::Infinite),
            &stop,
            &mut |_| {},
        )
    });
    assert!(legal.contains(&r.best.unwrap()));
    assert!(!r.abandoned);
    assert!(r.depth >= 1);
}

#[test]
fn every_shipped_variant_searches_from_its_start() {
    let catalog = Catalog::from_text(include_str!("../fmax.ini"), "fmax.ini", &[]);
    let names: Vec<String> = catalog.games().map(|g| g.name.clone()).collect();
    assert!(names.len() >= 40, "{}", names.len());
    let mut searched = 0;
    for name in &names {
        let Ok(v) = catalog.variant(name) else {
            continue;
        };
        searched += 1;
        let mut pos = MailboxPos::new(v);
        let r = search_with(&pos, &[], 3, 1);
        let best = r.best.unwrap_or_else(|| panic!("{name}: no move"));
        assert!(pos.legal_moves().contains(&best), "{name}");
        assert_eq!(r.depth, 3, "{name}");
    }
    assert_eq!(searched, names.len());
}

#[test]
fn both_boards_share_one_table() {
    let table = Arc::new(TranspositionTable::new(8));
    let mut orthodox: Searcher<BitboardPos> = Searcher::with_table(Arc::clone(&table));
    let mut general: Searcher<MailboxPos> = Searcher::with_table(Arc::clone(&table));
    assert!(Arc::ptr_eq(orthodox.table(), general.table()));
    let stop = AtomicU8::new(RUN);
    let params = SearchParams::new(Limits::Depth(7));
    let (fen, _, mv, plies) = MATES[4];
    for _ in 0..2 {
        let pos = bitboard(fen);
        let r = orthodox.search(&pos, &[], &params, &stop, &mut |_| {});
        assert_eq!(
            (pos.move_to_string(r.best.unwrap()), r.score),
            (mv.to_string(), MATE - plies)
        );
        let pos = mailbox("normal", fen);
        let r = general.search(
            &pos,
            &[],
            &SearchParams::new(Limits::Depth(7)),
            &stop,
            &mut |_| {},
        );
        assert_eq!(
            (pos.move_to_string(r.best.unwrap()), r.score),
            (mv.to_string(), MATE - plies)
        );
    }
    // The mailbox board's last search left the position after its move
    // (searched below the root) in the shared table.
    let mut after = mailbox("normal", fen);
    let m = after.parse_move(mv).unwrap();
    assert!(after.make(m));
    assert!(table.probe(after.hash(), 1).is_some());
    orthodox.resize_hash(1);
    assert!(!Arc::ptr_eq(orthodox.table(), general.table()));
}

#[test]
fn king_of_the_hill_wins_inside_the_tree() {
    // A queen down, White wins at once by stepping onto the hill.
    let pos = mailbox("king-of-the-hill", "q6k/8/8/8/8/2K5/8/8 w - - 0 1");
    assert_eq!(best(&pos, 4), ("c3d4".to_string(), MATE - 1));
    // The same position in orthodox chess is simply lost.
    let (_, score) = best(&mailbox("normal", "q6k/8/8/8/8/2K5/8/8 w - - 0 1"), 4);
    assert!(score < -500, "{score}");
}

#[test]
fn bench_positions_load_and_count_reproducibly() {
    use nightrider::search::{bench, ORTHODOX_BENCH, VARIANT_BENCH};
    let orthodox: Vec<BitboardPos> = ORTHODOX_BENCH.iter().map(|f| bitboard(f)).collect();
    let (a, _) = bench(&orthodox, 4);
    let (b, _) = bench(&orthodox, 4);
    assert_eq!(a, b);
    let general: Vec<MailboxPos> = VARIANT_BENCH
        .iter()
        .map(|&(name, fen)| {
            if fen.is_empty() {
                MailboxPos::new(variant(name))
            } else {
                mailbox(name, fen)
            }
        })
        .collect();
    let (c, _) = bench(&general, 3);
    assert_eq!(c, bench(&general, 3).0);
    assert!(a > 1000 && c > 100, "{a} {c}");
}

/// Positions whose score moves by more than an aspiration window between
/// iterations (a fork found late, a pawn race, a middlegame).
const SWINGS: &[&str] = &[
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "8/5k2/8/1p6/8/8/6PK/8 w - - 0 1",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
    "6k1/5ppp/8/8/8/8/r4PPP/1R4K1 w - - 0 1",
];

/// A search asked for bound lines reports each failed aspiration window
/// (a lower bound above the score reported last, an upper bound below it:
/// after a fail low the window's top comes down, so a later fail high may
/// lie below the last exact score, never below the upper bound before it)
/// and searches exactly the same tree; without asking, none are reported.
#[test]
fn failed_aspiration_windows_are_reported_as_bounds_only_when_asked() {
    let mut bounds = 0;
    for fen in SWINGS {
        let pos = bitboard(fen);
        let run = |after: Option<Duration>| {
            let mut searcher: Searcher<BitboardPos> = Searcher::new(16);
            let mut params = SearchParams::new(Limits::Depth(9));
            params.bound_lines_after = after;
            let mut infos = Vec::new();
            let r = searcher.search(&pos, &[], &params, &AtomicU8::new(RUN), &mut |i| {
                infos.push(i)
            });
            (r, infos)
        };
        let (quiet, quiet_infos) = run(None);
        let (loud, loud_infos) = run(Some(Duration::ZERO));
        assert_eq!(
            (quiet.best, quiet.score, quiet.nodes),
            (loud.best, loud.score, loud.nodes),
            "{fen}"
        );
        assert!(quiet_infos.iter().all(|i| i.bound == Bound::Exact));
        let lines = |infos: &[SearchInfo<_>]| -> Vec<_> {
            infos
                .iter()
                .filter(|i| i.bound == Bound::Exact)
                .map(|i| (i.depth, i.seldepth, i.score, i.nodes, i.pv.clone()))
                .collect()
        };
        assert_eq!(lines(&loud_infos), lines(&quiet_infos), "{fen}");
        let mut last = None;
        for info in &loud_infos {
            match info.bound {
                Bound::Exact => {}
                Bound::Lower => assert!(
                    last.is_some_and(|s| info.score > s) && !info.pv.is_empty(),
                    "{fen}: {info:?}"
                ),
                Bound::Upper => assert!(last.is_some_and(|s| info.score < s), "{fen}: {info:?}"),
            }
            last = Some(info.score);
            bounds += usize::from(info.bound != Bound::Exact);
        }
    }
    assert!(bounds > 0, "no window failed in {SWINGS:?}");
}
