//! Immutable game definitions: what a variant's board, pieces and rules are.
//!
//! `fmax` parses Fairy-Max's `fmax.ini` text into raw [`GameDef`]s (the
//! pieces exactly as written: step vectors and hex mode words), `overlay`
//! reads the `variants/*.ini` files with the rules fmax.ini cannot say, and
//! `variant` validates both and derives the tables the boards use
//! ([`Variant`]). `builtin` holds the orthodox definition used when no file is
//! found. Depends only on `core` (and `text` to read files); nothing here
//! knows about boards or search.

pub mod betza;
pub mod board_keys;
pub mod builtin;
pub mod catalog;
pub mod end_rules;
pub mod fmax;
pub mod hands;
pub mod lint;
pub mod mobility;
pub mod mode;
pub mod orthodox;
pub mod overlay;
pub mod ray;
pub mod variant;
pub mod zones;

pub use ray::Ray;
pub use variant::Variant;

/// A problem found in a configuration file, located by file and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The file name as the user gave it (or `<built-in>`).
    pub file: String,
    /// 1-based line number; 0 when the problem is the whole file (it
    /// cannot be read, a game it lacks).
    pub line: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

/// Reads a configuration file (`what` names it in messages) as text:
/// UTF-8, else Latin-1.
///
/// # Errors
/// The file cannot be read (at line 0: the whole file), or it is not a
/// text file (at the line of its first control byte).
pub fn read_config(path: &std::path::Path, what: &str) -> Result<String, ConfigError> {
    let at = |line: usize, message: String| ConfigError {
        file: path.display().to_string(),
        line,
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| at(0, format!("cannot read {what}: {e}")))?;
    match crate::text::binary_at(&bytes) {
        Some(bad) => Err(at(bad.line, bad.to_string())),
        None => Ok(crate::text::decode(bytes)),
    }
}

impl std::error::Error for ConfigError {}

/// One piece line of a game, as written: `L:V STEP,MODE[,STEP2] ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    /// The letter as written (its case only says "centralise").
    pub letter: char,
    /// Centipawn value; negative values mark royal pieces.
    pub value: i32,
    /// The rays, STEP2 already folded into the mode's toggle bits.
    pub rays: Vec<Ray>,
    /// 1-based line of the piece in its file.
    pub line: usize,
    /// The `betza=` text the line gave (its rays are then derived from it).
    pub betza: Option<String>,
}

impl PieceDef {
    /// Lower-case letters ask for the centralisation bonus.
    #[must_use]
    pub fn centralise(&self) -> bool {
        self.letter.is_ascii_lowercase()
    }

    /// The letter's identity: upper case.
    #[must_use]
    pub fn key_letter(&self) -> char {
        self.letter.to_ascii_uppercase()
    }

    /// Royal pieces have negative values.
    #[must_use]
    pub fn is_royal(&self) -> bool {
        self.value < 0
    }
}

/// One game of an fmax.ini file before validation: the text's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDef {
    /// The name after `Game:` (empty for the anonymous default game).
    pub name: String,
    /// XBoard piece-to-char table after the first `#`, if any.
    pub piece_to_char: Option<String>,
    /// XBoard parent variant after the second `#`, if any.
    pub parent: Option<String>,
    /// The `//` comment line just before `Game:` (without `// `), for Info.
    pub info: Option<String>,
    /// Files (1..=16).
    pub width: u8,
    /// Ranks (1..=16).
    pub height: u8,
    /// The `=N` suffix of the board size (0 when absent).
    pub zone: i32,
    /// White's first rank, a-file first: 1-based piece numbers, 0 = empty.
    pub white_array: Vec<u8>,
    /// Black's last rank, a-file first: 1-based piece numbers.
    pub black_array: Vec<u8>,
    /// The piece lines in order; piece number n is `pieces[n - 1]`.
    pub pieces: Vec<PieceDef>,
    /// The `# X& BETZA` lines after the lone `#` (text after `# `).
    pub gui_pieces: Vec<String>,
    /// File the game came from.
    pub file: String,
    /// 1-based line of the `Game:` header (of the size line for the default).
    pub line: usize,
}
