//! The lint of an fmax.ini and its `variants/` overlays: every problem
//! that refuses a game or an overlay ([`lint`], a [`LintReport`]), and what
//! each piece's value is beside the estimates its moves suggest
//! ([`piece_values`]); `nightrider check` (`tools::checkcmd`) prints them.
//!
//! A value's estimates come from the piece's moves: one from its
//! empty-board mobility (`rules::mobility`), one from its reach on the
//! occupied boards of random games, which the board layer measures and the
//! caller hands in (the rules know no board).

use std::path::{Path, PathBuf};

use super::catalog::Catalog;
use super::mobility::{ValueEstimate, FAR_RATIO};
use super::{mobility, ConfigError, GameDef, Variant};

/// What a layer above the rules finds wrong with a built game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFinding {
    /// The game is refused.
    Error(ConfigError),
    /// The game is played, without what the finding names.
    Warning(ConfigError),
}

/// What a lint found.
#[derive(Clone, Debug, Default)]
pub struct LintReport {
    /// Valid `Game:` entries.
    pub games: usize,
    /// Problems that refuse a game or overlay.
    pub errors: Vec<ConfigError>,
    /// Suspicious text that refuses nothing.
    pub warnings: Vec<ConfigError>,
}

impl LintReport {
    /// The summary line: `N games, M errors` (and warnings, if any).
    #[must_use]
    pub fn summary(&self) -> String {
        let mut s = format!("{} games, {} errors", self.games, self.errors.len());
        if !self.warnings.is_empty() {
            s.push_str(&format!(", {} warnings", self.warnings.len()));
        }
        s
    }

    /// Adds what a layer above the rules found in a built game.
    pub fn add(&mut self, finding: GameFinding) {
        match finding {
            GameFinding::Error(e) => self.errors.push(e),
            GameFinding::Warning(w) => self.warnings.push(w),
        }
    }

    /// The report as `check` prints it: each error (`file:line: message`),
    /// each warning (`file:line: warning: message`), then the summary.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let errors = self.errors.iter().map(ToString::to_string);
        let warnings = self
            .warnings
            .iter()
            .map(|w| format!("{}:{}: warning: {}", w.file, w.line, w.message));
        errors
            .chain(warnings)
            .chain(std::iter::once(self.summary()))
            .collect()
    }
}

/// Lints a catalog: file and overlay errors, then every game (and the
/// default game) built with its overlay, then stray overlay files.
#[must_use]
pub fn lint(catalog: &Catalog) -> LintReport {
    let mut report = LintReport {
        games: catalog.ini().games.len(),
        errors: catalog.errors(),
        warnings: catalog.ini().warnings.clone(),
    };
    for def in catalog.games() {
        if let Ok(overlay) = catalog.overlay(&def.name) {
            if let Err(errs) = Variant::build(def, &overlay) {
                report.errors.extend(errs);
            }
        }
    }
    if catalog.ini().default_game.is_some() {
        if let Err(errs) = catalog.default_variant() {
            report.errors.extend(errs);
        }
    }
    if let Some(dir) = catalog.overlay_dir() {
        report.warnings.extend(stray_overlays(catalog, dir));
    }
    report
}

/// Overlay files in `dir` (and one level of subdirectories, for `fairy/`)
/// that belong to no game of the catalog.
fn stray_overlays(catalog: &Catalog, dir: &Path) -> Vec<ConfigError> {
    let mut files = ini_files(dir, "");
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.path().is_dir() {
                let prefix = format!("{}/", e.file_name().to_string_lossy());
                files.extend(ini_files(&e.path(), &prefix));
            }
        }
    }
    files.sort();
    let known = |n: &str| {
        catalog
            .ini()
            .names()
            .any(|g| g == n || g.to_ascii_lowercase() == n)
            || catalog
                .ini()
                .refused
                .iter()
                .any(|r| r.name == n || r.name.to_ascii_lowercase() == n)
    };
    files
        .into_iter()
        .filter(|(name, _)| !known(name))
        .map(|(name, path)| ConfigError {
            file: path.display().to_string(),
            line: 1,
            message: format!("overlay for `{name}`, but the ini has no such game"),
        })
        .collect()
}

/// `(prefix + stem, path)` of the `.ini` files directly in `dir`.
fn ini_files(dir: &Path, prefix: &str) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ini"))
        .filter_map(|p| {
            let stem = p.file_stem()?.to_string_lossy().to_string();
            Some((format!("{prefix}{stem}"), p))
        })
        .collect()
}

/// What `check` knows of the value of one piece that is neither pawn nor
/// royal.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceValue {
    /// Its letter (upper case).
    pub letter: char,
    /// The value fmax.ini writes for it.
    pub written: i32,
    /// The 1-based line of its piece line (0 when not found).
    pub line: usize,
    /// The estimate from its empty-board mobility (its `ini` is the value
    /// the variant plays before the estimate: the overlay's, else the
    /// written one).
    pub empty: ValueEstimate,
    /// Its average reach on occupied boards and the estimate from it
    /// (`None` when there is no measure).
    pub occupied: Option<(f64, i32)>,
    /// The value the overlay's `[eval]` section gives it (`value.LETTER`).
    pub tuned: Option<i32>,
}

impl PieceValue {
    /// The value the engine plays: the overlay's, else the written one
    /// when positive, else the empty-board estimate.
    #[must_use]
    pub fn played(&self) -> i32 {
        self.empty.used()
    }

    /// The estimate a written value is judged by: the occupied-board one,
    /// else the empty-board one.
    #[must_use]
    pub fn estimate(&self) -> i32 {
        self.occupied.map_or(self.empty.estimate, |(_, e)| e)
    }

    /// Whether the written value is not positive or more than
    /// [`FAR_RATIO`] times away from [`PieceValue::estimate`].
    #[must_use]
    pub fn far(&self) -> bool {
        let ratio = f64::from(self.written) / f64::from(self.estimate().max(1));
        self.written <= 0 || !(1.0 / FAR_RATIO..=FAR_RATIO).contains(&ratio)
    }

    /// Its line in `check --pieces` and `check --values`.
    #[must_use]
    pub fn report(&self) -> String {
        let occupied = self
            .occupied
            .map_or("no measure".to_string(), |(reach, e)| {
                format!("reach {reach:.2}, estimate {e}")
            });
        let tuned = self.tuned.map_or(String::new(), |t| format!("; tuned {t}"));
        let verdict = if self.far() {
            "far from the estimate"
        } else {
            "plausible"
        };
        format!(
            "  {}: value {} (empty board: mobility {:.2}, estimate {}; occupied: {occupied}{tuned}): {verdict}, the engine plays with {}",
            self.letter, self.written, self.empty.mobility, self.empty.estimate, self.played()
        )
    }

    /// The warning of [`PieceValue::warning`] at the piece's line of
    /// `def`'s file.
    #[must_use]
    pub fn note(&self, def: &GameDef) -> ConfigError {
        ConfigError {
            file: def.file.clone(),
            line: self.line,
            message: self.warning(&def.name),
        }
    }

    /// The warning `check` gives when [`PieceValue::far`].
    #[must_use]
    pub fn warning(&self, game: &str) -> String {
        let basis = match self.occupied {
            Some(_) => format!(
                "estimated from its reach on occupied boards ({} from its empty-board mobility)",
                self.empty.estimate
            ),
            None => "estimated from its empty-board mobility".to_string(),
        };
        format!(
            "game {game}: piece {} value {} is far from {} {basis}; the engine plays with {}",
            self.letter,
            self.written,
            self.estimate(),
            self.played()
        )
    }
}

/// The values of the pieces of `v` (built from `def`) that are neither
/// pawn nor royal; `occupied` is each canonical type's average reach on
/// occupied boards (`None` where there is no measure), as
/// `mailbox::occupied::occupied_mobility` measures it.
#[must_use]
pub fn piece_values(def: &GameDef, v: &Variant, occupied: &[Option<f64>]) -> Vec<PieceValue> {
    let from_occupied = mobility::occupied_estimates(v, occupied);
    mobility::estimate_values(v)
        .iter()
        .enumerate()
        .filter_map(|(t, e)| e.map(|e| (t, e)))
        .map(|(t, empty)| {
            let letter = v.types[t].letter;
            // Piece line j is ini number j + 1, which `canonical` maps to
            // its type.
            let piece = def
                .pieces
                .iter()
                .enumerate()
                .find(|&(j, _)| v.canonical.get(j + 1).map(|&c| usize::from(c)) == Some(t))
                .map(|(_, p)| p);
            PieceValue {
                letter,
                written: piece.map_or(empty.ini, |p| p.value),
                line: piece.map_or(0, |p| p.line),
                empty,
                occupied: occupied
                    .get(t)
                    .copied()
                    .flatten()
                    .zip(from_occupied.get(t).copied().flatten()),
                tuned: v
                    .overlay
                    .piece_values
                    .iter()
                    .find(|(l, _)| *l == letter)
                    .map(|&(_, n)| n),
            }
        })
        .collect()
}
