//! `nightrider tune`: Texel tuning of the orthodox evaluation's weights.
//!
//! `tune FILE` reads positions labelled with game results (one per line:
//! a FEN, then `1-0`, `0-1`, `1/2-1/2`, or `[1.0]`/`[0.5]`/`[0.0]`), traces
//! each through the evaluation (the count of every weight, the phase and the
//! endgame scale), finds the constant K that best maps the current
//! evaluation to results (`1 / (1 + 10^(-K * eval / 400))`), then lowers the
//! mean squared error by gradient descent (Adam, full batch) with a tenth of
//! the positions held out to stop before over-fitting, and writes the
//! weights as the Rust source `src/eval/orthodox/tuned.rs` is.
//! `tune gen [--variant NAME] OUT GAMES` writes training positions from
//! self-play (see `selfplay`); `tune games [--variant NAME] GAMES.pgn OUT`
//! from the finished games of a PGN file (see `game_positions`);
//! `tune label IN OUT --engine CMD` relabels training positions with a UCI
//! engine's scores (see `label`); `tune --variant` and `tune --shared` fit
//! the general evaluation (see `variant_tune` and `shared_tune`), `tune
//! spsa` the search's constants (see `spsa`). [`TuneArgs`] are the
//! arguments of the whole family.

use super::args::GameArgs;
use super::game_positions::harvest;
use super::label::LabelArgs;
use super::selfplay::{
    generate, load_openings, open_resumable, GameFormat, SelfPlay, SelfPlayBoard,
};
use super::spsa::SpsaArgs;
use super::variant_tune::SettingsArgs;
use crate::bitboard::BitboardPos;
use crate::eval::orthodox::params::{Pair, COUNT, GROUPS};
use crate::eval::orthodox::tuned::WEIGHTS;
use crate::eval::orthodox::{trace, FULL_PHASE};
use crate::mailbox::MailboxPos;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The arguments of `tune`: a fit without a subcommand, else the
/// subcommand's.
#[derive(Clone, Debug, PartialEq, clap::Parser)]
#[command(name = "tune", args_conflicts_with_subcommands = true)]
pub struct TuneArgs {
    /// Training positions, or a tool that makes them
    #[command(subcommand)]
    pub command: Option<TuneCommand>,
    /// The fit run when no subcommand is named.
    #[command(flatten)]
    pub fit: FitArgs,
}

/// The subcommands of `tune`.
#[derive(Clone, Debug, PartialEq, clap::Subcommand)]
pub enum TuneCommand {
    /// Self-play training positions with the games' results, appended to OUT (resumable; --variant: the mailbox board)
    Gen(GenArgs),
    /// Training positions from the finished games of a PGN file
    Games(GamesArgs),
    /// Training positions labelled with a UCI engine's score as White's expected score (resumable)
    Label(LabelArgs),
    /// The search's constants tuned by SPSA in self-play through cutechess-cli (resumable)
    Spsa(SpsaArgs),
}

/// What `tune` fits without a subcommand: the orthodox evaluation's
/// weights; with `--variant` a game's general-evaluation weights and piece
/// values; with `--shared` the general evaluation's defaults on several
/// games at once.
#[derive(Clone, Debug, Default, PartialEq, clap::Args)]
pub struct FitArgs {
    /// The training positions (with --shared: NAME=FILE, one a game)
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
    /// Fit the general evaluation's weights and this game's piece values, written as the [eval] section of its overlay
    #[arg(long, value_name = "NAME", conflicts_with = "shared")]
    pub variant: Option<String>,
    /// Fit the general evaluation's default weights on several games at once, printed as the defaults of src/eval/general/weights.rs
    #[arg(long)]
    pub shared: bool,
    /// The fmax.ini that defines the games (default: the one the engine loads)
    #[arg(long, value_name = "FILE")]
    pub ini: Option<PathBuf>,
    /// Where the result goes (default: weights.rs; with --variant the game's overlay; with --shared only printed)
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The orthodox fit's settings (Texel tuning of the orthodox weights).
    #[command(flatten)]
    pub texel: TexelArgs,
    /// The general evaluation's fit (with --variant or --shared).
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// With --shared: at most N positions of each game, by whole blocks of ten games
    #[arg(
        long,
        value_name = "N",
        requires = "shared",
        help_heading = "General evaluation"
    )]
    pub sample: Option<usize>,
}

/// How the fit of the orthodox weights goes ([`Settings`]).
#[derive(Clone, Debug, PartialEq, clap::Args)]
#[command(next_help_heading = "Orthodox weights")]
pub struct TexelArgs {
    /// Most passes over the training positions
    #[arg(long, value_name = "N", default_value_t = 2000, conflicts_with_all = ["variant", "shared"])]
    pub epochs: usize,
    /// Adam's step size in centipawns
    #[arg(long, value_name = "CP", default_value_t = 0.5, conflicts_with_all = ["variant", "shared"])]
    pub rate: f64,
    /// Weights whose term appears in fewer than this share of the positions keep their value
    #[arg(long, value_name = "F", default_value_t = 0.02, conflicts_with_all = ["variant", "shared"])]
    pub min_share: f64,
    /// Pull toward the starting weights: the error that moving one weight by 100 cp costs
    #[arg(long, value_name = "A", default_value_t = 0.0, conflicts_with_all = ["variant", "shared"])]
    pub anchor: f64,
    /// Only the weights of this group move (as the comments of weights.rs name it)
    #[arg(long, value_name = "GROUP", conflicts_with_all = ["variant", "shared"])]
    pub only: Option<String>,
}

impl Default for TexelArgs {
    fn default() -> TexelArgs {
        TexelArgs {
            epochs: 2000,
            rate: 0.5,
            min_share: 0.02,
            anchor: 0.0,
            only: None,
        }
    }
}

impl TexelArgs {
    /// The settings these arguments ask for.
    ///
    /// # Errors
    /// `--only` names no group of weights.
    pub fn settings(&self) -> Result<Settings, String> {
        Ok(Settings {
            epochs: self.epochs,
            rate: self.rate,
            min_share: self.min_share,
            anchor: self.anchor,
            only: self.only.as_deref().map(group_range).transpose()?,
        })
    }
}

/// The arguments of `tune gen` and `net gen`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Parser)]
#[command(name = "gen")]
pub struct GenArgs {
    /// The file the positions are appended to (a run stopped early continues it)
    #[arg(value_name = "OUT")]
    pub out: String,
    /// Games in all
    #[arg(value_name = "GAMES")]
    pub games: usize,
    /// The game played.
    #[command(flatten)]
    pub game: GameArgs,
    /// Nodes searched per move
    #[arg(long, value_name = "N", default_value_t = 5000)]
    pub nodes: u64,
    /// Seed of the random plies
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Random plies after each opening
    #[arg(long, value_name = "PLIES", default_value_t = 2)]
    pub random: usize,
    /// The openings, a PGN or EPD file (required for orthodox chess; default with --variant: the start position)
    #[arg(long, value_name = "PGN|EPD")]
    pub openings: Option<String>,
}

/// The arguments of `tune games`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct GamesArgs {
    /// The games
    #[arg(value_name = "GAMES.pgn")]
    pub input: String,
    /// The file the positions are written to (replaced)
    #[arg(value_name = "OUT")]
    pub out: String,
    /// The game played.
    #[command(flatten)]
    pub game: GameArgs,
    /// Plies left out at the start of each game
    #[arg(long, value_name = "PLIES", default_value_t = 0)]
    pub skip: usize,
}

/// One traced position: sparse weight counts, phase, scale, result.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// (weight index, white-minus-black count) of every nonzero count.
    pub counts: Vec<(u16, i16)>,
    /// Middlegame share, 0..=24.
    pub phase: f64,
    /// Endgame scale factor as a fraction (scale / 64).
    pub scale: f64,
    /// White's result or expected score, from 0 to 1.
    pub result: f64,
}

/// Parses the label at the end of a training line: a game result (`1-0`,
/// `0-1`, `1/2-1/2`) or white's expected score as a number from 0 to 1
/// (`[0.73]`: a result, or an engine's score turned into one).
#[must_use]
pub fn parse_result(word: &str) -> Option<f64> {
    let w = word.trim_matches(|c: char| c == ';' || c == '"' || c == '[' || c == ']');
    match w {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => w.parse::<f64>().ok().filter(|p| (0.0..=1.0).contains(p)),
    }
}

/// Splits one training line into its FEN (at most six words, ended early
/// by an EPD opcode such as `c9`) and white's result.
///
/// # Errors
/// One line saying what is wrong.
pub fn split_line(line: &str) -> Result<(String, f64), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() < 5 {
        return Err("expected a FEN and a result".to_string());
    }
    let result = parse_result(words[words.len() - 1])
        .ok_or_else(|| format!("unknown result '{}'", words[words.len() - 1]))?;
    let opcode =
        |w: &&str| w.len() > 1 && w.starts_with('c') && w[1..].bytes().all(|b| b.is_ascii_digit());
    let fen = words[..words.len() - 1]
        .iter()
        .take(6)
        .take_while(|w| !opcode(w))
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    Ok((fen, result))
}

/// Parses one line into a position and white's result.
///
/// # Errors
/// One line saying what is wrong.
pub fn parse_line(line: &str) -> Result<(BitboardPos, f64), String> {
    let (fen, result) = split_line(line)?;
    let pos = BitboardPos::from_fen(&fen, false).map_err(|e| e.to_string())?;
    Ok((pos, result))
}

/// Traces a position for the tuner; `None` when the weights do not decide
/// its score (endings judged by rule).
#[must_use]
pub fn sample(pos: &BitboardPos, result: f64) -> Option<Sample> {
    let (t, phase, scale) = trace(pos)?;
    let counts =
        t.0.iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, c.clamp(-32768, 32767) as i16))
            .collect();
    Some(Sample {
        counts,
        phase: f64::from(phase),
        scale: f64::from(scale) / 64.0,
        result,
    })
}

/// Reads training text into samples; returns them and the count of lines
/// skipped as unreadable.
#[must_use]
pub fn read_samples(text: &str) -> (Vec<Sample>, usize) {
    let mut samples = Vec::new();
    let mut skipped = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        match parse_line(line) {
            Ok((pos, result)) => samples.extend(sample(&pos, result)),
            Err(_) => skipped += 1,
        }
    }
    (samples, skipped)
}

/// Weights as floats: middlegame values then endgame values.
#[must_use]
pub fn float_weights(table: &[Pair]) -> Vec<f64> {
    let mut w: Vec<f64> = table.iter().map(|p| f64::from(p.0)).collect();
    w.extend(table.iter().map(|p| f64::from(p.1)));
    w
}

/// The evaluation (white's view) of a sample under weights `w`.
#[must_use]
pub fn evaluate(s: &Sample, w: &[f64]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in &s.counts {
        mg += f64::from(c) * w[usize::from(i)];
        eg += f64::from(c) * w[COUNT + usize::from(i)];
    }
    let full = f64::from(FULL_PHASE);
    (mg * s.phase + eg * s.scale * (full - s.phase)) / full
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// Mean squared error of the predicted results.
#[must_use]
pub fn mean_error(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k, evaluate(s, w))).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The K that minimises the error for weights `w` (golden-section search).
#[must_use]
pub fn best_k(samples: &[Sample], w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 4.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if mean_error(samples, w, a) < mean_error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the mean squared error with respect to every weight.
fn gradient(samples: &[Sample], w: &[f64], k: f64) -> Vec<f64> {
    let mut g = vec![0.0; w.len()];
    let full = f64::from(FULL_PHASE);
    let slope = k * std::f64::consts::LN_10 / 400.0;
    for s in samples {
        let p = sigmoid(k, evaluate(s, w));
        let common = 2.0 * (p - s.result) * p * (1.0 - p) * slope;
        let mg = common * s.phase / full;
        let eg = common * s.scale * (full - s.phase) / full;
        for &(i, c) in &s.counts {
            g[usize::from(i)] += mg * f64::from(c);
            g[COUNT + usize::from(i)] += eg * f64::from(c);
        }
    }
    let n = samples.len().max(1) as f64;
    g.iter_mut().for_each(|x| *x /= n);
    g
}

/// What a tuning run did.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The tuned weights (floats, middlegame then endgame).
    pub weights: Vec<f64>,
    /// The scaling constant used.
    pub k: f64,
    /// Training error before and after.
    pub train: (f64, f64),
    /// Held-out error before and after.
    pub held_out: (f64, f64),
    /// Epochs run before stopping.
    pub epochs: usize,
}

/// How a tuning run goes.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Most passes over the training positions.
    pub epochs: usize,
    /// Adam's step size in centipawns.
    pub rate: f64,
    /// Weights whose term appears in fewer than this share of the training
    /// positions keep their value (too little evidence to move them).
    pub min_share: f64,
    /// Pull toward the starting weights: moving one weight by 100 cp costs
    /// this much mean squared error (0 = no pull). With few positions it
    /// keeps the many rarely seen weights near their hand-set values.
    pub anchor: f64,
    /// Only the weights of this range (first index, length) move; `None`
    /// lets every weight move.
    pub only: Option<(usize, usize)>,
}

/// The gradient of the anchor penalty `anchor * sum((w - start) / 100)^2`,
/// added to `g` for the free weights.
fn add_anchor_gradient(g: &mut [f64], w: &[f64], start: &[f64], anchor: f64) {
    if anchor > 0.0 {
        for ((gi, wi), si) in g.iter_mut().zip(w).zip(start) {
            *gi += 2.0 * anchor * (wi - si) / 10_000.0;
        }
    }
}

/// Which weights (middlegame then endgame) have enough training positions.
fn supported(train: &[Sample], min_share: f64) -> Vec<bool> {
    let mut seen = vec![0usize; COUNT];
    for s in train {
        for &(i, _) in &s.counts {
            seen[usize::from(i)] += 1;
        }
    }
    let needed = (min_share * train.len() as f64).ceil() as usize;
    let mut free: Vec<bool> = seen.iter().map(|&n| n > 0 && n >= needed).collect();
    free.extend_from_within(..);
    free
}

/// Tunes `start` on `train` (Adam), stopping early when the error on
/// `check` has not improved for 200 epochs.
#[must_use]
pub fn tune(train: &[Sample], check: &[Sample], start: &[f64], settings: &Settings) -> Outcome {
    let (epochs, rate) = (settings.epochs, settings.rate);
    let mut free = supported(train, settings.min_share);
    if let Some((first, len)) = settings.only {
        for (i, f) in free.iter_mut().enumerate() {
            *f &= (first..first + len).contains(&(i % COUNT));
        }
    }
    let k = best_k(train, start);
    let mut w = start.to_vec();
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (b1, b2) = (0.9, 0.999);
    let mut best = (mean_error(check, &w, k), w.clone());
    let mut since_best = 0;
    let mut done = 0;
    for epoch in 1..=epochs {
        let mut g = gradient(train, &w, k);
        add_anchor_gradient(&mut g, &w, start, settings.anchor);
        for i in (0..w.len()).filter(|&i| free[i]) {
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        done = epoch;
        if epoch % 10 == 0 {
            let e = mean_error(check, &w, k);
            if e < best.0 {
                best = (e, w.clone());
                since_best = 0;
            } else {
                since_best += 10;
                if since_best >= 200 {
                    break;
                }
            }
        }
    }
    let tuned = if check.is_empty() { w } else { best.1 };
    Outcome {
        train: (mean_error(train, start, k), mean_error(train, &tuned, k)),
        held_out: (mean_error(check, start, k), mean_error(check, &tuned, k)),
        weights: tuned,
        k,
        epochs: done,
    }
}

/// The weights as the source of `src/eval/orthodox/tuned.rs`.
#[must_use]
pub fn weights_source(w: &[f64]) -> String {
    let mut s = String::new();
    s.push_str("//! The weights of the orthodox evaluation, one middlegame/endgame pair per\n");
    s.push_str("//! term in the layout of `params`. Written by `nightrider tune` (Texel\n");
    s.push_str("//! tuning on self-play positions); edit by hand only to try an idea.\n\n");
    s.push_str("use super::params::{Pair, COUNT};\n\n");
    s.push_str("/// Every weight of the orthodox evaluation (see `params` for the layout).\n");
    s.push_str("pub const WEIGHTS: [Pair; COUNT] = [\n");
    for &(name, first, len) in GROUPS {
        let _ = writeln!(s, "    // {name}");
        for i in first..first + len {
            let (mg, eg) = (w[i].round() as i32, w[COUNT + i].round() as i32);
            let _ = writeln!(s, "    Pair({mg}, {eg}),");
        }
    }
    s.push_str("];\n");
    s
}

/// Runs `tune`; returns the exit code.
#[must_use]
pub fn run(args: &TuneArgs) -> i32 {
    let outcome = match &args.command {
        Some(TuneCommand::Gen(g)) => run_generate(g, GameFormat::Results),
        Some(TuneCommand::Games(g)) => run_games(g),
        Some(TuneCommand::Label(l)) => return super::label::run(l),
        Some(TuneCommand::Spsa(s)) => return super::spsa::run(s),
        None => run_fit(&args.fit),
    };
    match outcome {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("tune: {e}");
            2
        }
    }
}

/// `tune` without a subcommand: the fit its options choose.
fn run_fit(args: &FitArgs) -> Result<(), String> {
    if args.shared {
        return super::shared_tune::run(args);
    }
    if args.variant.is_some() {
        return super::variant_tune::run(args);
    }
    run_tune(args)
}

impl FitArgs {
    /// The one training file of a fit of one game.
    ///
    /// # Errors
    /// No file, or more than one.
    pub fn file(&self) -> Result<&str, String> {
        match &self.files[..] {
            [file] => Ok(file),
            [] => Err("no training file given".to_string()),
            _ => Err(format!(
                "one training file, not {} (--shared fits several games)",
                self.files.len()
            )),
        }
    }
}

fn run_tune(args: &FitArgs) -> Result<(), String> {
    let file = args.file()?;
    let settings = args.texel.settings()?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("weights.rs"));
    let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
    let (samples, skipped) = read_samples(&text);
    if samples.len() < 10 {
        return Err(format!("{file}: only {} usable positions", samples.len()));
    }
    let held = samples.len() / 10;
    let (check, train) = samples.split_at(held);
    println!(
        "{} positions ({} held out), {skipped} lines skipped",
        samples.len(),
        check.len()
    );
    let o = tune(train, check, &float_weights(&WEIGHTS), &settings);
    println!("K = {:.4}, {} epochs", o.k, o.epochs);
    println!("training error {:.6} -> {:.6}", o.train.0, o.train.1);
    println!("held-out error {:.6} -> {:.6}", o.held_out.0, o.held_out.1);
    crate::save::write_atomic(&out, weights_source(&o.weights).as_bytes())
        .map_err(|e| format!("{}: {e}", out.display()))?;
    println!("weights written to {}", out.display());
    Ok(())
}

/// The weights (first index, length) of the group called `name`, as the
/// comments of the weights file name it.
fn group_range(name: &str) -> Result<(usize, usize), String> {
    GROUPS
        .iter()
        .find(|g| g.0 == name)
        .map(|&(_, first, len)| (first, len))
        .ok_or_else(|| format!("--only: no group of weights is called {name:?}"))
}

/// `tune gen` (and `net gen`): self-play games written in `format`.
///
/// # Errors
/// One line: a bad argument, openings or variant, or a write error.
pub(crate) fn run_generate(args: &GenArgs, format: GameFormat) -> Result<(), String> {
    let (out, games) = (args.out.as_str(), args.games);
    let (nodes, seed, random_plies) = (args.nodes, args.seed, args.random);
    let book_text = match &args.openings {
        Some(b) => Some(crate::text::read(b).map_err(|e| format!("{b}: {e}"))?),
        None => None,
    };
    let n = if let Some(variant) = args.game.load()? {
        let start = MailboxPos::new(variant);
        let openings = match &book_text {
            Some(text) => load_openings(text, &start)?,
            None => vec![start],
        };
        let sp = SelfPlay {
            openings,
            nodes,
            seed,
            random_plies,
        };
        generate_into(&sp, games, format, out)?
    } else {
        let text = book_text.ok_or("no openings given (--openings PGN|EPD)")?;
        let sp = SelfPlay {
            openings: load_openings(&text, &BitboardPos::startpos())?,
            nodes,
            seed,
            random_plies,
        };
        generate_into(&sp, games, format, out)?
    };
    println!("{} positions appended to {out}", n.1);
    Ok(())
}

/// `tune games`: the quiet positions of a PGN file's finished games,
/// written to OUT (replacing it) as `tune gen` writes them.
fn run_games(args: &GamesArgs) -> Result<(), String> {
    let (input, out, skip) = (args.input.as_str(), args.out.as_str(), args.skip);
    let text = crate::text::read(input).map_err(|e| format!("{input}: {e}"))?;
    let h = match args.game.load()? {
        Some(variant) => harvest(&text, &MailboxPos::new(variant), skip),
        None => harvest(&text, &BitboardPos::startpos(), skip),
    };
    if let Some(e) = &h.first_error {
        println!(
            "{input}: games that do not replay skipped: {} (the first: {e})",
            h.unreadable
        );
    }
    if h.unfinished > 0 {
        println!("{input}: games without a result skipped: {}", h.unfinished);
    }
    if h.games == 0 {
        return Err(format!("{input}: no finished game to take positions from"));
    }
    crate::save::write_atomic(Path::new(out), h.text.as_bytes())
        .map_err(|e| format!("{out}: {e}"))?;
    println!(
        "{out}: {} positions written, from {} finished games",
        h.positions, h.games
    );
    Ok(())
}

/// Plays the games `out` lacks of `games` and appends them; returns the
/// games already there and the positions written.
fn generate_into<P: SelfPlayBoard>(
    sp: &SelfPlay<P>,
    games: usize,
    format: GameFormat,
    out: &str,
) -> Result<(usize, usize), String> {
    let (file, done) = open_resumable(Path::new(out))?;
    if done >= games {
        println!("{out} already holds {done} games");
        return Ok((done, 0));
    }
    if done > 0 {
        println!("{out} holds {done} games; playing games {done}..{games}");
    }
    let mut writer = std::io::BufWriter::new(file);
    let n = generate(sp, done, games, format, &mut writer).map_err(|e| format!("{out}: {e}"))?;
    Ok((done, n))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    use clap::Parser as _;

    /// `tune WORDS`, parsed.
    pub(crate) fn parse(words: &[&str]) -> Result<TuneArgs, String> {
        TuneArgs::try_parse_from(std::iter::once("tune").chain(words.iter().copied()))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn generating_without_openings_is_refused_in_one_line() {
        let args = GenArgs::try_parse_from(["gen", "/nonexistent/out.epd", "1"]).unwrap();
        assert_eq!(
            run_generate(&args, GameFormat::Results),
            Err("no openings given (--openings PGN|EPD)".to_string())
        );
    }

    #[test]
    fn the_options_choose_the_fit_and_its_settings() {
        let t = parse(&["all.epd", "--anchor", "0.002", "--out", "w.rs"]).unwrap();
        assert_eq!(t.command, None);
        assert_eq!(t.fit.file(), Ok("all.epd"));
        assert_eq!(t.fit.texel.anchor, 0.002);
        assert_eq!(t.fit.texel.epochs, 2000);
        assert_eq!(t.fit.out, Some(PathBuf::from("w.rs")));
        let t = parse(&["--variant", "capablanca", "c.epd", "--passes", "3"]).unwrap();
        assert_eq!(t.fit.variant.as_deref(), Some("capablanca"));
        assert_eq!(t.fit.settings.passes, 3);
        let t = parse(&["--shared", "a=x.epd", "b=y.epd", "--sample", "9"]).unwrap();
        assert!(t.fit.shared);
        assert_eq!((t.fit.files.len(), t.fit.sample), (2, Some(9)));
        for bad in [
            &["--shared", "--variant", "janus", "janus=a"][..],
            &["--variant", "janus", "a.epd", "--epochs", "9"],
            &["a.epd", "--sample", "9"],
            &["--shared", "--sample", "lots", "janus=a"],
            &["a.epd", "--colour", "white"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            parse(&["a.epd", "b.epd"]).unwrap().fit.file(),
            Err("one training file, not 2 (--shared fits several games)".to_string())
        );
    }

    #[test]
    fn a_subcommand_is_only_the_first_word() {
        let t = parse(&["gen", "o.epd", "4", "--variant", "shatranj", "--nodes", "9"]).unwrap();
        let Some(TuneCommand::Gen(g)) = &t.command else {
            panic!("{t:?}");
        };
        assert_eq!((g.out.as_str(), g.games, g.nodes), ("o.epd", 4, 9));
        assert_eq!(g.game.variant.as_deref(), Some("shatranj"));
        let t = parse(&["--ini", "f.ini", "games"]).unwrap();
        assert_eq!((t.command, t.fit.files), (None, vec!["games".to_string()]));
    }

    #[test]
    fn lines_in_every_accepted_form_parse() {
        let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
        for (line, result) in [
            (format!("{fen} 1-0"), 1.0),
            (format!("{fen} 1/2-1/2"), 0.5),
            ("4k3/8/8/8/8/8/8/3QK3 w - - [0.0]".to_string(), 0.0),
            ("4k3/8/8/8/8/8/8/3QK3 w - - c9 \"0-1\";".to_string(), 0.0),
            (format!("{fen} [0.7311]"), 0.7311),
        ] {
            let (pos, r) = parse_line(&line).unwrap();
            assert_eq!(r, result, "{line}");
            assert!(pos.fen().starts_with("4k3/8/8/8/8/8/8/3QK3 w - -"));
        }
        assert_eq!(
            parse_line(&format!("{fen} 2-0")).unwrap_err(),
            "unknown result '2-0'"
        );
        assert_eq!(
            parse_line(&format!("{fen} [1.5]")).unwrap_err(),
            "unknown result '[1.5]'"
        );
        assert_eq!(
            parse_line("1-0").unwrap_err(),
            "expected a FEN and a result"
        );
    }

    #[test]
    fn the_written_table_is_the_checked_in_weights_file() {
        let source = weights_source(&float_weights(&WEIGHTS));
        assert_eq!(
            source,
            include_str!("../eval/orthodox/tuned.rs"),
            "weights_source must reproduce tuned.rs"
        );
    }

    #[test]
    fn sample_evaluation_matches_the_engine() {
        let (pos, _) =
            parse_line("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 1-0")
                .unwrap();
        let s = sample(&pos, 1.0).unwrap();
        let engine = crate::eval::orthodox::white_score(&pos);
        assert!((evaluate(&s, &float_weights(&WEIGHTS)) - f64::from(engine)).abs() <= 1.0);
    }

    #[test]
    fn tuning_a_tiny_dataset_lowers_its_error() {
        // Extra knights and bishops that only draw, extra queens that win.
        let text = "\
4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1 1/2-1/2
4k3/pppp4/8/8/8/8/PPPP4/2B1K3 b - - 0 1 1/2-1/2
1n2k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 1/2-1/2
4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1 1-0
3qk3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 0-1
4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 1/2-1/2
r3k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1 0-1
4k3/pppp4/8/8/8/8/PPPP4/R3K3 b - - 0 1 1-0
not a position 1-0
";
        let (samples, skipped) = read_samples(text);
        assert_eq!((samples.len(), skipped), (8, 1));
        let settings = Settings {
            epochs: 50,
            rate: 1.0,
            min_share: 0.0,
            anchor: 0.0,
            only: None,
        };
        let o = tune(&samples, &[], &float_weights(&WEIGHTS), &settings);
        assert!(o.k > 0.05 && o.k < 4.0, "K {}", o.k);
        assert_eq!(o.epochs, 50);
        assert!(o.train.1 < o.train.0 * 0.9, "{:?}", o.train);
    }

    /// Four small endings with their results.
    const FOUR_ENDINGS: &str = "\
4k3/pppp4/8/8/8/8/PPPP4/1N2K3 w - - 0 1 1/2-1/2
4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1 1-0
3qk3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 0-1
4k3/pppp4/8/8/8/8/PPPP4/R3K3 b - - 0 1 1-0
";

    #[test]
    fn the_anchor_keeps_weights_nearer_their_start() {
        let (samples, _) = read_samples(FOUR_ENDINGS);
        let start = float_weights(&WEIGHTS);
        let moved = |anchor: f64| {
            let settings = Settings {
                epochs: 100,
                rate: 2.0,
                min_share: 0.0,
                anchor,
                only: None,
            };
            let o = tune(&samples, &[], &start, &settings);
            o.weights
                .iter()
                .zip(&start)
                .map(|(w, s)| (w - s).abs())
                .sum::<f64>()
        };
        let (free, pulled) = (moved(0.0), moved(1.0));
        assert!(free > 0.0, "tuning moved nothing");
        assert!(pulled < free * 0.8, "anchored {pulled} vs free {free}");
    }

    #[test]
    fn only_the_named_group_moves() {
        let (samples, _) = read_samples(FOUR_ENDINGS);
        let start = float_weights(&WEIGHTS);
        let (first, len) = group_range("material P N B R Q").unwrap();
        let settings = Settings {
            epochs: 100,
            rate: 2.0,
            min_share: 0.0,
            anchor: 0.0,
            only: Some((first, len)),
        };
        let o = tune(&samples, &[], &start, &settings);
        let moved: Vec<usize> = (0..start.len())
            .filter(|&i| o.weights[i] != start[i])
            .map(|i| i % COUNT)
            .collect();
        assert!(!moved.is_empty(), "tuning moved nothing");
        assert!(
            moved.iter().all(|i| (first..first + len).contains(i)),
            "{moved:?}"
        );
        assert!(group_range("no such group").is_err());
    }
}
