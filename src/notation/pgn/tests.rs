//! PGN reader and writer tests (files in tests/data/pgn).

use super::*;
use crate::bitboard::BitboardPos;

const MIXED: &str = include_str!("../../../tests/data/pgn/mixed.pgn");

#[test]
fn reads_games_and_reports_the_malformed_one() {
    let file = read_pgn(MIXED);
    let events: Vec<&str> = file.games.iter().filter_map(|g| g.tag("Event")).collect();
    assert_eq!(events, ["first", "second", "illegal", "from FEN"]);
    assert_eq!(file.errors, ["line 13: malformed tag [Result \"0-1\""]);
    let first = &file.games[0];
    assert_eq!(first.line, 2);
    assert_eq!(first.result, "1-0");
    assert_eq!(first.white_score(), Some(1));
    let texts: Vec<&str> = first.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts.len(), 16);
    assert_eq!(&texts[..6], ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(first.moves[0].comment.as_deref(), Some("king's pawn"));
    assert_eq!(first.moves[2].mark, "!");
    assert_eq!(first.moves[4].mark, "!");
    assert_eq!(first.moves[4].nags, [1]);
    assert_eq!(first.moves[5].mark, "?");
    assert_eq!(file.games[1].moves[3].mark, "?!");
    assert_eq!(file.games[1].white_score(), Some(0));
    assert_eq!(file.games[1].moves[0].text, "d4");
}

#[test]
fn replays_san_fen_and_reports_illegal_moves() {
    let file = read_pgn(MIXED);
    let mut pos = BitboardPos::startpos();
    let moves = replay(&file.games[0], &mut pos).unwrap();
    assert_eq!(moves.len(), 16);
    assert_eq!(
        pos.to_fen(),
        "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N2/PP1P1PPP/RNBQR1K1 w - - 1 9"
    );
    let mut pos = BitboardPos::startpos();
    assert_eq!(
        replay(&file.games[2], &mut pos),
        Err("game at line 21: illegal move 2. Ke3".to_string())
    );
    let mut pos = BitboardPos::startpos();
    replay(&file.games[3], &mut pos).unwrap();
    assert_eq!(pos.to_fen(), "8/8/3k4/8/4P3/8/8/4K3 w - - 1 12");
}

#[test]
fn unterminated_comment_and_variation_are_one_error_each() {
    let text = "[Event \"a\"]\n\n1. e4 (1. d4 e5 *\n\n[Event \"b\"]\n\n1. e4 {oops *\n";
    let file = read_pgn(text);
    assert!(file.games.is_empty());
    assert_eq!(
        file.errors,
        [
            "line 3: unterminated variation",
            "line 7: unterminated comment"
        ]
    );
    let text = "1. e4 {never closed\n";
    assert_eq!(read_pgn(text).errors, ["line 1: unterminated comment"]);
    let text = "1. e4 e5 ) 2. Nf3 *\n[Event \"ok\"]\n1. d4 *\n";
    let file = read_pgn(text);
    assert_eq!(file.errors, ["line 1: ')' without '('"]);
    assert_eq!(file.games.len(), 1);
}

/// Reads `text` on another thread: a reader that stops advancing fails
/// the test after a few seconds instead of hanging it.
fn read_pgn_in_time(text: &str) -> PgnFile {
    let (tx, rx) = std::sync::mpsc::channel();
    let text = text.to_string();
    std::thread::spawn(move || tx.send(read_pgn(&text)));
    rx.recv_timeout(std::time::Duration::from_secs(5))
        .expect("read_pgn did not finish (a loop that does not advance)")
}

#[test]
fn stray_brackets_and_braces_mid_line_fail_their_game_and_reading_goes_on() {
    for stray in [']', '}', '['] {
        let text = format!(
            "[Event \"bad\"]\n\n1. e4 {stray} e5 2. Nf3 *\n\n[Event \"good\"]\n\n1. d4 d5 1/2-1/2\n"
        );
        let file = read_pgn_in_time(&text);
        assert_eq!(file.errors, [format!("line 3: stray '{stray}'")]);
        let events: Vec<&str> = file.games.iter().filter_map(|g| g.tag("Event")).collect();
        assert_eq!(events, ["good"], "{stray}");
        assert_eq!(file.games[0].moves.len(), 2);
    }
    for text in [
        "]",
        "}",
        "1. e4]",
        "e4}[",
        "[Event \"x\"] ]",
        "1. e4 e5 [x] *",
    ] {
        let file = read_pgn_in_time(text);
        assert!(file.games.is_empty(), "{text:?}: {:?}", file.games);
        assert_eq!(file.errors.len(), 1, "{text:?}: {:?}", file.errors);
    }
}

#[test]
fn writer_round_trips_through_the_reader() {
    let mut pos = BitboardPos::startpos();
    let file = read_pgn(MIXED);
    let moves = replay(&file.games[0], &mut pos).unwrap();
    let with_comments: Vec<_> = moves
        .iter()
        .enumerate()
        .map(|(i, &m)| (m, (i == 0).then(|| "best by test".to_string())))
        .collect();
    let tags = vec![("Event".to_string(), "re \"written\"".to_string())];
    let text = write_pgn(&BitboardPos::startpos(), &tags, &with_comments, "1-0");
    assert!(text.starts_with(
        "[Event \"re \\\"written\\\"\"]\n[Result \"1-0\"]\n\n1. e4 {best by test} e5 2. Nf3 Nc6 3. Bb5 a6"
    ));
    assert!(text.lines().all(|l| l.len() <= 79));
    let again = read_pgn(&text);
    assert_eq!(again.games.len(), 1);
    assert_eq!(again.games[0].tag("Event"), Some("re \"written\""));
    let mut replayed = BitboardPos::startpos();
    assert_eq!(replay(&again.games[0], &mut replayed).unwrap(), moves);
}

#[test]
fn writer_numbers_from_a_black_fen() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 10";
    let start = BitboardPos::from_fen(fen, false).unwrap();
    let mut pos = start.clone();
    let m1 = pos.parse_move("e8d7").unwrap();
    pos.make(m1);
    let m2 = pos.parse_move("e2e4").unwrap();
    let text = write_pgn(&start, &[], &[(m1, None), (m2, None)], "*");
    assert_eq!(text, "[Result \"*\"]\n\n10... Kd7 11. e4 *\n");
}

const NESTED: &str = "[Event \"nested\"]
[Result \"*\"]

{Start} 1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5 (2... Nf6)) 2... d6) (1... e6)
2. Nf3! $14 Nc6 ({Or} 2... d6 $2) 3. Bb5 *
";

#[test]
fn nested_variations_round_trip_through_the_reader() {
    let file = read_pgn(NESTED);
    assert_eq!(file.errors, Vec::<String>::new());
    let game = &file.games[0];
    let texts = |moves: &[PgnMove]| moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&game.moves), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(game.moves[0].comment_before.as_deref(), Some("Start"));
    // The variations of 1...e5 stand in its place: 1...c5 and 1...e6.
    let e5 = &game.moves[1];
    assert_eq!(e5.variations.len(), 2);
    let sicilian = &e5.variations[0];
    assert_eq!(texts(sicilian), ["c5", "Nf3", "d6"]);
    assert_eq!(sicilian[0].comment.as_deref(), Some("Sicilian"));
    assert_eq!(texts(&sicilian[1].variations[0]), ["c3", "d5"]);
    assert_eq!(texts(&sicilian[1].variations[0][1].variations[0]), ["Nf6"]);
    assert_eq!(texts(&e5.variations[1]), ["e6"]);
    let nc6 = &game.moves[3];
    assert_eq!(nc6.variations[0][0].comment_before.as_deref(), Some("Or"));
    assert_eq!(nc6.variations[0][0].mark, "?");
    assert_eq!(game.moves[2].mark, "!");
    assert_eq!(game.moves[2].nags, [14]);
    let text = write_game(game);
    assert_eq!(
        text,
        "[Event \"nested\"]\n[Result \"*\"]\n\n\
         {Start} 1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3 d5 (2... Nf6)) 2... d6)\n\
         (1... e6) 2. Nf3! $14 Nc6 ({Or} 2... d6 $2) 3. Bb5 *\n"
    );
    let again = read_pgn(&text);
    assert_eq!(again.errors, Vec::<String>::new());
    assert_eq!(again.games[0].moves, game.moves);
    assert_eq!(again.games[0].tags, game.tags);
    let mut pos = BitboardPos::startpos();
    assert_eq!(check_variations(game, &pos), Ok(()));
    assert_eq!(replay(game, &mut pos).map(|m| m.len()), Ok(5));
}

#[test]
fn bad_parentheses_and_illegal_variation_moves_are_one_line_errors() {
    for (text, error) in [
        (
            "1. e4 e5 (1... c5 2. Nf3 2. Bb5 *\n",
            "line 1: unterminated variation",
        ),
        (
            "1. e4 e5 (1... c5 (1... e6) 2. Nf3 *\n",
            "line 1: unterminated variation",
        ),
        ("1. e4 e5 (1... c5)) 2. Nf3 *\n", "line 1: ')' without '('"),
        ("\n( 1. e4 ) 1. d4 *\n", "line 2: '(' before any move"),
    ] {
        let file = read_pgn_in_time(text);
        assert!(file.games.is_empty(), "{text:?}");
        assert_eq!(file.errors, [error], "{text:?}");
    }
    // Nesting deeper than the limit fails its game, whatever the depth.
    for depth in [MAX_NESTING + 1, 100_000] {
        let deep = format!("1. e4{} *\n", " (1. e4".repeat(depth) + &")".repeat(depth));
        let file = read_pgn_in_time(&deep);
        assert!(file.games.is_empty());
        assert_eq!(file.errors, ["line 1: variations nested deeper than 64"]);
    }
    let deep = format!(
        "1. e4{} *\n",
        " (1. e4".repeat(MAX_NESTING) + &")".repeat(MAX_NESTING)
    );
    assert_eq!(read_pgn(&deep).games.len(), 1);
    // A variation without moves is dropped; a comment in it is kept.
    let file = read_pgn("1. e4 ({only words}) e5 () *");
    let game = &file.games[0];
    assert_eq!(game.moves[0].comment.as_deref(), Some("only words"));
    assert!(game.moves.iter().all(|m| m.variations.is_empty()));
    let file = read_pgn("[Event \"x\"]\n\n1. e4 e5 2. Nf3 (2. Bc4 Nf6 (2... Nf9) 3. d3) *\n");
    let game = &file.games[0];
    assert_eq!(
        check_variations(game, &BitboardPos::startpos()),
        Err("game at line 1: illegal move 2... Nf9 in a variation".into())
    );
}
