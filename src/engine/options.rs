//! The engine's options: what is advertised to GUIs and how a value sent
//! back changes the settings. Names are single CamelCase words so every GUI
//! (python-chess splits on blanks) reads them the same way.

use super::api::{EngineOption, OptionKind};
use super::library::Library;

/// Settings the options control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Resign when the score is at or below minus this (centipawns); 0 = never.
    pub resign_threshold: i32,
    /// Score of a draw for the engine (contempt), centipawns.
    pub draw_score: i32,
    /// Principal variations to report.
    pub multi_pv: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            resign_threshold: 0,
            draw_score: 0,
            multi_pv: 1,
        }
    }
}

/// Option names.
const INI_FILE: &str = "IniFile";
const FAIRY_VARIANT: &str = "FairyVariant";
const MAKRUK_RULES: &str = "MakrukRules";
const MULTI_PV: &str = "MultiPvLines";
const RESIGN: &str = "ResignThreshold";
const DRAW_SCORE: &str = "DrawScore";

/// Every option with its current value as default.
#[must_use]
pub fn advertised(library: &Library, settings: &Settings) -> Vec<EngineOption> {
    let option = |name: &str, kind| EngineOption {
        name: name.to_string(),
        kind,
    };
    let spin = |default: i32, min: i64, max: i64| OptionKind::Spin {
        default: i64::from(default),
        min,
        max,
    };
    let mut out = vec![option(INI_FILE, OptionKind::File(library.path()))];
    let (choices, default) = library.fairy_choices();
    if !choices.is_empty() {
        out.push(option(
            FAIRY_VARIANT,
            OptionKind::Combo { default, choices },
        ));
    }
    let (choices, default) = library.makruk_choices();
    if choices.len() > 1 {
        out.push(option(MAKRUK_RULES, OptionKind::Combo { default, choices }));
    }
    let multi_pv = i32::try_from(settings.multi_pv).unwrap_or(1);
    out.push(option(MULTI_PV, spin(multi_pv, 1, 32)));
    out.push(option(RESIGN, spin(settings.resign_threshold, 0, 10_000)));
    out.push(option(DRAW_SCORE, spin(settings.draw_score, -500, 500)));
    out
}

/// Applies `option NAME=VALUE`; returns whether the variant definitions were
/// reloaded (the game then restarts).
///
/// # Errors
/// A short reason (`unknown option`, `bad value`) for an `Error` reply.
pub fn apply(
    settings: &mut Settings,
    library: &mut Library,
    name: &str,
    value: Option<&str>,
) -> Result<bool, String> {
    let value = value.map(str::trim).ok_or_else(|| "bad value".to_string());
    let spin = |min: i32, max: i32| -> Result<i32, String> {
        let v = value
            .clone()?
            .parse::<i32>()
            .map_err(|_| "bad value".to_string())?;
        Ok(v.clamp(min, max))
    };
    match name {
        INI_FILE => {
            let (fresh, problem) = Library::load(Some(value?));
            if let Some(problem) = problem {
                return Err(problem.replace(['(', ')'], ""));
            }
            *library = fresh;
            Ok(true)
        }
        FAIRY_VARIANT => library
            .set_fairy_choice(value?)
            .map(|()| false)
            .map_err(|_| "bad value".into()),
        MAKRUK_RULES => library
            .set_makruk_choice(value?)
            .map(|()| false)
            .map_err(|_| "bad value".into()),
        MULTI_PV => {
            settings.multi_pv = u32::try_from(spin(1, 32)?).unwrap_or(1);
            Ok(false)
        }
        RESIGN => {
            settings.resign_threshold = spin(0, 10_000)?;
            Ok(false)
        }
        DRAW_SCORE => {
            settings.draw_score = spin(-500, 500)?;
            Ok(false)
        }
        _ => Err("unknown option".into()),
    }
}
