//! `nightrider tune --variant NAME FILE`: Texel tuning of the general
//! evaluation's weights (`eval::weights`) and the variant's piece values on
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

use super::tune::parse_result;
use crate::core::Color;
use crate::eval::weights::Weight;
use crate::mailbox::MailboxPos;
use crate::position::{Evaluate, Position};
use crate::rules::catalog::{locate_ini, locate_overlay_dir, Catalog};
use crate::rules::overlay::{overlay_path, parse_overlay, EVAL_LIMIT, EVAL_SECTION, VALUE_PREFIX};
use crate::rules::variant::Royalty;
use crate::rules::Variant;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One training position: its FEN, white's result (1, 0.5, 0) and
/// whether it is held out.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position as written.
    pub fen: String,
    /// White's result.
    pub result: f64,
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
                held_out: game % 10 == 9,
            }),
            None => skipped += 1,
        }
    }
    // Files without game lines: every tenth position.
    if game == 0 {
        for (i, s) in samples.iter_mut().enumerate() {
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
    /// What `v` plays with now: its weights and the values of its
    /// non-royal pieces but the pawn (the unit).
    #[must_use]
    pub fn of(v: &Variant, weights: &crate::eval::weights::Weights) -> Params {
        let mut knobs: Vec<(Knob, i32)> = Weight::ALL
            .iter()
            .map(|&w| (Knob::Weight(w), weights[w]))
            .collect();
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

    /// `base` (the variant as loaded) playing these weights and values.
    ///
    /// # Errors
    /// The variant refuses them (one line).
    pub fn variant(&self, base: &Variant) -> Result<Arc<Variant>, String> {
        let mut overlay = base.overlay.clone();
        overlay.eval_weights.clear();
        overlay.piece_values.clear();
        for &(knob, value) in &self.knobs {
            match knob {
                Knob::Weight(w) => overlay.eval_weights.push((w as usize, value)),
                Knob::Value(l) => overlay.piece_values.push((l, value)),
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

/// The K that minimises the training error (golden-section search).
#[must_use]
pub fn best_k(samples: &[Sample], evals: &[Option<f64>]) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 4.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if mean_error(samples, evals, a, false) < mean_error(samples, evals, b, false) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The training and held-out errors of `params`.
struct Errors {
    train: f64,
    held_out: f64,
}

/// Scores candidate weights on the samples.
struct Scorer<'a> {
    base: &'a Variant,
    samples: &'a [Sample],
    k: f64,
    threads: usize,
    /// Evaluations run so far.
    runs: usize,
}

impl Scorer<'_> {
    fn errors(&mut self, p: &Params) -> Result<Errors, String> {
        let v = p.variant(self.base)?;
        let evals = evaluations(&v, self.samples, self.threads);
        self.runs += 1;
        Ok(Errors {
            train: mean_error(self.samples, &evals, self.k, false),
            held_out: mean_error(self.samples, &evals, self.k, true),
        })
    }
}

/// How a tuning run goes.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Most passes over all coordinates.
    pub passes: usize,
    /// Threads evaluating positions.
    pub threads: usize,
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

/// What a tuning run did.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The weights and values kept.
    pub params: Params,
    /// The scaling constant.
    pub k: f64,
    /// Training error before and after.
    pub train: (f64, f64),
    /// Held-out error before and after.
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

/// Tunes the weights and values of `base` on `samples`.
///
/// # Errors
/// A candidate the variant refuses, as one line.
pub fn tune(
    base: &Variant,
    start: &Params,
    samples: &[Sample],
    settings: &Settings,
) -> Result<Outcome, String> {
    let threads = settings.threads.max(1);
    let start_evals = evaluations(&start.variant(base)?, samples, threads);
    let k = best_k(samples, &start_evals);
    let mut scorer = Scorer {
        base,
        samples,
        k,
        threads,
        runs: 0,
    };
    let first = scorer.errors(start)?;
    let mut current = start.clone();
    let mut current_train = first.train;
    let mut best = (first.held_out, current.clone());
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
            let improved =
                coordinate_step(&mut scorer, &mut current, &mut current_train, i, *step)?;
            if improved {
                moved = true;
            } else if *step > 1 {
                *step = (*step / 2).max(1);
                moved = true;
            }
        }
        let held_out = scorer.errors(&current)?.held_out;
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
    let kept = if samples.iter().any(|s| s.held_out) {
        best.1
    } else {
        current
    };
    let last = scorer.errors(&kept)?;
    let rows = intervals(&mut scorer, start, &kept, last.train)?;
    Ok(Outcome {
        params: kept,
        k,
        train: (first.train, last.train),
        held_out: (first.held_out, last.held_out),
        passes,
        rows,
    })
}

/// Tries coordinate `i` of `p` one step up, then down, and on a gain keeps
/// going that way while the training error falls; returns whether it moved.
fn coordinate_step(
    scorer: &mut Scorer,
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
            let e = scorer.errors(p)?.train;
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
/// from the error's curvature along it at `tuned` (training error `e0`).
fn intervals(
    scorer: &mut Scorer,
    start: &Params,
    tuned: &Params,
    e0: f64,
) -> Result<Vec<Row>, String> {
    let n = scorer.samples.iter().filter(|s| !s.held_out).count().max(1) as f64;
    let mut rows = Vec::new();
    for (i, &(knob, new)) in tuned.knobs.iter().enumerate() {
        let h = first_step(knob, new).max(2);
        let mut probe = tuned.clone();
        probe.knobs[i].1 = new + h;
        let up = scorer.errors(&probe)?.train;
        probe.knobs[i].1 = new - h;
        let down = scorer.errors(&probe)?.train;
        let curvature = (up + down - 2.0 * e0) / f64::from(h * h);
        // Least squares: variance = residual variance / sum of squared
        // slopes = e0 * 2 / (n * curvature).
        let interval = (curvature > 0.0).then(|| 1.96 * (2.0 * e0 / (n * curvature)).sqrt());
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

/// Runs `tune --variant NAME FILE [--out PATH] [--passes N] [--threads N]
/// [--ini FILE]`.
///
/// # Errors
/// One line (or the variant's errors, one per line).
pub fn run(args: &[String], words: &[&str]) -> Result<(), String> {
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(String::as_str)
    };
    let number = |name: &str, default: usize| -> Result<usize, String> {
        option(name).map_or(Ok(default), |v| {
            v.parse()
                .map_err(|_| format!("{name} needs a number, not '{v}'"))
        })
    };
    let name = option("--variant").ok_or("no variant given")?;
    let file = *words.first().ok_or("no training file given")?;
    let ini = option("--ini").map(Path::new);
    let joined = |errs: Vec<crate::rules::ConfigError>| {
        errs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    };
    let catalog = Catalog::load(ini).map_err(joined)?;
    let base = catalog.variant(name).map_err(joined)?;
    let out = option("--out").map_or_else(|| default_overlay_path(ini, name), PathBuf::from);
    let default_threads = std::thread::available_parallelism().map_or(1, usize::from);
    let settings = Settings {
        passes: number("--passes", 20)?,
        threads: number("--threads", default_threads)?,
    };
    let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
    let (samples, skipped) = read_samples(&text);
    if samples.len() < 10 {
        return Err(format!("{file}: only {} usable positions", samples.len()));
    }
    let held = samples.iter().filter(|s| s.held_out).count();
    println!(
        "{} positions ({held} held out), {skipped} lines skipped",
        samples.len()
    );
    let tables = {
        let mut pos = MailboxPos::new(Arc::clone(&base));
        pos.prepare_evaluation()
    };
    let start = Params::of(&base, &tables.terms);
    let o = tune(&base, &start, &samples, &settings)?;
    println!("K = {:.4}, {} passes", o.k, o.passes);
    println!("training error {:.6} -> {:.6}", o.train.0, o.train.1);
    println!("held-out error {:.6} -> {:.6}", o.held_out.0, o.held_out.1);
    print!("{}", table(&o.rows));
    let note = format!(
        "Written by `nightrider tune --variant {name}` from {} positions of {file}\n(K = {:.4}; held-out error {:.6} -> {:.6}).",
        samples.len(),
        o.k,
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
    use crate::eval::weights::COUNT;

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
        let p = Params::of(&v, &crate::eval::weights::Weights::default());
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
}
