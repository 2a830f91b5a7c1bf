//! The transposition table, shared by every search thread (Lazy SMP) and,
//! through an `Arc`, by the searchers of both boards.
//!
//! Each entry is two `AtomicU64`s: the data word (move, score, depth, bound,
//! age) and the key XOR-ed with the data word. A reader accepts an entry only
//! when `key_word ^ data == key`, so a torn write by another thread reads as a
//! miss instead of a wrong hit (the lockless hashing of Hyatt and Mann),
//! without any `unsafe`. Entries sit in buckets of four; a bucket is found by
//! the high half of `key * buckets` (multiply-high), so the table can have
//! any size, not only a power of two.
//!
//! Moves are generic, so the table stores a 20-bit identity of the move (see
//! [`table_id`]); the search matches it against the moves it generates,
//! which also means a colliding entry can never inject an illegal move.
//! Scores are stored node-relative ([`super::score::to_tt`]).

use super::score::{from_tt, to_tt};
use crate::core::Score;
use crate::position::Position;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (fail low).
    Upper,
    /// The true value is at least the score (fail high).
    Lower,
    /// The score is exact (a PV node).
    Exact,
}

/// A probed entry, scores already converted back to root-relative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// Identity of the best move (see [`table_id`]), if one was stored.
    pub move_id: Option<u32>,
    /// Score, root-relative at the probing ply.
    pub score: Score,
    /// Draft the score was searched to (0 for quiescence).
    pub depth: u8,
    /// How to read the score.
    pub bound: Bound,
}

const ENTRIES_PER_BUCKET: usize = 4;
const BYTES_PER_ENTRY: usize = 16;
const MOVE_BITS: u32 = 20;
const MOVE_MASK: u64 = (1 << MOVE_BITS) - 1;
const HAS_MOVE: u64 = 1 << 20;
const SCORE_SHIFT: u32 = 21;
const SCORE_BITS: u32 = 20;
const SCORE_OFFSET: i64 = 1 << (SCORE_BITS - 1);
const DEPTH_SHIFT: u32 = 41;
const BOUND_SHIFT: u32 = 49;
const AGE_SHIFT: u32 = 51;
const AGE_MASK: u8 = 63;
/// Marks an entry put in by position learning (see [`TranspositionTable::store_learned`]).
const LEARNED: u64 = 1 << 57;

/// The 20-bit identity of a move under which the table stores it.
///
/// Derived from the move's `Hash`, so it works for any board's move type.
#[must_use]
pub fn move_id<M: Hash>(m: M) -> u32 {
    let mut h = MoveHasher::default();
    m.hash(&mut h);
    (h.finish() >> 40) as u32 & MOVE_MASK as u32
}

/// The identity under which the table stores a move of board `P`: the
/// board's own [`Position::move_code`] when it has one, else [`move_id`].
#[must_use]
pub fn table_id<P: Position>(m: P::Move) -> u32 {
    P::move_code(m).map_or_else(|| move_id(m), |code| code & MOVE_MASK as u32)
}

/// A small multiplicative hasher for move identities and history slots.
#[derive(Default)]
pub(crate) struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        let x = self.0 ^ (self.0 >> 29);
        x.wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (x >> 32)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
}

/// One entry: the key word (key XOR data) at [`KEY`], the data word at
/// [`DATA`]. A plain array of atomics, so that a table can be allocated
/// zeroed by the system (see [`TranspositionTable::new`]).
type Entry = [AtomicU64; 2];
/// Index of an entry's key word.
const KEY: usize = 0;
/// Index of an entry's data word.
const DATA: usize = 1;

/// Bytes of a cache line; a bucket (four entries) fills one.
const CACHE_LINE: usize = 64;

/// The shared transposition table. All methods take `&self` except resizing.
pub struct TranspositionTable {
    /// The buckets, from `first` on: three spare entries let the first
    /// bucket start on a cache line, so a probe touches one line, never two.
    entries: Box<[Entry]>,
    /// Index of the first entry of bucket 0.
    first: usize,
    buckets: u64,
    age: AtomicU8,
}

impl TranspositionTable {
    /// A table of `megabytes` MB (at least one bucket), or less when the
    /// machine cannot give that much: the size is halved while it exceeds
    /// [`memory_limit_mb`] or its allocation fails, so a `memory` request
    /// of any size never aborts the engine. [`TranspositionTable::megabytes`]
    /// says what was used.
    ///
    /// The memory comes zeroed from the system (`alloc_zeroed`), which maps
    /// pages only when they are first written: a table of gigabytes is
    /// made at once, and only the part the searches use is ever touched.
    #[must_use]
    pub fn new(megabytes: usize) -> TranspositionTable {
        let limit = memory_limit_mb();
        let mut mb = megabytes;
        loop {
            if mb <= 1 || limit.is_none_or(|limit| mb <= limit) {
                if let Some(table) = TranspositionTable::try_with_buckets(buckets_for(mb)) {
                    return table;
                }
            }
            if mb <= 1 {
                // Four entries: if even they cannot be had, nothing can.
                return TranspositionTable::with_entries(Box::default(), 1);
            }
            mb /= 2;
        }
    }

    /// A table of `buckets` buckets, if the memory can be allocated.
    fn try_with_buckets(buckets: usize) -> Option<TranspositionTable> {
        let len = buckets
            .checked_mul(ENTRIES_PER_BUCKET)?
            .checked_add(ENTRIES_PER_BUCKET - 1)?;
        let entries = bytemuck::allocation::try_zeroed_slice_box::<Entry>(len).ok()?;
        Some(TranspositionTable::with_entries(entries, buckets))
    }

    /// The table of `buckets` buckets held in `entries` (zeroed, and
    /// holding the spare entries for alignment; an empty `entries` gives
    /// a table of one bucket, four fresh entries).
    fn with_entries(entries: Box<[Entry]>, buckets: usize) -> TranspositionTable {
        let entries = if entries.is_empty() {
            (0..2 * ENTRIES_PER_BUCKET - 1)
                .map(|_| Entry::default())
                .collect()
        } else {
            entries
        };
        // Only the address is read, to find where a cache line starts.
        let address = entries.as_ptr() as usize;
        let first = (CACHE_LINE - address % CACHE_LINE) % CACHE_LINE / BYTES_PER_ENTRY;
        TranspositionTable {
            entries,
            first,
            buckets: buckets as u64,
            age: AtomicU8::new(0),
        }
    }

    /// The table's size in whole MB (0 for a table under 1 MB).
    #[must_use]
    pub fn megabytes(&self) -> usize {
        (self.capacity() * BYTES_PER_ENTRY) >> 20
    }

    /// Replaces the table by an empty one of `megabytes` MB (or less, as
    /// [`TranspositionTable::new`] says); the old one is freed first.
    pub fn resize(&mut self, megabytes: usize) {
        *self = TranspositionTable::with_entries(Box::default(), 1);
        *self = TranspositionTable::new(megabytes);
    }

    /// Empties every entry, keeping the size. A table searches have
    /// written all over is zeroed in place (its pages are in memory
    /// already); a table barely written, as after a `memory` of gigabytes,
    /// goes back to the system and comes again zeroed, so that its untouched
    /// pages stay untouched (zeroing them in place would map every one:
    /// seconds for gigabytes).
    pub fn clear(&mut self) {
        if self.widely_written() {
            for e in &self.entries {
                e[DATA].store(0, Ordering::Relaxed);
            }
            self.age.store(0, Ordering::Relaxed);
            return;
        }
        let (buckets, megabytes) = (self.buckets as usize, self.megabytes());
        *self = TranspositionTable::with_entries(Box::default(), 1);
        *self = TranspositionTable::try_with_buckets(buckets)
            .unwrap_or_else(|| TranspositionTable::new(megabytes));
    }

    /// Whether at least one in 64 of 1024 entries spread over the table is
    /// in use. A memory page holds 256 entries, so from that fill on nearly
    /// every page has been written (and mapped).
    fn widely_written(&self) -> bool {
        let stride = (self.capacity() / 1024).max(1);
        let sampled = self.entries[self.first..].iter().step_by(stride).take(1024);
        let written = sampled
            .filter(|e| e[DATA].load(Ordering::Relaxed) != 0)
            .count();
        written * 64 >= self.capacity().min(1024)
    }

    /// Number of entries the table holds.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.buckets as usize * ENTRIES_PER_BUCKET
    }

    /// Starts a new search: entries from earlier searches become preferred
    /// victims for replacement.
    pub fn new_search(&self) {
        self.age
            .store((self.age() + 1) & AGE_MASK, Ordering::Relaxed);
    }

    /// Looks `key` up; `ply` converts mate scores back to root-relative.
    #[must_use]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        for e in self.bucket(key) {
            let data = e[DATA].load(Ordering::Relaxed);
            if data != 0 && e[KEY].load(Ordering::Relaxed) ^ data == key {
                return Some(decode(data, ply));
            }
        }
        None
    }

    /// Stores a search result for `key` found at `ply`.
    ///
    /// Replaces the entry with the same key (keeping its move if the new
    /// result has none), else the least valuable entry of the bucket: the
    /// shallowest, with entries of older searches counting as shallower.
    pub fn store(&self, key: u64, ply: usize, entry: TtHit) {
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_worth = i32::MAX;
        for e in bucket {
            let data = e[DATA].load(Ordering::Relaxed);
            if data == 0 || e[KEY].load(Ordering::Relaxed) ^ data == key {
                victim = e;
                if data != 0 {
                    let old = decode(data, ply);
                    let keeps_deeper = old.depth > entry.depth.saturating_add(2)
                        && entry.bound != Bound::Exact
                        && stored_age(data) == self.age();
                    if keeps_deeper {
                        return;
                    }
                    let mut entry = entry;
                    entry.move_id = entry.move_id.or(old.move_id);
                    return write(victim, key, encode(entry, ply, self.age()));
                }
                break;
            }
            let worth = i32::from(stored_depth(data)) - 8 * i32::from(self.age_distance(data));
            if worth < victim_worth {
                victim = e;
                victim_worth = worth;
            }
        }
        write(victim, key, encode(entry, ply, self.age()));
    }

    /// Stores a learned score for `key` (position learning, loaded before a
    /// search): exact, of draft `depth`, and marked so that the search
    /// trusts it even at PV nodes ([`TranspositionTable::is_learned`]). It
    /// stays until a deeper search of the position replaces it.
    pub fn store_learned(&self, key: u64, score: Score, depth: u8) {
        let entry = TtHit {
            move_id: None,
            score,
            depth,
            bound: Bound::Exact,
        };
        self.store(key, 0, entry);
        for e in self.bucket(key) {
            let data = e[DATA].load(Ordering::Relaxed);
            if data != 0 && e[KEY].load(Ordering::Relaxed) ^ data == key {
                write(e, key, data | LEARNED);
            }
        }
    }

    /// Whether the entry of `key` was put in by position learning.
    #[must_use]
    pub fn is_learned(&self, key: u64) -> bool {
        self.bucket(key).iter().any(|e| {
            let data = e[DATA].load(Ordering::Relaxed);
            data & LEARNED != 0 && e[KEY].load(Ordering::Relaxed) ^ data == key
        })
    }

    /// Permille of sampled entries written during the current search.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.capacity().min(1000);
        let used = self.entries[self.first..self.first + sample]
            .iter()
            .filter(|e| {
                let d = e[DATA].load(Ordering::Relaxed);
                d != 0 && stored_age(d) == self.age()
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }

    /// The entries where `key` may be stored.
    fn bucket(&self, key: u64) -> &[Entry] {
        let index = ((u128::from(key) * u128::from(self.buckets)) >> 64) as usize;
        let start = self.first + index * ENTRIES_PER_BUCKET;
        &self.entries[start..start + ENTRIES_PER_BUCKET]
    }

    fn age(&self) -> u8 {
        self.age.load(Ordering::Relaxed)
    }

    fn age_distance(&self, data: u64) -> u8 {
        self.age().wrapping_sub(stored_age(data)) & AGE_MASK
    }
}

fn write(e: &Entry, key: u64, data: u64) {
    e[KEY].store(key ^ data, Ordering::Relaxed);
    e[DATA].store(data, Ordering::Relaxed);
}

fn stored_depth(data: u64) -> u8 {
    (data >> DEPTH_SHIFT) as u8
}

fn stored_age(data: u64) -> u8 {
    (data >> AGE_SHIFT) as u8 & AGE_MASK
}

/// Packs an entry; the bound field is never zero, so `data != 0` marks use.
fn encode(entry: TtHit, ply: usize, age: u8) -> u64 {
    let moved = entry
        .move_id
        .map_or(0, |id| u64::from(id) & MOVE_MASK | HAS_MOVE);
    let score =
        (i64::from(to_tt(entry.score, ply)) + SCORE_OFFSET) as u64 & ((1 << SCORE_BITS) - 1);
    let bound: u64 = match entry.bound {
        Bound::Upper => 1,
        Bound::Lower => 2,
        Bound::Exact => 3,
    };
    moved
        | score << SCORE_SHIFT
        | u64::from(entry.depth) << DEPTH_SHIFT
        | bound << BOUND_SHIFT
        | u64::from(age & AGE_MASK) << AGE_SHIFT
}

fn decode(data: u64, ply: usize) -> TtHit {
    let move_id = (data & HAS_MOVE != 0).then_some((data & MOVE_MASK) as u32);
    let raw = ((data >> SCORE_SHIFT) & ((1 << SCORE_BITS) - 1)) as i64 - SCORE_OFFSET;
    let bound = match (data >> BOUND_SHIFT) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    TtHit {
        move_id,
        score: from_tt(raw as Score, ply),
        depth: stored_depth(data),
        bound,
    }
}

/// Buckets in a table of `megabytes` MB (at least one).
fn buckets_for(megabytes: usize) -> usize {
    (megabytes.saturating_mul(1 << 20) / (BYTES_PER_ENTRY * ENTRIES_PER_BUCKET)).max(1)
}

/// The most MB a table may take: half of the memory the system reports
/// available (`MemAvailable` in `/proc/meminfo`; the engine shares the
/// machine), or a quarter of all memory when only `MemTotal` is given; `None` where there is no
/// `/proc/meminfo` (allocation failures still halve the table there).
#[must_use]
pub fn memory_limit_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    limit_from_meminfo(&text)
}

/// [`memory_limit_mb`] from the text of `/proc/meminfo`.
fn limit_from_meminfo(text: &str) -> Option<usize> {
    let kilobytes = |key: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(key)?.strip_prefix(':'))
            .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
    };
    let limit_kb = match (kilobytes("MemAvailable"), kilobytes("MemTotal")) {
        (Some(available), _) => available / 2,
        (None, Some(total)) => total / 4,
        (None, None) => return None,
    };
    usize::try_from(limit_kb >> 10).ok().map(|mb| mb.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mate_in, mated_in};

    fn hit(id: Option<u32>, score: Score, depth: u8, bound: Bound) -> TtHit {
        TtHit {
            move_id: id,
            score,
            depth,
            bound,
        }
    }

    #[test]
    fn learned_entries_are_marked_until_a_search_replaces_them() {
        let tt = TranspositionTable::new(1);
        tt.store_learned(42, -300, 20);
        assert!(tt.is_learned(42) && !tt.is_learned(43));
        assert_eq!(tt.probe(42, 3), Some(hit(None, -300, 20, Bound::Exact)));
        tt.store(42, 0, hit(Some(5), 10, 25, Bound::Exact));
        assert!(!tt.is_learned(42));
        assert_eq!(tt.probe(42, 0), Some(hit(Some(5), 10, 25, Bound::Exact)));
    }

    #[test]
    fn store_then_probe_returns_the_entry() {
        let tt = TranspositionTable::new(1);
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(tt.probe(key, 0), None);
        let e = hit(Some(0xABCDE), -317, 9, Bound::Lower);
        tt.store(key, 0, e);
        assert_eq!(tt.probe(key, 0), Some(e));
        assert_eq!(tt.probe(key ^ 1, 0), None);
        // Same key again: replaced, and the old move is kept when none is given.
        tt.store(key, 0, hit(None, 98_999, 8, Bound::Upper));
        assert_eq!(
            tt.probe(key, 0),
            Some(hit(Some(0xABCDE), 98_999, 8, Bound::Upper))
        );
    }

    #[test]
    fn mate_scores_are_adjusted_by_ply() {
        let tt = TranspositionTable::new(1);
        tt.store(77, 4, hit(None, mate_in(9), 5, Bound::Exact));
        assert_eq!(tt.probe(77, 4).unwrap().score, mate_in(9));
        assert_eq!(tt.probe(77, 2).unwrap().score, mate_in(7));
        tt.store(78, 3, hit(None, mated_in(10), 5, Bound::Exact));
        assert_eq!(tt.probe(78, 1).unwrap().score, mated_in(8));
        tt.store(79, 0, hit(None, mated_in(0), 1, Bound::Exact));
        assert_eq!(tt.probe(79, 0).unwrap().score, -100_000);
    }

    #[test]
    fn any_size_is_allowed_and_resize_empties() {
        let mut tt = TranspositionTable::new(3);
        assert_eq!(tt.capacity(), 3 * (1 << 20) / 16);
        tt.store(5, 0, hit(Some(1), 10, 3, Bound::Exact));
        tt.resize(5);
        assert_eq!(tt.capacity(), 5 * (1 << 20) / 16);
        assert_eq!(tt.probe(5, 0), None);
        let tiny = TranspositionTable::new(0);
        assert_eq!(tiny.capacity(), 4);
        for key in [0, u64::MAX, 1 << 63] {
            tiny.store(key, 0, hit(None, 1, 1, Bound::Exact));
            assert_eq!(tiny.probe(key, 0).unwrap().score, 1);
        }
    }

    #[test]
    fn the_memory_limit_comes_from_meminfo() {
        let linux = "MemTotal:       24684084 kB\nMemFree:        17956212 kB\n\
                     MemAvailable:   21012128 kB\n";
        assert_eq!(limit_from_meminfo(linux), Some((21_012_128 / 2) >> 10));
        assert_eq!(
            limit_from_meminfo("MemTotal: 2097152 kB\n"),
            Some(512),
            "no MemAvailable (old kernels): a quarter of MemTotal"
        );
        assert_eq!(limit_from_meminfo("MemAvailable: 100 kB\n"), Some(1));
        assert_eq!(limit_from_meminfo("nothing useful\n"), None);
        assert_eq!(limit_from_meminfo("MemAvailable: lots kB\n"), None);
    }

    #[test]
    fn the_size_used_is_reported_in_megabytes() {
        assert_eq!(TranspositionTable::new(2).megabytes(), 2);
        assert_eq!(TranspositionTable::new(0).megabytes(), 0);
    }

    #[test]
    fn clear_empties_a_full_table_in_place() {
        let mut tt = TranspositionTable::new(1);
        let keys: Vec<u64> = (1..200_000u64)
            .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for &key in &keys {
            tt.store(key, 0, hit(Some(1), 5, 2, Bound::Exact));
        }
        assert!(tt.widely_written());
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
        assert!(keys.iter().all(|&key| tt.probe(key, 0).is_none()));
        assert_eq!(tt.megabytes(), 1);
    }

    #[test]
    fn clear_forgets_everything() {
        let mut tt = TranspositionTable::new(1);
        for k in 1..500u64 {
            tt.store(
                k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                0,
                hit(None, 5, 2, Bound::Exact),
            );
        }
        assert!(tt.hashfull() > 0);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
        assert_eq!(tt.probe(0x9e37_79b9_7f4a_7c15, 0), None);
        for k in 1..500u64 {
            let key = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            assert_eq!(tt.probe(key, 0), None);
            assert!(!tt.is_learned(key));
        }
        // The emptied entries take new results, as at first.
        let e = hit(Some(7), 3, 4, Bound::Lower);
        tt.store(0x9e37_79b9_7f4a_7c15, 0, e);
        assert_eq!(tt.probe(0x9e37_79b9_7f4a_7c15, 0), Some(e));
    }

    #[test]
    fn replacement_prefers_old_and_shallow_entries() {
        let tt = TranspositionTable::new(0); // one bucket of four
        for k in 1..=4u64 {
            tt.store(k, 0, hit(None, 0, 10 + k as u8, Bound::Exact));
        }
        // A fifth key evicts the shallowest (depth 11, key 1).
        tt.store(5, 0, hit(None, 0, 1, Bound::Exact));
        assert_eq!(tt.probe(1, 0), None);
        assert!(tt.probe(2, 0).is_some());
        // After a new search, an old entry gives way before a shallower new one.
        tt.new_search();
        tt.store(5, 0, hit(None, 0, 6, Bound::Exact));
        tt.store(6, 0, hit(None, 0, 1, Bound::Exact));
        assert_eq!(tt.probe(2, 0), None);
        assert!(tt.probe(3, 0).is_some());
        assert!(tt.probe(5, 0).is_some());
        assert!(tt.probe(6, 0).is_some());
    }

    #[test]
    fn deeper_results_of_this_search_are_not_overwritten_by_shallow_bounds() {
        let tt = TranspositionTable::new(1);
        tt.store(9, 0, hit(Some(3), 50, 12, Bound::Exact));
        tt.store(9, 0, hit(Some(4), -20, 2, Bound::Upper));
        assert_eq!(tt.probe(9, 0), Some(hit(Some(3), 50, 12, Bound::Exact)));
        tt.store(9, 0, hit(Some(4), -20, 2, Bound::Exact));
        assert_eq!(tt.probe(9, 0), Some(hit(Some(4), -20, 2, Bound::Exact)));
    }

    #[test]
    fn move_ids_fit_twenty_bits_and_differ() {
        let ids: std::collections::HashSet<u32> = (0u16..4096).map(move_id).collect();
        assert!(ids.iter().all(|&i| i < 1 << 20));
        assert!(ids.len() > 4070, "{}", ids.len());
    }

    #[test]
    fn threads_share_the_table() {
        let tt = TranspositionTable::new(1);
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let tt = &tt;
                s.spawn(move || {
                    for k in 0..1000u64 {
                        let key = (k * 2 + t + 1).wrapping_mul(0x2545_f491_4f6c_dd1d);
                        tt.store(key, 0, hit(Some(t as u32), k as Score, 3, Bound::Exact));
                    }
                });
            }
        });
        for t in 0..2u64 {
            let key = (999 * 2 + t + 1).wrapping_mul(0x2545_f491_4f6c_dd1d);
            assert_eq!(
                tt.probe(key, 0),
                Some(hit(Some(t as u32), 999, 3, Bound::Exact))
            );
        }
    }
}
