//! Books per variant written and read back.

use super::*;
use crate::notation::parse_san;

fn catalog() -> Catalog {
    let ini = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini"));
    Catalog::load(Some(ini)).unwrap()
}

fn temp_target(tag: &str) -> BookTarget {
    let dir = std::env::temp_dir().join(format!("nr-books-{tag}-{}", std::process::id()));
    BookTarget {
        dir,
        mailbox_board: false,
    }
}

const NORMAL: &str = include_str!("../../../tests/data/pgn/mixed.pgn");
const CAPA: &str = include_str!("../../../tests/data/pgn/capablanca.pgn");

#[test]
fn one_book_per_variant_on_the_engine_board() {
    let catalog = catalog();
    let target = temp_target("variants");
    let text = format!("{NORMAL}\n{CAPA}");
    let (written, errors) = create_books(&text, &CreateOptions::default(), &catalog, &target);
    let capa = book_path(&target.dir, "capablanca", false);
    let normal = book_path(&target.dir, "normal", false);
    assert_eq!(
        written,
        [
            format!("{}: 4 games, 15 positions (mailbox)", capa.display()),
            format!("{}: 4 games, 33 positions (bitboard)", normal.display()),
        ]
    );
    assert_eq!(
        errors,
        [
            "line 13: malformed tag [Result \"0-1\"",
            "game at line 21: illegal move Ke3 at ply 3"
        ]
    );
    let book = Book::load(&capa).unwrap();
    assert_eq!(
        (book.board, book.variant.as_str()),
        (BoardKind::Mailbox, "capablanca")
    );
    assert_eq!(
        show_position(&book, None, &catalog).unwrap(),
        "move      games  won  drawn lost  score  learn  weight  prob\n\
         e4            3    1      1    1    50%      0   1.500   53%\n\
         d4            1    1      0    0   100%      0   1.333   47%\n"
    );
    let normal_book = Book::load(&normal).unwrap();
    let mut pos = BitboardPos::startpos();
    let e4 = parse_san(&mut pos, "e4").unwrap();
    pos.make(e4);
    assert_eq!(normal_book.probe(pos.hash()).map(|e| e.games), Some(2));
    let _ = std::fs::remove_dir_all(&target.dir);
}

#[test]
fn general_board_keys_orthodox_books_on_the_mailbox() {
    let catalog = catalog();
    let mut target = temp_target("general");
    target.mailbox_board = true;
    let (written, _) = create_books(NORMAL, &CreateOptions::default(), &catalog, &target);
    assert_eq!(written.len(), 1);
    let book = Book::load(&book_path(&target.dir, "normal", false)).unwrap();
    assert_eq!(book.board, BoardKind::Mailbox);
    let mut pos = MailboxPos::new(catalog.variant("normal").unwrap());
    let d4 = parse_san(&mut pos, "d4").unwrap();
    pos.make(d4);
    assert_eq!(book.probe(pos.hash()).map(|e| e.draws), Some(1));
    let _ = std::fs::remove_dir_all(&target.dir);
}

#[test]
fn unknown_variants_are_one_line_and_paths_are_safe() {
    let catalog = catalog();
    let target = temp_target("unknown");
    let text = "[Variant \"nonesuch\"]\n1. e4 *\n";
    let (written, errors) = create_books(text, &CreateOptions::default(), &catalog, &target);
    assert!(written.is_empty());
    assert_eq!(errors.len(), 1);
    assert!(errors[0].starts_with("variant nonesuch: "), "{}", errors[0]);
    assert!(errors[0].ends_with(" (1 games skipped)"), "{}", errors[0]);
    assert_eq!(
        book_path(Path::new("b"), "fairy/FIDE-Nutters", true),
        Path::new("b/fairy_FIDE-Nutters.rep.nbk")
    );
}
