//! `nightrider tune spsa`: tunes the search's constants
//! ([`crate::search::tunables`]) by simultaneous perturbation stochastic
//! approximation, playing the engine against itself with cutechess-cli.
//!
//! Each iteration draws a random sign per tuned constant, starts two copies
//! of the engine, one with every constant moved up or down by its
//! perturbation `c` (`--tune NAME=VALUE` arguments) and one moved the other
//! way, and plays `--pairs` pairs of games between them (each opening with
//! colours reversed). The score of the first copy minus the second's then
//! moves every constant toward the winner's side by `R·c·(wins − losses)`.
//! The step and the perturbation shrink over the run as the usual schedules
//! do: `c_k = c / k^0.101`, `a_k = a / (A + k)^0.602`, `R_k = a_k / c_k²`,
//! with `k` counting game pairs, `A` a tenth of the run, and `c` and `a`
//! set so that at the end `c` is a twentieth of the constant's range and
//! `R` is 0.002.
//!
//! The state (iteration, seed, every constant's current value and the
//! games so far) is written atomically to a file after every iteration, so
//! a stopped run loses at most the iteration in progress: the same command
//! continues it.

use crate::progress::ProgressReporter;
use crate::search::tunables::{self, Tunable};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// The arguments of `tune spsa`.
#[derive(Clone, Debug, PartialEq, clap::Args)]
pub struct SpsaArgs {
    /// The run's state: read to continue the run, written after every iteration
    #[arg(value_name = "STATE", required_unless_present = "list")]
    pub state: Option<String>,
    /// The cutechess-cli program
    #[arg(long, value_name = "CMD", required_unless_present = "list")]
    pub cutechess: Option<String>,
    /// The engine both copies run
    #[arg(long, value_name = "CMD", required_unless_present = "list")]
    pub engine: Option<String>,
    /// The tunables to tune, comma-separated
    #[arg(long, value_name = "NAME,...", required_unless_present = "list")]
    pub params: Option<String>,
    /// Iterations in all
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub iterations: u32,
    /// Game pairs per iteration
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub pairs: u32,
    /// Games cutechess-cli plays at once
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub concurrency: u32,
    /// Seed of the signs and of cutechess-cli's opening choice
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The learning rate at the end of the run
    #[arg(long, value_name = "R", default_value_t = R_END)]
    pub rate: f64,
    /// List the tunables with their defaults and ranges, and stop
    #[arg(long)]
    pub list: bool,
    /// Passed on to cutechess-cli (after `--`)
    #[arg(value_name = "CUTECHESS-ARGS", last = true)]
    pub passed: Vec<String>,
}

/// The exponent of the perturbation's schedule.
const GAMMA: f64 = 0.101;
/// The exponent of the step's schedule.
const ALPHA: f64 = 0.602;
/// The learning rate `a_k / c_k²` at the end of the run, unless `--rate`
/// says otherwise.
const R_END: f64 = 0.002;
/// The perturbation at the end of the run, as a share of the range.
const C_END_SHARE: f64 = 1.0 / 20.0;

/// The run's shape, fixed when it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Iterations in all.
    pub iterations: u32,
    /// Game pairs per iteration.
    pub pairs: u32,
    /// Seed of the signs and of cutechess-cli's opening choice.
    pub seed: u64,
    /// The learning rate at the end of the run.
    pub rate: f64,
}

/// One tuned constant: which it is and where it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The tunable's name, default and range.
    pub tunable: Tunable,
    /// Its current value (not rounded).
    pub value: f64,
}

/// A run's state, as the state file holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The run's shape.
    pub plan: Plan,
    /// Iterations finished.
    pub done: u32,
    /// The tuned constants.
    pub params: Vec<Param>,
    /// Wins, losses and draws of the perturbed-up copy, summed over the run.
    pub games: [u32; 3],
}

impl State {
    /// A run of `plan` over the tunables `names`, each from its default.
    ///
    /// # Errors
    /// An unknown name, or none at all, as one line.
    pub fn start(plan: Plan, names: &[&str]) -> Result<State, String> {
        if names.is_empty() {
            return Err("--params names no tunable".to_string());
        }
        let mut params = Vec::new();
        for name in names {
            let tunable = tunables::find(name).ok_or_else(|| {
                format!("unknown search tunable '{name}' (tune spsa --list lists them)")
            })?;
            params.push(Param {
                tunable: *tunable,
                value: f64::from(tunable.default),
            });
        }
        Ok(State {
            plan,
            done: 0,
            params,
            games: [0; 3],
        })
    }

    /// The perturbation `c_k` and the learning rate `R_k` of `p` at
    /// iteration `done`.
    fn schedule(&self, p: &Param) -> (f64, f64) {
        let total = f64::from(self.plan.iterations) * f64::from(self.plan.pairs);
        let k = f64::from(self.done) * f64::from(self.plan.pairs) + 1.0;
        let big_a = total / 10.0;
        let c_end = f64::from(p.tunable.max - p.tunable.min) * C_END_SHARE;
        let c = c_end * total.powf(GAMMA);
        let a = self.plan.rate * c_end * c_end * (big_a + total).powf(ALPHA);
        let c_k = c / k.powf(GAMMA);
        let a_k = a / (big_a + k).powf(ALPHA);
        (c_k, a_k / (c_k * c_k))
    }

    /// The signs of iteration `done`: the same for a given seed and
    /// iteration, so a resumed run draws what an unbroken one would.
    fn signs(&self) -> Vec<f64> {
        let mut rng = StdRng::seed_from_u64(self.plan.seed ^ (u64::from(self.done) << 20));
        self.params
            .iter()
            .map(|_| if rng.gen::<bool>() { 1.0 } else { -1.0 })
            .collect()
    }

    /// The settings of the two copies of iteration `done`: (up, down),
    /// each a `NAME=VALUE` per constant, rounded into its range.
    #[must_use]
    pub fn perturbed(&self) -> (Vec<String>, Vec<String>) {
        let signs = self.signs();
        let mut up = Vec::new();
        let mut down = Vec::new();
        for (p, sign) in self.params.iter().zip(&signs) {
            let (c, _) = self.schedule(p);
            up.push(setting(p, p.value + sign * c));
            down.push(setting(p, p.value - sign * c));
        }
        (up, down)
    }

    /// Takes in the result of iteration `done` (the up copy's wins,
    /// losses and draws) and moves on to the next iteration.
    pub fn update(&mut self, [wins, losses, draws]: [u32; 3]) {
        let signs = self.signs();
        let result = f64::from(wins) - f64::from(losses);
        let steps: Vec<(f64, f64)> = self.params.iter().map(|p| self.schedule(p)).collect();
        for ((p, sign), (c, r)) in self.params.iter_mut().zip(signs).zip(steps) {
            let (lo, hi) = (f64::from(p.tunable.min), f64::from(p.tunable.max));
            p.value = (p.value + r * c * result * sign).clamp(lo, hi);
        }
        self.games[0] += wins;
        self.games[1] += losses;
        self.games[2] += draws;
        self.done += 1;
    }

    /// The state file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut s = String::from("# nightrider tune spsa state\n");
        let p = &self.plan;
        let _ = writeln!(s, "iterations {}", p.iterations);
        let _ = writeln!(s, "pairs {}", p.pairs);
        let _ = writeln!(s, "seed {}", p.seed);
        let _ = writeln!(s, "rate {}", p.rate);
        let _ = writeln!(s, "done {}", self.done);
        let [w, l, d] = self.games;
        let _ = writeln!(s, "games {w} {l} {d}");
        for param in &self.params {
            let _ = writeln!(s, "value {} {:.4}", param.tunable.name, param.value);
        }
        s
    }

    /// Reads a state file's text (`source` names it in errors).
    ///
    /// # Errors
    /// The first bad line, as `source:line: what`.
    pub fn from_text(text: &str, source: &str) -> Result<State, String> {
        let mut fields = StateFields::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            fields
                .read(line)
                .map_err(|e| format!("{source}:{}: {e}", n + 1))?;
        }
        fields.finish().map_err(|e| format!("{source}: {e}"))
    }
}

/// The lines of a state file, as they are read.
#[derive(Default)]
struct StateFields {
    iterations: Option<u32>,
    pairs: Option<u32>,
    seed: Option<u64>,
    rate: Option<f64>,
    done: Option<u32>,
    games: Option<[u32; 3]>,
    params: Vec<Param>,
}

impl StateFields {
    fn read(&mut self, line: &str) -> Result<(), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let int = |w: Option<&&str>| -> Result<u64, String> {
            w.and_then(|w| w.parse().ok())
                .ok_or_else(|| format!("'{line}' needs a whole number"))
        };
        let small = |w: Option<&&str>| -> Result<u32, String> {
            u32::try_from(int(w)?).map_err(|_| format!("'{line}': the number is too large"))
        };
        match words.first().copied() {
            Some("iterations") => self.iterations = Some(small(words.get(1))?),
            Some("pairs") => self.pairs = Some(small(words.get(1))?),
            Some("seed") => self.seed = Some(int(words.get(1))?),
            Some("done") => self.done = Some(small(words.get(1))?),
            Some("rate") => {
                self.rate = Some(
                    positive(words.get(1))
                        .ok_or_else(|| format!("'{line}' needs a positive number"))?,
                )
            }
            Some("games") => {
                self.games = Some([
                    small(words.get(1))?,
                    small(words.get(2))?,
                    small(words.get(3))?,
                ]);
            }
            Some("value") => {
                let name = words.get(1).copied().unwrap_or("");
                let tunable = tunables::find(name)
                    .ok_or_else(|| format!("unknown search tunable '{name}'"))?;
                let value: f64 = words
                    .get(2)
                    .and_then(|v| v.parse().ok())
                    .filter(|v: &f64| v.is_finite())
                    .ok_or_else(|| format!("'{line}' needs a number"))?;
                self.params.push(Param {
                    tunable: *tunable,
                    value,
                });
            }
            _ => return Err(format!("'{line}' is not a state line")),
        }
        Ok(())
    }

    fn finish(self) -> Result<State, String> {
        let missing = |what: &str| format!("no '{what}' line");
        let plan = Plan {
            iterations: self.iterations.ok_or_else(|| missing("iterations"))?,
            pairs: self.pairs.ok_or_else(|| missing("pairs"))?,
            seed: self.seed.ok_or_else(|| missing("seed"))?,
            rate: self.rate.ok_or_else(|| missing("rate"))?,
        };
        if self.params.is_empty() {
            return Err(missing("value"));
        }
        Ok(State {
            plan,
            done: self.done.ok_or_else(|| missing("done"))?,
            params: self.params,
            games: self.games.ok_or_else(|| missing("games"))?,
        })
    }
}

/// A finite number above zero.
fn positive(word: Option<&&str>) -> Option<f64> {
    word.and_then(|w| w.parse().ok())
        .filter(|v: &f64| v.is_finite() && *v > 0.0)
}

/// `NAME=VALUE` with the value rounded into the tunable's range.
fn setting(p: &Param, value: f64) -> String {
    let v = (value.round() as i64).clamp(i64::from(p.tunable.min), i64::from(p.tunable.max));
    format!("{}={v}", p.tunable.name)
}

/// The last `Score of A vs B: W - L - D` line of cutechess-cli's output.
#[must_use]
pub fn parse_score(output: &str) -> Option<[u32; 3]> {
    output.lines().rev().find_map(|line| {
        let rest = line.trim().strip_prefix("Score of ")?;
        let (_, numbers) = rest.split_once(": ")?;
        let mut it = numbers.split_whitespace();
        let w = it.next()?.parse().ok()?;
        (it.next()? == "-").then_some(())?;
        let l = it.next()?.parse().ok()?;
        (it.next()? == "-").then_some(())?;
        let d = it.next()?.parse().ok()?;
        Some([w, l, d])
    })
}

/// What to run: the programs and the arguments passed through.
struct Runner<'a> {
    cutechess: &'a str,
    engine: &'a str,
    concurrency: u32,
    passed: &'a [String],
}

impl Runner<'_> {
    /// cutechess-cli's arguments for iteration `state.done`.
    fn arguments(&self, state: &State) -> Vec<String> {
        let (up, down) = state.perturbed();
        let mut args = Vec::new();
        for (name, settings) in [("up", up), ("down", down)] {
            args.push("-engine".to_string());
            args.push(format!("name={name}"));
            args.push(format!("cmd={}", self.engine));
            for s in settings {
                args.push("arg=--tune".to_string());
                args.push(format!("arg={s}"));
            }
        }
        let srand = (state.plan.seed.wrapping_mul(1_000_003) + u64::from(state.done)) % (1 << 31);
        args.extend([
            "-games".to_string(),
            "2".to_string(),
            "-rounds".to_string(),
            state.plan.pairs.to_string(),
            "-repeat".to_string(),
            "-concurrency".to_string(),
            self.concurrency.to_string(),
            "-srand".to_string(),
            srand.to_string(),
        ]);
        args.extend(self.passed.iter().cloned());
        args
    }

    /// Plays iteration `state.done`; the up copy's wins, losses, draws.
    fn play(&self, state: &State) -> Result<[u32; 3], String> {
        let output = Command::new(self.cutechess)
            .args(self.arguments(state))
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.cutechess))?;
        let text = String::from_utf8_lossy(&output.stdout);
        parse_score(&text).ok_or_else(|| {
            let last = String::from_utf8_lossy(&output.stderr)
                .lines()
                .chain(text.lines())
                .last()
                .unwrap_or("")
                .to_string();
            format!(
                "{} printed no score ({}); last line: {last}",
                self.cutechess, output.status
            )
        })
    }
}

/// Runs `tune spsa`; returns the exit code.
#[must_use]
pub fn run(args: &SpsaArgs) -> i32 {
    if args.list {
        print!("{}", list());
        return 0;
    }
    match run_spsa(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("tune spsa: {e}");
            2
        }
    }
}

/// The table of tunables `--list` prints.
#[must_use]
pub fn list() -> String {
    let mut s = String::from("name default min max\n");
    for t in tunables::TUNABLES {
        let _ = writeln!(s, "{} {} {} {}", t.name, t.default, t.min, t.max);
    }
    s
}

fn run_spsa(args: &SpsaArgs) -> Result<(), String> {
    fn needed<'a>(value: &'a Option<String>, name: &str) -> Result<&'a str, String> {
        value
            .as_deref()
            .ok_or_else(|| format!("{name} is required"))
    }
    let state_path = needed(&args.state, "STATE")?;
    let runner = Runner {
        cutechess: needed(&args.cutechess, "--cutechess")?,
        engine: needed(&args.engine, "--engine")?,
        concurrency: args.concurrency,
        passed: &args.passed,
    };
    let plan = Plan {
        iterations: args.iterations,
        pairs: args.pairs,
        seed: args.seed,
        rate: args.rate,
    };
    if plan.iterations == 0 || plan.pairs == 0 {
        return Err("--iterations and --pairs must be at least 1".to_string());
    }
    if !(plan.rate.is_finite() && plan.rate > 0.0) {
        return Err("--rate must be a number above 0".to_string());
    }
    let names: Vec<&str> = needed(&args.params, "--params")?
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    let mut state = load_or_start(Path::new(state_path), plan, &names)?;
    let left = (state.plan.iterations - state.done.min(state.plan.iterations)) as usize;
    let mut progress = ProgressReporter::new("spsa", left);
    while state.done < state.plan.iterations {
        let result = runner.play(&state)?;
        state.update(result);
        crate::save::write_atomic(Path::new(state_path), state.to_text().as_bytes())
            .map_err(|e| format!("{state_path}: {e}"))?;
        progress.step(&summary(&state));
    }
    progress.finish();
    print!("{}", report(&state));
    Ok(())
}

/// The state in STATE, checked against the command; a new run when the
/// file does not exist.
fn load_or_start(path: &Path, plan: Plan, names: &[&str]) -> Result<State, String> {
    let shown = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return State::start(plan, names);
        }
        Err(e) => return Err(format!("{shown}: {e}")),
    };
    let state = State::from_text(&text, &shown)?;
    if state.plan != plan {
        return Err(format!(
            "{shown} holds a run of --iterations {} --pairs {} --seed {} --rate {}; give the same to continue it",
            state.plan.iterations, state.plan.pairs, state.plan.seed, state.plan.rate
        ));
    }
    let held: Vec<&str> = state.params.iter().map(|p| p.tunable.name).collect();
    if held != names {
        return Err(format!(
            "{shown} tunes {}; give the same --params to continue it",
            held.join(",")
        ));
    }
    Ok(state)
}

/// The progress line's note: games so far and the current values.
fn summary(state: &State) -> String {
    let [w, l, d] = state.games;
    let values: Vec<String> = state
        .params
        .iter()
        .map(|p| format!("{}={:.1}", p.tunable.name, p.value))
        .collect();
    format!("+{w} -{l} ={d} {}", values.join(" "))
}

/// The final table: each constant's default and tuned value, and the
/// engine arguments that play the tuned values.
#[must_use]
pub fn report(state: &State) -> String {
    let [w, l, d] = state.games;
    let mut s = format!(
        "{} iterations, {} games (up copy +{w} -{l} ={d})\nname default tuned\n",
        state.done,
        w + l + d
    );
    let mut arguments = Vec::new();
    for p in &state.params {
        let tuned = setting(p, p.value);
        let _ = writeln!(s, "{} {} {:.1}", p.tunable.name, p.tunable.default, p.value);
        arguments.push(format!("--tune {tuned}"));
    }
    let _ = writeln!(s, "engine arguments: {}", arguments.join(" "));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(iterations: u32) -> Plan {
        Plan {
            iterations,
            pairs: 2,
            seed: 7,
            rate: R_END,
        }
    }

    #[test]
    fn the_schedule_ends_at_a_twentieth_of_the_range_and_rate_r_end() {
        let mut s = State::start(plan(100), &["lmr_divisor"]).unwrap();
        let p = s.params[0].clone();
        let (c0, r0) = s.schedule(&p);
        s.done = 99;
        let (c_end, r_end) = s.schedule(&p);
        // (500 - 100) / 20 = 20 at the last pair; larger at the start.
        assert!((c_end - 20.0 * (200.0f64 / 199.0).powf(GAMMA)).abs() < 1e-9);
        assert!(c0 > 30.0 && c0 < 35.0, "{c0}");
        assert!(r_end > 0.0019 && r_end < 0.0021, "{r_end}");
        assert!(r0 > r_end, "the rate falls over the run");
    }

    #[test]
    fn a_win_of_the_up_copy_moves_each_constant_its_way() {
        let mut s = State::start(plan(10), &["rfp_margin", "lmr_divisor"]).unwrap();
        let (up, down) = s.perturbed();
        let value_of = |settings: &[String], i: usize| -> f64 {
            settings[i].split('=').nth(1).unwrap().parse().unwrap()
        };
        let before: Vec<f64> = s.params.iter().map(|p| p.value).collect();
        s.update([3, 1, 0]);
        for (i, (p, start)) in s.params.iter().zip(before).enumerate() {
            let toward_up = (value_of(&up, i) - value_of(&down, i)).signum();
            let moved = p.value - start;
            assert_eq!(moved.signum(), toward_up, "{i}: {up:?} {down:?}");
        }
        assert_eq!((s.done, s.games), (1, [3, 1, 0]));
        let mut drawn = State::start(plan(10), &["rfp_margin"]).unwrap();
        drawn.update([1, 1, 2]);
        assert_eq!(drawn.params[0].value, 80.0);
    }

    #[test]
    fn the_state_file_reads_back_and_bad_lines_are_named() {
        let mut s = State::start(plan(10), &["rfp_margin", "aspiration"]).unwrap();
        s.update([2, 0, 2]);
        let text = s.to_text();
        let back = State::from_text(&text, "st").unwrap();
        assert_eq!(back.plan, s.plan);
        assert_eq!((back.done, back.games), (1, [2, 0, 2]));
        for (a, b) in back.params.iter().zip(&s.params) {
            assert!((a.value - b.value).abs() < 1e-3);
        }
        let bad = text.replace("value aspiration", "value nothing");
        assert_eq!(
            State::from_text(&bad, "st").unwrap_err(),
            "st:9: unknown search tunable 'nothing'"
        );
        assert_eq!(
            State::from_text("done x\n", "st").unwrap_err(),
            "st:1: 'done x' needs a whole number"
        );
        assert_eq!(
            State::from_text("done 1\n", "st").unwrap_err(),
            "st: no 'iterations' line"
        );
    }

    #[test]
    fn the_score_is_cutechess_clis_last_score_line() {
        let out = "Started game 1 of 4 (up vs down)\n\
                   Score of up vs down: 0 - 1 - 0  [0.000] 1\n\
                   Score of up vs down: 2 - 1 - 1  [0.625] 4\n\
                   Finished match\n";
        assert_eq!(parse_score(out), Some([2, 1, 1]));
        assert_eq!(parse_score("Finished match\n"), None);
        assert_eq!(parse_score("Score of a vs b: x - 1 - 0\n"), None);
    }

    #[test]
    fn unknown_tunables_are_refused() {
        assert_eq!(
            State::start(plan(1), &["rfp_margin", "nope"]).unwrap_err(),
            "unknown search tunable 'nope' (tune spsa --list lists them)"
        );
        assert!(State::start(plan(1), &[]).is_err());
    }
}
