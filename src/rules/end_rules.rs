//! End rules from the overlay that count moves or positions (see
//! `variants/README.md`): the makruk family's counting rules
//! (`board_count`, `board_count_max_pieces`, `pieces_count`,
//! `pieces_count_start`), the n-move rule (`move_rule`), n-fold repetition
//! and its value (`repetition`, `repetition_value`) and perpetual chasing
//! (`chasing`, `chase_exempt`, `chase_always`). The value syntax is read here; piece letters are resolved
//! against the game in [`resolve`].

use super::variant::Variant;
use super::ConfigError;
use crate::core::Verdict;

/// One entry of `pieces_count`: when the stronger side has at least the
/// pieces `letters` names (a letter twice = two of them; empty = `*`,
/// anything), the count runs to `moves`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountEntry {
    /// Upper-case piece letters, repeated for counts.
    pub letters: Vec<char>,
    /// The limit in moves of the counting side.
    pub moves: u16,
}

/// The counting keys as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountingKeys {
    /// `board_count`: the board's honour limit in moves (`None`: no such count).
    pub board_moves: Option<u16>,
    /// `board_count_max_pieces`: the counting side may have at most this many
    /// pieces (royal included), and pawns no longer prevent the count.
    pub board_max_pieces: Option<u8>,
    /// `pieces_count`: the pieces' honour table, first match wins.
    pub pieces: Vec<CountEntry>,
    /// `pieces_count_start = zero`: the pieces' honour count starts at 0
    /// instead of at the number of pieces on the board.
    pub pieces_from_zero: bool,
}

impl CountingKeys {
    /// Whether any counting rule is given.
    #[must_use]
    pub fn any(&self) -> bool {
        self.board_moves.is_some() || !self.pieces.is_empty()
    }
}

/// A resolved `pieces_count` entry: (white's type, black's type, how many)
/// requirements, and the limit in moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PiecesLimit {
    /// Each requirement: the piece type for white and for black, and the
    /// least number of them the stronger side must have.
    pub needs: Vec<([u8; 2], u8)>,
    /// Limit in moves.
    pub moves: u16,
}

/// The counting rules resolved against a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counting {
    /// Whether any counting rule applies.
    pub enabled: bool,
    /// Board's honour limit in moves (0: none).
    pub board_moves: u16,
    /// See [`CountingKeys::board_max_pieces`].
    pub board_max_pieces: Option<u8>,
    /// The pieces' honour table.
    pub pieces: Vec<PiecesLimit>,
    /// See [`CountingKeys::pieces_from_zero`].
    pub pieces_from_zero: bool,
}

/// `board_count = 64`, `move_rule = 50`: a positive number, or `none` (0).
///
/// # Errors
/// Anything else, or a number above `max`.
pub fn parse_count(key: &str, value: &str, max: u16) -> Result<u16, String> {
    if value == "none" {
        return Ok(0);
    }
    match value.parse::<u16>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "{key} = `{value}`: expected a number from 1 to {max}, or none"
        )),
    }
}

/// `pieces_count = RR:8 R:16 *:64`: entries `LETTERS:MOVES`, first match wins.
///
/// # Errors
/// An item not of that shape, a bad letter or limit, or an empty list.
pub fn parse_pieces_count(value: &str) -> Result<Vec<CountEntry>, String> {
    let mut out = Vec::new();
    for item in value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
    {
        let bad =
            || format!("pieces_count item `{item}`: expected LETTERS:MOVES, e.g. `RR:8` or `*:64`");
        let (letters, moves) = item.split_once(':').ok_or_else(bad)?;
        let moves = moves
            .parse::<u16>()
            .ok()
            .filter(|m| (1..=1000).contains(m))
            .ok_or_else(bad)?;
        let letters: Vec<char> = if letters == "*" {
            Vec::new()
        } else if !letters.is_empty() && letters.chars().all(|c| c.is_ascii_alphabetic()) {
            letters.chars().map(|c| c.to_ascii_uppercase()).collect()
        } else {
            return Err(bad());
        };
        out.push(CountEntry { letters, moves });
    }
    if out.is_empty() {
        return Err("pieces_count: expected LETTERS:MOVES items, e.g. `RR:8 R:16 *:64`".into());
    }
    Ok(out)
}

/// `repetition_value = draw | loss | win`, for the side that repeats.
///
/// # Errors
/// Any other value.
pub fn parse_verdict(key: &str, value: &str) -> Result<Verdict, String> {
    match value {
        "draw" => Ok(Verdict::Draw),
        "loss" => Ok(Verdict::Loss),
        "win" => Ok(Verdict::Win),
        _ => Err(format!("{key} = `{value}`: expected draw, loss or win")),
    }
}

/// How the items of a letter-pair key are written, for its messages.
pub struct PairShape {
    /// The item's shape, e.g. `ATTACKER:VICTIM`.
    pub shape: &'static str,
    /// A whole value, e.g. `N:R C:R`.
    pub example: &'static str,
}

/// A list of letter pairs such as `chase_always = N:R C:R` (attacker and
/// victim) or `fen_alias = H:N` (alias and piece), upper-cased.
///
/// # Errors
/// An item not of the shape `A:B` with one letter each, or an empty list.
pub fn parse_pairs(key: &str, value: &str, form: PairShape) -> Result<Vec<(char, char)>, String> {
    let mut out = Vec::new();
    for item in value
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
    {
        let pair: Vec<char> = item.chars().collect();
        match pair[..] {
            [a, ':', v] if a.is_ascii_alphabetic() && v.is_ascii_alphabetic() => {
                out.push((a.to_ascii_uppercase(), v.to_ascii_uppercase()));
            }
            _ => {
                return Err(format!(
                    "{key} item `{item}`: expected {} letters, e.g. `{}`",
                    form.shape,
                    form.example.split(' ').next().unwrap_or(form.example)
                ))
            }
        }
    }
    if out.is_empty() {
        return Err(format!(
            "{key}: expected {} items, e.g. `{}`",
            form.shape, form.example
        ));
    }
    Ok(out)
}

/// Resolves the counting letters of `v`'s overlay; problems go to `errors`.
pub fn resolve(v: &Variant, errors: &mut Vec<ConfigError>) -> Counting {
    let keys = &v.overlay.counting;
    let mut out = Counting {
        enabled: keys.any(),
        board_moves: keys.board_moves.unwrap_or(0),
        board_max_pieces: keys.board_max_pieces,
        pieces: Vec::new(),
        pieces_from_zero: keys.pieces_from_zero,
    };
    for entry in &keys.pieces {
        let mut limit = PiecesLimit {
            needs: Vec::new(),
            moves: entry.moves,
        };
        for &letter in &entry.letters {
            match super::zones::piece_types(v, &letter.to_string()) {
                Ok(types) => match limit.needs.iter_mut().find(|(t, _)| *t == types) {
                    Some((_, n)) => *n += 1,
                    None => limit.needs.push((types, 1)),
                },
                Err(message) => {
                    errors.push(v.overlay_error("pieces_count", format!("pieces_count: {message}")))
                }
            }
        }
        out.pieces.push(limit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog::Catalog;

    const INI: &str = "Game: tiny\n8x8\n0 0 0 0 3 0 0 4\n0 0 0 0 3 0 0 4\n\
                       p:100 -16,6\np:100 16,6\nk:-1 1,7 -1,7 16,7 -16,7\nR:500 1,3 -1,3 16,3 -16,3\n";

    #[test]
    fn counting_letters_are_resolved_against_the_game() {
        let build =
            |overlay: &str| Catalog::from_text(INI, "t.ini", &[("tiny", overlay)]).variant("tiny");
        let v = build("[rules]\nboard_count = 64\npieces_count = RR:8 R:16 *:64\n").unwrap();
        let rook = v.type_of_letter('R').unwrap().1;
        let black_rook = v.type_of_letter('r').unwrap().1;
        assert_eq!(v.counting.board_moves, 64);
        assert_eq!(v.counting.pieces[0].needs, vec![([rook, black_rook], 2)]);
        assert!(v.counting.pieces[2].needs.is_empty());
        let errors: Vec<String> = build("[rules]\n\npieces_count = Q:8\n")
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            errors,
            ["variants/tiny.ini:3: pieces_count: piece letter 'Q' is no piece of tiny"]
        );
    }

    #[test]
    fn counting_values_are_read_or_refused_with_the_expected_shape() {
        let table = parse_pieces_count("RR:8, R:16 *:64").unwrap();
        assert_eq!(table.len(), 3);
        assert_eq!(table[0].letters, vec!['R', 'R']);
        assert_eq!((table[2].letters.len(), table[2].moves), (0, 64));
        assert_eq!(
            parse_pieces_count("R16").unwrap_err(),
            "pieces_count item `R16`: expected LETTERS:MOVES, e.g. `RR:8` or `*:64`"
        );
        assert_eq!(parse_count("move_rule", "none", 1000), Ok(0));
        assert_eq!(
            parse_count("board_count", "0", 1000).unwrap_err(),
            "board_count = `0`: expected a number from 1 to 1000, or none"
        );
    }
}
