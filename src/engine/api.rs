//! The engine's vocabulary: [`Command`] (what a front end asks) and [`Event`]
//! (what the engine answers). These are the only types the XBoard and console
//! front ends share with the engine; neither side sees the other's text.
//!
//! Commands follow CECP v2's model (modes, clocks, options) because that is
//! the richest protocol the engine speaks; the console maps its own words onto
//! the same commands. Their moves travel as text in the boards' own
//! coordinate notation, which XBoard and the console use as it is.
//!
//! UCI's model (the GUI sends the whole position, then one search order,
//! answered by exactly one best move) has commands of its own:
//! [`Command::SetPosition`], [`Command::Search`], [`Command::Stop`],
//! [`Command::PonderHit`], answered by [`Event::BestMove`]. Their moves
//! come in as [`MoveName`]s (squares and letters, read by the front end)
//! and go out as [`Variation`]s (moves as values with the position they
//! start from), so no protocol's move text is written in the engine.

use super::variation::Variation;
use crate::core::{Color, GameResult, Score};
use crate::search::Bound;

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

/// A square by file and rank, both counted from 0: file 0 is the a-file,
/// rank 0 White's first rank, whatever number a protocol gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    /// The file, from 0.
    pub file: u8,
    /// The rank, from 0.
    pub rank: u8,
}

/// A move named by its squares, as a front end that reads moves without
/// the position hands them over: the engine finds the legal move it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveName {
    /// A man moves from one square to another (castling: the king to its
    /// destination, or onto the rook it castles with), with the letter of
    /// the piece it promotes to or gates in, if any.
    Step {
        /// Where it starts.
        from: Square,
        /// Where it goes.
        to: Square,
        /// The promotion or gating letter.
        letter: Option<char>,
    },
    /// A man from hand, by its letter, onto a square.
    Drop {
        /// The man's letter.
        piece: char,
        /// Where it is dropped.
        to: Square,
    },
    /// Passing the turn (a null move).
    Pass,
}

/// The clocks of a UCI `go`, in milliseconds (already less the GUI's
/// move overhead).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrderClock {
    /// White's time left.
    pub white_ms: Option<u64>,
    /// Black's time left.
    pub black_ms: Option<u64>,
    /// White's increment per move.
    pub white_inc_ms: u64,
    /// Black's increment per move.
    pub black_inc_ms: u64,
    /// Moves to the next time control, if the control is per session.
    pub moves_to_go: Option<u32>,
}

/// One search of the current position (UCI's `go`): its limits and root
/// moves. Answered by one [`Event::BestMove`]; the move is not played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchOrder {
    /// The clocks.
    pub clock: OrderClock,
    /// Exactly this long (ms).
    pub move_time_ms: Option<u64>,
    /// At most this many plies.
    pub depth: Option<u32>,
    /// About this many nodes.
    pub nodes: Option<u64>,
    /// Stop when a mate in this many moves is found.
    pub mate: Option<u32>,
    /// Search until [`Command::Stop`]; the best move waits for it.
    pub infinite: bool,
    /// Search the position (the expected reply already played) until
    /// [`Command::PonderHit`] starts the clock or [`Command::Stop`] ends it.
    pub ponder: bool,
    /// Only these root moves (empty: all).
    pub search_moves: Vec<MoveName>,
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
    /// `uci`: follow UCI's model from now on (thinking always shown, no
    /// move played by the engine on its own); answered with
    /// [`Event::Hello`] listing every game of the file.
    Uci,
    /// `isready`: answered with [`Event::Ready`] at once, even mid-search.
    IsReady,
    /// `ucinewgame`: the current variant's start position, an empty hash
    /// table, a new game for the books.
    NewGame,
    /// `position`: the current variant from its start (`None`) or a FEN,
    /// then these moves. All or nothing: on any error the game is unchanged.
    SetPosition {
        /// The FEN, if not the start position.
        fen: Option<String>,
        /// Moves from there, oldest first.
        moves: Vec<MoveName>,
    },
    /// `go`: one search of the current position.
    Search(SearchOrder),
    /// `stop`: end the search; its best move is reported.
    Stop,
    /// `ponderhit`: the expected move was played; the clocks of the
    /// pondering order start now.
    PonderHit,
    /// Empty the hash table (UCI's `Clear Hash` button).
    ClearHash,
    /// `go perft N`: legal move paths from the current position, by root
    /// move ([`Event::Perft`]).
    Perft(u32),
    /// `holding [WHITE] [BLACK]`: the men each side holds, as the letters
    /// XBoard sends (upper case for both sides).
    Holding {
        /// White's men in hand.
        white: String,
        /// Black's men in hand.
        black: String,
    },
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
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// 1 for the best line; n for the n-th best line of a multi-PV search.
    pub multipv: usize,
    /// Permille of the hash table in use by this search.
    pub hashfull: u32,
    /// Principal variation, from the searched position: what its move
    /// numbers count from, even when the game has moved on by the time the
    /// line is shown. Each front end writes it in its own notation.
    pub pv: Variation,
    /// Exact, or the bound of a failed aspiration window (only from a
    /// search that reports bounds).
    pub bound: Bound,
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
    /// The position before the first of `moves` (the start position or
    /// the last `setboard`) as (X-)FEN.
    pub start_fen: String,
}

/// Why a [`Command::SetPosition`] was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionFault {
    /// The board refuses the FEN: its one-line reason.
    Fen(String),
    /// This move is not legal where it was to be played.
    Move(MoveName),
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
    /// The answer to a [`Command::Search`]: the best move and the reply
    /// the engine expects, as a line from the searched position (empty
    /// when there is no legal move; one move when no reply is expected).
    BestMove(Variation),
    /// The answer to a [`Command::SetPosition`] that was refused.
    PositionRefused(PositionFault),
    /// The answer to [`Command::IsReady`].
    Ready,
    /// The answer to [`Command::Perft`]: each root move (as a line of one
    /// move from the position) with its count.
    Perft(Vec<(Variation, u64)>),
    /// The root move a UCI search is on, once it has run a while.
    CurrentMove {
        /// Depth of the iteration.
        depth: u32,
        /// The move, as a line of one move from the searched position.
        line: Variation,
        /// Its place in this iteration's order, from 1.
        number: u32,
    },
}
