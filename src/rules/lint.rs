//! `nightrider check [FILE] [--ini FILE] [--pieces]`: lints an fmax.ini and
//! its `variants/` overlays, builds every game into a [`Variant`], prints
//! each problem as `file:line: message` and a summary `N games, M errors`;
//! with `--pieces` also every piece of every game with its rays and the
//! Betza derived from them.

use std::path::{Path, PathBuf};

use super::catalog::{self, Catalog};
use super::{betza, fmax, mobility, ConfigError, Variant};

/// Usage line of the subcommand.
pub const USAGE: &str = "check [FILE] [--ini FILE] [--pieces]   lint an fmax.ini (default: the one the engine loads) and its variants/ overlays; --pieces lists every piece with its rays and Betza";

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

/// Parses `check`'s arguments: the optional file and `--pieces`.
fn parse_args(args: &[String]) -> Result<(Option<PathBuf>, bool), String> {
    let mut file: Option<String> = None;
    let mut pieces = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--pieces" {
            pieces = true;
            continue;
        }
        let value = if a == "--ini" {
            it.next().cloned().ok_or("--ini needs a FILE")?
        } else if let Some(v) = a.strip_prefix("--ini=") {
            v.to_string()
        } else if a.starts_with('-') && a != "-" {
            return Err(format!("unknown option `{a}`"));
        } else {
            a.clone()
        };
        if file.as_ref().is_some_and(|f| *f != value) {
            return Err("give the file only once".into());
        }
        file = Some(value);
    }
    Ok((file.map(PathBuf::from), pieces))
}

/// Prints every piece of every game (the default game first, as `(default)`).
fn print_pieces(catalog: &Catalog) {
    let ini = catalog.ini();
    for def in ini.default_game.iter().chain(ini.games.iter()) {
        let name = if def.name.is_empty() {
            "(default)"
        } else {
            def.name.as_str()
        };
        println!("game {name}:");
        for line in betza::piece_report(def) {
            println!("{line}");
        }
        if let Ok(v) = catalog.variant(&def.name) {
            for line in value_report(&v) {
                println!("{line}");
            }
        }
    }
}

/// One line per non-pawn, non-royal piece of `v`: its ini value and the
/// estimate from its empty-board mobility, marking the values that look
/// absurd beside the estimate and the value the engine plays.
#[must_use]
pub fn value_report(v: &Variant) -> Vec<String> {
    mobility::estimate_values(v)
        .iter()
        .enumerate()
        .filter_map(|(t, e)| e.map(|e| (v.types[t].letter, e)))
        .map(|(letter, e)| {
            let verdict = if e.absurd {
                format!("absurd, the engine plays with {}", e.used())
            } else {
                "plausible".to_string()
            };
            format!(
                "  {letter}: value {} (mobility {:.2}, estimate {}): {verdict}",
                e.ini, e.mobility, e.estimate
            )
        })
        .collect()
}

/// Warnings for the games whose ini values look absurd beside their
/// mobility estimate (the engine plays them as written when positive).
fn absurd_value_notes(catalog: &Catalog) -> Vec<ConfigError> {
    let mut notes = Vec::new();
    for def in catalog.games() {
        let Ok(v) = catalog.variant(&def.name) else {
            continue;
        };
        for (t, e) in mobility::estimate_values(&v).iter().enumerate() {
            let Some(e) = e.filter(|e| e.absurd) else {
                continue;
            };
            let letter = v.types[t].letter;
            let line = def
                .pieces
                .iter()
                .find(|p| p.key_letter() == letter && p.value == e.ini)
                .map_or(0, |p| p.line);
            notes.push(ConfigError {
                file: def.file.clone(),
                line,
                message: format!(
                    "game {}: piece {letter} value {} looks absurd beside {} estimated from its mobility; the engine plays with {}",
                    def.name, e.ini, e.estimate, e.used()
                ),
            });
        }
    }
    notes
}

/// Runs `nightrider check`; returns the exit code (1 on errors).
#[must_use]
pub fn run_check(args: &[String]) -> i32 {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("usage: nightrider {USAGE}");
        return 0;
    }
    let (explicit, pieces) = match parse_args(args) {
        Ok(f) => f,
        Err(msg) => {
            eprintln!("check: {msg}\nusage: nightrider {USAGE}");
            return 2;
        }
    };
    let report = match catalog::read_ini(explicit.as_deref()) {
        Err(errors) => LintReport {
            games: 0,
            errors,
            warnings: Vec::new(),
        },
        Ok((path, name, text)) => {
            let dir = catalog::locate_overlay_dir(path.as_deref());
            println!(
                "checking {name} (overlays: {})",
                dir.as_ref()
                    .map_or("none".to_string(), |d| d.display().to_string())
            );
            let catalog = Catalog::from_ini(fmax::parse(&text, &name), path, dir);
            if pieces {
                print_pieces(&catalog);
            }
            let mut report = lint(&catalog);
            report.warnings.extend(absurd_value_notes(&catalog));
            report
        }
    };
    for e in &report.errors {
        println!("{e}");
    }
    for w in &report.warnings {
        println!("{}:{}: warning: {}", w.file, w.line, w.message);
    }
    println!("{}", report.summary());
    i32::from(!report.errors.is_empty())
}
