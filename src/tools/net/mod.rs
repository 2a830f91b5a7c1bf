//! `nightrider net`: the evaluation network's tools. `net gen` plays
//! self-play games and writes their quiet positions with the search's
//! score and the game's result (`FEN | SCORE | RESULT`, `data`); `net
//! train` fits a network to such positions (`train`) and writes it as a
//! network file (`eval::network`).

pub mod data;
pub mod train;

use super::selfplay::GameFormat;
use super::tune::{load_variant, number, option, positionals};
use crate::bitboard::BitboardPos;
use crate::eval::network::{Index, Layout};
use crate::mailbox::MailboxPos;
use crate::position::features::FeatureCodes;
use crate::position::Position;
use crate::progress::ProgressReporter;
use data::Samples;
use std::path::Path;
use train::{Adam, FloatNetwork, Settings};

/// One line of usage.
pub const USAGE: &str = "net gen [--variant NAME [--ini FILE]] OUT GAMES [--nodes N] [--seed S] [--random PLIES] [--openings PGN|EPD]   (self-play positions with scores)\n  net train [--variant NAME [--ini FILE]] DATA... --out NET [--epochs N] [--batch N] [--rate R] [--lambda L] [--threads N] [--seed S] [--held-out DATA] [--residual] [--mirror] [--decay D]   (fit an evaluation network)\n  net loss [--variant NAME [--ini FILE]] DATA [--net NET | --no-net] [--lambda L]   (the static evaluation's error on a file's positions)";

/// Runs `net`; returns the exit code.
#[must_use]
pub fn run(args: &[String]) -> i32 {
    let outcome = match args.first().map(String::as_str) {
        Some("gen") => super::tune::run_generate(&args[1..], GameFormat::Scored),
        Some("train") => run_train(&args[1..]),
        Some("loss") => run_loss(&args[1..]),
        Some(other) => Err(format!("unknown subcommand '{other}'")),
        None => Err("no subcommand given".to_string()),
    };
    match outcome {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("net: {e}");
            eprintln!("usage: nightrider {USAGE}");
            2
        }
    }
}

/// `net loss`: how well the engine's static evaluation predicts the targets
/// of a file: as the game is played (with its overlay's network, if any),
/// with the network of `--net` instead, or with none (`--no-net`).
fn run_loss(args: &[String]) -> Result<(), String> {
    let files = positionals(args);
    let file = *files.first().ok_or("no position file given")?;
    let lambda = number(args, "--lambda", 0.75f32)?;
    if let Some(path) = option(args, "--net") {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let network = crate::eval::network::Network::from_bytes(&bytes)
            .map_err(|e| format!("{path}: {e}"))?;
        crate::eval::network::set_given(network);
    }
    if args.iter().any(|a| a == "--no-net") {
        crate::eval::network::set_enabled(false);
    }
    let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
    let (sum, n) = match load_variant(args)? {
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

fn run_train(args: &[String]) -> Result<(), String> {
    let files = positionals(args);
    if files.is_empty() {
        return Err("no training file given".to_string());
    }
    let out = option(args, "--out").ok_or("no output file given (--out NET)")?;
    let settings = Settings {
        epochs: number(args, "--epochs", 20usize)?,
        batch: number(args, "--batch", 16384usize)?.max(1),
        rate: number(args, "--rate", 0.001f32)?,
        lambda: number(args, "--lambda", 0.75f32)?,
        threads: number(
            args,
            "--threads",
            std::thread::available_parallelism().map_or(1, usize::from),
        )?,
        seed: number(args, "--seed", 1u64)?,
        decay: number(args, "--decay", 0.0f32)?,
    };
    let held_file = option(args, "--held-out");
    let residual = args.iter().any(|a| a == "--residual");
    let options = data::ReadOptions {
        residual,
        mirror: args.iter().any(|a| a == "--mirror"),
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
    let (layout, samples, check) = match load_variant(args)? {
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
        crate::save::write_atomic(Path::new(out), &net.quantise().to_bytes())
            .map_err(|e| format!("{out}: {e}"))?;
        progress.step(&format!(
            "epoch {} loss {loss:.6} held-out {held_loss:.6}",
            e + 1
        ));
    }
    progress.finish();
    println!("network written to {out}");
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
