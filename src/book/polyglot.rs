//! Polyglot `.bin` books on the orthodox board.
//!
//! A file is a sequence of 16-byte big-endian entries sorted by key: key
//! (u64, the Polyglot hash, which [`BitboardPos::polyglot_key`] computes),
//! move (u16: to-file, to-row, from-file, from-row in 3 bits each, then the
//! promotion piece 1-4 = n, b, r, q), weight (u16) and learn (u32). Castling
//! is written as the king taking its own rook (`e1h1`), which the board's
//! move parser understands. Entries whose move is not legal are ignored.

use crate::bitboard::{BitboardPos, Move};
use rand::rngs::StdRng;
use rand::Rng;
use std::path::Path;

/// One entry of a Polyglot book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolyglotEntry {
    /// Polyglot hash of the position.
    pub key: u64,
    /// The packed move.
    pub mv: u16,
    /// Relative weight of the move.
    pub weight: u16,
    /// Learn field (unused by the choice).
    pub learn: u32,
}

impl PolyglotEntry {
    /// The 16 bytes of the entry as stored.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; 16] {
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&self.key.to_be_bytes());
        out[8..10].copy_from_slice(&self.mv.to_be_bytes());
        out[10..12].copy_from_slice(&self.weight.to_be_bytes());
        out[12..].copy_from_slice(&self.learn.to_be_bytes());
        out
    }

    fn from_chunk(b: &[u8]) -> PolyglotEntry {
        let mut key = [0u8; 8];
        key.copy_from_slice(&b[..8]);
        PolyglotEntry {
            key: u64::from_be_bytes(key),
            mv: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes([b[12], b[13], b[14], b[15]]),
        }
    }
}

/// Packs a coordinate move (`e2e4`, `e7e8q`, castling as `e1h1`) in
/// Polyglot's 16 bits; `None` when the text is not such a move.
#[must_use]
pub fn encode_move(text: &str) -> Option<u16> {
    let b = text.as_bytes();
    if !(4..=5).contains(&b.len()) {
        return None;
    }
    let coord = |f: u8, r: u8| -> Option<u16> {
        ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r))
            .then(|| u16::from(f - b'a') | u16::from(r - b'1') << 3)
    };
    let from = coord(b[0], b[1])?;
    let to = coord(b[2], b[3])?;
    let promo = match b.get(4) {
        None => 0,
        Some(c) => 1 + u16::try_from("nbrq".find(char::from(*c))?).ok()?,
    };
    Some(to | from << 6 | promo << 12)
}

/// The coordinate text of a Polyglot move (`e1h1` for castling).
#[must_use]
pub fn move_text(raw: u16) -> String {
    let square = |bits: u16| {
        let file = char::from(b'a' + (bits & 7) as u8);
        let rank = char::from(b'1' + (bits >> 3 & 7) as u8);
        format!("{file}{rank}")
    };
    let mut text = square(raw >> 6 & 63) + &square(raw & 63);
    if let Some(p) = ["", "n", "b", "r", "q"].get(usize::from(raw >> 12 & 7)) {
        text.push_str(p);
    }
    text
}

/// A loaded Polyglot book.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolyglotBook {
    entries: Vec<PolyglotEntry>,
}

impl PolyglotBook {
    /// A book from entries (sorted here by key).
    #[must_use]
    pub fn new(mut entries: Vec<PolyglotEntry>) -> PolyglotBook {
        entries.sort_by_key(|e| e.key);
        PolyglotBook { entries }
    }

    /// The file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.entries
            .iter()
            .flat_map(PolyglotEntry::to_bytes)
            .collect()
    }

    /// Reads a book from its bytes.
    ///
    /// # Errors
    /// One line when the length is not a whole number of entries or the keys
    /// are not sorted.
    pub fn from_bytes(bytes: &[u8]) -> Result<PolyglotBook, String> {
        if !bytes.len().is_multiple_of(16) {
            return Err(format!(
                "truncated ({} bytes is not a whole number of 16-byte entries)",
                bytes.len()
            ));
        }
        let entries: Vec<PolyglotEntry> = bytes
            .chunks_exact(16)
            .map(PolyglotEntry::from_chunk)
            .collect();
        if entries.windows(2).any(|w| w[0].key > w[1].key) {
            return Err("keys are not sorted (not a Polyglot book?)".into());
        }
        Ok(PolyglotBook { entries })
    }

    /// Loads a `.bin` file.
    ///
    /// # Errors
    /// `book FILE: reason` in one line.
    pub fn load(path: &Path) -> Result<PolyglotBook, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("book {}: {e}", path.display()))?;
        PolyglotBook::from_bytes(&bytes).map_err(|e| format!("book {}: {e}", path.display()))
    }

    /// The entries stored for `key`.
    #[must_use]
    pub fn entries_for(&self, key: u64) -> &[PolyglotEntry] {
        let start = self.entries.partition_point(|e| e.key < key);
        let end = self.entries.partition_point(|e| e.key <= key);
        &self.entries[start..end]
    }

    /// The legal book moves of `pos` with their weights and learn fields.
    #[must_use]
    pub fn probe(&self, pos: &BitboardPos) -> Vec<(Move, u16, u32)> {
        self.entries_for(pos.polyglot_key())
            .iter()
            .filter_map(|e| {
                let m = pos.parse_move_text(&move_text(e.mv)).ok()?;
                Some((m, e.weight, e.learn))
            })
            .collect()
    }

    /// A book move drawn in proportion to the weights (uniformly when all
    /// are 0); `None` out of book.
    pub fn choose(&self, pos: &BitboardPos, rng: &mut StdRng) -> Option<Move> {
        let moves = self.probe(pos);
        let total: u32 = moves.iter().map(|&(_, w, _)| u32::from(w)).sum();
        if total == 0 {
            return (!moves.is_empty()).then(|| moves[rng.gen_range(0..moves.len())].0);
        }
        let mut x = rng.gen_range(0..total);
        for &(m, w, _) in &moves {
            if x < u32::from(w) {
                return Some(m);
            }
            x -= u32::from(w);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use rand::SeedableRng;

    const START: u64 = 0x463b_9618_1691_fc9c;
    const AFTER_E4: u64 = 0x823c_9b50_fd11_4196;

    fn entry(key: u64, text: &str, weight: u16) -> PolyglotEntry {
        PolyglotEntry {
            key,
            mv: encode_move(text).unwrap(),
            weight,
            learn: 0,
        }
    }

    fn castle_position() -> BitboardPos {
        let fen = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        BitboardPos::from_fen(fen, false).unwrap()
    }

    fn sample() -> PolyglotBook {
        let castle_key = castle_position().polyglot_key();
        PolyglotBook::new(vec![
            entry(AFTER_E4, "c7c5", 5),
            entry(START, "e2e4", 30),
            entry(castle_key, "e1h1", 7),
            entry(START, "d2d4", 10),
            entry(START, "e2e5", 99),
        ])
    }

    #[test]
    fn published_keys_and_move_packing() {
        let mut pos = BitboardPos::startpos();
        assert_eq!(pos.polyglot_key(), START);
        let e4 = pos.parse_move("e2e4").unwrap();
        pos.make(e4);
        assert_eq!(pos.polyglot_key(), AFTER_E4);
        assert_eq!(encode_move("e2e4"), Some(0x031c));
        assert_eq!(move_text(0x031c), "e2e4");
        assert_eq!(move_text(encode_move("a7a8q").unwrap()), "a7a8q");
        assert_eq!(encode_move("e2e9"), None);
    }

    #[test]
    fn probe_reads_the_file_and_decodes_castling() {
        let book = PolyglotBook::from_bytes(&sample().to_bytes()).unwrap();
        let pos = BitboardPos::startpos();
        let found: Vec<(String, u16)> = book
            .probe(&pos)
            .into_iter()
            .map(|(m, w, _)| (pos.move_to_string(m), w))
            .collect();
        assert_eq!(found, [("e2e4".to_string(), 30), ("d2d4".to_string(), 10)]);
        let castle = castle_position();
        let moves = book.probe(&castle);
        assert_eq!(moves.len(), 1);
        assert!(moves[0].0.is_castle());
        assert_eq!(castle.move_to_string(moves[0].0), "e1g1");
    }

    #[test]
    fn weighted_choice_follows_the_weights() {
        let book = sample();
        let pos = BitboardPos::startpos();
        let mut rng = StdRng::seed_from_u64(9);
        let e4 = pos.parse_move_text("e2e4").unwrap();
        let hits = (0..4000)
            .filter(|_| book.choose(&pos, &mut rng) == Some(e4))
            .count();
        assert!((2850..3150).contains(&hits), "{hits}");
        let empty = BitboardPos::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false).unwrap();
        assert_eq!(book.choose(&empty, &mut rng), None);
    }

    #[test]
    fn damaged_files_are_refused_in_one_line() {
        let bytes = sample().to_bytes();
        assert_eq!(
            PolyglotBook::from_bytes(&bytes[..20]),
            Err("truncated (20 bytes is not a whole number of 16-byte entries)".into())
        );
        let swapped: Vec<u8> = bytes.chunks(16).rev().flatten().copied().collect();
        assert_eq!(
            PolyglotBook::from_bytes(&swapped),
            Err("keys are not sorted (not a Polyglot book?)".into())
        );
    }
}
