//! The engine's vocabulary: [`Command`] (what a front end asks) and [`Event`]
//! (what the engine answers). These are the only types the XBoard and console
//! front ends share with the engine; neither side sees the other's text.
//!
//! Commands follow CECP v2's model (modes, clocks, options) because that is
//! the richest protocol the engine speaks; the console maps its own words onto
//! the same commands. Moves travel as text in the board's coordinate notation.

use crate::core::{Color, GameResult, Score};

/// A clock setting in engine units (milliseconds), already parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Moves per session; 0 means the base time is for the whole game.
    pub moves: u32,
    /// Base time per session in milliseconds.
    pub base_ms: u64,
    /// Increment per move in milliseconds.
    pub inc_ms: u64,
}

/// Which root moves an `exclude`/`include` command addresses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveSelection {
    /// Every legal move.
    All,
    /// One move, as the GUI wrote it.
    Move(String),
}

/// One step of the legacy `edit` sub-mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditStep {
    /// `#`: clear the board.
    Clear,
    /// `c`: pieces placed from now on belong to the other side.
    ToggleColor,
    /// `Pa4`: put a piece of the current colour on a square (`x` removes).
    Place {
        /// Piece letter as typed (`x` or `X` clears the square).
        piece: char,
        /// Square in coordinate notation.
        square: String,
    },
    /// `.`: leave edit mode and use the edited position.
    Done,
}

/// Everything a front end can ask of the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `xboard`: switch to protocol mode.
    Xboard,
    /// `protover N`: send the feature list.
    Protover(u32),
    /// `accepted F` / `rejected F`: the GUI's answer to a feature.
    FeatureReply {
        /// The feature name.
        feature: String,
        /// Whether the GUI accepted it.
        accepted: bool,
    },
    /// `new`: standard chess from the start, engine plays Black.
    New,
    /// `variant NAME`.
    Variant(String),
    /// `quit` or end of input.
    Quit,
    /// `random` (a no-op here).
    Random,
    /// `force`: observe only.
    Force,
    /// `go`: play the side to move and think now.
    Go,
    /// `playother`: play the side not on move.
    PlayOther,
    /// Obsolete `white`/`black`: set the side to move (engine plays the other).
    SetColor(Color),
    /// `level MPS BASE INC`.
    Level(Level),
    /// `st T`: at most this many milliseconds per move.
    MoveTime(u64),
    /// `sd D`: depth cap.
    Depth(u32),
    /// A node budget per move instead of time (the console's `sn`; 0 = off).
    Nodes(u64),
    /// `nps N`: nodes per second stand in for time (0 = off).
    Nps(u64),
    /// `time N`: our clock in centiseconds.
    Time(u64),
    /// `otim N`: the opponent's clock in centiseconds.
    OpponentTime(u64),
    /// `usermove M` or a bare move.
    UserMove(String),
    /// `?`: move now.
    MoveNow,
    /// `ping N` (the token is echoed exactly).
    Ping(String),
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `result RES {COMMENT}`: the game is over.
    Result(String),
    /// `setboard FEN`.
    SetBoard(String),
    /// `edit`: enter the legacy set-up mode.
    Edit,
    /// A line inside edit mode.
    EditStep(EditStep),
    /// `hint`.
    Hint,
    /// `bk`: book information.
    Book,
    /// `undo`: take back one ply.
    Undo,
    /// `remove`: take back two plies.
    Remove,
    /// `hard` (true) / `easy` (false): pondering on or off.
    Ponder(bool),
    /// `post` (true) / `nopost` (false): thinking output on or off.
    Post(bool),
    /// `analyze`.
    Analyze,
    /// `exit`: leave analyze mode.
    ExitAnalyze,
    /// `.`: status request in analyze mode.
    Status,
    /// `name X`: the opponent's name.
    OpponentName(String),
    /// `rating ME OPP` (stored text).
    Rating(String),
    /// `ics HOST`.
    Ics(String),
    /// `computer`: the opponent is an engine.
    Computer,
    /// `pause`.
    Pause,
    /// `resume`.
    Resume,
    /// `memory MB`.
    Memory(u64),
    /// `cores N`.
    Cores(u32),
    /// `egtpath TYPE PATH`.
    EgtPath(String),
    /// `option NAME[=VALUE]`.
    SetOption {
        /// The option's name as sent.
        name: String,
        /// The value; `None` for buttons.
        value: Option<String>,
    },
    /// `exclude ...` (true) / `include ...` (false).
    Exclude {
        /// Which moves.
        moves: MoveSelection,
        /// `exclude` (true) or `include` (false).
        exclude: bool,
    },
    /// `setscore SCORE DEPTH` (accepted, unused).
    SetScore,
    /// `lift SQ`.
    Lift(String),
    /// `put SQ`.
    Put(String),
    /// `hover SQ`.
    Hover(String),
    /// Evaluate the position statically ([`Event::Evaluation`]); the
    /// console's `score` (not an XBoard command).
    Evaluate,
    /// Report the position and the moves that led to it ([`Event::Position`]);
    /// the console asks after each command (not an XBoard command).
    Position,
    /// A known command the engine deliberately ignores (bughouse, ICS chatter).
    Ignored,
    /// A command with bad arguments: reply `Error (REASON): LINE`.
    Invalid {
        /// Short reason shown in parentheses.
        reason: String,
        /// The offending line.
        line: String,
    },
    /// Anything else: `Error (unknown command): LINE`.
    Unknown(String),
}

/// One engine option as advertised to the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// An integer with a range.
    Spin {
        /// Default value.
        default: i64,
        /// Minimum.
        min: i64,
        /// Maximum.
        max: i64,
    },
    /// A fixed list of single-word choices.
    Combo {
        /// The default choice.
        default: String,
        /// Every choice, in display order.
        choices: Vec<String>,
    },
    /// A file name.
    File(String),
    /// A directory name.
    Path(String),
    /// On/off.
    Check(bool),
}

/// An option: a single-word name and its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// One word of `[A-Za-z0-9_]`.
    pub name: String,
    /// Type and default.
    pub kind: OptionKind,
}

/// What the engine tells a GUI about itself during the handshake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    /// Engine name and version.
    pub name: String,
    /// Variant names the engine can play, in the GUI's spelling.
    pub variants: Vec<String>,
    /// The options.
    pub options: Vec<EngineOption>,
}

/// One line of search progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// Depth in plies.
    pub depth: u32,
    /// Score for the side to move (core units: `MATE - plies` for mates).
    pub score: Score,
    /// Time since the search started, in centiseconds.
    pub centis: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation in coordinate notation.
    pub pv: Vec<String>,
    /// The searched position (FEN; empty if unknown): what the PV's move
    /// numbers count from, even when the game has moved on by the time the
    /// line is shown.
    pub root_fen: String,
}

/// Reply to `.` in analyze mode (`stat01`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// Time spent, centiseconds.
    pub centis: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Current depth.
    pub depth: u32,
    /// Root moves left to search at this depth.
    pub moves_left: u32,
    /// Root moves in total.
    pub moves_total: u32,
}

/// The game as it stands: what [`Command::Position`] answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The current position as (X-)FEN.
    pub fen: String,
    /// The moves played since the start position or the last `setboard`,
    /// in coordinate notation, oldest first.
    pub moves: Vec<String>,
}

/// Everything the engine can say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The handshake information (answer to `protover`).
    Hello(Hello),
    /// Answer to `ping`.
    Pong(String),
    /// The engine plays this move.
    Move(String),
    /// Search progress.
    Thinking(Thinking),
    /// The game is over by rule (claimed after our move, or instead of one).
    GameOver(GameResult),
    /// The engine resigns.
    Resign,
    /// The engine offers (or accepts) a draw.
    OfferDraw,
    /// Answer to `hint`.
    Hint(String),
    /// A move the engine refuses; the game is unchanged.
    IllegalMove {
        /// The move as received.
        text: String,
        /// Why, when known.
        reason: Option<String>,
    },
    /// A command the engine refuses.
    Error {
        /// Short reason (e.g. `unknown command`).
        reason: String,
        /// The command line.
        command: String,
    },
    /// The variant's board and pieces for GUIs that do not know it.
    Setup {
        /// The piece-to-char table, if the variant has one.
        piece_to_char: Option<String>,
        /// `WxH+0_PARENT`, if the variant names a parent.
        geometry: Option<String>,
        /// The initial position.
        fen: String,
    },
    /// How one piece moves, in Betza notation (`X& BETZA`).
    Piece(String),
    /// A message for the user.
    TellUser(String),
    /// An error message for the user.
    TellUserError(String),
    /// Errors in the variant definitions just loaded, each as
    /// `file:line: message`; already on stderr. XBoard shows them with
    /// `telluser`; the console leaves them to stderr.
    ConfigErrors(Vec<String>),
    /// Book information (each entry one line; empty = no book).
    Book(Vec<String>),
    /// Analysis status.
    Status(Status),
    /// Square colours for `lift`/`hover` (a board-shaped colour FEN).
    Highlight(String),
    /// A debug comment.
    Comment(String),
    /// The answer to [`Command::Evaluate`]: centipawns for the side to move,
    /// and the named terms that add up to it.
    Evaluation {
        /// The whole evaluation.
        score: Score,
        /// Its terms, in the evaluation's order.
        terms: Vec<(String, Score)>,
    },
    /// The answer to [`Command::Position`].
    Position(Snapshot),
}
