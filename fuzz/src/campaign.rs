//! What every campaign shares: the launcher and limits, the corpus, the
//! report, the files every scratch directory gets, a random stream per
//! case derived from the run's seed (so any case can be regenerated alone),
//! a driver that spreads cases over `--jobs` threads, and the shrinking of
//! a failing input to a small reproducer.

use crate::case::{Case, Limits, Outcome};
use crate::corpus::Corpus;
use crate::engine::{Launcher, Scratch};
use crate::report::Report;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How a run goes: the engine, the limits and the knobs of the command line.
pub struct Settings {
    /// How to start the engine.
    pub launcher: Launcher,
    /// Time limits.
    pub limits: Limits,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
    /// Time spent shrinking the first failure of each signature.
    pub shrink_budget: Duration,
}

/// The shared state of a run.
pub struct Ctx<'a> {
    /// How to start the engine.
    pub launcher: Launcher,
    /// Time limits.
    pub limits: Limits,
    /// Valid inputs.
    pub corpus: &'a Corpus,
    /// Findings.
    pub report: Mutex<Report>,
    seed: u64,
    jobs: usize,
    shrink_budget: Duration,
    /// Files laid in every scratch directory: fmax.ini, variants/, books.
    pub base_files: Vec<(String, Vec<u8>)>,
    shrunk: Mutex<HashSet<String>>,
}

impl<'a> Ctx<'a> {
    /// A context; `base_files` go into every scratch directory.
    pub fn new(
        settings: Settings,
        corpus: &'a Corpus,
        report: Report,
        base_files: Vec<(String, Vec<u8>)>,
    ) -> Ctx<'a> {
        Ctx {
            launcher: settings.launcher,
            limits: settings.limits,
            corpus,
            report: Mutex::new(report),
            seed: settings.seed,
            jobs: settings.jobs.max(1),
            shrink_budget: settings.shrink_budget,
            base_files,
            shrunk: Mutex::new(HashSet::new()),
        }
    }

    /// The random stream of case `index` of `campaign`.
    pub fn rng(&self, campaign: &str, index: u64) -> StdRng {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ self.seed;
        for b in campaign.bytes().chain(index.to_le_bytes()) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        StdRng::seed_from_u64(h)
    }

    /// `base_files` plus `extra` (an extra file replaces a base file of the same path).
    pub fn files_with(&self, extra: Vec<(String, Vec<u8>)>) -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<(String, Vec<u8>)> = self
            .base_files
            .iter()
            .filter(|(p, _)| !extra.iter().any(|(q, _)| q == p))
            .cloned()
            .collect();
        files.extend(extra);
        files
    }

    /// Runs `job(index)` for indices 0.. on `jobs` threads until `count`
    /// jobs ran or, when `lines` is set, until the jobs reported that many
    /// lines fed (each job returns its lines).
    pub fn drive<F>(&self, count: u64, lines: Option<u64>, job: F)
    where
        F: Fn(u64) -> u64 + Sync,
    {
        let next = AtomicU64::new(0);
        let fed = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..self.jobs {
                scope.spawn(|| loop {
                    if lines.is_some_and(|target| fed.load(Ordering::Relaxed) >= target) {
                        return;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if lines.is_none() && index >= count {
                        return;
                    }
                    fed.fetch_add(job(index), Ordering::Relaxed);
                });
            }
        });
    }

    /// Runs `case` in a fresh scratch directory, applies `post` (checks of
    /// the files the run left), shrinks and records it. Returns the outcome.
    pub fn run_case<P>(&self, campaign: &str, case: &Case, how: &str, post: P) -> Outcome
    where
        P: Fn(&Scratch, &mut Outcome),
    {
        let mut outcome = self.run_checked(case, &post);
        let mut case = case.clone();
        if let Some(failure) = outcome.failure.clone() {
            if self.first_of(&failure.signature) {
                let (small, small_outcome) =
                    self.shrink(&case, &outcome, &failure.signature, &post);
                case = small;
                outcome.failure = small_outcome.failure;
                outcome.sent = small_outcome.sent;
                outcome.stdout = small_outcome.stdout;
                outcome.stderr = small_outcome.stderr;
            }
        }
        if let Ok(mut report) = self.report.lock() {
            report.record(campaign, &case, &outcome, how);
        }
        outcome
    }

    fn run_checked<P>(&self, case: &Case, post: &P) -> Outcome
    where
        P: Fn(&Scratch, &mut Outcome),
    {
        match Scratch::new("case") {
            Ok(scratch) => {
                let mut outcome = case.run_in(&self.launcher, &self.limits, &scratch);
                if outcome.failure.is_none() {
                    post(&scratch, &mut outcome);
                }
                outcome
            }
            Err(e) => Outcome {
                failure: Some(crate::case::Failure {
                    kind: "harness",
                    signature: format!("harness: {e}"),
                    detail: e.to_string(),
                }),
                ..Outcome::default()
            },
        }
    }

    fn first_of(&self, signature: &str) -> bool {
        self.shrunk
            .lock()
            .map(|mut s| s.insert(signature.to_string()))
            .unwrap_or(false)
    }

    /// Removes chunks of input lines (halving the chunk size) while the
    /// same failure still occurs, within the shrink budget. The first two
    /// lines (the handshake) stay.
    fn shrink<P>(
        &self,
        case: &Case,
        outcome: &Outcome,
        signature: &str,
        post: &P,
    ) -> (Case, Outcome)
    where
        P: Fn(&Scratch, &mut Outcome),
    {
        let mut best = case.clone();
        // Nothing after the failure matters: the run stopped feeding there.
        if !outcome.sent.is_empty() {
            best.input.clone_from(&outcome.sent);
        }
        let mut best_outcome = Outcome {
            failure: outcome.failure.clone(),
            sent: outcome.sent.clone(),
            stdout: outcome.stdout.clone(),
            stderr: outcome.stderr.clone(),
            ..Outcome::default()
        };
        let deadline = Instant::now() + self.shrink_budget;
        let keep = 2.min(best.input.len());
        let mut chunk = best.input.len().saturating_sub(keep).div_ceil(2).max(1);
        while Instant::now() < deadline && best.input.len() > keep {
            let mut i = keep;
            while i < best.input.len() && Instant::now() < deadline {
                let mut candidate = best.clone();
                let end = (i + chunk).min(candidate.input.len());
                candidate.input.drain(i..end);
                let tried = self.run_checked(&candidate, post);
                if tried
                    .failure
                    .as_ref()
                    .is_some_and(|f| f.signature == signature)
                {
                    best = candidate;
                    best.input.clone_from(&tried.sent);
                    best_outcome = tried;
                } else {
                    i += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
        (best, best_outcome)
    }
}
