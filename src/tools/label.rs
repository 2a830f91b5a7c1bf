//! `nightrider tune label`: training positions labelled with a stronger
//! engine's judgement instead of game results, for the tuners to fit the
//! evaluation to that engine's scores.
//!
//! Each position of a training file (`FEN RESULT` lines as `tune gen` and
//! `tune games` write them, or EPD with a `c9` opcode) is searched by a
//! UCI engine for a fixed number of nodes. Its last score before
//! `bestmove`, turned to White's view and clamped to ±3000 centipawns (a
//! mate counts as 3000), is written as White's expected score
//! `1 / (1 + 10^(-cp / 400))`, `FEN [0.6847]`, a label the tuners read.
//! Comment lines (`#`, such as the `# game` lines) are copied after the
//! position they follow, so the tuners still see where games end; lines
//! that are not positions are skipped and counted.
//!
//! `--threads N` runs N engine processes that take positions in turn. The
//! labels are written in input order every two seconds, so a stopped run
//! loses little: run the same command again and it counts the labelled
//! lines of OUT and goes on from the next position.

use super::tune::split_line;
use super::uci_engine::{Engine, EngineSpec, Score, PATIENCE};
use crate::progress::ProgressReporter;
use crossbeam_channel::{bounded, unbounded, Receiver, Sender};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The arguments of `tune label`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Parser)]
#[command(name = "label")]
pub struct LabelArgs {
    /// The training positions to label
    #[arg(value_name = "IN")]
    pub input: String,
    /// The labelled positions (a run stopped early continues it)
    #[arg(value_name = "OUT")]
    pub out: String,
    /// The UCI engine's command, with its arguments
    #[arg(long, value_name = "CMD", allow_hyphen_values = true)]
    pub engine: String,
    /// The engine's UCI_Variant (default: orthodox chess)
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,
    /// Nodes the engine searches per position
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Engine processes taking positions in turn
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one)]
    pub threads: usize,
    /// A UCI option set in each engine (repeatable)
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = engine_option)]
    pub options: Vec<(String, String)>,
}

/// A count of at least 1.
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// `NAME=VALUE`, trimmed.
fn engine_option(pair: &str) -> Result<(String, String), String> {
    let (name, value) = pair
        .split_once('=')
        .filter(|(n, _)| !n.trim().is_empty())
        .ok_or_else(|| format!("needs NAME=VALUE, not '{pair}'"))?;
    Ok((name.trim().to_string(), value.trim().to_string()))
}

/// The largest score, in centipawns, a label is made from; a mate counts
/// as this much.
pub const CLAMP: i32 = 3000;
/// How often the labels found so far are written out.
const WRITE_EVERY: Duration = Duration::from_secs(2);

/// A position to label: its FEN, whether White is to move, and the
/// comment lines that follow it in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The FEN as the training line has it.
    pub fen: String,
    /// The FEN's side to move is White.
    pub white_to_move: bool,
    /// The `#` lines after it, each with its line break.
    pub comments: String,
}

/// The positions of a training file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Input {
    /// Comment lines before the first position.
    pub leading: String,
    /// The positions, in order.
    pub items: Vec<Item>,
    /// Lines that are neither comments nor positions.
    pub bad: usize,
    /// The first of them: its line number and what is wrong.
    pub first_bad: Option<String>,
}

/// Reads a training file's positions and comments.
#[must_use]
pub fn read_input(text: &str) -> Input {
    let mut input = Input::default();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('#') {
            input.comment(line);
            continue;
        }
        match item(line) {
            Ok(item) => input.items.push(item),
            Err(e) => {
                input.bad += 1;
                input
                    .first_bad
                    .get_or_insert(format!("line {}: {e}", n + 1));
            }
        }
    }
    input
}

impl Input {
    /// Keeps a comment line after the last position read.
    fn comment(&mut self, line: &str) {
        let to = match self.items.last_mut() {
            Some(item) => &mut item.comments,
            None => &mut self.leading,
        };
        to.push_str(line);
        to.push('\n');
    }
}

/// The position of one training line.
fn item(line: &str) -> Result<Item, String> {
    let (fen, _) = split_line(line)?;
    let white_to_move = match fen.split_whitespace().nth(1) {
        Some("w") => true,
        Some("b") => false,
        side => {
            let side = side.unwrap_or("");
            return Err(format!("the side to move '{side}' is neither w nor b"));
        }
    };
    Ok(Item {
        fen,
        white_to_move,
        comments: String::new(),
    })
}

/// A score in centipawns clamped to ±[`CLAMP`], a mate counting as
/// `CLAMP` and being mated as `-CLAMP`.
#[must_use]
pub fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp.clamp(-i64::from(CLAMP), i64::from(CLAMP)) as i32,
        Score::Mate(moves) if moves > 0 => CLAMP,
        Score::Mate(_) => -CLAMP,
    }
}

/// White's score from the side to move's.
#[must_use]
pub fn white_view(cp: i32, white_to_move: bool) -> i32 {
    if white_to_move {
        cp
    } else {
        -cp
    }
}

/// White's expected score for White's score in centipawns (clamped to
/// ±[`CLAMP`]): `1 / (1 + 10^(-cp / 400))`.
#[must_use]
pub fn expected_score(white_cp: i32) -> f64 {
    let cp = f64::from(white_cp.clamp(-CLAMP, CLAMP));
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// The output of one position: `FEN [p]`, then the comments after it.
#[must_use]
pub fn label_text(item: &Item, white_cp: i32) -> String {
    format!(
        "{} [{:.4}]\n{}",
        item.fen,
        expected_score(white_cp),
        item.comments
    )
}

/// Where a run goes on: the positions OUT already labels, and the length
/// of OUT to keep (its whole lines; nothing when it labels nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resume {
    /// Positions labelled.
    pub done: usize,
    /// Bytes of OUT to keep.
    pub keep: u64,
}

/// Reads OUT, if it exists, to go on where it ends.
///
/// # Errors
/// One line: OUT cannot be read, has a line that is not a label, or is
/// not the labels of `items`.
pub fn resume_point(path: &Path, items: &[Item]) -> Result<Resume, String> {
    let at = |e: String| format!("{}: {e}", path.display());
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Resume { done: 0, keep: 0 })
        }
        Err(e) => return Err(at(e.to_string())),
    };
    let keep = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let text = crate::text::decode(bytes[..keep].to_vec());
    let fens = labelled_fens(&text).map_err(at)?;
    same_positions(&fens, items).map_err(at)?;
    let keep = if fens.is_empty() { 0 } else { keep as u64 };
    Ok(Resume {
        done: fens.len(),
        keep,
    })
}

/// The FENs of the labelled lines (`FEN [p]`) of `text`.
fn labelled_fens(text: &str) -> Result<Vec<String>, String> {
    let mut fens = Vec::new();
    for (n, line) in text.lines().enumerate().map(|(n, l)| (n, l.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bracketed = line
            .rsplit(char::is_whitespace)
            .next()
            .is_some_and(|w| w.starts_with('['));
        match split_line(line) {
            Ok((fen, _)) if bracketed => fens.push(fen),
            _ => {
                return Err(format!(
                    "line {} is not a label `FEN [p]`: not a file `tune label` can go on with",
                    n + 1
                ))
            }
        }
    }
    Ok(fens)
}

/// Whether `fens` are the first positions of `items`.
fn same_positions(fens: &[String], items: &[Item]) -> Result<(), String> {
    if fens.len() > items.len() {
        return Err(format!(
            "labels {} positions, the input has only {}",
            fens.len(),
            items.len()
        ));
    }
    match fens.iter().zip(items).position(|(f, item)| *f != item.fen) {
        Some(i) => Err(format!(
            "its position {} is not the input's position {}: not the labels of this input",
            i + 1,
            i + 1
        )),
        None => Ok(()),
    }
}

/// The labels waiting to be written, and OUT, opened at the first write
/// (cut to the length to keep).
struct Output {
    path: PathBuf,
    keep: u64,
    file: Option<File>,
    pending: String,
    written: Instant,
}

impl Output {
    fn new(path: &Path, keep: u64) -> Output {
        Output {
            path: path.to_path_buf(),
            keep,
            file: None,
            pending: String::new(),
            written: Instant::now(),
        }
    }

    /// Writes the pending text when `now` or [`WRITE_EVERY`] after the
    /// last write; returns whether it did.
    fn write(&mut self, now: bool) -> Result<bool, String> {
        if !now && self.written.elapsed() < WRITE_EVERY {
            return Ok(false);
        }
        if !self.pending.is_empty() {
            let at = |e: std::io::Error| format!("{}: {e}", self.path.display());
            let file = match &mut self.file {
                Some(file) => file,
                None => self
                    .file
                    .insert(open_at(&self.path, self.keep).map_err(at)?),
            };
            file.write_all(self.pending.as_bytes()).map_err(at)?;
            self.pending.clear();
        }
        self.written = Instant::now();
        Ok(true)
    }
}

/// `path` opened to append after its first `keep` bytes (made if missing).
fn open_at(path: &Path, keep: u64) -> std::io::Result<File> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)?;
    file.set_len(keep)?;
    file.seek(std::io::SeekFrom::End(0))?;
    Ok(file)
}

/// What a worker reports: a label (the position's index, White's score)
/// or why it stopped.
enum Report {
    Label(usize, i32),
    Failed(String),
}

/// Labels `items[first..]` with `threads` engines, adding each label to
/// `out` in input order.
fn label_all(
    spec: &EngineSpec,
    nodes: u64,
    items: &[Item],
    first: usize,
    threads: usize,
    out: &mut Output,
) -> Result<(), String> {
    let stop = AtomicBool::new(false);
    let (jobs_tx, jobs_rx) = bounded::<usize>(threads * 2);
    let (reports_tx, reports_rx) = unbounded();
    let mut progress = ProgressReporter::new("label", items.len() - first);
    let result = std::thread::scope(|s| {
        for _ in 0..threads {
            let (jobs, reports, stop) = (jobs_rx.clone(), reports_tx.clone(), &stop);
            s.spawn(move || work(spec, nodes, items, &jobs, &reports, stop));
        }
        drop((jobs_rx, reports_tx));
        s.spawn(move || (first..items.len()).all(|i| jobs_tx.send(i).is_ok()));
        let result = collect(items, first, &reports_rx, out, &mut progress);
        stop.store(true, Ordering::Relaxed);
        result
    });
    progress.finish();
    result
}

/// One engine labelling the positions it is sent until they end, it
/// fails, or `stop`.
fn work(
    spec: &EngineSpec,
    nodes: u64,
    items: &[Item],
    jobs: &Receiver<usize>,
    reports: &Sender<Report>,
    stop: &AtomicBool,
) {
    let mut engine = match Engine::start(spec) {
        Ok(engine) => engine,
        Err(e) => {
            let _ = reports.send(Report::Failed(e));
            return;
        }
    };
    for i in jobs {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let item = &items[i];
        let report = match engine.score(&item.fen, nodes) {
            Ok(score) => Report::Label(i, white_view(centipawns(score), item.white_to_move)),
            Err(e) => Report::Failed(e),
        };
        let failed = matches!(report, Report::Failed(_));
        if reports.send(report).is_err() || failed {
            return;
        }
    }
}

/// Puts the workers' labels in input order into `out`, writing it out
/// and showing progress every [`WRITE_EVERY`].
fn collect(
    items: &[Item],
    first: usize,
    reports: &Receiver<Report>,
    out: &mut Output,
    progress: &mut ProgressReporter,
) -> Result<(), String> {
    let mut waiting = BTreeMap::new();
    let (mut next, mut shown) = (first, first);
    while next < items.len() {
        match reports.recv() {
            Ok(Report::Label(i, cp)) => {
                waiting.insert(i, cp);
            }
            Ok(Report::Failed(e)) => return Err(e),
            Err(_) => return Err("every engine stopped before the last position".to_string()),
        }
        while let Some(cp) = waiting.remove(&next) {
            out.pending.push_str(&label_text(&items[next], cp));
            next += 1;
        }
        if out.write(next == items.len())? {
            progress.step_by(next - shown, &format!("position {next}"));
            shown = next;
        }
    }
    Ok(())
}

/// A `tune label` run as the command line asks for it.
#[derive(Debug)]
struct Job {
    input: String,
    out: String,
    spec: EngineSpec,
    nodes: u64,
    threads: usize,
}

impl Job {
    /// The run the arguments ask for.
    fn from_args(args: &LabelArgs) -> Result<Job, String> {
        let command: Vec<String> = args.engine.split_whitespace().map(String::from).collect();
        if command.is_empty() {
            return Err("--engine needs a command".to_string());
        }
        Ok(Job {
            input: args.input.clone(),
            out: args.out.clone(),
            spec: EngineSpec {
                command,
                variant: args.variant.clone(),
                options: args.options.clone(),
                patience: PATIENCE,
            },
            nodes: args.nodes,
            threads: args.threads,
        })
    }

    /// Labels the positions of IN that OUT lacks.
    fn run(&self) -> Result<(), String> {
        let text = crate::text::read(&self.input).map_err(|e| format!("{}: {e}", self.input))?;
        let input = read_input(&text);
        if input.items.is_empty() {
            return Err(format!("{}: no position to label", self.input));
        }
        self.refuse_one_file()?;
        let resume = resume_point(Path::new(&self.out), &input.items)?;
        let (done, total) = (resume.done, input.items.len());
        if done == total {
            println!("{}: all {total} positions already labelled", self.out);
            return Ok(());
        }
        if done > 0 {
            println!(
                "{}: {done} of {total} positions already labelled; continuing at position {}",
                self.out,
                done + 1
            );
        }
        let mut out = Output::new(Path::new(&self.out), resume.keep);
        if done == 0 {
            out.pending.push_str(&input.leading);
        }
        let threads = self.threads.min(total - done);
        let labelled = label_all(
            &self.spec,
            self.nodes,
            &input.items,
            done,
            threads,
            &mut out,
        );
        let written = out.write(true);
        labelled.and(written)?;
        self.summary(&input, total - done);
        Ok(())
    }

    /// Refuses to write the labels over the input.
    fn refuse_one_file(&self) -> Result<(), String> {
        let (a, b) = (Path::new(&self.input), Path::new(&self.out));
        match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) if a == b => Err(format!("{}: IN and OUT are one file", self.out)),
            _ => Ok(()),
        }
    }

    /// What the run did.
    fn summary(&self, input: &Input, labelled: usize) {
        let total = input.items.len();
        println!(
            "{}: {labelled} positions labelled ({total} in all)",
            self.out
        );
        if let Some(first) = &input.first_bad {
            println!(
                "{}: lines skipped as unreadable: {} (the first: {first})",
                self.input, input.bad
            );
        }
    }
}

/// Runs `tune label`; returns the exit code.
#[must_use]
pub fn run(args: &LabelArgs) -> i32 {
    let job = match Job::from_args(args) {
        Ok(job) => job,
        Err(e) => {
            eprintln!("tune label: {e}");
            return 2;
        }
    };
    match job.run() {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("tune label: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUEEN: &str = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1";

    #[test]
    fn scores_are_clamped_centipawns() {
        assert_eq!(centipawns(Score::Cp(35)), 35);
        assert_eq!(centipawns(Score::Cp(-4500)), -CLAMP);
        assert_eq!(centipawns(Score::Mate(3)), CLAMP);
        assert_eq!(centipawns(Score::Mate(-2)), -CLAMP);
        assert_eq!(centipawns(Score::Mate(0)), -CLAMP);
    }

    #[test]
    fn labels_are_whites_expected_score() {
        assert_eq!(white_view(120, true), 120);
        assert_eq!(white_view(120, false), -120);
        assert!((expected_score(0) - 0.5).abs() < 1e-12);
        assert!((expected_score(400) - 1.0 / 1.1).abs() < 1e-12);
        assert!((expected_score(-400) - 0.1 / 1.1).abs() < 1e-12);
        assert_eq!(expected_score(9000), expected_score(CLAMP));
        let item = Item {
            fen: QUEEN.to_string(),
            white_to_move: false,
            comments: "# game 0 1-0\n".to_string(),
        };
        assert_eq!(
            label_text(&item, -400),
            format!("{QUEEN} [0.0909]\n# game 0 1-0\n")
        );
    }

    #[test]
    fn the_input_keeps_fens_and_comments_and_counts_bad_lines() {
        let text = format!(
            "# leading\n{QUEEN} 1-0\n# game 0 1-0\n\nnot a position 1-0\n\
             4k3/8/8/8/8/8/8/3QK3 w - - c9 \"1-0\";\n4k3/8/8/8/8/8/8/3QK3 x - - 0 1 1-0\n"
        );
        let input = read_input(&text);
        assert_eq!(input.leading, "# leading\n");
        assert_eq!(input.items.len(), 2);
        assert_eq!(input.items[0].fen, QUEEN);
        assert!(!input.items[0].white_to_move);
        assert_eq!(input.items[0].comments, "# game 0 1-0\n");
        assert_eq!(input.items[1].fen, "4k3/8/8/8/8/8/8/3QK3 w - -");
        assert!(input.items[1].white_to_move);
        assert_eq!(input.bad, 2);
        assert_eq!(
            input.first_bad.as_deref(),
            Some("line 5: expected a FEN and a result")
        );
    }

    fn items(fens: &[&str]) -> Vec<Item> {
        fens.iter()
            .map(|f| item(&format!("{f} 1-0")).unwrap())
            .collect()
    }

    #[test]
    fn a_run_goes_on_after_the_whole_labelled_lines() {
        let dir = std::env::temp_dir().join(format!("nightrider-label-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.epd");
        let all = items(&[
            QUEEN,
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
        ]);
        assert_eq!(resume_point(&path, &all), Ok(Resume { done: 0, keep: 0 }));
        let whole =
            format!("# a\n{QUEEN} [0.9]\n# game 0\n4k3/8/8/8/8/8/8/3QK3 w - - 0 1 [0.99]\n");
        std::fs::write(&path, format!("{whole}8/8/8/8/8/8/8/K6k w - - 0 1 [0.")).unwrap();
        let keep = whole.len() as u64;
        assert_eq!(resume_point(&path, &all), Ok(Resume { done: 2, keep }));
        let mut out = Output::new(&path, keep);
        out.pending.push_str("x\n");
        assert_eq!(out.write(true), Ok(true));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{whole}x\n")
        );

        std::fs::write(&path, "# only a comment\n").unwrap();
        assert_eq!(resume_point(&path, &all), Ok(Resume { done: 0, keep: 0 }));
        std::fs::write(&path, format!("{QUEEN} 1-0\n")).unwrap();
        let err = resume_point(&path, &all).unwrap_err();
        assert!(
            err.ends_with(
                "line 1 is not a label `FEN [p]`: not a file `tune label` can go on with"
            ),
            "{err}"
        );
        std::fs::write(&path, "8/8/8/8/8/8/8/K6k w - - 0 1 [0.5]\n").unwrap();
        let err = resume_point(&path, &all).unwrap_err();
        assert!(
            err.ends_with(
                "its position 1 is not the input's position 1: not the labels of this input"
            ),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn arguments_give_the_engine_and_its_options() {
        use clap::Parser as _;
        let parse = |words: &[&str]| {
            LabelArgs::try_parse_from(std::iter::once("label").chain(words.iter().copied()))
                .map_err(|e| e.to_string())
                .and_then(|a| Job::from_args(&a))
        };
        let err = parse(&[
            "in.epd",
            "out.epd",
            "--engine",
            "fsf",
            "--option",
            "Move",
            "Overhead=0",
        ]);
        assert!(err.unwrap_err().contains("'Overhead=0'"));
        let job = parse(&[
            "in.epd",
            "out.epd",
            "--engine",
            "/bin/fsf -x",
            "--nodes",
            "800",
            "--option",
            "Hash=64",
            "--option",
            "Move Overhead = 0",
            "--variant",
            "capablanca",
        ])
        .unwrap();
        assert_eq!(
            (job.input.as_str(), job.out.as_str(), job.threads),
            ("in.epd", "out.epd", 1)
        );
        assert_eq!(job.spec.command, ["/bin/fsf", "-x"]);
        assert_eq!(job.nodes, 800);
        assert_eq!(job.spec.variant.as_deref(), Some("capablanca"));
        let options =
            [("Hash", "64"), ("Move Overhead", "0")].map(|(a, b)| (a.to_string(), b.to_string()));
        assert_eq!(job.spec.options, options);
        let bad = |extra: &[&str], says: &str| {
            let mut words = vec!["in", "out", "--engine", "e"];
            words.extend(extra);
            let e = parse(&words).unwrap_err();
            assert!(e.contains(says), "{extra:?}: {e}");
        };
        bad(&["--option", "Hash"], "needs NAME=VALUE, not 'Hash'");
        bad(&["--threads", "0"], "must be at least 1");
        bad(&["--nodes", "x"], "'x'");
        bad(&["--nodes", "0"], "'0'");
        let e = parse(&["in", "out", "--engine", " "]).unwrap_err();
        assert_eq!(e, "--engine needs a command");
        assert!(parse(&["in", "out", "--engine", "e"]).is_ok());
    }
}
