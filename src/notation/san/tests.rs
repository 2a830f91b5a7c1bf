//! SAN tests on the orthodox board, the mailbox board and fairy variants.

use super::*;
use crate::bitboard::BitboardPos;
use crate::mailbox::MailboxPos;
use crate::rules::catalog::Catalog;
use std::path::Path;

fn variant_pos(name: &str) -> MailboxPos {
    let ini = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini"));
    let catalog = Catalog::load(Some(ini)).unwrap();
    MailboxPos::new(catalog.variant(name).unwrap())
}

fn variant_fen(name: &str, fen: &str) -> MailboxPos {
    let mut pos = variant_pos(name);
    pos.set_fen(fen).unwrap();
    pos
}

/// Every legal move's SAN, sorted.
fn all_san<P: Position>(pos: &mut P) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| to_san(pos, m))
        .collect();
    out.sort();
    out
}

/// Each legal move's SAN parses back to the same move.
fn round_trip<P: Position>(pos: &mut P) {
    for m in pos.legal_moves() {
        let san = to_san(pos, m);
        assert_eq!(parse_san(pos, &san), Ok(m), "{san} in {}", pos.to_fen());
    }
}

fn san_of<P: Position>(pos: &mut P, coord: &str) -> String {
    let m = pos.parse_move(coord).unwrap();
    to_san(pos, m)
}

const TRICKY: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn orthodox_start_moves() {
    let mut pos = BitboardPos::startpos();
    let sans = all_san(&mut pos);
    assert_eq!(sans.len(), 20);
    assert!(sans.contains(&"Nf3".to_string()) && sans.contains(&"e4".to_string()));
    let mut general = variant_pos("normal");
    assert_eq!(all_san(&mut general), sans);
}

#[test]
fn castling_captures_and_both_boards_agree() {
    let mut bb = BitboardPos::from_fen(TRICKY, false).unwrap();
    let mut mb = variant_fen("normal", TRICKY);
    for (coord, san) in [
        ("e1g1", "O-O"),
        ("e1c1", "O-O-O"),
        ("d5e6", "dxe6"),
        ("e5f7", "Nxf7"),
        ("f3h3", "Qxh3"),
        ("e2a6", "Bxa6"),
        ("c3b1", "Nb1"),
    ] {
        assert_eq!(san_of(&mut bb, coord), san, "bitboard {coord}");
        assert_eq!(san_of(&mut mb, coord), san, "mailbox {coord}");
    }
    assert_eq!(all_san(&mut bb), all_san(&mut mb));
    round_trip(&mut bb);
    round_trip(&mut mb);
}

#[test]
fn disambiguation_by_file_rank_and_square() {
    let fen = "7k/8/8/8/1N3N2/8/1N6/K7 w - - 0 1";
    let mut pos = BitboardPos::from_fen(fen, false).unwrap();
    assert_eq!(san_of(&mut pos, "b4d3"), "Nb4d3");
    assert_eq!(san_of(&mut pos, "f4d3"), "Nfd3");
    assert_eq!(san_of(&mut pos, "b2d3"), "N2d3");
    round_trip(&mut pos);
    let rooks = "3k4/8/8/8/8/8/4K3/R6R w - - 0 1";
    let mut pos = BitboardPos::from_fen(rooks, false).unwrap();
    assert_eq!(san_of(&mut pos, "a1b1"), "Rab1");
}

#[test]
fn promotion_check_and_mate() {
    let fen = "6k1/1P3ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let mut pos = BitboardPos::from_fen(fen, false).unwrap();
    assert_eq!(san_of(&mut pos, "b7b8q"), "b8=Q#");
    assert_eq!(san_of(&mut pos, "b7b8n"), "b8=N");
    assert_eq!(san_of(&mut pos, "d1d8"), "Rd8#");
    let mut general = variant_fen("normal", fen);
    assert_eq!(san_of(&mut general, "d1d8"), "Rd8#");
    assert_eq!(san_of(&mut general, "b7b8r"), "b8=R#");
}

#[test]
fn lenient_parsing() {
    let mut pos = BitboardPos::from_fen(TRICKY, false).unwrap();
    for (text, coord) in [
        ("Nxf7", "e5f7"),
        ("Nf7", "e5f7"),
        ("Ne5xf7+", "e5f7"),
        ("N5f7!?", "e5f7"),
        ("0-0", "e1g1"),
        ("O-O-O", "e1c1"),
        ("de6", "d5e6"),
        ("d5xe6", "d5e6"),
        ("e5f7", "e5f7"),
        ("a2-a4", "a2a4"),
        ("a4", "a2a4"),
    ] {
        let want = pos.parse_move(coord).unwrap();
        assert_eq!(parse_san(&mut pos, text), Ok(want), "{text}");
    }
    assert_eq!(
        parse_san(&mut pos, "Nd9"),
        Err(TextError::IllegalMove("Nd9".into()))
    );
    let knights = "7k/8/8/8/1N3N2/8/8/K7 w - - 0 1";
    let mut pos = BitboardPos::from_fen(knights, false).unwrap();
    assert_eq!(
        parse_san(&mut pos, "Nd3"),
        Err(TextError::AmbiguousMove("Nd3".into()))
    );
    let promo = "6k1/1P6/8/8/8/8/8/6K1 w - - 0 1";
    let mut pos = BitboardPos::from_fen(promo, false).unwrap();
    let want = pos.parse_move("b7b8r").unwrap();
    for text in ["b8=R", "b8R", "b8r", "b7b8r"] {
        assert_eq!(parse_san(&mut pos, text), Ok(want), "{text}");
    }
}

#[test]
fn capablanca_fairy_pieces_and_wide_castling() {
    let mut pos = variant_pos("capablanca");
    assert_eq!(san_of(&mut pos, "c1d3"), "Ad3");
    assert_eq!(san_of(&mut pos, "h1i3"), "Ci3");
    let fen = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
    let mut pos = variant_fen("capablanca", fen);
    assert_eq!(san_of(&mut pos, "f1i1"), "O-O");
    assert_eq!(san_of(&mut pos, "f1c1"), "O-O-O");
    let promo = "5k4/1P8/10/10/10/10/10/5K4 w - - 0 1";
    let mut pos = variant_fen("capablanca", promo);
    assert_eq!(san_of(&mut pos, "b7b8c"), "b8=C+");
    assert_eq!(san_of(&mut pos, "b7b8a"), "b8=A");
    round_trip(&mut pos);
}

#[test]
fn shatranj_promotes_to_ferz() {
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let mut pos = variant_fen("shatranj", fen);
    assert_eq!(
        all_san(&mut pos).iter().filter(|s| s.contains('=')).count(),
        1
    );
    assert_eq!(san_of(&mut pos, "b7b8q"), "b8=Q");
    round_trip(&mut pos);
}

#[test]
fn xiangqi_ranks_from_zero_and_cannon_disambiguation() {
    let mut pos = variant_pos("xiangqi");
    assert_eq!(san_of(&mut pos, "h2e2"), "Che2");
    assert_eq!(san_of(&mut pos, "b2e2"), "Cbe2");
    assert_eq!(san_of(&mut pos, "h0g2"), "Ng2");
    assert_eq!(parse_san(&mut pos, "Che2"), pos.parse_move("h2e2"));
    round_trip(&mut pos);
}

#[test]
fn seirawan_gating_suffix() {
    let mut pos = variant_pos("seirawan");
    let m = pos.parse_move("g1f3h").unwrap();
    assert_eq!(to_san(&mut pos, m), "Nf3/H");
    assert_eq!(parse_san(&mut pos, "Nf3/H"), Ok(m));
    assert_eq!(parse_san(&mut pos, "Nf3"), pos.parse_move("g1f3"));
    round_trip(&mut pos);
}

#[test]
fn spartan_hoplites_are_named_like_pieces() {
    let fen = "lgkcckwl/hhhhhhhh/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQ - 0 1";
    let mut pos = variant_fen("spartan", fen);
    assert_eq!(san_of(&mut pos, "e7d6"), "Hed6");
    assert_eq!(san_of(&mut pos, "a7b6"), "Hab6");
    assert_eq!(parse_san(&mut pos, "Hed6"), pos.parse_move("e7d6"));
    round_trip(&mut pos);
}

#[test]
fn seirawan_castling_with_gating_names_the_rook_square() {
    let mut pos = variant_pos("seirawan");
    for coord in ["g1f3", "e7e6", "g2g3", "d7d6", "f1g2", "c7c6"] {
        let m = pos.parse_move(coord).unwrap();
        assert!(pos.make(m));
    }
    let castles: Vec<String> = all_san(&mut pos)
        .into_iter()
        .filter(|s| s.starts_with("O-O"))
        .collect();
    assert_eq!(castles, ["O-O", "O-O/E", "O-O/Eh1", "O-O/H", "O-O/Hh1"]);
    round_trip(&mut pos);
    let with_rook_gate = parse_san(&mut pos, "O-O/Hh1").unwrap();
    assert_eq!(pos.move_to_string(with_rook_gate), "h1e1h");
}
