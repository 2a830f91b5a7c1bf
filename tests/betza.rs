//! Betza notation both ways: exact strings for the orthodox pieces, the
//! hand-written `# X& BETZA` lines of fmax.ini (Fairy-Max's own `piece`
//! strings, section 16 of fmax.ini's comments) compared move for move with the rays,
//! the round trip rays -> Betza -> rays for every piece of every game,
//! error messages, and a game written in Betza whose perft equals the same
//! game written with step vectors.

use std::collections::BTreeSet;
use std::sync::Arc;

use nightrider::mailbox::MailboxPos;
use nightrider::position::perft::perft;
use nightrider::rules::betza::dirs::{atom_base, parse_dirs, symmetry_of, Symmetry};
use nightrider::rules::betza::{
    describe, from_betza, gui_piece_lines, rotated, same_rays, to_betza, to_betza_black,
};
use nightrider::rules::catalog::Catalog;
use nightrider::rules::fmax::{self, tokens};
use nightrider::rules::mode::{Rights, Toggle};
use nightrider::rules::{GameDef, PieceDef, Ray};

fn rays(text: &str) -> Vec<Ray> {
    text.split_whitespace()
        .map(|t| tokens::ray(t).unwrap())
        .collect()
}

fn shipped() -> fmax::IniFile {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini")).unwrap();
    fmax::parse(&text, "fmax.ini")
}

const PAWN: &str = "-16,24 -16,6 -15,5 -17,5";
const BLACK_PAWN: &str = "16,24 16,6 15,5 17,5";
const KING: &str = "1,34 -1,34 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7";
const KNIGHT: &str = "14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7";
const BISHOP: &str = "15,3 17,3 -15,3 -17,3";
const ROOK: &str = "1,3 16,3 -1,3 -16,3";
const QUEEN: &str = "1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3";

#[test]
fn orthodox_pieces_have_xboards_strings() {
    assert_eq!(to_betza(&rays(PAWN)), "fmWfceFifmnD");
    assert_eq!(to_betza(&rays(BLACK_PAWN)), "bmWbceFibmnD");
    assert_eq!(to_betza_black(&rays(BLACK_PAWN)), "fmWfceFifmnD");
    assert_eq!(to_betza(&rays(KING)), "KisO2");
    assert_eq!(to_betza(&rays(&KING[11..])), "K");
    assert_eq!(to_betza(&rays(KNIGHT)), "N");
    assert_eq!(to_betza(&rays(BISHOP)), "B");
    assert_eq!(to_betza(&rays(ROOK)), "R");
    assert_eq!(to_betza(&rays(QUEEN)), "Q");
}

#[test]
fn fairy_pieces_have_canonical_strings() {
    let cases = [
        ("1,BA 16,BA -1,BA -16,BA", "mRcpR"),
        ("1,F8 16,F8 15,F8 17,F8 -1,F8 -16,F8 -15,F8 -17,F8", "gQ"),
        (
            "16,70,17 16,70,15 -16,70,-15 -16,70,-17 1,70,17 1,70,-15 -1,70,-17 -1,70,15",
            "nN",
        ),
        ("15,70 17,70 -15,70 -17,70", "nA"),
        ("1,843 16,843 -1,843 -16,843", "W4"),
        ("14,3 31,3 33,3 18,3 -14,3 -31,3 -33,3 -18,3", "N0"),
        (
            "17,3,16 15,3,16 -15,3,-16 -17,3,-16 17,3,1 -15,3,1 -17,3,-1 15,3,-1",
            "FyafsF",
        ),
        (
            "16,3,17 16,3,15 -16,3,-15 -16,3,-17 1,3,17 1,3,-15 -1,3,-17 -1,3,15",
            "WyafsW",
        ),
        ("1,3034 -1,1034", "isO3"),
        ("1,2034 -1,1034", "irO4ilO3"),
        ("-16,424 -16,24 -16,6 -15,5 -17,5", "fmWfceFifmW3ifmnD"),
        ("-15,24 -17,24 -16,5 -15,6 -17,6", "fceWfmFifmnA"),
        ("1,103 16,3 -1,103 -16,3", "oR"),
        ("-1,E4,-17 1,E4,-15", "ifsmN"),
        ("16,70 -16,70", "vnD"),
        ("16,470", "bmafmafW"),
        ("31,7 33,7 15,7 17,7 -31,7 -33,7 -15,7 -17,7", "vNF"),
    ];
    for (text, betza) in cases {
        assert_eq!(to_betza(&rays(text)), betza, "{text}");
    }
}

#[test]
fn betza_reads_into_the_rays_fmax_ini_writes() {
    let cases = [
        ("N", KNIGHT),
        ("fmWfceFifmnD", PAWN),
        ("KisO2", KING),
        ("Q", QUEEN),
        ("RB", QUEEN),
        ("WWFF", QUEEN),
        ("NN", "14,3 31,3 33,3 18,3 -14,3 -31,3 -33,3 -18,3"),
        ("N0", "14,3 31,3 33,3 18,3 -14,3 -31,3 -33,3 -18,3"),
        ("R4", "1,843 16,843 -1,843 -16,843"),
        ("B3", "15,443 17,443 -15,443 -17,443"),
        ("mRcpR", "1,BA 16,BA -1,BA -16,BA"),
        ("gQ", "1,F8 16,F8 15,F8 17,F8 -1,F8 -16,F8 -15,F8 -17,F8"),
        (
            "nN",
            "16,70,17 16,70,15 -16,70,-15 -16,70,-17 1,70,17 1,70,-15 -1,70,-17 -1,70,15",
        ),
        ("nA", "15,70 17,70 -15,70 -17,70"),
        ("fmWfceFifmW3", "-16,424 -16,24 -16,6 -15,5 -17,5"),
        ("fmWfceFifmW3iifmnD", "-16,C24 -16,24 -16,6 -15,5 -17,5"),
        ("isO3", "1,34,2 -1,34,-2"),
        (
            "KifsmN",
            "1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7 -1,E4,-17 1,E4,-15",
        ),
        (
            "FyafsF",
            "17,3,16 15,3,16 -15,3,-16 -17,3,-16 17,3,1 -15,3,1 -17,3,-1 15,3,-1",
        ),
        (
            "oQ",
            "1,103 16,3 15,103 17,103 -1,103 -16,3 -15,103 -17,103",
        ),
        ("fmWfceoFifmnD", "-16,24 -16,6 -15,105 -17,105"),
        ("fsRbWbF", "-16,3 1,3 -1,3 16,7 15,7 17,7"),
        ("ffN", "-31,7 -33,7"),
        ("fhN", "-14,7 -31,7 -33,7 -18,7"),
    ];
    for (betza, text) in cases {
        let got = from_betza(betza).unwrap_or_else(|e| panic!("{betza}: {e}"));
        assert!(same_rays(&got, &rays(text)), "{betza}: {got:?}");
    }
    // fsRbWbF is black's t of the Nutters: white's view of its rays.
    assert_eq!(
        to_betza(&rays("16,3 1,3 -1,3 -16,7 -15,7 -17,7")),
        "bsRfWfF"
    );
}

#[test]
fn bad_betza_is_refused_with_a_message() {
    let cases = [
        ("", "empty Betza text: expected at least one atom such as `N` or `fmW`"),
        ("fm", "modifiers `fm` at the end have no atom (a capital such as W, F, N)"),
        ("mfW", "`mfW`: direction letter `f` after a mode letter: XBoard reads directions first (`fmW`, not `mfW`)"),
        ("NX", "`X`: `X` is no atom Nightrider knows: expected one of W F D N A H C Z G J L K Q R B O"),
        ("W9", "`W9`: range 9: fmax.ini rays reach range 5 at most"),
        ("icD", "`icD`: a first-move-only capture cannot be expressed (x4 moves land with move rights)"),
        ("ifmW", "`ifmW`: a first-move-only single step cannot be expressed (x4 moves pass at least one square); add the step as an ordinary move"),
        ("camK", "`camK`: modifier `a` (multi-leg, destroy or similar) cannot be expressed in fmax.ini rays"),
        ("isO", "`isO`: castling `O` needs the king's distance, 2 or more (`isO2`)"),
        ("nW", "`nW`: `n` needs a leap longer than one square"),
        ("pN", "`pN`: hoppers (`p`, `g`) must be unlimited riders without `i` or `n` (`pR`, `gQ`, `cpR`)"),
        ("cmR", "`cmR`: mode letters must come once each in XBoard's order m c e p g o n, found `cm`"),
        ("yafsF", "`yafsF`: a bent ray of fmax.ini may also stop after its first step; add that step as a move (`FyafsF`)"),
        ("W-", "unexpected `-` at position 2: expected modifiers and a capital atom"),
    ];
    for (betza, message) in cases {
        assert_eq!(from_betza(betza).unwrap_err(), message, "{betza}");
    }
}

/// Why a piece of fmax.ini cannot make the round trip, or `None`.
fn round_trip_skip(piece: &PieceDef, betza: &str, notes: &[String]) -> Option<String> {
    if !notes.is_empty() {
        return Some(format!("to_betza approximates: {}", notes.join("; ")));
    }
    if piece.rays.iter().any(|r| r.mode & 0xFFF == 0x64) {
        return Some("e.p.-immune push 64 reads back as 24 (Betza has no e.p. immunity)".into());
    }
    match from_betza(betza) {
        Err(e) if e.contains("modifier `a`") => Some(
            "multi-leg chain (falcon paths, bent leaps): from_betza reads no `a` chains".into(),
        ),
        _ => None,
    }
}

#[test]
fn every_piece_of_fmax_ini_survives_the_round_trip() {
    let ini = shipped();
    let (mut checked, mut skipped) = (0, 0);
    for game in ini.default_game.iter().chain(ini.games.iter()) {
        for piece in &game.pieces {
            let (betza, notes) = describe(&piece.rays);
            if let Some(why) = round_trip_skip(piece, &betza, &notes) {
                println!(
                    "skip {} {}:{} `{betza}`: {why}",
                    game.name, piece.letter, piece.value
                );
                skipped += 1;
                continue;
            }
            let back = from_betza(&betza).unwrap_or_else(|e| panic!("{}: {betza}: {e}", game.name));
            assert!(
                same_rays(&back, &piece.rays),
                "{} {}: {betza} reads back as {back:?}",
                game.name,
                piece.letter
            );
            checked += 1;
        }
    }
    // Skipped: falcon (1), capablanca's unused e (vertical castling), spartan's
    // Persian pawn (64), bifurcator's B and R (friendly-platform turns),
    // team-mate's camel-shaped c and grande-acedrex's unicorn (chains).
    let total: usize = ini
        .default_game
        .iter()
        .chain(ini.games.iter())
        .map(|g| g.pieces.len())
        .sum();
    assert_eq!((checked + skipped, skipped), (total, 7));
    assert!(checked >= 444, "{checked} pieces checked");
}

/// The moves of a Betza text that contains `a` chains, expanded to one
/// entry per first-leg direction and turn of every later leg.
fn chain_atoms(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let chars: Vec<char> = text.chars().collect();
    let mut start = 0;
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_uppercase() {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < chars.len() && chars[end].is_ascii_digit() {
            end += 1;
        }
        let atom: String = chars[i..end].iter().collect();
        expand_term(&chars[start..i], chars[i], &atom, &mut out);
        start = end;
        i = end;
    }
    out
}

fn expand_term(mods: &[char], letter: char, atom: &str, out: &mut BTreeSet<String>) {
    let sym = match letter {
        'K' | 'Q' => Symmetry::King,
        'R' => Symmetry::Orthogonal,
        'B' => Symmetry::Diagonal,
        l => symmetry_of(atom_base(l).unwrap()),
    };
    let mut legs: Vec<Vec<String>> = Vec::new();
    for (n, leg) in mods.split(|&c| c == 'a').enumerate() {
        let (set, used) = parse_dirs(leg, if n == 0 { sym } else { Symmetry::King });
        let modes: String = leg[used..].iter().collect();
        let opts = (0..8)
            .filter(|d| set & (1 << d) != 0)
            .map(|d| format!("{d}{modes}"))
            .collect();
        legs.push(opts);
    }
    let mut paths = vec![atom.to_string()];
    for opts in legs {
        paths = paths
            .iter()
            .flat_map(|p| opts.iter().map(move |o| format!("{p}/{o}")))
            .collect();
    }
    out.extend(paths);
}

/// Drops first-move leaps that go backward: a virgin piece stands on its
/// first rank, so Fairy-Max's hand-written `KiN`, `imD` include leaps that
/// never happen, while the rays leave them out.
fn forward_only(rays: &[Ray]) -> Vec<Ray> {
    rays.iter()
        .copied()
        .filter(|r| {
            let castle =
                r.is_initial_only() && r.toggle_mask() == Toggle::flipping(Rights::LANDING);
            let back = r.step + r.secondary_step() > 8;
            !(r.is_initial_only() && !castle && back)
        })
        .collect()
}

/// Compares a hand-written Betza line with a piece's rays (as the owner
/// sees them); `Err` says why they differ.
fn matches_line(text: &str, rays: &[Ray]) -> Result<(), String> {
    match from_betza(text) {
        Ok(read) if same_rays(&forward_only(&read), &forward_only(rays)) => Ok(()),
        Ok(read) => Err(format!("reads as {read:?}")),
        Err(e) if text.contains('a') => {
            let mine = to_betza(rays);
            if chain_atoms(text) == chain_atoms(&mine) {
                Ok(())
            } else {
                Err(format!("chains differ from ours `{mine}` ({e})"))
            }
        }
        Err(e) => Err(e),
    }
}

fn piece_with(game: &GameDef, key: char, last: bool) -> &PieceDef {
    let mut it = game.pieces.iter().filter(|p| p.key_letter() == key);
    if last {
        it.next_back().unwrap()
    } else {
        it.next().unwrap()
    }
}

#[test]
fn hand_written_gui_lines_match_the_rays() {
    let ini = shipped();
    let mut failures = Vec::new();
    let mut checked = 0;
    for game in &ini.games {
        for line in &game.gui_pieces {
            let (head, text) = line.split_once(' ').unwrap();
            let letter = head.chars().next().unwrap();
            let key = letter.to_ascii_uppercase();
            let both = head.ends_with('&');
            let mut sides = Vec::new();
            if both || letter.is_ascii_uppercase() {
                sides.push(piece_with(game, key, false).rays.clone());
            }
            if both || letter.is_ascii_lowercase() {
                sides.push(rotated(&piece_with(game, key, true).rays));
            }
            for rays in sides {
                checked += 1;
                if let Err(why) = matches_line(text, &rays) {
                    failures.push(format!("{} `{line}`: {why}", game.name));
                }
            }
        }
    }
    for f in &failures {
        println!("{f}");
    }
    // Known differences: cylinder's `oK` (as Fairy-Max writes it) leaves
    // out the king's castling; the bifurcator's turns at a friendly platform
    // have no Betza form of ours.
    let expected_failures = failures
        .iter()
        .filter(|f| f.starts_with("bifurcator") || f.starts_with("cylinder `K& oK`"))
        .count();
    assert_eq!(expected_failures, failures.len(), "{failures:#?}");
    assert_eq!((checked, failures.len()), (198, 6));
}

#[test]
fn fairy_max_piece_strings_match_its_own_rays() {
    // Fairy-Max's Cambodian king and met (the F4 code, section 8 of
    // fmax.ini's comments) and a few of Fairy-Max's own `piece` strings
    // checked against the rays.
    let cases = [
        ("KiN", "1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7 -16,10F4 -16,1F0F4 -1,100F4 1,FFFF00F4"),
        ("FifD", "15,7 17,7 -15,7 -17,7 -16,F4"),
        ("aflafrKafraflKafafsKafsafK", "13,FFFFF207 29,F207 46,F207 47,10207 49,10207 50,11207 35,11207 19,1207 -13,1207 -29,FFFF1207 -46,FFFF1207 -47,FFFF0207 -49,FFFF0207 -50,FFFEF207 -35,FFFEF207 -19,FFFFF207"),
        ("NmpafsyafW", "14,3,15 31,3,15 33,3,17 18,3,17 -14,3,-15 -31,3,-15 -33,3,-17 -18,3,-17"),
        ("NmpafsafF", "14,43,-1 31,43,16 33,43,16 18,43,1 -14,43,1 -31,43,-16 -33,43,-16 -18,43,-1"),
    ];
    for (text, ray_text) in cases {
        assert_eq!(matches_line(text, &rays(ray_text)), Ok(()), "{text}");
    }
    assert_eq!(to_betza(&rays(cases[3].1)), "NmpafsyafW");
    assert_eq!(to_betza(&rays(cases[4].1)), "NmpafsafF");
}

#[test]
fn games_without_gui_lines_get_piece_commands() {
    let ini = shipped();
    let game = |name: &str| ini.game(name).unwrap();
    assert_eq!(gui_piece_lines(game("normal")), ["piece S& Q"]);
    assert!(gui_piece_lines(game("nocastle")).is_empty());
    assert!(gui_piece_lines(game("falcon")).is_empty());
    assert_eq!(
        gui_piece_lines(game("janus")),
        ["piece J& BN", "piece K KirO4ilO3", "piece k KilO4irO3"]
    );
    assert_eq!(
        gui_piece_lines(game("super")),
        [
            "piece S& BN",
            "piece E& RN",
            "piece V& KN",
            "piece A& QN",
            "piece O& DAN",
            "piece G& KDA",
            "piece M& KvnDisO2",
            "piece W& WD"
        ]
    );
}

/// A game of fairy pieces written with step vectors, and again in Betza.
const STEPS: &str = "p:100 -16,24 -16,6 -15,5 -17,5
p:100 16,24 16,6 15,5 17,5
k:-1 1,34 -1,34 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
n:300 16,70,17 16,70,15 -16,70,-15 -16,70,-17 1,70,17 1,70,-15 -1,70,-17 -1,70,15
b:400 17,3,16 15,3,16 -15,3,-16 -17,3,-16 17,3,1 -15,3,1 -17,3,-1 15,3,-1
R:500 1,BA 16,BA -1,BA -16,BA
Q:900 1,843 16,843 -1,843 -16,843 15,3 17,3 -15,3 -17,3";
const BETZA: &str = "p:100 betza=fmWfceFifmnD
p:100 betza=bmWbceFibmnD
k:-1 betza=KisO2
n:300 betza=nN
b:400 betza=FyafsF
R:500 betza=mRcpR
Q:900 betza=BW4";

fn game_text(pieces: &str) -> String {
    format!("version 4.8(w)\n8x8\n6 4 5 7 3 5 4 6\n6 4 5 7 3 5 4 6\n{pieces}\n// end\n")
}

#[test]
fn a_game_in_betza_plays_like_the_game_in_steps() {
    let steps = Catalog::from_text(&game_text(STEPS), "steps.ini", &[]);
    let betza = Catalog::from_text(&game_text(BETZA), "betza.ini", &[]);
    assert!(betza.errors().is_empty(), "{:?}", betza.errors());
    let a = steps.ini().default_game.clone().unwrap();
    let b = betza.ini().default_game.clone().unwrap();
    for (x, y) in a.pieces.iter().zip(&b.pieces) {
        assert!(same_rays(&x.rays, &y.rays), "{}: {:?}", y.letter, y.betza);
    }
    let count = |c: &Catalog| {
        let mut pos = MailboxPos::new(Arc::clone(&c.default_variant().unwrap()));
        (1..=3).map(|d| perft(&mut pos, d)).collect::<Vec<u64>>()
    };
    let by_steps = count(&steps);
    assert_eq!(count(&betza), by_steps);
    assert_eq!(by_steps, [18, 320, 6574]);
}

#[test]
fn the_loader_reports_bad_betza_with_file_and_line() {
    let text = game_text(&BETZA.replace("betza=nN", "betza=mfW"));
    let cat = Catalog::from_text(&text, "t.ini", &[]);
    let errors: Vec<String> = cat.errors().iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        ["t.ini:8: betza=mfW: `mfW`: direction letter `f` after a mode letter: XBoard reads directions first (`fmW`, not `mfW`)"]
    );
    let twice = game_text(&BETZA.replace("betza=nN", "betza=nN betza=N"));
    let cat = Catalog::from_text(&twice, "t.ini", &[]);
    assert_eq!(
        cat.errors()[0].to_string(),
        "t.ini:8: `betza=N`: a piece line takes one betza= text"
    );
    let mixed = game_text(&BETZA.replace("k:-1 betza=KisO2", "k:-1 1,34 -1,34 betza=K"));
    let cat = Catalog::from_text(&mixed, "t.ini", &[]);
    let king = &cat.ini().default_game.as_ref().unwrap().pieces[2];
    assert!(same_rays(&king.rays, &rays(KING)));
}

#[test]
fn piece_report_shows_rays_and_betza_both_ways() {
    let cat = Catalog::from_text(&game_text(BETZA), "betza.ini", &[]);
    let report = nightrider::rules::betza::piece_report(cat.ini().default_game.as_ref().unwrap());
    assert_eq!(report.len(), 7);
    assert_eq!(
        report[3],
        "   4 n:300  betza nN  (written betza=nN)  rays -16,1070 1,FFFF0070 1,10070 16,1070 16,1F070 -1,FFFF0070 -1,10070 -16,1F070"
    );
    let steps = Catalog::from_text(&game_text(STEPS), "steps.ini", &[]);
    let report = nightrider::rules::betza::piece_report(steps.ini().default_game.as_ref().unwrap());
    assert_eq!(
        report[5],
        "   6 R:500  betza mRcpR  rays 1,BA 16,BA -1,BA -16,BA"
    );
}

#[test]
fn random_rays_and_random_text_never_panic() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..20_000 {
        let ray = Ray {
            step: rng.gen_range(-255..=255),
            mode: rng.gen::<i32>(),
        };
        let (text, _) = describe(&[ray]);
        let _ = from_betza(&text);
    }
    let alphabet: Vec<char> = "iabcfglmnoprsvyhWFDNAHCZGKQRBO0123456789-"
        .chars()
        .collect();
    for _ in 0..20_000 {
        let len = rng.gen_range(0..12);
        let text: String = (0..len)
            .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
            .collect();
        if let Ok(rays) = from_betza(&text) {
            let _ = to_betza(&rays);
        }
    }
    let mao = rays("15,70,-1 17,70,1 -15,70,1 -17,70,-1 15,70,16 17,70,16 -15,70,-16 -17,70,-16");
    assert_eq!(to_betza(&mao), "mafsF");
    let cylinder_king = rays("1,34 -1,34 1,107 16,7 15,107 17,107 -1,107 -16,7 -15,107 -17,107");
    assert_eq!(to_betza(&cylinder_king), "oKisO2");
}
