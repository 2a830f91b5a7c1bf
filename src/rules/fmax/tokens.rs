//! The token grammar of fmax.ini (nom): board size `WxH[=N]`, piece header
//! `L:V`, ray `STEP,HEXMODE[,STEP2]` and the `Game:` header, plus the
//! diagnoses that say what is wrong with a token that does not parse.

use nom::bytes::complete::tag;
use nom::character::complete::{anychar, char, digit1, hex_digit1, one_of, space0, space1};
use nom::combinator::{all_consuming, map_res, opt, recognize, rest, verify};
use nom::sequence::{pair, preceded, tuple};
use nom::IResult;

use crate::rules::Ray;

/// A whitespace-separated word of the file with its 1-based line.
#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    /// The text.
    pub text: &'a str,
    /// 1-based line number.
    pub line: usize,
}

/// A parsed board-size token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    /// Files as written.
    pub width: u64,
    /// Ranks as written.
    pub height: u64,
    /// The `=N` zone (0 when absent).
    pub zone: i64,
}

/// The fields of a `Game:` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header<'a> {
    /// The name (first word after `Game:`), `None` when missing.
    pub name: Option<&'a str>,
    /// The word after the first `#`.
    pub piece_to_char: Option<&'a str>,
    /// The word after the second `#`.
    pub parent: Option<&'a str>,
    /// Whatever text follows and is ignored.
    pub trailing: &'a str,
}

fn decimal(i: &str) -> IResult<&str, i64> {
    map_res(
        recognize(pair(opt(one_of("+-")), digit1)),
        str::parse::<i64>,
    )(i)
}

fn hex_word(i: &str) -> IResult<&str, u32> {
    map_res(hex_digit1, |s| u32::from_str_radix(s, 16))(i)
}

fn word(i: &str) -> IResult<&str, &str> {
    nom::bytes::complete::take_till1(char::is_whitespace)(i)
}

/// A whole token that is a (signed) decimal integer.
#[must_use]
pub fn integer(text: &str) -> Option<i64> {
    all_consuming(decimal)(text).ok().map(|(_, n)| n)
}

/// `WxH` or `WxH=N`.
#[must_use]
pub fn board_size(text: &str) -> Option<BoardSize> {
    let digits = map_res(digit1, str::parse::<u64>);
    let digits2 = map_res(digit1, str::parse::<u64>);
    let parsed = all_consuming(tuple((
        digits,
        one_of("xX"),
        digits2,
        opt(preceded(char('='), decimal)),
    )))(text);
    parsed.ok().map(|(_, (width, _, height, zone))| BoardSize {
        width,
        height,
        zone: zone.unwrap_or(0),
    })
}

/// `L:V` with a non-digit letter and a decimal value: `(letter, value)`.
#[must_use]
pub fn piece_header(text: &str) -> Option<(char, i64)> {
    let letter = verify(anychar, |c: &char| {
        !c.is_ascii_digit() && !c.is_whitespace()
    });
    all_consuming(tuple((letter, char(':'), decimal)))(text)
        .ok()
        .map(|(_, (l, _, v))| (l, v))
}

/// `L:` followed by anything: the token is meant as a piece header.
#[must_use]
pub fn looks_like_piece_header(text: &str) -> bool {
    let mut chars = text.chars();
    matches!((chars.next(), chars.next()), (Some(l), Some(':')) if !l.is_ascii_digit())
}

/// `STEP,MODE[,STEP2]` with decimal steps and a hex mode (32 bits, stored
/// as `i32`); STEP2 is folded into the toggle bits.
#[must_use]
pub fn ray(text: &str) -> Option<Ray> {
    let parsed = all_consuming(tuple((
        decimal,
        char(','),
        hex_word,
        opt(preceded(char(','), decimal)),
    )))(text);
    let (_, (step, _, mode, step2)) = parsed.ok()?;
    let step = i32::try_from(step).ok()?;
    let step2 = match step2 {
        Some(s) => Some(i32::try_from(s).ok()?),
        None => None,
    };
    Some(Ray::new(step, mode as i32, step2))
}

/// The Betza text of a `betza=TEXT` token (Nightrider's extension: a piece
/// given in Betza notation, white's point of view).
#[must_use]
pub fn betza_text(text: &str) -> Option<&str> {
    text.strip_prefix("betza=")
}

/// Why `text` is not a ray, in words (for a token that failed [`ray`]).
#[must_use]
pub fn ray_problem(text: &str) -> String {
    let parts: Vec<&str> = text.split(',').collect();
    let expected = "expected STEP,MODE[,STEP2] (decimal step, hexadecimal mode)";
    if parts.len() < 2 {
        return format!("bad ray `{text}`: missing comma, {expected}");
    }
    if parts.len() > 3 {
        return format!("bad ray `{text}`: too many commas, {expected}");
    }
    let fits = |s: &str| integer(s).is_some_and(|n| i32::try_from(n).is_ok());
    if integer(parts[0]).is_none() {
        return format!(
            "bad ray `{text}`: step `{}` is not a decimal number, {expected}",
            parts[0]
        );
    }
    if !fits(parts[0]) {
        return format!("bad ray `{text}`: step `{}` is out of range", parts[0]);
    }
    if all_consuming(hex_digit1::<&str, ()>)(parts[1]).is_err() {
        return format!(
            "bad ray `{text}`: mode `{}` is not a hexadecimal number, {expected}",
            parts[1]
        );
    }
    if u32::from_str_radix(parts[1], 16).is_err() {
        return format!(
            "bad ray `{text}`: mode `{}` does not fit in 32 bits",
            parts[1]
        );
    }
    match parts.get(2) {
        Some(s2) if integer(s2).is_none() => {
            format!("bad ray `{text}`: second step `{s2}` is not a decimal number, {expected}")
        }
        Some(s2) if !fits(s2) => format!("bad ray `{text}`: second step `{s2}` is out of range"),
        _ => format!("bad ray `{text}`: {expected}"),
    }
}

/// Parses the text after `Game:` (the caller checked the prefix).
#[must_use]
pub fn game_header(after_colon: &str) -> Header<'_> {
    let hash_word = |i| preceded(pair(char('#'), space0), word)(i);
    let parsed: IResult<&str, _> = tuple((
        space0,
        opt(word),
        opt(preceded(space1, hash_word)),
        opt(preceded(space0, hash_word)),
        space0,
        rest,
    ))(after_colon);
    match parsed {
        Ok((_, (_, name, ptc, parent, _, trailing))) => {
            let (ptc, parent) = if ptc.is_none() {
                (None, None)
            } else {
                (ptc, parent)
            };
            Header {
                name,
                piece_to_char: ptc,
                parent,
                trailing,
            }
        }
        Err(_) => Header {
            name: None,
            piece_to_char: None,
            parent: None,
            trailing: after_colon,
        },
    }
}

/// The version line Fairy-Max requires as the start of the file.
pub const VERSION_LINE: &str = "version 4.8(w)";

/// True if `line` starts with the required version text.
#[must_use]
pub fn is_version_line(line: &str) -> bool {
    tag::<&str, &str, ()>(VERSION_LINE)(line).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_and_without_zone() {
        assert_eq!(
            board_size("8x8"),
            Some(BoardSize {
                width: 8,
                height: 8,
                zone: 0
            })
        );
        assert_eq!(
            board_size("12x12=-3"),
            Some(BoardSize {
                width: 12,
                height: 12,
                zone: -3
            })
        );
        assert_eq!(
            board_size("8x8=3"),
            Some(BoardSize {
                width: 8,
                height: 8,
                zone: 3
            })
        );
        assert_eq!(board_size("8x"), None);
        assert_eq!(board_size("8x8="), None);
    }

    #[test]
    fn rays_fold_step2_and_read_hex_as_signed() {
        assert_eq!(ray("1,34,2"), Some(Ray::new(1, 0x3034, None)));
        assert_eq!(ray("-1,34,-2"), Some(Ray::new(-1, 0x1034, None)));
        assert_eq!(
            ray("1,FFFF0070").map(|r| r.mode),
            Some(0xFFFF_0070_u32 as i32)
        );
        assert_eq!(ray("16,1g"), None);
        assert!(ray_problem("16,1g").contains("not a hexadecimal number"));
        assert!(ray_problem("163").contains("missing comma"));
        assert!(ray_problem("1,123456789").contains("does not fit in 32 bits"));
    }

    #[test]
    fn headers_split_into_name_table_and_parent() {
        let h = game_header(" cambodian # PN.R.M....SKpn.r.m....sk # makruk");
        assert_eq!(h.name, Some("cambodian"));
        assert_eq!(h.piece_to_char, Some("PN.R.M....SKpn.r.m....sk"));
        assert_eq!(h.parent, Some("makruk"));
        let h = game_header("fairy/X #PNBR");
        assert_eq!(
            (h.name, h.piece_to_char, h.parent),
            (Some("fairy/X"), Some("PNBR"), None)
        );
        assert_eq!(game_header("  ").name, None);
        assert_eq!(piece_header("k:-1"), Some(('k', -1)));
        assert_eq!(piece_header("1:5"), None);
        assert!(looks_like_piece_header("p:abc"));
    }
}
