//! Book learning (Crafty's idea, simplified): after a game, the book moves
//! the engine played have their learned value moved toward the outcome, the
//! last book move most, since it is the one closest to the position that
//! decided the game. The outcome is either the game's result or the
//! search score some moves after leaving the book.
//!
//! Updates go through [`update_locked`]: an exclusive lock on `FILE.lock`
//! (so two engine processes sharing a book serialise their updates), the
//! book re-read from disk, changed, and saved atomically.

use super::file::{with_lock, Book};
use std::path::Path;

/// What a game taught.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lesson {
    /// The game's result for the engine: 1 won, 0 drawn, -1 lost.
    Result(i8),
    /// The engine's search score (centipawns) after leaving the book.
    Score(i32),
}

/// The largest learned value either way.
pub const LEARN_LIMIT: i32 = 3000;

/// Moves the learned value of each key in `played` (the child keys of the
/// engine's book moves, in game order). Returns how many entries changed.
pub fn learn(book: &mut Book, played: &[u64], lesson: Lesson) -> usize {
    let target = match lesson {
        Lesson::Result(r) => 300 * i32::from(r.signum()),
        Lesson::Score(cp) => cp.clamp(-300, 300),
    };
    let n = i32::try_from(played.len()).unwrap_or(i32::MAX).max(1);
    let mut changed = 0;
    for (i, &key) in played.iter().enumerate() {
        let Some(entry) = book.probe_mut(key) else {
            continue;
        };
        // The last book move gets the full lesson, the first 1/n of it.
        let share = i32::try_from(i + 1).unwrap_or(n);
        let delta = target * share / n;
        entry.learn = (entry.learn + delta).clamp(-LEARN_LIMIT, LEARN_LIMIT);
        changed += 1;
    }
    changed
}

/// Applies `change` to the book file at `path` under an exclusive lock on
/// `path.lock`: re-reads the file, changes it and saves it atomically.
///
/// # Errors
/// One line when the lock or the book cannot be read or written; the file
/// is then unchanged.
pub fn update_locked<F: FnOnce(&mut Book)>(path: &Path, change: F) -> Result<(), String> {
    with_lock(path, "book", || {
        let mut book = Book::load(path)?;
        change(&mut book);
        book.save(path)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::file::{BoardKind, BookEntry};

    fn book() -> Book {
        Book::new(
            BoardKind::Mailbox,
            "shatranj",
            vec![BookEntry::new(10), BookEntry::new(20), BookEntry::new(30)],
        )
    }

    #[test]
    fn results_weigh_the_last_book_move_most() {
        let mut b = book();
        assert_eq!(learn(&mut b, &[10, 20, 99, 30], Lesson::Result(-1)), 3);
        let learned: Vec<i32> = b.entries().iter().map(|e| e.learn).collect();
        assert_eq!(learned, [-75, -150, -300]);
        learn(&mut b, &[30], Lesson::Score(1000));
        assert_eq!(b.probe(30).map(|e| e.learn), Some(0));
        for _ in 0..20 {
            learn(&mut b, &[30], Lesson::Result(1));
        }
        assert_eq!(b.probe(30).map(|e| e.learn), Some(LEARN_LIMIT));
    }

    #[test]
    fn two_processes_worth_of_updates_all_land() {
        let dir = std::env::temp_dir().join(format!("nr-learn-{}", std::process::id()));
        let path = dir.join("shatranj.nbk");
        book().save(&path).unwrap();
        let workers: Vec<_> = (0..4)
            .map(|_| {
                let p = path.clone();
                std::thread::spawn(move || {
                    for _ in 0..5 {
                        update_locked(&p, |b| {
                            learn(b, &[20], Lesson::Score(10));
                        })
                        .unwrap();
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
        let b = Book::load(&path).unwrap();
        assert_eq!(b.probe(20).map(|e| e.learn), Some(200));
        let missing = dir.join("none.nbk");
        let err = update_locked(&missing, |_| {}).unwrap_err();
        assert!(
            err.starts_with(&format!("book {}: ", missing.display())),
            "{err}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
