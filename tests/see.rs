//! Static exchange evaluation on fixed positions, on both boards: the exact
//! material balance of the exchange on the destination square, with x-rays
//! and royal recaptures, computed by hand from the boards' piece values
//! (bitboard: 100/325/350/500/950; mailbox: the fmax.ini values).

use nightrider::bitboard::BitboardPos;
use nightrider::mailbox::MailboxPos;
use nightrider::position::Position;
use nightrider::rules::catalog::Catalog;
use std::sync::Arc;

fn see_bitboard(fen: &str, mv: &str) -> i32 {
    let mut pos = BitboardPos::from_fen(fen, false).unwrap();
    let m = pos.parse_move(mv).unwrap();
    pos.see(m)
}

fn see_mailbox(variant: &str, fen: &str, mv: &str) -> i32 {
    let overlays = [("shatranj", include_str!("../variants/shatranj.ini"))];
    let catalog = Catalog::from_text(include_str!("../fmax.ini"), "fmax.ini", &overlays);
    let v = catalog.variant(variant).unwrap();
    let mut pos = MailboxPos::from_fen(Arc::clone(&v), fen).unwrap();
    let m = pos.parse_move(mv).unwrap();
    pos.see(m)
}

/// An undefended pawn; then a pawn defended by a knight, bishop and queen
/// behind it, attacked by knight, rook and the queen behind the rook:
/// NxP NxN RxN BxR QxB QxQ nets pawn minus knight.
const ORTHODOX: [(&str, &str, i32, i32); 4] = [
    (
        "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
        "e1e5",
        100,
        74,
    ),
    (
        "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
        "d3e5",
        100 - 325,
        74 - 259,
    ),
    // The king may not recapture a defended piece: QxP wins the pawn.
    ("8/8/3k4/4p3/8/8/4Q3/4RK2 w - - 0 1", "e2e5", 100, 74),
    // Without the rook behind it the queen is lost for a pawn.
    (
        "8/8/3k4/4p3/8/8/4Q3/5K2 w - - 0 1",
        "e2e5",
        100 - 950,
        74 - 851,
    ),
];

#[test]
fn bitboard_exchanges() {
    for (fen, mv, expected, _) in ORTHODOX {
        assert_eq!(see_bitboard(fen, mv), expected, "{fen} {mv}");
    }
    // Quiet moves and castling exchange nothing unless the piece hangs.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(see_bitboard(start, "g1f3"), 0);
    let hanging = "4k3/8/8/8/3p4/8/6N1/4K3 w - - 0 1";
    assert_eq!(see_bitboard(hanging, "g2f4"), 0);
    assert_eq!(see_bitboard(hanging, "g2e3"), -325);
    assert_eq!(see_mailbox("normal", hanging, "g2e3"), -259);
    assert_eq!(
        see_bitboard("4k3/8/4p3/8/8/8/8/3RK3 w - - 0 1", "d1d5"),
        -500
    );
}

#[test]
fn mailbox_exchanges_in_orthodox_chess() {
    for (fen, mv, _, expected) in ORTHODOX {
        assert_eq!(see_mailbox("normal", fen, mv), expected, "{fen} {mv}");
    }
    let pinned_pawn = "4k3/8/4p3/8/8/8/8/3RK3 w - - 0 1";
    assert_eq!(see_mailbox("normal", pinned_pawn, "d1d5"), -444);
}

#[test]
fn mailbox_exchanges_in_variants() {
    let cases = [
        // Shatranj: a rook takes a pawn the ferz guards; with a second rook
        // behind it the x-ray recapture costs the ferz.
        (
            "shatranj",
            "4k3/8/8/3p4/2q5/8/8/3RK3 w - - 0 1",
            "d1d5",
            100 - 630,
        ),
        ("shatranj", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100),
        (
            "shatranj",
            "4k3/8/8/3p4/2q5/8/3R4/3RK3 w - - 0 1",
            "d2d5",
            100 - 630 + 180,
        ),
        // Shatranj: the alfil jumps over a pawn to guard d5 from f3, and
        // guards nothing from b6.
        (
            "shatranj",
            "4k3/8/8/3p4/4p3/5b2/8/3RK3 w - - 0 1",
            "d1d5",
            100 - 630,
        ),
        (
            "shatranj",
            "4k3/8/1b6/3p4/8/8/8/3RK3 w - - 0 1",
            "d1d5",
            100,
        ),
        // Knightmate: the royal knight guards the pawn.
        (
            "knightmate",
            "8/8/4k3/8/3p4/8/8/3QK3 w - - 0 1",
            "d1d4",
            74 - 851,
        ),
        // Capablanca: the archbishop guards with its knight move.
        (
            "capablanca",
            "5k4/10/5a4/10/4p5/10/10/4R4K w - - 0 1",
            "e1e4",
            100 - 475,
        ),
    ];
    for (variant, fen, mv, expected) in cases {
        assert_eq!(
            see_mailbox(variant, fen, mv),
            expected,
            "{variant} {fen} {mv}"
        );
    }
}
