//! Value syntax of the overlay keys that describe board rules (`start`,
//! `zone.NAME`, `confine`, `zone_promotion`, `flying_general`,
//! `royal_leap_out_of_check`, `royal_leap_lost_on_line`; see
//! `variants/README.md`). Only the text is checked here; whether squares fit
//! the board and pieces exist is checked when the variant is built
//! ([`super::zones`]).

/// Items of a list value: separated by white space or commas.
fn items(value: &str) -> impl Iterator<Item = &str> {
    value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
}

/// `start = FEN`: a placement with `/` between ranks, then optional fields.
///
/// # Errors
/// An empty value or one without ranks.
pub fn parse_start(value: &str) -> Result<String, String> {
    let placement = value.split_whitespace().next().unwrap_or("");
    if !placement.contains('/') {
        return Err(format!(
            "start = `{value}`: expected a FEN, e.g. `start = rnbakabnr/9/... w - - 0 1`"
        ));
    }
    Ok(value.trim().to_string())
}

/// One square name (`a1`, `p16`) as 0-based (file, rank).
fn parse_square(text: &str) -> Option<(u8, u8)> {
    let mut chars = text.chars();
    let file = chars.next()?;
    if !('a'..='p').contains(&file) {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let rank: u8 = digits.parse().ok()?;
    (1..=16)
        .contains(&rank)
        .then(|| (file as u8 - b'a', rank - 1))
}

/// `zone.NAME = d1-f3 e5`: squares and rectangles (two corners joined by
/// `-`), as 0-based (file, rank) from white's side, in reading order.
///
/// # Errors
/// A bad square name or an empty list.
pub fn parse_squares(value: &str) -> Result<Vec<(u8, u8)>, String> {
    let mut out = Vec::new();
    for item in items(value) {
        let (a, b) = item.split_once('-').unwrap_or((item, item));
        let bad =
            || format!("square `{item}`: expected a square like `d1` or a rectangle like `d1-f3`");
        let (fa, ra) = parse_square(a).ok_or_else(bad)?;
        let (fb, rb) = parse_square(b).ok_or_else(bad)?;
        for rank in ra.min(rb)..=ra.max(rb) {
            for file in fa.min(fb)..=fa.max(fb) {
                if !out.contains(&(file, rank)) {
                    out.push((file, rank));
                }
            }
        }
    }
    if out.is_empty() {
        return Err("a zone needs at least one square, e.g. `zone.palace = d1-f3`".into());
    }
    Ok(out)
}

/// A piece token: a letter or a piece number of fmax.ini (1-15).
fn check_piece(token: &str) -> Result<(), String> {
    let letter = token.len() == 1 && token.chars().all(|c| c.is_ascii_alphabetic());
    let number = token.parse::<u8>().is_ok_and(|n| (1..=15).contains(&n));
    if letter || number {
        Ok(())
    } else {
        Err(format!(
            "piece `{token}`: expected a letter or an fmax.ini piece number (1-15)"
        ))
    }
}

/// Splits a piece list like `KA` or `3+4` into tokens (numbers joined by `+`).
fn piece_tokens(text: &str) -> Result<Vec<String>, String> {
    let tokens: Vec<String> = if text.chars().all(|c| c.is_ascii_alphabetic()) {
        text.chars().map(String::from).collect()
    } else {
        text.split('+').map(str::to_string).collect()
    };
    for t in &tokens {
        check_piece(t)?;
    }
    Ok(tokens)
}

/// `confine = KA:palace B:half`: pieces and the zone they stay in.
///
/// # Errors
/// An item without `:`, a bad piece token or an empty list.
pub fn parse_confine(value: &str) -> Result<Vec<(Vec<String>, String)>, String> {
    let mut out = Vec::new();
    for item in items(value) {
        let (pieces, zone) = item
            .split_once(':')
            .filter(|(p, z)| !p.is_empty() && !z.is_empty())
            .ok_or_else(|| {
                format!("confine item `{item}`: expected PIECES:ZONE, e.g. `KA:palace`")
            })?;
        out.push((piece_tokens(pieces)?, zone.to_string()));
    }
    if out.is_empty() {
        return Err("confine: expected PIECES:ZONE items, e.g. `KA:palace`".into());
    }
    Ok(out)
}

/// `piece_promotion = P:T B:H`: piece and what it may promote to.
///
/// # Errors
/// An item not written `PIECE:PIECE`, or no item.
pub fn parse_piece_promotions(value: &str) -> Result<Vec<(String, String)>, String> {
    parse_pairs(
        value,
        "piece_promotion",
        "PIECE:PIECE",
        ("`P:T`", "`P:T B:H`"),
    )
}

/// Items `A:B` of a list (spaces or commas between), each side non-empty
/// and without a further `:`; errors name `key`, the `shape` and the
/// examples (one item, a list).
///
/// # Errors
/// An item of another shape, or no item.
pub fn parse_pairs(
    value: &str,
    key: &str,
    shape: &str,
    (item_example, list_example): (&str, &str),
) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for item in value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
    {
        match item.split_once(':') {
            Some((a, b)) if !a.is_empty() && !b.is_empty() && !b.contains(':') => {
                out.push((a.to_string(), b.to_string()));
            }
            _ => {
                return Err(format!(
                    "{key} item `{item}`: expected {shape}, e.g. {item_example}"
                ))
            }
        }
    }
    if out.is_empty() {
        return Err(format!(
            "{key}: expected {shape} items, e.g. {list_example}"
        ));
    }
    Ok(out)
}

/// `zone_promotion = 1:far:9 2:far:10`: piece, zone, new piece.
///
/// # Errors
/// An item not of that shape, a bad piece token or an empty list.
pub fn parse_zone_promotions(value: &str) -> Result<Vec<(String, String, String)>, String> {
    let mut out = Vec::new();
    for item in items(value) {
        let parts: Vec<&str> = item.split(':').collect();
        let [from, zone, to] = parts[..] else {
            return Err(format!(
                "zone_promotion item `{item}`: expected PIECE:ZONE:PIECE, e.g. `1:far:9`"
            ));
        };
        check_piece(from)?;
        check_piece(to)?;
        if zone.is_empty() {
            return Err(format!(
                "zone_promotion item `{item}`: the zone name is missing"
            ));
        }
        out.push((from.to_string(), zone.to_string(), to.to_string()));
    }
    if out.is_empty() {
        return Err("zone_promotion: expected PIECE:ZONE:PIECE items, e.g. `1:far:9`".into());
    }
    Ok(out)
}

/// `illegal` (true) or `allowed` (false).
///
/// # Errors
/// Any other value.
pub fn illegal_or_allowed(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "illegal" => Ok(true),
        "allowed" => Ok(false),
        _ => Err(format!("{key} = `{value}`: expected illegal or allowed")),
    }
}

/// A zone's name (defined with `zone.NAME`): letters, digits or `_`.
///
/// # Errors
/// An empty name or another character.
pub fn parse_zone_name(key: &str, value: &str) -> Result<String, String> {
    let good = !value.is_empty() && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !good {
        return Err(format!(
            "{key} = `{value}`: expected the name of a zone (defined with `zone.NAME = ...`)"
        ));
    }
    Ok(value.to_string())
}

/// `promotion_limit = F:1 Q:2`: pairs of a piece letter and the number of
/// those men a side may have on the board before no pawn may promote to it.
///
/// # Errors
/// An item not written `LETTER:N` with N from 1 to 64.
pub fn parse_promotion_limits(value: &str) -> Result<Vec<(char, u8)>, String> {
    let bad = |item: &str| {
        format!("promotion_limit item `{item}`: expected LETTER:N (N from 1 to 64), e.g. `F:1`")
    };
    let mut out = Vec::new();
    for item in value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
    {
        let (letter, n) = item.split_once(':').ok_or_else(|| bad(item))?;
        let mut letters = letter.chars();
        let (Some(c), None) = (letters.next(), letters.next()) else {
            return Err(bad(item));
        };
        let n: u8 = n.parse().map_err(|_| bad(item))?;
        if !c.is_ascii_alphabetic() || !(1..=64).contains(&n) {
            return Err(bad(item));
        }
        out.push((c.to_ascii_uppercase(), n));
    }
    if out.is_empty() {
        return Err(
            "promotion_limit: expected LETTER:N items, e.g. `promotion_limit = F:1`".into(),
        );
    }
    Ok(out)
}

/// Piece letters, or `none` for an empty list.
///
/// # Errors
/// Anything but letters (commas and spaces are ignored).
pub fn parse_letters(key: &str, value: &str) -> Result<Vec<char>, String> {
    if value == "none" {
        return Ok(Vec::new());
    }
    let letters: Vec<char> = value
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    if letters.is_empty() || !letters.iter().all(char::is_ascii_alphabetic) {
        return Err(format!(
            "{key} = `{value}`: expected piece letters, e.g. `R`, or none"
        ));
    }
    Ok(letters.iter().map(char::to_ascii_uppercase).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_promotions_are_pairs() {
        assert_eq!(
            parse_piece_promotions("P:T, B:H").unwrap(),
            vec![("P".into(), "T".into()), ("B".into(), "H".into())]
        );
        assert_eq!(
            parse_piece_promotions("P:T B").unwrap_err(),
            "piece_promotion item `B`: expected PIECE:PIECE, e.g. `P:T`"
        );
        assert!(parse_piece_promotions("P:T:U").is_err());
        assert!(parse_piece_promotions("").is_err());
    }

    #[test]
    fn rectangles_expand_in_reading_order() {
        assert_eq!(
            parse_squares("d1-e2, a10").unwrap(),
            vec![(3, 0), (4, 0), (3, 1), (4, 1), (0, 9)]
        );
        assert_eq!(
            parse_squares("d1-q2").unwrap_err(),
            "square `d1-q2`: expected a square like `d1` or a rectangle like `d1-f3`"
        );
    }

    #[test]
    fn piece_lists_take_letters_or_numbers() {
        assert_eq!(
            parse_confine("KA:palace 5+6:half").unwrap(),
            vec![
                (vec!["K".to_string(), "A".to_string()], "palace".to_string()),
                (vec!["5".to_string(), "6".to_string()], "half".to_string())
            ]
        );
        assert_eq!(
            parse_zone_promotions("1:far:9 2:far").unwrap_err(),
            "zone_promotion item `2:far`: expected PIECE:ZONE:PIECE, e.g. `1:far:9`"
        );
        assert_eq!(
            parse_confine("K:palace 16:half").unwrap_err(),
            "piece `16`: expected a letter or an fmax.ini piece number (1-15)"
        );
    }
}
