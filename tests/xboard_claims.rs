//! When Nightrider claims a game end, as a real XBoard referee judges it:
//! XBoard (backend.c, `bare`) counts a shatranj bare king only after the
//! bared side's reply, so the win is claimed after that reply, not with the
//! baring move (which XBoard would call a false win claim). A counted
//! check that wins (three-check) is claimed with the checking move, an
//! exploded king (atomic) with the exploding move, as cutechess-cli ends
//! the game itself then; an atomic position whose side not to move is in
//! check is refused. In racing kings white's king on the eighth rank wins
//! at once only when black's king cannot follow with its next move
//! (cutechess-cli's referee waits for that move too); both kings there is a
//! drawn race. Taking the horde's last man, or the last man of a kind in
//! the extinction games, wins with the capture; in losers the capture
//! that leaves a side its king alone, or the move that mates it, wins for
//! that side (cutechess-cli's referee: "lost all pieces", "gets mated").

use crossbeam_channel::Receiver;
use std::time::Duration;

/// Output lines up to and including `pong N`.
fn until_pong(rx: &Receiver<String>, n: u32) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("engine output");
        if line == format!("pong {n}") {
            return lines;
        }
        lines.push(line);
    }
}

/// An XBoard session on `variant` in force mode, set up at `fen`, that will
/// think 3 plies deep.
fn session_at(variant: &str, fen: &str) -> (crossbeam_channel::Sender<String>, Receiver<String>) {
    let config = nightrider::engine::Config::default();
    let (tx, rx) = nightrider::xboard::session(config).unwrap();
    let variant = format!("variant {variant}");
    for line in ["xboard", "protover 2", "new", variant.as_str(), "force"] {
        tx.send(line.into()).unwrap();
    }
    tx.send(format!("setboard {fen}")).unwrap();
    tx.send("sd 3".into()).unwrap();
    (tx, rx)
}

#[test]
fn shatranj_bare_king_win_is_claimed_after_the_bared_sides_reply() {
    // White: king e1, rook a1; black: king e8 and a ferz (Q) on d2 that the king can take.
    // No `post`: the output is protocol lines only.
    let (tx, rx) = session_at("shatranj", "4k3/8/8/8/8/8/3q4/R3K3 w - - 0 1");
    tx.send("go".into()).unwrap();
    tx.send("ping 1".into()).unwrap();
    let first = until_pong(&rx, 1);
    let after_setboard: Vec<&String> = first
        .iter()
        .skip_while(|l| !l.starts_with("setup") && !l.starts_with("feature"))
        .filter(|l| !l.starts_with("feature") && !l.starts_with("setup") && !l.starts_with("piece"))
        .collect();
    assert_eq!(after_setboard, ["move e1d2"], "{first:?}");
    tx.send("usermove e8d7".into()).unwrap();
    tx.send("ping 2".into()).unwrap();
    let second = until_pong(&rx, 2);
    assert_eq!(second, ["1-0 {White wins by bare king}"]);
}

#[test]
fn the_last_counted_check_is_claimed_with_the_checking_move() {
    // White has one check left to give (`1+2`); the rook gives it at once.
    let (tx, rx) = session_at("3check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+2 0 1");
    let lines = answer_to_go(&tx, &rx, 1);
    let last_two = &lines[lines.len().saturating_sub(2)..];
    assert!(
        last_two[0].starts_with("move ") && last_two[1] == "1-0 {White wins by checks given}",
        "{lines:?}"
    );
}

#[test]
fn karouk_is_won_by_the_first_check() {
    // Karouk: Cambodian chess whose first check wins. Only a1a8 checks
    // Black's king on h8 (the king on e1 blocks the way to h1); the engine
    // plays it and claims the win with the move.
    let (tx, rx) = session_at("karouk", "7k/8/8/8/8/8/8/R3K3 w - - 1+1 0 1");
    let lines = answer_to_go(&tx, &rx, 1);
    let last_two = &lines[lines.len().saturating_sub(2)..];
    assert!(
        last_two[0].starts_with("move a1a8") && last_two[1] == "1-0 {White wins by checks given}",
        "{lines:?}"
    );
}

#[test]
fn placement_starts_with_drops_and_no_claim_for_the_king_in_hand() {
    // Both kings start in hand: no side has lost its royal piece.
    let (tx, rx) = session_at(
        "placement",
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
    );
    let lines = answer_to_go(&tx, &rx, 1);
    let moves: Vec<&String> = lines.iter().filter(|l| l.starts_with("move ")).collect();
    assert!(
        moves.len() == 1 && moves[0].contains('@') && !lines.iter().any(|l| l.contains('{')),
        "{lines:?}"
    );
}

#[test]
fn exploding_the_king_is_claimed_with_the_exploding_move() {
    // White stands in check, but Rxd7 explodes the black king on e8.
    let (tx, rx) = session_at("atomic", "4k3/3n4/8/8/8/8/4r3/3RK3 w - - 0 1");
    let lines = answer_to_go(&tx, &rx, 1);
    let last_two = &lines[lines.len().saturating_sub(2)..];
    assert_eq!(
        last_two,
        ["move d1d7", "1-0 {White wins by exploding the royal piece}"],
        "{lines:?}"
    );
}

#[test]
fn an_atomic_setboard_whose_side_not_to_move_is_in_check_is_refused() {
    // Black's king on e8 stands in the white rook's line with white to move.
    let (tx, rx) = session_at("atomic", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    tx.send("ping 1".into()).unwrap();
    until_pong(&rx, 1);
    tx.send("setboard 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1".into())
        .unwrap();
    tx.send("usermove e1g1".into()).unwrap();
    tx.send("ping 2".into()).unwrap();
    assert_eq!(
        until_pong(&rx, 2),
        ["tellusererror Illegal position", "Illegal move: e1g1"]
    );
    // Kings that touch give no check: that position is taken.
    tx.send("setboard 8/8/8/8/8/8/3k4/3RK3 w - - 0 1".into())
        .unwrap();
    tx.send("usermove e1f1".into()).unwrap();
    tx.send("ping 3".into()).unwrap();
    assert_eq!(until_pong(&rx, 3), Vec::<String>::new());
}

/// The protocol lines of a session's answer to `go`, features left out.
fn answer_to_go(
    tx: &crossbeam_channel::Sender<String>,
    rx: &Receiver<String>,
    n: u32,
) -> Vec<String> {
    tx.send("go".into()).unwrap();
    tx.send(format!("ping {n}")).unwrap();
    until_pong(rx, n)
        .into_iter()
        .filter(|l| !l.starts_with("feature") && !l.starts_with("setup") && !l.starts_with("piece"))
        .collect()
}

#[test]
fn a_racing_king_that_black_cannot_follow_wins_with_its_move() {
    let (tx, rx) = session_at("racingkings", "8/6K1/8/8/8/8/8/k7 w - - 0 1");
    let lines = answer_to_go(&tx, &rx, 1);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        ["move g7f8", "move g7g8", "move g7h8"].contains(&lines[0].as_str()),
        "{lines:?}"
    );
    assert_eq!(lines[1], "1-0 {White wins by reaching the goal}");
}

#[test]
fn black_following_a_racing_king_to_the_eighth_rank_is_a_drawn_race() {
    // Both kings one step from the eighth rank, white to move: going there
    // first is white's only way not to lose, and black equalises.
    let (tx, rx) = session_at("racingkings", "8/1k4K1/8/8/8/8/8/8 w - - 0 1");
    let lines = answer_to_go(&tx, &rx, 1);
    assert_eq!(
        lines.len(),
        1,
        "no claim while black may equalise: {lines:?}"
    );
    assert!(
        lines[0].starts_with("move g7") && lines[0].ends_with('8'),
        "{lines:?}"
    );
    tx.send("usermove b7b8".into()).unwrap();
    tx.send("ping 2".into()).unwrap();
    assert_eq!(until_pong(&rx, 2), ["1/2-1/2 {Draw by reaching the goal}"]);
}

#[test]
fn taking_the_last_man_of_the_horde_is_claimed_with_the_capture() {
    let (tx, rx) = session_at("horde", "4k3/8/8/8/8/8/3q4/4P3 b - - 0 1");
    let lines = answer_to_go(&tx, &rx, 1);
    assert_eq!(lines, ["move d2e1", "0-1 {Black wins by extinction}"]);
}

#[test]
fn taking_the_last_man_of_a_kind_is_claimed_with_the_capture() {
    // Extinction chess: black's only queen; three kings: one of three.
    let cases = [
        (
            "extinction",
            "r3k3/pbn4q/8/8/8/8/PBN4Q/3RK3 w - - 0 1",
            "move h2h7",
        ),
        (
            "threekings",
            "k1k4k/8/8/8/8/8/8/Q1K1K2K w - - 0 1",
            "move a1a8",
        ),
    ];
    for (variant, fen, capture) in cases {
        let (tx, rx) = session_at(variant, fen);
        let lines = answer_to_go(&tx, &rx, 1);
        assert_eq!(
            lines,
            [capture, "1-0 {White wins by extinction}"],
            "{variant}"
        );
    }
}

#[test]
fn in_losers_the_side_bared_or_mated_wins_and_the_win_is_claimed_at_once() {
    // The forced capture of black's queen leaves black its king alone.
    let (tx, rx) = session_at("losers", "4k3/8/8/8/8/8/3q3P/4K3 w - - 0 1");
    let lines = answer_to_go(&tx, &rx, 1);
    assert_eq!(lines, ["move e1d2", "0-1 {Black wins by extinction}"]);
    // Black's only move, a compulsory capture, mates white: white wins.
    let (tx, rx) = session_at("losers", "r6k/8/8/8/8/8/5PPP/N5K1 b - - 0 1");
    let lines = answer_to_go(&tx, &rx, 1);
    assert_eq!(lines, ["move a8a1", "1-0 {White gets mated}"]);
}
