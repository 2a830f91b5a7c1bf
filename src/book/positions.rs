//! Position learning: a persistent table of positions whose search score
//! dropped sharply, so that the next game's search knows better before it
//! gets there (Crafty's idea). The engine loads the table into its
//! transposition table before every search.
//!
//! The learn file (`VARIANT.lrn` beside the variant's book) holds at most
//! [`CAPACITY`] positions, oldest first; adding to a full table drops the
//! oldest (FIFO), and a position learned again replaces its old entry.
//! Layout, little-endian: magic `NRLEARN`, version (u16), board (u8, as in
//! the book file), variant name (u16 length + UTF-8), count (u32), the
//! entries, then an FNV-1a 64 checksum. An entry of version 2 is the key
//! (u64), score (i16), depth (u8) and the position's FEN (u16 length, 0
//! when unknown, + UTF-8), so that an export shows the position; version 1
//! files (entries of [`V1_ENTRY_BYTES`]: key, score, depth, an unused
//! byte) are still read, their positions known by hash only. Every change
//! goes through [`update_locked`]: a lock on `FILE.lock`, the file re-read,
//! changed and written atomically, so engines sharing the file lose
//! nothing.

use super::file::{with_lock, write_atomic, BoardKind};
use super::framing::{board_kind, push_checksum, Format};
use std::collections::{HashMap, VecDeque};
use std::path::Path;

/// Version of the learn file format written.
pub const VERSION: u16 = 2;
/// The learn file's framing: magic `NRLEARN`, no header bytes of its own;
/// versions 1 and 2 are read.
const FORMAT: Format = Format {
    magic: b"NRLEARN",
    version: VERSION,
    oldest: 1,
    extra: 0,
    what: "learn file",
};
/// Bytes of one stored position in a version 1 file.
pub const V1_ENTRY_BYTES: usize = 12;
/// Bytes of a version 2 entry before its FEN.
const ENTRY_HEAD_BYTES: usize = 13;
/// Most positions a table keeps.
pub const CAPACITY: usize = 65_536;
/// The largest score stored either way (mate scores are clamped to it).
pub const SCORE_LIMIT: i32 = 3_000;

/// A learned position: its hash, the score the search found for the side
/// to move there, the depth that score is worth, and the position itself
/// when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnedPosition {
    /// Hash of the position on the board in use.
    pub key: u64,
    /// Score for the side to move, centipawns.
    pub score: i32,
    /// Draft of the score.
    pub depth: u8,
    /// The position's FEN (`None` for positions learned by hash only).
    pub fen: Option<String>,
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
                self.entries
                    .push_back(LearnedPosition { score, ..p.clone() });
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
        let mut out = Vec::with_capacity(32 + self.entries.len() * (ENTRY_HEAD_BYTES + 60));
        let count = u32::try_from(self.entries.len()).unwrap_or(u32::MAX);
        FORMAT.push_header(&mut out, self.board, &[], &self.variant, count);
        for e in &self.entries {
            out.extend_from_slice(&e.key.to_le_bytes());
            let score = i16::try_from(e.score.clamp(-SCORE_LIMIT, SCORE_LIMIT)).unwrap_or(0);
            out.extend_from_slice(&score.to_le_bytes());
            out.push(e.depth);
            let fen = e.fen.as_deref().unwrap_or("").as_bytes();
            // A FEN too long for its length field is dropped, not cut.
            let fen = if fen.len() > usize::from(u16::MAX) {
                &[]
            } else {
                fen
            };
            let len = u16::try_from(fen.len()).unwrap_or(0);
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(fen);
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
        let (entries, body_end) = if header.version == 1 {
            read_v1_entries(bytes, header.body, count)
        } else {
            read_entries(bytes, header.body, count)?
        };
        FORMAT.check_trailer(bytes, body_end)?;
        let board = board_kind(header.board)?;
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

    /// The positions as text, oldest first: the shareable export format,
    /// one [`export_line`] each.
    #[must_use]
    pub fn export(&self) -> String {
        self.entries.iter().map(export_line).collect()
    }
}

/// One position of an export: `position FEN; SCORE DEPTH` where the FEN is
/// known, `position KEY SCORE DEPTH` (key in hex) otherwise.
#[must_use]
pub fn export_line(p: &LearnedPosition) -> String {
    match &p.fen {
        Some(fen) => format!("position {fen}; {} {}\n", p.score, p.depth),
        None => format!("position {:016x} {} {}\n", p.key, p.score, p.depth),
    }
}

/// The entries of a version 1 file (fixed size; the caller checks the
/// length) and where they end.
fn read_v1_entries(bytes: &[u8], body: usize, count: usize) -> (VecDeque<LearnedPosition>, usize) {
    let body_end = body.saturating_add(count.saturating_mul(V1_ENTRY_BYTES));
    let entries = bytes
        .get(body..body_end)
        .unwrap_or(&[])
        .chunks_exact(V1_ENTRY_BYTES)
        .map(|b| LearnedPosition {
            key: le_u64(&b[..8]),
            score: i32::from(i16::from_le_bytes([b[8], b[9]])),
            depth: b[10],
            fen: None,
        })
        .collect();
    (entries, body_end)
}

/// The entries of a version 2 file and where they end.
///
/// # Errors
/// `truncated (N bytes)` when an entry runs past the end.
fn read_entries(
    bytes: &[u8],
    body: usize,
    count: usize,
) -> Result<(VecDeque<LearnedPosition>, usize), String> {
    let truncated = || format!("truncated ({} bytes)", bytes.len());
    let mut entries = VecDeque::with_capacity(count);
    let mut at = body;
    for _ in 0..count {
        let head = bytes.get(at..at + ENTRY_HEAD_BYTES).ok_or_else(truncated)?;
        let fen_len = usize::from(u16::from_le_bytes([head[11], head[12]]));
        let fen_at = at + ENTRY_HEAD_BYTES;
        let fen = bytes.get(fen_at..fen_at + fen_len).ok_or_else(truncated)?;
        entries.push_back(LearnedPosition {
            key: le_u64(&head[..8]),
            score: i32::from(i16::from_le_bytes([head[8], head[9]])),
            depth: head[10],
            fen: (fen_len > 0).then(|| String::from_utf8_lossy(fen).into_owned()),
        });
        at = fen_at + fen_len;
    }
    Ok((entries, at))
}

/// The little-endian u64 of 8 bytes.
fn le_u64(b: &[u8]) -> u64 {
    let mut key = [0u8; 8];
    key.copy_from_slice(b);
    u64::from_le_bytes(key)
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
        fen: None,
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
            fen: None,
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
        for q in &batch {
            one.add(q.clone());
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
        let last = t.entries().last().cloned();
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

    /// A version 1 file as the first Nightrider learn files were written:
    /// 12-byte entries (key, score, depth, unused byte), no FEN.
    fn v1_bytes(entries: &[(u64, i16, u8)]) -> Vec<u8> {
        let mut out = b"NRLEARN".to_vec();
        out.extend_from_slice(&1u16.to_le_bytes());
        out.push(BoardKind::Bitboard as u8);
        out.extend_from_slice(&6u16.to_le_bytes());
        out.extend_from_slice(b"normal");
        out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
        for &(key, score, depth) in entries {
            out.extend_from_slice(&key.to_le_bytes());
            out.extend_from_slice(&score.to_le_bytes());
            out.extend_from_slice(&[depth, 0]);
        }
        push_checksum(&mut out);
        out
    }

    #[test]
    fn an_old_hash_only_learn_file_still_loads() {
        let old = v1_bytes(&[(0xabc, -120, 6), (0xdef, 35, 9)]);
        let table = PositionTable::from_bytes(&old).unwrap();
        let mut want = PositionTable::new(BoardKind::Bitboard, "normal");
        want.add(p(0xabc, -120));
        want.add(LearnedPosition {
            depth: 9,
            ..p(0xdef, 35)
        });
        assert_eq!(table, want);
        assert_eq!(
            table.export(),
            "position 0000000000000abc -120 6\nposition 0000000000000def 35 9\n"
        );
        // Written again it becomes version 2, and reads back the same.
        let new = table.to_bytes();
        assert_eq!(&new[7..9], &VERSION.to_le_bytes());
        assert_eq!(PositionTable::from_bytes(&new), Ok(table));
        let n = old.len();
        assert_eq!(
            PositionTable::from_bytes(&old[..n - 1]),
            Err(format!("truncated ({} bytes)", n - 1))
        );
    }

    #[test]
    fn learned_positions_keep_their_fen_in_the_file() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let mut t = PositionTable::new(BoardKind::Bitboard, "normal");
        t.add(LearnedPosition {
            fen: Some(fen.into()),
            ..p(0x123, -150)
        });
        t.add(p(0xabc, 40));
        let bytes = t.to_bytes();
        assert_eq!(PositionTable::from_bytes(&bytes).as_ref(), Ok(&t));
        assert_eq!(
            t.export(),
            format!("position {fen}; -150 6\nposition 0000000000000abc 40 6\n")
        );
        // A cut inside the FEN is a truncation, not a panic.
        for cut in [40, 50, bytes.len() - 9] {
            assert_eq!(
                PositionTable::from_bytes(&bytes[..cut]),
                Err(format!("truncated ({cut} bytes)"))
            );
        }
    }
}
