//! XBoard transcripts for the variant end rules: what the engine offers
//! (and does not claim) when a makruk count runs out, under each variant's
//! move rule, and at xiangqi repetitions. Run in-process over channels
//! (`xboard::session`); a `ping N` after each exchange marks where its
//! output ends.

use crossbeam_channel::{Receiver, Sender};
use nightrider::engine::Config;
use nightrider::xboard;
use std::time::Duration;

/// Generous bound on waiting for a line; only reached when the engine hangs.
const PATIENCE: Duration = Duration::from_secs(30);

struct Engine {
    tx: Sender<String>,
    rx: Receiver<String>,
    pings: u32,
}

impl Engine {
    fn new() -> Engine {
        let config = Config {
            ini_path: Some("fmax.ini".into()),
            mailbox_board: false,
            tunables: None,
        };
        let (tx, rx) = xboard::session(config).unwrap();
        Engine { tx, rx, pings: 0 }
    }

    /// Sends `lines` and a ping; returns everything before the pong.
    fn exchange(&mut self, lines: &str) -> Vec<String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        for line in lines
            .lines()
            .chain([format!("ping {}", self.pings).as_str()])
        {
            self.tx.send(line.to_string()).unwrap();
        }
        let mut seen = Vec::new();
        loop {
            match self.rx.recv_timeout(PATIENCE) {
                Ok(line) if line == pong => return seen,
                Ok(line) => seen.push(line),
                Err(e) => panic!("engine silent ({e}); output so far: {seen:?}"),
            }
        }
    }
}

/// Sends `setup` (ignoring its output), then `go` lines; returns what the
/// engine says before the pong.
fn after_setup(e: &mut Engine, setup: &str, go: &str) -> Vec<String> {
    e.exchange(setup);
    e.exchange(go)
}

#[test]
fn makruk_counting_draw_is_offered_never_claimed_and_play_goes_on() {
    // XBoard does not referee the counting rule: a claim would be judged
    // false and forfeit the claimer (backend.c accepts draw claims only for
    // repetition, the 50-move rule and insufficient material). So the draw
    // is offered, and when the game goes on a new count starts.
    let mut e = Engine::new();
    let board = "8/8/8/8/3k4/8/R7/4K3 w -";
    // Black's lone king has counted past the limit a rook gives (16 moves =
    // 32 plies): offer, then move on.
    let out = after_setup(
        &mut e,
        &format!("new\nvariant makruk\nforce\nsetboard {board} 32 33 19"),
        "sd 3\ngo",
    );
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(out[0], "offer draw");
    assert!(out[1].starts_with("move "), "{out:?}");
    // At the limit white may still mate; no mate in one here, so the move
    // runs the count out: the offer comes before it, no claim after it.
    let out = after_setup(
        &mut e,
        &format!("new\nvariant makruk\nforce\nsetboard {board} 32 32 19"),
        "sd 3\ngo",
    );
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(out[0], "offer draw");
    assert!(out[1].starts_with("move "), "{out:?}");
    // The GUI plays on: no second offer, a move, and a new count runs.
    let black = e.exchange("force\nsd 1\ngo");
    assert_eq!(black.len(), 1, "{black:?}");
    assert!(black[0].starts_with("move "), "{black:?}");
    let out = e.exchange("white\nsd 3\ngo");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("move "), "{out:?}");
    // Two plies before the limit nothing is offered.
    let out = after_setup(
        &mut e,
        &format!("new\nvariant makruk\nforce\nsetboard {board} 32 30 19"),
        "sd 3\ngo",
    );
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("move "), "{out:?}");
}

#[test]
fn move_rule_is_data_makruk_has_none_and_asean_keeps_fifty() {
    let mut e = Engine::new();
    // Pawns on the board, so no count runs; 100 plies without capture.
    let fen = "4k3/8/2p5/8/8/2P5/8/R3K3 w - - 100 80";
    let out = after_setup(
        &mut e,
        &format!("new\nvariant makruk\nforce\nsetboard {fen}"),
        "sd 2\ngo",
    );
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("move "), "{out:?}");
    let out = after_setup(
        &mut e,
        &format!("new\nvariant asean\nforce\nsetboard {fen}"),
        "sd 2\ngo",
    );
    assert_eq!(out, ["1/2-1/2 {50-move rule}"]);
}

#[test]
fn xiangqi_repetition_is_claimed_but_a_perpetual_check_win_is_not() {
    let mut e = Engine::new();
    // XBoard numbers xiangqi's ranks from 0. White's rook checks black's
    // general from e4 and d4 in turn; the general answers e9-d9 and back.
    let start = "4k4/9/9/9/9/7R1/9/9/9/5K3 w - - 0 1";
    let moves = |list: [&str; 9]| list.map(|m| format!("usermove {m}\n")).concat();
    let checks = moves([
        "h4e4", "e9d9", "e4d4", "d9e9", "d4e4", "e9d9", "e4d4", "d9e9", "d4e4",
    ]);
    // The third occurrence with black to move: white checked every time and
    // has lost, but GUIs take only mates as win claims, so black plays on.
    let out = after_setup(
        &mut e,
        &format!("new\nvariant xiangqi\nforce\nsetboard {start}\n{checks}"),
        "sd 2\ngo",
    );
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("move e9"), "{out:?}");
    // The same dance without checks: the third occurrence (black to move) is
    // a draw, claimed.
    let quiet = moves([
        "h4h5", "e9d9", "h5h4", "d9e9", "h4h5", "e9d9", "h5h4", "d9e9", "h4h5",
    ]);
    let out = after_setup(
        &mut e,
        &format!("new\nvariant xiangqi\nforce\nsetboard {start}\n{quiet}"),
        "sd 2\ngo",
    );
    assert_eq!(out, ["1/2-1/2 {Draw by repetition}"]);
}

#[test]
fn shatranj_and_courier_claim_the_seventy_move_rule_not_fifty() {
    let mut e = Engine::new();
    let cases = [
        ("shatranj", "1r2k3/8/8/8/8/8/8/R3K3 w -"),
        ("courier", "1r2k7/12/12/12/12/12/12/R3K7 w -"),
    ];
    for (variant, board) in cases {
        // 50 moves without capture or pawn move: play on.
        let out = after_setup(
            &mut e,
            &format!("new\nvariant {variant}\nforce\nsetboard {board} - 100 80"),
            "sd 2\ngo",
        );
        assert_eq!(out.len(), 1, "{variant}: {out:?}");
        assert!(out[0].starts_with("move "), "{variant}: {out:?}");
        // 70 moves: the draw is claimed.
        let out = after_setup(
            &mut e,
            &format!("new\nvariant {variant}\nforce\nsetboard {board} - 140 90"),
            "sd 2\ngo",
        );
        assert_eq!(out, ["1/2-1/2 {70-move rule}"], "{variant}");
    }
}

/// A third occurrence is a draw in the makruk family and ASEAN
/// (Fairy-Stockfish), but cutechess-cli counts no repetition there and
/// forfeits a claimer: the draw is offered before the move, never claimed,
/// and the engine plays on. In orthodox chess it is claimed.
#[test]
fn makruk_family_and_asean_offer_a_repetition_draw_and_play_on() {
    let mut e = Engine::new();
    let start = "rn2k3/8/2p5/8/8/2P5/8/RN2K3 w - - 0 1";
    let dance = [
        "b1d2", "b8d7", "d2b1", "d7b8", "b1d2", "b8d7", "d2b1", "d7b8",
    ]
    .map(|m| format!("usermove {m}\n"))
    .concat();
    for variant in ["makruk", "cambodian", "ai-wok", "asean"] {
        // White to move in the start position for the third time.
        let out = after_setup(
            &mut e,
            &format!("new\nvariant {variant}\nforce\nsetboard {start}\n{dance}"),
            "sd 2\ngo",
        );
        assert_eq!(out.len(), 2, "{variant}: {out:?}");
        assert_eq!(out[0], "offer draw", "{variant}");
        assert!(out[1].starts_with("move "), "{variant}: {out:?}");
    }
    let out = after_setup(
        &mut e,
        &format!("new\nforce\nsetboard {start}\n{dance}"),
        "sd 2\ngo",
    );
    assert_eq!(out, ["1/2-1/2 {Draw by repetition}"]);
}
