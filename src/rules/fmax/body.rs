//! One game's body: board size, the two back ranks, the piece lines and the
//! optional `#` block of XBoard piece definitions, read token by token as
//! Fairy-Max does (line breaks do not matter), with every problem reported.

use super::tokens::{self, Token};
use crate::rules::{ConfigError, GameDef, PieceDef, Ray};

/// Most piece types a game may have (numbers 1..=15).
pub const MAX_PIECES: usize = 15;
/// Most rays a game may have over all its pieces.
pub const MAX_RAYS: usize = 255;
/// Largest step magnitude that stays on a 16x16 board (15 ranks, 15 files).
pub const MAX_STEP: i32 = 15 * 16 + 15;
/// Largest board side Nightrider supports.
pub const MAX_SIDE: u64 = 16;

/// Where errors and warnings of one file go.
pub struct Report<'a> {
    /// The file name used in messages.
    pub file: &'a str,
    /// Problems that refuse the game.
    pub errors: Vec<ConfigError>,
    /// Problems that do not.
    pub warnings: Vec<ConfigError>,
}

impl Report<'_> {
    /// Records an error at `line`.
    pub fn error(&mut self, line: usize, message: String) {
        self.errors.push(ConfigError {
            file: self.file.to_string(),
            line,
            message,
        });
    }

    /// Records a warning at `line`.
    pub fn warn(&mut self, line: usize, message: String) {
        self.warnings.push(ConfigError {
            file: self.file.to_string(),
            line,
            message,
        });
    }
}

/// Splits `lines[start..end]` into tokens with 1-based line numbers.
fn tokenize<'a>(lines: &[&'a str], start: usize, end: usize) -> Vec<Token<'a>> {
    let mut out = Vec::new();
    for (idx, line) in lines.iter().enumerate().take(end).skip(start) {
        out.extend(line.split_whitespace().map(|text| Token {
            text,
            line: idx + 1,
        }));
    }
    out
}

/// Reads a game body from `lines[start..end]` (0-based, `end` exclusive)
/// into `def` (name, header fields, file and line already set).
pub fn parse_body(lines: &[&str], start: usize, end: usize, def: &mut GameDef, rep: &mut Report) {
    let toks = tokenize(lines, start, end);
    let Some(size_tok) = toks.first() else {
        rep.error(
            def.line,
            "expected the board size WxH[=N], found the end of the game".into(),
        );
        return;
    };
    if !read_size(size_tok, def, rep) {
        return;
    }
    let mut pos = 1;
    let ranks = read_back_ranks(&toks, &mut pos, def, rep);
    let stop = read_pieces(&toks, &mut pos, def, rep);
    check_totals(def, &ranks, rep);
    let after = read_gui_pieces(lines, stop, end, def, rep);
    warn_lost_piece_line(lines, after, end, def, rep);
}

fn read_size(tok: &Token, def: &mut GameDef, rep: &mut Report) -> bool {
    let Some(size) = tokens::board_size(tok.text) else {
        rep.error(
            tok.line,
            format!("expected the board size WxH[=N], found `{}`", tok.text),
        );
        return false;
    };
    let side_ok = |n: u64| (1..=MAX_SIDE).contains(&n);
    if !side_ok(size.width) || !side_ok(size.height) {
        rep.error(
            tok.line,
            format!(
                "board size {}x{} is not supported: expected 1 to 16 files and 1 to 16 ranks",
                size.width, size.height
            ),
        );
        return false;
    }
    if size.zone.unsigned_abs() >= size.height {
        rep.error(
            tok.line,
            format!(
                "zone ={} does not fit a board of {} ranks: expected |N| below the height",
                size.zone, size.height
            ),
        );
        return false;
    }
    // Checked above: all three fit.
    def.width = size.width as u8;
    def.height = size.height as u8;
    def.zone = size.zone as i32;
    true
}

/// The back-rank numbers as read, with their lines: `(white, black)`.
type Ranks = (Vec<(i64, usize)>, Vec<(i64, usize)>);

/// Collects the back-rank tokens: integers, plus anything else sharing a
/// line with them (reported), then splits them into the two ranks.
fn read_back_ranks(toks: &[Token], pos: &mut usize, def: &mut GameDef, rep: &mut Report) -> Ranks {
    let mut entries: Vec<(Option<i64>, Token)> = Vec::new();
    while let Some(t) = toks.get(*pos) {
        let same_line = entries.last().is_some_and(|(_, last)| last.line == t.line);
        match tokens::integer(t.text) {
            Some(n) => entries.push((Some(n), *t)),
            None if same_line && !tokens::looks_like_piece_header(t.text) => {
                entries.push((None, *t))
            }
            None => break,
        }
        *pos += 1;
    }
    let w = def.width as usize;
    let next_line = toks.get(*pos).map_or(def.line, |t| t.line);
    let mut bad = false;
    for (n, t) in &entries {
        if n.is_none() {
            rep.error(
                t.line,
                format!(
                    "`{}` is not a piece number: expected {w} numbers per back rank",
                    t.text
                ),
            );
            bad = true;
        }
    }
    if entries.len() == 2 * w {
        let (white, black) = entries.split_at(w);
        let keep =
            |v: &[(Option<i64>, Token)]| v.iter().map(|(n, t)| (n.unwrap_or(0), t.line)).collect();
        return (keep(white), keep(black));
    }
    if !bad {
        report_rank_count(&entries, w, next_line, rep);
    }
    (Vec::new(), Vec::new())
}

fn report_rank_count(
    entries: &[(Option<i64>, Token)],
    w: usize,
    next_line: usize,
    rep: &mut Report,
) {
    let mut groups: Vec<(usize, usize)> = Vec::new(); // (line, count)
    for (_, t) in entries {
        match groups.last_mut() {
            Some((line, count)) if *line == t.line => *count += 1,
            _ => groups.push((t.line, 1)),
        }
    }
    let expected = format!("expected {w} (the board width)");
    match groups.as_slice() {
        [] => rep.error(
            next_line,
            format!("expected the white back rank ({w} piece numbers)"),
        ),
        [(line, n), ..] if *n != w => rep.error(
            *line,
            format!("white back rank has {n} entries, {expected}"),
        ),
        [(line, _)] => rep.error(
            *line + 1,
            format!("black back rank is missing: expected {w} piece numbers"),
        ),
        [_, (line, n), ..] if *n != w => rep.error(
            *line,
            format!("black back rank has {n} entries, {expected}"),
        ),
        [_, _, (line, n), ..] => {
            rep.error(*line, format!("{n} extra numbers after the two back ranks"))
        }
        _ => rep.error(
            next_line,
            format!("back ranks have {} entries, {}", entries.len(), 2 * w),
        ),
    }
}

/// Reads piece lines until the first token that is neither a piece header
/// nor a ray; returns that token (`None` at the end of the game's text).
fn read_pieces<'a>(
    toks: &[Token<'a>],
    pos: &mut usize,
    def: &mut GameDef,
    rep: &mut Report,
) -> Option<Token<'a>> {
    let mut header_line = None;
    while let Some(t) = toks.get(*pos) {
        let first_on_line = *pos == 0 || toks[*pos - 1].line != t.line;
        *pos += 1;
        if let Some((letter, value)) = tokens::piece_header(t.text) {
            start_piece(letter, value, t, def, rep);
            header_line = Some(t.line);
        } else if tokens::looks_like_piece_header(t.text) && first_on_line {
            rep.error(
                t.line,
                format!(
                    "bad piece `{}`: expected L:V with a decimal centipawn value V",
                    t.text
                ),
            );
            let letter = t.text.chars().next().unwrap_or('?');
            def.pieces.push(PieceDef {
                letter,
                value: 0,
                rays: Vec::new(),
                line: t.line,
                betza: None,
            });
            header_line = Some(t.line);
        } else if let Some(text) = tokens::betza_text(t.text) {
            add_betza(text, t, def, rep);
        } else if let Some(ray) = tokens::ray(t.text) {
            match def.pieces.last_mut() {
                Some(piece) => {
                    check_ray(ray, t, rep);
                    piece.rays.push(ray);
                }
                None => rep.error(
                    t.line,
                    format!(
                        "ray `{}` before the first piece line: expected L:V first",
                        t.text
                    ),
                ),
            }
        } else if header_line == Some(t.line) && !t.text.starts_with('/') {
            rep.error(t.line, after_rays_problem(t.text));
        } else {
            // Anything else ends the list, as in Fairy-Max: a `//` comment
            // after the rays, the lone `#`, or the first comment line.
            return Some(*t);
        }
    }
    None
}

/// A `betza=TEXT` token: the text's rays join the current piece (Nightrider
/// extension; Fairy-Max ends the piece list at such a token).
fn add_betza(text: &str, t: &Token, def: &mut GameDef, rep: &mut Report) {
    let Some(piece) = def.pieces.last_mut() else {
        rep.error(
            t.line,
            format!(
                "`{}` before the first piece line: expected L:V first",
                t.text
            ),
        );
        return;
    };
    if piece.betza.is_some() {
        rep.error(
            t.line,
            format!("`{}`: a piece line takes one betza= text", t.text),
        );
        return;
    }
    match crate::rules::betza::from_betza(text) {
        Ok(rays) => {
            piece.rays.extend(rays);
            piece.betza = Some(text.to_string());
        }
        Err(why) => rep.error(t.line, format!("betza={text}: {why}")),
    }
}

fn start_piece(letter: char, value: i64, t: &Token, def: &mut GameDef, rep: &mut Report) {
    let number = def.pieces.len() + 1;
    if number == MAX_PIECES + 1 {
        rep.error(
            t.line,
            format!(
                "piece {number} `{}`: at most {MAX_PIECES} piece types per game",
                t.text
            ),
        );
    }
    if !letter.is_ascii_graphic() {
        rep.error(
            t.line,
            format!("piece letter `{letter}` is not a printable ASCII character"),
        );
    }
    let value = i32::try_from(value).unwrap_or_else(|_| {
        rep.error(
            t.line,
            format!("piece value in `{}` is out of range", t.text),
        );
        0
    });
    def.pieces.push(PieceDef {
        letter,
        value,
        rays: Vec::new(),
        line: t.line,
        betza: None,
    });
}

fn after_rays_problem(text: &str) -> String {
    if text.starts_with('#') {
        format!("`{text}` after the rays of a piece: the `#` block needs a line of its own")
    } else {
        tokens::ray_problem(text)
    }
}

/// The x4 toggle digits Fairy-Max defines: 24, 34, 64, E4, F4.
const DEFINED_X4: [u8; 5] = [0x2, 0x3, 0x6, 0xE, 0xF];

/// Rejects the mode combinations the format reserves, and steps that
/// would never move.
fn check_ray(ray: Ray, t: &Token, rep: &mut Report) {
    let g = ray.toggle_mask();
    let text = t.text;
    let in_range = |s: i32| (-MAX_STEP..=MAX_STEP).contains(&s);
    let second = if ray.multi_path() {
        ray.step_toggle()
    } else {
        ray.secondary_step()
    };
    if ray.step == 0 {
        rep.error(t.line, format!("ray `{text}`: step 0 does not move"));
    } else if !in_range(ray.step) || !in_range(second) {
        rep.error(
            t.line,
            format!("ray `{text}`: step out of range, expected steps from -{MAX_STEP} to {MAX_STEP} (16x16 board)"),
        );
    } else if ray.is_initial_only() && g.initial_jumps() && g.marks_skipped() {
        rep.error(
            t.line,
            format!("ray `{text}`: mode {g:X}4 is reserved (0x80 without 0x40 on an x4 ray); defined x4 modes are 24, 34, 64, E4 and F4"),
        );
    } else if ray.is_initial_only() && !DEFINED_X4.contains(&g.bits()) {
        rep.error(
            t.line,
            format!(
                "ray `{text}`: mode {g:X}4 is reserved; defined x4 modes are 24, 34, 64, E4 and F4"
            ),
        );
    } else if ray.rights().hops() && g.by_count() {
        rep.error(
            t.line,
            format!("hopper ray `{text}`: toggle digit {g:X} lacks 8, expected a hopper mode like F8 or BA that turns into a non-hopper"),
        );
    } else if ray.step_toggle() != 0 && !ray.multi_path() && ray.secondary_step() == 0 {
        rep.error(
            t.line,
            format!("ray `{text}`: its second step is 0, which does not move"),
        );
    }
}

/// Piece count, ray count and back-rank numbers, once all pieces are known.
fn check_totals(def: &mut GameDef, ranks: &Ranks, rep: &mut Report) {
    let n = def.pieces.len();
    if n < 2 {
        rep.error(
            def.line,
            format!("expected at least 2 piece lines (white pawn, black pawn), found {n}"),
        );
    }
    let mut total = 0;
    for p in &def.pieces {
        let before = total;
        total += p.rays.len();
        if before <= MAX_RAYS && total > MAX_RAYS {
            rep.error(
                p.line,
                format!("{total} rays so far: at most {MAX_RAYS} rays per game"),
            );
        }
    }
    def.white_array = rank_numbers("white", &ranks.0, n, rep);
    def.black_array = rank_numbers("black", &ranks.1, n, rep);
}

fn rank_numbers(side: &str, rank: &[(i64, usize)], pieces: usize, rep: &mut Report) -> Vec<u8> {
    let mut reported: Vec<i64> = Vec::new();
    let mut out = Vec::with_capacity(rank.len());
    for &(num, line) in rank {
        let ok = (0..=pieces as i64).contains(&num);
        if !ok && !reported.contains(&num) {
            reported.push(num);
            let msg = if num < 0 || num > MAX_PIECES as i64 {
                format!("{side} back rank: `{num}` is not a piece number, expected 0 to {pieces}")
            } else {
                format!("{side} back rank uses piece {num}, but only {pieces} pieces are defined")
            };
            rep.error(line, msg);
        }
        if num == 0 && side == "black" && !reported.contains(&0) {
            reported.push(0);
            rep.warn(line, "black back rank has 0 (empty): Nightrider leaves the square empty, Fairy-Max would create a corrupt piece".into());
        }
        out.push(if ok { num as u8 } else { 0 });
    }
    out
}

/// After a lone `#` line, the `# X& BETZA` lines; returns the 0-based index
/// of the first line after the game's text.
fn read_gui_pieces(
    lines: &[&str],
    stop: Option<Token>,
    end: usize,
    def: &mut GameDef,
    rep: &mut Report,
) -> usize {
    let Some(stop) = stop else { return end };
    let stop_line = lines.get(stop.line - 1).copied().unwrap_or("");
    if stop.text.starts_with('#') && stop_line.trim() != "#" {
        rep.warn(stop.line, "`#` piece definitions need a line with only `#` before them; Fairy-Max sends none of these".into());
        return stop.line;
    }
    if stop_line.trim() != "#" {
        return stop.line;
    }
    let mut idx = stop.line;
    while idx < end {
        let Some(text) = lines[idx].strip_prefix('#').map(str::trim) else {
            break;
        };
        if text.is_empty() {
            break;
        }
        def.gui_pieces.push(text.to_string());
        idx += 1;
    }
    idx
}

/// Warns when the first text line after the game is a well-formed piece
/// line: Fairy-Max ignores it, which is rarely what the author meant.
fn warn_lost_piece_line(lines: &[&str], after: usize, end: usize, def: &GameDef, rep: &mut Report) {
    let next = (after..end).find(|&i| !lines[i].trim().is_empty());
    let Some(i) = next else { return };
    let mut words = lines[i].split_whitespace();
    let header = words.next().and_then(tokens::piece_header);
    let rays: Vec<Option<Ray>> = words.map(tokens::ray).collect();
    if header.is_some() && !rays.is_empty() && rays.iter().all(Option::is_some) {
        let game = if def.name.is_empty() {
            "the default game".to_string()
        } else {
            format!("`{}`", def.name)
        };
        rep.warn(
            i + 1,
            format!("piece line ignored: the piece list of {game} ended at line {after}"),
        );
    }
}
