//! Command-line dispatch: `nightrider [SUBCOMMAND] [ARGS]`.
//!
//! Each subcommand is one entry of [`SUBCOMMANDS`]; without one the engine
//! starts its XBoard, UCI or console front end; other arguments are console
//! commands.

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
        name: "bench",
        usage: crate::tools::benchcmd::USAGE,
        run: crate::tools::benchcmd::run,
    },
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
        run: run_check,
    },
    Subcommand {
        name: "book",
        usage: crate::book::command::BOOK_USAGE,
        run: crate::book::command::run_book,
    },
    Subcommand {
        name: "books",
        usage: crate::book::command::BOOKS_USAGE,
        run: crate::book::command::run_books,
    },
    Subcommand {
        name: "install",
        usage: crate::install::INSTALL_USAGE,
        run: crate::install::run_install,
    },
    Subcommand {
        name: "uninstall",
        usage: crate::install::UNINSTALL_USAGE,
        run: crate::install::run_uninstall,
    },
    Subcommand {
        name: "tune",
        usage: crate::tools::tune::USAGE,
        run: crate::tools::tune::run,
    },
    Subcommand {
        name: "net",
        usage: crate::tools::net::USAGE,
        run: crate::tools::net::run,
    },
    Subcommand {
        name: "bbperft",
        usage:
            "bbperft FEN|startpos DEPTH [--960]   perft on the bitboard board (nodes, time, nps)",
        run: crate::bitboard::run_bbperft,
    },
];

/// `nightrider check`: the rules' lint, with the board's measure of each
/// piece's reach on occupied boards.
fn run_check(args: &[String]) -> i32 {
    crate::rules::lint::run_check(
        args,
        crate::mailbox::occupied::occupied_mobility,
        crate::eval::network::check,
    )
}

/// Whether a subcommand's arguments ask for its usage (`--help`, `-h`).
fn asks_for_help(args: &[String]) -> bool {
    args.iter().any(|a| a == "--help" || a == "-h")
}

/// What `nightrider SUBCOMMAND --help` prints.
fn subcommand_help(cmd: &Subcommand) -> String {
    format!("usage: nightrider {}", cmd.usage)
}

/// Runs the program with its arguments; returns the exit code.
#[must_use]
pub fn run(args: Vec<String>) -> i32 {
    if let Some(first) = args.first() {
        if let Some(cmd) = SUBCOMMANDS.iter().find(|c| c.name == first) {
            if asks_for_help(&args[1..]) {
                println!("{}", subcommand_help(cmd));
                return 0;
            }
            return (cmd.run)(&args[1..]);
        }
        if first == "--help" || first == "-h" {
            println!("usage: nightrider [SUBCOMMAND] [ARGS]");
            println!(
                "       nightrider [--board mailbox|auto] [--ini FILE] [--tune NAME=VALUE]... [COMMAND...]   (engine: XBoard if stdin starts with `xboard`, UCI if with `uci`, else the console, which runs each COMMAND first; --tune sets one of the search's tunables, `nightrider tune spsa --list` lists them)"
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
        Ok((config, commands)) => {
            if let Some(t) = config.tunables {
                if let Err(message) = crate::search::tunables::set_current(t) {
                    eprintln!("nightrider: {message}");
                    return 2;
                }
            }
            run_front_end(&config, commands)
        }
        Err(message) => {
            eprintln!("nightrider: {message}");
            2
        }
    }
}

/// Options of the engine itself (`--board mailbox|auto`, `--ini FILE`,
/// `--tune NAME=VALUE` for the search's tunables; `general` is read as
/// `mailbox`) and the other arguments, which are console commands
/// (`nightrider "sd 5"`).
fn engine_config(args: &[String]) -> Result<(crate::engine::Config, Vec<String>), String> {
    let mut config = crate::engine::Config::default();
    let mut commands = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if !arg.starts_with("--") {
            commands.push(arg.clone());
            continue;
        }
        match (arg.as_str(), rest.next().map(String::as_str)) {
            ("--board", Some("mailbox" | "general")) => config.mailbox_board = true,
            ("--board", Some("auto")) => config.mailbox_board = false,
            ("--ini", Some(path)) => config.ini_path = Some(path.to_string()),
            ("--net", Some(path)) => {
                let bytes = std::fs::read(path).map_err(|e| format!("--net {path}: {e}"))?;
                let network = crate::eval::network::Network::from_bytes(&bytes)
                    .map_err(|e| format!("--net {path}: {e}"))?;
                crate::eval::network::set_given(network);
            }
            ("--tune", Some(setting)) => config
                .tunables
                .get_or_insert_with(Default::default)
                .apply(setting)
                .map_err(|e| format!("--tune: {e}"))?,
            _ => return Err(format!("unknown argument '{arg}' (try --help)")),
        }
    }
    Ok((config, commands))
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

    fn config_of(args: &[&str]) -> Result<(bool, Vec<String>), String> {
        let args: Vec<String> = args.iter().map(ToString::to_string).collect();
        engine_config(&args).map(|(config, commands)| (config.mailbox_board, commands))
    }

    #[test]
    fn every_subcommand_answers_help_with_its_usage() {
        for cmd in SUBCOMMANDS {
            let help = subcommand_help(cmd);
            assert!(
                help.starts_with(&format!("usage: nightrider {}", cmd.name)),
                "{help}"
            );
            assert!(asks_for_help(&[cmd.name.to_string(), "--help".to_string()]));
        }
        assert!(asks_for_help(&["-h".to_string()]));
        assert!(!asks_for_help(&[
            "--variant".to_string(),
            "help".to_string()
        ]));
    }

    #[test]
    fn tune_arguments_set_the_search_tunables_or_fail_with_one_line() {
        let args = |a: &[&str]| a.iter().map(ToString::to_string).collect::<Vec<_>>();
        let (config, commands) =
            engine_config(&args(&["--tune", "rfp_margin=95", "--tune", "lmp_base=4"])).unwrap();
        let t = config.tunables.unwrap();
        assert_eq!((t.rfp_margin, t.lmp_base, t.lmr_divisor), (95, 4, 225));
        assert!(commands.is_empty());
        assert_eq!(engine_config(&args(&["sd 5"])).unwrap().0.tunables, None);
        assert_eq!(
            engine_config(&args(&["--tune", "rfp_margin=1000"])).unwrap_err(),
            "--tune: search tunable rfp_margin = 1000 is outside 20..=200"
        );
    }

    #[test]
    fn board_option_names_the_mailbox_by_its_folder_and_its_old_name() {
        assert_eq!(config_of(&["--board", "mailbox"]), Ok((true, vec![])));
        assert_eq!(config_of(&["--board", "general"]), Ok((true, vec![])));
        assert_eq!(
            config_of(&["--board", "mailbox", "--board", "auto", "sd 5"]),
            Ok((false, vec!["sd 5".to_string()]))
        );
        assert_eq!(
            config_of(&["--board", "bitboard"]),
            Err("unknown argument '--board' (try --help)".to_string())
        );
    }
}
