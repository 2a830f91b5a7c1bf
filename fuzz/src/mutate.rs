//! Mutations of valid inputs: a few stacked edits, each chosen from byte
//! edits (bit flips, interesting bytes, inserted or deleted runs), text
//! edits (lines deleted, repeated or swapped, numbers replaced by extreme
//! ones, words replaced by other words of the same file, Unicode and
//! Latin-1 inserted, the file cut short) and, for binary files, edits of
//! little-endian fields.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// Numbers at the edges of every integer type and beyond.
pub const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "7",
    "8",
    "9",
    "10",
    "16",
    "63",
    "64",
    "99",
    "100",
    "127",
    "128",
    "255",
    "256",
    "1000",
    "32767",
    "32768",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e308",
    "1e-9",
    "0.000001",
    "NaN",
    "inf",
    "-inf",
    "0x10",
    "+5",
    "1.5",
    "1:30",
    "::",
    "1:",
];

/// Text that is odd for a parser: Unicode of every width, direction marks,
/// replacement and byte-order characters, combining marks, full-width digits.
pub const ODD_TEXT: &[&str] = &[
    "é", "ß", "ä", "Ω", "♞", "♔", "中", "𝔸", "🐴", "\u{200b}", "\u{202e}", "\u{feff}", "\u{fffd}",
    "e\u{301}", "１", "ａ", "\u{a0}", "\u{2028}",
];

/// Single bytes that are not UTF-8 on their own (Latin-1 letters, stray
/// continuation bytes) or are control bytes.
pub const ODD_BYTES: &[u8] = &[
    0x00, 0x01, 0x07, 0x08, 0x09, 0x0b, 0x0c, 0x0d, 0x1b, 0x7f, 0x80, 0xa0, 0xbf, 0xc0, 0xe9, 0xf6,
    0xfc, 0xff,
];

/// A random character-level mutation of `data` (1 to `max_edits` edits).
/// `tokens` are words worth inserting (syntax of the format at hand).
pub fn text(rng: &mut StdRng, data: &[u8], tokens: &[&str], max_edits: usize) -> Vec<u8> {
    let mut out = data.to_vec();
    let words = words_of(data);
    let edits = rng.gen_range(1..=max_edits.max(1));
    for _ in 0..edits {
        let odd_byte = *ODD_BYTES.choose(rng).unwrap_or(&0);
        let odd_text = ODD_TEXT.choose(rng).unwrap_or(&"é").as_bytes();
        let token = tokens.choose(rng).unwrap_or(&"").as_bytes();
        match rng.gen_range(0..14) {
            0 => flip_bit(rng, &mut out),
            1 => set_byte(rng, &mut out, odd_byte),
            2 => insert(rng, &mut out, odd_text),
            3 => insert(rng, &mut out, token),
            4 => delete_run(rng, &mut out),
            5 => duplicate_run(rng, &mut out),
            6 => replace_number(rng, &mut out),
            7 => line_edit(rng, &mut out),
            8 => {
                let w = words.choose(rng).cloned().unwrap_or_default();
                replace_word(rng, &mut out, &w);
            }
            9 => {
                let n = NUMBERS.choose(rng).unwrap_or(&"0").as_bytes().to_vec();
                replace_word(rng, &mut out, &n);
            }
            10 => truncate(rng, &mut out),
            11 => {
                let bytes = random_bytes(rng);
                insert(rng, &mut out, &bytes);
            }
            12 => replace_word(rng, &mut out, odd_text),
            _ => insert(rng, &mut out, &[odd_byte]),
        }
    }
    out
}

/// A random mutation of a binary file (1 to `max_edits` edits).
pub fn binary(rng: &mut StdRng, data: &[u8], max_edits: usize) -> Vec<u8> {
    let mut out = data.to_vec();
    for _ in 0..rng.gen_range(1..=max_edits.max(1)) {
        let byte = *[0u8, 1, 0x7f, 0x80, 0xff].choose(rng).unwrap_or(&0);
        match rng.gen_range(0..9) {
            0 | 1 => flip_bit(rng, &mut out),
            2 => set_byte(rng, &mut out, byte),
            3 => set_field(rng, &mut out, 2),
            4 => set_field(rng, &mut out, 4),
            5 => set_field(rng, &mut out, 8),
            6 => truncate(rng, &mut out),
            7 => delete_run(rng, &mut out),
            _ => duplicate_run(rng, &mut out),
        }
    }
    out
}

/// Random bytes, 1 to 16 of them.
pub fn random_bytes(rng: &mut StdRng) -> Vec<u8> {
    let n = rng.gen_range(1..=16);
    (0..n).map(|_| rng.gen()).collect()
}

fn words_of(data: &[u8]) -> Vec<Vec<u8>> {
    let mut words: Vec<Vec<u8>> = data
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty() && w.len() < 64)
        .map(<[u8]>::to_vec)
        .collect();
    words.sort();
    words.dedup();
    words
}

fn spot(rng: &mut StdRng, out: &[u8]) -> usize {
    rng.gen_range(0..=out.len())
}

fn flip_bit(rng: &mut StdRng, out: &mut [u8]) {
    if !out.is_empty() {
        let i = rng.gen_range(0..out.len());
        out[i] ^= 1 << rng.gen_range(0..8);
    }
}

fn set_byte(rng: &mut StdRng, out: &mut [u8], byte: u8) {
    if !out.is_empty() {
        let i = rng.gen_range(0..out.len());
        out[i] = byte;
    }
}

fn insert(rng: &mut StdRng, out: &mut Vec<u8>, bytes: &[u8]) {
    let at = spot(rng, out);
    out.splice(at..at, bytes.iter().copied());
}

fn run_bounds(rng: &mut StdRng, out: &[u8]) -> Option<(usize, usize)> {
    if out.is_empty() {
        return None;
    }
    let start = rng.gen_range(0..out.len());
    let longest = (out.len() - start).min(if rng.gen_bool(0.8) { 16 } else { 4096 });
    Some((start, start + rng.gen_range(1..=longest)))
}

fn delete_run(rng: &mut StdRng, out: &mut Vec<u8>) {
    if let Some((a, b)) = run_bounds(rng, out) {
        out.drain(a..b);
    }
}

fn duplicate_run(rng: &mut StdRng, out: &mut Vec<u8>) {
    if let Some((a, b)) = run_bounds(rng, out) {
        let copy = out[a..b].to_vec();
        let at = spot(rng, out);
        out.splice(at..at, copy);
    }
}

fn truncate(rng: &mut StdRng, out: &mut Vec<u8>) {
    let at = spot(rng, out);
    out.truncate(at);
}

/// Replaces one run of digits by an extreme number.
fn replace_number(rng: &mut StdRng, out: &mut Vec<u8>) {
    let starts: Vec<usize> = (0..out.len())
        .filter(|&i| out[i].is_ascii_digit() && (i == 0 || !out[i - 1].is_ascii_digit()))
        .collect();
    let Some(&start) = starts.choose(rng) else {
        return;
    };
    let end = (start..out.len())
        .find(|&i| !out[i].is_ascii_digit())
        .unwrap_or(out.len());
    let number = NUMBERS.choose(rng).unwrap_or(&"0").as_bytes();
    out.splice(start..end, number.iter().copied());
}

/// Replaces one whitespace-separated word by `with`.
fn replace_word(rng: &mut StdRng, out: &mut Vec<u8>, with: &[u8]) {
    let starts: Vec<usize> = (0..out.len())
        .filter(|&i| !out[i].is_ascii_whitespace() && (i == 0 || out[i - 1].is_ascii_whitespace()))
        .collect();
    let Some(&start) = starts.choose(rng) else {
        return;
    };
    let end = (start..out.len())
        .find(|&i| out[i].is_ascii_whitespace())
        .unwrap_or(out.len());
    out.splice(start..end, with.iter().copied());
}

/// Deletes, repeats, swaps or moves whole lines.
fn line_edit(rng: &mut StdRng, out: &mut Vec<u8>) {
    let mut lines: Vec<Vec<u8>> = out.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    if lines.is_empty() {
        return;
    }
    let i = rng.gen_range(0..lines.len());
    let j = rng.gen_range(0..lines.len());
    match rng.gen_range(0..4) {
        0 => {
            lines.remove(i);
        }
        1 => {
            let copy = lines[i].clone();
            lines.insert(j, copy);
        }
        2 => lines.swap(i, j),
        _ => {
            let line = lines.remove(i);
            lines.insert(j.min(lines.len()), line);
        }
    }
    *out = lines.join(&b'\n');
}

/// Writes an extreme value into a little-endian field of `width` bytes.
fn set_field(rng: &mut StdRng, out: &mut [u8], width: usize) {
    if out.len() < width {
        return;
    }
    let at = rng.gen_range(0..=out.len() - width);
    let value: u64 = *[
        0,
        1,
        u64::MAX,
        0x7fff,
        0x8000,
        0xffff,
        0x7fff_ffff,
        0xffff_ffff,
        65_537,
    ]
    .choose(rng)
    .unwrap_or(&0);
    out[at..at + width].copy_from_slice(&value.to_le_bytes()[..width]);
}

/// FNV-1a 64, the checksum of the book and learn files.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Rewrites the last 8 bytes as the checksum of the rest, so a mutation
/// reaches the parser behind the checksum test.
pub fn fix_checksum(out: &mut [u8]) {
    if out.len() >= 8 {
        let body = out.len() - 8;
        let sum = fnv1a(&out[..body]);
        out[body..].copy_from_slice(&sum.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn mutations_are_reproducible_from_the_seed() {
        let input = b"[Event \"x\"]\n1. e4 e5 2. Nf3 1-0\n";
        let a = text(&mut StdRng::seed_from_u64(7), input, &["{"], 6);
        let b = text(&mut StdRng::seed_from_u64(7), input, &["{"], 6);
        assert_eq!(a, b);
        let changed = (0..50)
            .filter(|&s| text(&mut StdRng::seed_from_u64(s), input, &["{"], 6) != input)
            .count();
        assert!(changed > 40, "{changed}");
    }

    #[test]
    fn a_fixed_checksum_covers_the_body() {
        let mut file = b"NRLEARNbody12345678".to_vec();
        fix_checksum(&mut file);
        let body = file.len() - 8;
        assert_eq!(file[body..], fnv1a(&file[..body]).to_le_bytes());
    }
}
