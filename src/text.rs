//! Reading the text files people write: PGN, EPD, fmax.ini and the
//! `variants/` overlays.
//!
//! Old PGN collections and hand-edited files are often Latin-1 (or
//! CP-1252), not UTF-8, so [`decode`] never fails: valid UTF-8 is taken as
//! it is, anything else byte by byte as Latin-1 (one byte, one character,
//! so a single stray byte costs one odd letter instead of the whole file).
//! A leading byte-order mark is dropped. [`binary_at`] tells a binary file
//! (given by mistake as a configuration file) from text, and [`printable`]
//! escapes what a program echoes back to a screen. [`each_line`] reads
//! the lines of a stream a front end is given (stdin). Depends only on
//! `std`; any layer may use it.

use std::io::BufRead;
use std::path::Path;

/// The text of `bytes`: UTF-8 if they are valid UTF-8, else Latin-1; a
/// leading byte-order mark is dropped.
#[must_use]
pub fn decode(bytes: Vec<u8>) -> String {
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    }
}

/// Reads a text file with [`decode`].
///
/// # Errors
/// The OS error when the file cannot be read.
pub fn read(path: impl AsRef<Path>) -> std::io::Result<String> {
    std::fs::read(path).map(decode)
}

/// Calls `line` with each line of `input`, its line break kept, until
/// the end of input, a read error, or `line` answering false. A line that
/// is not UTF-8 has each bad sequence replaced by U+FFFD: a protocol or
/// console line is typed or sent by a program, not a file in an old code
/// page, so an odd byte is garbage to be answered, never a reason to stop.
/// Returns false when `line` asked to stop, true at the end of input.
pub fn each_line(mut input: impl BufRead, mut line: impl FnMut(&str) -> bool) -> bool {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return true,
            Ok(_) => {
                if !line(&String::from_utf8_lossy(&buf)) {
                    return false;
                }
            }
        }
    }
}

/// A byte no text file holds, where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BinaryByte {
    /// 1-based line of the byte.
    pub line: usize,
    /// The byte.
    pub byte: u8,
}

impl std::fmt::Display for BinaryByte {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a text file (control byte 0x{:02x})", self.byte)
    }
}

/// The first control byte of `bytes` other than tab, line feed, form feed
/// and carriage return (NUL, DEL, escape...): text files have none, binary
/// files almost always have some near the start.
#[must_use]
pub fn binary_at(bytes: &[u8]) -> Option<BinaryByte> {
    let text_control = |b: u8| matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r');
    let at = bytes
        .iter()
        .position(|&b| (b < 0x20 || b == 0x7f) && !text_control(b))?;
    let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    Some(BinaryByte {
        line,
        byte: bytes[at],
    })
}

/// `text` with every control character but the tab written as `\xHH`, so
/// that input echoed back (`Error (unknown command): ...`, `Illegal move`,
/// `pong`) can never put a NUL, an escape sequence or a line break on the
/// GUI's or the terminal's screen.
#[must_use]
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let escaped = |c: char| c.is_control() && c != '\t';
    if !text.chars().any(escaped) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            out.push_str(&format!("\\x{:02x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_bytes_decode_as_letters_instead_of_failing() {
        assert_eq!(decode(b"R\xe9ti 1-0".to_vec()), "Réti 1-0");
        assert_eq!(decode("Réti".as_bytes().to_vec()), "Réti");
        assert_eq!(
            decode(b"\xef\xbb\xbf[Event \"x\"]".to_vec()),
            "[Event \"x\"]"
        );
        assert_eq!(decode(Vec::new()), "");
    }

    #[test]
    fn binary_files_are_told_from_text_with_the_line_of_the_first_bad_byte() {
        assert_eq!(binary_at(b"version 4.8(w)\r\n\tGame: x\x0c\n"), None);
        assert_eq!(binary_at("é ü".as_bytes()), None);
        assert_eq!(
            binary_at(b"\x7fELF\x02\x01"),
            Some(BinaryByte {
                line: 1,
                byte: 0x7f
            })
        );
        let found = binary_at(b"a\nb\n\nc\x00d");
        assert_eq!(found, Some(BinaryByte { line: 4, byte: 0 }));
        assert_eq!(
            found.map(|b| b.to_string()),
            Some("not a text file (control byte 0x00)".into())
        );
    }

    #[test]
    fn each_line_keeps_breaks_replaces_bad_bytes_and_stops_when_asked() {
        let mut seen = Vec::new();
        let input: &[u8] = b"uci\r\nbad \xff\n\nlast";
        let ended = each_line(input, |line| {
            seen.push(line.to_string());
            true
        });
        assert!(ended);
        assert_eq!(seen, ["uci\r\n", "bad \u{fffd}\n", "\n", "last"]);
        let mut count = 0;
        let ended = each_line(input, |_| {
            count += 1;
            count < 2
        });
        assert!(!ended);
        assert_eq!(count, 2);
    }
}
