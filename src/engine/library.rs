//! Which variants the engine offers and how a protocol name maps to a game
//! definition: the `IniFile`, `FairyVariant` and `MakrukRules` options and
//! XBoard's size-prefixed names (`10x8+0_capablanca`).
//!
//! Interim: reads one fmax.ini (the option's path, else Fairy-Max's Debian
//! file, else the built-in orthodox definition) until `rules::catalog` is on
//! main; the name mapping stays here.

use crate::rules::builtin::ORTHODOX_INI;
use crate::rules::fmax::{self, IniFile};
use crate::rules::overlay::Overlay;
use crate::rules::Variant;
use std::sync::Arc;

/// Where Debian's fairymax package installs its definitions.
pub const SYSTEM_INI: &str = "/usr/share/games/fairymax/fmax.ini";

/// The loaded definitions plus the name-mapping options.
#[derive(Clone, Debug)]
pub struct Library {
    ini: IniFile,
    builtin: IniFile,
    /// The file the definitions came from (`<built-in>` if none).
    pub path: String,
    /// The game `fairy` stands for (the part after `fairy/`).
    pub fairy_choice: String,
    /// The game `makruk` stands for (`makruk`, `Cambodian`, `Ai-wok`).
    pub makruk_rules: String,
}

impl Library {
    /// Loads `path`, or the system file, or only the built-in definition.
    /// Returns the library and, if a named file could not be read, why.
    #[must_use]
    pub fn load(path: Option<&str>) -> (Library, Option<String>) {
        let builtin = fmax::parse(ORTHODOX_INI, "<built-in>");
        let wanted = path.unwrap_or(SYSTEM_INI);
        let (ini, path, problem) = match std::fs::read_to_string(wanted) {
            Ok(text) => (fmax::parse(&text, wanted), wanted.to_string(), None),
            Err(e) => {
                let problem = path.map(|p| format!("cannot read {p}: {e}"));
                (IniFile::default(), "<built-in>".to_string(), problem)
            }
        };
        let mut lib =
            Library { ini, builtin, path, fairy_choice: String::new(), makruk_rules: "makruk".into() };
        lib.fairy_choice = lib.fairy_choices().into_iter().next().unwrap_or_default();
        (lib, problem)
    }

    /// The variant a protocol name selects.
    ///
    /// # Errors
    /// A one-line reason when the name is unknown or its definition is broken.
    pub fn variant(&self, name: &str) -> Result<Arc<Variant>, String> {
        let base = name.split_once('_').map_or(name, |(prefix, rest)| {
            if prefix.contains('x') && prefix.contains('+') {
                rest
            } else {
                name
            }
        });
        let game = match base {
            "fairy" => format!("fairy/{}", self.fairy_choice),
            "makruk" => self.makruk_rules.clone(),
            other => other.to_string(),
        };
        let def = self
            .ini
            .game(&game)
            .or_else(|| self.builtin.game(&game))
            .ok_or_else(|| format!("no variant named {name}"))?;
        let mut variant = Variant::build(def, &Overlay::default())
            .map_err(|errors| errors.first().map_or_else(String::new, ToString::to_string))?;
        variant.name = base.to_string();
        Ok(Arc::new(variant))
    }

    /// Standard chess: the file's `normal` if it is valid, else the built-in one.
    #[must_use]
    pub fn normal(&self) -> Arc<Variant> {
        self.variant("normal").unwrap_or_else(|_| {
            let def = self.builtin.game("normal").expect("the built-in ini defines normal");
            let variant = Variant::build(def, &Overlay::default());
            Arc::new(variant.expect("the built-in orthodox definition is valid"))
        })
    }

    /// The names to advertise: every game with a lower-case name, `fairy`
    /// once for all `fairy/...` games.
    #[must_use]
    pub fn xboard_variants(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let names = self.builtin.names().chain(self.ini.names());
        for name in names {
            let name = name.split('/').next().unwrap_or(name);
            if name.starts_with(|c: char| c.is_ascii_lowercase()) && !out.iter().any(|n| n == name) {
                out.push(name.to_string());
            }
        }
        out
    }

    /// The games `fairy` can stand for.
    #[must_use]
    pub fn fairy_choices(&self) -> Vec<String> {
        self.ini.names().filter_map(|n| n.strip_prefix("fairy/")).map(str::to_string).collect()
    }

    /// The rule sets `makruk` can stand for (those defined in the file).
    #[must_use]
    pub fn makruk_choices(&self) -> Vec<String> {
        ["makruk", "Cambodian", "Ai-wok"]
            .into_iter()
            .filter(|n| self.ini.game(n).is_some())
            .map(str::to_string)
            .collect()
    }
}
