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
    eprintln!("the engine front end is not built yet");
    1
}
