//! Betza atoms and XBoard's direction system: which leap each capital
//! letter means, how the eight directions of an atom are numbered, and how
//! the lower-case direction modifiers (f b l r v s h and their pairs) select
//! among them, read exactly as XBoard 4.9 reads them.
//!
//! Vectors are `(x, y)` from white's point of view: `x` toward the h-file,
//! `y` forward (toward black). fmax.ini steps are absolute with `-16` toward
//! black, so `(x, y)` is the step `x - 16 * y`.

use crate::rules::ray::decode_step;

/// A leap `(files toward h, ranks toward black)`, white's point of view.
pub type Vec2 = (i32, i32);

/// The white-view vector of a 16-wide fmax.ini step.
#[must_use]
pub fn step_to_vec(step: i32) -> Vec2 {
    let (df, dr) = decode_step(step);
    (df, -dr)
}

/// The 16-wide fmax.ini step of a white-view vector.
#[must_use]
pub fn vec_to_step(v: Vec2) -> i32 {
    v.0 - 16 * v.1
}

/// How an atom's moves are arranged, which decides how modifiers read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Four orthogonal moves (W, D, H, R and the castling atom O).
    Orthogonal,
    /// Four diagonal moves (F, A, G, B).
    Diagonal,
    /// Eight oblique moves (N, C, Z).
    Oblique,
    /// Eight moves, orthogonal and diagonal (K, Q, and continuation legs).
    King,
}

/// The leaper atoms XBoard knows, with their base leap `(x, y)`, `x <= y`.
const ATOMS: [(char, i32, i32); 11] = [
    ('W', 0, 1),
    ('F', 1, 1),
    ('D', 0, 2),
    ('N', 1, 2),
    ('A', 2, 2),
    ('H', 0, 3),
    ('C', 1, 3),
    ('Z', 2, 3),
    ('G', 3, 3),
    ('J', 1, 3),
    ('L', 2, 3),
];

/// The base leap of a leaper atom letter (`J`, `L`: old names of C, Z).
#[must_use]
pub fn atom_base(letter: char) -> Option<Vec2> {
    ATOMS
        .iter()
        .find(|a| a.0 == letter)
        .map(|&(_, x, y)| (x, y))
}

/// The preferred letter of the atom a vector belongs to.
#[must_use]
pub fn atom_letter(v: Vec2) -> Option<char> {
    let (a, b) = (v.0.abs().min(v.1.abs()), v.0.abs().max(v.1.abs()));
    ATOMS[..9]
        .iter()
        .find(|&&(_, x, y)| (x, y) == (a, b))
        .map(|a| a.0)
}

/// The symmetry of a base leap.
#[must_use]
pub fn symmetry_of(base: Vec2) -> Symmetry {
    if base.0 == 0 {
        Symmetry::Orthogonal
    } else if base.0 == base.1 {
        Symmetry::Diagonal
    } else {
        Symmetry::Oblique
    }
}

/// XBoard's rotation matrices: direction `d` maps `(x, y)` to
/// `(x*m0 + y*m1, x*m2 + y*m3)`.
const ROT: [[i32; 4]; 8] = [
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, 1, -1, 0],
    [1, 0, 0, -1],
    [-1, 0, 0, -1],
    [0, -1, -1, 0],
    [0, -1, 1, 0],
    [-1, 0, 0, 1],
];

/// The bits a symmetry may use (orthogonal: even, diagonal: odd).
#[must_use]
pub fn all_dirs(sym: Symmetry) -> u8 {
    match sym {
        Symmetry::Orthogonal => 0x55,
        Symmetry::Diagonal => 0xAA,
        Symmetry::Oblique | Symmetry::King => 0xFF,
    }
}

/// The vector of direction `dir` (0..8) of a base leap.
#[must_use]
pub fn dir_vector(base: Vec2, dir: u8) -> Vec2 {
    let m = ROT[usize::from(dir & 7)];
    (base.0 * m[0] + base.1 * m[1], base.0 * m[2] + base.1 * m[3])
}

/// The unit step of King-system direction `dir`: 0 forward, then clockwise
/// in 45-degree steps.
#[must_use]
pub fn king_unit(dir: u8) -> Vec2 {
    const UNITS: [Vec2; 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    UNITS[usize::from(dir & 7)]
}

/// The King-system direction of a unit step (W or F), if it is one.
#[must_use]
pub fn king_dir(v: Vec2) -> Option<u8> {
    (0..8).find(|&d| king_unit(d) == v)
}

/// The atom letter and direction bit of a vector.
#[must_use]
pub fn atom_dir(v: Vec2) -> Option<(char, u8)> {
    let letter = atom_letter(v)?;
    let base = atom_base(letter)?;
    let allowed = all_dirs(symmetry_of(base));
    (0..8u8)
        .filter(|d| allowed & (1 << d) != 0)
        .find(|&d| dir_vector(base, d) == v)
        .map(|d| (letter, d))
}

/// XBoard's "wide" direction sets (single letter on diagonal atoms).
fn wide(c: char) -> u8 {
    match c {
        'f' => 0xC3,
        'b' => 0x3C,
        'l' => 0xF0,
        'r' => 0x0F,
        _ => 0,
    }
}

/// XBoard's "narrow" sets (single letters on orthogonal and oblique atoms).
fn narrow(c: char) -> u8 {
    match c {
        'f' => 0x81,
        'b' => 0x18,
        'l' => 0x60,
        'r' => 0x06,
        's' => 0x66,
        'v' => 0x99,
        'h' => 0xFF,
        _ => 0,
    }
}

/// The King-system sets used in pairs.
fn king_wide(c: char) -> u8 {
    match c {
        'f' => 0x83,
        'b' => 0x38,
        'l' => 0xE0,
        'r' => 0x0E,
        's' => 0xEE,
        'v' => 0xBB,
        'h' => 0xFF,
        _ => 0,
    }
}

/// The King-system sets of a single letter.
fn king_narrow(c: char) -> u8 {
    match c {
        'f' => 0x01,
        'b' => 0x10,
        'l' => 0x40,
        'r' => 0x04,
        's' => 0x44,
        'v' => 0x11,
        'h' => 0xFF,
        _ => 0,
    }
}

/// True for the direction letters.
#[must_use]
pub fn is_dir_letter(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h')
}

/// The dimension class of a direction letter: 1 vertical, 2 sideways.
fn dim(c: char) -> u8 {
    match c {
        'f' | 'b' | 'v' => 1,
        'l' | 'r' | 's' => 2,
        _ => 0,
    }
}

/// Two letters that XBoard reads as one combined direction.
fn pairs(c: char, next: Option<char>) -> bool {
    next.is_some_and(|n| matches!(c, 'f' | 'b' | 'l' | 'r') && dim(c) | dim(n) == 3)
}

/// Reads the leading direction modifiers of `mods` for an atom of symmetry
/// `sym`; returns the direction set and how many letters were used.
#[must_use]
pub fn parse_dirs(mods: &[char], sym: Symmetry) -> (u8, usize) {
    let mut set = 0u8;
    let mut i = 0;
    if sym == Symmetry::Oblique && mods.first() == Some(&'h') {
        let chiral = if mods.get(1) == Some(&'r') {
            0x55
        } else {
            0xAA
        };
        return (chiral, 2.min(mods.len()));
    }
    while let Some(&c) = mods.get(i) {
        if !is_dir_letter(c) || (sym == Symmetry::Orthogonal && c == 'h') {
            break;
        }
        let next = mods.get(i + 1).copied().filter(|&n| is_dir_letter(n));
        let (bits, used) = match sym {
            Symmetry::Orthogonal => (narrow(c), 1),
            Symmetry::Diagonal if next.is_some_and(|n| dim(c) | dim(n) == 3) => {
                (wide(c) & next.map_or(0, wide), 2)
            }
            Symmetry::Diagonal => (wide(c), 1),
            Symmetry::Oblique if next == Some('h') => (wide(c), 2),
            Symmetry::Oblique if next == Some(c) || pairs(c, next) => {
                (wide(c) & next.map_or(0, narrow), 2)
            }
            Symmetry::Oblique => (narrow(c), 1),
            Symmetry::King if pairs(c, next) => (king_wide(c) & next.map_or(0, king_wide), 2),
            Symmetry::King => (king_narrow(c), 1),
        };
        set |= bits;
        i += used;
    }
    let set = set & all_dirs(sym);
    (if set == 0 { all_dirs(sym) } else { set }, i)
}

/// Candidate direction tokens for writing, largest sets first.
const TOKENS: [&str; 22] = [
    "v", "s", "fh", "bh", "lh", "rh", "f", "b", "l", "r", "fs", "bs", "lv", "rv", "fl", "fr", "bl",
    "br", "lf", "rf", "lb", "rb",
];

/// The direction set a token means for a symmetry (empty if none).
fn token_set(token: &str, sym: Symmetry) -> u8 {
    let chars: Vec<char> = token.chars().collect();
    let (set, used) = parse_dirs(&chars, sym);
    if used == chars.len() && set != all_dirs(sym) {
        set
    } else {
        0
    }
}

/// Writes a direction set as modifier groups for one symmetry: usually one
/// string; several when the tokens would merge wrongly if written together
/// (then each group needs its own copy of the atom). All directions give
/// `[""]` (outside continuation legs).
#[must_use]
pub fn write_dirs(set: u8, sym: Symmetry) -> Vec<String> {
    let set = set & all_dirs(sym);
    if set == all_dirs(sym) {
        return vec![String::new()];
    }
    let mut cands: Vec<(&str, u8)> = TOKENS
        .iter()
        .map(|t| (*t, token_set(t, sym)))
        .filter(|&(_, s)| s != 0 && s & !set == 0)
        .collect();
    cands.sort_by_key(|&(t, s)| (std::cmp::Reverse(s.count_ones()), t.len()));
    let mut seen: Vec<u8> = Vec::new();
    cands.retain(|&(_, s)| {
        let fresh = !seen.contains(&s);
        seen.push(s);
        fresh
    });
    let mut left = set;
    let mut chosen: Vec<&str> = Vec::new();
    while left != 0 {
        let key = |s: u8| ((s & left).count_ones(), std::cmp::Reverse(s.count_ones()));
        let best = cands
            .iter()
            .fold(None::<&(&str, u8)>, |best, c| match best {
                Some(b) if key(b.1) >= key(c.1) => Some(b),
                _ => Some(c),
            });
        match best {
            Some(&(t, s)) if s & left != 0 => {
                chosen.push(t);
                left &= !s;
            }
            _ => break,
        }
    }
    chosen.sort_by_key(|t| std::cmp::Reverse(t.len()));
    let joined: String = chosen.concat();
    let chars: Vec<char> = joined.chars().collect();
    let (parsed, used) = parse_dirs(&chars, sym);
    if used == chars.len() && parsed == set {
        vec![joined]
    } else {
        chosen.into_iter().map(str::to_string).collect()
    }
}

/// Writes a set of turns of a continuation leg (King system, relative to
/// the previous leg).
#[must_use]
pub fn write_turns(set: u8) -> String {
    if set == 0xFF {
        return "fbrlfsbs".to_string();
    }
    write_dirs(set, Symmetry::King).concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str, sym: Symmetry) -> u8 {
        let chars: Vec<char> = text.chars().collect();
        parse_dirs(&chars, sym).0
    }

    #[test]
    fn modifiers_read_as_xboard_reads_them() {
        assert_eq!(set("f", Symmetry::Orthogonal), 0x01);
        assert_eq!(set("fs", Symmetry::Orthogonal), 0x45);
        assert_eq!(set("f", Symmetry::Diagonal), 0x82);
        assert_eq!(set("fl", Symmetry::Diagonal), 0x80);
        assert_eq!(set("fh", Symmetry::Oblique), 0xC3);
        assert_eq!(set("fs", Symmetry::Oblique), 0x42);
        assert_eq!(set("v", Symmetry::Oblique), 0x99);
        assert_eq!(set("fs", Symmetry::King), 0x82);
    }

    #[test]
    fn vectors_find_their_atoms() {
        assert_eq!(atom_dir((0, 1)), Some(('W', 0)));
        assert_eq!(atom_dir((-1, 1)), Some(('F', 7)));
        assert_eq!(atom_dir((2, 1)), Some(('N', 1)));
        assert_eq!(atom_dir((-1, 2)), Some(('N', 7)));
        assert_eq!(atom_dir((4, 1)), None);
        assert_eq!(step_to_vec(-16), (0, 1));
        assert_eq!(vec_to_step((-2, -1)), 14);
    }

    #[test]
    fn direction_sets_write_back() {
        for sym in [Symmetry::Orthogonal, Symmetry::Diagonal, Symmetry::Oblique] {
            for s in 1..=255u8 {
                let s = s & all_dirs(sym);
                if s == 0 {
                    continue;
                }
                let groups = write_dirs(s, sym);
                let mut union = 0;
                for g in &groups {
                    let chars: Vec<char> = g.chars().collect();
                    union |= parse_dirs(&chars, sym).0;
                }
                assert_eq!(union, s, "{sym:?} {s:#x} -> {groups:?}");
            }
        }
    }
}
