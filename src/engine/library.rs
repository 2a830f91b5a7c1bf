//! The engine's view of the variant catalog: loading with a fallback to the
//! built-in orthodox definition, XBoard's size-prefixed names
//! (`10x8+0_capablanca`), `fischerandom` (bitboard only), and the option
//! values (`IniFile`, `FairyVariant`, `MakrukRules`).

use crate::rules::builtin::ORTHODOX_INI;
use crate::rules::catalog::{Catalog, ChoiceError, BUILTIN_NAME, FAIRY_PREFIX};
use crate::rules::lint::{lint, GameFinding};
use crate::rules::overlay::Overlay;
use crate::rules::{ConfigError, Variant};
use std::path::Path;
use std::sync::Arc;

/// XBoard's name for Chess960, played on the bitboard.
pub const FISCHERANDOM: &str = "fischerandom";

/// `normal` as [`FISCHERANDOM`]: its pieces with Chess960 castling (the
/// overlay key `castling960`); `normal` itself if that does not build.
fn with_chess960(normal: &Arc<Variant>) -> Arc<Variant> {
    let mut def = normal.def.clone();
    def.name = FISCHERANDOM.to_string();
    let overlay = Overlay {
        castling960: true,
        ..normal.overlay.clone()
    };
    Variant::build(&def, &overlay).map_or_else(|_| Arc::clone(normal), Arc::new)
}

/// The loaded catalog plus the built-in one to fall back on.
#[derive(Clone, Debug)]
pub struct Library {
    catalog: Catalog,
    builtin: Catalog,
}

/// What loading the variant definitions found wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadReport {
    /// The file could not be used at all (unreadable, not text, no valid
    /// game): only the built-in orthodox definition was loaded.
    pub unusable: bool,
    /// Why the file is unusable; else the errors `nightrider check` reports
    /// for it (games and overlays refused, games that do not build).
    pub errors: Vec<ConfigError>,
}

impl Library {
    /// Loads the catalog (`path`, else fmax.ini next to the binary or in the
    /// working directory); when the file is unusable only the built-in
    /// definition is available. The report says what was wrong.
    #[must_use]
    pub fn load(path: Option<&str>) -> (Library, LoadReport) {
        let builtin = Catalog::from_text(ORTHODOX_INI, BUILTIN_NAME, &[]);
        match Catalog::load(path.map(Path::new)) {
            Ok(catalog) => {
                let report = LoadReport {
                    unusable: false,
                    errors: lint(&catalog).errors,
                };
                (Library { catalog, builtin }, report)
            }
            Err(errors) => (
                Library {
                    catalog: builtin.clone(),
                    builtin,
                },
                LoadReport {
                    unusable: true,
                    errors,
                },
            ),
        }
    }

    /// The name without XBoard's `WxH+S_` board-size prefix.
    #[must_use]
    pub fn base_name(name: &str) -> &str {
        match name.split_once('_') {
            Some((prefix, rest)) if prefix.contains('x') && prefix.contains('+') => rest,
            _ => name,
        }
    }

    /// The variant a protocol name selects (`fischerandom`, when the file
    /// has none, is `normal` with Chess960 castling).
    ///
    /// # Errors
    /// A one-line reason when the name is unknown or its definition broken.
    pub fn variant(&self, name: &str) -> Result<Arc<Variant>, String> {
        let base = Library::base_name(name);
        if base == FISCHERANDOM && self.catalog.variant(FISCHERANDOM).is_err() {
            // Fairy-Max's file has no fischerandom: normal's pieces, Chess960 castling.
            return self
                .catalog_variant("normal", name)
                .map(|v| with_chess960(&v));
        }
        self.catalog_variant(base, name)
    }

    /// The catalog's variant `base`, selected as `name`.
    fn catalog_variant(&self, base: &str, name: &str) -> Result<Arc<Variant>, String> {
        let variant = self.catalog.variant(base).map_err(|errors| {
            errors
                .first()
                .map_or_else(|| format!("no variant {name}"), ToString::to_string)
        })?;
        if let Some(GameFinding::Error(e)) = crate::eval::network::check(&variant) {
            return Err(e.to_string());
        }
        Ok(variant)
    }

    /// Standard chess: the file's `normal` if it is valid, else the built-in one.
    #[must_use]
    pub fn normal(&self) -> Arc<Variant> {
        self.variant("normal").unwrap_or_else(|_| {
            let variant = self.builtin.variant("normal");
            variant.expect("the built-in orthodox definition is valid")
        })
    }

    /// The file the definitions come from.
    #[must_use]
    pub fn path(&self) -> String {
        self.catalog
            .ini_path()
            .map_or_else(|| BUILTIN_NAME.to_string(), |p| p.display().to_string())
    }

    /// The names to advertise, `normal` first, `fischerandom` after it.
    #[must_use]
    pub fn xboard_variants(&self) -> Vec<String> {
        let mut names = self.catalog.xboard_variants();
        names.retain(|n| n != "normal" && n != FISCHERANDOM);
        let mut out = vec!["normal".to_string(), FISCHERANDOM.to_string()];
        out.extend(names);
        out
    }

    /// Every game a UCI GUI may select: the names XBoard is offered, with
    /// each `fairy/` game under its own name instead of `fairy`.
    #[must_use]
    pub fn all_games(&self) -> Vec<String> {
        let mut names = self.xboard_variants();
        if self.catalog.ini().game("fairy").is_none() {
            names.retain(|n| n != "fairy");
        }
        names.extend(
            self.catalog
                .fairy_choices()
                .into_iter()
                .map(|c| format!("{FAIRY_PREFIX}{c}")),
        );
        names
    }

    /// The games `fairy` can stand for, and the current one.
    #[must_use]
    pub fn fairy_choices(&self) -> (Vec<String>, String) {
        let choices = self
            .catalog
            .fairy_choices()
            .into_iter()
            .map(str::to_string)
            .collect();
        (
            choices,
            self.catalog.fairy_choice().unwrap_or_default().to_string(),
        )
    }

    /// The rule sets `makruk` can stand for, and the current one.
    #[must_use]
    pub fn makruk_choices(&self) -> (Vec<String>, String) {
        let choices = self
            .catalog
            .makruk_choices()
            .into_iter()
            .map(str::to_string)
            .collect();
        (choices, self.catalog.makruk_choice().to_string())
    }

    /// Selects what `fairy` means.
    ///
    /// # Errors
    /// Not a `fairy/` game of the file.
    pub fn set_fairy_choice(&mut self, choice: &str) -> Result<(), ChoiceError> {
        self.catalog.set_fairy_choice(choice)
    }

    /// Selects what `makruk` means.
    ///
    /// # Errors
    /// Not one of the rule sets.
    pub fn set_makruk_choice(&mut self, choice: &str) -> Result<(), ChoiceError> {
        self.catalog.set_makruk_choice(choice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::orthodox::{classify, Orthodox};

    /// A file without `fischerandom` (Fairy-Max's) still offers it: normal's
    /// pieces with Chess960 castling, which the bitboard plays.
    #[test]
    fn fischerandom_without_a_definition_is_normal_with_chess960_castling() {
        let builtin = Catalog::from_text(ORTHODOX_INI, BUILTIN_NAME, &[]);
        assert!(builtin.variant(FISCHERANDOM).is_err());
        let library = Library {
            catalog: builtin.clone(),
            builtin,
        };
        let v = library.variant(FISCHERANDOM).unwrap();
        assert_eq!(v.name, FISCHERANDOM);
        assert!(v.overlay.castling960);
        assert_eq!(classify(&v), Some(Orthodox::Chess960));
        let normal = library.variant("normal").unwrap();
        assert_eq!(normal.name, "normal");
        assert_eq!(classify(&normal), Some(Orthodox::Chess));
    }
}
