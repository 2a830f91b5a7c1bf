//! [`AnyGame`]: the one place that names the concrete boards. Each engine
//! command is forwarded to the generic [`Game`] code with one `match`, so the
//! choice of board costs nothing inside the search.
//!
//! Moves travel through the engine as [`AnyMove`] values, the board's own
//! move: the boards' text or a [`MoveName`] becomes one with
//! [`AnyGame::parse_move`] or [`AnyGame::named_move`] as it arrives, and
//! one becomes the boards' text again with [`AnyGame::move_text`], or a
//! [`Variation`] with [`AnyGame::variation`], only where an event is made.

use super::any_move::AnyMove;
use super::api::{Event, MoveName, Square};
use super::diagram::square_text;
use super::game::Game;
use super::search_thread::Task;
use super::searchers::{AnyProgress, SearchBoard};
use super::think::{self, SearchSpec};
use super::variation::Variation;
use crate::bitboard::BitboardPos;
use crate::boards::{AnyPosition, BoardChoice};
use crate::book::player::{Advice, BookPlayer};
use crate::core::{Color, GameResult, Score};
use crate::mailbox::MailboxPos;
use crate::position::perft::perft;
use crate::position::{Evaluate, Position, TextError};
use crate::rules::orthodox::classify;
use crate::rules::Variant;
use std::sync::Arc;

/// A game on whichever board fits its variant.
#[derive(Clone, Debug)]
// One value per game, rarely moved: boxing the larger board would only
// add an indirection to every search access.
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    /// Orthodox chess and Chess960 on the bitboard.
    Bitboard(Game<BitboardPos>),
    /// Any fmax.ini variant on the stride-16 mailbox.
    Mailbox(Game<MailboxPos>),
}

/// Runs `$body` with `$g` bound to the inner `Game<_>`.
macro_rules! with_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Bitboard($g) => $body,
            AnyGame::Mailbox($g) => $body,
        }
    };
}

impl AnyGame {
    /// The initial position of `variant` on the board [`BoardChoice`]
    /// picks. The insufficient-material draw applies when the variant
    /// follows orthodox rules, on either board.
    #[must_use]
    pub fn new(variant: &Arc<Variant>, board: BoardChoice) -> AnyGame {
        let offered = variant.overlay.repetition_offered;
        match AnyPosition::new(variant, None, board) {
            Ok(AnyPosition::Bitboard(pos)) => {
                AnyGame::Bitboard(Game::new(pos, true).offering_repetitions(offered))
            }
            Ok(AnyPosition::Mailbox(pos)) => AnyGame::Mailbox(
                Game::new(pos, classify(variant).is_some()).offering_repetitions(offered),
            ),
            // A variant's own start always fits it; keep the mailbox as the last resort.
            Err(_) => AnyGame::Mailbox(
                Game::new(MailboxPos::new(Arc::clone(variant)), false)
                    .offering_repetitions(offered),
            ),
        }
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        with_game!(self, g => g.position().side_to_move())
    }

    /// Files of the board.
    #[must_use]
    pub fn width(&self) -> usize {
        with_game!(self, g => g.position().board_width())
    }

    /// Ranks of the board.
    #[must_use]
    pub fn height(&self) -> usize {
        with_game!(self, g => g.position().board_height())
    }

    /// The position as FEN.
    #[must_use]
    pub fn fen(&self) -> String {
        with_game!(self, g => g.position().to_fen())
    }

    /// The position the game's record starts from, as FEN.
    #[must_use]
    pub fn start_fen(&self) -> String {
        with_game!(self, g => g.start_fen())
    }

    /// Sets the position from a FEN (history cleared).
    ///
    /// # Errors
    /// The board's reason; the game is then unchanged.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), TextError> {
        let fen = complete_fen(fen);
        with_game!(self, g => g.set_fen(&fen))
    }

    /// Plays a move received as text.
    ///
    /// # Errors
    /// The board's reason when it is not legal; the game is then unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<(), TextError> {
        if text == "@@@@" {
            return with_game!(self, g => g.play_null());
        }
        with_game!(self, g => g.play_text(text).map(|_| ()))
    }

    /// The legal move `text` names, in coordinates or SAN (as
    /// [`AnyGame::play_text`] reads it); `None` for the null move `@@@@`.
    #[must_use]
    pub fn parse_move(&mut self, text: &str) -> Option<AnyMove> {
        with_game!(self, g => g.parse_move(text).ok().map(AnyMove::from))
    }

    /// The legal move `name` names; `None` for [`MoveName::Pass`].
    #[must_use]
    pub fn named_move(&mut self, name: &MoveName) -> Option<AnyMove> {
        let text = board_text(name, self.height());
        self.parse_move(&text)
    }

    /// Plays the move `name` names (passing the turn for
    /// [`MoveName::Pass`]).
    ///
    /// # Errors
    /// The board's reason when it is not legal; the game is then unchanged.
    pub fn play_named(&mut self, name: &MoveName) -> Result<(), TextError> {
        let text = board_text(name, self.height());
        self.play_text(&text)
    }

    /// Plays `m` if it is a legal move here; returns whether it was played.
    pub fn play(&mut self, m: AnyMove) -> bool {
        with_game!(self, g => match legal(g, m) {
            Some(m) => g.play(m),
            None => false,
        })
    }

    /// `m` as the board writes it; `None` if it is not legal here.
    #[must_use]
    pub fn move_text(&mut self, m: AnyMove) -> Option<String> {
        with_game!(self, g => {
            let m = legal(g, m)?;
            Some(g.position().move_to_string(m))
        })
    }

    /// Takes back one ply.
    pub fn undo(&mut self) -> bool {
        with_game!(self, g => g.undo())
    }

    /// The result if the game is over.
    #[must_use]
    pub fn result(&mut self) -> Option<GameResult> {
        with_game!(self, g => g.result())
    }

    /// Whether the game stands drawn by the counting rule.
    #[must_use]
    pub fn counting_draw(&self) -> bool {
        with_game!(self, g => g.counting_draw())
    }

    /// Whether the game stands drawn by a rule the engine offers rather
    /// than claims (counting; repetition where the variant says so).
    #[must_use]
    pub fn offered_draw(&mut self) -> bool {
        with_game!(self, g => g.offered_draw())
    }

    /// Plays on past a counting draw the GUI did not end the game with.
    pub fn waive_counting_draw(&mut self) {
        with_game!(self, g => g.waive_counting_draw())
    }

    /// Moves `color` has made.
    #[must_use]
    pub fn moves_by(&self, color: Color) -> u32 {
        with_game!(self, g => g.moves_by(color))
    }

    /// Plies in the record.
    #[must_use]
    pub fn plies(&self) -> usize {
        with_game!(self, g => g.plies())
    }

    /// The static evaluation for the side to move, centipawns.
    #[must_use]
    pub fn evaluate(&self) -> Score {
        with_game!(self, g => g.position().evaluate())
    }

    /// The static evaluation's terms for the side to move, centipawns.
    #[must_use]
    pub fn eval_terms(&self) -> Vec<(String, Score)> {
        let terms = with_game!(self, g => g.position().eval_terms());
        terms.into_iter().map(|(n, s)| (n.to_string(), s)).collect()
    }

    /// The moves played, oldest first.
    #[must_use]
    pub fn move_texts(&self) -> Vec<String> {
        with_game!(self, g => g.move_texts())
    }

    /// Every legal move as text.
    #[must_use]
    pub fn legal_move_texts(&mut self) -> Vec<String> {
        with_game!(self, g => g.legal_move_texts())
    }

    /// Every legal move.
    #[must_use]
    pub fn legal_moves(&mut self) -> Vec<AnyMove> {
        with_game!(self, g => {
            let moves = g.position().clone().legal_moves();
            moves.into_iter().map(AnyMove::from).collect()
        })
    }

    /// Hash of the current position.
    #[must_use]
    pub fn key(&self) -> u64 {
        with_game!(self, g => g.position().hash())
    }

    /// The book's advice here: the variant's books on either board, then a
    /// Polyglot book on the bitboard.
    pub fn book_advice(&self, books: &mut BookPlayer) -> Advice {
        match self {
            AnyGame::Bitboard(g) => books.advise_bitboard(&mut g.position().clone()),
            AnyGame::Mailbox(g) => books.advise(&mut g.position().clone()),
        }
    }

    /// `import FILE [clear]`: exported learning added on this game's board.
    ///
    /// # Errors
    /// The one-line reason of [`BookPlayer::import`].
    pub fn import_learning(
        &self,
        books: &mut BookPlayer,
        file: &std::path::Path,
        clear: bool,
    ) -> Result<String, String> {
        with_game!(self, g => books.import(g.position(), file, clear))
    }

    /// `export FILE`: the learning written with the book walked from the
    /// variant's start `start_fen` on this game's board.
    ///
    /// # Errors
    /// A start that does not fit the board, or the file cannot be written.
    pub fn export_learning(
        &self,
        books: &BookPlayer,
        start_fen: &str,
        file: &std::path::Path,
    ) -> Result<String, String> {
        with_game!(self, g => {
            let mut start = g.position().clone();
            start
                .set_fen(start_fen)
                .map_err(|e| format!("bad start position ({e}): {start_fen}"))?;
            books.export(&start, file)
        })
    }

    /// The book candidates here with their figures (`bk`, `show book`),
    /// from the Polyglot book too on the bitboard.
    #[must_use]
    pub fn book_lines(&self, books: &BookPlayer) -> Vec<String> {
        match self {
            AnyGame::Bitboard(g) => books.show_bitboard(&mut g.position().clone()),
            AnyGame::Mailbox(g) => books.show(&mut g.position().clone()),
        }
    }

    /// The legal move whose text, as the board writes it, is `text` (a
    /// book's move).
    #[must_use]
    pub fn find_move(&mut self, text: &str) -> Option<AnyMove> {
        with_game!(self, g => g.find_move(text).map(AnyMove::from))
    }

    /// The moves of `line` from here as a [`Variation`], up to the first
    /// that is not legal.
    #[must_use]
    pub fn variation(&self, line: &[AnyMove]) -> Variation {
        with_game!(self, g => Variation::of_moves(g.position(), line))
    }

    /// Fresh live progress for a search on this game's board.
    #[must_use]
    pub fn new_progress(&self) -> AnyProgress {
        match self {
            AnyGame::Bitboard(_) => AnyProgress::Bitboard(Arc::default()),
            AnyGame::Mailbox(_) => AnyProgress::Mailbox(Arc::default()),
        }
    }

    /// Perft split by root move (`go perft`): each legal move, as a line
    /// of one move from here, with the leaves `depth` plies deep below the
    /// root.
    #[must_use]
    pub fn divide(&self, depth: u32) -> Vec<(Variation, u64)> {
        match self {
            AnyGame::Bitboard(g) => split(g.position(), depth, crate::bitboard::perft),
            AnyGame::Mailbox(g) => split(g.position(), depth, perft),
        }
    }

    /// A search of the current position, or of the position after `first`
    /// (pondering); `None` if `first` is not legal.
    #[must_use]
    pub fn search_task(&mut self, first: Option<AnyMove>, spec: SearchSpec) -> Option<Task> {
        with_game!(self, g => {
            let first = match first {
                Some(m) => Some(legal(g, m)?),
                None => None,
            };
            let mut pos = g.position().clone();
            let mut history = g.keys();
            if let Some(m) = first {
                history.push(pos.hash());
                if !pos.make(m) {
                    return None;
                }
            }
            Some(think::task(pos, history, spec))
        })
    }
}

/// `m` as a move of `game`'s board, if it is legal there.
fn legal<P: SearchBoard>(game: &mut Game<P>, m: AnyMove) -> Option<P::Move> {
    P::board_move(m).filter(|&m| game.is_legal(m))
}

/// Each legal move of `root` with the leaves `depth` plies deep below
/// the root, counted by `count`.
fn split<P: SearchBoard>(
    root: &P,
    depth: u32,
    count: fn(&mut P, u32) -> u64,
) -> Vec<(Variation, u64)> {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let line = Variation::new(root, &[m]);
        if pos.make(m) {
            let nodes = if depth <= 1 {
                1
            } else {
                count(&mut pos, depth - 1)
            };
            pos.unmake(m);
            out.push((line, nodes));
        }
    }
    out
}

/// `name` in the boards' text, whose ranks count from 0 on boards of 10
/// ranks and from 1 on all others; the null move is `@@@@`.
/// The holdings XBoard shows for a game with men in hand: one slot per
/// kind of man that takes part in the piece-to-char table (XBoard numbers
/// the kinds in its order, skipping the `.`), the royal last one left out
/// unless it starts in hand (`must_drop`: a set-up phase); 0 for a game
/// without drops.
fn holdings_size(variant: &Variant, piece_to_char: &str) -> usize {
    if !variant.hands.drops {
        return 0;
    }
    let white_half = piece_to_char
        .get(..piece_to_char.len() / 2)
        .unwrap_or_default();
    let kinds = white_half.chars().filter(|&c| c != '.' && c != '+').count();
    if variant.hands.must_drop {
        kinds
    } else {
        kinds.saturating_sub(1)
    }
}

fn board_text(name: &MoveName, height: usize) -> String {
    let square = |s: Square| square_text(usize::from(s.file), usize::from(s.rank), height);
    match name {
        MoveName::Step { from, to, letter } => {
            let mut text = square(*from) + &square(*to);
            text.extend(*letter);
            text
        }
        MoveName::Drop { piece, to } => format!("{piece}@{}", square(*to)),
        MoveName::Pass => "@@@@".into(),
    }
}

/// The `setup` and `piece` lines that tell a GUI about `variant`: a setup
/// line when the variant has a piece-to-char table (with `WxH+S_PARENT` when
/// it names a parent, S the holdings XBoard must show), then one `piece`
/// line per Betza definition.
#[must_use]
pub fn setup_events(variant: &Variant, start_fen: &str) -> Vec<Event> {
    let mut out = Vec::new();
    if let Some(ptc) = &variant.def.piece_to_char {
        let holdings = holdings_size(variant, ptc);
        let geometry = variant
            .def
            .parent
            .as_ref()
            .map(|parent| format!("{}x{}+{holdings}_{parent}", variant.width, variant.height));
        out.push(Event::Setup {
            piece_to_char: Some(ptc.clone()),
            geometry,
            fen: start_fen.to_string(),
        });
    }
    out.extend(
        variant
            .def
            .gui_pieces
            .iter()
            .map(|p| Event::Piece(p.clone())),
    );
    // An engine-defined game without `# X& BETZA` lines of its own: tell the
    // GUI how its fairy pieces move, derived from their step vectors.
    if variant.def.piece_to_char.is_some() {
        out.extend(
            crate::rules::betza::gui_piece_lines(&variant.def)
                .iter()
                .filter_map(|line| line.strip_prefix("piece "))
                .map(|p| Event::Piece(p.to_string())),
        );
    }
    out
}

/// Adds the fields XBoard leaves out for variants without castling or e.p.
/// (`... b 0 1` → `... b - - 0 1`; `... w KQkq 0 1` → `... w KQkq - 0 1`).
#[must_use]
pub fn complete_fen(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    let numeric = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if fields.len() >= 3 && numeric(fields[2]) {
        fields.splice(2..2, ["-", "-"]);
    } else if fields.len() == 5 && numeric(fields[3]) {
        fields.insert(3, "-");
    }
    fields.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog::Catalog;

    /// A game of `name` from the shipped fmax.ini on the board `board` picks.
    fn game(name: &str, board: BoardChoice) -> AnyGame {
        let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
        let catalog = Catalog::load(Some(std::path::Path::new(ini))).expect("fmax.ini loads");
        AnyGame::new(&catalog.variant(name).expect("variant"), board)
    }

    #[test]
    fn every_legal_move_survives_text_on_both_boards() {
        for (name, board) in [
            ("normal", BoardChoice::Auto),
            ("normal", BoardChoice::Mailbox),
            ("fischerandom", BoardChoice::Auto),
            ("capablanca", BoardChoice::Auto),
            ("xiangqi", BoardChoice::Auto),
            ("seirawan", BoardChoice::Auto),
        ] {
            let mut g = game(name, board);
            let moves = g.legal_moves();
            assert!(!moves.is_empty(), "{name}");
            for m in moves {
                let text = g.move_text(m).expect("a legal move has a text");
                assert_eq!(g.parse_move(&text), Some(m), "{name} {text}");
                assert_eq!(g.find_move(&text), Some(m), "{name} {text}");
            }
        }
    }

    #[test]
    fn named_moves_are_read_in_the_boards_numbering() {
        let square = |file, rank| Square { file, rank };
        let mut g = game("xiangqi", BoardChoice::Auto);
        let cannon = MoveName::Step {
            from: square(7, 2),
            to: square(4, 2),
            letter: None,
        };
        let m = g.named_move(&cannon).expect("the cannon's central move");
        assert_eq!(g.move_text(m).as_deref(), Some("h2e2"));
        assert!(g.play_named(&MoveName::Pass).is_ok());
        assert_eq!(g.side_to_move(), Color::Black);
        let mut chess = game("normal", BoardChoice::Auto);
        let e2e4 = MoveName::Step {
            from: square(4, 1),
            to: square(4, 3),
            letter: None,
        };
        assert_eq!(chess.named_move(&e2e4), chess.parse_move("e2e4"));
        let off_board = MoveName::Step {
            from: square(4, 6),
            to: square(4, 8),
            letter: None,
        };
        assert!(chess.play_named(&off_board).is_err());
        assert_eq!(chess.plies(), 0);
    }

    #[test]
    fn a_move_of_another_position_or_board_is_refused() {
        let mut g = game("normal", BoardChoice::Auto);
        let e2e4 = g.parse_move("e2e4").expect("legal");
        assert!(matches!(e2e4, AnyMove::Bitboard(_)));
        assert!(g.play(e2e4));
        assert_eq!(g.move_text(e2e4), None, "the pawn has left e2");
        assert!(!g.play(e2e4));
        assert_eq!(g.plies(), 1);
        let mut mailbox = game("normal", BoardChoice::Mailbox);
        assert_eq!(
            mailbox.move_text(e2e4),
            None,
            "a bitboard move on the mailbox"
        );
        assert!(!mailbox.play(e2e4));
        assert_eq!(mailbox.parse_move("e2e5"), None);
        assert_eq!(mailbox.parse_move("@@@@"), None);
    }

    #[test]
    fn a_search_after_an_illegal_first_move_is_not_started() {
        let mut g = game("normal", BoardChoice::Auto);
        let e2e4 = g.parse_move("e2e4").expect("legal");
        let spec = |excluded| SearchSpec {
            limits: super::super::clock::MoveLimits::infinite(),
            clock: super::super::clock::Clock::default(),
            excluded,
            width: 8,
            lines: 1,
            progress: None,
            learned: None,
            report_bounds: false,
            probe: crate::tablebase::ProbeSettings::default(),
        };
        assert!(g.search_task(Some(e2e4), spec(Vec::new())).is_some());
        assert!(g.play(e2e4));
        assert!(g.search_task(Some(e2e4), spec(vec![e2e4])).is_none());
        assert!(g.search_task(None, spec(Vec::new())).is_some());
    }

    #[test]
    fn missing_fen_fields_are_filled_in() {
        assert_eq!(
            complete_fen("8/8/8/8/8/8/8/8 b 0 1"),
            "8/8/8/8/8/8/8/8 b - - 0 1"
        );
        assert_eq!(
            complete_fen("8/8/8/8/8/8/8/8 w KQkq 0 1"),
            "8/8/8/8/8/8/8/8 w KQkq - 0 1"
        );
        assert_eq!(
            complete_fen("8/8/8/8/8/8/8/8 w KQkq e3 0 1"),
            "8/8/8/8/8/8/8/8 w KQkq e3 0 1"
        );
        assert_eq!(complete_fen("8/8/8/8/8/8/8/8 w"), "8/8/8/8/8/8/8/8 w");
    }
}
