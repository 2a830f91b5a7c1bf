//! `nightrider tune --shared NAME=FILE ...`: one fit of the general
//! evaluation's default weights (`eval::general::weights`, the table every game
//! without an `[eval]` section plays) on the labelled positions of several
//! games at once.
//!
//! Each game is set up as the engine plays it (fmax.ini and its overlay's
//! rules and piece values), but the weights of its overlay's `[eval]`
//! section are dropped: every game is evaluated with the one candidate
//! table. Each game gets its own K, fitted to the compiled-in defaults,
//! since draw rates differ much between games. The search is the one of
//! `tune --variant` (`variant_tune::tune`) over the weights only, lowering
//! the mean of the games' errors, each game counting the same whatever its
//! number of positions; `--sample N` keeps at most N positions of each
//! game, by whole blocks of ten games, so that a large set stays affordable
//! and every tenth game is still held out.
//!
//! The result is printed as a table (weight, default, new, 95% interval),
//! each game's held-out error before and after, and the default table in
//! the Rust of `src/eval/general/weights.rs`, for a developer to paste; `--out
//! FILE` also writes it as an `[eval]` section, an overlay a game can play
//! for a match before the defaults change. The source is never changed.

use super::args::joined;
use super::tune::FitArgs;
use super::variant_tune::{read_file, table, tune, write_overlay, Game, Knob, Params, Settings};
use crate::eval::general::weights::Weights;
use crate::rules::catalog::Catalog;
use crate::rules::overlay::EVAL_SECTION;
use std::fmt::Write as _;

/// The option that selects the pooled fit; the games follow it.
pub const FLAG: &str = "--shared";

/// The (name, file) pairs of the `NAME=FILE` words, in order.
///
/// # Errors
/// No pair, a word that is not `NAME=FILE`, or a game named twice, as one
/// line.
pub fn pairs<'a>(words: &[&'a str]) -> Result<Vec<(&'a str, &'a str)>, String> {
    if words.is_empty() {
        return Err(format!("{FLAG} needs NAME=FILE words, one a game"));
    }
    let mut out: Vec<(&str, &str)> = Vec::new();
    for word in words {
        let pair = word
            .split_once('=')
            .filter(|(name, file)| !name.is_empty() && !file.is_empty())
            .ok_or_else(|| format!("'{word}' is not NAME=FILE"))?;
        if out.iter().any(|(name, _)| *name == pair.0) {
            return Err(format!("game '{}' is given twice", pair.0));
        }
        out.push(pair);
    }
    Ok(out)
}

/// The default table of `src/eval/general/weights.rs` holding the weights of
/// `params`, in the order of `Weight::ALL`.
#[must_use]
pub fn defaults_source(params: &Params) -> String {
    let weights: Vec<(String, String)> = params
        .knobs
        .iter()
        .filter_map(|&(knob, value)| match knob {
            Knob::Weight(w) => Some((format!("{value},"), w.name().to_string())),
            Knob::Value(_) => None,
        })
        .collect();
    let width = weights
        .iter()
        .map(|(v, _)| v.len() + 1)
        .max()
        .unwrap_or(0)
        .max(5);
    let mut s = "const DEFAULTS: [i32; COUNT] = [\n".to_string();
    for (value, name) in &weights {
        let _ = writeln!(s, "    {value:<width$}// {name}");
    }
    s.push_str("];\n");
    s
}

/// Runs `tune --shared NAME=FILE... [--sample N] [--passes N] [--threads N]
/// [--freeze KEYS] [--out FILE] [--ini FILE]`.
///
/// # Errors
/// One line (or a variant's errors, one per line).
pub fn run(args: &FitArgs) -> Result<(), String> {
    let words: Vec<&str> = args.files.iter().map(String::as_str).collect();
    let pairs = pairs(&words)?;
    let most = args.sample.unwrap_or(usize::MAX);
    let start = Params::weights(&Weights::default());
    let settings = Settings::from_args(&args.settings, &start)?;
    let catalog = Catalog::load(args.ini.as_deref()).map_err(joined)?;
    let mut games = Vec::with_capacity(pairs.len());
    for &(name, file) in &pairs {
        let base = catalog.variant(name).map_err(joined)?;
        let read = read_file(file, most)?;
        let held = read.samples.iter().filter(|s| s.held_out).count();
        println!(
            "{name}: {} positions of {} ({held} held out), {} lines skipped",
            read.samples.len(),
            read.read,
            read.skipped
        );
        games.push(Game {
            name: name.to_string(),
            base,
            samples: read.samples,
        });
    }
    let o = tune(&games, &start, &settings)?;
    println!("{} passes", o.passes);
    println!("mean training error {:.6} -> {:.6}", o.train.0, o.train.1);
    println!(
        "mean held-out error {:.6} -> {:.6}",
        o.held_out.0, o.held_out.1
    );
    println!("held-out error per game:");
    println!("{:<22} {:>7} {:>10} {:>10}", "game", "K", "before", "after");
    for (game, g) in games.iter().zip(&o.games) {
        let held = |e: Option<f64>| e.map_or_else(|| "-".to_string(), |x| format!("{x:.6}"));
        println!(
            "{:<22} {:>7.4} {:>10} {:>10}",
            game.name,
            g.k,
            held(g.before.held_out),
            held(g.after.held_out)
        );
    }
    print!("{}", table(&o.rows));
    println!("The defaults in src/eval/general/weights.rs:");
    print!("{}", defaults_source(&o.params));
    if let Some(out) = &args.out {
        let names: Vec<&str> = pairs.iter().map(|&(name, _)| name).collect();
        let note = format!(
            "Written by `nightrider tune {FLAG}` from {} positions of {}\n(mean held-out error {:.6} -> {:.6}).",
            games.iter().map(|g| g.samples.len()).sum::<usize>(),
            names.join(", "),
            o.held_out.0,
            o.held_out.1
        );
        write_overlay(out, &o.params, &note)?;
        println!("[{EVAL_SECTION}] written to {}", out.display());
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::eval::general::weights::Weight;
    use crate::mailbox::MailboxPos;
    use crate::position::Position;
    use std::path::PathBuf;

    /// A fresh scratch directory for `name`.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("nightrider-shared-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// `tune --shared` with the project's fmax.ini and `words` (options
    /// and games).
    fn run_words(words: &[&str]) -> Result<(), String> {
        let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
        let mut args = vec![FLAG, "--ini", ini];
        args.extend(words);
        run(&crate::tools::tune::tests::parse(&args)?.fit)
    }

    #[test]
    fn the_printed_defaults_are_the_table_of_weights_rs() {
        let source = include_str!("../eval/general/weights.rs");
        let printed = defaults_source(&Params::weights(&Weights::default()));
        let at = source.find("const DEFAULTS").unwrap();
        let lines: Vec<&str> = source[at..].lines().collect();
        let printed: Vec<&str> = printed.lines().collect();
        assert_eq!(printed.len(), crate::eval::general::weights::COUNT + 2);
        // Line for line, the checked-in table but for the notes some of its
        // comments add.
        for (p, s) in printed.iter().zip(&lines) {
            assert!(s.starts_with(p), "{p:?} is not the start of {s:?}");
        }
    }

    #[test]
    fn bad_arguments_give_one_line_errors() {
        let dir = scratch("errors");
        let few = dir.join("few.epd");
        std::fs::write(&few, "8/8/8/8/8/8/8/K6k w - - 0 1 1-0\n".repeat(3)).unwrap();
        let few = few.to_str().unwrap();
        // 20 games of one position: two blocks of ten games.
        let many = dir.join("many.epd");
        let text: String = (0..20)
            .map(|g| format!("8/8/8/8/8/8/8/K6k w - - 0 1 1-0\n# game {g} 1-0 1 plies\n"))
            .collect();
        std::fs::write(&many, text).unwrap();
        let many = many.to_str().unwrap();
        let missing = dir.join("missing.epd");
        let missing = missing.to_str().unwrap();
        let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
        let cases: Vec<(Vec<String>, String)> = vec![
            (vec![], "--shared needs NAME=FILE words, one a game".into()),
            (vec!["janus".into()], "'janus' is not NAME=FILE".into()),
            (vec!["=x.epd".into()], "'=x.epd' is not NAME=FILE".into()),
            (vec!["janus=".into()], "'janus=' is not NAME=FILE".into()),
            (
                vec!["janus=a".into(), "capablanca=b".into(), "janus=c".into()],
                "game 'janus' is given twice".into(),
            ),
            (
                vec!["--freeze".into(), "tempo,values".into(), "janus=a".into()],
                "--freeze: 'values' names no weight or piece value of this fit".into(),
            ),
            (
                vec![format!("nosuch={few}")],
                format!("{ini}: variant `nosuch` is not defined (no `Game: nosuch` line)"),
            ),
            (
                vec![format!("janus={missing}")],
                format!("{missing}: No such file or directory (os error 2)"),
            ),
            (
                vec![format!("janus={few}")],
                format!("{few}: only 3 usable positions"),
            ),
            (
                vec!["--sample".into(), "9".into(), format!("janus={many}")],
                format!(
                    "{many}: only 0 usable positions of 20 (--sample 9 keeps whole blocks of ten games)"
                ),
            ),
        ];
        for (words, expected) in cases {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            assert_eq!(run_words(&words), Err(expected), "{words:?}");
        }
    }

    /// Training text for `game`: twenty games of six positions. In the
    /// start position (both sides to move) the side to move loses games 2,
    /// 6, 10, 14 and 18 and wins the others (13 of the 18 training games,
    /// both held-out ones); a side a rook up wins always when `decisive`,
    /// else in the even games and draws the odd ones.
    pub(crate) fn training_text(game: &str, decisive: bool) -> String {
        let v = crate::eval::tests::variant(game);
        let start = MailboxPos::new(v).to_fen();
        let (board, rest) = start.split_once(' ').unwrap();
        assert!(board.starts_with('r') && rest.starts_with("w "), "{start}");
        let last = board.rfind("/R").unwrap();
        let white_up = format!("1{}", &board[1..]);
        let black_up = format!("{}/1{}", &board[..last], &board[last + 2..]);
        let both_sides = |b: &str| [format!("{b} {rest}"), format!("{b} b{}", &rest[1..])];
        let mut text = String::new();
        for g in 0..20 {
            let mover_wins = g % 4 != 2;
            let [w, b] = both_sides(board);
            let (first, second) = if mover_wins {
                ("1-0", "0-1")
            } else {
                ("0-1", "1-0")
            };
            text.push_str(&format!("{w} {first}\n{b} {second}\n"));
            let won = decisive || g % 2 == 0;
            for (up, result) in [(&white_up, "1-0"), (&black_up, "0-1")] {
                let result = if won { result } else { "1/2-1/2" };
                for fen in both_sides(up) {
                    text.push_str(&format!("{fen} {result}\n"));
                }
            }
            text.push_str(&format!("# game {g} 1-0 10 plies\n"));
        }
        text
    }

    #[test]
    fn the_pooled_fit_raises_tempo_and_fits_a_k_per_game() {
        let game = |name: &str, decisive: bool| Game {
            name: name.to_string(),
            base: crate::eval::tests::variant(name),
            samples: super::super::variant_tune::read_samples(&training_text(name, decisive)).0,
        };
        let games = [game("nocastle", true), game("shatranj", false)];
        assert_eq!(games[0].samples.len(), 120);
        // From the test table, whose tempo is 10.
        let start = Params::weights(&Weights::test_table());
        let settings = Settings {
            passes: 2,
            threads: 1,
            frozen: Vec::new(),
        };
        let o = tune(&games, &start, &settings).unwrap();
        // The drawish game maps evaluations to results more gently.
        let (decisive, drawish) = (o.games[0].k, o.games[1].k);
        assert!(decisive > 2.0 * drawish, "K {decisive} and {drawish}");
        // In the start position only the tempo counts, and the side to
        // move scores 13 of 18 in training: each game alone would put the
        // tempo where 1 / (1 + 10^(-K * tempo / 400)) = 13 / 18. The pooled
        // tempo lies between the two, far above the starting 10.
        let best = |k: f64| 400.0 * (13.0f64 / 5.0).log10() / k;
        let tempo = f64::from(o.params.knobs[0].1);
        assert_eq!(
            o.params.knobs[0].0,
            Knob::Weight(crate::eval::general::weights::Weight::Tempo)
        );
        assert!(
            tempo > best(decisive) - 3.0 && tempo < best(drawish) + 3.0,
            "tempo {tempo}, alone {} and {}",
            best(decisive),
            best(drawish)
        );
        assert!(tempo > 30.0, "tempo {tempo}");
        assert!(o.held_out.1 < o.held_out.0, "{:?}", o.held_out);
        for g in &o.games {
            assert!(
                g.after.held_out.unwrap() < g.before.held_out.unwrap(),
                "{g:?}"
            );
        }
        let row = &o.rows[0];
        assert_eq!((row.old, row.new), (10, o.params.knobs[0].1));
    }

    /// The two games of the pooled fit test, for `tune`.
    fn two_games() -> [Game; 2] {
        let game = |name: &str, decisive: bool| Game {
            name: name.to_string(),
            base: crate::eval::tests::variant(name),
            samples: super::super::variant_tune::read_samples(&training_text(name, decisive)).0,
        };
        [game("nocastle", true), game("shatranj", false)]
    }

    #[test]
    fn a_frozen_weight_keeps_its_starting_value() {
        // The games of the test above, where the tempo rises from 10 to
        // above 30 when it is free.
        let start = Params::weights(&Weights::test_table());
        let settings = Settings {
            passes: 2,
            threads: 1,
            frozen: super::super::variant_tune::frozen(&start, "tempo").unwrap(),
        };
        let o = tune(&two_games(), &start, &settings).unwrap();
        assert_eq!(o.params.knobs[0], (Knob::Weight(Weight::Tempo), 10));
        let row = &o.rows[0];
        assert_eq!((row.old, row.new), (10, 10));
    }

    #[test]
    fn frozen_weights_are_written_as_they_started() {
        let dir = scratch("freeze");
        let mut words = vec![
            "--freeze".to_string(),
            "tempo,outpost".to_string(),
            "--passes".to_string(),
            "1".to_string(),
            "--threads".to_string(),
            "1".to_string(),
            "--out".to_string(),
            dir.join("out.ini").to_str().unwrap().to_string(),
        ];
        for (name, decisive) in [("nocastle", true), ("shatranj", false)] {
            let file = dir.join(format!("{name}.epd"));
            std::fs::write(&file, training_text(name, decisive)).unwrap();
            words.push(format!("{name}={}", file.to_str().unwrap()));
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        run_words(&words).unwrap();
        let text = std::fs::read_to_string(dir.join("out.ini")).unwrap();
        let o = crate::rules::overlay::parse_overlay(&text, "out.ini").unwrap();
        let written = |w: Weight| {
            o.eval_weights
                .iter()
                .find(|&&(i, _)| i == w as usize)
                .map(|&(_, v)| v)
        };
        for w in [Weight::Tempo, Weight::Outpost] {
            assert_eq!(written(w), Some(Weights::default()[w]), "{text}");
        }
        assert_eq!(o.eval_weights.len(), crate::eval::general::weights::COUNT);
    }
}
