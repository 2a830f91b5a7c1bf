//! The variant catalog: one loaded fmax.ini plus its `variants/` overlays,
//! the name aliases, and the "Variant fairy selects" and "Makruk rules"
//! choices.
//!
//! Finding fmax.ini: an explicit path first, then next to the binary, then
//! the working directory; with none of them the built-in orthodox
//! definition ([`builtin::ORTHODOX_INI`]) is used. `variants/` is looked for
//! next to the ini file used, then next to the binary, then in the working
//! directory. Selecting a variant builds a fresh [`Variant`] or returns
//! every error: the caller's current variant is never touched.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::fmax::{self, IniFile};
use super::overlay::{self, Overlay};
use super::{builtin, read_config, ConfigError, GameDef, Variant};

/// Why a game choice (the "Variant fairy selects" and "Makruk rules"
/// options) was refused; the old choice stays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChoiceError {
    /// No game `fairy/NAME` in the file (the full name).
    NoFairyGame(String),
    /// Not one of the Makruk rule sets (the name given).
    NotAMakrukRule(String),
}

impl std::fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChoiceError::NoFairyGame(full) => write!(f, "no game `{full}` to select for `fairy`"),
            ChoiceError::NotAMakrukRule(choice) => write!(
                f,
                "Makruk rules `{choice}`: expected one of {}",
                MAKRUK_RULES.join(", ")
            ),
        }
    }
}

impl std::error::Error for ChoiceError {}

/// The file name looked for when no path is given.
pub const INI_NAME: &str = "fmax.ini";
/// The overlay directory's name.
pub const VARIANTS_DIR: &str = "variants";
/// The name shown for the built-in definition.
pub const BUILTIN_NAME: &str = "<built-in>";
/// Prefix of the `Game:` names offered through "Variant fairy selects".
pub const FAIRY_PREFIX: &str = "fairy/";
/// The games "Makruk rules" may select, in option order.
pub const MAKRUK_RULES: [&str; 3] = ["makruk", "Cambodian", "Ai-wok"];

/// Names that stand for another game of the file.
const ALIASES: &[(&str, &str)] = &[
    ("chess", "normal"),
    ("standard", "normal"),
    ("chess-queen-promotion-only", "normal"),
];

/// Aliases that also restrict the promotion choices (letters).
const PROMOTION_ALIASES: &[(&str, &str)] = &[("chess-queen-promotion-only", "Q")];

/// A loaded fmax.ini with its overlays.
#[derive(Clone, Debug)]
pub struct Catalog {
    ini: IniFile,
    ini_path: Option<PathBuf>,
    overlay_dir: Option<PathBuf>,
    overlays: HashMap<String, Result<Overlay, Vec<ConfigError>>>,
    fairy_choice: Option<String>,
    makruk_choice: String,
}

/// Where the engine would read fmax.ini from: the explicit path, next to
/// the binary, or in the working directory; `None` = the built-in text.
#[must_use]
pub fn locate_ini(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(p.to_path_buf());
    }
    search_dirs()
        .into_iter()
        .map(|d| d.join(INI_NAME))
        .find(|p| p.is_file())
}

/// The binary's directory, then the working directory.
fn search_dirs() -> Vec<PathBuf> {
    let exe_dir = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf));
    exe_dir
        .into_iter()
        .chain(std::env::current_dir().ok())
        .collect()
}

/// `variants/` next to the ini (if any), the binary, or the working directory.
#[must_use]
pub fn locate_overlay_dir(ini_path: Option<&Path>) -> Option<PathBuf> {
    let ini_dir = ini_path.map(|p| match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    });
    ini_dir
        .into_iter()
        .chain(search_dirs())
        .map(|d| d.join(VARIANTS_DIR))
        .find(|d| d.is_dir())
}

/// Reads the text of the ini the engine would use, with its display name.
///
/// # Errors
/// The file exists (or was named) but cannot be read or is not text.
pub fn read_ini(
    explicit: Option<&Path>,
) -> Result<(Option<PathBuf>, String, String), Vec<ConfigError>> {
    match locate_ini(explicit) {
        None => Ok((
            None,
            BUILTIN_NAME.to_string(),
            builtin::ORTHODOX_INI.to_string(),
        )),
        Some(path) => {
            let name = path.display().to_string();
            let text = read_config(&path, INI_NAME).map_err(|e| vec![e])?;
            Ok((Some(path), name, text))
        }
    }
}

impl Catalog {
    /// Loads fmax.ini (see the module doc for where) and its overlays.
    ///
    /// # Errors
    /// The file cannot be read, lacks the version line, or holds no valid
    /// game; the caller should keep its previous catalog. Errors of single
    /// games do not fail the load: see [`Catalog::errors`].
    pub fn load(explicit: Option<&Path>) -> Result<Catalog, Vec<ConfigError>> {
        let (path, name, text) = read_ini(explicit)?;
        let ini = fmax::parse(&text, &name);
        if !ini.version_ok || (ini.games.is_empty() && ini.default_game.is_none()) {
            let mut errors = ini.errors;
            if errors.is_empty() {
                errors.push(ConfigError {
                    file: name,
                    line: 1,
                    message: "no valid game in the file".into(),
                });
            }
            return Err(errors);
        }
        let dir = locate_overlay_dir(path.as_deref());
        Ok(Catalog::from_ini(ini, path, dir))
    }

    /// A catalog from a parsed file and an overlay directory (never fails:
    /// broken games and overlays only fail when selected).
    #[must_use]
    pub fn from_ini(
        ini: IniFile,
        ini_path: Option<PathBuf>,
        overlay_dir: Option<PathBuf>,
    ) -> Catalog {
        let mut overlays = HashMap::new();
        if let Some(dir) = &overlay_dir {
            for name in ini
                .names()
                .chain(ini.refused.iter().map(|r| r.name.as_str()))
            {
                if let Some(path) = overlay::overlay_path(dir, name) {
                    overlays.insert(name.to_string(), overlay::load_overlay(&path));
                }
            }
        }
        Catalog::assemble(ini, ini_path, overlay_dir, overlays)
    }

    /// A catalog from text, for tests: `overlays` pairs a variant name with
    /// the text of its overlay (reported as `variants/NAME.ini`).
    #[must_use]
    pub fn from_text(text: &str, file_name: &str, overlays: &[(&str, &str)]) -> Catalog {
        let ini = fmax::parse(text, file_name);
        let parsed = overlays
            .iter()
            .map(|(name, body)| {
                let file = format!("{VARIANTS_DIR}/{name}.ini");
                (name.to_string(), overlay::parse_overlay(body, &file))
            })
            .collect();
        Catalog::assemble(ini, None, None, parsed)
    }

    fn assemble(
        ini: IniFile,
        ini_path: Option<PathBuf>,
        overlay_dir: Option<PathBuf>,
        overlays: HashMap<String, Result<Overlay, Vec<ConfigError>>>,
    ) -> Catalog {
        let fairy_choice = ini
            .names()
            .find(|n| n.starts_with(FAIRY_PREFIX))
            .map(str::to_string);
        Catalog {
            ini,
            ini_path,
            overlay_dir,
            overlays,
            fairy_choice,
            makruk_choice: MAKRUK_RULES[0].to_string(),
        }
    }

    /// The parsed file.
    #[must_use]
    pub fn ini(&self) -> &IniFile {
        &self.ini
    }

    /// The ini file used (`None` = built-in).
    #[must_use]
    pub fn ini_path(&self) -> Option<&Path> {
        self.ini_path.as_deref()
    }

    /// The overlay directory used, if one was found.
    #[must_use]
    pub fn overlay_dir(&self) -> Option<&Path> {
        self.overlay_dir.as_deref()
    }

    /// Every error of the file and of the overlays (the affected variants
    /// are refused), overlays in name order.
    #[must_use]
    pub fn errors(&self) -> Vec<ConfigError> {
        let mut out = self.ini.errors.clone();
        let mut names: Vec<&String> = self.overlays.keys().collect();
        names.sort();
        for name in names {
            match self.overlays.get(name) {
                Some(Err(errs)) => out.extend(errs.iter().cloned()),
                Some(Ok(overlay)) => out.extend(self.alias_clashes(name, overlay)),
                None => {}
            }
        }
        out
    }

    /// The `aliases` of `game` that name another game, or that an earlier
    /// game claims too: such a name keeps selecting the other game.
    fn alias_clashes(&self, game: &str, overlay: &Overlay) -> Vec<ConfigError> {
        overlay
            .aliases
            .iter()
            .filter_map(|alias| {
                let other = if self.ini.game(alias).is_some() {
                    alias.as_str()
                } else {
                    self.game_with_alias(alias).filter(|g| *g != game)?
                };
                Some(ConfigError {
                    file: overlay.file.clone().unwrap_or_default(),
                    line: overlay.line_of("aliases"),
                    message: format!("aliases: `{alias}` already selects `{other}`"),
                })
            })
            .collect()
    }

    /// The overlay for `name` (defaults if it has none).
    ///
    /// # Errors
    /// The overlay file of `name` is broken.
    pub fn overlay(&self, name: &str) -> Result<Overlay, Vec<ConfigError>> {
        match self.overlays.get(name) {
            Some(result) => result.clone(),
            None => Ok(Overlay::default()),
        }
    }

    /// The `Game:` name a selection name stands for, after aliases and the
    /// fairy and makruk choices (the name itself if nothing applies).
    #[must_use]
    pub fn resolve(&self, name: &str) -> String {
        if name == "fairy" {
            if let Some(choice) = &self.fairy_choice {
                return choice.clone();
            }
        }
        if name == "makruk" {
            return self.makruk_choice.clone();
        }
        if self.ini.game(name).is_some() {
            return name.to_string();
        }
        if let Some(game) = self.game_with_alias(name) {
            return game.to_string();
        }
        ALIASES
            .iter()
            .find(|(a, _)| *a == name)
            .map_or(name, |(_, target)| target)
            .to_string()
    }

    /// The game whose overlay lists `alias` under `aliases`.
    fn game_with_alias(&self, alias: &str) -> Option<&str> {
        self.ini
            .names()
            .find(|game| self.aliases_of(game).iter().any(|a| a == alias))
    }

    /// The names a game's overlay adds under `aliases` (none when it has no
    /// overlay or a broken one).
    fn aliases_of(&self, game: &str) -> &[String] {
        match self.overlays.get(game) {
            Some(Ok(overlay)) => &overlay.aliases,
            _ => &[],
        }
    }

    /// Builds the variant selected by `name` (aliases resolved).
    ///
    /// # Errors
    /// Unknown name, a refused game, a broken overlay or a build error; the
    /// caller keeps its current variant.
    pub fn variant(&self, name: &str) -> Result<Arc<Variant>, Vec<ConfigError>> {
        let target = self.resolve(name);
        let Some(def) = self.ini.game(&target) else {
            return Err(self.missing(name, &target));
        };
        let mut overlay = self.overlay(&target)?;
        if let Some((_, letters)) = PROMOTION_ALIASES.iter().find(|(a, _)| *a == name) {
            overlay.promotion = Some(letters.chars().collect());
        }
        Variant::build(def, &overlay).map(Arc::new)
    }

    /// The anonymous game after the version line, built (Fairy-Max loads it
    /// at start-up).
    ///
    /// # Errors
    /// The default game is missing or does not build.
    pub fn default_variant(&self) -> Result<Arc<Variant>, Vec<ConfigError>> {
        match &self.ini.default_game {
            Some(def) => Variant::build(def, &Overlay::default()).map(Arc::new),
            None => Err(vec![self.error_at(
                1,
                "the file has no valid default game after the version line".into(),
            )]),
        }
    }

    fn missing(&self, name: &str, target: &str) -> Vec<ConfigError> {
        let refused: Vec<ConfigError> = self
            .ini
            .refused
            .iter()
            .filter(|r| r.name == target)
            .flat_map(|r| r.errors.iter().cloned())
            .collect();
        if !refused.is_empty() {
            return refused;
        }
        let message = if name == "fairy" {
            "variant `fairy`: the file has no `fairy/` games to select".to_string()
        } else {
            format!("variant `{name}` is not defined (no `Game: {target}` line)")
        };
        vec![self.error_at(0, message)]
    }

    fn error_at(&self, line: usize, message: String) -> ConfigError {
        ConfigError {
            file: self.ini.file.clone(),
            line,
            message,
        }
    }

    /// Every valid game definition, in file order.
    pub fn games(&self) -> impl Iterator<Item = &GameDef> {
        self.ini.games.iter()
    }

    /// The names for XBoard's `feature variants`: names starting with a
    /// lower-case letter or a digit 1-9 (no `fairy/`), each followed by the
    /// `aliases` that select it, plus `fairy` if any name was hidden.
    #[must_use]
    pub fn xboard_variants(&self) -> Vec<String> {
        let shown = |n: &str| {
            !n.starts_with(FAIRY_PREFIX)
                && n.chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_lowercase() || ('1'..='9').contains(&c))
        };
        let mut out: Vec<String> = Vec::new();
        let mut hidden = false;
        for name in self.ini.names() {
            if !shown(name) {
                hidden = true;
                continue;
            }
            let aliases = self
                .aliases_of(name)
                .iter()
                .map(String::as_str)
                .filter(|alias| self.resolve(alias) == name);
            for shown_name in std::iter::once(name).chain(aliases) {
                if !out.iter().any(|o| o == shown_name) {
                    out.push(shown_name.to_string());
                }
            }
        }
        if hidden && !out.iter().any(|o| o == "fairy") {
            out.push("fairy".to_string());
        }
        out
    }

    /// The "Variant fairy selects" choices: `fairy/` names without the prefix.
    #[must_use]
    pub fn fairy_choices(&self) -> Vec<&str> {
        self.ini
            .names()
            .filter_map(|n| n.strip_prefix(FAIRY_PREFIX))
            .collect()
    }

    /// The current "Variant fairy selects" choice (without the prefix).
    #[must_use]
    pub fn fairy_choice(&self) -> Option<&str> {
        self.fairy_choice
            .as_deref()
            .and_then(|n| n.strip_prefix(FAIRY_PREFIX))
    }

    /// Sets the "Variant fairy selects" choice (with or without `fairy/`).
    ///
    /// # Errors
    /// No such `fairy/` game; the old choice stays.
    pub fn set_fairy_choice(&mut self, choice: &str) -> Result<(), ChoiceError> {
        let full = if choice.starts_with(FAIRY_PREFIX) {
            choice.to_string()
        } else {
            format!("{FAIRY_PREFIX}{choice}")
        };
        if self.ini.game(&full).is_none() {
            return Err(ChoiceError::NoFairyGame(full));
        }
        self.fairy_choice = Some(full);
        Ok(())
    }

    /// The "Makruk rules" choices present in the file.
    #[must_use]
    pub fn makruk_choices(&self) -> Vec<&'static str> {
        MAKRUK_RULES
            .iter()
            .copied()
            .filter(|n| self.ini.game(n).is_some())
            .collect()
    }

    /// The current "Makruk rules" choice.
    #[must_use]
    pub fn makruk_choice(&self) -> &str {
        &self.makruk_choice
    }

    /// Sets the "Makruk rules" choice (`makruk`, `Cambodian` or `Ai-wok`).
    ///
    /// # Errors
    /// Not one of those names; the old choice stays.
    pub fn set_makruk_choice(&mut self, choice: &str) -> Result<(), ChoiceError> {
        match MAKRUK_RULES.iter().find(|n| **n == choice) {
            Some(n) => {
                self.makruk_choice = (*n).to_string();
                Ok(())
            }
            None => Err(ChoiceError::NotAMakrukRule(choice.to_string())),
        }
    }
}
