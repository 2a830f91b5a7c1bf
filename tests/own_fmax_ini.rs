//! Our own fmax.ini (top level of the repository) against Fairy-Max's
//! (Debian package `fairymax`, installed by tests/setup-and-test.sh): ours
//! must parse cleanly and define every game of Fairy-Max's file with the same
//! rules: board, zone, arrays, piece numbers, letters, values, rays, GUI
//! lines and `Game:` header. Comments, Info wording and the spelling of rays
//! (STEP2 or hex) are ours; the parser folds STEP2, so rays compare exactly.

use nightrider::mailbox::MailboxPos;
use nightrider::position::perft::perft;
use nightrider::rules::catalog::Catalog;
use nightrider::rules::fmax::{parse, IniFile};
use nightrider::rules::{GameDef, PieceDef};
use std::path::Path;

/// Where Debian's fairymax package puts its fmax.ini.
const DEBIAN_INI: &str = "/usr/share/games/fairymax/fmax.ini";

/// Deliberate differences from Fairy-Max's file: (game, piece number, its
/// letter there, ours). Janus: XBoard and FEN write the janus as J.
const LETTER_CHANGES: &[(&str, usize, char, char)] = &[("janus", 6, 'A', 'J')];

/// Games of ours that Fairy-Max's file does not have.
const OUR_ADDITIONS: &[&str] = &[
    "nightrider-chess",
    "fischerandom",
    "caparandom",
    "xiangqi",
    "crazyhouse",
    "loop",
    "chessgi",
    "pocketknight",
    "3check",
    "5check",
    "antichess",
    "suicide",
    "atomic",
    "atomic-capablanca",
    "almost",
    "amazon",
    "chancellor",
    "modern",
    "embassy",
    "chigorin",
    "hoppelpoppel",
    "newzealand",
    "karouk",
    "giveaway",
    "placement",
    "janusloop",
    "racingkings",
    "horde",
    "extinction",
    "kinglet",
    "threekings",
    "codrus",
    "sittuyin",
    "losers",
    "minishogi",
];

/// Games whose king and met rays follow the real game (as Fairy-Stockfish
/// plays it) instead of Fairy-Max's looser ones; tests/variant_rules.rs pins
/// the difference down.
const REAL_RULES: &[&str] = &["Cambodian", "cambodian"];

fn our_text() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

fn ours() -> IniFile {
    parse(&our_text(), "fmax.ini")
}

fn debian() -> IniFile {
    let text = std::fs::read_to_string(DEBIAN_INI).unwrap_or_else(|e| {
        panic!(
            "Fairy-Max's fmax.ini is needed as the reference, but {DEBIAN_INI} cannot be read ({e}): \
             install Debian's `fairymax` package (tests/setup-and-test.sh does)"
        )
    });
    let ini = parse(&text, DEBIAN_INI);
    assert!(
        ini.errors.is_empty(),
        "Debian's file does not parse: {:?}",
        ini.errors
    );
    ini
}

/// Every difference in rules between Fairy-Max's game `theirs` and ours.
fn differences(theirs: &GameDef, ours: &GameDef) -> Vec<String> {
    let name = if ours.name.is_empty() {
        "(default game)"
    } else {
        ours.name.as_str()
    };
    let mut out = Vec::new();
    let mut check = |what: &str, equal: bool, a: String, b: String| {
        if !equal {
            out.push(format!("{name}: {what} differs: Fairy-Max {a}, ours {b}"));
        }
    };
    let size = |g: &GameDef| format!("{}x{}={}", g.width, g.height, g.zone);
    check(
        "board size/zone",
        size(theirs) == size(ours),
        size(theirs),
        size(ours),
    );
    let arrays = |g: &GameDef| format!("{:?} / {:?}", g.white_array, g.black_array);
    check(
        "back ranks",
        arrays(theirs) == arrays(ours),
        arrays(theirs),
        arrays(ours),
    );
    let header = |g: &GameDef| format!("{:?} # {:?}", g.piece_to_char, g.parent);
    check(
        "header",
        header(theirs) == header(ours),
        header(theirs),
        header(ours),
    );
    check(
        "GUI lines",
        theirs.gui_pieces == ours.gui_pieces,
        format!("{:?}", theirs.gui_pieces),
        format!("{:?}", ours.gui_pieces),
    );
    check(
        "Info line present",
        theirs.info.is_some() == ours.info.is_some(),
        format!("{:?}", theirs.info),
        format!("{:?}", ours.info),
    );
    let count = (theirs.pieces.len(), ours.pieces.len());
    check(
        "piece count",
        count.0 == count.1,
        count.0.to_string(),
        count.1.to_string(),
    );
    for (i, (a, b)) in theirs.pieces.iter().zip(&ours.pieces).enumerate() {
        out.extend(piece_differences(name, i + 1, a, b));
    }
    out
}

fn piece_differences(game: &str, number: usize, a: &PieceDef, b: &PieceDef) -> Vec<String> {
    let mut out = Vec::new();
    let expected_letter = LETTER_CHANGES
        .iter()
        .find(|&&(g, n, from, _)| g == game && n == number && a.key_letter() == from)
        .map_or(a.key_letter(), |&(_, _, _, to)| to);
    let at = format!("{game}: piece {number} (line {} of ours)", b.line);
    if b.key_letter() != expected_letter {
        out.push(format!(
            "{at}: letter {} instead of {expected_letter}",
            b.key_letter()
        ));
    }
    if a.centralise() != b.centralise() {
        out.push(format!(
            "{at}: letter case (centralisation) {} instead of {}",
            b.letter, a.letter
        ));
    }
    if a.value != b.value {
        out.push(format!("{at}: value {} instead of {}", b.value, a.value));
    }
    if a.rays != b.rays {
        out.push(format!("{at}: rays {:?} instead of {:?}", b.rays, a.rays));
    }
    out
}

#[test]
fn our_fmax_ini_parses_without_errors_or_warnings() {
    let ini = ours();
    assert!(
        ini.version_ok,
        "our fmax.ini must start with `version 4.8(w)`"
    );
    assert!(
        ini.errors.is_empty(),
        "errors in our fmax.ini: {:#?}",
        ini.errors
    );
    assert!(
        ini.warnings.is_empty(),
        "warnings in our fmax.ini: {:#?}",
        ini.warnings
    );
    assert!(ini.refused.is_empty(), "refused games: {:#?}", ini.refused);
    assert!(
        ini.default_game.is_some(),
        "our fmax.ini has no default game"
    );
}

#[test]
fn our_fmax_ini_has_every_fairy_max_game_in_the_same_order() {
    let (theirs, ours) = (debian(), ours());
    let their_names: Vec<&str> = theirs.names().collect();
    assert_eq!(their_names.len(), 43, "Debian's file should hold 43 games");
    let our_names: Vec<&str> = ours
        .names()
        .filter(|n| !OUR_ADDITIONS.contains(n))
        .collect();
    // Same order: it decides the GUI's variant list and the default `fairy` army choice.
    assert_eq!(our_names, their_names);
    for extra in OUR_ADDITIONS {
        assert!(
            ours.game(extra).is_some(),
            "our addition {extra} is missing"
        );
    }
    let position = |n: &str| ours.names().position(|m| m == n);
    let last_theirs = position(their_names[42]);
    assert!(
        OUR_ADDITIONS.iter().all(|n| position(n) > last_theirs),
        "our own games must come after Fairy-Max's"
    );
}

#[test]
fn every_fairy_max_game_has_the_same_rules_in_ours() {
    let (theirs, ours) = (debian(), ours());
    let mut problems = differences(
        theirs.default_game.as_ref().expect("Debian's default game"),
        ours.default_game.as_ref().expect("our default game"),
    );
    for game in &theirs.games {
        match ours.game(&game.name) {
            Some(own) if REAL_RULES.contains(&game.name.as_str()) => problems.extend(
                differences(game, own)
                    .into_iter()
                    .filter(|p| !p.contains(": rays ") && !p.contains("GUI lines")),
            ),
            Some(own) => problems.extend(differences(game, own)),
            None => problems.push(format!("{}: missing from our fmax.ini", game.name)),
        }
    }
    assert!(
        problems.is_empty(),
        "{} differences:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn rule_comparison_notices_a_changed_ray() {
    let theirs = debian();
    let changed = our_text().replacen("b:296   15,3 17,3", "b:296   15,3 17,7", 1);
    let ini = parse(&changed, "changed.ini");
    let problems = differences(
        theirs.default_game.as_ref().unwrap(),
        ini.default_game.as_ref().unwrap(),
    );
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("(default game): piece 5"),
        "{}",
        problems[0]
    );
}

#[test]
fn nightrider_chess_is_orthodox_chess_with_nightriders() {
    let ini = ours();
    let game = ini.game("nightrider-chess").expect("our worked example");
    let orthodox = ini.game("nocastle").expect("nocastle");
    assert_eq!((game.width, game.height, game.zone), (8, 8, 0));
    assert_eq!(game.parent.as_deref(), Some("fairy"));
    assert_eq!(game.gui_pieces, vec!["H& N0".to_string()]);
    let rider = &game.pieces[3];
    assert_eq!((rider.key_letter(), rider.value), ('H', 400));
    let knight_steps: Vec<i32> = orthodox.pieces[3].rays.iter().map(|r| r.step).collect();
    let rider_steps: Vec<i32> = rider.rays.iter().map(|r| r.step).collect();
    assert_eq!(rider_steps, knight_steps);
    assert!(
        rider.rays.iter().all(|r| r.mode == 3),
        "nightrider rays must be plain sliders"
    );
    assert_eq!(game.white_array, vec![6, 4, 5, 7, 3, 5, 4, 6]);
}

/// Perft of our worked example, counted by Fairy-Stockfish (pyffish 0.0.90
/// with `customPiece1 = h:NN`, promotion to Q, R, B or H) for these rows.
const NIGHTRIDER_CHESS_PERFT: &[(&str, u32, u64)] = &[
    (
        "rhbqkbhr/pppppppp/8/8/8/8/PPPPPPPP/RHBQKBHR w KQkq - 0 1",
        4,
        419_019,
    ),
    (
        "r1bqkb1r/pppp1ppp/2h2h2/4p3/2B1P3/5H2/PPPP1PPP/RHBQK2R w KQkq - 4 4",
        3,
        41_165,
    ),
    ("4k3/1P4h1/8/8/8/8/6p1/R3K2H w Q - 0 1", 3, 7_371),
];

#[test]
fn nightrider_chess_perft_matches_fairy_stockfish() {
    let ini = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini"));
    let catalog = Catalog::load(Some(ini)).expect("our fmax.ini loads");
    let variant = catalog
        .variant("nightrider-chess")
        .expect("nightrider-chess builds");
    for &(fen, depth, nodes) in NIGHTRIDER_CHESS_PERFT {
        let mut pos = MailboxPos::from_fen(variant.clone(), fen).expect("valid FEN");
        assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
    }
}

#[test]
fn our_fmax_ini_ends_with_a_comment_and_uses_lf() {
    let text = our_text();
    assert!(!text.contains('\r'), "our fmax.ini uses LF line ends");
    let last = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    assert!(
        last.starts_with("//"),
        "the last line must be a comment, found `{last}`"
    );
}
