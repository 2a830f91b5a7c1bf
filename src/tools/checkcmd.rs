//! `nightrider check [FILE] [--ini FILE] [--pieces] [--values]`: lints an
//! fmax.ini and its `variants/` overlays (`rules::lint`), builds every game,
//! prints each problem as `file:line: message`, warns about each piece
//! value written far from what the piece's moves suggest, and ends with a
//! summary `N games, M errors`; with `--pieces` it first lists every piece
//! of every game with its rays, the Betza derived from them and its value
//! beside the estimates, with `--values` only the values.
//!
//! The estimates use the piece's reach on occupied boards, which the
//! mailbox board measures (`mailbox::occupied`), and each game's network
//! is checked against the game (`eval::network::check`).

use crate::eval::network;
use crate::mailbox::occupied::occupied_mobility;
use crate::rules::catalog::{self, Catalog};
use crate::rules::lint::{lint, piece_values, LintReport, PieceValue};
use crate::rules::{betza, fmax, ConfigError, GameDef, Variant};
use std::path::{Path, PathBuf};

/// The arguments of `check`.
#[derive(Clone, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct CheckArgs {
    /// The fmax.ini to lint (default: the one the engine loads)
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// The same file, given as an option
    #[arg(long, value_name = "FILE")]
    pub ini: Option<PathBuf>,
    /// List every piece of every game with its rays, its Betza and its values
    #[arg(long)]
    pub pieces: bool,
    /// List every piece's value beside its estimates
    #[arg(long)]
    pub values: bool,
}

impl CheckArgs {
    /// The file given as FILE or by `--ini`, if any.
    ///
    /// # Errors
    /// Two different files.
    pub fn file(&self) -> Result<Option<&Path>, String> {
        match (&self.file, &self.ini) {
            (Some(a), Some(b)) if a != b => Err("give the file only once".to_string()),
            (a, b) => Ok(a.as_deref().or(b.as_deref())),
        }
    }
}

/// Runs `check`; returns the exit code (1 on errors, 2 on bad arguments).
#[must_use]
pub fn run(args: &CheckArgs) -> i32 {
    let file = match args.file() {
        Ok(file) => file,
        Err(message) => {
            eprintln!("check: {message}");
            return 2;
        }
    };
    let report = match catalog::read_ini(file) {
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
            if args.pieces || args.values {
                print_pieces(&catalog, args.pieces);
            }
            full_report(&catalog)
        }
    };
    for line in report.lines() {
        println!("{line}");
    }
    i32::from(!report.errors.is_empty())
}

/// The lint of `catalog`, with what each game's network and piece values
/// add to it.
fn full_report(catalog: &Catalog) -> LintReport {
    let mut report = lint(catalog);
    for def in catalog.games() {
        let Ok(overlay) = catalog.overlay(&def.name) else {
            continue;
        };
        if let Some(finding) = Variant::build(def, &overlay)
            .ok()
            .and_then(|v| network::check(&v))
        {
            report.add(finding);
        }
    }
    report.warnings.extend(far_value_notes(catalog));
    report
}

/// The values of the pieces of `def`'s game as the engine plays it, or
/// `None` when the game does not build.
fn values_of(catalog: &Catalog, def: &GameDef) -> Option<Vec<PieceValue>> {
    let v = catalog.variant(&def.name).ok()?;
    Some(piece_values(def, &v, &occupied_mobility(&v)))
}

/// Prints every game's pieces (the default game first, as `(default)`):
/// with `rays` their rays and Betza, then their values.
fn print_pieces(catalog: &Catalog, rays: bool) {
    let ini = catalog.ini();
    for def in ini.default_game.iter().chain(ini.games.iter()) {
        let name = if def.name.is_empty() {
            "(default)"
        } else {
            def.name.as_str()
        };
        println!("game {name}:");
        if rays {
            for line in betza::piece_report(def) {
                println!("{line}");
            }
        }
        for value in values_of(catalog, def).unwrap_or_default() {
            println!("{}", value.report());
        }
    }
}

/// Warnings for the pieces whose written value is far from its estimate
/// (the engine still plays it as written, or as the overlay tunes it).
fn far_value_notes(catalog: &Catalog) -> Vec<ConfigError> {
    catalog
        .games()
        .flat_map(|def| {
            values_of(catalog, def)
                .unwrap_or_default()
                .into_iter()
                .filter(PieceValue::far)
                .map(|value| value.note(def))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_given_once_as_an_argument_or_an_option() {
        let args = |file: Option<&str>, ini: Option<&str>| CheckArgs {
            file: file.map(PathBuf::from),
            ini: ini.map(PathBuf::from),
            ..CheckArgs::default()
        };
        assert_eq!(args(None, None).file(), Ok(None));
        assert_eq!(
            args(Some("a.ini"), None).file(),
            Ok(Some(Path::new("a.ini")))
        );
        assert_eq!(
            args(None, Some("b.ini")).file(),
            Ok(Some(Path::new("b.ini")))
        );
        assert_eq!(
            args(Some("a.ini"), Some("a.ini")).file(),
            Ok(Some(Path::new("a.ini")))
        );
        assert_eq!(
            args(Some("a.ini"), Some("b.ini")).file(),
            Err("give the file only once".to_string())
        );
    }
}
