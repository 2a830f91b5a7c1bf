//! A small per-thread cache of static evaluations, keyed by the position's
//! hash and halfmove clock: the search evaluates many positions again
//! (transpositions, re-searches, the next iteration, the next move), and a
//! probe costs far less than the mailbox board's evaluation. A hit returns
//! exactly the score that was stored, so the tree does not change. The
//! searcher keeps one per thread from search to search and clears it with
//! the transposition table (a new game, a new variant).

/// Number of entries (a power of two).
const ENTRIES: usize = 1 << 15;

/// Bits of an entry that hold the score (the rest hold the key's top bits).
const SCORE_BITS: u32 = 24;

const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;

/// Added to a score to store it unsigned.
const SCORE_OFFSET: i64 = 1 << (SCORE_BITS - 1);

/// Direct-mapped: one entry per slot, the newest evaluation wins. An entry
/// packs the key's bits above [`SCORE_BITS`] with the score; the slot index
/// comes from the key's low bits, so together they check most of the key.
pub(crate) struct EvalCache {
    entries: Vec<u64>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            entries: vec![0; ENTRIES],
        }
    }
}

impl EvalCache {
    /// The key of a position: its hash mixed with the halfmove clock
    /// (evaluations may shrink as the clock runs).
    #[must_use]
    pub fn key(hash: u64, halfmove_clock: u32) -> u64 {
        hash ^ u64::from(halfmove_clock).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Forgets every score.
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// The stored score of `key`, if any.
    #[must_use]
    pub fn get(&self, key: u64) -> Option<i32> {
        let e = self.entries[key as usize & (ENTRIES - 1)];
        ((e ^ key) >> SCORE_BITS == 0 && e != 0)
            .then(|| ((e & SCORE_MASK) as i64 - SCORE_OFFSET) as i32)
    }

    /// Remembers `score` (within ±2^23) for `key`.
    pub fn put(&mut self, key: u64, score: i32) {
        let packed = (i64::from(score) + SCORE_OFFSET) as u64 & SCORE_MASK;
        self.entries[key as usize & (ENTRIES - 1)] = (key & !SCORE_MASK) | packed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_exact_scores() {
        let mut c = EvalCache::default();
        let k = EvalCache::key(0x1234_5678_9ABC_DEF0, 3);
        assert_eq!(c.get(k), None);
        c.put(k, -98_999);
        assert_eq!(c.get(k), Some(-98_999));
        c.put(k, 42);
        assert_eq!(c.get(k), Some(42));
        // Another clock is another key; a key sharing the slot replaces it.
        assert_eq!(c.get(EvalCache::key(0x1234_5678_9ABC_DEF0, 4)), None);
        let rival = k ^ (1 << 40);
        c.put(rival, 7);
        assert_eq!(c.get(rival), Some(7));
        assert_eq!(c.get(k), None);
        c.clear();
        assert_eq!(c.get(rival), None);
    }
}
