//! Parser for Fairy-Max's fmax.ini format, working on `&str`.
//!
//! Follows Fairy-Max 5.0b's grammar (sections 1-4 of the comments in `fmax.ini`): the file
//! starts with `version 4.8(w)` and an anonymous default game; every other
//! game starts at a line beginning (column 0) with `Game: NAME [# TABLE [#
//! PARENT]]`; the `//` line right before it is the game's Info text; the
//! body is read token by token (size, 2×W piece numbers, piece lines) up to
//! the first token that is no piece line, then an optional lone `#` line and
//! `# X& BETZA` lines. All other text is comment. Unlike Fairy-Max, every
//! problem is reported with its line, and only the broken games are refused.
//!
//! Decisions where Fairy-Max is silent or broken:
//! * duplicate `Game:` names: the first definition wins (Fairy-Max finds the
//!   first); each later one is refused with an error;
//! * `0` in black's back rank: a warning, the square stays empty;
//! * boards up to 16x16 (Fairy-Max: 14x16);
//! * a `betza=TEXT` word on a piece line adds the rays of that Betza text
//!   (Nightrider's extension, see `rules::betza`; Fairy-Max would end the
//!   piece list there).

mod body;
pub mod tokens;

use self::body::Report;
pub use self::body::{MAX_PIECES, MAX_RAYS};
use super::{ConfigError, GameDef};

/// The outcome of parsing one fmax.ini text.
#[derive(Clone, Debug, Default)]
pub struct IniFile {
    /// The file name used in messages.
    pub file: String,
    /// True if the file starts with the `version 4.8(w)` line.
    pub version_ok: bool,
    /// The anonymous game right after the version line, if it is valid.
    pub default_game: Option<GameDef>,
    /// Every valid `Game:` entry, in file order.
    pub games: Vec<GameDef>,
    /// Every problem found; a game with any error is refused.
    pub errors: Vec<ConfigError>,
    /// Suspicious text that does not refuse anything.
    pub warnings: Vec<ConfigError>,
    /// The `Game:` entries refused because of errors, in file order (a
    /// refused duplicate is listed too, though its name may be valid).
    pub refused: Vec<RefusedGame>,
}

/// A `Game:` entry that was not loaded, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedGame {
    /// The name after `Game:`.
    pub name: String,
    /// 1-based line of its `Game:` header.
    pub line: usize,
    /// The errors found in it.
    pub errors: Vec<ConfigError>,
}

impl IniFile {
    /// The valid game called exactly `name` (case-sensitive).
    #[must_use]
    pub fn game(&self, name: &str) -> Option<&GameDef> {
        self.games.iter().find(|g| g.name == name)
    }

    /// The names of the valid games, in file order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.games.iter().map(|g| g.name.as_str())
    }
}

/// Parses an fmax.ini text; `file` is the name used in messages.
#[must_use]
pub fn parse(text: &str, file: &str) -> IniFile {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let mut rep = Report {
        file,
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let mut ini = IniFile {
        file: file.to_string(),
        ..IniFile::default()
    };
    let headers: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("Game:"))
        .collect();
    let first_header = headers.first().copied().unwrap_or(lines.len());
    ini.version_ok = check_version(&lines, &mut rep);
    if ini.version_ok {
        let size_line = (1..first_header).find(|&i| !lines[i].trim().is_empty());
        let mut def = empty_game(String::new(), file, size_line.map_or(2, |i| i + 1));
        let before = rep.errors.len();
        body::parse_body(&lines, 1, first_header, &mut def, &mut rep);
        if rep.errors.len() == before {
            ini.default_game = Some(def);
        }
    }
    let mut seen: Vec<(String, usize)> = Vec::new();
    for (k, &h) in headers.iter().enumerate() {
        let end = headers.get(k + 1).copied().unwrap_or(lines.len());
        read_game(&lines, h, end, &mut seen, &mut ini, &mut rep);
    }
    warn_misplaced_headers(&lines, &mut rep);
    ini.errors = rep.errors;
    ini.warnings = rep.warnings;
    ini
}

fn check_version(lines: &[&str], rep: &mut Report) -> bool {
    let first = lines.first().copied().unwrap_or("");
    if tokens::is_version_line(first) {
        return true;
    }
    let expected = format!("expected `{}` as the first line", tokens::VERSION_LINE);
    if first.starts_with("version") {
        rep.error(
            1,
            format!("unsupported version `{}`: {expected}", first.trim()),
        );
    } else {
        rep.error(
            1,
            format!("missing version line: {expected}, found `{}`", first.trim()),
        );
    }
    false
}

fn empty_game(name: String, file: &str, line: usize) -> GameDef {
    GameDef {
        name,
        piece_to_char: None,
        parent: None,
        info: None,
        width: 0,
        height: 0,
        zone: 0,
        white_array: Vec::new(),
        black_array: Vec::new(),
        pieces: Vec::new(),
        gui_pieces: Vec::new(),
        file: file.to_string(),
        line,
    }
}

/// Parses the game whose `Game:` line is `lines[h]`, its text ending before
/// `lines[end]`.
fn read_game(
    lines: &[&str],
    h: usize,
    end: usize,
    seen: &mut Vec<(String, usize)>,
    ini: &mut IniFile,
    rep: &mut Report,
) {
    let header = tokens::game_header(&lines[h]["Game:".len()..]);
    let Some(name) = header.name else {
        rep.error(h + 1, "missing game name after `Game:`".into());
        return;
    };
    if !header.trailing.is_empty() {
        rep.warn(
            h + 1,
            format!(
                "text after the game header is ignored: `{}`",
                header.trailing
            ),
        );
    }
    let mut def = empty_game(name.to_string(), &ini.file, h + 1);
    def.piece_to_char = header.piece_to_char.map(str::to_string);
    def.parent = header.parent.map(str::to_string);
    def.info = h
        .checked_sub(1)
        .map(|p| lines[p])
        .filter(|l| l.starts_with('/'))
        .map(|l| l.trim_start_matches('/').trim().to_string());
    let before = rep.errors.len();
    if let Some((_, first)) = seen.iter().find(|(n, _)| n == name) {
        rep.error(
            h + 1,
            format!("duplicate game `{name}` (first defined on line {first}): the first definition is used"),
        );
    } else {
        seen.push((name.to_string(), h + 1));
    }
    body::parse_body(lines, h + 1, end, &mut def, rep);
    if rep.errors.len() == before {
        ini.games.push(def);
    } else {
        ini.refused.push(RefusedGame {
            name: name.to_string(),
            line: h + 1,
            errors: rep.errors[before..].to_vec(),
        });
    }
}

/// Warns about lines that look like a `Game:` header Fairy-Max would not
/// see (indented, or spelled in another case).
fn warn_misplaced_headers(lines: &[&str], rep: &mut Report) {
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let starts = trimmed
            .get(..5)
            .is_some_and(|p| p.eq_ignore_ascii_case("game:"));
        if starts && !line.starts_with("Game:") {
            rep.warn(
                i + 1,
                "looks like a game header, but only `Game:` at the start of a line begins a game"
                    .into(),
            );
        }
    }
}
