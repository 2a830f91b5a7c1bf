//! The transposition table's memory as the system sees it: a table of
//! gigabytes is made and emptied without touching its pages, so `memory`
//! and `new` answer at once whatever the size. Linux only (reads the
//! resident size from `/proc/self/statm`); alone in its process so that no
//! other test's memory counts.

use nightrider::search::tt::{Bound, TtHit};
use nightrider::search::TranspositionTable;

/// Resident memory of this process in MB.
fn resident_mb() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("Linux /proc");
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("statm's second field");
    // Pages of 4 KB: 256 to the MB.
    pages / 256
}

#[test]
fn a_large_table_is_made_and_emptied_without_touching_its_memory() {
    let before = resident_mb();
    let mut tt = TranspositionTable::new(2048);
    let size = tt.megabytes();
    assert!(size >= 256, "the machine gave only {size} MB");
    assert!(resident_mb() < before + 64, "making the table touched it");

    let hit = TtHit {
        move_id: Some(9),
        score: 12,
        depth: 3,
        bound: Bound::Exact,
    };
    let keys: Vec<u64> = (1..=1000u64)
        .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .collect();
    for &key in &keys {
        tt.store(key, 0, hit);
    }
    assert!(keys.iter().all(|&key| tt.probe(key, 0) == Some(hit)));

    tt.clear();
    assert!(resident_mb() < before + 64, "emptying the table touched it");
    assert_eq!(tt.megabytes(), size);
    assert!(keys.iter().all(|&key| tt.probe(key, 0).is_none()));
    tt.store(keys[0], 0, hit);
    assert_eq!(tt.probe(keys[0], 0), Some(hit));
}
