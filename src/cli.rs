//! Command-line dispatch: `nightrider SUBCOMMAND [ARGS]` runs a tool;
//! `nightrider [OPTIONS] [COMMAND]...` starts the engine, whose front end
//! the first input line chooses, and hands each COMMAND to the console.
//!
//! One parser reads every command line: clap's derive, from [`Cli`] and
//! the argument types of the tools its [`Tool`] names; it writes their
//! `--help` and their errors. A subcommand is only ever the first word:
//! after an engine option or a console command every word is the
//! engine's, so `nightrider --ini my.ini check` is the console's `check`.

use crate::install::{InstallArgs, UninstallArgs};
use crate::tools::args::BoardArg;
use crate::tools::benchcmd::BenchArgs;
use crate::tools::bookcmd::{BookArgs, BooksArgs};
use crate::tools::checkcmd::CheckArgs;
use crate::tools::net::NetArgs;
use crate::tools::perftcmd::{BbperftArgs, PerftArgs, SuiteArgs};
use crate::tools::tune::TuneArgs;
use clap::Parser as _;
use std::path::PathBuf;

/// What Nightrider's help says of the engine, after the option list.
const ENGINE_HELP: &str = "\
Without a subcommand Nightrider is the engine: XBoard (CECP v2) if the first input line is \
`xboard` (or `protover`), UCI if it is `uci`, else the console (the console at once from a \
terminal). The console first runs the lines of .nightriderrc (in $HOME, then here), then each \
COMMAND, then reads its input: nightrider \"variant capablanca\" \"sd 6\" go display quit";

/// The command line.
#[derive(Clone, Debug, PartialEq, clap::Parser)]
#[command(
    name = "nightrider",
    display_name = "Nightrider",
    version,
    about = "A chess engine for orthodox chess and the Fairy-Max variants, speaking XBoard, UCI and a console",
    after_help = ENGINE_HELP,
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true,
    args_override_self = true
)]
pub struct Cli {
    /// A tool instead of the engine
    #[command(subcommand)]
    pub tool: Option<Tool>,
    /// The engine's own options (when no tool is named).
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// How the engine starts, and the console's first commands.
#[derive(Clone, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct EngineArgs {
    /// The fmax.ini to load (default: the one next to the binary or in the working directory, else built-in orthodox chess)
    #[arg(long, value_name = "FILE")]
    pub ini: Option<String>,
    /// The board orthodox chess is played on
    #[arg(long, value_name = "BOARD", default_value = "auto")]
    pub board: BoardArg,
    /// An evaluation network that replaces the network of the game it fits
    #[arg(long, value_name = "FILE")]
    pub net: Option<PathBuf>,
    /// One of the search's constants (repeatable; `nightrider tune spsa --list` lists them)
    #[arg(long, value_name = "NAME=VALUE")]
    pub tune: Vec<String>,
    /// Console commands, run in order before the console reads its input
    #[arg(value_name = "COMMAND")]
    pub commands: Vec<String>,
}

/// The tools of the command line.
#[derive(Clone, Debug, PartialEq, clap::Subcommand)]
pub enum Tool {
    /// Lint an fmax.ini and its variants/ overlays; warn about piece values far from their estimates
    Check(CheckArgs),
    /// Count the leaf nodes of a game's move tree
    Perft(PerftArgs),
    /// Count the positions of a TSV suite and compare: N passed, M failed
    Perftsuite(SuiteArgs),
    /// Perft on the bitboard board, with nodes, time and speed
    Bbperft(BbperftArgs),
    /// Fixed-depth search of the bench positions: the node signature and the speed
    Bench(BenchArgs),
    /// Make opening books from PGN files, or show one (docs/books.md)
    Book(BookArgs),
    /// Make repertoire books from PGN files (docs/books.md)
    Books(BooksArgs),
    /// Fit evaluation weights or the search's constants, and make training positions (docs/tuning.md)
    Tune(TuneArgs),
    /// Make and measure evaluation networks (docs/network.md)
    Net(NetArgs),
    /// Probe Syzygy tables: WDL, DTZ and the tables' move of each FEN (docs/tablebases.md)
    Syzygy(crate::tools::syzygycmd::SyzygyArgs),
    /// Install the engine, its fmax.ini and variants/, an XBoard plugin file and the logo
    Install(InstallArgs),
    /// Remove exactly what install wrote (from its manifest)
    Uninstall(UninstallArgs),
}

impl Tool {
    /// Runs the tool; returns the exit code.
    #[must_use]
    pub fn run(&self) -> i32 {
        use crate::tools::{benchcmd, bookcmd, checkcmd, net, perftcmd, tune};
        match self {
            Tool::Check(a) => checkcmd::run(a),
            Tool::Perft(a) => perftcmd::run_perft(a),
            Tool::Perftsuite(a) => perftcmd::run_suite(a),
            Tool::Bbperft(a) => perftcmd::run_bbperft(a),
            Tool::Bench(a) => benchcmd::run(a),
            Tool::Book(a) => bookcmd::run_book(a),
            Tool::Books(a) => bookcmd::run_books(a),
            Tool::Tune(a) => tune::run(a),
            Tool::Net(a) => net::run(a),
            Tool::Syzygy(a) => crate::tools::syzygycmd::run(a),
            Tool::Install(a) => crate::install::run_install(a),
            Tool::Uninstall(a) => crate::install::run_uninstall(a),
        }
    }
}

/// Parses the arguments (without the program's name).
///
/// # Errors
/// clap's error: bad arguments, or `--help` and `--version`, which it
/// answers on stdout.
pub fn parse(args: Vec<String>) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(std::iter::once("nightrider".to_string()).chain(args))
}

/// Runs the program with its arguments; returns the exit code.
#[must_use]
pub fn run(args: Vec<String>) -> i32 {
    let cli = match parse(args) {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout, errors to stderr; a closed
            // stream is not worth a second message.
            let _ = e.print();
            return e.exit_code();
        }
    };
    match &cli.tool {
        Some(tool) => tool.run(),
        None => run_engine(&cli.engine),
    }
}

/// Starts the engine; returns the exit code.
fn run_engine(args: &EngineArgs) -> i32 {
    match engine_config(args) {
        Ok(config) => {
            if let Some(t) = config.tunables {
                if let Err(message) = crate::search::tunables::set_current(t) {
                    eprintln!("nightrider: {message}");
                    return 2;
                }
            }
            run_front_end(&config, args.commands.clone())
        }
        Err(message) => {
            eprintln!("nightrider: {message}");
            2
        }
    }
}

/// The engine's configuration: `--board`, `--ini`, the search's tunables
/// of `--tune`; the network of `--net` is set as it is read.
fn engine_config(args: &EngineArgs) -> Result<crate::engine::Config, String> {
    let mut config = crate::engine::Config {
        ini_path: args.ini.clone(),
        mailbox_board: args.board == BoardArg::Mailbox,
        ..crate::engine::Config::default()
    };
    if let Some(path) = &args.net {
        let shown = path.display();
        let bytes = std::fs::read(path).map_err(|e| format!("--net {shown}: {e}"))?;
        let network = crate::eval::network::Network::from_bytes(&bytes)
            .map_err(|e| format!("--net {shown}: {e}"))?;
        crate::eval::network::set_given(network);
    }
    for setting in &args.tune {
        config
            .tunables
            .get_or_insert_with(Default::default)
            .apply(setting)
            .map_err(|e| format!("--tune: {e}"))?;
    }
    Ok(config)
}

/// Chooses the front end: a terminal on stdin gets the console; otherwise
/// a first line `xboard` (or `protover ...`) selects XBoard, `uci` UCI,
/// anything else the console (which then reads that line first).
fn run_front_end(config: &crate::engine::Config, commands: Vec<String>) -> i32 {
    use crate::engine::line_protocol::serve;
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    let mut input = std::io::BufReader::new(stdin);
    let mut first_lines = Vec::new();
    if !interactive {
        let mut first = String::new();
        if std::io::BufRead::read_line(&mut input, &mut first).unwrap_or(0) > 0 {
            let word = first.split_whitespace().next().unwrap_or("");
            if word == "xboard" || word == "protover" {
                let parser = crate::xboard::parse::Parser::new();
                return report(serve(parser, vec![first], input, std::io::stdout(), config));
            }
            if word == "uci" {
                let parser = crate::uci::parse::Parser::new();
                return report(serve(parser, vec![first], input, std::io::stdout(), config));
            }
            first_lines.push(first);
        }
    }
    let input = crate::console::Input {
        first_lines,
        reader: input,
        interactive,
    };
    let mut startup = start_up_files();
    startup.extend(commands);
    report(crate::console::serve(
        startup,
        input,
        std::io::stdout(),
        config,
    ))
}

/// `input` lines for the `.nightriderrc` files that exist: `$HOME`'s, then
/// the working directory's (once if they are the same file).
fn start_up_files() -> Vec<String> {
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    let home = std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".nightriderrc"));
    for path in home.into_iter().chain([".nightriderrc".into()]) {
        if let Ok(real) = path.canonicalize() {
            if real.is_file() && !files.contains(&real) {
                files.push(real);
            }
        }
    }
    files
        .iter()
        .map(|p| format!("input {}", p.display()))
        .collect()
}

/// The exit code of a front end.
fn report(outcome: std::io::Result<()>) -> i32 {
    match outcome {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("nightrider: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    fn parsed(args: &[&str]) -> Result<Cli, String> {
        parse(args.iter().map(ToString::to_string).collect()).map_err(|e| e.to_string())
    }

    fn engine(args: &[&str]) -> EngineArgs {
        let cli = parsed(args).unwrap();
        assert_eq!(cli.tool, None, "{args:?}");
        cli.engine
    }

    #[test]
    fn the_parser_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_tool_has_generated_help() {
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        assert_eq!(
            names,
            [
                "check",
                "perft",
                "perftsuite",
                "bbperft",
                "bench",
                "book",
                "books",
                "tune",
                "net",
                "syzygy",
                "install",
                "uninstall"
            ]
        );
        for name in names {
            let e = parsed(&[&name, "--help"]).unwrap_err();
            assert!(e.contains(&format!("Usage: nightrider {name}")), "{e}");
        }
    }

    #[test]
    fn tune_arguments_set_the_search_tunables_or_fail_with_one_line() {
        let config = engine_config(&engine(&[
            "--tune",
            "rfp_margin=95",
            "--tune",
            "lmp_base=4",
        ]))
        .unwrap();
        let t = config.tunables.unwrap();
        assert_eq!((t.rfp_margin, t.lmp_base, t.lmr_divisor), (95, 4, 225));
        assert_eq!(engine_config(&engine(&["sd 5"])).unwrap().tunables, None);
        assert_eq!(
            engine_config(&engine(&["--tune", "rfp_margin=1000"])).unwrap_err(),
            "--tune: search tunable rfp_margin = 1000 is outside 20..=200"
        );
    }

    #[test]
    fn board_option_names_the_mailbox_by_its_folder_and_its_old_name() {
        let board = |args: &[&str]| engine(args).board;
        assert_eq!(board(&["--board", "mailbox"]), BoardArg::Mailbox);
        assert_eq!(board(&["--board", "general"]), BoardArg::Mailbox);
        assert_eq!(board(&[]), BoardArg::Auto);
        let last = engine(&["--board", "mailbox", "--board", "auto", "sd 5"]);
        assert_eq!(
            (last.board, last.commands),
            (BoardArg::Auto, vec!["sd 5".to_string()])
        );
        assert!(parsed(&["--board", "bitboard"]).is_err());
    }

    #[test]
    fn words_that_are_not_a_first_subcommand_are_console_commands() {
        let e = engine(&["variant capablanca", "sd 6", "go", "display", "quit"]);
        assert_eq!(
            e.commands,
            ["variant capablanca", "sd 6", "go", "display", "quit"]
        );
        let e = engine(&["sd 5", "--ini", "my.ini", "check", "perft 3"]);
        assert_eq!(e.ini.as_deref(), Some("my.ini"));
        assert_eq!(e.commands, ["sd 5", "check", "perft 3"]);
        let e = engine(&["--ini", "my.ini", "bench"]);
        assert_eq!(e.commands, ["bench"]);
        assert_eq!(engine(&["help"]).commands, ["help"]);
        let cli = parsed(&["bench", "3"]).unwrap();
        assert!(matches!(cli.tool, Some(Tool::Bench(_))), "{cli:?}");
        assert!(parsed(&["--colour", "white"]).is_err());
    }
}
