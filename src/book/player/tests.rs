//! Book player tests: each learning kind changes a later choice, only
//! serious games teach, import/export round trip, ChessPartner mode.

use super::*;
use crate::book::file::{Book, BookEntry};

use crate::book::test_lines::child;

fn entry(moves: &[&str], games: u32, wins: u32, losses: u32) -> BookEntry {
    let mut e = BookEntry::new(child(moves));
    e.games = games;
    e.wins = wins;
    e.losses = losses;
    e.draws = games - wins - losses;
    e
}

/// A directory with `normal.nbk`: 1.e4 (3 games, 2 won, 1 drawn) and 1.d4
/// (2 games, 1 won, 1 lost), then 1.e4 e5 2.Nf3 and 1.d4 d5 2.c4 once each.
fn setup(name: &str) -> (PathBuf, BookPlayer) {
    let dir = std::env::temp_dir().join(format!("nr-player-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let book = Book::new(
        BoardKind::Bitboard,
        "normal",
        vec![
            entry(&["e4"], 3, 2, 0),
            entry(&["d4"], 2, 1, 1),
            entry(&["e4", "e5"], 2, 0, 2),
            entry(&["e4", "e5", "Nf3"], 2, 2, 0),
            entry(&["d4", "d5"], 1, 0, 1),
            entry(&["d4", "d5", "c4"], 1, 1, 0),
        ],
    );
    book.save(&dir.join("normal.nbk")).unwrap();
    let mut player = BookPlayer::new(7);
    assert_eq!(
        player.select(&dir, "normal", BoardKind::Bitboard),
        Vec::<String>::new()
    );
    (dir, player)
}

/// The engine's first move as White by the player's advice.
fn first_move(player: &mut BookPlayer) -> Advice {
    player.advise(&mut BitboardPos::startpos())
}

fn play(text: &str) -> Advice {
    Advice::Play {
        text: text.into(),
        choices: 1,
    }
}

/// Plays 1.e4 (book) e5 2.Nf3 (book) for the log, as the engine would.
fn log_e4_line(player: &mut BookPlayer) {
    player.log.engine_moved(true);
    player.log.book_move(child(&["e4"]), 2);
    player.log.engine_moved(true);
    player.log.book_move(child(&["e4", "e5", "Nf3"]), 1);
}

#[test]
fn book_learning_from_search_scores_changes_the_choice() {
    let (dir, mut player) = setup("booklearn");
    player.settings.width = 1;
    player.settings.learn = LEARN_BOOK;
    assert_eq!(first_move(&mut player), play("e2e4"));
    log_e4_line(&mut player);
    for i in 0..12 {
        player.log.search(1000 + i, None, -320 - i as i32, 10);
    }
    // A quick win is not serious: nothing learned, e4 still first.
    assert_eq!(player.finish(1, 20, true), Vec::<String>::new());
    assert_eq!(first_move(&mut player), play("e2e4"));
    player.new_game();
    log_e4_line(&mut player);
    for i in 0..12 {
        player.log.search(1000 + i, None, -320 - i as i32, 10);
    }
    let lines = player.finish(-1, 30, true);
    assert_eq!(lines[0], "book learning: 2 book moves learned -324");
    let book = Book::load(&dir.join("normal.nbk")).unwrap();
    // The last book move gets the whole lesson (-300 at most), the first half.
    assert_eq!(book.probe(child(&["e4"])).map(|e| e.learn), Some(-150));
    assert_eq!(
        book.probe(child(&["e4", "e5", "Nf3"])).map(|e| e.learn),
        Some(-300)
    );
    // e4 weighs 2.0 - 0.5 = 1.5 now, d4 1.267: still e4; one more such game turns it.
    assert_eq!(first_move(&mut player), play("e2e4"));
    player.new_game();
    log_e4_line(&mut player);
    player.log.search(1, None, -400, 10);
    player.finish(-1, 30, true);
    assert_eq!(first_move(&mut player), play("d2d4"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn result_learning_flags_the_last_choice_after_a_loss() {
    let (dir, mut player) = setup("resultlearn");
    player.settings.learn = LEARN_RESULT;
    player.settings.width = 1;
    log_e4_line(&mut player);
    // Not timed: not serious.
    assert!(player.finish(-1, 30, false).is_empty());
    assert_eq!(first_move(&mut player), play("e2e4"));
    player.new_game();
    log_e4_line(&mut player);
    let lines = player.finish(-1, 30, true);
    assert_eq!(
        lines,
        [format!(
            "result learning: a book move of {} is never played again",
            dir.join("normal.nbk").display()
        )]
    );
    // e4 (the last move with a choice, not 2.Nf3) is never played again.
    let book = Book::load(&dir.join("normal.nbk")).unwrap();
    assert_eq!(book.probe(child(&["e4"])).map(|e| e.flags), Some(NEVER));
    assert_eq!(
        book.probe(child(&["e4", "e5", "Nf3"])).map(|e| e.flags),
        Some(0)
    );
    for _ in 0..20 {
        assert_eq!(first_move(&mut player), play("d2d4"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn position_learning_keeps_sharp_drops_in_the_learn_file() {
    let (dir, mut player) = setup("poslearn");
    assert_eq!(player.learned_positions(), None);
    player.log.engine_moved(false);
    player.log.search(111, None, 20, 9);
    player.log.search(222, None, 10, 9);
    player.log.search(333, None, -150, 11);
    let lines = player.finish(-1, 40, true);
    let path = dir.join("normal.lrn");
    assert_eq!(
        lines,
        [format!(
            "position learning: 1 positions learned (1 in {})",
            path.display()
        )]
    );
    let learned = LearnedPosition {
        key: 222,
        score: -150,
        depth: 12,
        fen: None,
    };
    assert_eq!(
        player.learned_positions().as_deref(),
        Some(&vec![learned.clone()])
    );
    player.settings.learn = LEARN_BOOK;
    assert_eq!(player.learned_positions(), None, "position learning off");
    // A fresh player (another engine) finds it in the file.
    let mut other = BookPlayer::new(1);
    other.select(&dir, "normal", BoardKind::Bitboard);
    assert_eq!(other.learned_positions().as_deref(), Some(&vec![learned]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn learning_exports_and_imports_between_installations() {
    let (dir, mut player) = setup("export");
    log_e4_line(&mut player);
    // The engine searched after 1.e4 e5 2.Nf3 Nc6 and again later, 290
    // centipawns worse: the first position is learned, with its FEN.
    let mut pos = BitboardPos::startpos();
    for m in ["e4", "e5", "Nf3", "Nc6"] {
        let mv = crate::notation::parse_san(&mut pos, m).unwrap();
        pos.make(mv);
    }
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    assert_eq!(pos.to_fen(), fen);
    player.log.search(pos.hash(), Some(fen.into()), 90, 8);
    player.log.search(6, None, -200, 8);
    player.finish(-1, 30, true);
    let text_file = dir.join("learned.txt");
    let start = BitboardPos::startpos();
    assert_eq!(
        player.export(&start, &text_file),
        Ok("exported 2 book values and 1 positions".into())
    );
    let text = std::fs::read_to_string(&text_file).unwrap();
    let expected = format!(
        "# Nightrider learning, variant normal\n{EXPORT_LEGEND}\
         book rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; e4 -27\n\
         book rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2; Nf3 -55\n\
         position {fen}; -200 9\n"
    );
    assert_eq!(text, expected);
    let (other_dir, mut other) = setup("import");
    assert_eq!(
        other.import(&start, &text_file, false),
        Ok("imported 2 book values and 1 positions".into())
    );
    let mine = Book::load(&dir.join("normal.nbk")).unwrap();
    let theirs = Book::load(&other_dir.join("normal.nbk")).unwrap();
    let learn = |b: &Book| b.entries().iter().map(|e| e.learn).collect::<Vec<_>>();
    assert_eq!(learn(&theirs), learn(&mine));
    assert_eq!(other.learned_positions(), player.learned_positions());
    // Its learn file is the same, byte for byte, FEN included.
    let lrn = |d: &Path| std::fs::read(d.join("normal.lrn")).unwrap();
    assert_eq!(lrn(&other_dir), lrn(&dir));
    // The other installation exports the same file.
    let again = other_dir.join("again.txt");
    other.export(&start, &again).unwrap();
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    // `clear` forgets first: importing twice with clear equals once.
    other.import(&start, &text_file, true).unwrap();
    let theirs = Book::load(&other_dir.join("normal.nbk")).unwrap();
    assert_eq!(learn(&theirs), learn(&mine));
    // The hash form of older exports is read too.
    let hashed = format!("book {:016x} 40\n", child(&["d4"]));
    std::fs::write(&text_file, hashed).unwrap();
    other.import(&start, &text_file, true).unwrap();
    let theirs = Book::load(&other_dir.join("normal.nbk")).unwrap();
    assert_eq!(theirs.probe(child(&["d4"])).map(|e| e.learn), Some(40));
    std::fs::write(&text_file, "book 12 5\nposition 1 2\n").unwrap();
    assert_eq!(
        other.import(&start, &text_file, false),
        Err(format!(
            "{}:2: expected book FEN; MOVE VALUE, book KEY VALUE, \
             position FEN; SCORE DEPTH or position KEY SCORE DEPTH",
            text_file.display()
        ))
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other_dir);
}

#[test]
fn random_modes_and_chesspartner() {
    let (dir, mut player) = setup("modes");
    player.settings.random = 0;
    assert_eq!(
        first_move(&mut player),
        Advice::Search {
            moves: vec!["e2e4".into(), "d2d4".into()]
        }
    );
    player.settings.random = 2;
    let mut e4 = 0;
    for _ in 0..2000 {
        match first_move(&mut player) {
            Advice::Play { text, choices: 2 } if text == "e2e4" => e4 += 1,
            Advice::Play { text, choices: 2 } => assert_eq!(text, "d2d4"),
            other => panic!("{other:?}"),
        }
    }
    // ChessPartner: e4 scores 96 + 50/100*200*(2/2) = 196, d4 96: shifted
    // to 150 and 50, so e4 is played 75% of the time.
    assert!((1400..1600).contains(&e4), "{e4}");
    player.settings.enabled = false;
    assert_eq!(first_move(&mut player), Advice::Out);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn chesspartner_learning_counts_the_engine_s_results() {
    let (dir, mut player) = setup("cplearn");
    player.settings.random = 2;
    player.settings.learn = LEARN_BOOK;
    player.settings.strength = 100;
    log_e4_line(&mut player);
    let lines = player.finish(-1, 30, true);
    assert_eq!(lines, ["book learning: a loss counted for 2 book moves"]);
    let book = Book::load(&dir.join("normal.nbk")).unwrap();
    let e4 = book.probe(child(&["e4"])).copied().unwrap();
    assert_eq!((e4.games, e4.wins, e4.losses), (4, 2, 1));
    // e4: 96 + 200 * (2 - 1) / 3 = 162.7; d4: 96 + 0 = 96; shifted so the
    // lowest is 50: e4 116.7 / 166.7 = 70%, where it was 150 / 200 before.
    let mut pos = BitboardPos::startpos();
    let lines = player.show(&mut pos);
    assert!(
        lines[1].starts_with("e4            4    2      1    1"),
        "{lines:?}"
    );
    assert!(lines[1].ends_with("70%"), "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_player_not_yet_selected_names_its_files_after_normal() {
    let dir = std::env::temp_dir().join(format!("nr-player-unselected-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let text_file = dir.join("learned.txt");
    std::fs::write(&text_file, "position 0000000000000abc -120 6\n").unwrap();
    let mut player = BookPlayer::new(3);
    player.settings.dir = Some(dir.clone());
    assert_eq!(
        player.import(&BitboardPos::startpos(), &text_file, false),
        Ok("imported 0 book values and 1 positions".into())
    );
    let table = PositionTable::load(&dir.join("normal.lrn"), BoardKind::Bitboard, "normal");
    assert_eq!(table.map(|t| t.len()), Ok(1));
    assert!(!dir.join(".nbk.lrn").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selecting_a_variant_removes_what_killed_learn_writes_left() {
    let (dir, mut player) = setup("killed");
    let left = [
        dir.join("normal.lrn.tmp4194305"),
        dir.join("normal.nbk.tmp4194306"),
    ];
    for file in &left {
        std::fs::write(file, b"half a file").unwrap();
    }
    assert_eq!(
        player.select(&dir, "normal", BoardKind::Bitboard),
        Vec::<String>::new()
    );
    assert!(left.iter().all(|f| !f.exists()));
    assert!(dir.join("normal.nbk").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
