//! Argument types that several commands share: the board a game is played
//! on (`--board auto|mailbox`) and the game a tool works on (`--variant
//! NAME`, `--ini FILE`), with what they mean once parsed.

use crate::boards::BoardChoice;
use crate::rules::catalog::Catalog;
use crate::rules::{ConfigError, Variant};
use std::path::PathBuf;
use std::sync::Arc;

/// `--board`: which board plays orthodox chess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum BoardArg {
    /// The bitboard for orthodox chess, the mailbox board for every other game.
    #[default]
    Auto,
    /// The mailbox board for every game, orthodox chess too (also `general`).
    #[value(alias = "general")]
    Mailbox,
}

impl From<BoardArg> for BoardChoice {
    fn from(board: BoardArg) -> BoardChoice {
        match board {
            BoardArg::Auto => BoardChoice::Auto,
            BoardArg::Mailbox => BoardChoice::Mailbox,
        }
    }
}

/// `--variant NAME [--ini FILE]`: a game of fmax.ini, or orthodox chess on
/// the bitboard when no `--variant` is given.
#[derive(Clone, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct GameArgs {
    /// The game, as fmax.ini names it, on the mailbox board (default: orthodox chess on the bitboard)
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,
    /// The fmax.ini to read the game from (default: the one the engine loads)
    #[arg(long, value_name = "FILE")]
    pub ini: Option<PathBuf>,
}

impl GameArgs {
    /// The variant `--variant` names, loaded as the engine loads it
    /// (fmax.ini and its `variants/` overlays, or the file `--ini` names);
    /// `None` without `--variant`.
    ///
    /// # Errors
    /// Every error of the file or the variant, one per line.
    pub fn load(&self) -> Result<Option<Arc<Variant>>, String> {
        let Some(name) = &self.variant else {
            return Ok(None);
        };
        let catalog = load_catalog(self.ini.as_ref())?;
        catalog.variant(name).map(Some).map_err(joined)
    }
}

/// The catalog of `ini` (default: the fmax.ini the engine loads).
///
/// # Errors
/// Every error of the file, one per line.
pub fn load_catalog(ini: Option<&PathBuf>) -> Result<Catalog, String> {
    Catalog::load(ini.map(PathBuf::as_path)).map_err(joined)
}

/// Errors of a file or a variant, one per line.
#[must_use]
pub fn joined(errs: Vec<ConfigError>) -> String {
    errs.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}
