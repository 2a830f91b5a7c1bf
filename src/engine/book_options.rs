//! The book and learning options: how they are advertised to GUIs and what
//! a value sent back changes in [`BookSettings`]. The console's `book`,
//! `bookw`, `learn`, `import` and `export` commands send the same options
//! (the last three under names not advertised to GUIs).

use super::api::{EngineOption, OptionKind};
use crate::book::player::BookSettings;
use std::path::PathBuf;

/// `BookFile`: a Polyglot `.bin` (orthodox chess) or a main `.nbk` book.
pub const BOOK_FILE: &str = "BookFile";
/// `BookDir`: where the per-variant books and learn files are.
pub const BOOK_DIR: &str = "BookDir";
/// `UseBook`: book on/off.
pub const USE_BOOK: &str = "UseBook";
/// `BookRandom`: 0 search the book moves, 1 weighted draw, 2 ChessPartner.
pub const BOOK_RANDOM: &str = "BookRandom";
/// `BookWidth`: how many of the best book moves stay candidates.
pub const BOOK_WIDTH: &str = "BookWidth";
/// `Learning`: the `learn` bitmask (1 book, 2 position, 4 result).
pub const LEARNING: &str = "Learning";
/// `LearningStrength`, 0-100.
pub const LEARNING_STRENGTH: &str = "LearningStrength";
/// `Variation`, 0-100.
pub const VARIATION: &str = "Variation";
/// `BookWeights=NAME W` (console `bookw`; not advertised).
pub const BOOK_WEIGHTS: &str = "BookWeights";
/// `LearnImport=FILE [clear]` (console `import`; not advertised).
pub const LEARN_IMPORT: &str = "LearnImport";
/// `LearnExport=FILE` (console `export`; not advertised).
pub const LEARN_EXPORT: &str = "LearnExport";
/// `BookReload`: read the book files again (console, after `book create`).
pub const BOOK_RELOAD: &str = "BookReload";

/// What the control thread must do after a book option was applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookAction {
    /// Nothing more (the choice settings are read at each probe).
    None,
    /// Load the books and learn file again.
    Reload,
    /// Import learning from the file (`true`: clear first).
    Import(PathBuf, bool),
    /// Export learning to the file.
    Export(PathBuf),
}

/// The book options with their current values as defaults.
#[must_use]
pub fn advertised(s: &BookSettings) -> Vec<EngineOption> {
    let option = |name: &str, kind| EngineOption {
        name: name.to_string(),
        kind,
    };
    let spin = |default: i64, min: i64, max: i64| OptionKind::Spin { default, min, max };
    let path = |p: &Option<PathBuf>| {
        p.as_ref()
            .map_or_else(String::new, |p| p.display().to_string())
    };
    vec![
        option(USE_BOOK, OptionKind::Check(s.enabled)),
        option(BOOK_FILE, OptionKind::File(path(&s.file))),
        option(BOOK_DIR, OptionKind::Path(path(&s.dir))),
        option(BOOK_RANDOM, spin(i64::from(s.random), 0, 2)),
        option(
            BOOK_WIDTH,
            spin(i64::try_from(s.width).unwrap_or(10), 1, 100),
        ),
        option(LEARNING, spin(i64::from(s.learn), 0, 7)),
        option(LEARNING_STRENGTH, spin(i64::from(s.strength), 0, 100)),
        option(VARIATION, spin(i64::from(s.variation), 0, 100)),
    ]
}

/// A file option's value: `None` for an empty value or `-`.
fn file_value(value: &str) -> Option<PathBuf> {
    let v = value.trim();
    (!v.is_empty() && v != "-").then(|| PathBuf::from(v))
}

/// Applies `option NAME=VALUE` if NAME is a book option (`None` if not).
///
/// # Errors
/// `bad value` for a value out of the option's vocabulary.
pub fn apply(
    s: &mut BookSettings,
    name: &str,
    value: Option<&str>,
) -> Option<Result<BookAction, String>> {
    let value = value.map(str::trim).unwrap_or("");
    let bad = || "bad value".to_string();
    let number = |min: i64, max: i64| -> Result<i64, String> {
        value
            .parse::<i64>()
            .map(|v| v.clamp(min, max))
            .map_err(|_| bad())
    };
    let result = match name {
        USE_BOOK => match value {
            "1" | "true" | "on" => {
                s.enabled = true;
                Ok(BookAction::None)
            }
            "0" | "false" | "off" => {
                s.enabled = false;
                Ok(BookAction::None)
            }
            _ => Err(bad()),
        },
        BOOK_FILE => {
            s.file = file_value(value);
            Ok(BookAction::Reload)
        }
        BOOK_DIR => {
            s.dir = file_value(value);
            Ok(BookAction::Reload)
        }
        BOOK_RANDOM => number(0, 2).map(|v| {
            s.random = u8::try_from(v).unwrap_or(1);
            BookAction::None
        }),
        BOOK_WIDTH => number(1, 100).map(|v| {
            s.width = usize::try_from(v).unwrap_or(10);
            BookAction::None
        }),
        LEARNING => number(0, 7).map(|v| {
            s.learn = u8::try_from(v).unwrap_or(7);
            BookAction::None
        }),
        LEARNING_STRENGTH => number(0, 100).map(|v| {
            s.strength = u8::try_from(v).unwrap_or(50);
            BookAction::None
        }),
        VARIATION => number(0, 100).map(|v| {
            s.variation = u8::try_from(v).unwrap_or(50);
            BookAction::None
        }),
        BOOK_WEIGHTS => set_weight(s, value).map(|()| BookAction::None),
        LEARN_IMPORT => import_args(value),
        LEARN_EXPORT => file_value(value).map(BookAction::Export).ok_or_else(bad),
        BOOK_RELOAD => Ok(BookAction::Reload),
        _ => return None,
    };
    Some(result)
}

/// `bookw freq|ratio|eval|learn W`.
fn set_weight(s: &mut BookSettings, value: &str) -> Result<(), String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let [which, w] = words.as_slice() else {
        return Err("bad value".into());
    };
    let w: f64 = w
        .parse()
        .ok()
        .filter(|w: &f64| w.is_finite() && (0.0..=10.0).contains(w))
        .ok_or("bad value")?;
    let weights = &mut s.weights;
    match *which {
        "freq" => weights.freq = w,
        "ratio" => weights.ratio = w,
        "eval" => weights.eval = w,
        "learn" => weights.learn = w,
        _ => return Err("bad value".into()),
    }
    Ok(())
}

/// `FILE [clear]`.
fn import_args(value: &str) -> Result<BookAction, String> {
    let (file, clear) = match value.strip_suffix(" clear") {
        Some(file) => (file, true),
        None => (value, false),
    };
    file_value(file)
        .map(|f| BookAction::Import(f, clear))
        .ok_or_else(|| "bad value".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn book_options_change_the_settings() {
        let mut s = BookSettings::default();
        assert_eq!(apply(&mut s, "MultiPvLines", Some("3")), None);
        assert_eq!(
            apply(&mut s, BOOK_RANDOM, Some("0")),
            Some(Ok(BookAction::None))
        );
        assert_eq!(s.random, 0);
        assert_eq!(
            apply(&mut s, BOOK_WIDTH, Some("500")),
            Some(Ok(BookAction::None))
        );
        assert_eq!(s.width, 100);
        assert_eq!(
            apply(&mut s, USE_BOOK, Some("0")),
            Some(Ok(BookAction::None))
        );
        assert!(!s.enabled);
        assert_eq!(
            apply(&mut s, LEARNING, Some("x")),
            Some(Err("bad value".into()))
        );
        assert_eq!(
            apply(&mut s, BOOK_WEIGHTS, Some("learn 2.5")),
            Some(Ok(BookAction::None))
        );
        assert!((s.weights.learn - 2.5).abs() < 1e-9);
        assert_eq!(
            apply(&mut s, BOOK_WEIGHTS, Some("luck 1")),
            Some(Err("bad value".into()))
        );
        assert_eq!(
            apply(&mut s, BOOK_FILE, Some("-")),
            Some(Ok(BookAction::Reload))
        );
        assert_eq!(s.file, None);
        assert_eq!(
            apply(&mut s, LEARN_IMPORT, Some("a b.txt clear")),
            Some(Ok(BookAction::Import("a b.txt".into(), true)))
        );
        let names: Vec<String> = advertised(&s).into_iter().map(|o| o.name).collect();
        assert_eq!(
            names,
            [
                USE_BOOK,
                BOOK_FILE,
                BOOK_DIR,
                BOOK_RANDOM,
                BOOK_WIDTH,
                LEARNING,
                LEARNING_STRENGTH,
                VARIATION
            ]
        );
    }
}
