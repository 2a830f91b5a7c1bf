//! Betza text to fmax.ini rays, for the moves Fairy-Max's ray model can
//! express: leapers and riders (doubled letter, `0` or a range up to 5),
//! `K Q R B`, direction modifiers read as XBoard reads them, `m c e`, `i`
//! (pawn pushes, first-move jumps, `O` castling), `n` (lame leaps), `p`
//! and `g` (hoppers) and `o` (cylinder). Everything else is refused with a
//! message that names the part of the text.

use super::dirs::{self, all_dirs, atom_base, dir_vector, parse_dirs, vec_to_step, Symmetry, Vec2};
use crate::rules::mode::Rights;
use crate::rules::Ray;

/// One move of the text: `i...`, lower-case modifiers, the atom, its range.
struct Move {
    text: String,
    initial: usize,
    mods: Vec<char>,
    atom: char,
    /// 1 leaper, 0 unlimited, k limited; `None` when not written.
    range: Option<u32>,
}

/// The mode letters of a move.
#[derive(Default)]
struct Modes {
    m: bool,
    c: bool,
    e: bool,
    p: bool,
    g: bool,
    o: bool,
    n: bool,
}

impl Modes {
    /// Rights bits: 1 capture, 2 move (both when neither is written).
    fn rights(&self) -> i32 {
        if self.m || self.c || self.e {
            i32::from(self.c || self.e) | (i32::from(self.m) << 1)
        } else {
            3
        }
    }
}

/// What the moves produce before the whole-piece clean-up.
#[derive(Default)]
struct Out {
    rays: Vec<Ray>,
    /// First-move-only single steps: kept only if the piece has the step
    /// anyway (`ifmW3` next to `fmW`).
    singles: Vec<(i32, String)>,
    /// `ii` double pushes (Wildebeest): their one-step square, the move.
    third_rank: Vec<(i32, String)>,
    /// Bent rays (step, rights, move): their first step must also be a
    /// move of the piece, which the bent ray then makes.
    bent: Vec<(i32, i32, String)>,
}

/// Converts Betza text (white's point of view) into rays.
pub fn from_betza(text: &str) -> Result<Vec<Ray>, String> {
    let moves = split(text)?;
    if moves.is_empty() {
        return Err("empty Betza text: expected at least one atom such as `N` or `fmW`".into());
    }
    let mut out = Out::default();
    for m in &moves {
        expand(m, &mut out).map_err(|why| format!("`{}`: {why}", m.text))?;
    }
    finish(out)
}

fn split(text: &str) -> Result<Vec<Move>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        let mut initial = 0;
        while chars.get(i) == Some(&'i') {
            initial += 1;
            i += 1;
        }
        let mods_start = i;
        while chars.get(i).is_some_and(char::is_ascii_lowercase) {
            i += 1;
        }
        let mods = chars[mods_start..i].to_vec();
        let Some(&atom) = chars.get(i) else {
            return Err(format!(
                "modifiers `{}` at the end have no atom (a capital such as W, F, N)",
                chars[start..].iter().collect::<String>()
            ));
        };
        if !atom.is_ascii_uppercase() {
            return Err(format!(
                "unexpected `{atom}` at position {}: expected modifiers and a capital atom",
                i + 1
            ));
        }
        i += 1;
        let mut range = None;
        if chars.get(i) == Some(&atom) && atom_base(atom).is_some() {
            range = Some(0);
            i += 1;
        }
        let digits_start = i;
        while chars.get(i).is_some_and(char::is_ascii_digit) {
            i += 1;
        }
        if i > digits_start {
            let digits: String = chars[digits_start..i].iter().collect();
            let n = digits
                .parse::<u32>()
                .map_err(|_| format!("range `{digits}` is too large"))?;
            if range.is_some() {
                return Err(format!(
                    "`{atom}{atom}{digits}`: give a doubled letter or a range, not both"
                ));
            }
            range = Some(n);
        }
        moves.push(Move {
            text: chars[start..i].iter().collect(),
            initial,
            mods,
            atom,
            range,
        });
    }
    Ok(moves)
}

/// The parts of an atom: `(base leap, symmetry, range)`; K and Q are two
/// parts read with the King system of directions.
fn parts(m: &Move) -> Result<(Symmetry, Vec<(Vec2, u32)>), String> {
    let range = m.range;
    let leap = |r: Option<u32>| r.unwrap_or(1);
    let slide = |r: Option<u32>| r.unwrap_or(0);
    Ok(match m.atom {
        'K' => (Symmetry::King, vec![((0, 1), leap(range)), ((1, 1), leap(range))]),
        'Q' => (Symmetry::King, vec![((0, 1), slide(range)), ((1, 1), slide(range))]),
        'R' => (Symmetry::Orthogonal, vec![((0, 1), slide(range))]),
        'B' => (Symmetry::Diagonal, vec![((1, 1), slide(range))]),
        'O' => (Symmetry::Orthogonal, vec![((0, 0), leap(range))]),
        a => match atom_base(a) {
            Some(base) => (dirs::symmetry_of(base), vec![(base, leap(range))]),
            None => {
                return Err(format!(
                    "`{a}` is no atom Nightrider knows: expected one of W F D N A H C Z G J L K Q R B O"
                ))
            }
        },
    })
}

fn read_modes(rest: &[char]) -> Result<Modes, String> {
    const ORDER: &str = "mcepgon";
    let mut modes = Modes::default();
    let mut last = None;
    for &c in rest {
        let Some(pos) = ORDER.find(c) else {
            return Err(match c {
                'a' | 'y' | 'j' | 'd' | 't' | 'x' | 'q' | 'z' | 'u' => format!(
                    "modifier `{c}` (multi-leg, destroy or similar) cannot be expressed in fmax.ini rays"
                ),
                _ if dirs::is_dir_letter(c) => format!(
                    "direction letter `{c}` after a mode letter: XBoard reads directions first (`fmW`, not `mfW`)"
                ),
                _ => format!("unknown modifier `{c}`"),
            });
        };
        if last.is_some_and(|l| pos <= l) {
            return Err(format!(
                "mode letters must come once each in XBoard's order m c e p g o n, found `{}`",
                rest.iter().collect::<String>()
            ));
        }
        last = Some(pos);
        match c {
            'm' => modes.m = true,
            'c' => modes.c = true,
            'e' => modes.e = true,
            'p' => modes.p = true,
            'g' => modes.g = true,
            'o' => modes.o = true,
            _ => modes.n = true,
        }
    }
    Ok(modes)
}

fn expand(m: &Move, out: &mut Out) -> Result<(), String> {
    let (sym, parts) = parts(m)?;
    let (dir_set, used) = parse_dirs(&m.mods, sym);
    if m.mods[used..].starts_with(&['y', 'a']) {
        return bent(m, dir_set, &m.mods[used + 2..], out);
    }
    let modes = read_modes(&m.mods[used..])?;
    if m.atom == 'O' {
        return castling(m, dir_set, used, &modes, out);
    }
    for (base, range) in parts {
        let own = all_dirs(dirs::symmetry_of(base));
        for dir in (0..8u8).filter(|d| dir_set & own & (1 << d) != 0) {
            let v = dir_vector(base, dir);
            one_ray(m, v, range, &modes, out)?;
        }
    }
    Ok(())
}

/// `yaf?W` / `yaf?F`: a bent rider's slide after its first step (griffon
/// `FyafsF`, aanca `WyafsW`).
fn bent(m: &Move, set: u8, rest: &[char], out: &mut Out) -> Result<(), String> {
    let unit_atom = matches!(m.atom, 'W' | 'F') && m.range.is_none() && m.initial == 0;
    if !unit_atom {
        return Err("`ya` is understood only for bent riders on W or F (`FyafsF`)".into());
    }
    let (turns, used) = parse_dirs(rest, Symmetry::King);
    if used == 0 {
        return Err("`ya` needs the turn of the second leg (`yafsF`)".into());
    }
    let modes = read_modes(&rest[used..])?;
    if modes.p || modes.g || modes.o || modes.n {
        return Err("a bent rider's second leg takes only `m` or `c`".into());
    }
    let base = atom_base(m.atom).unwrap_or((0, 1));
    let own = all_dirs(dirs::symmetry_of(base));
    for dir in (0..8u8).filter(|d| set & own & (1 << d) != 0) {
        for turn in (1..8u8).filter(|t| turns & (1 << t) != 0) {
            let v2 = dirs::king_unit(dir + turn);
            let v = dir_vector(base, dir);
            out.rays.push(Ray::new(
                vec_to_step(v),
                modes.rights(),
                Some(vec_to_step(v2)),
            ));
            out.bent
                .push((vec_to_step(v), modes.rights(), m.text.clone()));
        }
    }
    Ok(())
}

fn castling(m: &Move, set: u8, used: usize, modes: &Modes, out: &mut Out) -> Result<(), String> {
    let n = m.range.unwrap_or(0);
    if n < 2 {
        return Err("castling `O` needs the king's distance, 2 or more (`isO2`)".into());
    }
    if modes.rights() != 3 || modes.p || modes.g || modes.n || modes.o || m.initial > 1 {
        return Err("castling takes no mode letters besides `i`".into());
    }
    let set = if used == 0 { 0x44 } else { set };
    if set & 0x11 != 0 {
        return Err("castling runs along the rank only: use `s`, `l` or `r`".into());
    }
    let n = n as i32;
    for sign in [1, -1] {
        if set & (if sign > 0 { 0x04 } else { 0x40 }) != 0 {
            let ray = Ray::new(sign, 0x34, Some(sign * (n - 1)));
            out.rays.push(ray);
        }
    }
    Ok(())
}

fn cylinder(modes: &Modes, v: Vec2) -> i32 {
    if modes.o && v.0 != 0 {
        0x100
    } else {
        0
    }
}

fn one_ray(m: &Move, v: Vec2, range: u32, modes: &Modes, out: &mut Out) -> Result<(), String> {
    let rights = modes.rights();
    let step = vec_to_step(v);
    let cyl = cylinder(modes, v);
    if modes.p || modes.g {
        if modes.p && modes.g {
            return Err("`p` and `g` together: a move hops once".into());
        }
        if range != 0 || m.initial > 0 || modes.n {
            return Err("hoppers (`p`, `g`) must be unlimited riders without `i` or `n` (`pR`, `gQ`, `cpR`)".into());
        }
        let after = if modes.g { rights | 4 } else { rights };
        out.rays
            .push(Ray::new(step, 8 | ((8 ^ after) << 4) | cyl, None));
        return Ok(());
    }
    if m.initial > 0 {
        return initial(m, v, range, modes, out);
    }
    if modes.n {
        let check = lame_square(v)?;
        if range != 1 {
            return Err("`n` applies to leaps, not to riders".into());
        }
        let rest = vec_to_step((v.0 - check.0, v.1 - check.1));
        out.rays.push(Ray::new(
            vec_to_step(check),
            ((rights | 4) << 4) | cyl,
            Some(rest),
        ));
        return Ok(());
    }
    let mode = match range {
        1 => rights | 4,
        0 => rights,
        2..=5 => rights | 0x40 | ((range as i32 - 2) << 10),
        _ => {
            return Err(format!(
                "range {range}: fmax.ini rays reach range 5 at most"
            ))
        }
    };
    out.rays.push(Ray::new(step, mode | cyl, None));
    Ok(())
}

/// The square XBoard's `n` tests for a leap (halfway, rounded toward the
/// start).
fn lame_square(v: Vec2) -> Result<Vec2, String> {
    let check = (v.0 / 2, v.1 / 2);
    if check == (0, 0) {
        Err("`n` needs a leap longer than one square".into())
    } else {
        Ok(check)
    }
}

fn initial(m: &Move, v: Vec2, range: u32, modes: &Modes, out: &mut Out) -> Result<(), String> {
    let rights = modes.rights();
    if rights & 2 == 0 {
        return Err(
            "a first-move-only capture cannot be expressed (x4 moves land with move rights)".into(),
        );
    }
    let step = vec_to_step(v);
    if m.initial == 2 {
        let check = lame_square(v)?;
        if !modes.n || rights != 2 || range != 1 || (2 * check.0, 2 * check.1) != v {
            return Err("`ii` is understood only as a double push `iifmnD` next to `ifmW3`".into());
        }
        out.third_rank.push((vec_to_step(check), m.text.clone()));
        return Ok(());
    }
    if m.initial > 2 {
        return Err("more than two `i`".into());
    }
    if modes.n {
        let check = lame_square(v)?;
        if rights != 2 || range != 1 {
            return Err("a first-move lame leap must be move-only (`ifmnD`)".into());
        }
        let rest = vec_to_step((v.0 - check.0, v.1 - check.1));
        out.rays
            .push(Ray::new(vec_to_step(check), 0x24, Some(rest)));
        return Ok(());
    }
    if range != 1 {
        if rights != 2 {
            return Err("a first-move slide must be move-only (`ifmW3`)".into());
        }
        if !(2..=3).contains(&range) {
            return Err("first-move slides reach 3 squares at most (`ifmW3`)".into());
        }
        out.singles.push((step, m.text.clone()));
        out.rays.push(Ray::new(step, 0x24, None));
        if range == 3 {
            out.rays.push(Ray::new(step, 0x424, None));
        }
        return Ok(());
    }
    if dirs::king_dir(v).is_some() {
        out.singles.push((step, m.text.clone()));
        return Ok(());
    }
    let first = if v.0.abs() > v.1.abs() {
        (v.0.signum(), 0)
    } else if v.1.abs() > v.0.abs() {
        (0, v.1.signum())
    } else {
        (v.0.signum(), v.1.signum())
    };
    let mode = if rights == 2 { 0xE4 } else { 0xF4 };
    let rest = vec_to_step((v.0 - first.0, v.1 - first.1));
    out.rays
        .push(Ray::new(vec_to_step(first), mode, Some(rest)));
    Ok(())
}

fn finish(mut out: Out) -> Result<Vec<Ray>, String> {
    for (step, text) in &out.singles {
        let covered = out.rays.iter().any(|r| {
            r.step == *step
                && !r.is_initial_only()
                && r.rights().may_move()
                && !r.rights().hops()
                && r.step_toggle() == 0
        });
        if !covered {
            return Err(format!("`{text}`: a first-move-only single step cannot be expressed (x4 moves pass at least one square); add the step as an ordinary move"));
        }
    }
    for (step, text) in &out.third_rank {
        let triple = out
            .rays
            .iter_mut()
            .find(|r| r.step == *step && r.mode == 0x424);
        match triple {
            Some(r) => r.mode = 0xC24,
            None => {
                return Err(format!(
                    "`{text}`: `ii` double push needs an `ifmW3` triple push in the same direction"
                ))
            }
        }
    }
    let mut taken: Vec<(i32, i32)> = Vec::new();
    for (step, rights, text) in &out.bent {
        if taken.contains(&(*step, *rights)) {
            continue;
        }
        match out.rays.iter().position(|r| r.step == *step && r.mode == rights | 4) {
            Some(i) => {
                out.rays.remove(i);
                taken.push((*step, *rights));
            }
            None => return Err(format!("`{text}`: a bent ray of fmax.ini may also stop after its first step; add that step as a move (`FyafsF`)")),
        }
    }
    merge_hoppers(&mut out.rays);
    let mut rays: Vec<Ray> = Vec::new();
    for r in out.rays {
        if !rays.contains(&r) {
            rays.push(r);
        }
    }
    Ok(rays)
}

/// `mR` + `cpR` (or `R` + `pR`, `Q` + `gQ` ...) on the same step become one
/// fmax.ini hopper ray that moves before the platform too (`1,BA`).
fn merge_hoppers(rays: &mut Vec<Ray>) {
    let mut i = 0;
    while i < rays.len() {
        let h = rays[i];
        if h.rights() == Rights::HOP {
            let plain = rays.iter().position(|p| {
                p.step == h.step
                    && (1..=3).contains(&p.rights().bits())
                    && p.mode & !0x100 == i32::from(p.rights().bits())
                    && p.cylinder() == h.cylinder()
            });
            if let Some(j) = plain {
                let pre = i32::from(rays[j].rights().union(Rights::HOP).bits());
                let after = i32::from(Rights::HOP.toggled(h.toggle_mask()).bits());
                rays[i] = Ray::new(h.step, pre | ((pre ^ after) << 4) | (h.mode & 0x100), None);
                rays.remove(j);
                continue;
            }
        }
        i += 1;
    }
}
