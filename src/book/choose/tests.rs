//! Book move choice tests: Crafty weighting, repertoire rules, ChessPartner.

use super::*;
use crate::bitboard::BitboardPos;
use crate::book::file::BoardKind;
use crate::notation::parse_san;
use rand::SeedableRng;

use crate::book::test_lines::child;

fn entry(mv: &str, games: u32, wins: u32, losses: u32) -> BookEntry {
    let mut e = BookEntry::new(child(&[mv]));
    e.games = games;
    e.wins = wins;
    e.losses = losses;
    e.draws = games - wins - losses;
    e
}

fn book(entries: Vec<BookEntry>) -> Book {
    Book::new(BoardKind::Bitboard, "normal", entries)
}

fn san(pos: &mut BitboardPos, text: &str) -> crate::bitboard::Move {
    parse_san(pos, text).unwrap()
}

#[test]
fn chesspartner_seed_example() {
    let stats = [(3, 0, 0), (3, 0, 0), (3, 0, 0), (3, 0, 1)];
    let p = chesspartner_probabilities(&stats, 50.0, 50.0);
    let want = [0.3, 0.3, 0.3, 0.1];
    for (got, want) in p.iter().zip(want) {
        assert!((got - want).abs() < 1e-12, "{p:?}");
    }
    // Full strength makes the lost move rarer: 96 vs -104 → 250 vs 50.
    let p = chesspartner_probabilities(&stats, 100.0, 50.0);
    assert!((p[3] - 50.0 / 800.0).abs() < 1e-12);
}

#[test]
fn moves_without_wins_are_culled_and_random_0_hands_over_to_search() {
    let b = book(vec![
        entry("e4", 4, 2, 1),
        entry("d4", 1, 0, 0),
        entry("c4", 2, 0, 2),
    ]);
    let mut pos = BitboardPos::startpos();
    let e4 = san(&mut pos, "e4");
    let list = candidates(&mut pos, Some(&b), None, &ChoiceSettings::default());
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].mv, list[0].probability), (e4, 1.0));
    let mut rng = StdRng::seed_from_u64(1);
    let settings = ChoiceSettings {
        random: false,
        ..ChoiceSettings::default()
    };
    assert_eq!(
        choose(&mut pos, Some(&b), None, &settings, &mut rng),
        BookChoice::Search(vec![e4])
    );
}

#[test]
fn play_shares_and_weights_drive_a_seeded_draw() {
    let mut e4 = entry("e4", 2, 1, 0);
    e4.play_percent = Some(70);
    let b = book(vec![e4, entry("d4", 2, 1, 0), entry("c4", 2, 1, 0)]);
    let mut pos = BitboardPos::startpos();
    let list = candidates(&mut pos, Some(&b), None, &ChoiceSettings::default());
    let probs: Vec<(String, f64)> = list
        .iter()
        .map(|c| {
            (
                pos.move_to_string(c.mv),
                (c.probability * 1000.0).round() / 1000.0,
            )
        })
        .collect();
    assert_eq!(probs.len(), 3);
    let e4_share = probs.iter().find(|(m, _)| m == "e2e4").unwrap().1;
    assert_eq!(e4_share, 0.7);
    assert!(probs
        .iter()
        .filter(|(m, _)| m != "e2e4")
        .all(|(_, p)| *p == 0.15));
    let mut rng = StdRng::seed_from_u64(42);
    let e2e4 = san(&mut pos, "e4");
    let mut hits = 0;
    for _ in 0..2000 {
        let pick = choose(
            &mut pos,
            Some(&b),
            None,
            &ChoiceSettings::default(),
            &mut rng,
        );
        hits += usize::from(pick == BookChoice::Play(e2e4));
    }
    assert!((1300..1500).contains(&hits), "{hits}");
}

#[test]
fn width_keeps_the_best_weighted() {
    let b = book(vec![
        entry("e4", 10, 6, 2),
        entry("d4", 3, 1, 1),
        entry("c4", 1, 1, 0),
    ]);
    let mut pos = BitboardPos::startpos();
    let settings = ChoiceSettings {
        width: 1,
        ..ChoiceSettings::default()
    };
    let list = candidates(&mut pos, Some(&b), None, &settings);
    assert_eq!(list.len(), 1);
    assert_eq!(pos.move_to_string(list[0].mv), "e2e4");
    // Frequency alone: e4 weighs 1.0, d4 0.3, c4 0.1.
    let freq_only = ChoiceSettings {
        weights: BookWeights {
            freq: 1.0,
            ratio: 0.0,
            eval: 0.0,
            learn: 0.0,
        },
        ..ChoiceSettings::default()
    };
    let list = candidates(&mut pos, Some(&b), None, &freq_only);
    let weights: Vec<f64> = list.iter().map(|c| c.weight).collect();
    assert_eq!(weights, [1.0, 0.3, 0.1]);
    let mut learned = entry("d4", 3, 1, 1);
    learned.learn = 300;
    let b = book(vec![entry("e4", 10, 6, 2), learned]);
    let list = candidates(&mut pos, Some(&b), None, &ChoiceSettings::default());
    assert_eq!(pos.move_to_string(list[0].mv), "d2d4");
}

#[test]
fn repertoire_marks_override_the_main_book() {
    let main = book(vec![entry("e4", 10, 6, 2), entry("d4", 10, 6, 2)]);
    let mut never_e4 = entry("e4", 1, 0, 0);
    never_e4.flags = NEVER;
    let rep = book(vec![never_e4]);
    let mut pos = BitboardPos::startpos();
    let d4 = san(&mut pos, "d4");
    let mut rng = StdRng::seed_from_u64(3);
    let s = ChoiceSettings::default();
    for _ in 0..20 {
        assert_eq!(
            choose(&mut pos, Some(&main), Some(&rep), &s, &mut rng),
            BookChoice::Play(d4)
        );
    }
    let mut only = entry("c4", 1, 0, 0);
    only.flags = EXCLUSIVE;
    let rep = book(vec![only, entry("g3", 5, 5, 0)]);
    let c4 = san(&mut pos, "c4");
    assert_eq!(
        choose(&mut pos, Some(&main), Some(&rep), &s, &mut rng),
        BookChoice::Play(c4)
    );
}

/// The candidates' moves in coordinates with their chances in percent.
fn shares(list: &[Candidate<crate::bitboard::Move>]) -> Vec<(String, u32)> {
    let pos = BitboardPos::startpos();
    let mut out: Vec<(String, u32)> = list
        .iter()
        .map(|c| {
            let percent = (c.probability * 100.0).round() as u32;
            (pos.move_to_string(c.mv), percent)
        })
        .collect();
    out.sort();
    out
}

fn owned(pairs: &[(&str, u32)]) -> Vec<(String, u32)> {
    pairs.iter().map(|&(m, p)| (m.to_string(), p)).collect()
}

/// Frequency only, so the shares are easy to compute by hand.
fn by_frequency() -> ChoiceSettings {
    ChoiceSettings {
        weights: BookWeights {
            freq: 1.0,
            ratio: 0.0,
            eval: 0.0,
            learn: 0.0,
        },
        ..ChoiceSettings::default()
    }
}

#[test]
fn an_unmarked_repertoire_move_joins_the_main_book_moves() {
    let main = book(vec![entry("e4", 2, 1, 0), entry("c4", 2, 1, 0)]);
    let rep = book(vec![entry("Nf3", 2, 1, 0)]);
    let mut pos = BitboardPos::startpos();
    let list = candidates(&mut pos, Some(&main), Some(&rep), &by_frequency());
    assert_eq!(
        shares(&list),
        owned(&[("c2c4", 33), ("e2e4", 33), ("g1f3", 33)])
    );
    // A move in both books keeps the main book's figures.
    let rep = book(vec![entry("e4", 1, 1, 0)]);
    let list = candidates(&mut pos, Some(&main), Some(&rep), &by_frequency());
    assert_eq!(shares(&list), owned(&[("c2c4", 50), ("e2e4", 50)]));
    assert!(list.iter().all(|c| c.entry.games == 2));
}

#[test]
fn a_question_mark_in_the_repertoire_removes_only_that_move() {
    let main = book(vec![
        entry("e4", 2, 1, 0),
        entry("d4", 2, 1, 0),
        entry("c4", 2, 1, 0),
    ]);
    let mut never_d4 = entry("d4", 1, 0, 0);
    never_d4.flags = NEVER;
    let rep = book(vec![never_d4]);
    let mut pos = BitboardPos::startpos();
    let list = candidates(&mut pos, Some(&main), Some(&rep), &by_frequency());
    assert_eq!(shares(&list), owned(&[("c2c4", 50), ("e2e4", 50)]));
}

#[test]
fn an_exclamation_mark_in_the_repertoire_plays_only_those_moves() {
    let main = book(vec![
        entry("e4", 4, 2, 0),
        entry("d4", 2, 1, 0),
        entry("c4", 2, 1, 0),
    ]);
    let mut only_d4 = entry("d4", 1, 0, 0);
    only_d4.flags = EXCLUSIVE;
    // A marked move the main book does not know, without wins, counts too.
    let mut only_b3 = entry("b3", 1, 0, 1);
    only_b3.flags = EXCLUSIVE;
    let rep = book(vec![only_d4, only_b3, entry("g3", 5, 5, 0)]);
    let mut pos = BitboardPos::startpos();
    let list = candidates(&mut pos, Some(&main), Some(&rep), &by_frequency());
    // d4 keeps the main book's 2 games against b3's 1: 2/3 and 1/3.
    assert_eq!(shares(&list), owned(&[("b2b3", 33), ("d2d4", 67)]));
}

#[test]
fn a_play_share_in_the_repertoire_fixes_that_moves_chance() {
    let main = book(vec![
        entry("e4", 2, 1, 0),
        entry("d4", 2, 1, 0),
        entry("c4", 2, 1, 0),
    ]);
    let mut c4_share = entry("c4", 1, 1, 0);
    c4_share.play_percent = Some(30);
    let rep = book(vec![c4_share]);
    let mut pos = BitboardPos::startpos();
    let list = candidates(&mut pos, Some(&main), Some(&rep), &by_frequency());
    assert_eq!(
        shares(&list),
        owned(&[("c2c4", 30), ("d2d4", 35), ("e2e4", 35)])
    );
    // The same with the default weights and in `show book`.
    let text = show_book(
        &mut pos,
        Some(&main),
        Some(&rep),
        &ChoiceSettings::default(),
    );
    let c4 = text.lines().find(|l| l.starts_with("c4 ")).unwrap();
    assert!(c4.ends_with("  30%"), "{text}");
    assert_eq!(text.lines().count(), 4, "{text}");
}

#[test]
fn show_book_lists_figures_and_no_book_is_out() {
    let b = book(vec![entry("e4", 4, 2, 1)]);
    let mut pos = BitboardPos::startpos();
    assert_eq!(
        show_book(&mut pos, Some(&b), None, &ChoiceSettings::default()),
        "move      games  won  drawn lost  score  learn  weight  prob\n\
         e4            4    2      1    1    62%      0   2.000  100%\n"
    );
    let mut rng = StdRng::seed_from_u64(0);
    let s = ChoiceSettings::default();
    assert_eq!(choose(&mut pos, None, None, &s, &mut rng), BookChoice::Out);
    assert_eq!(show_book(&mut pos, None, None, &s), "no book moves\n");
}

#[test]
fn corrupt_book_leaves_the_engine_without_a_book() {
    let mut bytes = book(vec![entry("e4", 4, 2, 1)]).to_bytes();
    bytes.truncate(bytes.len() - 1);
    let loaded = Book::from_bytes(&bytes);
    assert!(loaded.is_err());
    let mut pos = BitboardPos::startpos();
    let mut rng = StdRng::seed_from_u64(0);
    let usable = loaded.ok();
    let s = ChoiceSettings::default();
    assert_eq!(
        choose(&mut pos, usable.as_ref(), None, &s, &mut rng),
        BookChoice::Out
    );
}
