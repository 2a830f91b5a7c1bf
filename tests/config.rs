//! Configuration loading: Debian's fmax.ini, broken snippets with their
//! exact messages, the catalog (aliases, choices, overlays, keeping the old
//! variant on errors), and seeded fuzzing of the parser and builder.

use std::path::PathBuf;

use nightrider::rules::catalog::{Catalog, ChoiceError};
use nightrider::rules::fmax::{self, IniFile};
use nightrider::rules::mode::Rights;
use nightrider::rules::overlay::Overlay;
use nightrider::rules::{Ray, Variant};

const DEBIAN_INI: &str = "/usr/share/games/fairymax/fmax.ini";

fn debian_text() -> String {
    std::fs::read_to_string(DEBIAN_INI).unwrap_or_else(|e| {
        panic!("{DEBIAN_INI}: {e}; install Debian's fairymax package (apt-get install fairymax) to run these tests")
    })
}

fn debian() -> IniFile {
    fmax::parse(&debian_text(), "fmax.ini")
}

/// 1-based line of the first line of Debian's file equal to `text`.
fn line_of(text: &str) -> usize {
    debian_text()
        .lines()
        .position(|l| l.trim_end_matches('\r') == text)
        .unwrap()
        + 1
}

#[test]
fn debian_file_loads_every_game_without_errors() {
    let ini = debian();
    assert!(ini.version_ok);
    assert_eq!(ini.errors, Vec::new());
    assert_eq!(ini.warnings, Vec::new());
    assert!(ini.refused.is_empty());
    assert_eq!(ini.games.len(), 43);
    let default = ini.default_game.as_ref().unwrap();
    assert_eq!(
        (
            default.width,
            default.height,
            default.pieces.len(),
            default.line
        ),
        (8, 8, 7, 2)
    );
    for def in ini.games.iter().chain(std::iter::once(default)) {
        if let Err(e) = Variant::build(def, &Overlay::default()) {
            panic!("{} does not build: {e:?}", def.name);
        }
    }
}

#[test]
fn debian_spot_checks() {
    let ini = debian();
    let normal = ini.game("normal").unwrap();
    assert_eq!(
        (normal.width, normal.height, normal.pieces.len()),
        (8, 8, 9)
    );
    assert_eq!(normal.line, line_of("Game: normal"));
    assert_eq!(normal.pieces[0].line, normal.line + 4);
    assert_eq!(normal.white_array, [8, 5, 6, 9, 3, 6, 5, 8]);
    assert_eq!(normal.black_array, [8, 5, 6, 9, 4, 6, 5, 8]);

    let capa = ini.game("capablanca").unwrap();
    let king = &capa.pieces[2];
    assert_eq!(
        &king.rays[..2],
        &[
            Ray {
                step: 1,
                mode: 0x3034
            },
            Ray {
                step: -1,
                mode: 0x1034
            }
        ]
    );
    assert_eq!(
        (king.rays[0].secondary_step(), king.rays[1].secondary_step()),
        (2, -2)
    );
    assert_eq!(
        capa.info.as_deref(),
        Some("Modern variant with B+N and R+N compounds (Archbishop and Chancellor) on 10x8 board")
    );

    let falcon = &ini.game("falcon").unwrap().pieces[7];
    assert_eq!(falcon.letter, 'f');
    assert_eq!(falcon.rays.len(), 16);
    assert!(falcon
        .rays
        .iter()
        .all(|r| r.multi_path() && r.rights() == Rights::LANDING.union(Rights::LEAPER)));
    assert_eq!(
        falcon.rays[0],
        Ray {
            step: 13,
            mode: 0xFFFF_F207_u32 as i32
        }
    );
    assert_eq!(falcon.rays[0].step_toggle(), -1);

    let cylinder = ini.game("cylinder").unwrap();
    let queen = &cylinder.pieces[6];
    let wraps: Vec<bool> = queen.rays.iter().map(|r| r.cylinder()).collect();
    assert_eq!(wraps, [true, false, true, true, true, false, true, true]);
    assert!(cylinder.pieces[0].rays[2].cylinder());
    assert_eq!(cylinder.gui_pieces.len(), 6);
    assert_eq!(cylinder.gui_pieces[0], "P& fmWfceoFifmnD");
    assert_eq!(cylinder.gui_pieces[5], "K& oK");

    let acedrex = ini.game("grande-acedrex").unwrap();
    assert_eq!((acedrex.width, acedrex.height, acedrex.zone), (12, 12, -3));
    assert_eq!(acedrex.pieces[8].rays[0], Ray::new(14, 3, Some(15)));
    assert_eq!(acedrex.pieces[8].rays[0].secondary_step(), 15);

    let mexican = ini.game("mexican").unwrap();
    assert_eq!((mexican.width, mexican.height), (10, 10));
    assert_eq!(
        mexican.pieces[0].rays[0],
        Ray {
            step: -16,
            mode: 0x424
        }
    );
    let wild = ini.game("almost-wildebeest").unwrap();
    assert_eq!((wild.width, wild.height, wild.pieces.len()), (11, 10, 10));

    let cambodian = ini.game("cambodian").unwrap();
    assert_eq!(
        cambodian.piece_to_char.as_deref(),
        Some("PN.R.M....SKpn.r.m....sk")
    );
    assert_eq!(cambodian.parent.as_deref(), Some("makruk"));
    assert_eq!(cambodian.gui_pieces, ["K& KiN", "M& FifD"]);
    let hidden = ini.game("Cambodian").unwrap();
    assert_eq!(
        (hidden.piece_to_char.as_deref(), hidden.parent.as_deref()),
        (None, None)
    );
    let fairy = ini.game("fairy/FIDE-Clobberers").unwrap();
    assert_eq!(
        fairy.piece_to_char.as_deref(),
        Some("PNBRQ.........Kp.....eac....lk")
    );
    assert_eq!(fairy.parent, None);
}

#[test]
fn crlf_and_lf_texts_parse_alike() {
    let crlf = debian_text();
    let lf = crlf.replace("\r\n", "\n");
    let (a, b) = (fmax::parse(&crlf, "x"), fmax::parse(&lf, "x"));
    assert_eq!(a.games, b.games);
    assert_eq!(a.default_game, b.default_game);
}

// ---------------------------------------------------------------------------
// Broken snippets. HEAD has 16 lines: the broken game's `Game:` line is 17.

const HEAD: &str = "version 4.8(w)
4x4
3 4 4 3
3 4 4 3
p:100 -16,6 -15,5 -17,5
p:100 16,6 15,5 17,5
k:-1 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
R:500 1,3 16,3 -1,3 -16,3
Game: before
4x4
3 4 4 3
3 4 4 3
p:100 -16,6 -15,5 -17,5
p:100 16,6 15,5 17,5
k:-1 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
R:500 1,3 16,3 -1,3 -16,3
";

const TAIL: &str = "// the game after
Game: after
4x4
3 4 4 3
3 4 4 3
p:100 -16,6 -15,5 -17,5
p:100 16,6 15,5 17,5
k:-1 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
R:500 1,3 16,3 -1,3 -16,3
";

const PAWNS_AND_KING: &str = "p:100 -16,6 -15,5 -17,5
p:100 16,6 15,5 17,5
k:-1 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
";

/// PAWNS_AND_KING plus a rook: the four pieces the ranks `3 4 4 3` use.
const PIECES: &str = "p:100 -16,6 -15,5 -17,5
p:100 16,6 15,5 17,5
k:-1 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
R:600 1,3 16,3 -1,3 -16,3
";

/// Parses HEAD + `broken` + TAIL; checks the neighbours still load, the
/// broken game is refused, and returns the error lines.
fn broken(broken: &str) -> Vec<String> {
    let ini = fmax::parse(&format!("{HEAD}{broken}{TAIL}"), "t.ini");
    assert!(ini.default_game.is_some(), "{:?}", ini.errors);
    let names: Vec<&str> = ini.names().collect();
    assert_eq!(names, ["before", "after"], "{:?}", ini.errors);
    assert_eq!(ini.refused.len(), 1);
    assert_eq!(ini.refused[0].line, 17);
    assert_eq!(ini.refused[0].errors, ini.errors);
    ini.errors.iter().map(ToString::to_string).collect()
}

#[test]
fn board_size_errors() {
    let body = format!("3 4 4 3\n3 4 4 3\n{PIECES}");
    assert_eq!(
        broken(&format!("Game: big\n17x8\n{body}")),
        ["t.ini:18: board size 17x8 is not supported: expected 1 to 16 files and 1 to 16 ranks"]
    );
    assert_eq!(
        broken(&format!("Game: flat\n4x0\n{body}")),
        ["t.ini:18: board size 4x0 is not supported: expected 1 to 16 files and 1 to 16 ranks"]
    );
    assert_eq!(
        broken(&format!("Game: word\n4by4\n{body}")),
        ["t.ini:18: expected the board size WxH[=N], found `4by4`"]
    );
    assert_eq!(
        broken(&format!("Game: deep\n4x4=5\n{body}")),
        ["t.ini:18: zone =5 does not fit a board of 4 ranks: expected |N| below the height"]
    );
}

#[test]
fn back_rank_errors() {
    assert_eq!(
        broken(&format!("Game: short\n4x4\n3 4 4\n3 4 4 3\n{PIECES}")),
        ["t.ini:19: white back rank has 3 entries, expected 4 (the board width)"]
    );
    assert_eq!(
        broken(&format!("Game: long\n4x4\n3 4 4 3\n3 4 4 3 3\n{PIECES}")),
        ["t.ini:20: black back rank has 5 entries, expected 4 (the board width)"]
    );
    assert_eq!(
        broken(&format!("Game: word\n4x4\n3 4 x 3\n3 4 4 3\n{PIECES}")),
        ["t.ini:19: `x` is not a piece number: expected 4 numbers per back rank"]
    );
    assert_eq!(
        broken(&format!("Game: beyond\n4x4\n3 5 5 3\n3 4 4 -2\n{PIECES}")),
        [
            "t.ini:19: white back rank uses piece 5, but only 4 pieces are defined",
            "t.ini:20: black back rank: `-2` is not a piece number, expected 0 to 4",
        ]
    );
}

#[test]
fn piece_line_errors() {
    let ranks = "4x4\n3 4 4 3\n3 4 4 3\n";
    assert_eq!(
        broken(&format!(
            "Game: value\n{ranks}p:abc -16,6\np:100 16,6\nk:-1 1,7\nR:500 1,3\n"
        )),
        ["t.ini:21: bad piece `p:abc`: expected L:V with a decimal centipawn value V"]
    );
    assert_eq!(
        broken(&format!("Game: hex\n{ranks}{PAWNS_AND_KING}R:500 1,3 16,3G\n")),
        ["t.ini:24: bad ray `16,3G`: mode `3G` is not a hexadecimal number, expected STEP,MODE[,STEP2] (decimal step, hexadecimal mode)"]
    );
    assert_eq!(
        broken(&format!("Game: comma\n{ranks}{PAWNS_AND_KING}R:500 1,3 163\n")),
        ["t.ini:24: bad ray `163`: missing comma, expected STEP,MODE[,STEP2] (decimal step, hexadecimal mode)"]
    );
    assert_eq!(
        broken(&format!(
            "Game: hash\n{ranks}{PAWNS_AND_KING}R:500 1,3 #\n#\n"
        )),
        ["t.ini:24: `#` after the rays of a piece: the `#` block needs a line of its own"]
    );
    assert_eq!(
        broken(&format!("Game: lonely\n{ranks}p:100 -16,6\n")),
        [
            "t.ini:17: expected at least 2 piece lines (white pawn, black pawn), found 1",
            "t.ini:19: white back rank uses piece 3, but only 1 pieces are defined",
            "t.ini:19: white back rank uses piece 4, but only 1 pieces are defined",
            "t.ini:20: black back rank uses piece 3, but only 1 pieces are defined",
            "t.ini:20: black back rank uses piece 4, but only 1 pieces are defined",
        ]
    );
}

#[test]
fn limit_errors() {
    let ranks = "4x4\n3 4 4 3\n3 4 4 3\n";
    let many: String = (0..16)
        .map(|i| format!("{}:100 1,7\n", (b'a' + i) as char))
        .collect();
    assert_eq!(
        broken(&format!("Game: crowd\n{ranks}{many}")),
        ["t.ini:36: piece 16 `p:100`: at most 15 piece types per game"]
    );
    let rays = "1,3 ".repeat(242);
    assert_eq!(
        broken(&format!(
            "Game: rays\n{ranks}{PAWNS_AND_KING}R:500 {rays}\n"
        )),
        ["t.ini:24: 256 rays so far: at most 255 rays per game"]
    );
}

#[test]
fn reserved_mode_errors() {
    let ranks = "4x4\n3 4 4 3\n3 4 4 3\n";
    assert_eq!(
        broken(&format!("Game: odd\n{ranks}{PAWNS_AND_KING}R:500 1,44 1,84 1,78 0,3\n")),
        [
            "t.ini:24: ray `1,44`: mode 44 is reserved; defined x4 modes are 24, 34, 64, E4 and F4",
            "t.ini:24: ray `1,84`: mode 84 is reserved (0x80 without 0x40 on an x4 ray); defined x4 modes are 24, 34, 64, E4 and F4",
            "t.ini:24: hopper ray `1,78`: toggle digit 7 lacks 8, expected a hopper mode like F8 or BA that turns into a non-hopper",
            "t.ini:24: ray `0,3`: step 0 does not move",
        ]
    );
}

#[test]
fn duplicate_names_keep_the_first_definition() {
    let body = format!("4x4\n3 4 4 3\n3 4 4 3\n{PIECES}");
    assert_eq!(
        broken(&format!("Game: before\n{body}")),
        ["t.ini:17: duplicate game `before` (first defined on line 9): the first definition is used"]
    );
    let ini = fmax::parse(&format!("{HEAD}Game: before\n{body}{TAIL}"), "t.ini");
    assert_eq!(ini.game("before").unwrap().pieces[3].value, 500);
}

#[test]
fn version_line_errors_refuse_the_file() {
    let ini = fmax::parse(&HEAD.replace("version 4.8(w)", "version 4.7"), "t.ini");
    assert!(!ini.version_ok);
    let errors: Vec<String> = ini.errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors, ["t.ini:1: unsupported version `version 4.7`: expected `version 4.8(w)` as the first line"]);
    let ini = fmax::parse(&HEAD["version 4.8(w)\n".len()..], "t.ini");
    let errors: Vec<String> = ini.errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors, ["t.ini:1: missing version line: expected `version 4.8(w)` as the first line, found `4x4`"]);
    let cat = Catalog::from_text("", "e.ini", &[]);
    assert!(cat.variant("normal").is_err());
}

fn warnings_of(text: &str) -> (IniFile, Vec<String>) {
    let ini = fmax::parse(text, "t.ini");
    let w = ini.warnings.iter().map(ToString::to_string).collect();
    (ini, w)
}

#[test]
fn warnings_do_not_refuse() {
    let (ini, w) = warnings_of(&format!(
        "{HEAD}Game: hole\n4x4\n3 4 4 3\n3 0 4 3\n{PIECES}{TAIL}"
    ));
    assert!(ini.errors.is_empty());
    assert_eq!(ini.game("hole").unwrap().black_array, [3, 0, 4, 3]);
    assert_eq!(
        w,
        ["t.ini:20: black back rank has 0 (empty): Nightrider leaves the square empty, Fairy-Max would create a corrupt piece"]
    );
    let (ini, w) = warnings_of(&format!("{HEAD} Game: indented\n{TAIL}"));
    assert_eq!(ini.names().collect::<Vec<_>>(), ["before", "after"]);
    assert_eq!(w, ["t.ini:17: looks like a game header, but only `Game:` at the start of a line begins a game"]);
    let (ini, w) = warnings_of(&format!("{HEAD}Queen:\nQ:950 1,3 16,3\n{TAIL}"));
    assert_eq!(ini.game("before").unwrap().pieces.len(), 4);
    assert_eq!(
        w,
        ["t.ini:18: piece line ignored: the piece list of `before` ended at line 17"]
    );
    // A comment after the last rays ends the list, as in Fairy-Max.
    let note = format!("Game: note\n4x4\n3 4 4 3\n3 4 4 3\n{PAWNS_AND_KING}R:500 1,3 // rook\n");
    let (ini, w) = warnings_of(&format!("{HEAD}{note}{TAIL}"));
    assert_eq!((ini.errors.len(), w.len()), (0, 0));
    assert_eq!(ini.game("note").unwrap().pieces[3].rays.len(), 1);
    let (ini, w) = warnings_of(&format!("{HEAD}{note}Q:950 1,3 16,3\n{TAIL}"));
    assert_eq!(ini.game("note").unwrap().pieces.len(), 4);
    assert_eq!(
        w,
        ["t.ini:25: piece line ignored: the piece list of `note` ended at line 24"]
    );
}

// ---------------------------------------------------------------------------
// Catalog

fn texts(errors: &[nightrider::rules::ConfigError]) -> Vec<String> {
    errors.iter().map(ToString::to_string).collect()
}

#[test]
fn a_broken_variant_leaves_the_current_one_in_place() {
    let shallow = format!("Game: shallow\n4x4=-2\n3 4 4 3\n3 4 4 3\n{PIECES}");
    let bad = format!("Game: bad\n4x4\n3 4 4\n3 4 4 3\n{PIECES}");
    let text = format!("{HEAD}{shallow}{bad}{TAIL}");
    let overlays = [
        ("after", "[rules]\npromotion = Z\n"),
        ("before", "[rules]\npromotion = R\nfoo = 1\n"),
    ];
    let cat = Catalog::from_text(&text, "t.ini", &overlays);
    let mut current = cat.default_variant().unwrap();
    for name in ["shallow", "bad", "after", "before", "nonesuch"] {
        match cat.variant(name) {
            Ok(v) => current = v,
            Err(errors) => assert!(!errors.is_empty()),
        }
    }
    assert_eq!(
        (current.name.as_str(), current.width, current.types.len()),
        ("", 4, 5)
    );
    assert_eq!(
        texts(&cat.variant("shallow").unwrap_err()),
        ["t.ini:17: zone =-2 does not fit a board of 4 ranks: pawns would start on rank 3 and promote on rank 4"]
    );
    assert_eq!(
        texts(&cat.variant("bad").unwrap_err()),
        ["t.ini:27: white back rank has 3 entries, expected 4 (the board width)"]
    );
    assert_eq!(
        texts(&cat.variant("after").unwrap_err()),
        ["variants/after.ini:2: promotion letter 'Z' is no piece of after"]
    );
    assert_eq!(
        texts(&cat.variant("before").unwrap_err()),
        ["variants/before.ini:3: unknown key `foo`: expected one of promotion, stalemate, checkmate, bare_king, start, zone.NAME, confine, zone_promotion, flying_general, royal_leap_out_of_check, royal_leap_lost_on_line, perpetual_check, castling960, board_count, board_count_max_pieces, pieces_count, pieces_count_start, move_rule, repetition, repetition_value, repetition_loser, repetition_claim, chasing, chase_exempt, chase_always, fen_alias, drops, captures_to_hand, promoted_to_hand, drop_zone, must_drop, drop_opposite_colours, castling_dropped, checks_to_win, must_capture, explosion, explosion_spares, goal_zone, goal_zone.white, goal_zone.black, goal_equalise, no_checks, extinction, extinction_count, extinction_value, pawn_multi_step, en_passant_zone, promotion_in_place, promotion_limit, aliases, piece_promotion, piece_promotion_zone, immobile, drop_no_doubled, drop_no_mate"]
    );
    let aliases = [
        ("before", "[rules]\nfen_alias = R:P\n"),
        ("after", "[rules]\npromotion = R\n\nfen_alias = H:N X:Z\n"),
    ];
    let cat2 = Catalog::from_text(&text, "t.ini", &aliases);
    assert_eq!(
        texts(&cat2.variant("after").unwrap_err()),
        [
            "variants/after.ini:4: fen_alias H:N: N is no piece of `after`",
            "variants/after.ini:4: fen_alias X:Z: Z is no piece of `after`"
        ]
    );
    assert_eq!(
        texts(&cat2.variant("before").unwrap_err()),
        ["variants/before.ini:2: fen_alias R:P: R is already a piece of `before`"]
    );
    assert_eq!(
        texts(&cat.variant("nonesuch").unwrap_err()),
        ["t.ini: variant `nonesuch` is not defined (no `Game: nonesuch` line)"]
    );
}

#[test]
fn overlay_aliases_select_their_game_and_are_announced() {
    let text = format!("{HEAD}{TAIL}");
    let overlays = [
        ("after", "[rules]\naliases = later, afterwards,earlier\n"),
        ("before", "; two names\n[rules]\naliases = after earlier\n"),
    ];
    let cat = Catalog::from_text(&text, "t.ini", &overlays);
    assert_eq!(cat.resolve("later"), "after");
    assert_eq!(cat.variant("afterwards").unwrap().def.name, "after");
    assert_eq!(cat.resolve("after"), "after");
    let shown = cat.xboard_variants();
    let after = shown.iter().position(|n| n == "after").unwrap();
    assert_eq!(shown[after + 1..], ["later", "afterwards"]);
    // A name claimed twice selects the game that comes first in the file.
    assert_eq!(cat.resolve("earlier"), "before");
    assert_eq!(
        texts(&cat.errors()),
        [
            "variants/after.ini:2: aliases: `earlier` already selects `before`",
            "variants/before.ini:3: aliases: `after` already selects `after`"
        ]
    );
    let bad = Catalog::from_text(&text, "t.ini", &[("after", "[rules]\naliases = Later\n")]);
    assert_eq!(
        texts(&bad.variant("after").unwrap_err()),
        ["variants/after.ini:2: aliases: `Later` is no name (lower-case letters, digits and `-`, starting with a letter)"]
    );
}

#[test]
fn a_broken_explicit_file_fails_the_load() {
    let dir = std::env::temp_dir().join(format!("nightrider-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("fmax.ini");
    std::fs::write(&path, "verzion 4.8(w)\n").unwrap();
    let errors = Catalog::load(Some(&path)).unwrap_err();
    assert_eq!(
        texts(&errors),
        [format!("{}:1: missing version line: expected `version 4.8(w)` as the first line, found `verzion 4.8(w)`", path.display())]
    );
    std::fs::write(&path, format!("{HEAD}{TAIL}")).unwrap();
    let cat = Catalog::load(Some(&path)).unwrap();
    assert_eq!(cat.ini_path(), Some(path.as_path()));
    assert_eq!(cat.variant("after").unwrap().width, 4);
    let missing = dir.join("missing.ini");
    assert!(Catalog::load(Some(&missing)).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

fn debian_catalog() -> Catalog {
    let variants = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("variants");
    Catalog::from_ini(debian(), None, Some(variants))
}

#[test]
fn aliases_and_choices_resolve() {
    let mut cat = debian_catalog();
    assert_eq!(cat.errors(), Vec::new());
    for (alias, game) in [
        ("chess", "normal"),
        ("standard", "normal"),
        ("fairy", "fairy/FIDE-Clobberers"),
        ("makruk", "makruk"),
    ] {
        assert_eq!(cat.resolve(alias), game);
        assert_eq!(cat.variant(alias).unwrap().def.name, game);
    }
    assert_eq!(cat.fairy_choices().len(), 12);
    assert_eq!(cat.fairy_choices()[0], "FIDE-Clobberers");
    cat.set_fairy_choice("Rookies-FIDE").unwrap();
    assert_eq!(cat.variant("fairy").unwrap().def.name, "fairy/Rookies-FIDE");
    assert_eq!(
        cat.set_fairy_choice("Nobody").unwrap_err().to_string(),
        "no game `fairy/Nobody` to select for `fairy`"
    );
    assert_eq!(cat.fairy_choice(), Some("Rookies-FIDE"));
    assert_eq!(cat.makruk_choices(), ["makruk", "Cambodian", "Ai-wok"]);
    cat.set_makruk_choice("Cambodian").unwrap();
    assert_eq!(cat.variant("makruk").unwrap().def.name, "Cambodian");
    assert_eq!(
        cat.set_makruk_choice("cambodian"),
        Err(ChoiceError::NotAMakrukRule("cambodian".into()))
    );
    assert_eq!(cat.makruk_choice(), "Cambodian");

    let list = cat.xboard_variants();
    // 30 games, and the aliases kingofthehill and losalamos from variants/.
    assert_eq!(list.len(), 32);
    assert_eq!(list[0], "normal");
    assert_eq!(list.last().map(String::as_str), Some("fairy"));
    assert!(!list
        .iter()
        .any(|n| n == "Cambodian" || n == "Ai-wok" || n.starts_with("fairy/")));
}

#[test]
fn overlays_restrict_promotion() {
    let cat = debian_catalog();
    let letters = |name: &str| -> Vec<String> {
        let v = cat.variant(name).unwrap();
        [0, 1]
            .iter()
            .map(|&side| {
                let color = if side == 0 {
                    nightrider::core::Color::White
                } else {
                    nightrider::core::Color::Black
                };
                v.promotion_choices[side]
                    .iter()
                    .map(|&t| v.letter_of(color, t))
                    .collect()
            })
            .collect()
    };
    assert_eq!(letters("normal"), ["QRNB", "qrnb"]);
    assert_eq!(letters("chess-queen-promotion-only"), ["Q", "q"]);
    assert_eq!(letters("shatranj"), ["Q", "q"]);
    assert_eq!(letters("courier"), ["F", "f"]);
    assert_eq!(letters("makruk"), ["M", "m"]);
    assert_eq!(letters("cambodian"), ["M", "m"]);
    assert_eq!(letters("Cambodian"), ["M", "m"]);
    assert_eq!(letters("ai-wok"), ["A", "a"]);
    assert_eq!(letters("Ai-wok"), ["A", "a"]);
    assert_eq!(letters("asean"), ["RNBQ", "rnbq"]);
    let acedrex = cat.variant("grande-acedrex").unwrap();
    let by_file: String = acedrex
        .promotion_by_file
        .as_ref()
        .unwrap()
        .iter()
        .map(|&t| acedrex.letter_of(nightrider::core::Color::White, t))
        .collect();
    assert_eq!(by_file, "RLUGCAACGULR");
    assert_eq!(letters("grande-acedrex"), ["RLUGCA", "rlugca"]);
    assert_eq!(cat.variant("normal").unwrap().promotion_by_file, None);
    let shatranj = cat.variant("shatranj").unwrap();
    assert_eq!(
        shatranj.overlay.stalemate,
        Some(nightrider::core::Verdict::Loss)
    );
    assert!(shatranj.overlay.bare_king_loses);
}

#[test]
fn perft_names_resolve_to_their_games() {
    let cat = debian_catalog();
    let expected = [
        ("chess", "normal"),
        ("chess-queen-promotion-only", "normal"),
        ("asean", "asean"),
        ("berolina", "berolina"),
        ("cambodian", "cambodian"),
        ("capablanca", "capablanca"),
        ("courier", "courier"),
        ("gothic", "gothic"),
        ("great", "great"),
        ("janus", "janus"),
        ("knightmate", "knightmate"),
        ("makruk", "makruk"),
        ("seirawan", "seirawan"),
        ("shatranj", "shatranj"),
        ("spartan", "spartan"),
        ("super", "super"),
    ];
    for (name, game) in expected {
        assert_eq!(
            cat.variant(name).map(|v| v.def.name.clone()),
            Ok(game.to_string()),
            "{name}"
        );
    }
    for not_fairy_max in ["grand", "xiangqi"] {
        assert!(cat.variant(not_fairy_max).is_err());
    }
}

// ---------------------------------------------------------------------------
// Fuzzing (seeded): nothing may panic.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn exercise(text: &str) {
    let ini = fmax::parse(text, "fuzz.ini");
    for def in ini.games.iter().chain(ini.default_game.iter()) {
        let _ = Variant::build(def, &Overlay::default());
    }
    let cat = Catalog::from_ini(ini, None, None);
    for name in [
        "normal",
        "chess",
        "fairy",
        "makruk",
        "Cambodian",
        "nonesuch",
        "",
    ] {
        let _ = cat.variant(name);
    }
    let _ = (
        cat.xboard_variants(),
        cat.fairy_choices(),
        cat.default_variant(),
    );
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = StdRng::seed_from_u64(0x5eed);
    for i in 0..3000 {
        let len = rng.gen_range(0..300);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if rng.gen_bool(0.7) {
                    b"0123456789,:x=-#/ \n\rGame:pkFA"[rng.gen_range(0..29)]
                } else {
                    rng.gen()
                }
            })
            .collect();
        let body = String::from_utf8_lossy(&bytes);
        let text = if i % 2 == 0 {
            format!("version 4.8(w)\n{body}")
        } else {
            body.to_string()
        };
        exercise(&text);
        let _ = nightrider::rules::overlay::parse_overlay(&body, "fuzz.ini");
    }
}

fn mutate_line(line: &str, rng: &mut StdRng) -> String {
    let mut toks: Vec<String> = line.split(' ').map(str::to_string).collect();
    let n = toks.len();
    match rng.gen_range(0..5) {
        0 if n > 1 => {
            toks.remove(rng.gen_range(0..n));
        }
        1 => {
            let t = toks[rng.gen_range(0..n)].clone();
            toks.insert(rng.gen_range(0..=n), t);
        }
        2 if n > 1 => toks.swap(rng.gen_range(0..n), rng.gen_range(0..n)),
        _ => {
            let mut chars: Vec<char> = line.chars().collect();
            if !chars.is_empty() {
                let pool = [
                    '0', '9', '-', ',', ':', 'x', '=', '#', 'F', 'G', ' ', '\n', '/', '\u{e9}',
                ];
                let k = rng.gen_range(0..chars.len());
                chars[k] = pool[rng.gen_range(0..pool.len())];
            }
            return chars.into_iter().collect();
        }
    }
    toks.join(" ")
}

#[test]
fn mutated_debian_lines_never_panic() {
    let text = debian_text();
    let lines: Vec<&str> = text.lines().collect();
    let mut rng = StdRng::seed_from_u64(42);
    let mut refused = 0;
    for _ in 0..1500 {
        let mut copy: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        for _ in 0..rng.gen_range(1..5) {
            let k = rng.gen_range(0..copy.len());
            copy[k] = mutate_line(&copy[k], &mut rng);
        }
        let mutated = copy.join("\n");
        exercise(&mutated);
        refused += usize::from(!fmax::parse(&mutated, "m").refused.is_empty());
    }
    // The mutations do reach the games (not only the comments).
    assert!(refused > 100, "only {refused} mutated files refused a game");
}

fn run_check(args: &[&str]) -> (i32, Vec<String>) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .arg("check")
        .args(args)
        .output()
        .unwrap();
    let lines = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    (out.status.code().unwrap_or(-1), lines)
}

#[test]
fn check_command_reports_every_error_and_a_summary() {
    let (code, lines) = run_check(&[DEBIAN_INI]);
    // Overlays of our own games (xiangqi) are a warning for Debian's file.
    assert_eq!(code, 0);
    assert!(
        lines
            .last()
            .is_some_and(|l| l.starts_with("43 games, 0 errors")),
        "{lines:?}"
    );
    // Its janus piece is `A`, not the `J` our janus network knows: the game
    // is played without the network.
    assert!(
        lines.iter().any(|l| l.contains("variants/janus.ini:")
            && l.ends_with(
                "warning: network = janus.nrn: the network has no piece 'A'; \
                 the game is played without it"
            )),
        "{lines:?}"
    );
    let dir = std::env::temp_dir().join(format!("nightrider-check-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    let ini = dir.join("fmax.ini");
    let shallow = format!("Game: shallow\n4x4=-2\n3 4 4 3\n3 4 4 3\n{PIECES}");
    std::fs::write(
        &ini,
        format!("{HEAD}{shallow}Game: bad\n4x4\n3 4 4\n3 4 4 3\n{PIECES}{TAIL}"),
    )
    .unwrap();
    std::fs::write(dir.join("variants/after.ini"), "[rules]\nbare_king = yes\n").unwrap();
    std::fs::write(dir.join("variants/ghost.ini"), "[rules]\n").unwrap();
    let (code, lines) = run_check(&["--ini", ini.to_str().unwrap()]);
    let f = ini.display().to_string();
    let v = dir.join("variants").display().to_string();
    assert_eq!(code, 1);
    assert_eq!(
        lines,
        [
            format!("checking {f} (overlays: {v})"),
            format!("{f}:27: white back rank has 3 entries, expected 4 (the board width)"),
            format!("{v}/after.ini:2: bare_king = `yes`: expected loss or none"),
            format!("{f}:17: zone =-2 does not fit a board of 4 ranks: pawns would start on rank 3 and promote on rank 4"),
            format!("{v}/ghost.ini:1: warning: overlay for `ghost`, but the ini has no such game"),
            "3 games, 3 errors, 1 warnings".to_string(),
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_binary_file_as_fmax_ini_or_overlay_is_not_a_text_file_at_a_line_from_1() {
    let dir = std::env::temp_dir().join(format!("nightrider-binary-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    let elf = dir.join("elf.ini");
    std::fs::write(&elf, b"\x7fELF\x02\x01\x01\x00\x00\x00").unwrap();
    let (code, lines) = run_check(&[elf.to_str().unwrap()]);
    assert_eq!(code, 1);
    let e = elf.display();
    assert_eq!(
        lines,
        [
            format!("{e}:1: not a text file (control byte 0x7f)"),
            "0 games, 1 errors".to_string()
        ]
    );
    // A Latin-1 comment is text; a NUL byte on line 3 of an overlay is not.
    let ini = dir.join("fmax.ini");
    let mut latin1 = HEAD.as_bytes().to_vec();
    latin1.extend_from_slice(b"# f\xfcr\nGame: binary\n4x4\n3 4 4 3\n3 4 4 3\n");
    latin1.extend_from_slice(PIECES.as_bytes());
    std::fs::write(&ini, &latin1).unwrap();
    std::fs::write(
        dir.join("variants/binary.ini"),
        b"[rules]\n\nzone.x\x00= a1\n",
    )
    .unwrap();
    let (code, lines) = run_check(&["--ini", ini.to_str().unwrap()]);
    let v = dir.join("variants").display().to_string();
    assert_eq!(code, 1, "{lines:?}");
    assert!(
        lines.contains(&format!(
            "{v}/binary.ini:3: not a text file (control byte 0x00)"
        )),
        "{lines:?}"
    );
    assert!(
        lines
            .last()
            .is_some_and(|l| l.starts_with("2 games, 1 errors")),
        "{lines:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An 8x8 game with a grasshopper and a cannon (which reach nothing, or
/// little, on an empty board), a knight and rooks; the knight written far
/// too high.
const HOPPERS: &str = "version 4.8(w)
4x4
3 4 4 3
3 4 4 3
p:100 -16,6 -15,5 -17,5
p:100 16,6 15,5 17,5
k:-1 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
R:600 1,3 16,3 -1,3 -16,3

Game: hoppers
8x8
7 4 5 6 3 6 5 7
7 4 5 6 3 6 5 7
p:100  -16,24 -16,6 -15,5 -17,5
p:100   16,24  16,6  15,5  17,5
k:-1    1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
n:3000  14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7
G:200   1,F8 16,F8 15,F8 17,F8 -1,F8 -16,F8 -15,F8 -17,F8
C:450   1,BA 16,BA -1,BA -16,BA
R:500   1,3 16,3 -1,3 -16,3

// end
";

#[test]
fn check_shows_each_value_beside_its_estimates_and_warns_when_far() {
    let dir = std::env::temp_dir().join(format!("nightrider-values-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    let ini = dir.join("fmax.ini");
    std::fs::write(&ini, HOPPERS).unwrap();
    std::fs::write(dir.join("variants/hoppers.ini"), "[eval]\nvalue.C = 480\n").unwrap();
    let (code, lines) = run_check(&["--ini", ini.to_str().unwrap(), "--values"]);
    let f = ini.display().to_string();
    let v = dir.join("variants").display().to_string();
    let warning = format!("{f}:17: warning: game hoppers: piece N value 3000 is far from 386 estimated from its reach on occupied boards (305 from its empty-board mobility); the engine plays with 3000");
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            format!("checking {f} (overlays: {v})"),
            "game (default):".to_string(),
            "game hoppers:".to_string(),
            "  N: value 3000 (empty board: mobility 7.09, estimate 305; occupied: reach 4.43, estimate 386): far from the estimate, the engine plays with 3000".to_string(),
            // Nothing on an empty board, a plausible 261 among hurdles.
            "  G: value 200 (empty board: mobility 0.00, estimate 1; occupied: reach 3.05, estimate 261): plausible, the engine plays with 200".to_string(),
            "  C: value 450 (empty board: mobility 11.10, estimate 500; occupied: reach 5.08, estimate 446; tuned 480): plausible, the engine plays with 480".to_string(),
            "  R: value 500 (empty board: mobility 11.10, estimate 500; occupied: reach 5.65, estimate 500): plausible, the engine plays with 500".to_string(),
            warning.clone(),
            "1 games, 0 errors, 1 warnings".to_string(),
        ]
    );
    // Without `--values`: the warning and the summary.
    let (_, lines) = run_check(&["--ini", ini.to_str().unwrap()]);
    assert_eq!(
        lines,
        [
            format!("checking {f} (overlays: {v})"),
            warning,
            "1 games, 0 errors, 1 warnings".to_string(),
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A network file with every weight zero for `layout`.
fn zero_network(layout: nightrider::eval::network::Layout) -> Vec<u8> {
    use nightrider::eval::network::Network;
    use nightrider::position::features::HIDDEN;
    Network {
        rows: vec![[0; HIDDEN]; layout.inputs()],
        layout,
        residual: true,
        bias: [0; HIDDEN],
        output: vec![0; 2 * HIDDEN],
        output_bias: 0,
    }
    .to_bytes()
}

#[test]
fn a_network_that_does_not_read_is_an_error_and_one_that_does_not_fit_a_warning() {
    use nightrider::eval::network::Layout;
    let dir = std::env::temp_dir().join(format!("nightrider-networks-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    let ini = dir.join("fmax.ini");
    std::fs::write(&ini, format!("{HEAD}{TAIL}")).unwrap();
    let v = dir.join("variants");
    std::fs::write(
        v.join("before.ini"),
        "[eval]\ntempo = 5\nnetwork = junk.nrn\n",
    )
    .unwrap();
    std::fs::write(v.join("junk.nrn"), b"not a network").unwrap();
    std::fs::write(v.join("after.ini"), "[eval]\nnetwork = chess.nrn\n").unwrap();
    std::fs::write(v.join("chess.nrn"), zero_network(Layout::orthodox())).unwrap();
    let (code, lines) = run_check(&["--ini", ini.to_str().unwrap()]);
    let v = v.display().to_string();
    assert_eq!(code, 1, "{lines:?}");
    assert_eq!(
        lines[1..],
        [
            format!("{v}/before.ini:3: network = junk.nrn: not a Nightrider network file"),
            format!(
                "{v}/after.ini:2: warning: network = chess.nrn: the network is for a 8x8 board, \
                 not 4x4; the game is played without it"
            ),
            "2 games, 1 errors, 1 warnings".to_string(),
        ]
    );
    // A network made for the game fits it; a missing file is an error of
    // the overlay itself.
    let cat = Catalog::load(Some(&ini)).unwrap();
    let after = cat.variant("after").unwrap();
    std::fs::write(
        dir.join("variants/chess.nrn"),
        zero_network(Layout::for_variant(&after)),
    )
    .unwrap();
    std::fs::remove_file(dir.join("variants/junk.nrn")).unwrap();
    let (code, lines) = run_check(&["--ini", ini.to_str().unwrap()]);
    assert_eq!(code, 1, "{lines:?}");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(
        lines[1].starts_with(&format!("{v}/before.ini:3: network = junk.nrn: ")),
        "{lines:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
