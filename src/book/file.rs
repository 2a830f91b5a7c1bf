//! The Nightrider book file (`.nbk`): entries keyed by the hash of the
//! position after a book move (Crafty's child-hash idea: no move encoding is
//! stored, so the format is the same for every board and variant).
//!
//! Layout, little-endian: magic `NRBOOK`, version (u16), board (u8: 1 the
//! orthodox bitboard, 2 the mailbox board, whose hashes differ), kind (u8:
//! 0 main, 1 repertoire), variant name (u16 length + UTF-8), entry count
//! (u32), entries of [`ENTRY_BYTES`] sorted by key, then an FNV-1a 64
//! checksum of everything before it. Writes are atomic: temporary file,
//! `fsync`, rename, under the file's lock. A writer killed mid-write leaves
//! its temporary file `FILE.tmpPID`; whoever next takes the lock removes
//! those whose process is gone. Any defect is one line of error and the
//! caller plays on without the book.

use super::framing::{board_kind, push_checksum, Format};
use std::fs;
use std::path::Path;

/// Version of the format written and understood.
pub const VERSION: u16 = 1;
/// The book's framing: magic `NRBOOK`, one header byte (the kind).
const FORMAT: Format = Format {
    magic: b"NRBOOK",
    version: VERSION,
    oldest: VERSION,
    extra: 1,
    what: "book",
};
/// Bytes of one stored entry.
pub const ENTRY_BYTES: usize = 34;

/// Which board's hashes a book's keys are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// The orthodox bitboard (`BitboardPos`, Polyglot-compatible keys).
    Bitboard = 1,
    /// The mailbox board (`MailboxPos`).
    Mailbox = 2,
}

/// What one book move (identified by the position it leads to) has scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BookEntry {
    /// Hash of the position after the move.
    pub key: u64,
    /// Games in which the move was played.
    pub games: u32,
    /// Wins of the side that played the move.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses of the side that played the move.
    pub losses: u32,
    /// Learned value in centipawns (book learning; 0 when none).
    pub learn: i32,
    /// A static score for `bookw eval` (0 when none).
    pub eval: i16,
    /// Repertoire marks: [`EXCLUSIVE`] and/or [`NEVER`].
    pub flags: u8,
    /// A forced share of play in percent (`{play NN%}`), if any.
    pub play_percent: Option<u8>,
    /// ChessPartner-style priority (default 3).
    pub priority: u8,
}

/// Flag: `!` in a repertoire — play only such moves here.
pub const EXCLUSIVE: u8 = 1;
/// Flag: `?` in a repertoire — never play this move.
pub const NEVER: u8 = 2;

impl BookEntry {
    /// An empty entry for `key` with the default priority.
    #[must_use]
    pub fn new(key: u64) -> BookEntry {
        BookEntry {
            key,
            priority: 3,
            ..BookEntry::default()
        }
    }

    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.key.to_le_bytes());
        for n in [self.games, self.wins, self.draws, self.losses] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(&self.learn.to_le_bytes());
        out.extend_from_slice(&self.eval.to_le_bytes());
        out.push(self.flags);
        out.push(self.play_percent.map_or(255, |p| p.min(100)));
        out.push(self.priority);
        out.push(0);
    }

    fn decode(b: &[u8]) -> BookEntry {
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        let mut key = [0u8; 8];
        key.copy_from_slice(&b[0..8]);
        BookEntry {
            key: u64::from_le_bytes(key),
            games: u32_at(8),
            wins: u32_at(12),
            draws: u32_at(16),
            losses: u32_at(20),
            learn: u32_at(24) as i32,
            eval: i16::from_le_bytes([b[28], b[29]]),
            flags: b[30] & (EXCLUSIVE | NEVER),
            play_percent: (b[31] <= 100).then_some(b[31]),
            priority: b[32],
        }
    }
}

/// A loaded or freshly built book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// The board whose hashes the keys are.
    pub board: BoardKind,
    /// Whether this is a repertoire (marks honoured, nothing culled).
    pub repertoire: bool,
    /// The variant the book is for.
    pub variant: String,
    entries: Vec<BookEntry>,
}

impl Book {
    /// A book from entries (sorted here; entries with equal keys merged).
    #[must_use]
    pub fn new(board: BoardKind, variant: &str, mut entries: Vec<BookEntry>) -> Book {
        entries.sort_by_key(|e| e.key);
        entries.dedup_by(|later, first| {
            if later.key != first.key {
                return false;
            }
            first.games += later.games;
            first.wins += later.wins;
            first.draws += later.draws;
            first.losses += later.losses;
            first.flags |= later.flags;
            first.play_percent = first.play_percent.or(later.play_percent);
            true
        });
        Book {
            board,
            repertoire: false,
            variant: variant.to_string(),
            entries,
        }
    }

    /// The entries, sorted by key.
    #[must_use]
    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    /// The entry of the position with hash `key`.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<&BookEntry> {
        self.entries
            .binary_search_by_key(&key, |e| e.key)
            .ok()
            .map(|i| &self.entries[i])
    }

    /// The entry of `key` for updating (learning).
    pub fn probe_mut(&mut self, key: u64) -> Option<&mut BookEntry> {
        let i = self.entries.binary_search_by_key(&key, |e| e.key).ok()?;
        self.entries.get_mut(i)
    }

    /// The file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 + self.entries.len() * ENTRY_BYTES);
        let count = u32::try_from(self.entries.len()).unwrap_or(u32::MAX);
        let kind = [u8::from(self.repertoire)];
        FORMAT.push_header(&mut out, self.board, &kind, &self.variant, count);
        for e in self.entries.iter().take(count as usize) {
            e.encode(&mut out);
        }
        push_checksum(&mut out);
        out
    }

    /// Reads a book from its bytes.
    ///
    /// # Errors
    /// One line: not a book, unsupported version, truncated, bad checksum,
    /// unknown board, or keys out of order.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, String> {
        let header = FORMAT.read_header(bytes)?;
        let body_end = header
            .count
            .checked_mul(ENTRY_BYTES)
            .and_then(|n| n.checked_add(header.body))
            .ok_or_else(|| format!("truncated ({} bytes)", bytes.len()))?;
        FORMAT.check_trailer(bytes, body_end)?;
        let board = board_kind(header.board)?;
        let entries: Vec<BookEntry> = bytes[header.body..body_end]
            .chunks_exact(ENTRY_BYTES)
            .map(BookEntry::decode)
            .collect();
        if entries.windows(2).any(|w| w[0].key >= w[1].key) {
            return Err("entries out of order (corrupt book)".into());
        }
        Ok(Book {
            board,
            repertoire: header.extra == [1],
            variant: header.variant,
            entries,
        })
    }

    /// Loads a book file.
    ///
    /// # Errors
    /// `book FILE: reason` in one line.
    pub fn load(path: &Path) -> Result<Book, String> {
        let bytes = fs::read(path).map_err(|e| format!("book {}: {e}", path.display()))?;
        Book::from_bytes(&bytes).map_err(|e| format!("book {}: {e}", path.display()))
    }

    /// Writes the book atomically: a temporary file beside `path`, synced,
    /// then renamed over it.
    ///
    /// # Errors
    /// `book FILE: reason` in one line; `path` is then untouched.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        write_atomic(path, &self.to_bytes()).map_err(|e| format!("book {}: {e}", path.display()))
    }
}

pub(crate) use crate::save::{temporary_path, write_atomic};

/// The processes whose temporary files for `path` lie beside it (other than
/// this process's own).
fn temporaries_of_others(path: &Path) -> Vec<u32> {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return Vec::new();
    };
    let prefix = format!("{name}.tmp");
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let own = std::process::id();
    entries
        .flatten()
        .filter_map(|e| {
            let file = e.file_name();
            let pid = file.to_str()?.strip_prefix(&prefix)?;
            if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            pid.parse::<u32>().ok().filter(|&pid| pid != own)
        })
        .collect()
}

/// Whether process `pid` may still be running. Where `/proc` lists the
/// processes, that is whether it is listed; elsewhere the answer is no,
/// which is safe because this is only asked while holding the file's lock,
/// and every writer holds it as long as its temporary file exists.
fn may_be_running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    proc.join("self").exists() && proc.join(pid.to_string()).exists()
}

/// Removes the temporary files of writers of `path` killed mid-write
/// (`kill -9` leaves `PATH.tmpPID` behind). The lock on `path` must be held.
fn remove_stale_temporaries(path: &Path) {
    for pid in temporaries_of_others(path) {
        if !may_be_running(pid) {
            let _ = fs::remove_file(temporary_path(path, pid));
        }
    }
}

/// When writers of `path` left temporary files behind, removes those whose
/// process is gone, under the lock; does nothing (no lock, no directory
/// made) when there are none.
///
/// # Errors
/// `what PATH: cannot lock: reason`.
pub(crate) fn clean_up_after_killed_writers(path: &Path, what: &str) -> Result<(), String> {
    if temporaries_of_others(path).is_empty() {
        return Ok(());
    }
    with_lock(path, what, || Ok(()))
}

/// Runs `change` while holding an exclusive lock on `PATH.lock`, so that
/// processes sharing a file serialise their read-change-write cycles; first
/// removes what writers killed mid-write left behind.
///
/// # Errors
/// `what PATH: cannot lock: reason`, or the error of `change`.
pub(crate) fn with_lock<T>(
    path: &Path,
    what: &str,
    change: impl FnOnce() -> Result<T, String>,
) -> Result<T, String> {
    let mut lock_name = path.as_os_str().to_owned();
    lock_name.push(".lock");
    let fail = |e: std::io::Error| format!("{what} {}: cannot lock: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(fail)?;
    }
    let lock = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_name)
        .map_err(fail)?;
    lock.lock().map_err(fail)?;
    remove_stale_temporaries(path);
    let result = change();
    let _ = lock.unlock();
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Book {
        let mut a = BookEntry::new(7);
        a.games = 3;
        a.wins = 2;
        a.learn = -40;
        a.play_percent = Some(30);
        a.flags = EXCLUSIVE;
        let mut b = BookEntry::new(2);
        b.games = 1;
        b.losses = 1;
        b.eval = -12;
        Book::new(BoardKind::Mailbox, "capablanca", vec![a, b])
    }

    #[test]
    fn bytes_round_trip_and_merge() {
        let book = sample();
        assert_eq!(
            book.entries().iter().map(|e| e.key).collect::<Vec<_>>(),
            [2, 7]
        );
        let back = Book::from_bytes(&book.to_bytes()).unwrap();
        assert_eq!(back, book);
        assert_eq!(
            back.probe(7).map(|e| (e.learn, e.play_percent)),
            Some((-40, Some(30)))
        );
        assert_eq!(back.probe(3), None);
        let twice = Book::new(BoardKind::Bitboard, "normal", vec![BookEntry::new(5); 2]);
        assert_eq!(twice.entries().len(), 1);
    }

    #[test]
    fn corrupt_books_are_one_line_errors() {
        let bytes = sample().to_bytes();
        let n = bytes.len();
        assert_eq!(
            Book::from_bytes(&bytes[..n - 3]),
            Err(format!("truncated ({} bytes)", n - 3))
        );
        assert_eq!(
            Book::from_bytes(&bytes[..10]),
            Err("truncated (10 bytes)".into())
        );
        let mut flipped = bytes.clone();
        flipped[30] ^= 1;
        assert_eq!(
            Book::from_bytes(&flipped),
            Err("checksum mismatch (corrupt book)".into())
        );
        assert_eq!(
            Book::from_bytes(b"PK\x03\x04zip"),
            Err("not a Nightrider book".into())
        );
        let mut future = bytes;
        future[6] = 9;
        assert_eq!(
            Book::from_bytes(&future),
            Err("unsupported book version 9 (want 1)".into())
        );
    }

    #[test]
    fn save_is_atomic_and_load_reports_the_file() {
        let dir = std::env::temp_dir().join(format!("nr-book-file-{}", std::process::id()));
        let path = dir.join("sub/capablanca.nbk");
        sample().save(&path).unwrap();
        assert_eq!(Book::load(&path).unwrap(), sample());
        let leftovers = fs::read_dir(path.parent().unwrap()).unwrap().count();
        assert_eq!(leftovers, 1);
        fs::write(&path, b"NRBOOK").unwrap();
        assert_eq!(
            Book::load(&path),
            Err(format!("book {}: truncated (6 bytes)", path.display()))
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
