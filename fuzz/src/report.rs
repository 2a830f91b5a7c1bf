//! The tally of a fuzz run: what was fed, the ping times, and the failures
//! grouped by signature, the first few of each saved as reproducers in the
//! output folder; the summary goes to stdout and `summary.txt`.

use crate::case::{Case, Failure, Outcome, Stats};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

/// A group of equal failures.
#[derive(Debug, Default)]
struct Group {
    kind: &'static str,
    count: u64,
    saved: Vec<PathBuf>,
    detail: String,
}

/// Counts per campaign.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    /// Cases run (sessions, mutations, kills).
    pub cases: u64,
    /// Protocol lines fed.
    pub lines: u64,
    /// Cases that failed.
    pub failed: u64,
    /// Wall-clock time spent.
    pub time: Duration,
}

/// Everything a run found.
pub struct Report {
    out: PathBuf,
    keep: usize,
    groups: BTreeMap<String, Group>,
    /// Per campaign.
    pub tallies: BTreeMap<String, Tally>,
    /// Ping measurements over all XBoard runs.
    pub pings: Stats,
    saved: usize,
}

impl Report {
    /// A report saving up to `keep` reproducers per signature under `out`.
    pub fn new(out: PathBuf, keep: usize) -> Report {
        Report {
            out,
            keep,
            groups: BTreeMap::new(),
            tallies: BTreeMap::new(),
            pings: Stats::default(),
            saved: 0,
        }
    }

    /// Records a finished case of `campaign`; saves it if it failed.
    pub fn record(&mut self, campaign: &str, case: &Case, outcome: &Outcome, how: &str) {
        let tally = self.tallies.entry(campaign.to_string()).or_default();
        tally.cases += 1;
        tally.lines += outcome.stats.lines;
        let p = &mut self.pings;
        p.lines += outcome.stats.lines;
        p.pings += outcome.stats.pings;
        p.deferred += outcome.stats.deferred;
        if outcome.stats.max_pong > p.max_pong {
            p.max_pong = outcome.stats.max_pong;
            p.max_pong_after = format!("{how}, after `{}`", outcome.stats.max_pong_after);
        }
        p.max_deferred_pong = p.max_deferred_pong.max(outcome.stats.max_deferred_pong);
        if let Some(failure) = &outcome.failure {
            tally.failed += 1;
            self.failed(
                campaign,
                failure,
                |dir, note| case.save(dir, outcome, note),
                how,
            );
        }
    }

    /// Records a failure found outside a case run (a file check); `save`
    /// writes the reproducer into the folder it is given.
    pub fn failed<F>(&mut self, campaign: &str, failure: &Failure, save: F, how: &str)
    where
        F: FnOnce(&std::path::Path, &str) -> std::io::Result<()>,
    {
        let group = self.groups.entry(failure.signature.clone()).or_default();
        group.kind = failure.kind;
        group.count += 1;
        if group.detail.is_empty() {
            group.detail.clone_from(&failure.detail);
        }
        if group.saved.len() >= self.keep {
            return;
        }
        self.saved += 1;
        let dir = self
            .out
            .join(format!("{:03}-{}-{campaign}", self.saved, failure.kind));
        let note = format!(
            "{}: {}\n\n{}\n\ncampaign: {campaign}\n{how}\n\nreplay: nightrider-fuzz --replay {}\n",
            failure.kind,
            failure.signature,
            failure.detail,
            dir.display()
        );
        match save(&dir, &note) {
            Ok(()) => group.saved.push(dir),
            Err(e) => eprintln!("nightrider-fuzz: cannot save {}: {e}", dir.display()),
        }
    }

    /// Number of failed cases.
    pub fn failures(&self) -> u64 {
        self.groups.values().map(|g| g.count).sum()
    }

    /// Counts of failures by kind (crash, hang, ...).
    pub fn count_kind(&self, kind: &str) -> u64 {
        self.groups
            .values()
            .filter(|g| g.kind == kind)
            .map(|g| g.count)
            .sum()
    }

    /// The summary text.
    pub fn summary(&self, header: &str, elapsed: Duration) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{header}");
        let _ = writeln!(s, "time: {:.1} s", elapsed.as_secs_f64());
        for (name, t) in &self.tallies {
            let lines = if t.lines > 0 {
                format!(", {} lines fed", t.lines)
            } else {
                String::new()
            };
            let _ = writeln!(
                s,
                "{name}: {} cases{lines}, {} failed, {:.1} s",
                t.cases,
                t.failed,
                t.time.as_secs_f64()
            );
        }
        let p = &self.pings;
        let _ = writeln!(
            s,
            "lines fed: {}; pings answered: {}; longest ping reply: {} ms; \
             pings deferred by a think (answered after `?`): {}, longest {} ms after the `?`",
            p.lines,
            p.pings,
            p.max_pong.as_millis(),
            p.deferred,
            p.max_deferred_pong.as_millis()
        );
        if !p.max_pong_after.is_empty() {
            let _ = writeln!(s, "longest ping reply in: {}", p.max_pong_after);
        }
        let _ = writeln!(
            s,
            "crashes: {}, hangs: {}, nonconforming output: {}, other failures: {}",
            self.count_kind("crash"),
            self.count_kind("hang"),
            self.count_kind("output"),
            self.failures()
                - self.count_kind("crash")
                - self.count_kind("hang")
                - self.count_kind("output")
        );
        for (signature, g) in &self.groups {
            let _ = writeln!(s, "\nFAILED {} x{}: {signature}", g.kind, g.count);
            for line in g.detail.lines().take(4) {
                let _ = writeln!(s, "    {line}");
            }
            for dir in &g.saved {
                let _ = writeln!(s, "    reproducer: {}", dir.display());
            }
        }
        s
    }
}
