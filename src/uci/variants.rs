//! Game names under UCI: Fairy-Stockfish's `UCI_Variant` names where the
//! game is the same as an fmax.ini game (so a GUI that speaks to
//! Fairy-Stockfish speaks to Nightrider unchanged), the file's own names
//! otherwise; and the Chess960 form of a game (`UCI_Chess960`). Starts that
//! differ from fmax.ini's arrays are the overlays' `start` keys.
//!
//! Same game means the same rules, pieces, letters and start: checked
//! with the perft references of `tests/data/perft/` (from Fairy-Stockfish)
//! and `tests/uci.rs`, which compares the legal moves with pyffish's.

/// `(UCI name, fmax.ini name)` for the games whose names differ.
const RENAMED: &[(&str, &str)] = &[
    ("chess", "normal"),
    ("kingofthehill", "king-of-the-hill"),
    ("losalamos", "los-alamos"),
];

/// Other `UCI_Variant` values GUIs send for an fmax.ini game:
/// cutechess-cli asks for `chess960` when it plays Fischer random chess.
const ALIASES: &[(&str, &str)] = &[("chess960", "fischerandom")];

/// `(UCI name, the fmax.ini game played with UCI_Chess960 on)`.
const CHESS960: &[(&str, &str)] = &[("chess", "fischerandom"), ("capablanca", "caparandom")];

/// The name of orthodox chess, `UCI_Variant`'s default.
pub const DEFAULT: &str = "chess";

/// The UCI name of an fmax.ini game.
#[must_use]
pub fn uci_name(game: &str) -> &str {
    RENAMED
        .iter()
        .find(|(_, g)| *g == game)
        .map_or(game, |(uci, _)| uci)
}

/// The fmax.ini game a `UCI_Variant` stands for, in Chess960 form when
/// `chess960` (games without one are played as they are).
#[must_use]
pub fn game_name(uci: &str, chess960: bool) -> &str {
    if chess960 {
        if let Some((_, game)) = CHESS960.iter().find(|(u, _)| *u == uci) {
            return game;
        }
    }
    RENAMED
        .iter()
        .chain(ALIASES)
        .find(|(u, _)| *u == uci)
        .map_or(uci, |(_, game)| game)
}

/// Whether the variant has a Chess960 form (or is one).
#[must_use]
pub fn has_chess960(uci: &str) -> bool {
    CHESS960.iter().any(|(u, g)| *u == uci || *g == uci)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_both_ways() {
        assert_eq!(uci_name("normal"), "chess");
        assert_eq!(uci_name("capablanca"), "capablanca");
        assert_eq!(uci_name("king-of-the-hill"), "kingofthehill");
        assert_eq!(game_name("chess", false), "normal");
        assert_eq!(game_name("chess", true), "fischerandom");
        assert_eq!(game_name("capablanca", true), "caparandom");
        assert_eq!(game_name("xiangqi", true), "xiangqi");
        assert_eq!(game_name("chess960", false), "fischerandom");
        assert_eq!(uci_name("fischerandom"), "fischerandom");
        assert_eq!(game_name("losalamos", false), "los-alamos");
        assert_eq!(game_name("fairy/FIDE-Nutters", false), "fairy/FIDE-Nutters");
        assert!(has_chess960("chess") && has_chess960("caparandom"));
        assert!(!has_chess960("xiangqi"));
    }
}
