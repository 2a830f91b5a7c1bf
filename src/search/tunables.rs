//! The search's tunable constants: pruning margins, reduction formula,
//! extension thresholds and windows, each with a name, a default and the
//! range a tuner may move it in.
//!
//! One [`Tunables`] serves the whole process. It is the defaults unless the
//! engine was started with `--tune NAME=VALUE` arguments ([`set_current`]),
//! which is how `nightrider tune spsa` plays two settings against each
//! other; every search reads [`current`].

use std::sync::OnceLock;

/// Declares [`Tunables`] and the table of its names, defaults and ranges.
macro_rules! tunables {
    ($($(#[doc = $doc:literal])* $name:ident = $default:literal in $min:literal ..= $max:literal;)*) => {
        /// The search's tunable constants (see the module's documentation).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Tunables {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        impl Default for Tunables {
            fn default() -> Self {
                Tunables { $($name: $default,)* }
            }
        }

        /// Every tunable: its name, default and the range it may take.
        pub const TUNABLES: &[Tunable] = &[
            $(Tunable { name: stringify!($name), default: $default, min: $min, max: $max },)*
        ];

        impl Tunables {
            /// The value of the tunable called `name`.
            #[must_use]
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($name) => Some(self.$name),)*
                    _ => None,
                }
            }

            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $(stringify!($name) => Some(&mut self.$name),)*
                    _ => None,
                }
            }
        }
    };
}

tunables! {
    /// Razoring: deepest remaining depth (0 turns it off).
    razor_depth = 3 in 0..=6;
    /// Razoring: how far below alpha, per ply, the static score must lie.
    razor_margin = 250 in 50..=600;
    /// Reverse futility pruning: deepest remaining depth.
    rfp_depth = 6 in 1..=12;
    /// Reverse futility pruning: margin per ply, in centipawns.
    rfp_margin = 80 in 20..=200;
    /// Reverse futility pruning: margin taken off when improving.
    rfp_improving = 40 in 0..=150;
    /// Null move: the base reduction in plies.
    nmp_base = 3 in 1..=6;
    /// Null move: one more ply of reduction per this many plies of depth.
    nmp_depth_divisor = 4 in 2..=10;
    /// Null move: one more ply per this many centipawns above beta (two at most).
    nmp_eval_divisor = 200 in 50..=600;
    /// Late-move reductions: `base/100 + ln(depth)·ln(move)/(divisor/100)`.
    lmr_base = 75 in 0..=200;
    /// Late-move reductions: the divisor of the log-log term, in hundredths.
    lmr_divisor = 225 in 100..=500;
    /// Late-move reductions: butterfly history worth one ply.
    lmr_history_step = 6000 in 1000..=20000;
    /// Late-move pruning: quiet moves searched before the rest are
    /// skipped, `base + depth²` (half of it when not improving).
    lmp_base = 3 in 1..=10;
    /// Futility pruning of quiet moves: deepest remaining depth.
    futility_depth = 6 in 1..=12;
    /// Futility pruning: the fixed part of the margin.
    futility_base = 60 in 0..=250;
    /// Futility pruning: margin per ply.
    futility_margin = 90 in 30..=250;
    /// Captures losing more than this times depth² by exchange are skipped.
    see_capture = 25 in 5..=100;
    /// Quiet moves losing more than this times depth by exchange are skipped.
    see_quiet = 70 in 20..=200;
    /// Quiet moves with a butterfly history below minus this times depth
    /// are skipped near the leaves.
    history_pruning = 4000 in 500..=16000;
    /// Singular extension: shallowest remaining depth.
    singular_depth = 8 in 4..=14;
    /// Singular extension: the bound's margin below the table's score, per ply.
    singular_margin = 2 in 1..=8;
    /// Half-width of the first aspiration window, in centipawns.
    aspiration = 25 in 5..=100;
    /// Quiescence: a capture must be able to come this close to alpha.
    delta_margin = 200 in 50..=600;
}

/// One tunable's name, default and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    /// Its name, as `--tune NAME=VALUE` and `tune spsa` spell it.
    pub name: &'static str,
    /// The value the search uses unless told otherwise.
    pub default: i32,
    /// The smallest value it may take.
    pub min: i32,
    /// The largest value it may take.
    pub max: i32,
}

/// The tunable called `name`.
#[must_use]
pub fn find(name: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().find(|t| t.name == name)
}

impl Tunables {
    /// Sets `name` to `value`; an unknown name or a value outside the
    /// tunable's range is an error that says so.
    ///
    /// # Errors
    /// A one-line message naming the tunable or the range.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let Some(t) = find(name) else {
            return Err(format!(
                "unknown search tunable '{name}' (known: {})",
                TUNABLES
                    .iter()
                    .map(|t| t.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        };
        if !(t.min..=t.max).contains(&value) {
            return Err(format!(
                "search tunable {name} = {value} is outside {}..={}",
                t.min, t.max
            ));
        }
        if let Some(slot) = self.slot(name) {
            *slot = value;
        }
        Ok(())
    }

    /// Applies one `NAME=VALUE` setting.
    ///
    /// # Errors
    /// A one-line message when the text is not `NAME=INTEGER` or
    /// [`Tunables::set`] refuses it.
    pub fn apply(&mut self, setting: &str) -> Result<(), String> {
        let Some((name, value)) = setting.split_once('=') else {
            return Err(format!("'{setting}' is not NAME=VALUE"));
        };
        let value: i32 = value
            .trim()
            .parse()
            .map_err(|_| format!("'{setting}': the value is not an integer"))?;
        self.set(name.trim(), value)
    }
}

static CURRENT: OnceLock<Tunables> = OnceLock::new();

/// The tunables every search of this process uses.
#[must_use]
pub fn current() -> &'static Tunables {
    CURRENT.get_or_init(Tunables::default)
}

/// Makes `t` the process's tunables; only before any search has read them.
///
/// # Errors
/// When [`current`] was already read or set.
pub fn set_current(t: Tunables) -> Result<(), String> {
    CURRENT
        .set(t)
        .map_err(|_| "the search's tunables are already in use".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_reads_back_by_name() {
        let t = Tunables::default();
        for tunable in TUNABLES {
            assert!(tunable.min <= tunable.default && tunable.default <= tunable.max);
            assert_eq!(t.get(tunable.name), Some(tunable.default));
        }
        assert_eq!(TUNABLES.len(), 22);
    }

    #[test]
    fn settings_are_applied_and_bad_ones_refused_with_one_line() {
        let mut t = Tunables::default();
        t.apply("lmr_divisor=250").unwrap();
        assert_eq!(t.lmr_divisor, 250);
        t.apply(" rfp_margin = 100 ").unwrap();
        assert_eq!(t.rfp_margin, 100);
        let before = t;
        for (bad, says) in [
            ("lmr_divisor", "is not NAME=VALUE"),
            ("lmr_divisor=x", "not an integer"),
            ("lmr_divisor=99", "outside 100..=500"),
            ("no_such=3", "unknown search tunable 'no_such'"),
        ] {
            let e = t.apply(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
            assert!(!e.contains('\n'));
        }
        assert_eq!(t, before);
    }
}
