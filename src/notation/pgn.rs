//! PGN reading and writing.
//!
//! Reading is in two steps: [`read_pgn`] splits text into games (tags, move
//! texts with their `!`/`?` marks, NAGs, `{ }` comments and variations
//! `( )`, nested up to [`MAX_NESTING`] deep, the result) without knowing
//! the rules, skipping `;` comments and `%` escape lines; [`replay`] plays a
//! game's main line (SAN or coordinate) on any [`Position`], honouring
//! `[FEN]`, and [`check_variations`] the variations. A malformed game yields
//! one error line and the rest of the file is still read. [`write_pgn`]
//! writes tags and SAN moves with comments, wrapped at 79 columns;
//! [`write_game`] writes a game as read, variations included.

use super::{parse_san, to_san};
use crate::core::Color;
use crate::position::Position;

/// One move of a game as written, with what followed it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move text without annotation marks (`Nf3`, `e7e8q`).
    pub text: String,
    /// Annotation marks written after the move (`!`, `?`, `!?`, `??`...), or
    /// from NAGs 1-6.
    pub mark: String,
    /// Numeric annotation glyphs (`$n`).
    pub nags: Vec<u16>,
    /// A comment after the move (several are joined by a space).
    pub comment: Option<String>,
    /// A comment before the move, where no move precedes it in its line
    /// (the start of the game or of a variation).
    pub comment_before: Option<String>,
    /// Variations written after the move: other moves in its place, each
    /// a line starting from the position before it.
    pub variations: Vec<Vec<PgnMove>>,
}

/// One game as read: tags, main-line moves and result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Main-line moves.
    pub moves: Vec<PgnMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Line of the file where the game starts (1-based).
    pub line: usize,
}

/// The value of tag `name` in a tag list (case-sensitive, as PGN says).
#[must_use]
pub fn tag_value<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

impl PgnGame {
    /// The value of tag `name` (case-sensitive, as PGN says).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// The variant the game is played in (`[Variant]`, `normal` if none).
    #[must_use]
    pub fn variant(&self) -> &str {
        match self.tag("Variant") {
            Some(v) if !v.is_empty() && !v.eq_ignore_ascii_case("standard") => v,
            _ => "normal",
        }
    }

    /// The result from White's side: 1 win, 0 draw, -1 loss, `None` unknown.
    #[must_use]
    pub fn white_score(&self) -> Option<i8> {
        let result = match self.tag("Result") {
            Some(r) if r != "*" => r,
            _ => self.result.as_str(),
        };
        match result {
            "1-0" => Some(1),
            "0-1" => Some(-1),
            "1/2-1/2" => Some(0),
            _ => None,
        }
    }
}

/// The games of a PGN text and one error line per malformed game.
#[derive(Clone, Debug, Default)]
pub struct PgnFile {
    /// Well-formed games in file order.
    pub games: Vec<PgnGame>,
    /// `line N: reason` for every game that was skipped.
    pub errors: Vec<String>,
}

/// The deepest nesting of variations read (deeper is an error, so that no
/// game's tree is too deep to walk).
pub const MAX_NESTING: usize = 64;

/// A variation being read: its moves so far and the line of its `(`.
struct OpenLine {
    moves: Vec<PgnMove>,
    line: usize,
}

/// Reader state: the game being built, the variations open in it (the
/// innermost last), a comment waiting for the move it stands before, and
/// whether the game is already broken.
struct Reader {
    out: PgnFile,
    game: PgnGame,
    started: bool,
    in_moves: bool,
    broken: Option<String>,
    open: Vec<OpenLine>,
    pending: Option<String>,
}

impl Reader {
    fn begin(&mut self, line: usize) {
        if !self.started {
            self.started = true;
            self.game.line = line;
        }
    }

    fn finish(&mut self, result: &str) {
        if let Some(first) = self.open.first() {
            let line = first.line;
            self.fail(line, "unterminated variation");
        }
        self.open.clear();
        self.pending = None;
        if self.started {
            let mut game = std::mem::take(&mut self.game);
            game.result = result.to_string();
            match self.broken.take() {
                Some(reason) => self.out.errors.push(reason),
                None => self.out.games.push(game),
            }
        }
        self.started = false;
        self.in_moves = false;
        self.broken = None;
    }

    fn fail(&mut self, line: usize, reason: &str) {
        if self.broken.is_none() {
            self.broken = Some(format!("line {line}: {reason}"));
        }
    }

    /// The line moves are read into: the innermost open variation, or the
    /// main line.
    fn moves(&mut self) -> &mut Vec<PgnMove> {
        match self.open.last_mut() {
            Some(open) => &mut open.moves,
            None => &mut self.game.moves,
        }
    }

    fn last_move(&mut self) -> Option<&mut PgnMove> {
        self.moves().last_mut()
    }

    /// `(`: a variation of the last move read.
    fn open_variation(&mut self, line: usize) {
        self.begin(line);
        self.in_moves = true;
        if self.moves().is_empty() {
            self.fail(line, "'(' before any move");
        }
        if self.open.len() >= MAX_NESTING {
            self.fail(
                line,
                &format!("variations nested deeper than {MAX_NESTING}"),
            );
        }
        self.open.push(OpenLine {
            moves: Vec::new(),
            line,
        });
    }

    /// `)`: the variation ends and joins the move it stands for. A
    /// variation without moves is dropped; a comment in it goes to that
    /// move.
    fn close_variation(&mut self, line: usize) {
        self.begin(line);
        let Some(closed) = self.open.pop() else {
            self.fail(line, "')' without '('");
            return;
        };
        let lone_comment = self.pending.take();
        if self.broken.is_some() {
            // The game is dropped; nothing nests any deeper.
            return;
        }
        let Some(parent) = self.last_move() else {
            return;
        };
        if !closed.moves.is_empty() {
            parent.variations.push(closed.moves);
        } else if let Some(text) = lone_comment {
            add_comment(&mut parent.comment, text);
        }
    }
}

/// Appends `text` to a comment (several join with a space).
fn add_comment(comment: &mut Option<String>, text: String) {
    *comment = Some(match comment.take() {
        Some(old) => format!("{old} {text}"),
        None => text,
    });
}

/// Splits PGN text into games; never fails as a whole.
#[must_use]
pub fn read_pgn(text: &str) -> PgnFile {
    let mut r = Reader {
        out: PgnFile::default(),
        game: PgnGame::default(),
        started: false,
        in_moves: false,
        broken: None,
        open: Vec::new(),
        pending: None,
    };
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut line) = (0usize, 1usize);
    while i < chars.len() {
        let c = chars[i];
        let at_line_start = i == 0 || chars[i - 1] == '\n';
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if (c == '%' && at_line_start) || c == ';' {
            i = skip_line(&chars, i);
        } else if c == '[' && (at_line_start || !r.in_moves) {
            if r.in_moves {
                r.finish("*");
            }
            i = read_tag(&mut r, &chars, i, line);
        } else if c == '{' {
            i = read_comment(&mut r, &chars, i, &mut line);
        } else if c == '(' {
            r.open_variation(line);
            i += 1;
        } else if c == ')' {
            r.close_variation(line);
            i += 1;
        } else if STRAY.contains(c) {
            // `]`, `}`, or `[` inside the moves: no token starts here.
            r.begin(line);
            r.fail(line, &format!("stray '{c}'"));
            i += 1;
        } else {
            let end = token_end(&chars, i);
            let token: String = chars[i..end].iter().collect();
            read_token(&mut r, &token, line);
            i = end;
        }
    }
    if r.started {
        if r.in_moves && r.broken.is_none() {
            // A last game without a result still counts, as unfinished.
            r.finish("*");
        } else if r.broken.is_none() {
            let line = r.game.line;
            r.fail(line, "tags without moves or result");
            r.finish("*");
        } else {
            r.finish("*");
        }
    }
    r.out
}

fn skip_line(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && chars[i] != '\n' {
        i += 1;
    }
    i
}

/// The characters that end a token (besides white space).
const DELIMITERS: &str = "{}()[];";

/// Delimiters no branch of [`read_pgn`] reads when they come here.
const STRAY: &str = "]}[";

/// The end of the token starting at `i`: past `chars[i]` at least, so the
/// reader always moves on.
fn token_end(chars: &[char], i: usize) -> usize {
    let mut end = i + 1;
    while end < chars.len() && !chars[end].is_whitespace() && !DELIMITERS.contains(chars[end]) {
        end += 1;
    }
    end
}

/// `[Name "value"]` on one line.
fn read_tag(r: &mut Reader, chars: &[char], i: usize, line: usize) -> usize {
    r.begin(line);
    let end = skip_line(chars, i);
    let text: String = chars[i..end].iter().collect();
    match parse_tag(text.trim()) {
        Some(pair) => r.game.tags.push(pair),
        None => r.fail(line, &format!("malformed tag {}", text.trim())),
    }
    end
}

fn parse_tag(text: &str) -> Option<(String, String)> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let valid_name = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    valid_name.then(|| (name.to_string(), value.replace("\\\"", "\"")))
}

fn read_comment(r: &mut Reader, chars: &[char], i: usize, line: &mut usize) -> usize {
    r.begin(*line);
    let start_line = *line;
    let mut j = i + 1;
    while j < chars.len() && chars[j] != '}' {
        *line += usize::from(chars[j] == '\n');
        j += 1;
    }
    if j >= chars.len() {
        r.fail(start_line, "unterminated comment");
        return j;
    }
    let text: String = chars[i + 1..j].iter().collect();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match r.last_move() {
        Some(m) => add_comment(&mut m.comment, text),
        None => add_comment(&mut r.pending, text),
    }
    j + 1
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A result, NAG, move number or move.
fn read_token(r: &mut Reader, token: &str, line: usize) {
    r.begin(line);
    if RESULTS.contains(&token) {
        r.finish(token);
        return;
    }
    r.in_moves = true;
    if let Some(n) = token.strip_prefix('$') {
        match n.parse::<u16>() {
            Ok(nag) => {
                if let Some(m) = r.last_move() {
                    m.nags.push(nag);
                    if m.mark.is_empty() {
                        m.mark = nag_mark(nag).to_string();
                    }
                }
            }
            Err(_) => r.fail(line, &format!("bad NAG {token}")),
        }
        return;
    }
    // Move numbers `12.` or `12...`, possibly glued to the move (`12.e4`).
    let body = token.trim_start_matches(|c: char| c.is_ascii_digit());
    let body = if body.len() < token.len() && body.starts_with('.') {
        body.trim_start_matches('.')
    } else {
        token
    };
    if body.is_empty() {
        return;
    }
    let text = body.trim_end_matches(['!', '?']);
    if text.is_empty() {
        // Marks written apart from the move (`e4 !?`).
        if let Some(m) = r.last_move() {
            m.mark = body.to_string();
        }
        return;
    }
    let comment_before = r.pending.take();
    r.moves().push(PgnMove {
        text: text.to_string(),
        mark: body[text.len()..].to_string(),
        comment_before,
        ..PgnMove::default()
    });
}

/// The mark NAGs 1-6 stand for.
fn nag_mark(nag: u16) -> &'static str {
    match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        _ => "",
    }
}

/// Plays `game`'s moves on `pos` (set to `[FEN]` first when the game has
/// one); returns the moves. `pos` ends after the last move played.
///
/// # Errors
/// One line naming the game and the first bad FEN or move:
/// `game at line 12: illegal move 3. Nf9`.
pub fn replay<P: Position>(game: &PgnGame, pos: &mut P) -> Result<Vec<P::Move>, String> {
    let at = |why: String| format!("game at line {}: {why}", game.line);
    if let Some(fen) = game.tag("FEN") {
        pos.set_fen(fen).map_err(|e| at(format!("bad FEN ({e})")))?;
    }
    let mut played = Vec::with_capacity(game.moves.len());
    for (ply, pm) in game.moves.iter().enumerate() {
        let m = parse_san(pos, &pm.text).map_err(|_| {
            let dots = if ply % 2 == 0 { "." } else { "..." };
            at(format!("illegal move {}{dots} {}", ply / 2 + 1, pm.text))
        })?;
        pos.make(m);
        played.push(m);
    }
    Ok(played)
}

/// The side to move and move number a FEN gives (White and 1 where it
/// says nothing usable).
#[must_use]
pub fn side_and_number(fen: &str) -> (Color, u32) {
    let mut fields = fen.split_whitespace();
    let side = match fields.nth(1) {
        Some("b") => Color::Black,
        _ => Color::White,
    };
    let number = fields
        .last()
        .and_then(|n| n.parse().ok())
        .filter(|&n: &u32| n > 0)
        .unwrap_or(1);
    (side, number)
}

/// `12.` or `12...` before a move of `side`.
#[must_use]
pub fn number_text(number: u32, side: Color) -> String {
    match side {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}

/// Plays every variation of `game` (at any depth) from the position where
/// it starts; `start` is the position before the main line's first move
/// (after `[FEN]`).
///
/// # Errors
/// One line naming the game and the first bad move of a variation:
/// `game at line 12: illegal move 3... Nf9 in a variation`.
pub fn check_variations<P: Position>(game: &PgnGame, start: &P) -> Result<(), String> {
    check_line(&game.moves, &mut start.clone(), false)
        .map_err(|why| format!("game at line {}: {why}", game.line))
}

/// Plays `moves` on `pos`, checking each move's variations from the
/// position before it (`in_variation`: the moves themselves are a
/// variation, so an illegal one is reported).
fn check_line<P: Position>(
    moves: &[PgnMove],
    pos: &mut P,
    in_variation: bool,
) -> Result<(), String> {
    for pm in moves {
        for v in &pm.variations {
            check_line(v, &mut pos.clone(), true)?;
        }
        let played = parse_san(pos, &pm.text).ok().filter(|&m| pos.make(m));
        if played.is_none() {
            if !in_variation {
                // The main line is [`replay`]'s to judge.
                return Ok(());
            }
            let (side, number) = side_and_number(&pos.to_fen());
            return Err(format!(
                "illegal move {} {} in a variation",
                number_text(number, side),
                pm.text
            ));
        }
    }
    Ok(())
}

/// Writes a game as read, rules-free: its tags, then the moves as written
/// with marks, NAGs, comments and variations (nested), numbered from
/// `[FEN]`'s move number and side, then the result; wrapped at 79 columns.
#[must_use]
pub fn write_game(game: &PgnGame) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        out.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "\\\"")));
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let (side, number) = game.tag("FEN").map_or((Color::White, 1), side_and_number);
    let mut words = Vec::new();
    line_words(&game.moves, side, number, &mut words);
    words.push(game.result.clone());
    out.push_str(&wrap(&words, 79));
    out.push('\n');
    out
}

/// A comment as one PGN word (`}` inside it would end it: written `)`).
#[must_use]
pub fn comment_word(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// Puts `first` before the first word and `last` after the last one (a
/// variation's parentheses), so that they wrap with their moves.
pub fn enclose(words: &mut [String], first: &str, last: &str) {
    if let Some(w) = words.first_mut() {
        w.insert_str(0, first);
    }
    if let Some(w) = words.last_mut() {
        w.push_str(last);
    }
}

/// The words of a line of moves starting with `side` to move at move
/// `number`: move numbers where PGN wants them (White's moves, the first
/// move, and a Black move after a comment or variation).
fn line_words(moves: &[PgnMove], mut side: Color, mut number: u32, words: &mut Vec<String>) {
    let mut need_number = true;
    for pm in moves {
        if let Some(c) = &pm.comment_before {
            words.push(comment_word(c));
        }
        if side == Color::White || need_number {
            words.push(number_text(number, side));
        }
        let implied = pm.nags.first().map(|&n| nag_mark(n)) == Some(pm.mark.as_str());
        let mark = if implied { "" } else { pm.mark.as_str() };
        words.push(format!("{}{mark}", pm.text));
        words.extend(pm.nags.iter().map(|n| format!("${n}")));
        need_number = false;
        if let Some(c) = &pm.comment {
            words.push(comment_word(c));
            need_number = true;
        }
        for v in &pm.variations {
            let mut inner = Vec::new();
            line_words(v, side, number, &mut inner);
            enclose(&mut inner, "(", ")");
            words.extend(inner);
            need_number = true;
        }
        if side == Color::Black {
            number += 1;
        }
        side = side.flip();
    }
}

/// Writes one game as PGN: the tags (with `[Result]` set to `result`), the
/// moves from `start` in SAN with move numbers and `{comments}`, then the
/// result, wrapped at 79 columns.
pub fn write_pgn<P: Position>(
    start: &P,
    tags: &[(String, String)],
    moves: &[(P::Move, Option<String>)],
    result: &str,
) -> String {
    let mut out = String::new();
    for (name, value) in tags.iter().filter(|(n, _)| n != "Result") {
        out.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "\\\"")));
    }
    out.push_str(&format!("[Result \"{result}\"]\n\n"));
    let mut pos = start.clone();
    let mut words = Vec::new();
    let mut number: u32 = start
        .to_fen()
        .split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    for (ply, &(m, ref comment)) in moves.iter().enumerate() {
        let white = pos.side_to_move() == crate::core::Color::White;
        if white {
            words.push(format!("{number}."));
        } else if ply == 0 {
            words.push(format!("{number}..."));
        }
        words.push(to_san(&mut pos, m));
        if !pos.make(m) {
            break;
        }
        if let Some(c) = comment {
            words.push(format!("{{{}}}", c.replace('}', ")")));
        }
        if !white {
            number += 1;
        }
    }
    words.push(result.to_string());
    out.push_str(&wrap(&words, 79));
    out.push('\n');
    out
}

/// Words joined by spaces, lines at most `width` long where possible (PGN
/// movetext and comments).
#[must_use]
pub fn wrap(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut column = 0;
    for w in words {
        if column > 0 && column + 1 + w.len() > width {
            out.push('\n');
            column = 0;
        } else if column > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(w);
        column += w.len();
    }
    out
}

#[cfg(test)]
mod tests;
