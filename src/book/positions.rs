//! Position learning: a persistent table of positions whose search score
//! dropped sharply, so that the next game's search knows better before it
//! gets there (Crafty's idea). The engine loads the table into its
//! transposition table before every search.
//!
//! The learn file (`VARIANT.lrn` beside the variant's book) holds at most
//! [`CAPACITY`] positions, oldest first; adding to a full table drops the
//! oldest (FIFO), and a position learned again replaces its old entry.
//! Layout, little-endian: magic `NRLEARN`, version (u16), board (u8, as in
//! the book file), variant name (u16 length + UTF-8), count (u32), entries
//! of [`ENTRY_BYTES`] (key u64, score i16, depth u8, unused u8), then an
//! FNV-1a 64 checksum. Every change goes through [`update_locked`]: a lock
//! on `FILE.lock`, the file re-read, changed and written atomically, so
//! engines sharing the file lose nothing.

use super::file::{with_lock, write_atomic, BoardKind};
use super::framing::{board_kind, push_checksum, Format};
use std::collections::{HashMap, VecDeque};
use std::path::Path;

/// Version of the learn file format.
pub const VERSION: u16 = 1;
/// The learn file's framing: magic `NRLEARN`, no header bytes of its own.
const FORMAT: Format = Format {
    magic: b"NRLEARN",
    version: VERSION,
    extra: 0,
    what: "learn file",
};
/// Bytes of one stored position.
pub const ENTRY_BYTES: usize = 12;
/// Most positions a table keeps.
pub const CAPACITY: usize = 65_536;
/// The largest score stored either way (mate scores are clamped to it).
pub const SCORE_LIMIT: i32 = 3_000;

/// A learned position: its hash, the score the search found for the side
/// to move there, and the depth that score is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LearnedPosition {
    /// Hash of the position on the board in use.
    pub key: u64,
    /// Score for the side to move, centipawns.
    pub score: i32,
    /// Draft of the score.
    pub depth: u8,
}

/// The learned positions of one variant on one board, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionTable {
    /// The board whose hashes the keys are.
    pub board: BoardKind,
    /// The variant.
    pub variant: String,
    entries: VecDeque<LearnedPosition>,
}

impl PositionTable {
    /// An empty table.
    #[must_use]
    pub fn new(board: BoardKind, variant: &str) -> PositionTable {
        PositionTable {
            board,
            variant: variant.to_string(),
            entries: VecDeque::new(),
        }
    }

    /// Adds `positions` in order, as [`PositionTable::add`] one by one
    /// would, in one pass over the table (an import of many positions into
    /// a full table stays linear).
    pub fn add_all(&mut self, positions: &[LearnedPosition]) {
        let mut last = HashMap::with_capacity(positions.len());
        for (i, p) in positions.iter().enumerate() {
            last.insert(p.key, i);
        }
        self.entries.retain(|e| !last.contains_key(&e.key));
        for (i, p) in positions.iter().enumerate() {
            if last.get(&p.key) == Some(&i) {
                let score = p.score.clamp(-SCORE_LIMIT, SCORE_LIMIT);
                self.entries.push_back(LearnedPosition { score, ..*p });
            }
        }
        while self.entries.len() > CAPACITY {
            self.entries.pop_front();
        }
    }

    /// The positions, oldest first.
    pub fn entries(&self) -> impl Iterator<Item = &LearnedPosition> {
        self.entries.iter()
    }

    /// How many positions the table holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds (or re-learns) a position as the newest, dropping the oldest
    /// beyond [`CAPACITY`].
    pub fn add(&mut self, mut p: LearnedPosition) {
        p.score = p.score.clamp(-SCORE_LIMIT, SCORE_LIMIT);
        self.entries.retain(|e| e.key != p.key);
        self.entries.push_back(p);
        while self.entries.len() > CAPACITY {
            self.entries.pop_front();
        }
    }

    /// The file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 + self.entries.len() * ENTRY_BYTES);
        let count = u32::try_from(self.entries.len()).unwrap_or(u32::MAX);
        FORMAT.push_header(&mut out, self.board, &[], &self.variant, count);
        for e in &self.entries {
            out.extend_from_slice(&e.key.to_le_bytes());
            let score = i16::try_from(e.score.clamp(-SCORE_LIMIT, SCORE_LIMIT)).unwrap_or(0);
            out.extend_from_slice(&score.to_le_bytes());
            out.push(e.depth);
            out.push(0);
        }
        push_checksum(&mut out);
        out
    }

    /// Reads a table from its bytes.
    ///
    /// # Errors
    /// One line: not a learn file, unsupported version, truncated, bad
    /// checksum, unknown board or too many entries.
    pub fn from_bytes(bytes: &[u8]) -> Result<PositionTable, String> {
        let header = FORMAT.read_header(bytes)?;
        let count = header.count;
        if count > CAPACITY {
            return Err(format!(
                "{count} entries (at most {CAPACITY}; corrupt file)"
            ));
        }
        let body_end = header.body + count * ENTRY_BYTES;
        FORMAT.check_trailer(bytes, body_end)?;
        let board = board_kind(header.board)?;
        let entries = bytes[header.body..body_end]
            .chunks_exact(ENTRY_BYTES)
            .map(|b| {
                let mut key = [0u8; 8];
                key.copy_from_slice(&b[..8]);
                LearnedPosition {
                    key: u64::from_le_bytes(key),
                    score: i32::from(i16::from_le_bytes([b[8], b[9]])),
                    depth: b[10],
                }
            })
            .collect();
        Ok(PositionTable {
            board,
            variant: header.variant,
            entries,
        })
    }

    /// Loads the table of `variant` on `board` from `path`; a missing file
    /// is an empty table.
    ///
    /// # Errors
    /// `learn file PATH: reason` in one line (also when the file was made
    /// for another variant or board).
    pub fn load(path: &Path, board: BoardKind, variant: &str) -> Result<PositionTable, String> {
        let fail = |e: String| format!("learn file {}: {e}", path.display());
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(PositionTable::new(board, variant));
            }
            Err(e) => return Err(fail(e.to_string())),
        };
        let table = PositionTable::from_bytes(&bytes).map_err(fail)?;
        if table.variant != variant || table.board != board {
            return Err(fail(format!(
                "made for {} on the other board or variant, not {variant}",
                table.variant
            )));
        }
        Ok(table)
    }

    /// Writes the table atomically.
    ///
    /// # Errors
    /// `learn file PATH: reason`; the file is then untouched.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        write_atomic(path, &self.to_bytes())
            .map_err(|e| format!("learn file {}: {e}", path.display()))
    }

    /// The positions as text, one `position KEY SCORE DEPTH` line each (key
    /// in hex), oldest first: the shareable export format.
    #[must_use]
    pub fn export(&self) -> String {
        self.entries
            .iter()
            .map(|e| format!("position {:016x} {} {}\n", e.key, e.score, e.depth))
            .collect()
    }
}

/// Parses one exported `position KEY SCORE DEPTH` line.
#[must_use]
pub fn parse_line(line: &str) -> Option<LearnedPosition> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let ["position", key, score, depth] = words.as_slice() else {
        return None;
    };
    Some(LearnedPosition {
        key: u64::from_str_radix(key, 16).ok()?,
        score: score.parse().ok()?,
        depth: depth.parse().ok()?,
    })
}

/// Adds `positions` to the learn file at `path` (created if missing) under
/// its lock; returns the table as saved.
///
/// # Errors
/// One line when the file cannot be locked, read (corrupt) or written; the
/// file is then unchanged.
pub fn update_locked(
    path: &Path,
    board: BoardKind,
    variant: &str,
    positions: &[LearnedPosition],
) -> Result<PositionTable, String> {
    with_lock(path, "learn file", || {
        let mut table = PositionTable::load(path, board, variant)?;
        table.add_all(positions);
        table.save(path)?;
        Ok(table)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(key: u64, score: i32) -> LearnedPosition {
        LearnedPosition {
            key,
            score,
            depth: 6,
        }
    }

    #[test]
    fn adding_many_at_once_equals_adding_one_by_one() {
        let mut one = PositionTable::new(BoardKind::Mailbox, "shatranj");
        let start: Vec<LearnedPosition> = (0..CAPACITY as u64 - 5).map(|k| p(k, 1)).collect();
        one.add_all(&start);
        assert_eq!(one.len(), CAPACITY - 5);
        assert_eq!(one.entries().next().map(|e| e.key), Some(0));
        let mut all = one.clone();
        // Repeated keys, keys already known, a clamped score and more than
        // the table holds.
        let batch: Vec<LearnedPosition> = (0..12)
            .map(|k| p(k % 7, k as i32))
            .chain([p(CAPACITY as u64 + 1, 99_999)])
            .chain((0..40).map(|k| p(CAPACITY as u64 + 100 + k, -3)))
            .collect();
        for &q in &batch {
            one.add(q);
        }
        all.add_all(&batch);
        assert_eq!(all, one);
        assert_eq!(all.len(), CAPACITY);
        // More than the table holds: the newest CAPACITY, in order.
        let huge: Vec<LearnedPosition> = (0..CAPACITY as u64 + 9).map(|k| p(k * 3, 5)).collect();
        all.add_all(&huge);
        let keys: Vec<u64> = all.entries().map(|e| e.key).collect();
        let want: Vec<u64> = (9..CAPACITY as u64 + 9).map(|k| k * 3).collect();
        assert_eq!(keys, want);
    }

    #[test]
    fn fifo_keeps_the_newest_and_relearning_moves_to_the_end() {
        let mut t = PositionTable::new(BoardKind::Mailbox, "shatranj");
        for k in 0..(CAPACITY as u64 + 3) {
            t.add(p(k, -50));
        }
        assert_eq!(t.len(), CAPACITY);
        assert_eq!(t.entries().next().map(|e| e.key), Some(3));
        t.add(p(10, -9999));
        assert_eq!(t.len(), CAPACITY);
        let last = t.entries().last().copied();
        assert_eq!(last, Some(p(10, -SCORE_LIMIT)));
        let back = PositionTable::from_bytes(&t.to_bytes()).unwrap();
        assert_eq!(back, t);
    }

    #[test]
    fn a_learn_write_removes_the_temporary_files_of_killed_writers() {
        let dir = std::env::temp_dir().join(format!("nr-stale-tmp-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("normal.lrn");
        let tmp = |suffix: &str| dir.join(format!("normal.lrn.tmp{suffix}"));
        // Above Linux's largest pid_max (2^22): no process has this id.
        let killed = tmp("4194305");
        let not_ours = [tmp("x1"), tmp(""), dir.join("other.lrn.tmp4194305")];
        for file in not_ours.iter().chain([&killed]) {
            std::fs::write(file, b"half a file").unwrap();
        }
        let table = update_locked(&path, BoardKind::Bitboard, "normal", &[p(0xabc, -120)]).unwrap();
        assert_eq!(table.len(), 1);
        assert!(!killed.exists(), "the killed writer's file stays");
        assert!(not_ours.iter().all(|f| f.exists()));
        assert_eq!(
            PositionTable::load(&path, BoardKind::Bitboard, "normal"),
            Ok(table)
        );
        // Where /proc lists processes, a running writer's file is kept.
        if Path::new("/proc/self").exists() {
            let running = tmp("1");
            std::fs::write(&running, b"being written").unwrap();
            update_locked(&path, BoardKind::Bitboard, "normal", &[]).unwrap();
            assert!(running.exists());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn corrupt_learn_files_are_one_line_errors() {
        let mut t = PositionTable::new(BoardKind::Bitboard, "normal");
        t.add(p(0xabc, -120));
        let bytes = t.to_bytes();
        let n = bytes.len();
        assert_eq!(
            PositionTable::from_bytes(&bytes[..n - 1]),
            Err(format!("truncated ({} bytes)", n - 1))
        );
        let mut flipped = bytes.clone();
        flipped[22] ^= 4;
        assert_eq!(
            PositionTable::from_bytes(&flipped),
            Err("checksum mismatch (corrupt learn file)".into())
        );
        assert_eq!(
            PositionTable::from_bytes(b"NRBOOK..."),
            Err("not a Nightrider learn file".into())
        );
        assert_eq!(t.export(), "position 0000000000000abc -120 6\n");
        assert_eq!(
            parse_line("position 0000000000000abc -120 6"),
            Some(p(0xabc, -120))
        );
        assert_eq!(parse_line("position zz 1 2"), None);
    }
}
