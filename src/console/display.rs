//! Text for humans: the ASCII board, the move list, thinking lines with
//! scores in pawns, and one line per engine event.

use crate::core::{Color, Score, MATE, MATE_BOUND};
use crate::engine::api::{Event, Snapshot, Thinking};
use crate::engine::diagram::Diagram;

/// `White` or `Black`.
#[must_use]
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

pub use crate::notation::pgn::side_and_number;

/// Plies from move 1 with White to move to this position.
#[must_use]
pub fn ply_index(fen: &str) -> u32 {
    let (side, number) = side_and_number(fen);
    (number - 1) * 2 + u32::from(side == Color::Black)
}

/// The board as text: one line per rank (labelled as XBoard numbers ranks),
/// files lettered below, then the side to move and the FEN.
#[must_use]
pub fn board(fen: &str) -> Vec<String> {
    let Some(diagram) = Diagram::from_fen(fen) else {
        return vec![format!("(no diagram for {fen})")];
    };
    let height = fen
        .split([' ', '['])
        .next()
        .map_or(0, |p| p.split('/').count());
    let mut out = Vec::new();
    let rule = format!("    +{}", "--".repeat(diagram.width()) + "-+");
    out.push(rule.clone());
    for row in 0..height {
        let name = diagram.square_name(row, 0);
        let mut line = format!("{:>3} |", &name[1..]);
        for file in 0..diagram.width() {
            line.push(' ');
            line.push(diagram.at(row, file).unwrap_or('.'));
        }
        line.push_str(" |");
        out.push(line);
    }
    out.push(rule);
    let files: String = (0..diagram.width())
        .map(|f| format!(" {}", char::from(b'a' + u8::try_from(f).unwrap_or(0))))
        .collect();
    out.push(format!("     {files}"));
    if let Some(holdings) = fen.split_once('[').and_then(|(_, h)| h.split_once(']')) {
        out.push(format!("holdings: [{}]", holdings.0));
    }
    let (side, _) = side_and_number(fen);
    out.push(format!("{} to move; FEN {fen}", color_name(side)));
    out
}

/// The move list, two plies a line (`  1. e2e4 e7e5`), numbered from the
/// position the record starts at.
#[must_use]
pub fn history(snapshot: &Snapshot) -> Vec<String> {
    let plies = u32::try_from(snapshot.moves.len()).unwrap_or(u32::MAX);
    let start = ply_index(&snapshot.fen).saturating_sub(plies);
    let mut out: Vec<String> = Vec::new();
    for (i, m) in snapshot.moves.iter().enumerate() {
        let ply = start + u32::try_from(i).unwrap_or(u32::MAX);
        let number = ply / 2 + 1;
        if ply % 2 == 0 {
            out.push(format!("{number:>3}. {m}"));
        } else if i == 0 {
            out.push(format!("{number:>3}. ... {m}"));
        } else if let Some(last) = out.last_mut() {
            last.push(' ');
            last.push_str(m);
        }
    }
    if out.is_empty() {
        out.push("no moves yet".into());
    }
    out
}

/// A score in pawns (`+0.35`), or `Mat03` / `-Mat03` for mates in moves.
#[must_use]
pub fn score_text(score: Score) -> String {
    let moves = |plies: Score| (plies + 1) / 2;
    if score >= MATE_BOUND {
        format!("Mat{:02}", moves(MATE - score))
    } else if score <= -MATE_BOUND {
        format!("-Mat{:02}", moves(MATE + score))
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

/// `depth  time  score  nodes  pv`.
#[must_use]
pub fn thinking(t: &Thinking) -> String {
    thinking_with(t, &t.pv.board_texts().join(" "))
}

/// A thinking line with the variation written as `pv` (SAN, numbered).
#[must_use]
pub fn thinking_with(t: &Thinking, pv: &str) -> String {
    let secs = t.centis / 100;
    let centis = t.centis % 100;
    format!(
        "{:>4} {:>5}.{centis:02} {:>7} {:>11}  {pv}",
        t.depth,
        secs,
        score_text(t.score),
        t.nodes,
    )
}

/// What `display OPTION on|off` switches (Crafty's display options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DisplayOptions {
    /// After each engine move: depth, nodes, time and speed of its search.
    pub stats: bool,
    /// Thinking lines only when the best move changes.
    pub changes: bool,
    /// Move numbers in the variations (`1... e7e5 2. g1f3`).
    pub moves: bool,
    /// Moves shown in SAN (`Nf3`) rather than coordinates (`g1f3`): the
    /// engine's move, thinking lines, `hint` and `history`.
    pub san: bool,
}

impl DisplayOptions {
    /// Switches `option` (`stats`, `changes`, `moves`, `san`) on or off.
    ///
    /// # Errors
    /// An unknown option or a value other than on/off.
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), String> {
        let on = match value {
            "on" => true,
            "off" => false,
            _ => {
                return Err(format!(
                    "Error (expected on or off): display {option} {value}"
                ))
            }
        };
        match option {
            "stats" => self.stats = on,
            "changes" => self.changes = on,
            "moves" | "movenum" => self.moves = on,
            "san" => self.san = on,
            _ => {
                return Err(format!(
                    "Error (display options are stats, changes, movenum, san; {}): {option}",
                    crafty_display(option)
                ))
            }
        }
        Ok(())
    }

    /// `display stats off, changes on, moves off, san on`.
    #[must_use]
    pub fn summary(&self) -> String {
        let word = |on: bool| if on { "on" } else { "off" };
        format!(
            "display stats {}, changes {}, moves {}, san {}",
            word(self.stats),
            word(self.changes),
            word(self.moves),
            word(self.san)
        )
    }
}

/// What Nightrider offers for one of Crafty's other display options.
fn crafty_display(option: &str) -> &'static str {
    match option {
        "time" | "moveinfo" => "`display stats on` shows the time of each engine move",
        "variation" | "pv" => "`post` shows every variation",
        "extstats" | "hashstats" | "ply1" | "movelist" | "fail" => {
            "`display stats on` shows the search statistics Nightrider keeps"
        }
        "general" | "info" => "messages are always shown",
        "pawn" | "knight" | "bishop" | "rook" | "queen" | "king" => {
            "no piece-square tables to show; `score` breaks the evaluation into terms"
        }
        _ => "`help display` lists them",
    }
}

/// The variation with move numbers, from the position `fen` it starts in.
#[must_use]
pub fn numbered(fen: &str, pv: &[String]) -> String {
    let (mut side, mut number) = side_and_number(fen);
    let mut words = Vec::with_capacity(pv.len() * 3 / 2);
    for (i, m) in pv.iter().enumerate() {
        match side {
            Color::White => words.push(format!("{number}.")),
            Color::Black if i == 0 => words.push(format!("{number}...")),
            Color::Black => {}
        }
        words.push(m.clone());
        if side == Color::Black {
            number += 1;
        }
        side = side.flip();
    }
    words.join(" ")
}

/// `stats: depth 6, 12345 nodes, 0.25 s, 49 knps` from a search's last line.
#[must_use]
pub fn stats(t: &Thinking) -> String {
    let secs = t.centis as f64 / 100.0;
    let knps = if t.centis == 0 {
        0.0
    } else {
        t.nodes as f64 / secs / 1000.0
    };
    format!(
        "stats: depth {}, {} nodes, {secs:.2} s, {knps:.0} knps",
        t.depth, t.nodes
    )
}

/// The line for one event, if humans need to see it. An engine move is
/// labelled from `after`, the position once it was played (`Black(1): e7e5`).
#[must_use]
pub fn event_text(event: &Event, after: &Snapshot) -> Option<String> {
    Some(match event {
        Event::Move(m) => {
            let (side, number) = side_and_number(&after.fen);
            let number = if side == Color::White {
                number.saturating_sub(1).max(1)
            } else {
                number
            };
            format!("{}({number}): {m}", color_name(side.flip()))
        }
        Event::Thinking(t) => thinking(t),
        Event::GameOver(result) => result.to_string(),
        Event::Resign => "Nightrider resigns".into(),
        Event::OfferDraw => "Nightrider offers a draw".into(),
        Event::Hint(m) => format!("Hint: {m}"),
        Event::IllegalMove { text, reason } => match reason {
            Some(r) => format!("Illegal move ({r}): {text}"),
            None => format!("Illegal move: {text}"),
        },
        Event::Error { reason, command } => format!("Error ({reason}): {command}"),
        Event::TellUser(m) => m.clone(),
        Event::TellUserError(m) => format!("Error: {m}"),
        Event::Book(entries) if !entries.is_empty() => entries.join("\n"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_pawns_and_mates_in_moves() {
        assert_eq!(score_text(35), "+0.35");
        assert_eq!(score_text(-120), "-1.20");
        assert_eq!(score_text(0), "+0.00");
        assert_eq!(score_text(MATE - 1), "Mat01");
        assert_eq!(score_text(-(MATE - 4)), "-Mat02");
    }

    #[test]
    fn xiangqi_ranks_count_from_zero() {
        let fen = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1";
        let lines = board(fen);
        assert_eq!(lines[1], "  9 | r h e a k a e h r |");
        assert_eq!(lines[10], "  0 | R H E A K A E H R |");
        assert_eq!(lines[12], "      a b c d e f g h i");
    }

    #[test]
    fn variations_get_move_numbers_and_options_switch() {
        let pv: Vec<String> = ["e7e5", "g1f3", "b8c6"].map(String::from).into();
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(numbered(fen, &pv), "1... e7e5 2. g1f3 b8c6");
        assert_eq!(
            numbered("8/8/8/8/8/8/8/8 w - - 0 7", &pv[..2]),
            "7. e7e5 g1f3"
        );
        let mut options = DisplayOptions::default();
        options.set("changes", "on").unwrap();
        assert_eq!(
            options.summary(),
            "display stats off, changes on, moves off, san off"
        );
        assert!(options.set("colours", "on").is_err());
        assert!(options.set("stats", "yes").is_err());
        let t = Thinking {
            depth: 6,
            seldepth: 9,
            multipv: 1,
            hashfull: 0,
            score: 0,
            centis: 50,
            nodes: 100_000,
            pv: crate::engine::variation::sample("normal", &[], &[]),
            bound: crate::search::Bound::Exact,
        };
        assert_eq!(stats(&t), "stats: depth 6, 100000 nodes, 0.50 s, 200 knps");
    }

    #[test]
    fn history_starts_at_the_record_s_first_move() {
        let snapshot = Snapshot {
            fen: "8/8/8/8/8/8/8/8 w - - 0 12".into(),
            moves: vec!["a1a2".into(), "h8h7".into(), "a2a3".into()],
            start_fen: String::new(),
        };
        assert_eq!(history(&snapshot), [" 10. ... a1a2", " 11. h8h7 a2a3"]);
    }
}
