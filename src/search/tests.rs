//! Search tests on a board-free game (tic-tac-toe through the `Position`
//! trait: wins come from `rule_verdict`, a full board from
//! `no_move_verdict`), so the tree walk, scores, limits and threads are
//! checked without a chess board.

use super::score::{mate_in, mated_in};
use super::*;
use crate::core::{Color, Score, Verdict};
use crate::position::{GenKind, TextError};

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

#[derive(Clone, Debug)]
struct TicTacToe {
    cells: [Option<Color>; 9],
    side: Color,
}

impl TicTacToe {
    /// `X` moves first; `text` lists the cells row by row (`x`, `o`, `.`).
    fn from_text(text: &str) -> TicTacToe {
        let mut cells = [None; 9];
        for (c, ch) in cells.iter_mut().zip(text.chars()) {
            *c = match ch {
                'x' => Some(Color::White),
                'o' => Some(Color::Black),
                _ => None,
            };
        }
        let xs = cells.iter().filter(|c| **c == Some(Color::White)).count();
        let os = cells.iter().filter(|c| **c == Some(Color::Black)).count();
        TicTacToe {
            cells,
            side: if xs > os { Color::Black } else { Color::White },
        }
    }

    fn has_line(&self, who: Color) -> bool {
        LINES
            .iter()
            .any(|l| l.iter().all(|&i| self.cells[i] == Some(who)))
    }
}

impl Position for TicTacToe {
    type Move = u8;
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn generate(&self, kind: GenKind, out: &mut Vec<u8>) {
        if kind != GenKind::Captures {
            out.extend((0..9u8).filter(|&i| self.cells[i as usize].is_none()));
        }
    }
    fn make(&mut self, m: u8) -> bool {
        self.cells[m as usize] = Some(self.side);
        self.side = self.side.flip();
        true
    }
    fn unmake(&mut self, m: u8) {
        self.cells[m as usize] = None;
        self.side = self.side.flip();
    }
    fn make_null(&mut self) {
        self.side = self.side.flip();
    }
    fn unmake_null(&mut self) {
        self.side = self.side.flip();
    }
    fn pawn_key(&self) -> Option<u64> {
        None
    }
    fn hash(&self) -> u64 {
        let mut h = self.side.index() as u64 + 1;
        for (i, c) in self.cells.iter().enumerate() {
            let v = c.map_or(0, |c| c.index() as u64 + 1);
            h = h.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (v << (2 * i)) ^ (i as u64) << 40;
        }
        h
    }
    fn in_check(&self) -> bool {
        false
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
    fn is_capture(&self, _: u8) -> bool {
        false
    }
    fn is_promotion(&self, _: u8) -> bool {
        false
    }
    fn captured_value(&self, _: u8) -> Score {
        0
    }
    fn mover_value(&self, _: u8) -> Score {
        0
    }
    fn rule_verdict(&self) -> Option<Verdict> {
        if self.has_line(self.side.flip()) {
            Some(Verdict::Loss)
        } else {
            None
        }
    }
    fn no_move_verdict(&self) -> Verdict {
        Verdict::Draw
    }
    fn parse_move(&mut self, text: &str) -> Result<u8, TextError> {
        text.parse()
            .map_err(|_| TextError::NotAMove(text.to_string()))
    }
    fn move_to_string(&self, m: u8) -> String {
        m.to_string()
    }
    fn to_fen(&self) -> String {
        String::new()
    }
    fn set_fen(&mut self, _: &str) -> Result<(), TextError> {
        Err(TextError::Fen("no FEN".into()))
    }
}

impl Evaluate for TicTacToe {
    type EvalTables = ();

    fn prepare_evaluation(&mut self) {}

    fn evaluate_with(&self, (): &()) -> Score {
        self.evaluate()
    }

    fn evaluate(&self) -> Score {
        0
    }
}

fn run(
    text: &str,
    params: &SearchParams<u8>,
    threads: usize,
) -> (SearchResult<u8>, Vec<SearchInfo<u8>>) {
    run_with(Searcher::new(1), text, params, threads)
}

fn run_with(
    mut searcher: Searcher<TicTacToe>,
    text: &str,
    params: &SearchParams<u8>,
    threads: usize,
) -> (SearchResult<u8>, Vec<SearchInfo<u8>>) {
    searcher.set_threads(threads);
    let stop = AtomicU8::new(RUN);
    let mut infos = Vec::new();
    let r = searcher.search(&TicTacToe::from_text(text), &[], params, &stop, &mut |i| {
        infos.push(i)
    });
    (r, infos)
}

fn depth(d: u32) -> SearchParams<u8> {
    SearchParams::new(Limits::Depth(d))
}

#[test]
fn empty_board_is_a_draw() {
    let (r, infos) = run(".........", &depth(9), 1);
    assert_eq!(r.score, 0);
    assert_eq!(r.depth, 9);
    assert_eq!(infos.len(), 9);
    assert_eq!(
        infos.iter().map(|i| i.depth).collect::<Vec<_>>(),
        (1..=9).collect::<Vec<_>>()
    );
    assert!(r.best.is_some());
}

#[test]
fn takes_the_win_in_one() {
    // x x .     X completes the top row.
    // o o .
    // . . .
    let (r, _) = run("xx.oo....", &depth(5), 1);
    assert_eq!(r.best, Some(2));
    assert_eq!(r.score, mate_in(1));
    assert_eq!(xboard_score(r.score), 100_001);
    assert_eq!(r.pv, vec![2]);
}

#[test]
fn blocks_the_only_threat() {
    // x . .     O threatens 3-4-5; X must block at 5 (then it is a draw).
    // o o .
    // x . .
    let (r, _) = run("x..oo.x..", &depth(9), 1);
    assert_eq!(r.best, Some(5));
    assert_eq!(r.score, 0);
}

#[test]
fn finds_the_fork_that_wins_in_three_plies() {
    // . . .     X plays 0: threatens 0-3-6 and 0-4-8 at once.
    // x . o     (values checked by exhaustive minimax)
    // . o x
    let (r, _) = run("...x.o.ox", &depth(9), 1);
    assert_eq!(r.best, Some(0));
    assert_eq!(r.score, mate_in(3));
    assert_eq!(xboard_score(r.score), 100_002);
    assert_eq!(r.pv.len(), 3);
    assert_eq!(r.ponder, Some(r.pv[1]));
    // X on 0 and 8, O on 4, O to move: a corner loses to a fork, an edge draws.
    let (r, _) = run("x...o...x", &depth(9), 1);
    assert_eq!(r.score, 0);
    assert!([1, 3, 5, 7].contains(&r.best.unwrap()), "{:?}", r.best);
}

#[test]
fn losing_side_sees_the_mate_against_it() {
    // O to move cannot stop both threats: X has 0-1-2 open at 2 and 0-4-8 at 8.
    let (r, _) = run("xx.ox.o..", &depth(9), 1);
    assert_eq!(r.score, mated_in(2));
    assert_eq!(xboard_score(r.score), -100_001);
}

#[test]
fn excluded_moves_are_not_played() {
    let mut params = depth(5);
    params.exclude = vec![2];
    let (r, _) = run("xx.oo....", &params, 1);
    assert_ne!(r.best, Some(2));
    assert!(r.best.is_some());
    // Without 2, X must block 5 and the game is a draw.
    assert_eq!(r.best, Some(5));
    assert_eq!(r.score, 0);
    params.exclude = vec![2, 5, 6, 7, 8];
    let (r, _) = run("xx.oo....", &params, 1);
    assert_eq!(r.best, None);
    assert_eq!(r.score, 0);
}

#[test]
fn full_board_reports_no_move() {
    let (r, infos) = run("xoxxoooxx", &depth(3), 1);
    assert_eq!(r.best, None);
    assert_eq!(r.score, 0);
    assert!(infos.is_empty());
}

#[test]
fn node_limit_is_respected_closely() {
    let (r, _) = run(".........", &SearchParams::new(Limits::Nodes(300)), 1);
    assert!((300..300 + 64).contains(&r.nodes), "{}", r.nodes);
    assert!(r.best.is_some());
    let mut params = depth(9);
    params.caps.nodes = Some(200);
    let (r, _) = run(".........", &params, 1);
    assert!((200..264).contains(&r.nodes), "{}", r.nodes);
}

#[test]
fn depth_cap_limits_iterations() {
    let mut params = SearchParams::new(Limits::Infinite);
    params.caps.depth = Some(3);
    let (r, infos) = run(".........", &params, 1);
    assert_eq!(r.depth, 3);
    assert_eq!(infos.len(), 3);
}

#[test]
fn abandon_marks_the_result() {
    let mut searcher: Searcher<TicTacToe> = Searcher::new(1);
    let stop = AtomicU8::new(ABANDON);
    let pos = TicTacToe::from_text(".........");
    let r = searcher.search(
        &pos,
        &[],
        &SearchParams::new(Limits::Infinite),
        &stop,
        &mut |_| {},
    );
    assert!(r.abandoned);
    assert!(r.best.is_some());
    let stop = AtomicU8::new(STOP);
    let r = searcher.search(
        &pos,
        &[],
        &SearchParams::new(Limits::Infinite),
        &stop,
        &mut |_| {},
    );
    assert!(!r.abandoned);
    assert!(r.best.is_some());
}

#[test]
fn threads_agree_with_one_thread() {
    for text in ["xx.oo....", "x..oo.x..", "xx.ox.o..", "........."] {
        let (one, _) = run(text, &depth(9), 1);
        let (two, _) = run(text, &depth(9), 2);
        assert_eq!(one.score, two.score, "{text}");
    }
    let (two, _) = run("xx.oo....", &depth(9), 3);
    assert_eq!(two.best, Some(2));
}

#[test]
fn bench_counts_nodes_reproducibly() {
    let positions = [
        TicTacToe::from_text("........."),
        TicTacToe::from_text("x...o...."),
    ];
    let (a, _) = bench(&positions, 6);
    let (b, _) = bench(&positions, 6);
    assert_eq!(a, b);
    assert!(a > 100);
}

#[test]
fn pv_strings_follow_the_line() {
    let pos = TicTacToe::from_text("xx.oo....");
    assert_eq!(pv_to_strings(&pos, &[2]), vec!["2".to_string()]);
}

#[test]
fn progress_is_published_for_other_threads() {
    let progress = std::sync::Arc::new(Progress::default());
    let mut params = depth(9);
    params.progress = Some(std::sync::Arc::clone(&progress));
    let (r, _) = run(".........", &params, 1);
    let snap = progress.snapshot();
    assert_eq!((snap.depth, snap.moves_total, snap.moves_left), (9, 9, 1));
    let (current, done) = progress.current_move();
    assert!(current.is_some_and(|m| m < 9), "{current:?}");
    assert_eq!(done, 8);
    assert!(
        snap.nodes > 0 && snap.nodes <= r.nodes,
        "{snap:?} {}",
        r.nodes
    );
}

#[test]
fn multi_pv_reports_the_best_lines_in_order() {
    let mut searcher = Searcher::new(1);
    searcher.set_multi_pv(3);
    let (r, infos) = run_with(searcher, "xx.oo....", &depth(5), 1);
    assert_eq!(r.best, Some(2));
    let last: Vec<(usize, Score, u8)> = infos
        .iter()
        .filter(|i| i.depth == 5)
        .map(|i| (i.multipv, i.score, i.pv[0]))
        .collect();
    assert_eq!(last.len(), 3, "{last:?}");
    assert_eq!(&last[..2], &[(1, mate_in(1), 2), (2, 0, 5)]);
    assert_eq!((last[2].0, last[2].1), (3, mated_in(2)));
    assert!([6, 7, 8].contains(&last[2].2));
}

#[test]
fn draw_score_is_seen_from_the_root_side() {
    for contempt in [-50, 0, 30] {
        let params = depth(9);
        let run = |text| {
            let mut searcher = Searcher::new(1);
            searcher.set_draw_score(contempt);
            run_with(searcher, text, &params, 1)
        };
        // Every line ends in a full board (three plies: the opponent's draw
        // is negated back), or the root itself is full.
        assert_eq!(run("..xxooo.x").0.score, contempt);
        assert_eq!(run("..oo.xxox").0.score, contempt);
        assert_eq!(run("xoxxoooxx").0.score, contempt);
    }
}

/// A fresh table and shared state for one worker, and `run` given them.
fn with_worker<R>(
    text: &str,
    run: impl FnOnce(&mut super::worker::Worker<'_, TicTacToe>, &TranspositionTable) -> R,
) -> R {
    use super::evalcache::EvalCache;
    use super::history::Heuristics;
    use super::worker::{Shared, Worker};
    use std::sync::atomic::{AtomicBool, AtomicU64};
    let tt = TranspositionTable::new(1);
    let stop = AtomicU8::new(RUN);
    let shared = Shared {
        stop: &stop,
        helpers_stop: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        start: std::time::Instant::now(),
        hard: None,
        max_nodes: None,
        progress: None,
        draw_score: 0,
    };
    let mut heuristics = Heuristics::default();
    let mut cache = EvalCache::default();
    let root = TicTacToe::from_text(text);
    let mut w = Worker::new(&root, &[], &tt, &shared, &mut heuristics, &mut cache);
    run(&mut w, &tt)
}

/// Searches `text` at ply 0 to `depth` with the move `excluded` left out,
/// as a singular-extension search does; returns the score and whether the
/// table then holds the position.
fn search_without(text: &str, excluded: Option<u8>, depth: i32) -> (Score, bool) {
    use super::tt::table_id;
    with_worker(text, |w, tt| {
        w.excluded[0] = excluded.map(table_id::<TicTacToe>);
        let score = w.alphabeta(-score::INFINITY, score::INFINITY, depth, 0);
        (score, tt.probe(w.pos.hash(), 0).is_some())
    })
}

/// The depths one thread's iterative deepening finishes from the empty
/// board up to depth 6, leaving out the depths of `skip_parity`.
fn depths_searched(skip_parity: Option<u32>) -> Vec<u32> {
    let plan = IterationPlan {
        skip_parity,
        max_depth: 6,
        soft: None,
        multi_pv: 1,
        bound_lines_after: None,
    };
    let mut depths = Vec::new();
    let outcome = with_worker(".........", |w, _| {
        let moves = w.pos.legal_moves();
        w.iterate(moves, &plan, Some(&mut |info| depths.push(info.depth)))
    });
    assert_eq!(outcome.depth, 6);
    depths
}

#[test]
fn helper_threads_leave_out_alternate_depths_but_never_the_last() {
    assert_eq!(depths_searched(None), [1, 2, 3, 4, 5, 6]);
    assert_eq!(depths_searched(Some(0)), [1, 3, 5, 6]);
    assert_eq!(depths_searched(Some(1)), [2, 4, 6]);
}

#[test]
fn singular_search_leaves_the_move_out_and_the_table_alone() {
    // X wins at once with cell 2; without it, O wins on the row 3-4-5
    // unless X blocks with 5, and then nobody can win.
    let (score, stored) = search_without("xx.oo....", None, 4);
    assert_eq!((score, stored), (mate_in(1), true));
    let (score, stored) = search_without("xx.oo....", Some(2), 4);
    assert_eq!((score, stored), (0, false));
    // With every move left out but one, that one is still searched; with
    // the only move left out, the node fails low instead of claiming mate.
    let (score, stored) = search_without("xoxxoo.xo", Some(6), 2);
    assert!(score < -score::INFINITY / 2 && !stored, "{score}");
}
