//! Book and notation against real game files: the shared opening PGNs of ten
//! variants (tests/data/pgn/openings, written by another program) replay
//! without error, Nightrider's SAN writer reproduces every move text, and
//! `book create` builds one book per variant from them.

use nightrider::bitboard::BitboardPos;
use nightrider::book::command::{book_path, create_books, BookTarget};
use nightrider::book::create::CreateOptions;
use nightrider::book::file::Book;
use nightrider::book::pgn::{read_pgn, PgnGame};
use nightrider::mailbox::MailboxPos;
use nightrider::notation::{parse_san, to_san};
use nightrider::position::Position;
use nightrider::rules::catalog::Catalog;
use std::path::Path;

const VARIANTS: [&str; 10] = [
    "asean",
    "berolina",
    "capablanca",
    "gothic",
    "janus",
    "knightmate",
    "makruk",
    "normal",
    "shatranj",
    "spartan",
];

fn catalog() -> Catalog {
    let ini = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini"));
    Catalog::load(Some(ini)).unwrap()
}

fn openings(variant: &str) -> String {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/openings"
    ));
    std::fs::read_to_string(dir.join(format!("{variant}.pgn"))).unwrap()
}

/// Replays `game` on `pos`, checking that the written SAN equals the file's.
fn rewrite<P: Position>(game: &PgnGame, mut pos: P) -> usize {
    for pm in &game.moves {
        let m = parse_san(&mut pos, &pm.text).unwrap();
        assert_eq!(to_san(&mut pos, m), pm.text, "game at line {}", game.line);
        assert!(pos.make(m));
    }
    game.moves.len()
}

#[test]
fn shared_openings_replay_and_san_round_trips() {
    let catalog = catalog();
    let mut plies = 0;
    for variant in VARIANTS {
        let file = read_pgn(&openings(variant));
        assert!(file.errors.is_empty(), "{variant}: {:?}", file.errors);
        assert_eq!(file.games.len(), 50, "{variant}");
        let v = catalog.variant(variant).unwrap();
        for game in &file.games {
            assert_eq!(game.variant(), variant);
            plies += rewrite(game, MailboxPos::new(v.clone()));
            if variant == "normal" {
                rewrite(game, BitboardPos::startpos());
            }
        }
    }
    assert_eq!(plies, 10 * 50 * 6);
}

#[test]
fn book_create_makes_a_book_per_variant() {
    let catalog = catalog();
    let text: String = VARIANTS.iter().map(|v| openings(v)).collect();
    let dir = std::env::temp_dir().join(format!("nr-book-it-{}", std::process::id()));
    let target = BookTarget {
        dir: dir.clone(),
        general_board: false,
    };
    let opts = CreateOptions {
        max_plies: 2,
        ..CreateOptions::default()
    };
    let (written, errors) = create_books(&text, &opts, &catalog, &target);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(written.len(), 10);
    for variant in VARIANTS {
        let book = Book::load(&book_path(&dir, variant, false)).unwrap();
        assert_eq!(book.variant, variant);
        let total: u32 = book.entries().iter().map(|e| e.games).sum();
        // Two plies of 50 games: 100 move occurrences in all.
        assert_eq!(total, 100, "{variant}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `polyglot-small.bin` was made by PolyGlot 2.0.4 (`polyglot make-book
/// -pgn polyglot-small.pgn -bin polyglot-small.bin -max-ply 20 -min-game 1`).
#[test]
fn reads_a_book_made_by_polyglot() {
    use nightrider::book::polyglot::PolyglotBook;
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/book/polyglot-small.bin"
    ));
    let book = PolyglotBook::load(path).unwrap();
    let start = BitboardPos::startpos();
    let found: Vec<(String, u16)> = book
        .probe(&start)
        .into_iter()
        .map(|(m, w, _)| (start.move_to_string(m), w))
        .collect();
    assert_eq!(found, [("e2e4".to_string(), 2), ("d2d4".to_string(), 1)]);
    let fen = "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5";
    let pos = BitboardPos::from_fen(fen, false).unwrap();
    let castle = book.probe(&pos);
    assert_eq!(castle.len(), 1);
    assert!(castle[0].0.is_castle());
    assert_eq!(pos.move_to_string(castle[0].0), "e1g1");
}
