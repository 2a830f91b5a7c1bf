//! The valid inputs mutations start from: the shipped fmax.ini and
//! variants/*.ini, every XBoard variant with its start position and
//! positions reached by random legal moves (computed with the engine's
//! library), the mid-game positions of the perft tables, and the PGN, EPD
//! and Polyglot files under tests/data.

use nightrider::boards::BoardChoice;
use nightrider::engine::dispatch::AnyGame;
use nightrider::engine::library::Library;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::path::Path;

/// A variant and positions of it.
#[derive(Clone, Debug)]
pub struct VariantFens {
    /// The XBoard name.
    pub name: String,
    /// Its start position.
    pub start: String,
    /// Further legal positions (start included).
    pub fens: Vec<String>,
}

/// Everything the generators and mutators start from.
pub struct Corpus {
    /// The variant library (for legal moves of tracked games).
    pub library: Library,
    /// fmax.ini as shipped.
    pub ini: Vec<u8>,
    /// variants/*.ini: file name and content.
    pub overlays: Vec<(String, Vec<u8>)>,
    /// variants/*.nrn, the evaluation networks the overlays name.
    pub networks: Vec<(String, Vec<u8>)>,
    /// Every variant the engine offers.
    pub variants: Vec<VariantFens>,
    /// PGN files: name and content.
    pub pgns: Vec<(String, Vec<u8>)>,
    /// EPD and Crafty-format test suites: name and content.
    pub suites: Vec<(String, Vec<u8>)>,
    /// A Polyglot book.
    pub polyglot: Vec<u8>,
}

/// Positions where the game is over (mate, stalemate, bare king), for
/// result announcements: variant and FEN.
pub const FINISHED: &[(&str, &str)] = &[
    ("normal", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
    ("normal", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
    ("normal", "k7/8/1K6/8/8/8/8/7R w - - 99 80"),
    ("normal", "8/8/8/8/8/5k2/8/5K2 w - - 0 1"),
    ("shatranj", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1"),
    ("capablanca", "9k/10/8QK/10/10/10/10/10 b - - 0 1"),
    ("xiangqi", "3k5/4R4/4K4/9/9/9/9/9/9/9 b - - 0 1"),
];

impl Corpus {
    /// Reads the corpus from the repository at `root` (fmax.ini there).
    pub fn load(root: &Path, seed: u64) -> Result<Corpus, String> {
        let ini_path = root.join("fmax.ini");
        let ini = std::fs::read(&ini_path).map_err(|e| format!("{}: {e}", ini_path.display()))?;
        // What went wrong loading it is `check`'s business; the corpus takes what loads.
        let (library, _) = Library::load(ini_path.to_str());
        let mut rng = StdRng::seed_from_u64(seed);
        let mut midgame = read_table(&root.join("tests/data/perft/variants-midgame.tsv"));
        for table in ["new-variants.tsv", "extra-rows.tsv"] {
            midgame.extend(read_table(&root.join("tests/data/perft").join(table)));
        }
        let variants = library
            .xboard_variants()
            .into_iter()
            .filter_map(|name| variant_fens(&library, &name, &midgame, &mut rng))
            .collect();
        let mut pgns = read_dir_files(&root.join("tests/data/pgn"), "pgn");
        pgns.extend(read_dir_files(&root.join("tests/data/pgn/openings"), "pgn"));
        pgns.extend(read_dir_files(&root.join("tests/data/book"), "pgn"));
        let mut suites = read_dir_files(&root.join("tests/data/suites"), "epd");
        suites.extend(read_dir_files(&root.join("tests/data/suites"), "txt"));
        let polyglot =
            std::fs::read(root.join("tests/data/book/polyglot-small.bin")).unwrap_or_default();
        Ok(Corpus {
            overlays: read_dir_files(&root.join("variants"), "ini"),
            networks: read_dir_files(&root.join("variants"), "nrn"),
            library,
            ini,
            variants,
            pgns,
            suites,
            polyglot,
        })
    }

    /// A fresh game of variant `name` (None if the library lacks it).
    pub fn game(&self, name: &str) -> Option<AnyGame> {
        let variant = self.library.variant(name).ok()?;
        Some(AnyGame::new(&variant, BoardChoice::Auto))
    }

    /// A random variant.
    pub fn any_variant(&self, rng: &mut StdRng) -> &VariantFens {
        &self.variants[rng.gen_range(0..self.variants.len())]
    }
}

/// The start position, the perft tables' positions of the variant, and
/// positions after 1 to 60 random legal moves.
fn variant_fens(
    library: &Library,
    name: &str,
    table: &[(String, String)],
    rng: &mut StdRng,
) -> Option<VariantFens> {
    let variant = library.variant(name).ok()?;
    let fresh = || AnyGame::new(&variant, BoardChoice::Auto);
    let start = fresh().fen();
    let mut fens = vec![start.clone()];
    let table_name = if name == "normal" { "chess" } else { name };
    fens.extend(
        table
            .iter()
            .filter(|(v, _)| v == table_name)
            .map(|(_, f)| f.clone()),
    );
    for _ in 0..6 {
        let mut game = fresh();
        for _ in 0..rng.gen_range(1..=60) {
            let moves = game.legal_move_texts();
            let Some(m) = moves.choose(rng) else { break };
            if game.play_text(m).is_err() {
                break;
            }
        }
        fens.push(game.fen());
    }
    fens.sort();
    fens.dedup();
    Some(VariantFens {
        name: name.to_string(),
        start,
        fens,
    })
}

/// The `variant` and `fen` columns of a perft table.
fn read_table(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut rows: Vec<(String, String)> = text
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut cols = l.split('\t');
            Some((cols.next()?.to_string(), cols.next()?.to_string()))
        })
        .collect();
    rows.dedup();
    rows
}

/// The files of `dir` ending in `.ext`, sorted by name.
fn read_dir_files(dir: &Path, ext: &str) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(String, Vec<u8>)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == ext))
        .filter_map(|e| {
            let bytes = std::fs::read(e.path()).ok()?;
            Some((e.file_name().to_string_lossy().into_owned(), bytes))
        })
        .collect();
    files.sort();
    files
}
