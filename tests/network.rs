//! `net gen`, `net train` and `net loss` end to end on a tiny game (Los
//! Alamos, 6x6, games of a few hundred nodes a move): the generator writes
//! scored positions and resumes, the trainer writes a network the overlay
//! can name, `check` accepts it and the engine plays with it. The shipped
//! networks fit the games whose men they know, and the overlays that name
//! them play them.

use nightrider::bitboard::BitboardPos;
use nightrider::core::{Color, Score};
use nightrider::eval::network::{self, Layout, Network};
use nightrider::mailbox::MailboxPos;
use nightrider::position::features::FeatureCodes;
use nightrider::position::Evaluate;
use nightrider::rules::catalog::Catalog;
use std::path::Path;

#[path = "support/tiny_game.rs"]
mod tiny_game;
use tiny_game::nightrider;

/// `pos`'s evaluation with networks on and off. The switch is global, so
/// the tests that turn it take turns.
fn with_and_without_networks<P: Evaluate>(pos: &P) -> (Score, Score) {
    static SWITCH: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = SWITCH
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let with = pos.evaluate();
    network::set_enabled(false);
    let without = pos.evaluate();
    network::set_enabled(true);
    (with, without)
}

/// A fresh directory with the tiny fmax.ini and an empty `variants/`.
fn tiny_game_dir(name: &str) -> std::path::PathBuf {
    tiny_game::tiny_game_dir("net", name)
}

/// Orthodox chess plays the network built into the program: it reads, is
/// a residual correction for the bitboard board's men, and moves the
/// evaluation off the hand-written one by exactly its own output.
#[test]
fn orthodox_chess_plays_the_network_built_in() {
    let net = network::orthodox().unwrap();
    assert!(net.residual);
    assert_eq!(net.layout, Layout::orthodox());
    let table = net
        .feature_table(net.layout.bitboard_index().unwrap())
        .unwrap();
    for (fen, stm) in [
        (
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9",
            Color::White,
        ),
        ("8/5pk1/6p1/3R4/8/1r4P1/5PK1/8 b - - 0 40", Color::Black),
    ] {
        let pos = BitboardPos::from_fen(fen, false).unwrap();
        let (with, without) = with_and_without_networks(&pos);
        let correction = net.evaluate(&pos.feature_sums(&table), stm);
        assert_ne!(correction, 0, "{fen}");
        assert_eq!(with, without + correction, "{fen}");
    }
}

/// `net gen` of `games` games of the tiny game into `out`.
fn generate(dir: &Path, out: &str, games: &str) -> String {
    let ini = dir.join("fmax.ini");
    let args = [
        "net",
        "gen",
        "--variant",
        "los-alamos",
        "--ini",
        ini.to_str().unwrap(),
        out,
        games,
        "--nodes",
        "300",
        "--random",
        "4",
        "--seed",
        "3",
    ];
    nightrider(dir, &args)
}

#[test]
fn net_gen_writes_scored_positions_and_resumes() {
    let dir = tiny_game_dir("gen");
    generate(&dir, "data.txt", "3");
    let first = std::fs::read_to_string(dir.join("data.txt")).unwrap();
    let marks = first.lines().filter(|l| l.starts_with("# game ")).count();
    assert_eq!(marks, 3);
    let positions: Vec<&str> = first.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(positions.len() > 10, "{first}");
    for line in positions {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "{line}");
        let score: i32 = fields[1].parse().unwrap();
        assert!(score.abs() <= 3000, "{line}");
        assert!(["1.0", "0.5", "0.0"].contains(&fields[2]), "{line}");
        assert_eq!(fields[0].split(' ').count(), 6, "{line}");
    }
    let said = generate(&dir, "data.txt", "5");
    assert!(said.contains("holds 3 games; playing games 3..5"), "{said}");
    let resumed = std::fs::read_to_string(dir.join("data.txt")).unwrap();
    assert!(resumed.starts_with(&first));
    generate(&dir, "whole.txt", "5");
    assert_eq!(
        resumed,
        std::fs::read_to_string(dir.join("whole.txt")).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn net_train_writes_a_network_the_overlay_names_and_the_engine_plays() {
    let dir = tiny_game_dir("train");
    generate(&dir, "data.txt", "12");
    let ini = dir.join("fmax.ini");
    let ini = ini.to_str().unwrap();
    let said = train(
        &dir,
        ini,
        "variants/los-alamos.nrn",
        &[
            "--residual",
            "--mirror",
            "--epochs",
            "3",
            "--batch",
            "64",
            "--threads",
            "2",
        ],
    );
    let said = String::from_utf8_lossy(&said.stdout);
    assert!(
        said.contains("network written to variants/los-alamos.nrn"),
        "{said}"
    );
    assert!(said.contains("held out, 432 inputs"), "{said}");
    let bytes = std::fs::read(dir.join("variants/los-alamos.nrn")).unwrap();
    let net = Network::from_bytes(&bytes).unwrap();
    assert!(net.residual);

    // Named by the overlay, the network fits the game and is played.
    std::fs::write(
        dir.join("variants/los-alamos.ini"),
        "[eval]\nnetwork = los-alamos.nrn\n",
    )
    .unwrap();
    let catalog = Catalog::load(Some(Path::new(ini))).unwrap();
    let variant = catalog.variant("los-alamos").unwrap();
    assert_eq!(net.layout, Layout::for_variant(&variant));
    assert_eq!(network::check(&variant), None);
    let fen = "1k4/2q3/6/6/3N2/1K3R w - - 0 1";
    let pos = MailboxPos::from_fen(variant, fen).unwrap();
    let (with, without) = with_and_without_networks(&pos);
    assert_ne!(with, without, "the network changes nothing");

    // The console plays the game with it.
    let played = nightrider(
        &dir,
        &["--ini", ini, "variant los-alamos", "sd 4", "go", "quit"],
    );
    assert!(played.contains("White(1): "), "{played}");

    // `net loss` measures the overlay's network unless `--no-net` turns it off.
    let loss = |args: &[&str]| {
        let mut all = vec![
            "net",
            "loss",
            "--variant",
            "los-alamos",
            "--ini",
            ini,
            "data.txt",
        ];
        all.extend(args);
        let said = nightrider(&dir, &all);
        let line = said
            .lines()
            .find(|l| l.contains("mean loss"))
            .map(str::to_string);
        line.unwrap_or_else(|| panic!("{said}"))
    };
    let played = loss(&[]);
    assert!(played.contains("positions, mean loss 0."), "{played}");
    let hand_written = loss(&["--no-net"]);
    assert_ne!(played, hand_written);
    assert_eq!(played, loss(&["--net", "variants/los-alamos.nrn"]));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `net train` of the tiny game on `data.txt` into `out`, with `extra`
/// options; panics with its stderr when it fails.
fn train(dir: &Path, ini: &str, out: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["net", "train", "--variant", "los-alamos", "--ini", ini];
    args.extend(["data.txt", "--out", out]);
    args.extend(extra);
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_nightrider"))
        .args(&args)
        .current_dir(dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{args:?}: {stderr}");
    run
}

/// `net train --residual` with `--rate 0` (the network stays at nothing) on
/// `data.txt`: the epoch's progress line, whose losses are the base's alone.
fn base_losses(dir: &Path, ini: &str) -> String {
    let extra = [
        "--residual",
        "--rate",
        "0",
        "--epochs",
        "1",
        "--threads",
        "1",
    ];
    let run = train(dir, ini, "zero.nrn", &extra);
    let said = String::from_utf8_lossy(&run.stderr);
    let line = said
        .split(['\r', '\n'])
        .find(|l| l.contains("epoch 1 loss"));
    let line = line.unwrap_or_else(|| panic!("no epoch line: {said}"));
    line.split(',').next().unwrap().to_string()
}

#[test]
fn a_residual_network_is_fitted_over_the_hand_written_evaluation() {
    let dir = tiny_game_dir("base");
    generate(&dir, "data.txt", "8");
    let ini = dir.join("fmax.ini");
    let ini = ini.to_str().unwrap();
    let hand = base_losses(&dir, ini);

    // The game's overlay now plays a network that changes its evaluation.
    let fen = "1k4/2q3/6/6/3N2/1K3R w - - 0 1";
    let evaluation = || {
        let catalog = Catalog::load(Some(Path::new(ini))).unwrap();
        let variant = catalog.variant("los-alamos").unwrap();
        MailboxPos::from_fen(variant, fen).unwrap().evaluate()
    };
    let without = evaluation();
    let mut net = Network::from_bytes(&std::fs::read(dir.join("zero.nrn")).unwrap()).unwrap();
    net.output_bias = 200 * 64;
    std::fs::write(dir.join("variants/los-alamos.nrn"), net.to_bytes()).unwrap();
    std::fs::write(
        dir.join("variants/los-alamos.ini"),
        "[eval]\nnetwork = los-alamos.nrn\n",
    )
    .unwrap();
    assert_ne!(
        evaluation(),
        without,
        "the overlay's network changes nothing"
    );

    // A new residual learns what the hand-written evaluation gets wrong,
    // so its base is the same as before the overlay named a network.
    assert_eq!(base_losses(&dir, ini), hand);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Why the shipped network `file` does not fit each game of `games`
/// (`None`: it fits).
fn misfits(catalog: &Catalog, file: &str, games: &[&str]) -> Vec<Option<String>> {
    let bytes = std::fs::read(file).unwrap();
    let net = Network::from_bytes(&bytes).unwrap();
    games
        .iter()
        .map(|name| {
            let v = catalog.variant(name).unwrap();
            net.layout.mailbox_index(&v).err()
        })
        .collect()
}

#[test]
fn a_network_fits_every_game_on_its_board_whose_men_it_knows() {
    // Capablanca's network knows the men of gothic and Capablanca Random
    // Chess (capablanca's less its chancellor-queen), so it fits them; it
    // does not know janus's `J`, nor a board of another size.
    let catalog = Catalog::load(Some(Path::new("fmax.ini"))).unwrap();
    let games = ["capablanca", "gothic", "caparandom", "janus", "normal"];
    assert_eq!(
        misfits(&catalog, "variants/capablanca.nrn", &games),
        [
            None,
            None,
            None,
            Some("the network has no piece 'J'".to_string()),
            Some("the network is for a 10x8 board, not 8x8".to_string()),
        ]
    );
    // Makruk's serves cambodian and asean (the same men), not ai-wok,
    // whose ai-wok piece it does not know.
    let games = ["makruk", "cambodian", "asean", "ai-wok"];
    let found = misfits(&catalog, "variants/makruk.nrn", &games);
    assert_eq!(found[..3], [None, None, None]);
    assert!(found[3].is_some());
}

#[test]
fn overlays_play_the_networks_they_name() {
    // gothic and caparandom name capablanca's network, cambodian makruk's,
    // knightmate, berolina and grande-acedrex their own: each plays it, so
    // the evaluation changes when networks are off.
    let catalog = Catalog::load(Some(Path::new("fmax.ini"))).unwrap();
    for (name, fen) in [
        (
            "gothic",
            "rnbqckabnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNBQCKABNR b KQkq - 0 1",
        ),
        (
            "cambodian",
            "rnsmksnr/8/pppppppp/8/2P5/PP1PPPPP/8/RNSKMSNR b - - 0 1",
        ),
        (
            "knightmate",
            "rmbqkbmr/pppppppp/8/8/4P3/8/PPPP1PPP/RMBQKBMR b KQkq - 0 1",
        ),
        (
            "berolina",
            "rnbqkbnr/pppppppp/8/8/8/3P4/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ),
        (
            "grande-acedrex",
            "rlugcakcgulr/12/12/pppppppppppp/12/12/12/4P7/PPPP1PPPPPPP/12/12/RLUGCAKCGULR b Gg - 0 1",
        ),
    ] {
        let v = catalog.variant(name).unwrap();
        assert_eq!(network::check(&v), None, "{name}");
        assert!(network::for_mailbox(&v).is_some(), "{name}");
        let pos = MailboxPos::from_fen(v, fen).unwrap();
        let (with, without) = with_and_without_networks(&pos);
        assert_ne!(with, without, "{name}: the network changes nothing");
    }
    let caparandom = catalog.variant("caparandom").unwrap();
    assert!(network::for_mailbox(&caparandom).is_some());
}
