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
pub const USAGE: &str = "net gen [--variant NAME [--ini FILE]] OUT GAMES [--nodes N] [--seed S] [--random PLIES] [--openings PGN]   (self-play positions with scores)\n  net train [--variant NAME [--ini FILE]] DATA... --out NET [--epochs N] [--batch N] [--rate R] [--lambda L] [--threads N] [--seed S]   (fit an evaluation network)";

/// Runs `net`; returns the exit code.
#[must_use]
pub fn run(args: &[String]) -> i32 {
    let outcome = match args.first().map(String::as_str) {
        Some("gen") => super::tune::run_generate(&args[1..], GameFormat::Scored),
        Some("train") => run_train(&args[1..]),
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

/// Reads every file of `files` into samples on `board`.
fn read_all<P: Position + FeatureCodes>(
    files: &[&str],
    board: &mut P,
    index: &Index,
) -> Result<Samples, String> {
    let mut samples = Samples::default();
    for &file in files {
        let text = crate::text::read(file).map_err(|e| format!("{file}: {e}"))?;
        let report = data::read_positions(&text, file, board, index, &mut samples);
        if let Some(first) = report.first_bad {
            println!("{file}: {} lines skipped (the first: {first})", report.bad_lines);
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
        threads: number(args, "--threads", std::thread::available_parallelism().map_or(1, usize::from))?,
        seed: number(args, "--seed", 1u64)?,
    };
    let (layout, samples) = match load_variant(args)? {
        Some(variant) => {
            let layout = Layout::for_variant(&variant);
            let index = layout.mailbox_index(&variant)?;
            let mut board = MailboxPos::new(variant);
            (layout, read_all(&files, &mut board, &index)?)
        }
        None => {
            let layout = Layout::orthodox();
            let index = layout.bitboard_index()?;
            (layout, read_all(&files, &mut BitboardPos::startpos(), &index)?)
        }
    };
    if samples.len() < 100 {
        return Err(format!("only {} positions to train on", samples.len()));
    }
    let (mut ids, held) = train::split(samples.len(), samples.len() / 100, settings.seed);
    println!(
        "{} positions ({} held out), {} inputs",
        samples.len(),
        held.len(),
        layout.inputs()
    );
    let mut net = FloatNetwork::new(layout, settings.seed);
    let mut adam = Adam::new(net.weights.len());
    let mut progress = ProgressReporter::new("train", settings.epochs);
    for e in 0..settings.epochs {
        train::shuffle(&mut ids, settings.seed.wrapping_add(e as u64));
        let rate = train::rate_at(settings.rate, e, settings.epochs);
        let loss = train::epoch(&mut net, &mut adam, &samples, &ids, rate, &settings);
        let held_loss = train::mean_loss(&net, &samples, &held, settings.lambda, settings.threads);
        crate::save::write_atomic(Path::new(out), &net.quantise().to_bytes())
            .map_err(|e| format!("{out}: {e}"))?;
        progress.step(&format!("epoch {} loss {loss:.6} held-out {held_loss:.6}", e + 1));
    }
    progress.finish();
    println!("network written to {out}");
    Ok(())
}
