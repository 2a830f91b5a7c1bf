//! Command-line dispatch: `nightrider [SUBCOMMAND] [ARGS]`.
//!
//! Each subcommand is one entry of [`SUBCOMMANDS`]; without one the engine
//! starts its XBoard/console front end.

/// A command-line subcommand: its name, a one-line usage, and its handler
/// (arguments after the name; returns the process exit code).
pub struct Subcommand {
    /// The word on the command line.
    pub name: &'static str,
    /// One line of usage text.
    pub usage: &'static str,
    /// Runs it.
    pub run: fn(&[String]) -> i32,
}

/// Every subcommand.
pub const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        name: "perft",
        usage: crate::tools::perftcmd::PERFT_USAGE,
        run: crate::tools::perftcmd::run_perft,
    },
    Subcommand {
        name: "perftsuite",
        usage: crate::tools::perftcmd::SUITE_USAGE,
        run: crate::tools::perftcmd::run_suite,
    },
    Subcommand {
        name: "check",
        usage: crate::rules::lint::USAGE,
        run: crate::rules::lint::run_check,
    },
    Subcommand {
        name: "bbperft",
        usage:
            "bbperft FEN|startpos DEPTH [--960]   perft on the bitboard board (nodes, time, nps)",
        run: crate::bitboard::run_bbperft,
    },
];

/// Runs the program with its arguments; returns the exit code.
#[must_use]
pub fn run(args: Vec<String>) -> i32 {
    if let Some(first) = args.first() {
        if let Some(cmd) = SUBCOMMANDS.iter().find(|c| c.name == first) {
            return (cmd.run)(&args[1..]);
        }
        if first == "--help" || first == "-h" {
            println!("usage: nightrider [SUBCOMMAND] [ARGS]");
            println!(
                "       nightrider [--board general|auto] [--ini FILE]   (XBoard engine on stdin)"
            );
            for c in SUBCOMMANDS {
                println!("  {}", c.usage);
            }
            return 0;
        }
        if first == "--version" {
            println!("Nightrider {}", env!("CARGO_PKG_VERSION"));
            return 0;
        }
    }
    match engine_config(&args) {
        Ok(config) => run_front_end(&config),
        Err(message) => {
            eprintln!("nightrider: {message}");
            2
        }
    }
}

/// Options of the engine itself: `--board general|auto`, `--ini FILE`.
fn engine_config(args: &[String]) -> Result<crate::engine::Config, String> {
    let mut config = crate::engine::Config::default();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match (arg.as_str(), rest.next().map(String::as_str)) {
            ("--board", Some("general")) => config.general_board = true,
            ("--board", Some("auto")) => config.general_board = false,
            ("--ini", Some(path)) => config.ini_path = Some(path.to_string()),
            _ => return Err(format!("unknown argument '{arg}' (try --help)")),
        }
    }
    Ok(config)
}

/// Reads standard input: a first line `xboard` (or `protover`) selects the
/// XBoard front end; any other first line is taken as XBoard input too.
fn run_front_end(config: &crate::engine::Config) -> i32 {
    let mut input = std::io::BufReader::new(std::io::stdin());
    let mut first = String::new();
    if std::io::BufRead::read_line(&mut input, &mut first).unwrap_or(0) == 0 {
        return 0;
    }
    match crate::xboard::serve(vec![first], input, std::io::stdout(), config) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("nightrider: {e}");
            1
        }
    }
}
