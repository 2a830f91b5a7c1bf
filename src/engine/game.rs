//! The game record: a position plus the moves that led to it, with the
//! bookkeeping that needs history (undo, repetition, the 50-move rule) and the
//! adjudication of a finished game by the rules on the board.
//!
//! Generic over any [`Position`]; it names no concrete board. Moves come in
//! and go out as coordinate text, written and parsed by the board itself.

use crate::core::{Color, GameResult, Verdict};
use crate::position::{Position, RuleEnding, TextError};

/// One played move (`None`: a null move) and the hash of the position before it.
#[derive(Clone, Debug)]
struct Played<M> {
    mv: Option<M>,
    key_before: u64,
    text: String,
}

/// A game in progress on board type `P`.
#[derive(Clone, Debug)]
pub struct Game<P: Position> {
    pos: P,
    history: Vec<Played<P::Move>>,
    orthodox_material: bool,
    /// Draws by repetition are offered, not claimed (see
    /// [`Game::offered_draw`]).
    repetition_offered: bool,
}

impl<P: Position> Game<P> {
    /// A game from `pos` with no history. `orthodox_material` enables the FIDE
    /// insufficient-material rule (only sound for orthodox pieces).
    #[must_use]
    pub fn new(pos: P, orthodox_material: bool) -> Game<P> {
        Game {
            pos,
            history: Vec::new(),
            orthodox_material,
            repetition_offered: false,
        }
    }

    /// The game with draws by repetition offered instead of claimed (the
    /// variant's `repetition_claim = offer`).
    #[must_use]
    pub fn offering_repetitions(mut self, offered: bool) -> Game<P> {
        self.repetition_offered = offered;
        self
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &P {
        &self.pos
    }

    /// Plies played since the game (or the last `setboard`) started.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.history.len()
    }

    /// Moves `color` has made since the start of the record.
    #[must_use]
    pub fn moves_by(&self, color: Color) -> u32 {
        let n = u32::try_from(self.history.len()).unwrap_or(u32::MAX);
        let start = if n % 2 == 0 {
            self.pos.side_to_move()
        } else {
            self.pos.side_to_move().flip()
        };
        if color == start {
            n.div_ceil(2)
        } else {
            n / 2
        }
    }

    /// Replaces the position from a FEN and clears the history; on error the
    /// game is unchanged.
    ///
    /// # Errors
    /// The board's one-line reason the FEN was refused.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), TextError> {
        let mut pos = self.pos.clone();
        pos.set_fen(fen)?;
        self.pos = pos;
        self.history.clear();
        Ok(())
    }

    /// Plays a move given as text (any notation the board accepts).
    ///
    /// # Errors
    /// The board's reason when the text is not a legal move; the game is
    /// then unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, TextError> {
        let m = self.parse_text(text)?;
        if self.play(m) {
            Ok(m)
        } else {
            Err(TextError::LeavesKingInCheck(text.to_string()))
        }
    }

    /// The legal move `text` names: coordinates first (what GUIs send),
    /// then SAN (what people type).
    ///
    /// # Errors
    /// The board's reason when the text is not a legal move.
    pub fn parse_move(&mut self, text: &str) -> Result<P::Move, TextError> {
        let m = self.parse_text(text)?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(TextError::LeavesKingInCheck(text.to_string()))
        }
    }

    /// The move `text` names, legal or not: coordinates, else SAN.
    fn parse_text(&mut self, text: &str) -> Result<P::Move, TextError> {
        match self.pos.parse_move(text) {
            Ok(m) => Ok(m),
            Err(coordinate_error) => {
                crate::notation::san::parse_san(&mut self.pos, text).map_err(|_| coordinate_error)
            }
        }
    }

    /// Whether `m` is a legal move of the position.
    pub fn is_legal(&mut self, m: P::Move) -> bool {
        self.pos.legal_moves().contains(&m)
    }

    /// Plays `m` if it is legal; returns whether it was played.
    pub fn play(&mut self, m: P::Move) -> bool {
        let key_before = self.pos.hash();
        let text = self.pos.move_to_string(m);
        if !self.pos.make(m) {
            return false;
        }
        self.history.push(Played {
            mv: Some(m),
            key_before,
            text,
        });
        true
    }

    /// Passes the turn (XBoard's `@@@@`), which is only legal when not in check.
    ///
    /// # Errors
    /// The side to move is in check; the game is then unchanged.
    pub fn play_null(&mut self) -> Result<(), TextError> {
        if self.pos.in_check() {
            return Err(TextError::NullMoveInCheck);
        }
        let key_before = self.pos.hash();
        self.pos.make_null();
        self.history.push(Played {
            mv: None,
            key_before,
            text: "@@@@".to_string(),
        });
        Ok(())
    }

    /// The legal move whose text (as the board writes it) is `text`.
    #[must_use]
    pub fn find_move(&mut self, text: &str) -> Option<P::Move> {
        let moves = self.pos.legal_moves();
        moves
            .into_iter()
            .find(|&m| self.pos.move_to_string(m) == text)
    }

    /// Every legal move, as text.
    #[must_use]
    pub fn legal_move_texts(&mut self) -> Vec<String> {
        let moves = self.pos.legal_moves();
        moves
            .into_iter()
            .map(|m| self.pos.move_to_string(m))
            .collect()
    }

    /// The moves played, oldest first, as the board wrote them.
    #[must_use]
    pub fn move_texts(&self) -> Vec<String> {
        self.history.iter().map(|p| p.text.clone()).collect()
    }

    /// The position the record starts from (before its first move) as FEN.
    #[must_use]
    pub fn start_fen(&self) -> String {
        let mut start = self.clone();
        while start.undo() {}
        start.pos.to_fen()
    }

    /// Keys of the positions before each move played, oldest first (what
    /// the search needs to see repetitions of the game).
    #[must_use]
    pub fn keys(&self) -> Vec<u64> {
        self.history.iter().map(|p| p.key_before).collect()
    }

    /// Takes back the last ply; returns `false` when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(played) => {
                match played.mv {
                    Some(m) => self.pos.unmake(m),
                    None => self.pos.unmake_null(),
                }
                true
            }
            None => false,
        }
    }

    /// How often the current position occurred before (same side to move,
    /// since the last irreversible move).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let key = self.pos.hash();
        let reach = (self.pos.halfmove_clock() as usize).min(self.history.len());
        let recent = &self.history[self.history.len() - reach..];
        recent
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|p| p.key_before == key)
            .count()
    }

    /// Whether the game stands drawn by the counting rule, which the engine
    /// offers rather than claims (see [`RuleEnding::Counting`]).
    #[must_use]
    pub fn counting_draw(&self) -> bool {
        self.pos
            .rule_ending()
            .is_some_and(|(v, rule)| v == Verdict::Draw && rule == RuleEnding::Counting)
    }

    /// Plays on past a counting draw the GUI did not end the game with: the
    /// next move starts a new count.
    pub fn waive_counting_draw(&mut self) {
        self.pos.waive_count();
    }

    /// Whether the game stands drawn by a rule a referee may judge
    /// otherwise, so the engine offers the draw instead of claiming it: the
    /// counting rule (see [`RuleEnding::Counting`]), and repetition where the
    /// variant says so (cutechess-cli counts no repetition in the makruk
    /// family and ASEAN, and calls such a claim false).
    #[must_use]
    pub fn offered_draw(&mut self) -> bool {
        self.ending()
            .is_some_and(|(result, claim)| result.winner.is_none() && claim == Claim::Offer)
    }

    /// The result if the game is over in the current position, by the
    /// variant's rules, mate or stalemate, n-fold repetition, the n-move
    /// rule or (orthodox only) insufficient material.
    #[must_use]
    pub fn result(&mut self) -> Option<GameResult> {
        self.ending().map(|(result, _)| result)
    }

    /// [`Game::result`], and whether the engine may claim it.
    fn ending(&mut self) -> Option<(GameResult, Claim)> {
        let mover = self.pos.side_to_move();
        let ending = self.pos.rule_ending();
        // A repetition rule's win or loss is not announced: GUIs accept only
        // mates as win claims (XBoard's -testClaims calls anything else a
        // false claim), so the game goes on until a side deviates or the GUI
        // adjudicates the repetition itself.
        let withheld = ending.is_some_and(|(v, rule)| v != Verdict::Draw && rule.is_repetition());
        let repetition = if self.repetition_offered {
            Claim::Offer
        } else {
            Claim::Claim
        };
        if let Some((verdict, rule)) = ending.filter(|_| !withheld) {
            let claim = match rule {
                RuleEnding::Counting => Claim::Offer,
                _ if rule.is_repetition() => repetition,
                _ => Claim::Claim,
            };
            let result = verdict_result(
                verdict,
                mover,
                &format!("wins by {rule}"),
                &format!("Draw by {rule}"),
            );
            return Some((result, claim));
        }
        if self.pos.legal_moves().is_empty() {
            let verdict = self.pos.no_move_verdict();
            let result = if self.pos.in_check() {
                // Where being mated wins (`checkmate = win`), the winner is
                // the mated side.
                let text = if verdict == Verdict::Win {
                    "gets mated"
                } else {
                    "mates"
                };
                verdict_result(verdict, mover, text, "Draw by checkmate rule")
            } else {
                verdict_result(verdict, mover, "wins by stalemate", "Stalemate")
            };
            return Some((result, Claim::Claim));
        }
        if !self.pos.judges_repetition() && self.repetitions() >= 2 {
            return Some((draw("Draw by repetition"), repetition));
        }
        let clock = self.pos.halfmove_clock();
        if let Some(limit) = self.pos.move_rule_plies().filter(|&limit| clock >= limit) {
            let rule = format!("{}-move rule", limit / 2);
            return Some((draw(&rule), Claim::Claim));
        }
        if self.orthodox_material && insufficient_material(&self.pos.to_fen()) {
            return Some((draw("Insufficient material"), Claim::Claim));
        }
        None
    }
}

/// How the engine ends a game that stands over by rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Claim {
    /// Claim the result: every referee judges this rule alike.
    Claim,
    /// Offer a draw and play on if the referee does not take it.
    Offer,
}

fn draw(reason: &str) -> GameResult {
    GameResult {
        winner: None,
        reason: reason.to_string(),
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A result from the side to move's verdict; `win_text` follows the
/// winner's name (`White mates`).
fn verdict_result(verdict: Verdict, mover: Color, win_text: &str, draw_text: &str) -> GameResult {
    let winner = match verdict {
        Verdict::Loss => mover.flip(),
        Verdict::Win => mover,
        Verdict::Draw => return draw(draw_text),
    };
    GameResult {
        winner: Some(winner),
        reason: format!("{} {win_text}", color_name(winner)),
    }
}

/// FIDE's dead positions that need no search: kings alone, one minor piece,
/// or bishops only, all on squares of one colour. Reads the FEN's board field.
#[must_use]
pub fn insufficient_material(fen: &str) -> bool {
    let board = fen.split([' ', '[']).next().unwrap_or("");
    let mut minors = 0;
    let mut knights = 0;
    let mut bishop_colors = [false; 2];
    for (row, rank) in board.split('/').enumerate() {
        let mut file = 0usize;
        let mut digits = String::new();
        for c in rank.chars().chain(std::iter::once('/')) {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            file += digits.parse::<usize>().unwrap_or(0);
            digits.clear();
            match c.to_ascii_lowercase() {
                'k' => {}
                'b' => {
                    minors += 1;
                    bishop_colors[(row + file) % 2] = true;
                }
                'n' => {
                    minors += 1;
                    knights += 1;
                }
                '/' | '~' => continue,
                _ => return false,
            }
            file += 1;
        }
    }
    minors <= 1 || (knights == 0 && !(bishop_colors[0] && bishop_colors[1]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::BitboardPos;
    use crate::engine::library::Library;
    use crate::mailbox::MailboxPos;

    fn both_boards(fen: &str) -> (Game<BitboardPos>, Game<MailboxPos>) {
        let (library, _) = Library::load(None);
        let mut general = Game::new(MailboxPos::new(library.normal()), true);
        general.set_fen(fen).unwrap();
        (
            Game::new(BitboardPos::from_fen(fen, false).unwrap(), true),
            general,
        )
    }

    fn play_all<P: Position>(game: &mut Game<P>, moves: &str) {
        for m in moves.split_whitespace() {
            game.play_text(m).unwrap();
        }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn threefold_repetition_is_a_draw_and_undo_takes_it_back() {
        let (mut a, mut b) = both_boards(START);
        let shuffle = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
        play_all(&mut a, shuffle);
        play_all(&mut b, shuffle);
        assert_eq!(a.repetitions(), 2);
        assert_eq!(b.repetitions(), 2);
        assert_eq!(a.result(), Some(draw("Draw by repetition")));
        assert_eq!(b.result(), Some(draw("Draw by repetition")));
        assert!(a.undo() && b.undo());
        assert_eq!((a.repetitions(), b.repetitions()), (1, 1));
        assert_eq!((a.result(), b.result()), (None, None));
        assert_eq!(
            (
                a.plies(),
                a.moves_by(Color::White),
                a.moves_by(Color::Black)
            ),
            (7, 4, 3)
        );
    }

    #[test]
    fn mate_stalemate_fifty_moves_and_dead_material_end_the_game() {
        let (mut a, mut b) = both_boards(START);
        play_all(&mut a, "f2f3 e7e5 g2g4 d8h4");
        play_all(&mut b, "f2f3 e7e5 g2g4 d8h4");
        let mate = GameResult {
            winner: Some(Color::Black),
            reason: "Black mates".into(),
        };
        assert_eq!((a.result(), b.result()), (Some(mate.clone()), Some(mate)));
        let (mut a, mut b) = both_boards("7k/8/6QK/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            (a.result(), b.result()),
            (Some(draw("Stalemate")), Some(draw("Stalemate")))
        );
        let (mut a, mut b) = both_boards("7k/8/8/8/8/8/R7/K7 w - - 99 80");
        play_all(&mut a, "a2b2");
        play_all(&mut b, "a2b2");
        assert_eq!(
            (a.result(), b.result()),
            (Some(draw("50-move rule")), Some(draw("50-move rule")))
        );
        let (mut a, mut b) = both_boards("7k/8/8/8/8/8/r7/K7 w - - 0 1");
        play_all(&mut a, "a1a2");
        play_all(&mut b, "a1a2");
        let dead = Some(draw("Insufficient material"));
        assert_eq!((a.result(), b.result()), (dead.clone(), dead));
    }

    #[test]
    fn bad_text_leaves_the_game_unchanged() {
        let (mut a, _) = both_boards(START);
        assert!(a.play_text("e2e5").is_err());
        assert!(a.play_text("Nf3").is_ok(), "SAN is accepted too");
        assert!(a.undo());
        assert!(a.set_fen("not a fen").is_err());
        assert_eq!(a.plies(), 0);
        assert_eq!(a.position().to_fen(), START);
        assert!(!a.undo());
        assert_eq!(
            a.find_move("e2e4").map(|m| a.position().move_to_string(m)),
            Some("e2e4".into())
        );
        assert_eq!(a.legal_move_texts().len(), 20);
    }

    #[test]
    fn dead_material_is_recognised_from_the_fen() {
        assert!(insufficient_material("8/8/4k3/8/8/3K4/8/8 w - - 0 1"));
        assert!(insufficient_material("8/8/4k3/8/8/3KN3/8/8 b - - 0 1"));
        assert!(insufficient_material("8/8/4kb2/8/8/3K4/8/8 w - - 0 1"));
        // Bishops on c1 and f4 stand on dark squares both.
        assert!(insufficient_material("8/8/4k3/8/5b2/8/8/2B1K3 w - - 0 1"));
        assert!(!insufficient_material("8/8/4k3/8/5B2/8/8/1B2K3 w - - 0 1"));
        assert!(!insufficient_material("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1"));
        assert!(!insufficient_material("8/8/4k3/8/8/3KB3/8/4n3 w - - 0 1"));
        assert!(!insufficient_material("8/8/4k3/8/8/3K4/7P/8 w - - 0 1"));
        assert!(!insufficient_material("8/8/4k3/8/8/3K4/8/7r w - - 0 1"));
        assert!(!insufficient_material(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ));
    }
}
