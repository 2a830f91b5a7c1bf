//! `nightrider tune --variant NAME FILE`: Texel tuning of the general
//! evaluation's weights (`eval::general::weights`) and the variant's piece values on
//! positions labelled with game results (`tune gen --variant` writes them).
//!
//! Every position is scored by the real evaluation of the engine: each
//! candidate set of weights and values is built into a variant (as an
//! overlay's `[eval]` section would be) and the positions are set up and
//! evaluated on it, so no linear trace of the evaluation is needed. First
//! the constant K that best maps today's evaluation to results
//! (`1 / (1 + 10^(-K * eval / 400))`) is fitted; then a coordinate search
//! moves one weight or value at a time by its step while the mean squared
//! error of the training positions falls, halving the steps when nothing
//! helps. The games of every tenth game (by the `# game` lines) are held
//! out: the weights kept are those of the pass with the least held-out
//! error, so the search stops before it fits noise. The pawn's value is
//! the unit and stays as it is.
//!
//! The result is a table (each weight and value, old and new, with a 95%
//! interval from the curvature of the error along that coordinate) and the
//! `[eval]` section written into the variant's overlay file, atomically,
//! keeping the file's other sections and comments.
//!
//! The search works on a list of [`Game`]s, each with its own positions
//! and K, and lowers the mean of their errors: one game for `--variant`,
//! several for the pooled fit of the shared defaults (`shared_tune`).

use super::args::joined;
use super::tune::{parse_result, FitArgs};
use crate::core::Color;
use crate::eval::general::weights::{Weight, Weights};
use crate::mailbox::MailboxPos;
use crate::position::{Evaluate, Position};
use crate::rules::catalog::{locate_ini, locate_overlay_dir, Catalog};
use crate::rules::overlay::{overlay_path, parse_overlay, EVAL_LIMIT, EVAL_SECTION, VALUE_PREFIX};
use crate::rules::variant::Royalty;
use crate::rules::Variant;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One training position: its FEN, white's result (1, 0.5, 0), its game
/// and whether it is held out.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position as written.
    pub fen: String,
    /// White's result.
    pub result: f64,
    /// The 0-based number of its game in the file (of the position itself
    /// in a file without `# game` lines).
    pub game: usize,
    /// Held out from training (its game is every tenth one).
    pub held_out: bool,
}

/// Reads training text: positions with results, games ended by `# game`
/// lines. Returns the samples and the count of lines skipped as
/// unreadable.
#[must_use]
pub fn read_samples(text: &str) -> (Vec<Sample>, usize) {
    let mut samples = Vec::new();
    let mut skipped = 0;
    let mut game = 0usize;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line.starts_with('#') {
            game += 1;
            continue;
        }
        let Some((fen, word)) = line.rsplit_once(char::is_whitespace) else {
            skipped += 1;
            continue;
        };
        match parse_result(word) {
            Some(result) => samples.push(Sample {
                fen: fen.trim().to_string(),
                result,
                game,
                held_out: game % 10 == 9,
            }),
            None => skipped += 1,
        }
    }
    // Files without game lines: every tenth position.
    if game == 0 {
        for (i, s) in samples.iter_mut().enumerate() {
            s.game = i;
            s.held_out = i % 10 == 9;
        }
    }
    (samples, skipped)
}

/// What one coordinate of the search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knob {
    /// A weight of the evaluation.
    Weight(Weight),
    /// The value of the non-royal pieces with this (upper-case) letter.
    Value(char),
}

impl Knob {
    /// Its key in an overlay's `[eval]` section.
    #[must_use]
    pub fn key(self) -> String {
        match self {
            Knob::Weight(w) => w.name().to_string(),
            Knob::Value(l) => format!("{VALUE_PREFIX}{l}"),
        }
    }

    /// The smallest and largest value allowed.
    fn range(self) -> (i32, i32) {
        match self {
            Knob::Value(_) => (1, EVAL_LIMIT),
            Knob::Weight(Weight::MobilityCentre | Weight::StrongPromotion) => (1, EVAL_LIMIT),
            Knob::Weight(_) => (-EVAL_LIMIT, EVAL_LIMIT),
        }
    }
}

/// The weights and values of one variant, as the search moves them.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// The coordinates and their values.
    pub knobs: Vec<(Knob, i32)>,
}

impl Params {
    /// Every weight of `weights`, and no piece value.
    #[must_use]
    pub fn weights(weights: &Weights) -> Params {
        Params {
            knobs: Weight::ALL
                .iter()
                .map(|&w| (Knob::Weight(w), weights[w]))
                .collect(),
        }
    }

    /// What `v` plays with now: its weights and the values of its
    /// non-royal pieces but the pawn (the unit).
    #[must_use]
    pub fn of(v: &Variant, weights: &Weights) -> Params {
        let mut knobs = Params::weights(weights).knobs;
        let pawn = v.types[v.pawn_type[0] as usize].letter;
        let mut letters: Vec<char> = Vec::new();
        for t in v.types.iter().skip(1) {
            if t.royalty == Royalty::None && t.letter != pawn && !letters.contains(&t.letter) {
                letters.push(t.letter);
                knobs.push((Knob::Value(t.letter), t.value));
            }
        }
        Params { knobs }
    }

    /// `base` (the variant as loaded) playing these weights and values:
    /// the weights of its overlay's `[eval]` section are dropped (a weight
    /// not among the knobs plays its default), its piece values stay
    /// where no knob replaces them.
    ///
    /// # Errors
    /// The variant refuses them (one line).
    pub fn variant(&self, base: &Variant) -> Result<Arc<Variant>, String> {
        let mut overlay = base.overlay.clone();
        overlay.eval_weights.clear();
        for &(knob, value) in &self.knobs {
            match knob {
                Knob::Weight(w) => overlay.eval_weights.push((w as usize, value)),
                Knob::Value(l) => {
                    overlay.piece_values.retain(|&(letter, _)| letter != l);
                    overlay.piece_values.push((l, value));
                }
            }
        }
        Variant::build(&base.def, &overlay)
            .map(Arc::new)
            .map_err(|errs| errs.first().map(ToString::to_string).unwrap_or_default())
    }
}

/// White's evaluation of every sample on `v`, `threads` at a time; a
/// position the variant cannot set up scores `None`.
#[must_use]
pub fn evaluations(v: &Arc<Variant>, samples: &[Sample], threads: usize) -> Vec<Option<f64>> {
    let chunk = samples.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| scope.spawn(move || white_evals(v, part)))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// White's evaluations of `samples` on `v`, set up one after another on
/// one board (which keeps the variant's tables and the evaluation's sums).
fn white_evals(v: &Arc<Variant>, samples: &[Sample]) -> Vec<Option<f64>> {
    let mut pos = MailboxPos::new(Arc::clone(v));
    let tables = pos.prepare_evaluation();
    samples
        .iter()
        .map(|s| {
            pos.set_fen(&s.fen).ok()?;
            let score = f64::from(pos.evaluate_with(&tables));
            Some(if pos.side_to_move() == Color::White {
                score
            } else {
                -score
            })
        })
        .collect()
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// Mean squared error of the samples chosen by `held_out` (true: the held
/// out ones) given their evaluations.
#[must_use]
pub fn mean_error(samples: &[Sample], evals: &[Option<f64>], k: f64, held_out: bool) -> f64 {
    let (mut total, mut n) = (0.0, 0usize);
    for (s, e) in samples.iter().zip(evals) {
        if let (Some(e), true) = (e, s.held_out == held_out) {
            total += (s.result - sigmoid(k, *e)).powi(2);
            n += 1;
        }
    }
    total / n.max(1) as f64
}

/// The K that minimises the training error: a scan of K from 0.05 to 4,
/// then a golden-section search between the neighbours of the best point
/// of the scan (the error may have more than one local minimum in K when
/// some positions call for a steep curve and others for a gentle one).
#[must_use]
pub fn best_k(samples: &[Sample], evals: &[Option<f64>]) -> f64 {
    const POINTS: usize = 40;
    let error = |k: f64| mean_error(samples, evals, k, false);
    let at = |i: usize| 0.05 + (4.0 - 0.05) * i as f64 / POINTS as f64;
    let best = (0..=POINTS)
        .min_by(|&a, &b| error(at(a)).total_cmp(&error(at(b))))
        .unwrap_or(0);
    let (mut lo, mut hi) = (at(best.saturating_sub(1)), at((best + 1).min(POINTS)));
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// One game of a fit: the variant as it plays and its positions.
#[derive(Clone, Debug)]
pub struct Game {
    /// Its name, for the report.
    pub name: String,
    /// The variant as loaded (fmax.ini and its overlay).
    pub base: Arc<Variant>,
    /// Its positions.
    pub samples: Vec<Sample>,
}

impl Game {
    /// Whether some of its positions are held out.
    fn holds_out(&self) -> bool {
        self.samples.iter().any(|s| s.held_out)
    }
}

/// The training and held-out errors of one game for one candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Errors {
    /// Mean squared error of the training positions.
    pub train: f64,
    /// The same of the held-out ones, if the game has any.
    pub held_out: Option<f64>,
}

/// The errors of every game for one candidate.
struct Scores(Vec<Errors>);

impl Scores {
    /// The mean of the games' training errors.
    fn train(&self) -> f64 {
        self.0.iter().map(|e| e.train).sum::<f64>() / self.0.len().max(1) as f64
    }

    /// The mean of the held-out errors of the games that hold out
    /// positions (0 when none does).
    fn held_out(&self) -> f64 {
        let held: Vec<f64> = self.0.iter().filter_map(|e| e.held_out).collect();
        held.iter().sum::<f64>() / held.len().max(1) as f64
    }
}

/// Scores candidate weights on the games, each with its own K.
struct Scorer<'a> {
    games: &'a [Game],
    ks: Vec<f64>,
    threads: usize,
}

impl Scorer<'_> {
    fn errors(&self, p: &Params) -> Result<Scores, String> {
        let mut scores = Vec::with_capacity(self.games.len());
        for (game, &k) in self.games.iter().zip(&self.ks) {
            let v = p.variant(&game.base)?;
            let evals = evaluations(&v, &game.samples, self.threads);
            scores.push(Errors {
                train: mean_error(&game.samples, &evals, k, false),
                held_out: game
                    .holds_out()
                    .then(|| mean_error(&game.samples, &evals, k, true)),
            });
        }
        Ok(Scores(scores))
    }
}

/// How a tuning run goes.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Most passes over all coordinates.
    pub passes: usize,
    /// Threads evaluating positions.
    pub threads: usize,
    /// Per coordinate of the starting [`Params`] (in their order): kept at
    /// its starting value (`--freeze`). Missing entries are free.
    pub frozen: Vec<bool>,
}

/// The option that keeps coordinates at their starting values.
pub const FREEZE: &str = "--freeze";

/// How a fit of the general evaluation goes ([`Settings`]), as `tune
/// --variant` and `tune --shared` take it.
#[derive(Clone, Debug, Default, PartialEq, Eq, clap::Args)]
#[command(next_help_heading = "General evaluation")]
pub struct SettingsArgs {
    /// Most passes over all weights and values
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub passes: usize,
    /// Threads evaluating positions (default: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Weights and values kept as they are: weight names, value.LETTER, or values for every piece value, comma-separated
    #[arg(long, value_name = "KEYS")]
    pub freeze: Option<String>,
}

/// The coordinates of `params` that `keys` (the value of `--freeze`:
/// comma-separated weight names, `value.LETTER` in either case, or
/// `values` for every piece value) names, as [`Settings::frozen`].
///
/// # Errors
/// A key that names no coordinate of `params`, as one line.
pub fn frozen(params: &Params, keys: &str) -> Result<Vec<bool>, String> {
    let mut mask = vec![false; params.knobs.len()];
    for key in keys.split(',').map(str::trim) {
        let mut found = false;
        for (i, &(knob, _)) in params.knobs.iter().enumerate() {
            if knob_is_named(knob, key) {
                mask[i] = true;
                found = true;
            }
        }
        if !found {
            return Err(format!(
                "{FREEZE}: '{key}' names no weight or piece value of this fit"
            ));
        }
    }
    Ok(mask)
}

/// Whether `key` (a `--freeze` key) names `knob`.
fn knob_is_named(knob: Knob, key: &str) -> bool {
    match knob {
        Knob::Weight(w) => w.name() == key,
        Knob::Value(letter) => {
            key == "values"
                || key
                    .strip_prefix(VALUE_PREFIX)
                    .is_some_and(|l| l.eq_ignore_ascii_case(&letter.to_string()))
        }
    }
}

/// One row of the result table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The coordinate.
    pub knob: Knob,
    /// Its value before and after.
    pub old: i32,
    /// Its tuned value.
    pub new: i32,
    /// Half the width of its 95% interval; `None` when the error is flat
    /// or bends the wrong way there.
    pub interval: Option<f64>,
}

/// What a tuning run did to one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameOutcome {
    /// Its scaling constant, fitted to the starting weights.
    pub k: f64,
    /// Its errors with the starting weights.
    pub before: Errors,
    /// Its errors with the weights kept.
    pub after: Errors,
}

/// What a tuning run did.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The weights and values kept.
    pub params: Params,
    /// Per game, in the order given.
    pub games: Vec<GameOutcome>,
    /// Mean training error of the games before and after.
    pub train: (f64, f64),
    /// Mean held-out error of the games before and after.
    pub held_out: (f64, f64),
    /// Passes run.
    pub passes: usize,
    /// The table.
    pub rows: Vec<Row>,
}

/// The first step of a coordinate: about a tenth of its value.
fn first_step(knob: Knob, value: i32) -> i32 {
    let floor = match knob {
        Knob::Value(_) => 5,
        Knob::Weight(_) => 1,
    };
    (value.abs() / 10).max(floor)
}

/// Tunes `start` on `games`, lowering the mean of their errors (each game
/// counts the same, whatever its number of positions).
///
/// # Errors
/// A candidate a variant refuses, as one line.
pub fn tune(games: &[Game], start: &Params, settings: &Settings) -> Result<Outcome, String> {
    let threads = settings.threads.max(1);
    let mut ks = Vec::with_capacity(games.len());
    for game in games {
        let evals = evaluations(&start.variant(&game.base)?, &game.samples, threads);
        ks.push(best_k(&game.samples, &evals));
    }
    let scorer = Scorer { games, ks, threads };
    let first = scorer.errors(start)?;
    let mut current = start.clone();
    let mut current_train = first.train();
    let mut best = (first.held_out(), current.clone());
    let mut steps: Vec<i32> = start
        .knobs
        .iter()
        .map(|&(knob, v)| first_step(knob, v))
        .collect();
    let mut passes = 0;
    let mut progress = crate::progress::ProgressReporter::new("tune", settings.passes);
    while passes < settings.passes {
        passes += 1;
        let mut moved = false;
        for (i, step) in steps.iter_mut().enumerate() {
            if settings.frozen.get(i).copied().unwrap_or(false) {
                continue;
            }
            let improved = coordinate_step(&scorer, &mut current, &mut current_train, i, *step)?;
            if improved {
                moved = true;
            } else if *step > 1 {
                *step = (*step / 2).max(1);
                moved = true;
            }
        }
        let held_out = scorer.errors(&current)?.held_out();
        if held_out < best.0 {
            best = (held_out, current.clone());
        }
        progress.step(&format!(
            "training error {current_train:.6}, held-out {held_out:.6}"
        ));
        if !moved {
            break;
        }
    }
    progress.finish();
    // Without held-out positions nothing says when to stop: the last pass
    // stands.
    let kept = if games.iter().any(Game::holds_out) {
        best.1
    } else {
        current
    };
    let last = scorer.errors(&kept)?;
    let rows = intervals(&scorer, start, &kept, &last)?;
    Ok(Outcome {
        params: kept,
        games: scorer
            .ks
            .iter()
            .zip(first.0.iter().zip(&last.0))
            .map(|(&k, (&before, &after))| GameOutcome { k, before, after })
            .collect(),
        train: (first.train(), last.train()),
        held_out: (first.held_out(), last.held_out()),
        passes,
        rows,
    })
}

/// Tries coordinate `i` of `p` one step up, then down, and on a gain keeps
/// going that way while the training error falls; returns whether it moved.
fn coordinate_step(
    scorer: &Scorer,
    p: &mut Params,
    train: &mut f64,
    i: usize,
    step: i32,
) -> Result<bool, String> {
    let (knob, value) = p.knobs[i];
    let (lo, hi) = knob.range();
    let mut moved = false;
    for dir in [1, -1] {
        let mut at = value;
        loop {
            let next = (at + dir * step).clamp(lo, hi);
            if next == at {
                break;
            }
            p.knobs[i].1 = next;
            let e = scorer.errors(p)?.train();
            if e < *train {
                *train = e;
                at = next;
                moved = true;
            } else {
                p.knobs[i].1 = at;
                break;
            }
        }
        if moved {
            break;
        }
    }
    Ok(moved)
}

/// The table rows: per coordinate, old and new value and the 95% interval
/// from the error's curvature along it at `tuned` (errors `at`).
///
/// The error is the mean over G games of each game's mean over its n_g
/// training positions; with e_g a game's error and c_g its curvature
/// along the coordinate, C their mean, the least-squares variance is
/// `2 * sum(e_g * c_g / n_g) / (G^2 * C^2)`: for one game
/// `2 * e / (n * c)`.
fn intervals(
    scorer: &Scorer,
    start: &Params,
    tuned: &Params,
    at: &Scores,
) -> Result<Vec<Row>, String> {
    let sizes: Vec<f64> = scorer
        .games
        .iter()
        .map(|g| g.samples.iter().filter(|s| !s.held_out).count().max(1) as f64)
        .collect();
    let count = scorer.games.len().max(1) as f64;
    let mut rows = Vec::new();
    for (i, &(knob, new)) in tuned.knobs.iter().enumerate() {
        let h = first_step(knob, new).max(2);
        let mut probe = tuned.clone();
        probe.knobs[i].1 = new + h;
        let up = scorer.errors(&probe)?;
        probe.knobs[i].1 = new - h;
        let down = scorer.errors(&probe)?;
        let (mut spread, mut curvature) = (0.0, 0.0);
        for (g, e) in at.0.iter().enumerate() {
            let c = (up.0[g].train + down.0[g].train - 2.0 * e.train) / f64::from(h * h);
            spread += e.train * c / sizes[g];
            curvature += c / count;
        }
        let variance = 2.0 * spread / (count * count * curvature * curvature);
        let interval = (curvature > 0.0 && variance > 0.0).then(|| 1.96 * variance.sqrt());
        rows.push(Row {
            knob,
            old: start.knobs[i].1,
            new,
            interval,
        });
    }
    Ok(rows)
}

/// The table as text.
#[must_use]
pub fn table(rows: &[Row]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<22} {:>7} {:>7} {:>10}",
        "weight", "old", "new", "95% +-"
    );
    for r in rows {
        let interval = r
            .interval
            .map_or_else(|| "flat".to_string(), |x| format!("{x:.1}"));
        let _ = writeln!(
            s,
            "{:<22} {:>7} {:>7} {:>10}",
            r.knob.key(),
            r.old,
            r.new,
            interval
        );
    }
    s
}

/// `text` (an overlay file, maybe empty) with its `[eval]` section replaced
/// by `section` (which starts with its header), at the end of the file; the
/// other sections and their comments stay as they are.
#[must_use]
pub fn with_eval_section(text: &str, section: &str) -> String {
    let mut out = String::new();
    let mut in_eval = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(name) = trimmed.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            in_eval = name.trim() == EVAL_SECTION;
        }
        if !in_eval {
            out.push_str(line);
            out.push('\n');
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(section);
    out
}

/// The `[eval]` section of `params` with a comment line `note`.
#[must_use]
pub fn eval_section(params: &Params, note: &str) -> String {
    let mut s = format!("[{EVAL_SECTION}]\n");
    for line in note.lines() {
        let _ = writeln!(s, "# {line}");
    }
    for &(knob, value) in &params.knobs {
        let _ = writeln!(s, "{} = {value}", knob.key());
    }
    s
}

/// Writes `params` into the overlay at `path` (made if missing) and checks
/// the result reads back.
///
/// # Errors
/// The file cannot be read or written, or the new text would not parse.
pub fn write_overlay(path: &Path, params: &Params, note: &str) -> Result<(), String> {
    let at = |e: std::io::Error| format!("{}: {e}", path.display());
    let old = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(at(e)),
    };
    let text = with_eval_section(&old, &eval_section(params, note));
    parse_overlay(&text, &path.display().to_string()).map_err(|errs| {
        errs.first()
            .map(ToString::to_string)
            .unwrap_or_else(|| "the overlay would not read back".to_string())
    })?;
    crate::save::write_atomic(path, text.as_bytes()).map_err(at)
}

/// Where the overlay of `name` is read from: the file the engine reads, or
/// `NAME.ini` in the `variants/` directory it uses (`variants/` here if it
/// has none).
#[must_use]
pub fn default_overlay_path(ini: Option<&Path>, name: &str) -> PathBuf {
    let dir = locate_overlay_dir(locate_ini(ini).as_deref())
        .unwrap_or_else(|| PathBuf::from(crate::rules::catalog::VARIANTS_DIR));
    overlay_path(&dir, name).unwrap_or_else(|| dir.join(format!("{name}.ini")))
}

impl Settings {
    /// The settings `args` ask for, for a fit that starts from `start`.
    ///
    /// # Errors
    /// A `--freeze` key that names nothing of `start`, as one line.
    pub fn from_args(args: &SettingsArgs, start: &Params) -> Result<Settings, String> {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Ok(Settings {
            passes: args.passes,
            threads: args.threads.unwrap_or(cores),
            frozen: args
                .freeze
                .as_deref()
                .map_or(Ok(Vec::new()), |keys| frozen(start, keys))?,
        })
    }
}

/// At most `most` of `samples`, by whole blocks of ten games (games 0-9,
/// 10-19, ...), so that every tenth game is still the held-out one: a
/// block is kept when the positions kept with it stay within `most`
/// times the share of the file read up to its end. The blocks kept are
/// spread over the whole file.
#[must_use]
pub fn sample_games(samples: Vec<Sample>, most: usize) -> Vec<Sample> {
    let total = samples.len();
    if total <= most {
        return samples;
    }
    let mut kept = Vec::new();
    let mut seen = 0u128;
    for block in samples.chunk_by(|a, b| a.game / 10 == b.game / 10) {
        seen += block.len() as u128;
        let share = seen * most as u128 / total as u128;
        if (kept.len() + block.len()) as u128 <= share {
            kept.extend_from_slice(block);
        }
    }
    kept
}

/// The positions of a training file.
#[derive(Clone, Debug)]
pub struct TrainingFile {
    /// The positions kept.
    pub samples: Vec<Sample>,
    /// The positions read.
    pub read: usize,
    /// Lines skipped as unreadable.
    pub skipped: usize,
}

/// The positions of training file `file`, at most `most` of them (see
/// [`sample_games`]).
///
/// # Errors
/// The file cannot be read or fewer than ten positions are kept, as one
/// line.
pub fn read_file(file: &str, most: usize) -> Result<TrainingFile, String> {
    let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
    let (all, skipped) = read_samples(&text);
    let read = all.len();
    let samples = sample_games(all, most);
    if samples.len() < 10 {
        let sampled = if read > most {
            format!(" of {read} (--sample {most} keeps whole blocks of ten games)")
        } else {
            String::new()
        };
        return Err(format!(
            "{file}: only {} usable positions{sampled}",
            samples.len()
        ));
    }
    Ok(TrainingFile {
        samples,
        read,
        skipped,
    })
}

/// Runs `tune --variant NAME FILE [--out PATH] [--passes N] [--threads N]
/// [--freeze KEYS] [--ini FILE]`.
///
/// # Errors
/// One line (or the variant's errors, one per line).
pub fn run(args: &FitArgs) -> Result<(), String> {
    let name = args.variant.as_deref().ok_or("no variant given")?;
    let file = args.file()?;
    let ini = args.ini.as_deref();
    let catalog = Catalog::load(ini).map_err(joined)?;
    let base = catalog.variant(name).map_err(joined)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| default_overlay_path(ini, name));
    let start = Params::of(&base, &Weights::of(&base));
    let settings = Settings::from_args(&args.settings, &start)?;
    let TrainingFile {
        samples, skipped, ..
    } = read_file(file, usize::MAX)?;
    let held = samples.iter().filter(|s| s.held_out).count();
    println!(
        "{} positions ({held} held out), {skipped} lines skipped",
        samples.len()
    );
    let count = samples.len();
    let game = Game {
        name: name.to_string(),
        base,
        samples,
    };
    let o = tune(std::slice::from_ref(&game), &start, &settings)?;
    let k = o.games.first().map_or(0.0, |g| g.k);
    println!("K = {k:.4}, {} passes", o.passes);
    println!("training error {:.6} -> {:.6}", o.train.0, o.train.1);
    println!("held-out error {:.6} -> {:.6}", o.held_out.0, o.held_out.1);
    print!("{}", table(&o.rows));
    let note = format!(
        "Written by `nightrider tune --variant {name}` from {count} positions of {file}\n(K = {k:.4}; held-out error {:.6} -> {:.6}).",
        o.held_out.0,
        o.held_out.1
    );
    write_overlay(&out, &o.params, &note)?;
    println!("[{EVAL_SECTION}] written to {}", out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::general::weights::COUNT;

    #[test]
    fn game_lines_choose_the_held_out_games() {
        let mut text = String::new();
        for g in 0..20 {
            text.push_str(&format!(
                "8/8/8/8/8/8/8/K6k w - - 0 1 1-0\n# game {g} 1-0 9 plies\n"
            ));
        }
        text.push_str("nonsense\n");
        let (samples, skipped) = read_samples(&text);
        assert_eq!((samples.len(), skipped), (20, 1));
        let held: Vec<usize> = (0..20).filter(|&i| samples[i].held_out).collect();
        assert_eq!(held, [9, 19]);
    }

    /// `games` games of `per_game` positions each, with game lines.
    fn games_text(games: usize, per_game: usize) -> String {
        let mut text = String::new();
        for g in 0..games {
            for _ in 0..per_game {
                text.push_str("8/8/8/8/8/8/8/K6k w - - 0 1 1/2-1/2\n");
            }
            text.push_str(&format!("# game {g} 1/2-1/2 9 plies\n"));
        }
        text
    }

    #[test]
    fn sampling_keeps_whole_blocks_of_ten_games_spread_over_the_file() {
        // 40 games of 2 positions: 4 blocks of 20 positions.
        let (samples, _) = read_samples(&games_text(40, 2));
        let games = |kept: &[Sample]| -> Vec<usize> {
            let mut g: Vec<usize> = kept.iter().map(|s| s.game).collect();
            g.dedup();
            g
        };
        let half = sample_games(samples.clone(), 40);
        assert_eq!(half.len(), 40);
        assert_eq!(
            games(&half),
            [(10..20).collect::<Vec<_>>(), (30..40).collect()].concat()
        );
        // The held-out games are still every tenth one: 19 and 39.
        let held: Vec<usize> = games(
            &half
                .iter()
                .filter(|s| s.held_out)
                .cloned()
                .collect::<Vec<_>>(),
        );
        assert_eq!(held, [19, 39]);
        // Never more than asked, by whole blocks.
        assert_eq!(sample_games(samples.clone(), 39).len(), 20);
        assert_eq!(sample_games(samples.clone(), 19).len(), 0);
        assert_eq!(sample_games(samples.clone(), 80), samples);
        assert_eq!(sample_games(samples.clone(), usize::MAX), samples);
        // Without game lines a position is a game.
        let (plain, _) = read_samples(&"8/8/8/8/8/8/8/K6k w - - 0 1 1-0\n".repeat(30));
        let kept = sample_games(plain, 10);
        assert_eq!(
            kept.iter().map(|s| s.game).collect::<Vec<_>>(),
            (20..30).collect::<Vec<_>>()
        );
        assert_eq!(kept.iter().filter(|s| s.held_out).count(), 1);
    }

    #[test]
    fn a_candidate_drops_the_overlay_weights_and_keeps_its_values() {
        let catalog = Catalog::from_text(
            include_str!("../../fmax.ini"),
            "fmax.ini",
            &[("nocastle", "[eval]\ntempo = 300\nvalue.R = 900\n")],
        );
        let base = catalog.variant("nocastle").unwrap();
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        let sample = |fen: &str| Sample {
            fen: fen.to_string(),
            result: 0.5,
            game: 0,
            held_out: false,
        };
        let rook = |v: &Arc<Variant>| v.types[usize::from(v.type_of_letter('R').unwrap().1)].value;
        // As the engine plays it: the overlay's tempo and rook.
        assert_eq!(evaluations(&base, &[sample(start)], 1), [Some(300.0)]);
        assert_eq!(rook(&base), 900);
        // A candidate of weights only (the test table): its tempo 10, the
        // overlay's rook.
        let shared = Params::weights(&Weights::test_table())
            .variant(&base)
            .unwrap();
        assert_eq!(evaluations(&shared, &[sample(start)], 1), [Some(10.0)]);
        assert_eq!(rook(&shared), 900);
        // A candidate with a value replaces the overlay's.
        let mut p = Params::weights(&Weights::test_table());
        p.knobs.push((Knob::Value('R'), 450));
        assert_eq!(rook(&p.variant(&base).unwrap()), 450);
    }

    #[test]
    fn the_k_fit_finds_the_lower_of_two_minima() {
        // Start positions (evaluation +-10) the side to move wins 13 times
        // in 18 call for a steep curve; a rook up (+-500) winning half its
        // games and drawing the rest for a gentle one. The error is least
        // at K = 0.39 and has a second, higher minimum at the top of the
        // range, where a golden-section search over the whole range ends.
        let mut samples = Vec::new();
        let mut evals = Vec::new();
        for i in 0..18 {
            let mover = if i < 13 { 1.0 } else { 0.0 };
            let up = if i % 2 == 0 { 1.0 } else { 0.5 };
            for (eval, result) in [
                (10.0, mover),
                (-10.0, 1.0 - mover),
                (500.0, up),
                (-500.0, 1.0 - up),
            ] {
                samples.push(Sample {
                    fen: String::new(),
                    result,
                    game: i,
                    held_out: false,
                });
                evals.push(Some(eval));
            }
        }
        let k = best_k(&samples, &evals);
        assert!((0.35..0.45).contains(&k), "K {k}");
        let error = |k: f64| mean_error(&samples, &evals, k, false);
        assert!(error(k) < error(4.0) - 0.01);
    }

    #[test]
    fn the_eval_section_replaces_the_old_one_and_keeps_the_rest() {
        let old = "# shatranj rules\n[rules]\npromotion = Q\n\n[eval]\n# old\ntempo = 3\n";
        let params = Params {
            knobs: vec![(Knob::Weight(Weight::Tempo), 12), (Knob::Value('N'), 310)],
        };
        let text = with_eval_section(old, &eval_section(&params, "note"));
        assert_eq!(
            text,
            "# shatranj rules\n[rules]\npromotion = Q\n\n[eval]\n# note\ntempo = 12\nvalue.N = 310\n"
        );
        let o = parse_overlay(&text, "x.ini").unwrap();
        assert_eq!(o.eval_weights, [(Weight::Tempo as usize, 12)]);
        assert_eq!(o.piece_values, [('N', 310)]);
        assert_eq!(with_eval_section("", "[eval]\n"), "[eval]\n");
    }

    #[test]
    fn knob_count_covers_every_weight() {
        let v = crate::eval::tests::variant("capablanca");
        let p = Params::of(&v, &crate::eval::general::weights::Weights::default());
        assert_eq!(
            p.knobs
                .iter()
                .filter(|(k, _)| matches!(k, Knob::Weight(_)))
                .count(),
            COUNT
        );
        let values: Vec<(Knob, i32)> = p.knobs[COUNT..].to_vec();
        // Capablanca's pieces but the pawn and the king, in fmax.ini's order.
        let letters: String = values
            .iter()
            .map(|(k, _)| match k {
                Knob::Value(l) => *l,
                Knob::Weight(_) => '?',
            })
            .collect();
        assert_eq!(letters, "NBRQACE");
    }

    #[test]
    fn freeze_keys_name_weights_and_values() {
        let v = crate::eval::tests::variant("capablanca");
        let p = Params::of(&v, &Weights::test_table());
        let named = |keys: &str| -> Result<Vec<Knob>, String> {
            let mask = frozen(&p, keys)?;
            assert_eq!(mask.len(), p.knobs.len());
            Ok(p.knobs
                .iter()
                .zip(mask)
                .filter(|&(_, f)| f)
                .map(|(&(k, _), _)| k)
                .collect())
        };
        assert_eq!(
            named("tempo, value.r"),
            Ok(vec![Knob::Weight(Weight::Tempo), Knob::Value('R')])
        );
        let values: Vec<Knob> = "NBRQACE".chars().map(Knob::Value).collect();
        assert_eq!(named("values"), Ok(values));
        for key in ["nonsense", "value.Z", "value.K", "value.", ""] {
            assert_eq!(
                named(&format!("outpost,{key}")),
                Err(format!(
                    "--freeze: '{key}' names no weight or piece value of this fit"
                ))
            );
        }
        // The pooled fit has no piece values.
        assert_eq!(
            frozen(&Params::weights(&Weights::test_table()), "value.R"),
            Err("--freeze: 'value.R' names no weight or piece value of this fit".to_string())
        );
    }

    #[test]
    fn frozen_values_and_weights_are_written_as_they_started() {
        let dir = std::env::temp_dir().join(format!("nightrider-vfreeze-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("nocastle.epd");
        std::fs::write(
            &file,
            crate::tools::shared_tune::tests::training_text("nocastle", false),
        )
        .unwrap();
        let out = dir.join("nocastle.ini");
        let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
        let args = [
            "--variant",
            "nocastle",
            file.to_str().unwrap(),
            "--ini",
            ini,
            "--out",
            out.to_str().unwrap(),
            "--passes",
            "1",
            "--threads",
            "1",
            "--freeze",
            "values,tempo",
        ];
        let run_args = |args: &[&str]| run(&crate::tools::tune::tests::parse(args).unwrap().fit);
        run_args(&args).unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        let o = parse_overlay(&text, "nocastle.ini").unwrap();
        let base = Catalog::load(Some(Path::new(ini)))
            .unwrap()
            .variant("nocastle")
            .unwrap();
        let start = Params::of(&base, &Weights::of(&base));
        let written_values: Vec<(char, i32)> = start
            .knobs
            .iter()
            .filter_map(|&(k, v)| match k {
                Knob::Value(l) => Some((l, v)),
                Knob::Weight(_) => None,
            })
            .collect();
        assert_eq!(o.piece_values, written_values, "{text}");
        assert!(
            o.eval_weights
                .contains(&(Weight::Tempo as usize, Weights::of(&base)[Weight::Tempo])),
            "{text}"
        );
        // An unknown key stops the run before it reads anything.
        let mut bad = args;
        *bad.last_mut().unwrap() = "values,temp";
        assert_eq!(
            run_args(&bad),
            Err("--freeze: 'temp' names no weight or piece value of this fit".to_string())
        );
    }
}
