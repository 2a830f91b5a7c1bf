//! `nightrider net`: the evaluation network's tools. `net gen` plays
//! self-play games and writes their quiet positions with the search's
//! score and the game's result (`FEN | SCORE | RESULT`, `data`); `net
//! train` fits a network to such positions (`train`) and writes it as a
//! network file (`eval::network`).

pub mod data;
pub mod train;

use super::args::GameArgs;
use super::selfplay::GameFormat;
use super::tune::GenArgs;
use crate::bitboard::BitboardPos;
use crate::eval::network::{Index, Layout};
use crate::mailbox::MailboxPos;
use crate::position::features::FeatureCodes;
use crate::position::Position;
use crate::progress::ProgressReporter;
use data::Samples;
use std::path::PathBuf;
use train::{Adam, FloatNetwork, Settings};

/// The arguments of `net`.
#[derive(Clone, Debug, PartialEq, clap::Parser)]
#[command(name = "net")]
pub struct NetArgs {
    /// What to do
    #[command(subcommand)]
    pub command: NetCommand,
}

/// The subcommands of `net`.
#[derive(Clone, Debug, PartialEq, clap::Subcommand)]
pub enum NetCommand {
    /// Self-play positions with the search's score and the game's result, appended to OUT (resumable)
    Gen(GenArgs),
    /// Fit an evaluation network to positions, written to a network file after every epoch
    Train(TrainArgs),
    /// The static evaluation's error on a file's positions
    Loss(LossArgs),
}

/// The arguments of `net train`.
#[derive(Clone, Debug, PartialEq, clap::Args)]
pub struct TrainArgs {
    /// The training positions
    #[arg(value_name = "DATA", required = true)]
    pub files: Vec<String>,
    /// The game the data was played in.
    #[command(flatten)]
    pub game: GameArgs,
    /// The network file written
    #[arg(long, value_name = "NET")]
    pub out: PathBuf,
    /// Passes over the positions
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub epochs: usize,
    /// Positions per step
    #[arg(long, value_name = "N", default_value_t = 16384)]
    pub batch: usize,
    /// Adam's step size at the start (it falls over the run)
    #[arg(long, value_name = "R", default_value_t = 0.001)]
    pub rate: f32,
    /// The share of the search's score in the target (the rest is the game's result)
    #[arg(long, value_name = "L", default_value_t = 0.75)]
    pub lambda: f32,
    /// Threads (default: every core)
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Seed of the starting weights, the shuffles and the held-out split
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Positions held out to measure the fit (default: a hundredth of the training positions)
    #[arg(long, value_name = "DATA")]
    pub held_out: Option<String>,
    /// A network added to the hand-written evaluation instead of replacing it
    #[arg(long)]
    pub residual: bool,
    /// Train on each position's mirror image too
    #[arg(long)]
    pub mirror: bool,
    /// Weight decay per step
    #[arg(long, value_name = "D", default_value_t = 0.0)]
    pub decay: f32,
}

/// The arguments of `net loss`.
#[derive(Clone, Debug, PartialEq, clap::Args)]
pub struct LossArgs {
    /// The positions
    #[arg(value_name = "DATA")]
    pub file: String,
    /// The game the data was played in.
    #[command(flatten)]
    pub game: GameArgs,
    /// Evaluate with this network instead of the game's own
    #[arg(long, value_name = "NET", conflicts_with = "no_net")]
    pub net: Option<String>,
    /// Evaluate with the hand-written evaluation alone
    #[arg(long)]
    pub no_net: bool,
    /// The share of the search's score in the target (the rest is the game's result)
    #[arg(long, value_name = "L", default_value_t = 0.75)]
    pub lambda: f32,
}

/// Runs `net`; returns the exit code.
#[must_use]
pub fn run(args: &NetArgs) -> i32 {
    let outcome = match &args.command {
        NetCommand::Gen(g) => super::tune::run_generate(g, GameFormat::Scored),
        NetCommand::Train(t) => run_train(t),
        NetCommand::Loss(l) => run_loss(l),
    };
    match outcome {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("net: {e}");
            2
        }
    }
}

/// `net loss`: how well the engine's static evaluation predicts the targets
/// of a file: as the game is played (with its overlay's network, if any),
/// with the network of `--net` instead, or with none (`--no-net`).
fn run_loss(args: &LossArgs) -> Result<(), String> {
    let file = args.file.as_str();
    let lambda = args.lambda;
    if let Some(path) = &args.net {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let network = crate::eval::network::Network::from_bytes(&bytes)
            .map_err(|e| format!("{path}: {e}"))?;
        crate::eval::network::set_given(network);
    }
    if args.no_net {
        crate::eval::network::set_enabled(false);
    }
    let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
    let (sum, n) = match args.game.load()? {
        Some(variant) => static_loss(&text, &mut MailboxPos::new(variant), lambda),
        None => static_loss(&text, &mut BitboardPos::startpos(), lambda),
    };
    if n == 0 {
        return Err(format!("{file}: no positions"));
    }
    println!("{n} positions, mean loss {:.6}", sum / n as f64);
    Ok(())
}

/// The squared error of the static evaluation summed over the positions
/// of `text`, and their number.
fn static_loss<P: Position + crate::position::Evaluate>(
    text: &str,
    board: &mut P,
    lambda: f32,
) -> (f64, usize) {
    let sigmoid = |x: f32| 1.0 / (1.0 + (-x / crate::eval::network::SCALE as f32).exp());
    let mut sum = 0f64;
    let mut n = 0;
    for line in text.lines() {
        // `#` lines and anything else that is not a position are skipped.
        let Ok((score, result)) = data::parse_line(line, board) else {
            continue;
        };
        let (score, result) = (f32::from(score), f32::from(result) / 2.0);
        let tables = board.prepare_evaluation();
        let eval = board.evaluate_with(&tables) as f32;
        let white = board.side_to_move() == crate::core::Color::White;
        let (score, result) = if white {
            (score, result)
        } else {
            (-score, 1.0 - result)
        };
        let target = lambda * sigmoid(score) + (1.0 - lambda) * result;
        let e = sigmoid(eval) - target;
        sum += f64::from(e * e);
        n += 1;
    }
    (sum, n)
}

/// Reads every file of `files` into samples on `board`.
fn read_all<P: Position + FeatureCodes + crate::position::Evaluate>(
    files: &[&str],
    board: &mut P,
    index: &Index,
    options: data::ReadOptions,
) -> Result<Samples, String> {
    let mut samples = Samples::default();
    for &file in files {
        let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
        let report = data::read_positions(&text, file, board, index, options, &mut samples);
        if let Some(first) = report.first_bad {
            println!(
                "{file}: {} lines skipped (the first: {first})",
                report.bad_lines
            );
        }
    }
    Ok(samples)
}

fn run_train(args: &TrainArgs) -> Result<(), String> {
    let files: Vec<&str> = args.files.iter().map(String::as_str).collect();
    let out = args.out.as_path();
    let settings = Settings {
        epochs: args.epochs,
        batch: args.batch.max(1),
        rate: args.rate,
        lambda: args.lambda,
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
        seed: args.seed,
        decay: args.decay,
    };
    let held_file = args.held_out.as_deref();
    let residual = args.residual;
    let options = data::ReadOptions {
        residual,
        mirror: args.mirror,
    };
    let held_options = data::ReadOptions {
        mirror: false,
        ..options
    };
    if residual {
        // A residual network is added to the hand-written evaluation, so
        // that is its base: not the network the game's overlay plays today.
        crate::eval::network::set_enabled(false);
    }
    let (layout, samples, check) = match args.game.load()? {
        Some(variant) => {
            let layout = Layout::for_variant(&variant);
            let index = layout.mailbox_index(&variant)?;
            let mut board = MailboxPos::new(variant);
            let samples = read_all(&files, &mut board, &index, options)?;
            let check = held_file
                .map(|f| read_all(&[f], &mut board, &index, held_options))
                .transpose()?;
            (layout, samples, check)
        }
        None => {
            let layout = Layout::orthodox();
            let index = layout.bitboard_index()?;
            let mut board = BitboardPos::startpos();
            let samples = read_all(&files, &mut board, &index, options)?;
            let check = held_file
                .map(|f| read_all(&[f], &mut board, &index, held_options))
                .transpose()?;
            (layout, samples, check)
        }
    };
    if samples.len() < 100 {
        return Err(format!("only {} positions to train on", samples.len()));
    }
    // Held out: the positions of `--held-out`, else a hundredth of the
    // training positions.
    let (mut ids, held) = match &check {
        Some(c) => (
            (0..samples.len() as u32).collect(),
            (0..c.len() as u32).collect(),
        ),
        None => train::split(samples.len(), samples.len() / 100, settings.seed),
    };
    let check = check.as_ref().unwrap_or(&samples);
    println!(
        "{} positions, {} held out, {} inputs",
        ids.len(),
        held.len(),
        layout.inputs()
    );
    let mut net = FloatNetwork::new(layout, residual, settings.seed);
    let mut adam = Adam::new(net.weights.len());
    let mut progress = ProgressReporter::new("train", settings.epochs);
    for e in 0..settings.epochs {
        train::shuffle(&mut ids, settings.seed.wrapping_add(e as u64));
        let rate = train::rate_at(settings.rate, e, settings.epochs);
        let loss = train::epoch(&mut net, &mut adam, &samples, &ids, rate, &settings);
        let held_loss = train::mean_loss(&net, check, &held, settings.lambda, settings.threads);
        crate::save::write_atomic(out, &net.quantise().to_bytes())
            .map_err(|e| format!("{}: {e}", out.display()))?;
        progress.step(&format!(
            "epoch {} loss {loss:.6} held-out {held_loss:.6}",
            e + 1
        ));
    }
    progress.finish();
    println!("network written to {}", out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::static_loss;
    use crate::bitboard::BitboardPos;

    #[test]
    fn the_loss_reads_scored_and_labelled_lines_alike() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let scored = format!("{fen} | 0 | 0.5\n");
        let (one, n) = static_loss(&scored, &mut BitboardPos::startpos(), 1.0);
        assert_eq!(n, 1);
        assert!(one > 0.0, "the start position scores its tempo");
        let both = format!("# game 1\n{scored}{fen} [0.5000]\nnot a position\n");
        let (two, n) = static_loss(&both, &mut BitboardPos::startpos(), 1.0);
        assert_eq!(n, 2);
        assert!((two - 2.0 * one).abs() < 1e-12, "{one} {two}");
    }
}
