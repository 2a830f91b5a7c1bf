//! Betza notation both ways, for XBoard's `piece X& BETZA` command and for
//! piece lines written in Betza instead of step vectors.
//!
//! * [`to_betza`] derives a Betza string from any piece's rays (XBoard's
//!   dialect as XBoard 4.9 reads it: `N0` for the nightrider, `i`, `n`,
//!   `p`, `g`, `o`, `O` castling, `a`/`y` chains for bent riders, lame
//!   leaps XBoard's `n` cannot say, and the Falcon's paths);
//! * [`from_betza`] converts the subset the fmax.ini ray model can express
//!   back into rays, refusing the rest with a message;
//! * [`gui_piece_lines`] lists the `piece` commands a game needs when its
//!   fmax.ini entry has no `# X& ...` lines of its own.
//!
//! Directions: fmax.ini steps are absolute (`-16` is forward for white);
//! Betza is read from the owner's point of view and XBoard turns black's
//! moves by 180 degrees, so a black piece's text is made from its rays
//! turned round ([`to_betza_black`]).

pub mod dirs;
mod parse;
mod write;

pub use parse::from_betza;

use crate::rules::{GameDef, PieceDef, Ray};

/// The Betza string of a set of rays, from white's point of view. Rays
/// with no Betza form are left out (see [`describe`]).
#[must_use]
pub fn to_betza(rays: &[Ray]) -> String {
    write::describe(rays).0
}

/// The Betza string of a piece line's rays, from white's point of view.
#[must_use]
pub fn piece_betza(piece: &PieceDef) -> String {
    to_betza(&piece.rays)
}

/// The Betza string and one note per ray it had to leave out.
#[must_use]
pub fn describe(rays: &[Ray]) -> (String, Vec<String>) {
    write::describe(rays)
}

/// The Betza string of a black piece as black sees it (what XBoard wants
/// in `piece x BETZA`).
#[must_use]
pub fn to_betza_black(rays: &[Ray]) -> String {
    to_betza(&rotated(rays))
}

/// A ray turned by 180 degrees (white's piece into black's and back).
#[must_use]
pub fn rotate(ray: Ray) -> Ray {
    let low = ray.mode & 0xFFF;
    if ray.multi_path() {
        return Ray {
            step: -ray.step,
            mode: low | (-ray.step_toggle()).wrapping_shl(12),
        };
    }
    let step = -ray.step;
    let second = -ray.secondary_step();
    Ray {
        step,
        mode: low | (step ^ second).wrapping_shl(12),
    }
}

/// Every ray turned by 180 degrees.
#[must_use]
pub fn rotated(rays: &[Ray]) -> Vec<Ray> {
    rays.iter().map(|&r| rotate(r)).collect()
}

/// Rays in a canonical form for comparing pieces: sorted, without
/// duplicates, without bits that change nothing (cylinder on a ray that
/// never moves sideways, toggle fields of plain leapers).
#[must_use]
pub fn normalized(rays: &[Ray]) -> Vec<Ray> {
    let mut out: Vec<Ray> = rays
        .iter()
        .map(|&r| {
            let mut r = r;
            let leaper = r.rights().is_leaper() && !r.is_initial_only() && !r.multi_path();
            if leaper {
                r.mode &= 0x10F;
            }
            let sideways = |s: i32| dirs::step_to_vec(s).0 != 0;
            if !sideways(r.step) && (leaper || !sideways(r.secondary_step())) {
                r.mode &= !0x100;
            }
            r
        })
        .collect();
    out.sort_by_key(|r| (r.step, r.mode));
    out.dedup();
    out
}

/// True if two ray lists make the same moves (compared as [`normalized`]
/// sets).
#[must_use]
pub fn same_rays(a: &[Ray], b: &[Ray]) -> bool {
    normalized(a) == normalized(b)
}

/// XBoard's own Betza for the orthodox letters (a piece moving like this
/// under its usual letter needs no `piece` command).
fn orthodox(letter: char, betza: &str) -> bool {
    matches!(
        (letter, betza),
        ('P', "fmWfceFifmnD")
            | ('N', "N")
            | ('B', "B")
            | ('R', "R")
            | ('Q', "Q")
            | ('K', "K" | "KisO2")
    )
}

/// The `piece X& BETZA` lines (without the trailing newline) XBoard needs
/// for a game whose fmax.ini entry has no `# X& ...` lines: one per letter
/// whose pieces are not orthodox, `X&` when black's piece mirrors white's,
/// else `X` (white: the first piece with the letter) and `x` (black: the
/// last one, as Fairy-Max reads letters). Empty when the game has `#` lines
/// of its own (those are sent as written).
///
/// Meant for engine-defined games (a PIECETOCHAR table in the `Game:`
/// line), whose letters are the ini's; games XBoard knows by name
/// (xiangqi, shogi) name their pieces with XBoard's own letters.
#[must_use]
pub fn gui_piece_lines(def: &GameDef) -> Vec<String> {
    if !def.gui_pieces.is_empty() {
        return Vec::new();
    }
    let mut letters: Vec<char> = Vec::new();
    for p in &def.pieces {
        if !letters.contains(&p.key_letter()) {
            letters.push(p.key_letter());
        }
    }
    let mut lines = Vec::new();
    for key in letters {
        let with_letter = || def.pieces.iter().filter(|p| p.key_letter() == key);
        let (Some(white), Some(black)) = (with_letter().next(), with_letter().next_back()) else {
            continue;
        };
        let w = to_betza(&white.rays);
        let b = to_betza_black(&black.rays);
        if w.is_empty() || (orthodox(key, &w) && orthodox(key, &b)) {
            continue;
        }
        if w == b {
            lines.push(format!("piece {key}& {w}"));
        } else {
            lines.push(format!("piece {key} {w}"));
            lines.push(format!("piece {} {b}", key.to_ascii_lowercase()));
        }
    }
    lines
}

/// One line per piece of a game for `check --pieces`: number, letter,
/// value, the rays as written and the Betza derived from them; for pieces
/// given in Betza also the text they were written with.
#[must_use]
pub fn piece_report(def: &GameDef) -> Vec<String> {
    let mut out = Vec::new();
    for (i, p) in def.pieces.iter().enumerate() {
        let rays: Vec<String> = p
            .rays
            .iter()
            .map(|r| format!("{},{:X}", r.step, r.mode as u32))
            .collect();
        let (betza, notes) = describe(&p.rays);
        let written = p
            .betza
            .as_ref()
            .map_or(String::new(), |b| format!("  (written betza={b})"));
        out.push(format!(
            "  {:>2} {}:{}  betza {}{written}  rays {}",
            i + 1,
            p.letter,
            p.value,
            if betza.is_empty() { "-" } else { &betza },
            rays.join(" ")
        ));
        for n in notes {
            out.push(format!("       note: {n}"));
        }
    }
    out
}
