//! Betza notation both ways: exact strings for the orthodox pieces, the
//! hand-written `# X& BETZA` lines of fmax.ini (Fairy-Max's own, see the
//! appendix of docs/fmax-format.md) compared move for move with the rays,
//! the round trip rays -> Betza -> rays for every piece of every game,
//! error messages, and a game written in Betza whose perft equals the same
//! game written with step vectors.

use std::collections::BTreeSet;
use std::sync::Arc;

use nightrider::mailbox::MailboxPos;
use nightrider::rules::betza::dirs::{atom_base, parse_dirs, symmetry_of, Symmetry};
use nightrider::rules::betza::{
    describe, from_betza, gui_piece_lines, rotated, same_rays, to_betza, to_betza_black,
};
use nightrider::rules::catalog::Catalog;
use nightrider::rules::fmax::{self, tokens};
use nightrider::rules::{GameDef, PieceDef, Ray};
use nightrider::tools::perft::perft;

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
        ("16,70,17 16,70,15 -16,70,-15 -16,70,-17 1,70,17 1,70,-15 -1,70,-17 -1,70,15", "nN"),
        ("15,70 17,70 -15,70 -17,70", "nA"),
        ("1,843 16,843 -1,843 -16,843", "W4"),
        ("14,3 31,3 33,3 18,3 -14,3 -31,3 -33,3 -18,3", "N0"),
        ("17,3,16 15,3,16 -15,3,-16 -17,3,-16 17,3,1 -15,3,1 -17,3,-1 15,3,-1", "FyafsF"),
        ("16,3,17 16,3,15 -16,3,-15 -16,3,-17 1,3,17 1,3,-15 -1,3,-17 -1,3,15", "WyafsW"),
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
        ("nN", "16,70,17 16,70,15 -16,70,-15 -16,70,-17 1,70,17 1,70,-15 -1,70,-17 -1,70,15"),
        ("nA", "15,70 17,70 -15,70 -17,70"),
        ("fmWfceFifmW3", "-16,424 -16,24 -16,6 -15,5 -17,5"),
        ("fmWfceFifmW3iifmnD", "-16,C24 -16,24 -16,6 -15,5 -17,5"),
        ("isO3", "1,34,2 -1,34,-2"),
        ("KifsmN", "1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7 -1,E4,-17 1,E4,-15"),
        ("FyafsF", "17,3,16 15,3,16 -15,3,-16 -17,3,-16 17,3,1 -15,3,1 -17,3,-1 15,3,-1"),
        ("oQ", "1,103 16,3 15,103 17,103 -1,103 -16,3 -15,103 -17,103"),
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
    assert_eq!(to_betza(&rays("16,3 1,3 -1,3 -16,7 -15,7 -17,7")), "bsRfWfF");
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
