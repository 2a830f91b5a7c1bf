//! The framing shared by Nightrider's binary files (books and learn files):
//! magic, version (u16), board (u8), the format's own header bytes, variant
//! name (u16 length + UTF-8), entry count (u32), the entries, then an FNV-1a
//! 64 checksum of everything before it. All little-endian. Each file kind
//! is a [`Format`]; reading gives a [`Header`] and the caller decodes its
//! own entries.

use super::file::BoardKind;

/// One binary file format.
pub(crate) struct Format {
    /// The bytes the file starts with.
    pub magic: &'static [u8],
    /// The version written (and the newest understood).
    pub version: u16,
    /// The oldest version still read.
    pub oldest: u16,
    /// Header bytes of this format between the board and the name.
    pub extra: usize,
    /// The file kind in messages (`book`, `learn file`).
    pub what: &'static str,
}

/// What a file's header says.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Header<'a> {
    /// The format version the file was written in.
    pub version: u16,
    /// The board byte (see [`board_kind`]).
    pub board: u8,
    /// The format's own header bytes ([`Format::extra`] of them).
    pub extra: &'a [u8],
    /// The variant name.
    pub variant: String,
    /// Entries that follow.
    pub count: usize,
    /// Where the entries begin.
    pub body: usize,
}

impl Format {
    /// Appends the header: magic, version, board, `extra`, the variant name
    /// and `count`.
    pub(crate) fn push_header(
        &self,
        out: &mut Vec<u8>,
        board: BoardKind,
        extra: &[u8],
        variant: &str,
        count: u32,
    ) {
        out.extend_from_slice(self.magic);
        out.extend_from_slice(&self.version.to_le_bytes());
        out.push(board as u8);
        out.extend_from_slice(extra);
        push_name(out, variant);
        out.extend_from_slice(&count.to_le_bytes());
    }

    /// Reads the header of `bytes`.
    ///
    /// # Errors
    /// One line: not this kind of file, unsupported version, truncated.
    pub(crate) fn read_header<'a>(&self, bytes: &'a [u8]) -> Result<Header<'a>, String> {
        if !bytes.starts_with(self.magic) {
            return Err(format!("not a Nightrider {}", self.what));
        }
        let truncated = || format!("truncated ({} bytes)", bytes.len());
        let at = self.magic.len();
        let version = bytes.get(at..at + 2).ok_or_else(truncated)?;
        let version = u16::from_le_bytes([version[0], version[1]]);
        if !(self.oldest..=self.version).contains(&version) {
            let want = if self.oldest == self.version {
                self.version.to_string()
            } else {
                format!("{} to {}", self.oldest, self.version)
            };
            return Err(format!(
                "unsupported {} version {version} (want {want})",
                self.what
            ));
        }
        let name_at = at + 2 + 1 + self.extra + 2;
        let head = bytes.get(at + 2..name_at).ok_or_else(truncated)?;
        let name_end = name_at
            + usize::from(u16::from_le_bytes([
                head[1 + self.extra],
                head[2 + self.extra],
            ]));
        let name = bytes.get(name_at..name_end).ok_or_else(truncated)?;
        let count = bytes.get(name_end..name_end + 4).ok_or_else(truncated)?;
        let count = u32::from_le_bytes([count[0], count[1], count[2], count[3]]);
        Ok(Header {
            version,
            board: head[0],
            extra: &head[1..=self.extra],
            variant: String::from_utf8_lossy(name).into_owned(),
            count: usize::try_from(count).unwrap_or(usize::MAX),
            body: name_end + 4,
        })
    }

    /// Checks that `bytes` is a body of `body_end` bytes followed by its
    /// checksum.
    ///
    /// # Errors
    /// `truncated (N bytes)` or `checksum mismatch (corrupt WHAT)`.
    pub(crate) fn check_trailer(&self, bytes: &[u8], body_end: usize) -> Result<(), String> {
        if bytes.len() != body_end.saturating_add(8) {
            return Err(format!("truncated ({} bytes)", bytes.len()));
        }
        let mut stored = [0u8; 8];
        stored.copy_from_slice(&bytes[body_end..]);
        if checksum(&bytes[..body_end]) == u64::from_le_bytes(stored) {
            Ok(())
        } else {
            Err(format!("checksum mismatch (corrupt {})", self.what))
        }
    }
}

/// FNV-1a, 64 bits: the checksum of book and learn files.
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Appends a name as its 16-bit length and bytes (cut at 65,535 bytes).
fn push_name(out: &mut Vec<u8>, name: &str) {
    let name = name.as_bytes();
    let len = u16::try_from(name.len()).unwrap_or(u16::MAX);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&name[..usize::from(len)]);
}

/// Appends the checksum of everything before it: the files' last 8 bytes.
pub(crate) fn push_checksum(out: &mut Vec<u8>) {
    let sum = checksum(out);
    out.extend_from_slice(&sum.to_le_bytes());
}

/// The board kind stored as a byte.
///
/// # Errors
/// `unknown board kind N`.
pub(crate) fn board_kind(byte: u8) -> Result<BoardKind, String> {
    match byte {
        1 => Ok(BoardKind::Bitboard),
        2 => Ok(BoardKind::Mailbox),
        b => Err(format!("unknown board kind {b}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: Format = Format {
        magic: b"NRTEST",
        version: 3,
        oldest: 3,
        extra: 1,
        what: "test file",
    };

    #[test]
    fn a_header_reads_back_as_written() {
        let mut out = Vec::new();
        TEST.push_header(&mut out, BoardKind::Mailbox, &[7], "capablanca", 2);
        let body = out.len();
        out.extend_from_slice(&[0; 4]);
        push_checksum(&mut out);
        let header = TEST.read_header(&out).unwrap();
        assert_eq!(
            header,
            Header {
                version: 3,
                board: 2,
                extra: &[7],
                variant: "capablanca".into(),
                count: 2,
                body,
            }
        );
        assert_eq!(TEST.check_trailer(&out, body + 4), Ok(()));
        let mut bad = out.clone();
        bad[body] = 1;
        assert_eq!(
            TEST.check_trailer(&bad, body + 4),
            Err("checksum mismatch (corrupt test file)".into())
        );
    }

    #[test]
    fn a_broken_header_is_one_line() {
        assert_eq!(
            TEST.read_header(b"NRBOOK\x01\x00"),
            Err("not a Nightrider test file".into())
        );
        assert_eq!(
            TEST.read_header(b"NRTEST\x01\x00\x01\x00\x00\x00"),
            Err("unsupported test file version 1 (want 3)".into())
        );
        assert_eq!(
            TEST.read_header(b"NRTEST\x03\x00\x01\x00\x09\x00ab"),
            Err("truncated (14 bytes)".into())
        );
        assert_eq!(
            TEST.read_header(b"NRTEST\x03"),
            Err("truncated (7 bytes)".into())
        );
        assert_eq!(board_kind(3), Err("unknown board kind 3".into()));
    }
}
