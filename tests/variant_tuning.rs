//! `tune gen --variant` and `tune --variant` end to end on a tiny game
//! (Los Alamos, 6x6, a few games of a few hundred nodes a move): the
//! generator resumes where a run stopped, and the tuner writes an `[eval]`
//! section into the variant's overlay that the engine then plays with.

use nightrider::mailbox::MailboxPos;
use nightrider::position::Evaluate;
use nightrider::rules::catalog::Catalog;
use nightrider::tools::variant_tune::read_samples;
use std::path::Path;
use std::process::Command;

#[path = "support/tiny_game.rs"]
mod tiny_game;
use tiny_game::{nightrider, TINY_INI};

/// A fresh directory with the tiny fmax.ini and an empty `variants/`.
fn tiny_game_dir(name: &str) -> std::path::PathBuf {
    tiny_game::tiny_game_dir("vtune", name)
}

/// `tune gen` for the tiny game into `out`.
fn generate(dir: &Path, out: &str, games: &str) -> String {
    let ini = dir.join("fmax.ini");
    let ini = ini.to_str().unwrap();
    nightrider(
        dir,
        &[
            "tune",
            "gen",
            "--variant",
            "los-alamos",
            "--ini",
            ini,
            out,
            games,
            "--nodes",
            "300",
            "--seed",
            "5",
        ],
    )
}

fn game_lines(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("# game ")).count()
}

#[test]
fn tune_gen_resumes_and_tune_writes_an_overlay_the_engine_plays() {
    let dir = tiny_game_dir("gen");
    generate(&dir, "part.epd", "4");
    let first = std::fs::read_to_string(dir.join("part.epd")).unwrap();
    assert_eq!(game_lines(&first), 4);
    // A run killed in the middle of writing a game leaves part of it.
    std::fs::write(
        dir.join("part.epd"),
        format!("{first}1k4/6/6/6/6/4K1 w - - 0 1 1-0\n1k4/6/6"),
    )
    .unwrap();
    let said = generate(&dir, "part.epd", "10");
    assert!(
        said.contains("holds 4 games; playing games 4..10"),
        "{said}"
    );
    let resumed = std::fs::read_to_string(dir.join("part.epd")).unwrap();
    assert!(resumed.starts_with(&first));
    assert_eq!(game_lines(&resumed), 10);
    // Game N depends only on the seed: the resumed file is the one a single
    // run writes.
    generate(&dir, "whole.epd", "10");
    let whole = std::fs::read_to_string(dir.join("whole.epd")).unwrap();
    assert_eq!(resumed, whole);
    // A finished file is left alone.
    let said = generate(&dir, "whole.epd", "10");
    assert!(said.contains("already holds 10 games"), "{said}");

    // The overlay keeps what it had besides `[eval]`.
    let overlay = dir.join("variants/los-alamos.ini");
    std::fs::write(&overlay, "# Los Alamos\n[rules]\nstalemate = draw\n").unwrap();
    let ini = dir.join("fmax.ini");
    let ini = ini.to_str().unwrap();
    let said = nightrider(
        &dir,
        &[
            "tune",
            "--variant",
            "los-alamos",
            "--ini",
            ini,
            "whole.epd",
            "--passes",
            "1",
            "--threads",
            "1",
        ],
    );
    for word in [
        "K = ",
        "held-out error",
        "tempo",
        "value.N",
        "value.Q",
        "written to",
    ] {
        assert!(said.contains(word), "{word}: {said}");
    }
    let text = std::fs::read_to_string(&overlay).unwrap();
    assert!(
        text.starts_with("# Los Alamos\n[rules]\nstalemate = draw\n\n[eval]\n# Written by"),
        "{text}"
    );
    let written = |key: &str| -> i32 {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{key} = ")))
            .unwrap_or_else(|| panic!("no {key} in {text}"));
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    // The engine loads the overlay: the start position (symmetric) scores
    // the written tempo, and the knight plays the written value.
    let catalog = Catalog::load(Some(Path::new(ini))).unwrap();
    let v = catalog.variant("los-alamos").unwrap();
    let mut pos = MailboxPos::new(v);
    let tables = pos.prepare_evaluation();
    assert_eq!(pos.evaluate_with(&tables), written("tempo"));
    let knight = pos.variant().type_of_letter('N').unwrap().1;
    assert_eq!(pos.tables().value[knight as usize], written("value.N"));

    // The pooled fit of the shared defaults on the same game: it prints
    // the Rust table and writes it as an `[eval]` section.
    let said = nightrider(
        &dir,
        &[
            "tune",
            "--shared",
            "los-alamos=whole.epd",
            "--sample",
            "100000",
            "--ini",
            ini,
            "--passes",
            "1",
            "--threads",
            "1",
            "--out",
            "shared.ini",
        ],
    );
    for word in [
        "los-alamos: ",
        "held-out error per game",
        "const DEFAULTS: [i32; COUNT] = [",
        "// tempo",
        "[eval] written to shared.ini",
    ] {
        assert!(said.contains(word), "{word}: {said}");
    }
    assert!(!said.contains("value.N"), "no piece values: {said}");
    let printed_tempo: i32 = said
        .lines()
        .find(|l| l.ends_with("// tempo"))
        .and_then(|l| l.trim().split(',').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no tempo line in {said}"));
    let shared = std::fs::read_to_string(dir.join("shared.ini")).unwrap();
    assert!(
        shared.contains(&format!("\ntempo = {printed_tempo}\n")),
        "{shared}"
    );
    let with_shared = Catalog::from_text(TINY_INI, "fmax.ini", &[("los-alamos", &shared)]);
    assert!(with_shared.variant("los-alamos").is_ok());
}

#[test]
fn tune_shared_refuses_bad_arguments_in_one_line() {
    let dir = tiny_game_dir("shared-errors");
    let ini = dir.join("fmax.ini");
    let ini = ini.to_str().unwrap();
    for (args, expected) in [
        (
            vec!["tune", "--shared", "los-alamos", "--ini", ini],
            "tune: 'los-alamos' is not NAME=FILE".to_string(),
        ),
        (
            vec!["tune", "--shared", "los-alamos=none.epd", "--ini", ini],
            "tune: none.epd: No such file or directory (os error 2)".to_string(),
        ),
        (
            vec!["tune", "--shared", "atlantis=none.epd", "--ini", ini],
            format!("tune: {ini}: variant `atlantis` is not defined (no `Game: atlantis` line)"),
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_nightrider"))
            .args(&args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            stderr.lines().next(),
            Some(expected.as_str()),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

/// Three Los Alamos games: a finished one, one without a result and one
/// with an illegal move.
const LOS_ALAMOS_GAMES: &str = "[Event \"a\"]
[Variant \"los-alamos\"]
[Result \"1/2-1/2\"]

1. a3 a4 2. f3 f4 1/2-1/2

[Event \"b\"]
[Result \"*\"]

1. a3 *

[Event \"c\"]
[Result \"1-0\"]

1. a5 1-0
";

#[test]
fn tune_games_writes_the_quiet_positions_of_finished_games() {
    let dir = tiny_game_dir("games");
    std::fs::write(dir.join("games.pgn"), LOS_ALAMOS_GAMES).unwrap();
    let ini = dir.join("fmax.ini");
    let ini = ini.to_str().unwrap();
    let args = ["tune", "games", "--variant", "los-alamos", "--ini", ini];
    let said = nightrider(&dir, &[&args[..], &["games.pgn", "out.txt"]].concat());
    assert_eq!(
        said,
        "games.pgn: games that do not replay skipped: 1 (the first: game at line 12: illegal move a5)\n\
         games.pgn: games without a result skipped: 1\n\
         out.txt: 4 positions written, from 1 finished games\n"
    );
    let text = std::fs::read_to_string(dir.join("out.txt")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert_eq!(
        lines[0],
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 1/2-1/2"
    );
    assert!(lines[..4].iter().all(|l| l.ends_with(" 1/2-1/2")), "{text}");
    assert_eq!(lines[4], "# game 0 1/2-1/2 4 plies");
    // The tuner reads it as it reads `tune gen`'s files.
    let (samples, skipped) = read_samples(&text);
    assert_eq!((samples.len(), skipped), (4, 0));
    assert!(samples.iter().all(|s| s.result == 0.5 && s.game == 0));
}

/// A game with a grasshopper written as 200 (it reaches nothing on an empty
/// board) beside a cannon, a knight and rooks.
const HOPPERS_INI: &str = "version 4.8(w)

Game: hoppers
8x8
7 4 5 6 3 6 5 7
7 4 5 6 3 6 5 7
p:100  -16,24 -16,6 -15,5 -17,5
p:100   16,24  16,6  15,5  17,5
k:-1    1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
n:300   14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7
G:200   1,F8 16,F8 15,F8 17,F8 -1,F8 -16,F8 -15,F8 -17,F8
C:450   1,BA 16,BA -1,BA -16,BA
R:500   1,3 16,3 -1,3 -16,3

// end
";

/// The value the hoppers game's board plays for `letter`, and the material
/// term of a lone extra man of that kind.
fn played(catalog: &Catalog, letter: char) -> (i32, i32) {
    let v = catalog.variant("hoppers").unwrap();
    let t = v.type_of_letter(letter).unwrap().1;
    let fen = format!("4k3/8/8/8/8/8/8/{letter}3K3 w - - 0 1");
    let pos = MailboxPos::from_fen(v, &fen).unwrap();
    let material = pos
        .eval_terms()
        .into_iter()
        .find(|(name, _)| *name == "material")
        .unwrap()
        .1;
    (pos.tables().value[usize::from(t)], material)
}

#[test]
fn a_grasshopper_written_as_200_is_played_as_200() {
    let catalog = Catalog::from_text(HOPPERS_INI, "fmax.ini", &[]);
    assert_eq!(played(&catalog, 'G'), (200, 200));
    assert_eq!(played(&catalog, 'C'), (450, 450));
    // Only the overlay's `[eval]` value replaces the written one.
    let tuned = Catalog::from_text(
        HOPPERS_INI,
        "fmax.ini",
        &[("hoppers", "[eval]\nvalue.G = 260\n")],
    );
    assert_eq!(played(&tuned, 'G'), (260, 260));
    assert_eq!(played(&tuned, 'C'), (450, 450));
}
