//! Console transcripts of the tools on files: `read`/`reada`/`savegame`/`pgn`,
//! `test` suites (tests/data/suites), `annotate`/`annotateh`, and the
//! one-line errors for bad files. Searches are depth-limited (`sd`), so no
//! result depends on timing; node counts and times are cut off the lines.

#[path = "support/session.rs"]
mod session;

use session::{run_in, scratch, session_in};
use std::path::Path;

const SUITES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/suites");

const GAME: &str = "[Event \"Round trip\"]
[Site \"Test\"]
[Date \"2026.11.21\"]
[Round \"3\"]
[White \"Alice\"]
[Black \"Bob\"]
[Result \"1-0\"]
[ECO \"C20\"]

1. e4 {King's pawn} e5 2. Qh5 Nc6 3. Bc4 Nf6 {a blunder} 4. Qxf7# 1-0
";

const CAPABLANCA: &str = "[Event \"Capablanca from a position\"]
[Site \"?\"]
[Date \"2026.11.21\"]
[Round \"1\"]
[White \"A\"]
[Black \"B\"]
[Result \"*\"]
[Variant \"capablanca\"]
[SetUp \"1\"]
[FEN \"4k5/10/10/5A4/1r8/10/10/9K w - - 0 1\"]

1. Ad6+ {fork} Kd7 2. Axb4 *
";

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn read_and_savegame_round_trip_pgn_with_tags_comments_and_variants() {
    let dir = scratch("roundtrip");
    write(&dir, "game.pgn", GAME);
    write(&dir, "capa.pgn", CAPABLANCA);
    let input =
        "read game.pgn\nhistory\nsavegame out.pgn\npgn White Carl Sen\npgn Annotator \"me\"\n\
                 savegame tags.pgn\nread capa.pgn\nhistory\nsavegame capa-out.pgn\n";
    let out = session_in(&dir, &[], input);
    assert_eq!(
        out,
        [
            "White(1): read game.pgn",
            "read game 1 of game.pgn: 7 plies of normal",
            "Black(4): history",
            "  1. e2e4 e7e5",
            "  2. d1h5 b8c6",
            "  3. f1c4 g8f6",
            "  4. h5f7",
            "Black(4): savegame out.pgn",
            "saved 7 plies of normal to out.pgn, result 1-0",
            "Black(4): pgn White Carl Sen",
            "[White \"Carl Sen\"]",
            "Black(4): pgn Annotator \"me\"",
            "[Annotator \"me\"]",
            "Black(4): savegame tags.pgn",
            "saved 7 plies of normal to tags.pgn, result 1-0",
            "Black(4): read capa.pgn",
            "read game 1 of capa.pgn: 3 plies of capablanca",
            "Black(2): history",
            "  1. f5d6 e8d7",
            "  2. d6b4",
            "Black(2): savegame capa-out.pgn",
            "saved 3 plies of capablanca to capa-out.pgn, result *",
        ]
    );
    assert_eq!(read(&dir, "out.pgn"), GAME);
    let edited = GAME
        .replace("Alice", "Carl Sen")
        .replace("[ECO \"C20\"]", "[ECO \"C20\"]\n[Annotator \"me\"]");
    assert_eq!(read(&dir, "tags.pgn"), edited);
    assert_eq!(read(&dir, "capa-out.pgn"), CAPABLANCA);
    // Other programs capitalise the variant's name.
    write(
        &dir,
        "cap.pgn",
        &CAPABLANCA.replace("\"capablanca\"", "\"Capablanca\""),
    );
    let out = session_in(
        &dir,
        &[],
        "read cap.pgn
",
    );
    assert_eq!(out[1], "read game 1 of cap.pgn: 3 plies of capablanca");
}

#[test]
fn move_lists_are_read_and_appended_and_a_new_game_gets_the_roster() {
    let dir = scratch("movelist");
    write(&dir, "list.txt", "e2e4 e7e5\n1. Nf3\n");
    write(&dir, "more.txt", "Nc6 Bb5\n");
    let input = "read list.txt\nreada more.txt\nhistory\nsavegame list.pgn\n";
    let out = session_in(&dir, &[], input);
    assert_eq!(
        out,
        [
            "White(1): read list.txt",
            "read game 1 of list.txt: 3 plies of normal",
            "Black(2): reada more.txt",
            "read game 1 of more.txt: 2 plies added",
            "Black(3): history",
            "  1. e2e4 e7e5",
            "  2. g1f3 b8c6",
            "  3. f1b5",
            "Black(3): savegame list.pgn",
            "saved 5 plies of normal to list.pgn, result *",
        ]
    );
    let saved = read(&dir, "list.pgn");
    let lines: Vec<&str> = saved.lines().collect();
    assert_eq!(lines[..2], ["[Event \"?\"]", "[Site \"?\"]"]);
    let date = lines[2]
        .strip_prefix("[Date \"")
        .and_then(|d| d.strip_suffix("\"]"))
        .unwrap();
    assert!(
        date.len() == 10 && date.chars().filter(|&c| c == '.').count() == 2,
        "{date}"
    );
    assert_eq!(
        lines[3..],
        [
            "[Round \"?\"]",
            "[White \"?\"]",
            "[Black \"?\"]",
            "[Result \"*\"]",
            "",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 *",
        ]
    );
}

/// The verdict part of a `test` line (node counts and depth cut off).
fn verdict(line: &str) -> &str {
    line.split(" (depth ").next().unwrap()
}

#[test]
fn a_depth_limited_test_suite_solves_every_position_in_four_games() {
    let dir = scratch("suite");
    // Depth 5: the smothered mate (Qg8+ Rxg8 Nf7#) needs it, since razoring
    // leaves the queen-down node after Rxg8 to quiescence at depth 4.
    let input = format!("sd 5\ntest {SUITES}/console.epd\n");
    let (out, progress) = run_in(&dir, &[], &input);
    let verdicts: Vec<&str> = out.iter().map(|l| verdict(l)).collect();
    assert_eq!(
        verdicts[..11],
        [
            "White(1): sd 5".to_string(),
            format!("White(1): test {SUITES}/console.epd"),
            format!("test: 8 positions from {SUITES}/console.epd, depth 5"),
            "1/8 normal-mate-1: solved, Ra8# (bm Ra8#)".into(),
            "2/8 normal-smothered-mate-2: solved, Qg8+ (bm Qg8+)".into(),
            "3/8 normal-knight-fork: solved, Nd7+ (bm Nd7+)".into(),
            "4/8 capablanca-chancellor-mate: solved, Ca8# (bm Ca8#)".into(),
            "5/8 capablanca-archbishop-fork: solved, Ad6+ (bm Ad6+)".into(),
            "6/8 xiangqi-chariot-mate: solved, Ra9# (bm Ra9#)".into(),
            "7/8 xiangqi-chariot-capture: solved, Rxa6 (bm Rxa6)".into(),
            "8/8 shatranj-rook-mate: solved, Ra8# (bm Ra8#)".into(),
        ]
    );
    assert!(
        out[11].starts_with("solved 8 of 8, failed 0 (time "),
        "{out:?}"
    );
    assert_eq!(out.len(), 12, "{out:?}");
    // One progress line per position on stderr, the last one complete.
    let steps: Vec<&str> = progress
        .lines()
        .filter(|l| l.starts_with("test: "))
        .collect();
    assert_eq!(steps.len(), 8, "{progress}");
    assert!(steps[7].starts_with("test: 8/8 (100%) shatranj-rook-mate, "));
    assert!(steps[7].ends_with(" s, about 0.0 s left"), "{}", steps[7]);
}

#[test]
fn anti_solutions_fail_the_position_when_played() {
    let dir = scratch("avoid");
    let input = format!("sd 4\ntest {SUITES}/avoid.txt 2\n");
    let out = session_in(&dir, &[], &input);
    let verdicts: Vec<&str> = out.iter().map(|l| verdict(l)).collect();
    assert_eq!(
        verdicts[2..],
        [
            format!("test: 3 positions from {SUITES}/avoid.txt, depth 4"),
            "1/3 fork-not-the-losing-move: solved, Nd7+ (am Nc4)".into(),
            "2/3 fork-marked-as-wrong: failed, Nd7+ (am Nd7+)".into(),
            "3/3 capablanca-fork-or-nothing: solved, Ad6+ (bm Ad6+ am Ae4)".into(),
            verdicts[6].to_string(),
            "failed: fork-marked-as-wrong".into(),
        ]
    );
    assert!(verdicts[6].starts_with("solved 2 of 3, failed 1 (time "));
}

#[test]
fn a_crafty_suite_ending_in_end_runs_to_its_end() {
    let dir = scratch("suite-end");
    write(
        &dir,
        "crafty.txt",
        "title mate-in-one\nsetboard 7k/8/6K1/8/8/8/8/R7 w - - 0 1\nsolution Ra8\nend\n",
    );
    let out = session_in(&dir, &[], "sd 2\ntest crafty.txt\n");
    let verdicts: Vec<&str> = out.iter().map(|l| verdict(l)).collect();
    assert_eq!(
        verdicts[1..4],
        [
            "White(1): test crafty.txt",
            "test: 1 position from crafty.txt, depth 2",
            "1/1 mate-in-one: solved, Ra8# (bm Ra8)",
        ]
    );
    assert!(
        out[4].starts_with("solved 1 of 1, failed 0 (time "),
        "{out:?}"
    );
}

#[test]
fn a_shallow_search_fails_the_mate_in_two() {
    let dir = scratch("shallow");
    write(
        &dir,
        "one.epd",
        "r6k/6pp/7N/8/8/1Q6/6PP/6K1 w - - bm Qg8+; id \"smothered\";\n",
    );
    let out = session_in(&dir, &[], "sd 1\ntest one.epd\n");
    assert!(out[3].starts_with("1/1 smothered: failed, "), "{out:?}");
    assert!(out[4].starts_with("solved 0 of 1, failed 1 ("), "{out:?}");
    assert_eq!(out[5], "failed: smothered");
}

/// `cores` beyond the machine's threads is cut to them (a thread per core
/// is all a search can use; thousands could not even be started), also for
/// the tools' own searches, and `hash` reports the table size.
#[test]
fn search_resources_beyond_the_machine_are_cut_to_it() {
    let dir = scratch("resources");
    write(
        &dir,
        "one.epd",
        "7k/8/6K1/8/8/8/8/R7 w - - bm Ra8#; id \"mate\";\n",
    );
    let out = session_in(&dir, &[], "cores 100000\nhash 16M\nsd 2\ntest one.epd\n");
    assert_eq!(
        out[..5],
        [
            "White(1): cores 100000",
            "White(1): hash 16M",
            "hash table: 16 MB",
            "White(1): sd 2",
            "White(1): test one.epd",
        ]
    );
    assert!(out[6].starts_with("1/1 mate: solved, Ra8#"), "{out:?}");
}

#[test]
fn annotate_comments_the_blunder_and_writes_pgn() {
    let dir = scratch("annotate");
    write(&dir, "game.pgn", GAME);
    let out = session_in(&dir, &[], "sd 2\nannotate game.pgn bw 1 3 60\n");
    assert_eq!(out[1], "White(1): annotate game.pgn bw 1 3 60");
    assert!(
        out[2].starts_with("3... Nf6: Mat01, Nightrider prefers "),
        "{out:?}"
    );
    assert!(out[2].ends_with(" (depth 2)"), "{out:?}");
    assert_eq!(
        out[3],
        "annotated 1 game(s), 1 comment(s), written to game.pgn.can"
    );
    let can = read(&dir, "game.pgn.can");
    let (tags, moves) = can.split_once("\n\n").unwrap();
    assert!(tags.starts_with("[Event \"Round trip\"]\n"), "{can}");
    assert!(tags.ends_with("[ECO \"C20\"]\n[Annotator \"Nightrider 0.1.0\"]"));
    let header = "{Nightrider annotates both sides' moves, from move 1; margin 3.00 pawns; \
                  60.0 s a move, depth 2 at most}";
    let moves = moves.replace('\n', " ");
    assert!(moves.starts_with(header), "{moves}");
    let rest = &moves[header.len()..];
    assert!(
        rest.starts_with(
            " 1. e4 {King's pawn} 1... e5 2. Qh5 Nc6 3. Bc4 Nf6 {a blunder} {Mat01; Nightrider: "
        ),
        "{rest}"
    );
    assert!(rest.contains(" at depth 2} (3... "), "{rest}");
    assert!(rest.trim_end().ends_with(") 4. Qxf7# 1-0"), "{rest}");
    // The .can file is PGN again: it reads back with the same moves.
    let out = session_in(&dir, &[], "read game.pgn.can\nhistory\n");
    assert_eq!(out[1], "read game 1 of game.pgn.can: 7 plies of normal");
    // Black's moves only, from move 3, with the engine's two best lines.
    session_in(&dir, &[], "sd 2\nannotate game.pgn b 3 3 60 -2\n");
    let can = read(&dir, "game.pgn.can").replace('\n', " ");
    assert_eq!(can.matches("(3... ").count(), 2, "{can}");
    assert!(can.contains("{Nightrider annotates Black's moves, from move 3; "));
}

#[test]
fn a_negative_annotate_margin_comments_every_move() {
    let dir = scratch("annotate-all");
    write(&dir, "game.pgn", GAME);
    let out = session_in(&dir, &[], "sd 2\nannotate game.pgn w 1-3 -1 60\n");
    assert_eq!(out[1], "White(1): annotate game.pgn w 1-3 -1 60");
    // Each of White's three moves gets a line, whether or not the engine
    // would have played it.
    let comments: Vec<&String> = out[2..5].iter().collect();
    for (line, start) in comments.iter().zip(["1. e4: ", "2. Qh5: ", "3. Bc4: "]) {
        assert!(line.starts_with(start), "{out:?}");
        assert!(
            line.contains(", Nightrider agrees (depth 2)")
                || line.contains(", Nightrider prefers "),
            "{line}"
        );
    }
    assert_eq!(
        out[5],
        "annotated 1 game(s), 3 comment(s), written to game.pgn.can"
    );
    let can = read(&dir, "game.pgn.can").replace('\n', " ");
    assert!(can.contains("margin -1.00 pawns;"), "{can}");
    assert_eq!(can.matches("; Nightrider: ").count(), 3, "{can}");
    // With margin 0 the moves the engine agrees with get no comment.
    let zero = session_in(&dir, &[], "sd 2\nannotate game.pgn w 1-3 0 60\n");
    let zero_comments = &zero[2..zero.len() - 1];
    assert!(
        zero_comments.iter().all(|l| l.contains(" prefers ")),
        "{zero:?}"
    );
    assert!(
        zero_comments.iter().all(|l| comments.contains(&l)),
        "{zero:?}"
    );
}

const WITH_VARIATION: &str = "[Event \"Variation\"]
[White \"Alice\"]
[Black \"Bob\"]
[Result \"1-0\"]

1. e4 e5 2. Qh5 Nc6 (2... Nf6 {threatens the queen} 3. Qxe5+) 3. Bc4 Nf6 4. Qxf7# 1-0
";

#[test]
fn annotate_judges_a_variation_s_moves_in_place() {
    let dir = scratch("annotate-variation");
    write(&dir, "game.pgn", WITH_VARIATION);
    let out = session_in(&dir, &[], "sd 2\nannotate game.pgn b 2-3 -1 60\n");
    assert_eq!(
        out[2..],
        [
            "2... Nc6: -0.40, Nightrider agrees (depth 2)",
            "2... Nf6 in a variation: +0.50, Nightrider prefers Nc6 -0.40 (depth 2)",
            "3... Nf6: Mat01, Nightrider prefers g6 -0.56 (depth 2)",
            "annotated 1 game(s), 3 comment(s), written to game.pgn.can",
        ]
    );
    // The game's variation follows the engine's line for 2...Nc6, with its
    // own comment, then the engine's comment and line on 2...Nf6 inside it.
    assert_eq!(
        read(&dir, "game.pgn.can"),
        "[Event \"Variation\"]
[White \"Alice\"]
[Black \"Bob\"]
[Result \"1-0\"]
[Annotator \"Nightrider 0.1.0\"]

{Nightrider annotates Black's moves, moves 2 to 3; margin -1.00 pawns; 60.0 s a move, depth 2 at most}
1. e4 e5 2. Qh5 Nc6 {-0.40; Nightrider: -0.40 at depth 2}
(2... Nc6 3. Nc3 {-0.40}) (2... Nf6 {threatens the queen}
{+0.50; Nightrider: -0.40 at depth 2} (2... Nc6 3. Nc3 {-0.40}) 3. Qxe5+) 3.
Bc4 Nf6 {Mat01; Nightrider: -0.56 at depth 2} (3... g6 4. Qf3 {-0.56}) 4. Qxf7#
1-0

"
    );
    // The .can file reads back with the variation.
    let out = session_in(&dir, &[], "read game.pgn.can\n");
    assert_eq!(out[1], "read game 1 of game.pgn.can: 7 plies of normal");
    // The HTML page shows the variation where the game has it (a margin
    // of 2 pawns leaves the variation's move without a note).
    session_in(&dir, &[], "sd 2\nannotateh game.pgn b 2-3 2 60\n");
    let html = read(&dir, "game.pgn.html");
    assert!(
        html.contains(
            "2. Qh5 Nc6 (2... Nf6 <span class=\"comment\">{threatens the queen}</span> \
             3. Qxe5+) 3. Bc4 Nf6 </p>"
        ),
        "{html}"
    );
}

#[test]
fn annotate_names_the_bad_variation_and_goes_on() {
    let dir = scratch("annotate-bad-variation");
    let good = "[Event \"good\"]\n\n1. e4 e5 2. Nf3 *\n\n";
    write(
        &dir,
        "open.pgn",
        "[Event \"open\"]\n\n1. e4 e5 (1... c5 2. Nf3 *\n",
    );
    write(
        &dir,
        "mixed.pgn",
        &format!(
            "[Event \"open\"]\n\n1. e4 e5 (1... c5 2. Nf3 *\n\n{good}\
             [Event \"illegal\"]\n\n1. e4 e5 (1... Nf9) 2. Nf3 *\n"
        ),
    );
    let out = session_in(
        &dir,
        &[],
        "sd 1\nannotate open.pgn w 1 1 1\nannotate mixed.pgn b 9 1 1\necho still here\n",
    );
    assert_eq!(
        out[1..],
        [
            "White(1): annotate open.pgn w 1 1 1",
            "Error (open.pgn): line 3: unterminated variation",
            "White(1): annotate mixed.pgn b 9 1 1",
            "mixed.pgn: skipped a game, line 3: unterminated variation",
            "game 2: skipped, game at line 9: illegal move 1... Nf9 in a variation",
            "annotated 1 game(s), 0 comment(s), written to mixed.pgn.can",
            "White(1): echo still here",
            "still here",
        ]
    );
}

const VARIANT_GAMES: &str = "[Event \"capablanca blunder\"]
[White \"A\"]
[Black \"B\"]
[Variant \"capablanca\"]
[FEN \"4k5/10/10/5A4/1r8/10/10/9K w - - 0 1\"]

1. j1i1 *

[Event \"xiangqi blunder\"]
[White \"C\"]
[Black \"D\"]
[Variant \"xiangqi\"]
[FEN \"3akab2/9/9/r8/9/9/9/9/9/R2K5 w - - 0 1\"]

1. a0b0 *
";

/// The `<svg ...>` opening tags of a page.
fn svg_tags(html: &str) -> Vec<&str> {
    html.match_indices("<svg ")
        .map(|(i, _)| &html[i..i + html[i..].find('>').unwrap()])
        .collect()
}

#[test]
fn annotateh_draws_a_diagram_of_each_board_size() {
    let dir = scratch("annotateh");
    write(&dir, "variants.pgn", VARIANT_GAMES);
    let out = session_in(&dir, &[], "sd 3\nannotateh variants.pgn w 1 3 60\n");
    assert!(out[2].starts_with("1. Ki1: "), "{out:?}");
    assert!(out[2].contains(", Nightrider prefers Ad6+ "), "{out:?}");
    assert!(out[3].starts_with("1. Rb0: -Mat"), "{out:?}");
    assert!(out[3].contains(", Nightrider prefers Rxa6 "), "{out:?}");
    assert_eq!(
        out[4],
        "annotated 2 game(s), 2 comment(s), written to variants.pgn.html"
    );
    let html = read(&dir, "variants.pgn.html");
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"));
    assert!(html.contains("<title>A - B</title>"));
    let svgs = svg_tags(&html);
    assert_eq!(svgs.len(), 2, "{html}");
    // 10x8 and 9x10 squares of 40 units, 24 around, 20 for the caption.
    assert!(
        svgs[0].contains("width=\"448\" height=\"388\""),
        "{}",
        svgs[0]
    );
    assert!(
        svgs[1].contains("width=\"408\" height=\"468\""),
        "{}",
        svgs[1]
    );
    assert!(html.contains(">White to move; played 1. Ki1</text>"));
    assert!(html.contains(">White to move; played 1. Rb0</text>"));
    assert!(html.ends_with("</body>\n</html>\n"));
}

/// A page that, once Chromium has laid it out, writes how many squares and
/// pieces of each diagram have a size on screen into its own DOM.
const MEASURE: &str = "<script>
const boards = [...document.querySelectorAll('svg.board')].map(svg => {
  const drawn = sel => [...svg.querySelectorAll(sel)].filter(e => e.getBBox().width > 0).length;
  return drawn('rect') + '/' + drawn('circle');
});
const p = document.createElement('p');
p.id = 'measured';
p.textContent = 'drawn ' + boards.join(' ');
document.body.appendChild(p);
</script>";

#[test]
fn annotateh_diagrams_render_in_headless_chromium() {
    let Some(chromium) = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            std::process::Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
    else {
        eprintln!("chromium not installed: rendering check skipped");
        return;
    };
    let dir = scratch("chromium");
    write(&dir, "variants.pgn", VARIANT_GAMES);
    session_in(&dir, &[], "sd 2\nannotateh variants.pgn w 1 3 60\n");
    let html = read(&dir, "variants.pgn.html").replace("</body>", &format!("{MEASURE}</body>"));
    write(&dir, "measure.html", &html);
    let url = format!("file://{}", dir.join("measure.html").display());
    // Through coreutils' `timeout`, so a stuck browser cannot hang the tests.
    let output = std::process::Command::new("timeout")
        .args(["120", chromium])
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--dump-dom",
            &url,
        ])
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&output.stdout);
    // Squares plus the frame, and the pieces: 80+1 and 4 on the 10x8 board,
    // 90+1 and 7 on xiangqi's.
    assert!(
        dom.contains("<p id=\"measured\">drawn 81/4 91/7</p>"),
        "{dom}"
    );
}

#[test]
fn bad_files_give_one_line_and_the_console_goes_on() {
    let dir = scratch("badfiles");
    write(&dir, "open.pgn", "1. e4 {never closed\n");
    write(&dir, "illegal.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n");
    write(&dir, "alien.pgn", "[Variant \"nosuch\"]\n\n1. e4 *\n");
    write(
        &dir,
        "bad.epd",
        "8/8/8/8/8/8/8/K6k w - - bm Ka2;\nnonsense\n",
    );
    write(&dir, "badfen.epd", "8/8/8 w - - bm Ka2; id \"short\";\n");
    let input = "read nofile.pgn\nread open.pgn\nread illegal.pgn\nread alien.pgn\nreada\n\
                 savegame\npgn 9x y\ntest nofile.epd\ntest bad.epd\ntest bad.epd 0\n\
                 test badfen.epd\nannotate nofile.pgn w 1 1 1\nannotate open.pgn w 1 1 1\n\
                 annotate illegal.pgn x 1-2 1\necho still here\n";
    let mut out = session_in(&dir, &[], input);
    // The summary's time varies: only its start is compared.
    if let Some(summary) = out.iter_mut().find(|l| l.starts_with("solved ")) {
        summary.truncate(summary.find("(time ").map_or(summary.len(), |i| i + 6));
    }
    assert_eq!(
        out,
        [
            "White(1): read nofile.pgn",
            "Error: nofile.pgn: No such file or directory (os error 2)",
            "White(1): read open.pgn",
            "Error (open.pgn): line 1: unterminated comment",
            "White(1): read illegal.pgn",
            "Error (illegal.pgn): game at line 1: illegal move 2. Ke3",
            "White(1): read alien.pgn",
            "Error (alien.pgn): unknown variant nosuch",
            "White(1): reada",
            "Error (missing argument): usage: reada FILE [N]",
            "White(1): savegame",
            "Error (missing argument): usage: savegame FILE",
            "White(1): pgn 9x y",
            "Error (bad tag name): 9x",
            "White(1): test nofile.epd",
            "Error: nofile.epd: No such file or directory (os error 2)",
            "White(1): test bad.epd",
            "Error (bad.epd line 2): not an EPD line: nonsense",
            "White(1): test bad.epd 0",
            "Error (bad iteration count): 0",
            "White(1): test badfen.epd",
            "test: 1 position from badfen.epd, a 300 s clock",
            "1/1 short: failed, illegal position (FEN board has 3 ranks, not 8): 8/8/8 w - - 0 1",
            "solved 0 of 1, failed 1 (time ",
            "failed: short",
            "White(1): annotate nofile.pgn w 1 1 1",
            "Error: nofile.pgn: No such file or directory (os error 2)",
            "White(1): annotate open.pgn w 1 1 1",
            "Error (open.pgn): line 1: unterminated comment",
            "White(1): annotate illegal.pgn x 1-2 1",
            "Error (missing argument): usage: annotate FILE SIDE MOVES MARGIN TIME [N]",
            "White(1): echo still here",
            "still here",
        ]
    );
}

#[test]
fn perf_counts_generated_and_made_moves() {
    let dir = scratch("perf");
    let out = session_in(
        &dir,
        &[],
        "perf 1000\nvariant capablanca\nperf 10\nperf 0\n",
    );
    // The counts are exact (20 and 28 moves a round); the speeds vary.
    let counts: Vec<&str> = out
        .iter()
        .map(|l| l.split(" in ").next().unwrap())
        .collect();
    assert_eq!(
        counts,
        [
            "White(1): perf 1000",
            "perf: 1000 rounds on the bitboard board",
            "generated 20000 moves",
            "made and unmade 20000 legal moves",
            "White(1): variant capablanca",
            "White(1): perf 10",
            "perf: 10 rounds on the mailbox board",
            "generated 280 moves",
            "made and unmade 280 legal moves",
            "White(1): perf 0",
            "Error (rounds 1..100000000 expected): perf 0",
        ]
    );
}

/// The variation of a thinking line (`depth time score nodes pv...`).
fn thinking_pv(line: &str) -> Option<Vec<&str>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.first()?.parse::<u32>().ok()?;
    Some(words[4..].to_vec())
}

#[test]
fn display_options_show_stats_numbered_variations_and_changes_only() {
    let dir = scratch("displayopts");
    let input = "display stats on\nsd 2\ne2e4\ndisplay moves on\npost\nd2d4\n\
                 display stats off\ndisplay changes on\nnew\nsd 5\ne2e4\n";
    let out = session_in(&dir, &[], input);
    assert_eq!(out[1], "display stats on, changes off, moves off, san off");
    let reply = out
        .iter()
        .position(|l| l.starts_with("Black(1): "))
        .unwrap();
    assert!(out[reply + 1].starts_with("stats: depth 2, "), "{out:?}");
    assert!(out[reply + 1].ends_with(" knps"), "{out:?}");
    // After d2d4 (Black to move at move 2) variations are numbered.
    let second = out.iter().position(|l| l == "White(2): d2d4").unwrap();
    let numbered: Vec<Vec<&str>> = out[second..]
        .iter()
        .map_while(|l| {
            (l == "White(2): d2d4")
                .then(Vec::new)
                .or_else(|| thinking_pv(l))
        })
        .skip(1)
        .collect();
    assert_eq!(numbered.len(), 2, "{out:?}");
    assert!(numbered.iter().all(|pv| pv[0] == "2..."), "{out:?}");
    assert!(numbered[1].contains(&"3."), "{out:?}");
    // With changes on, no two lines in a row name the same best move.
    let last = out
        .iter()
        .position(|l| l == "display stats off, changes on, moves on, san off");
    let lines: Vec<Vec<&str>> = out[last.unwrap()..]
        .iter()
        .filter_map(|l| thinking_pv(l))
        .collect();
    assert!(!lines.is_empty(), "{out:?}");
    assert!(lines.windows(2).all(|w| w[0][1] != w[1][1]), "{out:?}");
    assert!(
        !out.iter().any(|l| l.starts_with("stats: depth 5")),
        "{out:?}"
    );
}

/// Runs a console session on another thread: a session still running after
/// a minute (a reader that stopped advancing) fails the test.
fn session_within_a_minute(dir: &Path, input: &str) -> Vec<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let (dir, input) = (dir.to_path_buf(), input.to_string());
    std::thread::spawn(move || tx.send(session_in(&dir, &[], &input)));
    rx.recv_timeout(std::time::Duration::from_secs(60))
        .expect("the console did not finish: it hangs on the file")
}

#[test]
fn a_stray_bracket_in_a_pgn_fails_one_game_and_book_create_read_reada_go_on() {
    let dir = scratch("stray");
    for stray in [']', '}', '['] {
        let pgn = format!(
            "[Event \"bad\"]\n\n1. e4 {stray} e5 *\n\n[Event \"good\"]\n\n1. d4 d5 2. c4 e6 *\n"
        );
        write(&dir, "stray.pgn", &pgn);
        let input = "book create stray.pgn 4 --dir books\nread stray.pgn\nnew\nreada stray.pgn\n";
        assert_eq!(
            session_within_a_minute(&dir, input),
            [
                "White(1): book create stray.pgn 4 --dir books",
                &format!("line 3: stray '{stray}'"),
                "books/normal.nbk: 1 games, 4 positions (bitboard)",
                "White(1): read stray.pgn",
                "read game 1 of stray.pgn: 4 plies of normal",
                "White(3): new",
                "White(1): reada stray.pgn",
                "read game 1 of stray.pgn: 4 plies added",
            ],
            "{stray}"
        );
    }
}

#[test]
fn latin1_pgn_and_epd_files_are_read_not_rejected() {
    let dir = scratch("latin1");
    let pgn =
        b"[Event \"Gambit\"]\n[White \"R\xe9ti\"]\n[Result \"*\"]\n\n1. e4 e5 {f\xfcr} 2. Nf3 *\n";
    std::fs::write(dir.join("latin1.pgn"), pgn).unwrap();
    let epd = b"6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"Sch\xe4fer\";\n";
    std::fs::write(dir.join("latin1.epd"), epd).unwrap();
    let input = "book create latin1.pgn 3 --dir books\nread latin1.pgn\nsavegame out.pgn\n\
                 new\nsd 3\ntest latin1.epd\n";
    let out = session_within_a_minute(&dir, input);
    assert_eq!(
        &out[..6],
        [
            "White(1): book create latin1.pgn 3 --dir books",
            "books/normal.nbk: 1 games, 3 positions (bitboard)",
            "White(1): read latin1.pgn",
            "read game 1 of latin1.pgn: 3 plies of normal",
            "Black(2): savegame out.pgn",
            "saved 3 plies of normal to out.pgn, result *",
        ]
    );
    let saved = read(&dir, "out.pgn");
    assert!(saved.contains("[White \"Réti\"]"), "{saved}");
    assert!(saved.contains("e5 {für}"), "{saved}");
    let solved = out.iter().find(|l| l.starts_with("1/1 ")).cloned();
    let solved = solved.unwrap_or_default();
    assert!(solved.starts_with("1/1 Schäfer: solved, Ra8#"), "{out:?}");
}
