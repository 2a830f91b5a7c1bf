//! The engine's options: what is advertised to GUIs and how a value sent
//! back changes the settings. Names are single CamelCase words so every GUI
//! (python-chess splits on blanks) reads them the same way. Every option
//! reaches every protocol: a front end only presents them, under its own
//! name where the protocol has one (UCI's `MultiPV`, `UCI_LimitStrength`,
//! `UCI_Elo`).

use super::api::{EngineOption, OptionKind};
use super::library::Library;
use super::strength::{Strength, MAX_ELO, MIN_ELO};
use crate::tablebase::ProbeSettings;

/// Settings the options control (off, zero or the tables' usual use by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Resign when the score is at or below minus this (centipawns); 0 = never.
    pub resign_threshold: i32,
    /// What a draw is worth to the engine, centipawns: a draw offer is
    /// accepted when the last search scored at least 100 below this.
    pub draw_score: i32,
    /// Best lines shown in analysis (0 and 1 both mean one).
    pub multi_pv: usize,
    /// Playing strength ([`LIMIT_STRENGTH`], [`ELO`]).
    pub strength: Strength,
    /// How the search uses endgame tables ([`SYZYGY_PROBE_DEPTH`] and its
    /// neighbours; the tables themselves come from [`SYZYGY_PATH`]).
    pub probe: ProbeSettings,
}

/// Option names. `IniFile` is the control's own (it reports the file's
/// errors and restarts the game): see `Control::ini_file`.
pub(crate) const INI_FILE: &str = "IniFile";
const FAIRY_VARIANT: &str = "FairyVariant";
const MAKRUK_RULES: &str = "MakrukRules";
/// Best lines shown in analysis.
pub const MULTI_PV: &str = "MultiPvLines";
const RESIGN: &str = "ResignThreshold";
const DRAW_SCORE: &str = "DrawScore";
const USE_NETWORK: &str = "UseNetwork";
/// Playing below full strength, on or off ([`Strength::limited`]).
pub const LIMIT_STRENGTH: &str = "LimitStrength";
/// The Elo a limited strength plays at ([`Strength::elo`]).
pub const ELO: &str = "Elo";
/// The folders of the Syzygy tables, separated by `:` (the control opens
/// them on the search thread: see `Control::syzygy_path`).
pub const SYZYGY_PATH: &str = "SyzygyPath";
/// Endings of the most men the tables hold are probed this deep or deeper.
pub const SYZYGY_PROBE_DEPTH: &str = "SyzygyProbeDepth";
/// Endings of at most this many men are probed.
pub const SYZYGY_PROBE_LIMIT: &str = "SyzygyProbeLimit";
/// Whether wins the 50-move rule spoils count as draws.
pub const SYZYGY_50_MOVE_RULE: &str = "Syzygy50MoveRule";
/// The most a probe depth may be.
const MAX_PROBE_DEPTH: i32 = 100;
/// The most men a probe limit may name (Syzygy's largest tables).
const MAX_PROBE_LIMIT: i32 = 7;

/// Every option with its current value as default; `syzygy_path` is the
/// path the tables were last opened from.
#[must_use]
pub fn advertised(library: &Library, settings: &Settings, syzygy_path: &str) -> Vec<EngineOption> {
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
    let lines = i32::try_from(settings.multi_pv.max(1)).unwrap_or(1);
    out.push(option(MULTI_PV, spin(lines, 1, 32)));
    out.push(option(RESIGN, spin(settings.resign_threshold, 0, 10_000)));
    out.push(option(DRAW_SCORE, spin(settings.draw_score, -500, 500)));
    out.push(option(
        LIMIT_STRENGTH,
        OptionKind::Check(settings.strength.limited),
    ));
    out.push(option(
        ELO,
        OptionKind::Spin {
            default: i64::from(settings.strength.elo),
            min: i64::from(MIN_ELO),
            max: i64::from(MAX_ELO),
        },
    ));
    out.push(option(
        USE_NETWORK,
        OptionKind::Check(crate::eval::network::enabled()),
    ));
    out.extend(syzygy_options(settings, syzygy_path));
    out
}

/// The Syzygy options, as UCI GUIs know them.
fn syzygy_options(settings: &Settings, path: &str) -> Vec<EngineOption> {
    let probe = settings.probe;
    let path = if path.is_empty() { "<empty>" } else { path };
    vec![
        EngineOption {
            name: SYZYGY_PATH.into(),
            kind: OptionKind::Path(path.into()),
        },
        EngineOption {
            name: SYZYGY_PROBE_DEPTH.into(),
            kind: OptionKind::Spin {
                default: i64::from(probe.depth),
                min: 1,
                max: i64::from(MAX_PROBE_DEPTH),
            },
        },
        EngineOption {
            name: SYZYGY_PROBE_LIMIT.into(),
            kind: OptionKind::Spin {
                default: i64::from(probe.limit),
                min: 0,
                max: i64::from(MAX_PROBE_LIMIT),
            },
        },
        EngineOption {
            name: SYZYGY_50_MOVE_RULE.into(),
            kind: OptionKind::Check(probe.fifty_move_rule),
        },
    ]
}

/// A check option's value.
fn on_off(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "1" | "on" => Ok(true),
        "false" | "0" | "off" => Ok(false),
        _ => Err("bad value".into()),
    }
}

/// Applies `option NAME=VALUE` (any option but `IniFile`).
///
/// # Errors
/// A short reason (`unknown option`, `bad value`) for an `Error` reply.
pub fn apply(
    settings: &mut Settings,
    library: &mut Library,
    name: &str,
    value: Option<&str>,
) -> Result<(), String> {
    let value = value.map(str::trim).ok_or_else(|| "bad value".to_string());
    let spin = |min: i32, max: i32| -> Result<i32, String> {
        let v = value
            .clone()?
            .parse::<i32>()
            .map_err(|_| "bad value".to_string())?;
        Ok(v.clamp(min, max))
    };
    match name {
        FAIRY_VARIANT => library
            .set_fairy_choice(value?)
            .map_err(|_| "bad value".into()),
        MAKRUK_RULES => library
            .set_makruk_choice(value?)
            .map_err(|_| "bad value".into()),
        MULTI_PV => {
            settings.multi_pv = usize::try_from(spin(1, 32)?).unwrap_or(1);
            Ok(())
        }
        RESIGN => {
            settings.resign_threshold = spin(0, 10_000)?;
            Ok(())
        }
        DRAW_SCORE => {
            settings.draw_score = spin(-500, 500)?;
            Ok(())
        }
        LIMIT_STRENGTH => {
            settings.strength.limited = on_off(value?)?;
            Ok(())
        }
        USE_NETWORK => {
            crate::eval::network::set_enabled(on_off(value?)?);
            Ok(())
        }
        SYZYGY_PROBE_DEPTH => {
            settings.probe.depth = spin(1, MAX_PROBE_DEPTH)?;
            Ok(())
        }
        SYZYGY_PROBE_LIMIT => {
            settings.probe.limit = u32::try_from(spin(0, MAX_PROBE_LIMIT)?).unwrap_or(0);
            Ok(())
        }
        SYZYGY_50_MOVE_RULE => {
            settings.probe.fifty_move_rule = on_off(value?)?;
            Ok(())
        }
        ELO => {
            let elo = value?.parse::<i64>().map_err(|_| "bad value".to_string())?;
            settings.strength.set_elo(elo);
            Ok(())
        }
        _ => Err("unknown option".into()),
    }
}
