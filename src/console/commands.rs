//! The console's command table: each [`CommandSpec`] names a command, the
//! shortest prefix accepted for it, its usage and help, and its handler. The
//! same table drives dispatch and `help`. A word that is a command's full
//! name is that command; otherwise a word that looks like a move is a move;
//! otherwise an unambiguous prefix at least `min_abbrev` long is a command.

use super::{annotate, record, suite, tools, Console, InputMode};
use crate::core::Color;
use crate::engine::api::{Command, Event, Level, MoveSelection};
use crate::engine::clock;
use crate::xboard::parse::looks_like_move;

/// A handler: the console and the arguments after the command word.
pub type Handler = fn(&mut Console, &str) -> Result<(), String>;

/// One console command.
pub struct CommandSpec {
    /// The full name.
    pub name: &'static str,
    /// The shortest prefix that selects it.
    pub min_abbrev: usize,
    /// Usage, e.g. `back [N]`.
    pub usage: &'static str,
    /// What it does (first sentence is the one-line summary).
    pub help: &'static str,
    /// Runs it.
    pub run: Handler,
}

/// Shorthand for the table.
const fn spec(
    name: &'static str,
    min_abbrev: usize,
    usage: &'static str,
    help: &'static str,
    run: Handler,
) -> CommandSpec {
    CommandSpec {
        name,
        min_abbrev,
        usage,
        help,
        run,
    }
}

/// Every command, alphabetically.
pub const COMMANDS: &[CommandSpec] = &[
    spec("?", 1, "?", "Makes the engine move now while it thinks.", |c, _| {
        c.send(vec![Command::MoveNow]);
        Ok(())
    }),
    spec("analyze", 3, "analyze", "Analyses the position until `exit`. Moves typed meanwhile are played and the analysis goes on from there; `back` takes them back.", analyze),
    spec("annotate", 8, "annotate FILE SIDE MOVES MARGIN TIME [N]", "Annotates the games of PGN file FILE into FILE.can. SIDE is w, b, bw or part of a player's name; MOVES a first move number or a range like 10-30; MARGIN in pawns: a move is commented when it scores that much worse than the engine's choice (negative: every move); TIME: seconds a move (never deeper than `sd`); N: show the engine's N best moves (up to the one played; -N: N whatever). The game's comments and variations are kept, and the moves of its variations are judged like the main line's.", |c, a| annotate::run(c, a, false)),
    spec("annotateh", 9, "annotateh FILE SIDE MOVES MARGIN TIME [N]", "Like `annotate`, but writes FILE.html with a board diagram (inline SVG) before every commented move.", |c, a| annotate::run(c, a, true)),
    spec("back", 3, "back [N]", "Takes back N plies (default 1).", back),
    spec("bench", 3, "bench [DEPTH]", "Searches the orthodox bench positions to DEPTH (default 5) and prints nodes and speed.", tools::bench),
    spec("book", 4, "book on|off|random N|width N|file F|dir D|create FILE.pgn M [N] [WPCT]", "Opening book: on/off; random 0 searches the book moves briefly, 1 draws one by weight, 2 by ChessPartner's formula; width keeps the N best; file is a Polyglot .bin or a .nbk; dir holds VARIANT.nbk; create builds books from a PGN.", super::book_commands::book),
    spec("books", 5, "books create FILE.pgn [M]", "Builds the repertoire book: a move marked ! is played exclusively, ? never, {play NN%} gets that share.", super::book_commands::books),
    spec("bookw", 5, "bookw freq|ratio|eval|learn W", "Sets the weight (0-10) of one figure in the book's move choice.", super::book_commands::bookw),
    spec("black", 3, "black", "Black is to move; the engine plays White.", |c, _| {
        c.send(vec![Command::SetColor(Color::Black)]);
        Ok(())
    }),
    spec("check", 3, "check [FILE]", "Lints an fmax.ini (default: the one the engine uses) and prints every problem and a summary.", tools::check),
    spec("clock", 3, "clock [MINUTES [OPPONENT]]", "Shows the engine's clock, or sets the time it has left (minutes or h:mm) before its next move, as on a real clock; the opponent's time is sent to the engine too.", clock),
    spec("cores", 3, "cores N", "Uses N search threads (same as `mt`).", cores),
    spec("display", 3, "display [OPTION [on|off]]", "Shows the board, the side to move and the FEN. With an option (alone or with `no` before it, Crafty's way: `display nostats`): `stats` (depth, nodes, time and speed after each engine move), `changes` (thinking lines only when the best move changes), `movenum` or `moves` (move numbers in variations), `san` (moves shown in SAN: the engine's move, thinking lines, `hint`, `history`; on by default when the input is a terminal, else coordinates).", display),
    spec("divide", 3, "divide DEPTH", "Perft split by root move, then the total.", |c, a| tools::perft(c, a, true)),
    spec("draw", 4, "draw [accept|decline]", "Offers the engine a draw; it accepts when its last search saw it clearly worse than a draw. `draw decline` makes it decline every offer, `draw accept` lets it judge again (the default).", draw),
    spec("drawscore", 5, "drawscore N", "What a draw is worth to the engine, in centipawns (-500..500).", |c, a| set_option(c, "DrawScore", a)),
    spec("echo", 3, "echo TEXT", "Prints TEXT.", |c, a| {
        c.print(a);
        Ok(())
    }),
    spec("edit", 3, "edit", "Sets up a position GnuChess-style: `#` clears the board, `c` switches colour, `Pe4` puts a piece (`xe4` empties the square), `.` ends.", |c, _| {
        c.start_edit();
        Ok(())
    }),
    spec("end", 3, "end", "Leaves the program (same as `quit`).", quit),
    spec("exit", 3, "exit", "Leaves analyze mode; in a command file (`input`, `.nightriderrc`) ends reading that file; otherwise leaves the program.", exit),
    spec("go", 2, "go", "The engine plays the side to move and moves now (same as `move`).", go),
    spec("hash", 4, "hash SIZE", "Sets the hash table size in bytes; K and M suffixes (e.g. 64M). At least 1 MB.", hash),
    spec("hashp", 5, "hashp SIZE", "Pawn hash size (K or M suffix). Nightrider's pawn hash (orthodox chess only) has a fixed size per search thread, so SIZE is checked and ignored; the answer says how large it is.", hashp),
    spec("export", 3, "export FILE", "Writes this variant's learning to FILE as text, atomically: `book FEN; MOVE VALUE` for each learned book move, `book KEY VALUE` for one a walk of the book from the start does not reach, `position FEN; SCORE DEPTH` for learned positions (`position KEY SCORE DEPTH` for those known by hash only).", super::book_commands::export),
    spec("help", 3, "help [COMMAND]", "Lists the commands, or explains one.", help),
    spec("hint", 3, "hint", "Shows the move the engine expects you to play.", hint),
    spec("history", 3, "history", "Lists the moves of the game (in SAN under `display san on`).", |c, _| {
        let mut shown = c.snapshot().clone();
        shown.moves = c.shown_record();
        let lines = super::display::history(&shown);
        c.print(&lines.join("\n"));
        Ok(())
    }),
    spec("import", 3, "import FILE [clear]", "Adds learning exported by `export` (clear: forget this variant's learning first); reads book moves by position and move (SAN or coordinates) or by hash. A bad line changes nothing and is named as FILE:LINE.", super::book_commands::import),
    spec("input", 3, "input FILE", "Runs the commands in FILE, one per line.", |c, a| {
        let path = required(a, "input FILE")?;
        c.run_file(path)
    }),
    spec("learn", 3, "learn N", "Learning bitmask: 1 book, 2 position, 4 result (default 7, 0 off).", super::book_commands::learn),
    spec("level", 3, "level MOVES MINUTES INCREMENT", "Sets a time control: MOVES per MINUTES (0 = whole game) plus INCREMENT seconds a move.", level),
    spec("log", 3, "log on [FILE]|off|N", "Copies the session to FILE (default nightrider.log), or stops; with a number, shows the last N lines of the log.", tools::log),
    spec("move", 3, "move", "Same as `go`.", go),
    spec("mt", 2, "mt N", "Uses N search threads (same as `cores`).", cores),
    spec("new", 3, "new", "Starts a new game of orthodox chess; the engine plays Black.", |c, _| {
        c.variant = "normal".into();
        let commands = c.new_game_commands();
        c.send(commands);
        Ok(())
    }),
    spec("nopost", 3, "nopost", "Stops showing the engine's thinking.", |c, _| {
        c.set_post(false);
        Ok(())
    }),
    spec("perf", 4, "perf [N]", "Measures move generation, then make/unmake, on the current position, N rounds (default 100000).", tools::perf),
    spec("perft", 3, "perft DEPTH", "Counts the leaf nodes of the legal move tree DEPTH plies deep.", |c, a| tools::perft(c, a, false)),
    spec("pgn", 3, "pgn [TAG VALUE]", "Sets a PGN tag for `savegame` (e.g. `pgn White Kasparov`); alone, lists the tags set.", record::pgn),
    spec("ponder", 3, "ponder on|off", "Thinks (or not) on the opponent's time. The engine ponders on the move it expects (`hint` shows it); Crafty's `ponder MOVE` has no counterpart.", ponder),
    spec("post", 4, "post", "Shows the engine's thinking: depth, time, score (pawns), nodes, variation.", |c, _| {
        c.set_post(true);
        Ok(())
    }),
    spec("quit", 1, "quit", "Leaves the program.", quit),
    spec("read", 4, "read FILE [N]", "Reads game N (default 1) of a PGN file or move list: its variant ([Variant]), start ([FEN]), moves, tags and comments replace the game.", record::read),
    spec("reada", 5, "reada FILE [N]", "Plays the moves of game N of FILE on from the current position.", record::read_append),
    spec("reset", 4, "reset N", "Goes back to move N (White to move), taking back the moves after it.", reset),
    spec("resign", 4, "resign N", "The engine resigns when it is N pawns or more behind (0 = never).", resign),
    spec("savegame", 5, "savegame FILE", "Writes the game to FILE as PGN: the Seven Tag Roster (see `pgn`), [Variant] and [FEN] when needed, SAN moves, comments of the game read, the result.", record::savegame),
    spec("savepos", 3, "savepos FILE", "Writes the position to FILE as one FEN line.", tools::savepos),
    spec("score", 3, "score", "Shows the static evaluation of the position (pawns, for White).", score),
    spec("sd", 2, "sd DEPTH", "Limits the search to DEPTH plies.", |c, a| {
        let d: u32 = number(required(a, "sd DEPTH")?, "depth")?;
        c.set_depth(d);
        Ok(())
    }),
    spec("search", 3, "search MOVE", "The engine's next search (`go`, or its answer to your move) considers MOVE only, to see what it is worth.", search),
    spec("setboard", 4, "setboard FEN", "Sets up the position given as (X-)FEN for the current variant. The engine waits: `go` makes it move, or it answers the move you type.", setboard),
    spec("show", 3, "show book", "Lists the book moves of the position with their games, results, learned value, weight and chance.", super::book_commands::show),
    spec("smpmt", 5, "smpmt N", "Uses N search threads (Crafty's name for `mt`; `smpmt=N` works too).", cores),
    spec("sn", 2, "sn NODES", "Searches NODES nodes per move instead of using the clock (0 = back to the clock).", |c, a| {
        let n: u64 = number(required(a, "sn NODES")?, "node count")?;
        c.set_nodes(n);
        Ok(())
    }),
    spec("st", 2, "st SECONDS", "Thinks SECONDS (fractions allowed) per move.", |c, a| {
        let ms = clock::parse_seconds(required(a, "st SECONDS")?)
            .map_err(|e| format!("Error ({e}): st {a}"))?;
        c.set_control(None, Command::MoveTime(ms));
        Ok(())
    }),
    spec("tbpath", 3, "tbpath DIR[:DIR...]", "Opens the Syzygy endgame tables (.rtbw and .rtbz files) in the folders named, separated by `:`; `tbpath <empty>` closes them. Orthodox chess only: the search looks up the endings of as many men as the tables hold, and a position in them plays the tables' move.", tbpath),
    spec("test", 4, "test FILE [N]", "Runs a test suite (EPD with bm/am/id, or Crafty's title/setboard/solution lines, `?` after a move to avoid; `variant` opcode or line for other games) under `sn`, `st`, else `sd`, else the level's time per move. With N, a search ends once a solution was best for N iterations. Prints a line per position and the totals.", suite::run),
    spec("time", 3, "time MINUTES [INCREMENT]", "Sets a game in MINUTES plus INCREMENT seconds a move (`level 0 MINUTES INCREMENT`).", time),
    spec("variant", 3, "variant [NAME]", "Starts a new game of variant NAME; without a name, lists the variants.", variant),
    spec("white", 3, "white", "White is to move; the engine plays Black.", |c, _| {
        c.send(vec![Command::SetColor(Color::White)]);
        Ok(())
    }),
];

/// What a word selects.
#[derive(Debug, PartialEq, Eq)]
pub enum Lookup {
    /// This command.
    Found(&'static CommandSpec),
    /// A prefix of several commands (their names).
    Ambiguous(Vec<&'static str>),
    /// No command.
    NotFound,
}

impl std::fmt::Debug for CommandSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CommandSpec({})", self.name)
    }
}

impl PartialEq for CommandSpec {
    fn eq(&self, other: &CommandSpec) -> bool {
        self.name == other.name
    }
}

impl Eq for CommandSpec {}

/// The command `word` selects: the full name, else an unambiguous prefix of
/// at least its minimum length (a word that looks like a move is never an
/// abbreviation).
#[must_use]
pub fn lookup(word: &str) -> Lookup {
    if let Some(spec) = COMMANDS.iter().find(|s| s.name == word) {
        return Lookup::Found(spec);
    }
    if looks_like_move(word) {
        return Lookup::NotFound;
    }
    let matches: Vec<&'static CommandSpec> = COMMANDS
        .iter()
        .filter(|s| word.len() >= s.min_abbrev && s.name.starts_with(word))
        .collect();
    match matches.as_slice() {
        [] => {
            let prefixed: Vec<&'static str> = COMMANDS
                .iter()
                .filter(|s| s.name.starts_with(word))
                .map(|s| s.name)
                .collect();
            if word.len() >= 2 && prefixed.len() > 1 {
                Lookup::Ambiguous(prefixed)
            } else {
                Lookup::NotFound
            }
        }
        [one] => Lookup::Found(one),
        many => Lookup::Ambiguous(many.iter().map(|s| s.name).collect()),
    }
}

/// Runs one non-empty line: a command, or a move.
///
/// # Errors
/// The one-line message to print.
pub fn dispatch(console: &mut Console, line: &str) -> Result<(), String> {
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    if let Some((name, value)) = word.split_once('=').filter(|_| rest.is_empty()) {
        if let Lookup::Found(spec) = lookup(name) {
            return (spec.run)(console, value);
        }
    }
    match lookup(word) {
        Lookup::Found(spec) => (spec.run)(console, rest),
        Lookup::Ambiguous(names) => Err(format!(
            "Error (ambiguous command, could be {}): {line}",
            names.join(", ")
        )),
        Lookup::NotFound if looks_like_move(line) || looks_like_san(line) => {
            console.play(Command::UserMove(line.to_string()));
            Ok(())
        }
        Lookup::NotFound => match crafty_only(word) {
            Some(advice) => Err(format!("Error (not in Nightrider: {advice}): {line}")),
            None => Err(format!("Error (unknown command): {line}")),
        },
    }
}

/// Crafty's commands that Nightrider does not have, with what to use
/// instead (`help NAME` and the unknown-command error say it).
pub const CRAFTY_ONLY: &[(&str, &str)] = &[
    (
        "settc",
        "use `level` for the time control and `clock` for the time left",
    ),
    (
        "time CPU|elapsed",
        "the clock is always wall-clock time; `time MINUTES [INC]` sets a game in MINUTES",
    ),
    (
        "LearningStrength",
        "XBoard option `LearningStrength` (book random 2); not a console command",
    ),
    (
        "Variation",
        "XBoard option `Variation` (book random 2); not a console command",
    ),
    (
        "operator",
        "no operator time; set the time left with `clock`",
    ),
    ("usage", "no time-usage factor; use `level`, `st` or `sn`"),
    (
        "info",
        "`display` shows the position; `help` lists the settings' commands",
    ),
    ("alarm", "no bell"),
    ("speech", "no speech"),
    ("swindle", "no swindle mode"),
    (
        "egtb",
        "Syzygy tables are opened with `tbpath DIR` and used while open",
    ),
    (
        "cache",
        "no tablebase cache: the system caches the Syzygy files it maps",
    ),
    ("whisper", "no chess-server mode"),
    ("kibitz", "no chess-server mode"),
    ("list", "no player lists"),
    (
        "personality",
        "no personality files; options are set with XBoard's `option`",
    ),
    ("screen", "use `test FILE` to run a suite"),
    ("autotune", "no SMP tuning; `mt N` sets the threads"),
    ("trace", "no search trace"),
    (
        "noise",
        "`post` shows every iteration; `display changes on` fewer",
    ),
    (
        "xboard",
        "start the program with `xboard` as its first input line (what GUIs send)",
    ),
    (
        "annotatet",
        "no LaTeX output; `annotate` writes PGN, `annotateh` HTML",
    ),
    ("batch", "input is always read on its own thread"),
    (
        "adaptive",
        "no adaptive hash sizing; `hash SIZE` sets the table",
    ),
    ("phash", "no path hash"),
    ("computer", "an XBoard command, taken from the GUI"),
    ("name", "an XBoard command, taken from the GUI"),
    ("rating", "an XBoard command, taken from the GUI"),
    (
        "force",
        "a move typed is played; `search MOVE` then `go` searches one move",
    ),
    ("flag", "the engine never claims a win on time"),
    (
        "load",
        "`setboard FEN` sets a position, `read FILE [N]` a game",
    ),
    ("linelength", "thinking lines are never wrapped"),
    ("mode", "tournament and normal mode would not differ"),
    (
        "output",
        "moves are typed in coordinates or SAN; `display san on|off` chooses how the engine's moves are shown",
    ),
    (
        "skill",
        "the XBoard options LimitStrength and Elo (UCI: UCI_LimitStrength, UCI_Elo) weaken the engine",
    ),
    ("tags", "`pgn` alone lists the tags set"),
    ("timebook", "book moves take no thinking time"),
    ("wild", "`variant NAME` plays the fmax.ini variants"),
    ("epdhelp", "`help test` explains the suites `test` runs"),
    ("evaluation", "evaluation terms are constants of the source"),
    (
        "extensions",
        "search parameters are constants of the source",
    ),
    ("lmr", "search parameters are constants of the source"),
    ("lmp", "search parameters are constants of the source"),
    ("null", "search parameters are constants of the source"),
    ("selective", "search parameters are constants of the source"),
    ("smpmin", "no SMP split parameters; `mt N` sets the threads"),
    ("smpmax", "no SMP split parameters; `mt N` sets the threads"),
];

/// The advice for a Crafty command Nightrider does not have.
#[must_use]
pub fn crafty_only(word: &str) -> Option<&'static str> {
    CRAFTY_ONLY
        .iter()
        .find(|(name, _)| name.split_whitespace().next() == Some(word))
        .map(|&(_, advice)| advice)
}

/// Whether a word has the shape of a SAN move (`e4`, `Nf3`, `exd5`,
/// `e8=Q`, `Qxe7+`): the engine then decides whether it is legal.
fn looks_like_san(text: &str) -> bool {
    let text = text.trim_end_matches(['+', '#', '!', '?']);
    let text = text.split_once('=').map_or(text, |(moved, _)| moved);
    let digits = text.len() - text.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let body = &text[..text.len() - digits];
    (1..=2).contains(&digits)
        && text.len() <= 8
        && body.ends_with(|c: char| ('a'..='p').contains(&c))
        && body.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The argument, or an error naming the usage.
fn required<'a>(args: &'a str, usage: &str) -> Result<&'a str, String> {
    if args.is_empty() {
        Err(format!("Error (missing argument): usage: {usage}"))
    } else {
        Ok(args)
    }
}

/// A number of type `T`.
fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    let word = text.split_whitespace().next().unwrap_or("");
    word.parse()
        .map_err(|_| format!("Error (bad {what}): {text}"))
}

fn display(c: &mut Console, args: &str) -> Result<(), String> {
    match args.split_whitespace().collect::<Vec<_>>()[..] {
        [] => {
            let lines = super::display::board(&c.snapshot().fen);
            c.print(&lines.join("\n"));
            Ok(())
        }
        [option, value] => c.set_display(option, value),
        [option] => match option.strip_prefix("no") {
            Some(off) if !off.is_empty() => c.set_display(off, "off"),
            _ => c.set_display(option, "on"),
        },
        _ => Err(format!("Error (expected OPTION on|off): display {args}")),
    }
}

fn analyze(c: &mut Console, _: &str) -> Result<(), String> {
    c.set_mode(InputMode::Analyze);
    c.send(vec![Command::Post(true), Command::Analyze]);
    Ok(())
}

fn exit(c: &mut Console, args: &str) -> Result<(), String> {
    if c.mode() == InputMode::Analyze {
        c.set_mode(InputMode::Normal);
        let post = c.engine_post();
        c.send(vec![
            Command::ExitAnalyze,
            Command::PlayOther,
            Command::Post(post),
        ]);
        Ok(())
    } else if c.reading_file() {
        c.end_file();
        Ok(())
    } else {
        quit(c, args)
    }
}

fn quit(c: &mut Console, _: &str) -> Result<(), String> {
    c.request_quit();
    Ok(())
}

fn go(c: &mut Console, _: &str) -> Result<(), String> {
    if c.mode() == InputMode::Analyze {
        return Err("Error (analyzing): type exit first".into());
    }
    c.play(Command::Go);
    Ok(())
}

fn back(c: &mut Console, args: &str) -> Result<(), String> {
    let wanted: usize = if args.is_empty() {
        1
    } else {
        number(args, "ply count")?
    };
    let available = c.snapshot().moves.len();
    if available == 0 {
        return Err("Error: no moves to take back".into());
    }
    let plies = wanted.min(available);
    c.send(vec![Command::Undo; plies]);
    Ok(())
}

/// Milliseconds from minutes (`5`, `2.5`) or `h:mm`.
fn clock_time(text: &str) -> Result<u64, String> {
    let bad = || format!("Error (bad time, minutes or h:mm): {text}");
    let minutes: f64 = match text.split_once(':') {
        Some((h, m)) => {
            let h: u32 = h.parse().map_err(|_| bad())?;
            let m: u32 = m.parse().ok().filter(|&m| m < 60).ok_or_else(bad)?;
            f64::from(h * 60 + m)
        }
        None => text
            .parse()
            .ok()
            .filter(|m: &f64| (0.0..1e7).contains(m))
            .ok_or_else(bad)?,
    };
    Ok((minutes * 60_000.0).round() as u64)
}

/// `m:ss` of milliseconds.
fn clock_text(ms: u64) -> String {
    let secs = ms / 1000;
    format!("{}:{:02}", secs / 60, secs % 60)
}

fn clock(c: &mut Console, args: &str) -> Result<(), String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let (mine, theirs) = match words[..] {
        [] => (None, None),
        [m] => (Some(clock_time(m)?), None),
        [m, o] => (Some(clock_time(m)?), Some(clock_time(o)?)),
        _ => return Err("Error (missing argument): usage: clock [MINUTES [OPPONENT]]".into()),
    };
    if let Some(ms) = mine {
        if !c.set_clock_left(ms) {
            return Err("Error (no clock under `st`; set `level` or `time` first): clock".into());
        }
    }
    if let Some(ms) = theirs {
        c.send(vec![Command::OpponentTime(ms / 10)]);
    }
    match c.clock_left_ms() {
        Some(ms) => {
            let opponent =
                theirs.map_or(String::new(), |o| format!(", opponent {}", clock_text(o)));
            c.print(&format!("clock: Nightrider {}{opponent}", clock_text(ms)));
        }
        None => c.print("clock: none (`st` gives a fixed time per move)"),
    }
    Ok(())
}

fn search(c: &mut Console, args: &str) -> Result<(), String> {
    let text = required(args, "search MOVE")?;
    let fen = c.snapshot().fen.clone();
    let variant = c.variant.clone();
    let pos = super::analysis::position(c, &variant, Some(&fen))?;
    let coordinates = match pos {
        crate::boards::AnyPosition::Bitboard(mut p) => move_text(&mut p, text),
        crate::boards::AnyPosition::Mailbox(mut p) => move_text(&mut p, text),
    }
    .ok_or_else(|| format!("Error (not a legal move here): search {text}"))?;
    c.send(vec![
        Command::Exclude {
            moves: MoveSelection::All,
            exclude: true,
        },
        Command::Exclude {
            moves: MoveSelection::Move(coordinates.clone()),
            exclude: false,
        },
    ]);
    let one = [coordinates.clone()];
    let shown = c.shown_moves(&fen, &[], &one).concat();
    c.print(&format!("next search: {shown} only"));
    Ok(())
}

/// A legal move given in coordinates or SAN, as coordinates.
fn move_text<P: crate::position::Position>(pos: &mut P, text: &str) -> Option<String> {
    let m = pos
        .parse_move(text)
        .or_else(|_| crate::notation::parse_san(pos, text))
        .ok()?;
    pos.legal_moves()
        .contains(&m)
        .then(|| pos.move_to_string(m))
}

fn reset(c: &mut Console, args: &str) -> Result<(), String> {
    let target: u32 = number(required(args, "reset N")?, "move number")?;
    let now = super::display::ply_index(&c.snapshot().fen);
    let played = u32::try_from(c.snapshot().moves.len()).unwrap_or(u32::MAX);
    let wanted = target
        .checked_sub(1)
        .map(|t| t * 2)
        .filter(|&t| t <= now && t + played >= now)
        .ok_or_else(|| format!("Error (no such move in the record): reset {target}"))?;
    let plies = usize::try_from(now - wanted).unwrap_or(0);
    c.send(vec![Command::Undo; plies]);
    Ok(())
}

fn cores(c: &mut Console, args: &str) -> Result<(), String> {
    let n: u32 = number(required(args, "cores N")?, "thread count")?;
    if n == 0 {
        return Err(format!("Error (bad thread count): {args}"));
    }
    let threads = crate::search::usable_threads(usize::try_from(n).unwrap_or(usize::MAX));
    c.set_search_resources(None, Some(threads));
    c.send(vec![Command::Cores(n)]);
    Ok(())
}

/// Bytes from `64M`, `512K`, `1048576`.
///
/// # Errors
/// Not a size.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let bad = || format!("Error (bad size, e.g. 64M or 512K): {text}");
    let upper = text.trim().to_ascii_uppercase();
    let (digits, unit) = match upper.strip_suffix(['K', 'M', 'G']) {
        Some(d) => (d, upper.chars().last().unwrap_or('B')),
        None => (upper.as_str(), 'B'),
    };
    let n: u64 = digits.parse().map_err(|_| bad())?;
    let scale = match unit {
        'K' => 1 << 10,
        'M' => 1 << 20,
        'G' => 1 << 30,
        _ => 1,
    };
    n.checked_mul(scale).ok_or_else(bad)
}

fn hash(c: &mut Console, args: &str) -> Result<(), String> {
    let bytes = parse_size(required(args, "hash SIZE")?)?;
    let mb = (bytes >> 20).max(1);
    c.set_search_resources(usize::try_from(mb).ok(), None);
    let events = c.exchange(vec![Command::Memory(mb)]);
    // A `telluser` says the table had to be smaller, and how large it is.
    let reduced = events.iter().any(|e| matches!(e, Event::TellUser(_)));
    c.show_all(&events);
    if !reduced {
        c.print(&format!("hash table: {mb} MB"));
    }
    Ok(())
}

fn hashp(c: &mut Console, args: &str) -> Result<(), String> {
    let bytes = parse_size(required(args, "hashp SIZE")?)?;
    let entries = crate::eval::orthodox::pawns::PAWN_TABLE_SIZE;
    let table = entries * std::mem::size_of::<crate::eval::orthodox::pawns::PawnEntry>();
    c.print(&format!(
        "pawn hash: {bytes} bytes ignored; the pawn hash (orthodox chess) is fixed at {entries} entries, {} KB, per search thread",
        table >> 10
    ));
    Ok(())
}

fn help(c: &mut Console, args: &str) -> Result<(), String> {
    if args.is_empty() {
        let mut lines = vec![
            "Moves are typed in coordinates (e2e4, e7e8q) or SAN (e4, Nf3, O-O). Commands:"
                .to_string(),
        ];
        lines.extend(
            COMMANDS
                .iter()
                .map(|s| format!("  {:<30} {}", s.usage, first_sentence(s.help))),
        );
        lines.push(
            "Commands may be shortened to their first letters (`help CMD` says how far).".into(),
        );
        let crafty: Vec<&str> = CRAFTY_ONLY
            .iter()
            .map(|(name, _)| name.split_whitespace().next().unwrap_or(name))
            .collect();
        lines.push(format!(
            "Crafty's {} are not here; `help NAME` says what to use instead.",
            crafty.join(", ")
        ));
        c.print(&lines.join("\n"));
        return Ok(());
    }
    match lookup(args) {
        Lookup::Found(s) => {
            let shortest = &s.name[..s.min_abbrev.min(s.name.len())];
            c.print(&format!(
                "usage: {}\n{}\nshortest form: {shortest}",
                s.usage, s.help
            ));
            if let Some((name, advice)) = CRAFTY_ONLY
                .iter()
                .find(|(name, _)| name.split_whitespace().next() == Some(s.name))
            {
                c.print(&format!("Crafty's {name}: not in Nightrider; {advice}"));
            }
            Ok(())
        }
        _ => match CRAFTY_ONLY
            .iter()
            .find(|(name, _)| name.split_whitespace().next() == Some(args) || *name == args)
        {
            Some((name, advice)) => {
                c.print(&format!("{name}: not in Nightrider; {advice}"));
                Ok(())
            }
            None => Err(format!("Error (no such command): help {args}")),
        },
    }
}

/// The first sentence of a help text, without its full stop: it ends at
/// the first ". " that does not close an abbreviation such as "e.g.".
fn first_sentence(help: &str) -> &str {
    let mut end = help.len();
    let mut from = 0;
    while let Some(at) = help[from..].find(". ") {
        let stop = from + at;
        if !help[..stop].ends_with("e.g") && !help[..stop].ends_with("i.e") {
            end = stop;
            break;
        }
        from = stop + 2;
    }
    help[..end].trim_end_matches('.')
}

fn score(c: &mut Console, _: &str) -> Result<(), String> {
    let events = c.exchange(vec![Command::Evaluate]);
    let Some((score, terms)) = events.iter().find_map(|e| match e {
        Event::Evaluation { score, terms } => Some((*score, terms.clone())),
        _ => None,
    }) else {
        return Err("Error: no evaluation from the engine".into());
    };
    let sign = if c.side_to_move() == Color::White {
        1
    } else {
        -1
    };
    for (name, value) in &terms {
        c.print(&format!(
            "  {name:<24} {:>7}",
            super::display::score_text(sign * value)
        ));
    }
    c.print(&format!(
        "static evaluation: {} (for White)",
        super::display::score_text(sign * score)
    ));
    Ok(())
}

fn hint(c: &mut Console, _: &str) -> Result<(), String> {
    let events = c.exchange(vec![Command::Hint]);
    if events.is_empty() {
        c.print("no hint yet (the engine has not moved in this position)");
    }
    c.show_all(&events);
    Ok(())
}

fn draw(c: &mut Console, args: &str) -> Result<(), String> {
    match args {
        "" => {}
        "accept" | "decline" => {
            c.set_declines_draws(args == "decline");
            c.print(if args == "decline" {
                "decline draw offers"
            } else {
                "accept draw offers the engine judges fair"
            });
            return Ok(());
        }
        "offer" | "nooffer" | "dynamic" => {
            return Err(format!(
                "Error (not in Nightrider: the engine offers a draw only where the rules draw the game and it may not claim it; `drawscore` sets what a draw is worth): draw {args}"
            ))
        }
        _ => return Err(format!("Error (usage: draw [accept|decline]): draw {args}")),
    }
    if c.declines_draws() {
        c.print("Draw declined");
        return Ok(());
    }
    let events = c.exchange(vec![Command::Draw]);
    if events.contains(&Event::OfferDraw) {
        c.print("Draw accepted");
        c.send(vec![Command::Result("1/2-1/2 {Draw agreed}".into())]);
    } else {
        c.print("Draw declined");
    }
    Ok(())
}

fn ponder(c: &mut Console, args: &str) -> Result<(), String> {
    let on = match args {
        "on" => true,
        "off" => false,
        _ => {
            return Err(format!(
            "Error (expected on or off; the engine ponders on the move it expects): ponder {args}"
        ))
        }
    };
    c.send(vec![Command::Ponder(on)]);
    Ok(())
}

fn set_option(c: &mut Console, name: &str, args: &str) -> Result<(), String> {
    let value: i32 = number(required(args, name)?, "number")?;
    c.send(vec![Command::SetOption {
        name: name.into(),
        value: Some(value.to_string()),
    }]);
    Ok(())
}

fn tbpath(c: &mut Console, args: &str) -> Result<(), String> {
    let path = required(args, "tbpath DIR")?;
    let events = c.exchange(vec![Command::SetOption {
        name: crate::engine::options::SYZYGY_PATH.into(),
        value: Some(path.to_string()),
    }]);
    // The summary comes as a comment, which the console otherwise hides.
    for event in &events {
        if let Event::Comment(summary) = event {
            c.print(summary);
        }
    }
    c.show_all(&events);
    Ok(())
}

fn resign(c: &mut Console, args: &str) -> Result<(), String> {
    let pawns: i32 = number(required(args, "resign N")?, "number of pawns")?;
    let centipawns = pawns.clamp(0, 100) * 100;
    set_option(c, "ResignThreshold", &centipawns.to_string())
}

fn level(c: &mut Console, args: &str) -> Result<(), String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let [mps, base, inc] = words[..] else {
        return Err("Error (missing argument): usage: level MOVES MINUTES INCREMENT".into());
    };
    let level =
        clock::parse_level(mps, base, inc).map_err(|e| format!("Error ({e}): level {args}"))?;
    c.set_control(Some(level), Command::Level(level));
    Ok(())
}

fn time(c: &mut Console, args: &str) -> Result<(), String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let (base, inc) = match words[..] {
        [base] => (base, "0"),
        [base, inc] => (base, inc),
        _ => return Err("Error (missing argument): usage: time MINUTES [INCREMENT]".into()),
    };
    let level: Level =
        clock::parse_level("0", base, inc).map_err(|e| format!("Error ({e}): time {args}"))?;
    c.set_control(Some(level), Command::Level(level));
    Ok(())
}

fn setboard(c: &mut Console, args: &str) -> Result<(), String> {
    let fen = required(args, "setboard FEN")?;
    tools::validate_fen(c, fen)?;
    let old = c.snapshot().fen.clone();
    let events = c.exchange(vec![Command::SetBoard(fen.to_string())]);
    if events.iter().any(|e| matches!(e, Event::TellUserError(_))) {
        c.exchange(vec![Command::SetBoard(old)]);
        return Err(format!("Error (illegal position): {fen}"));
    }
    c.show_all(&events);
    if c.mode() == InputMode::Normal {
        // As in Crafty the engine waits, whoever is to move: for `go`, or
        // for the user's move, which it then answers.
        c.send(vec![Command::PlayOther]);
    }
    Ok(())
}

fn variant(c: &mut Console, args: &str) -> Result<(), String> {
    if args.is_empty() {
        let events = c.exchange(vec![Command::Protover(2)]);
        if let Some(Event::Hello(hello)) = events.iter().find(|e| matches!(e, Event::Hello(_))) {
            c.print(&format!("variants: {}", hello.variants.join(" ")));
        }
        return Ok(());
    }
    if c.library().variant(args).is_err() {
        return Err(format!(
            "Error (unknown variant, `variant` lists them): {args}"
        ));
    }
    let mut commands = c.new_game_commands();
    commands.push(Command::Variant(args.to_string()));
    let events = c.exchange(commands);
    c.variant = if events.iter().any(|e| matches!(e, Event::Error { .. })) {
        "normal".into()
    } else {
        args.to_string()
    };
    c.show_all(&events);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_forms_are_unambiguous_and_never_moves() {
        for s in COMMANDS {
            let shortest = &s.name[..s.min_abbrev];
            assert_eq!(lookup(shortest), Lookup::Found(s), "{}", s.name);
            assert!(s.name == "?" || !looks_like_move(shortest), "{}", s.name);
            if s.min_abbrev > 1 {
                assert_ne!(lookup(&s.name[..s.min_abbrev - 1]), Lookup::Found(s));
            }
        }
        assert_eq!(lookup("b"), Lookup::NotFound);
        assert_eq!(lookup("e2e4"), Lookup::NotFound);
        assert!(matches!(lookup("hist"), Lookup::Found(s) if s.name == "history"));
        assert!(matches!(lookup("draw"), Lookup::Found(s) if s.name == "draw"));
        assert!(matches!(lookup("res"), Lookup::Ambiguous(_)));
    }

    #[test]
    fn help_summaries_end_at_the_first_sentence_not_at_an_abbreviation() {
        assert_eq!(
            first_sentence("Sets the size; K and M suffixes (e.g. 64M). At least 1 MB."),
            "Sets the size; K and M suffixes (e.g. 64M)"
        );
        assert_eq!(first_sentence("One sentence."), "One sentence");
        assert_eq!(first_sentence("First. Second."), "First");
    }

    #[test]
    fn sizes_take_k_and_m_suffixes() {
        assert_eq!(parse_size("64M"), Ok(64 << 20));
        assert_eq!(parse_size("512k"), Ok(512 << 10));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("99999999999999G").is_err());
    }
}
