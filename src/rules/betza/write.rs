//! Step vectors to Betza: each fmax.ini ray becomes one or more terms (an
//! atom in one direction with its modifiers), then terms that differ only in
//! a direction are merged and written with direction modifiers.

use super::dirs::{self, atom_dir, king_dir, step_to_vec, Symmetry, Vec2};
use crate::rules::mode::{Rights, Toggle};
use crate::rules::Ray;

/// One continuation leg of a multi-leg term: its turns relative to the
/// previous leg (King-system bits) and its mode letters.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Leg {
    turns: u8,
    modes: String,
}

/// An atom in a set of first-leg directions with all its modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Term {
    /// `i` (virgin only) or `ii` (virgin pawn on its 3rd rank, Wildebeest).
    initial: &'static str,
    /// First-leg mode letters in XBoard's order (m c e p g o y n).
    modes: String,
    /// The atom letter (W F D N ... K for multi-path legs, O castling).
    atom: char,
    /// The range suffix: "" leaper, "0" unlimited, "3" ...
    range: String,
    /// First-leg direction bits.
    dirs: u8,
    /// Continuation legs (`a`).
    legs: Vec<Leg>,
}

impl Term {
    fn single(atom: char, dir: u8) -> Term {
        Term {
            initial: "",
            modes: String::new(),
            atom,
            range: String::new(),
            dirs: 1 << dir,
            legs: Vec::new(),
        }
    }

    fn symmetry(&self) -> Symmetry {
        match self.atom {
            'O' => Symmetry::Orthogonal,
            'K' => Symmetry::King,
            a => dirs::atom_base(a).map_or(Symmetry::King, dirs::symmetry_of),
        }
    }

    fn same_but_dirs(&self, o: &Term) -> bool {
        self.initial == o.initial
            && self.modes == o.modes
            && self.atom == o.atom
            && self.range == o.range
            && self.legs == o.legs
    }
}

/// What the piece as a whole decides for its rays.
struct Context {
    /// The piece makes e.p.-creating pawn pushes: its captures get `e`.
    en_passant: bool,
    /// Atom letters that have a cylinder ray (their vertical rays may take
    /// `o` too, which changes nothing and keeps the text short).
    cylinder_atoms: Vec<char>,
}

/// Mode letters for a ray's landing rights: `c` capture only, `m` move
/// only; `""` for both.
fn rights_modes(rights: Rights) -> &'static str {
    match rights.landing() {
        Rights::CAPTURE => "c",
        Rights::MOVE => "m",
        _ => "",
    }
}

/// The piece's Betza text and the notes on rays it could not express.
pub fn describe(rays: &[Ray]) -> (String, Vec<String>) {
    let ctx = context(rays);
    let mut terms = Vec::new();
    let mut notes = Vec::new();
    for &ray in rays {
        match ray_terms(ray, &ctx) {
            Ok(t) => terms.extend(t),
            Err(why) => notes.push(format!(
                "ray {},{:X} left out: {why}",
                ray.step, ray.mode as u32
            )),
        }
    }
    (render(merge(terms)), notes)
}

fn context(rays: &[Ray]) -> Context {
    let en_passant = rays
        .iter()
        .any(|r| r.is_initial_only() && r.toggle_mask() == Toggle::flipping(Rights::MOVE));
    let mut cylinder_atoms = Vec::new();
    for r in rays.iter().filter(|r| r.cylinder()) {
        if let Some((a, _)) = atom_dir(step_to_vec(r.step)) {
            cylinder_atoms.push(a);
        }
    }
    Context {
        en_passant,
        cylinder_atoms,
    }
}

/// A unit step's letter and direction, for legs and ranged pushes.
fn unit(v: Vec2) -> Result<(char, u8), String> {
    match atom_dir(v) {
        Some((a @ ('W' | 'F'), d)) => Ok((a, d)),
        _ => Err(format!("step {v:?} is not a one-square step")),
    }
}

fn atom(v: Vec2) -> Result<(char, u8), String> {
    atom_dir(v).ok_or_else(|| format!("leap {v:?} has no Betza atom"))
}

/// The terms of one ray.
fn ray_terms(ray: Ray, ctx: &Context) -> Result<Vec<Term>, String> {
    let r = ray.rights();
    let v = step_to_vec(ray.step);
    if ray.multi_path() {
        return falcon_terms(ray);
    }
    if ray.is_initial_only() {
        return initial_terms(ray);
    }
    if r.hops() {
        return hopper_terms(ray);
    }
    let (letter, dir) = atom(v)?;
    let cylinder = ray.cylinder() || (v.0 == 0 && ctx.cylinder_atoms.contains(&letter));
    let o = if cylinder { "o" } else { "" };
    if r.is_leaper() {
        let mut t = Term::single(letter, dir);
        let e = if ctx.en_passant && r.may_capture() {
            "e"
        } else {
            ""
        };
        let m = if r.may_move() && !e.is_empty() {
            "m"
        } else {
            ""
        };
        let c = if e.is_empty() { rights_modes(r) } else { "c" };
        t.modes = format!("{m}{c}{e}{o}");
        return Ok(vec![t]);
    }
    match (
        r.bits(),
        ray.toggle_mask().bits(),
        ray.step_toggle(),
        ray.count(),
    ) {
        (1..=3, 0, 0, _) => Ok(vec![rider(letter, dir, r, "0", o)]),
        (1..=3, 4, 0, d) => Ok(vec![rider(letter, dir, r, &(d + 2).to_string(), o)]),
        (1..=3, 0, _, 0) if unit(v).is_ok() => bent_terms(ray),
        (1..=3, 0, _, 0) => oblique_bent_terms(ray, true),
        (1..=3, 4, _, 0) => oblique_bent_terms(ray, false),
        (0, 5..=7, _, _) => lame_terms(ray),
        _ => Err("this mode has no Betza form Nightrider writes".into()),
    }
}

fn rider(letter: char, dir: u8, rights: Rights, range: &str, o: &str) -> Term {
    let mut t = Term::single(letter, dir);
    t.modes = format!("{}{o}", rights_modes(rights));
    t.range = range.to_string();
    t
}

/// x4 rays: pawn pushes, first-move jumps and castling.
fn initial_terms(ray: Ray) -> Result<Vec<Term>, String> {
    let s = step_to_vec(ray.step);
    let s2 = step_to_vec(ray.secondary_step());
    let total = (s.0 + s2.0, s.1 + s2.1);
    match (ray.toggle_mask().bits(), ray.count()) {
        (2 | 6, 0) => {
            let (letter, dir) = atom(total)?;
            let check = (total.0 / 2, total.1 / 2);
            if check != s {
                return Err("XBoard's `n` would test another square".into());
            }
            let mut t = Term::single(letter, dir);
            t.initial = "i";
            t.modes = "mn".into();
            Ok(vec![t])
        }
        (2, 1 | 3) if s == s2 => {
            let (letter, dir) = unit(s)?;
            let mut t = Term::single(letter, dir);
            t.initial = "i";
            t.modes = "m".into();
            t.range = "3".into();
            let mut out = vec![t];
            if ray.count() == 3 {
                let (d_letter, d_dir) = atom((2 * s.0, 2 * s.1))?;
                let mut d = Term::single(d_letter, d_dir);
                d.initial = "ii";
                d.modes = "mn".into();
                out.push(d);
            }
            Ok(out)
        }
        (0xE | 0xF, 0) => {
            let (letter, dir) = atom(total)?;
            let mut t = Term::single(letter, dir);
            t.initial = "i";
            t.modes = if ray.toggle_mask().initial_landing().may_capture() {
                ""
            } else {
                "m"
            }
            .into();
            Ok(vec![t])
        }
        (3, 0) if s.1 == 0 && s2.1 == 0 && s.0.signum() == s2.0.signum() => {
            let dir = if s.0 > 0 { 2 } else { 6 };
            let mut t = Term::single('O', dir);
            t.initial = "i";
            t.range = total.0.abs().to_string();
            Ok(vec![t])
        }
        _ => Err("first-move code without a Betza form".into()),
    }
}

/// Hoppers: cannon-like (`p`) or grasshopper-like (`g`).
fn hopper_terms(ray: Ray) -> Result<Vec<Term>, String> {
    let r = ray.rights();
    let g = ray.toggle_mask();
    if ray.count() != 0 || ray.step_toggle() != 0 || g.by_count() {
        return Err("hopper that turns or needs a special platform".into());
    }
    let after = r.toggled(g);
    let v = step_to_vec(ray.step);
    let (letter, dir) = atom(v)?;
    let o = if ray.cylinder() { "o" } else { "" };
    let mut out = Vec::new();
    if r.may_land() {
        out.push(rider(letter, dir, r.landing(), "0", o));
    }
    if !after.may_land() {
        return Err("hopper that can never land".into());
    }
    let mut t = Term::single(letter, dir);
    let hop = if after.is_leaper() { "g" } else { "p" };
    t.modes = format!("{}{hop}{o}", rights_modes(after));
    t.range = "0".into();
    out.push(t);
    Ok(out)
}

/// Bent riders (griffon, aanca): one step that may stop, then a slide in
/// the new direction: `F` plus `yaf?F`.
fn bent_terms(ray: Ray) -> Result<Vec<Term>, String> {
    let v = step_to_vec(ray.step);
    let v2 = step_to_vec(ray.secondary_step());
    let (letter, dir) = unit(v).map_err(|e| format!("bent rider: {e}"))?;
    let turn = turn_between(v, v2)?;
    let r = ray.rights();
    let mut first = Term::single(letter, dir);
    first.modes = rights_modes(r).into();
    let mut bent = Term::single(letter, dir);
    bent.modes = "y".into();
    bent.legs.push(Leg {
        turns: 1 << turn,
        modes: rights_modes(r).into(),
    });
    Ok(vec![first, bent])
}

/// A leap that may stop, then goes on with one more step (`slide` false:
/// team-mate's camel-shaped extension) or slides on (grande-acedrex
/// unicorn). XBoard needs the leap split into two unit legs, the second of
/// which points where the ray goes on: `NmpafsafF`, `NmpafsyafW`.
fn oblique_bent_terms(ray: Ray, slide: bool) -> Result<Vec<Term>, String> {
    let v = step_to_vec(ray.step);
    let v2 = step_to_vec(ray.secondary_step());
    let a = (v.0 - v2.0, v.1 - v2.1);
    let (first_letter, first_dir) = unit(a).map_err(|e| format!("bent leap: {e}"))?;
    unit(v2).map_err(|e| format!("bent leap: {e}"))?;
    let (letter, dir) = atom(v)?;
    let r = ray.rights();
    let mut leap = Term::single(letter, dir);
    leap.modes = rights_modes(r).into();
    let mut chain = Term::single(first_letter, first_dir);
    chain.modes = "mp".into();
    chain.legs.push(Leg {
        turns: 1 << turn_between(a, v2)?,
        modes: if slide { "y" } else { "" }.into(),
    });
    chain.legs.push(Leg {
        turns: 1,
        modes: rights_modes(r).into(),
    });
    Ok(vec![leap, chain])
}

fn turn_between(a: Vec2, b: Vec2) -> Result<u8, String> {
    let da = king_dir(a).ok_or_else(|| format!("step {a:?} is not a one-square step"))?;
    let db = king_dir(b).ok_or_else(|| format!("step {b:?} is not a one-square step"))?;
    Ok((db + 8 - da) % 8)
}

/// Lame leapers: pass empty squares, then one leap (`nN`, `nA`, `nD`), or
/// a chain of legs when XBoard's `n` would test another square.
fn lame_terms(ray: Ray) -> Result<Vec<Term>, String> {
    let v = step_to_vec(ray.step);
    let v2 = step_to_vec(ray.secondary_step());
    let passes = 1 + ray.count();
    let total = (passes * v.0 + v2.0, passes * v.1 + v2.1);
    let rights = ray.toggle_mask().flips().landing();
    if passes == 1 {
        if let Some((letter, dir)) = atom_dir(total) {
            if (total.0 / 2, total.1 / 2) == v {
                let mut t = Term::single(letter, dir);
                t.modes = format!("{}n", rights_modes(rights));
                return Ok(vec![t]);
            }
        }
    }
    let (letter, dir) = unit(v).map_err(|e| format!("lame leaper: {e}"))?;
    let mut t = Term::single(letter, dir);
    t.modes = "m".into();
    for _ in 1..passes {
        t.legs.push(Leg {
            turns: 1,
            modes: "m".into(),
        });
    }
    t.legs.push(Leg {
        turns: 1 << turn_between(v, v2)?,
        modes: rights_modes(rights).into(),
    });
    Ok(vec![t])
}

/// The Falcon's multi-path leap: one three-leg King chain per path.
fn falcon_terms(ray: Ray) -> Result<Vec<Term>, String> {
    let s = step_to_vec(ray.step);
    let t = step_to_vec(ray.step_toggle());
    let u = (s.0 - 2 * t.0, s.1 - 2 * t.1);
    let rights = rights_modes(ray.rights());
    let mut out = Vec::new();
    for path in [[t, t, u], [t, u, t], [u, t, t]] {
        let d0 = king_dir(path[0]).ok_or("multi-path step is not a one-square step")?;
        let mut term = Term::single('K', d0);
        term.legs.push(Leg {
            turns: 1 << turn_between(path[0], path[1])?,
            modes: String::new(),
        });
        term.legs.push(Leg {
            turns: 1 << turn_between(path[1], path[2])?,
            modes: rights.into(),
        });
        out.push(term);
    }
    Ok(out)
}

/// Merges terms that differ in one coordinate: last leg's turns first,
/// then earlier legs, then the first-leg directions.
fn merge(terms: Vec<Term>) -> Vec<Term> {
    let mut terms = dedupe(terms);
    let max_legs = terms.iter().map(|t| t.legs.len()).max().unwrap_or(0);
    for leg in (0..max_legs).rev() {
        terms = merge_by(
            terms,
            |a, b| {
                if a.legs.len() <= leg || a.legs.len() != b.legs.len() || a.dirs != b.dirs {
                    return false;
                }
                let mut a2 = a.clone();
                a2.legs[leg].turns = b.legs[leg].turns;
                a2 == *b
            },
            |a, b| a.legs[leg].turns |= b.legs[leg].turns,
        );
    }
    merge_by(terms, Term::same_but_dirs, |a, b| a.dirs |= b.dirs)
}

fn dedupe(terms: Vec<Term>) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    for t in terms {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

fn merge_by(
    terms: Vec<Term>,
    same: impl Fn(&Term, &Term) -> bool,
    join: impl Fn(&mut Term, &Term),
) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    for t in terms {
        match out.iter_mut().find(|o| same(o, &t)) {
            Some(o) => join(o, &t),
            None => out.push(t),
        }
    }
    out
}

/// Writes merged terms: compounds K and Q first where they apply, initial
/// moves last.
fn render(terms: Vec<Term>) -> String {
    let mut terms = terms;
    terms.sort_by_key(|t| !t.initial.is_empty());
    let mut out = String::new();
    let mut used = vec![false; terms.len()];
    for i in 0..terms.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        if let Some(j) = king_partner(&terms, i, &used) {
            used[j] = true;
            let t = &terms[i];
            let letter = if t.range == "0" { 'Q' } else { 'K' };
            out.push_str(&format!("{}{}{letter}", t.initial, t.modes));
            continue;
        }
        out.push_str(&render_term(&terms[i]));
    }
    out
}

/// The index of a full-direction F term matching full W term `i` (same
/// modifiers, range 1 or unlimited).
fn king_partner(terms: &[Term], i: usize, used: &[bool]) -> Option<usize> {
    let t = &terms[i];
    let full = |t: &Term| t.legs.is_empty() && t.dirs == dirs::all_dirs(t.symmetry());
    if t.atom != 'W' || !full(t) || !(t.range.is_empty() || t.range == "0") {
        return None;
    }
    (0..terms.len()).find(|&j| {
        let o = &terms[j];
        !used[j]
            && j != i
            && o.atom == 'F'
            && full(o)
            && o.range == t.range
            && o.modes == t.modes
            && o.initial == t.initial
    })
}

fn render_term(t: &Term) -> String {
    let atom = match (t.atom, t.range.as_str(), t.legs.is_empty()) {
        ('W', "0", true) => "R".to_string(),
        ('F', "0", true) => "B".to_string(),
        (a, r, _) => format!("{a}{r}"),
    };
    let mut legs = String::new();
    for leg in &t.legs {
        legs.push_str(&format!("a{}{}", dirs::write_turns(leg.turns), leg.modes));
    }
    dirs::write_dirs(t.dirs, t.symmetry())
        .iter()
        .map(|d| format!("{}{d}{}{legs}{atom}", t.initial, t.modes))
        .collect()
}
