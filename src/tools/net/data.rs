//! Training positions for `net train`: lines `FEN | SCORE | RESULT` (as
//! `net gen` writes them: white's centipawns and white's result, 1.0, 0.5
//! or 0.0) read into the network's input rows, from both points of view.

use crate::core::Color;
use crate::eval::network::Index;
use crate::position::features::{FeatureCodes, NO_ROW};
use crate::position::{Evaluate, Position};

/// Positions with their inputs, kept compact: every position's rows seen
/// by white, then seen by black, in one list.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// Where each position's rows start in `rows`, and one past the last.
    starts: Vec<u32>,
    /// The rows: per position its white-view rows then as many black-view ones.
    rows: Vec<u16>,
    /// Per position: the side to move is white.
    white_to_move: Vec<bool>,
    /// Per position: white's score in centipawns.
    score: Vec<i16>,
    /// Per position: white's result, in halves (0, 1 or 2).
    result: Vec<u8>,
    /// Per position: the hand-written evaluation, white's centipawns
    /// (kept only when reading for a residual network).
    base: Vec<i16>,
}

/// One position as the trainer sees it, from the side to move.
#[derive(Clone, Copy, Debug)]
pub struct Sample<'a> {
    /// The rows seen by the side to move.
    pub us: &'a [u16],
    /// The rows seen by the other side.
    pub them: &'a [u16],
    /// The score for the side to move, in centipawns.
    pub score: f32,
    /// The result for the side to move: 1 won, 0.5 drawn, 0 lost.
    pub result: f32,
    /// The hand-written evaluation for the side to move, in centipawns
    /// (0 unless read for a residual network).
    pub base: f32,
}

impl Samples {
    /// The number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.score.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.score.is_empty()
    }

    /// Position `i`.
    #[must_use]
    pub fn get(&self, i: usize) -> Sample<'_> {
        let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        let half = (b - a) / 2;
        let (white, black) = self.rows[a..b].split_at(half);
        let white_score = f32::from(self.score[i]);
        let white_result = f32::from(self.result[i]) / 2.0;
        let white_base = self.base.get(i).map_or(0.0, |&b| f32::from(b));
        if self.white_to_move[i] {
            Sample {
                us: white,
                them: black,
                score: white_score,
                result: white_result,
                base: white_base,
            }
        } else {
            Sample {
                us: black,
                them: white,
                score: -white_score,
                result: 1.0 - white_result,
                base: -white_base,
            }
        }
    }

    fn push(
        &mut self,
        white: &[u16],
        black: &[u16],
        white_to_move: bool,
        score: i16,
        result: u8,
        base: Option<i16>,
    ) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.rows.extend_from_slice(white);
        self.rows.extend_from_slice(black);
        self.starts.push(self.rows.len() as u32);
        self.white_to_move.push(white_to_move);
        self.score.push(score);
        self.result.push(result);
        if let Some(b) = base {
            self.base.push(b);
        }
    }
}

/// What reading a file found besides its positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadReport {
    /// Lines that are not positions of the game (bad FEN, bad fields).
    pub bad_lines: usize,
    /// The first such line's number and what was wrong with it.
    pub first_bad: Option<String>,
}

/// How to read positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Keep each position's static evaluation as its base, for a residual
    /// network (the caller turns networks off, so that the base is the
    /// hand-written evaluation the residual is added to).
    pub residual: bool,
    /// Add each position mirrored left to right too (same score and result).
    pub mirror: bool,
}

/// Reads the positions of `text` (file `name`) into `out`, set up on
/// `board` and put into rows by `index`.
pub fn read_positions<P: Position + FeatureCodes + Evaluate>(
    text: &str,
    name: &str,
    board: &mut P,
    index: &Index,
    options: ReadOptions,
    out: &mut Samples,
) -> ReadReport {
    let tables = board.prepare_evaluation();
    let mut report = ReadReport::default();
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match parse_line(line, board) {
            Ok((score, result)) => {
                let stm = board.side_to_move() == Color::White;
                let base = options.residual.then(|| {
                    let e = board.evaluate_with(&tables).clamp(-30000, 30000) as i16;
                    if stm {
                        e
                    } else {
                        -e
                    }
                });
                for mirror in [false, true] {
                    if mirror && !options.mirror {
                        break;
                    }
                    white.clear();
                    black.clear();
                    board.for_each_feature(&mut |colour, code| {
                        let code = if mirror { board.mirrored(code) } else { code };
                        let w = index[0][colour.index()]
                            .get(code)
                            .copied()
                            .unwrap_or(NO_ROW);
                        let b = index[1][colour.index()]
                            .get(code)
                            .copied()
                            .unwrap_or(NO_ROW);
                        if w != NO_ROW && b != NO_ROW {
                            white.push(w);
                            black.push(b);
                        }
                    });
                    out.push(&white, &black, stm, score, result, base);
                }
            }
            Err(e) => {
                report.bad_lines += 1;
                report
                    .first_bad
                    .get_or_insert_with(|| format!("{name}:{}: {e}", n + 1));
            }
        }
    }
    report
}

/// Sets `board` to the line's FEN and returns its score and result. A
/// line may also be `FEN [p]` as `tune label` writes it, white's expected
/// score from another engine's centipawns `cp`, `p = 1 / (1 + 10^(-cp /
/// 400))`: its score is that `cp` again, its result a draw (so such lines
/// are for `--lambda 1`).
pub(crate) fn parse_line<P: Position>(line: &str, board: &mut P) -> Result<(i16, u8), String> {
    if !line.contains('|') {
        return parse_labelled(line, board);
    }
    let mut fields = line.split('|').map(str::trim);
    let (Some(fen), Some(score), Some(result), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err("expected `FEN | SCORE | RESULT`".to_string());
    };
    let score: i16 = score
        .parse()
        .map_err(|_| format!("score '{score}' is not a whole number of centipawns"))?;
    let result = match result {
        "1.0" | "1" => 2,
        "0.5" => 1,
        "0.0" | "0" => 0,
        other => return Err(format!("result '{other}' is not 1.0, 0.5 or 0.0")),
    };
    board.set_fen(fen).map_err(|e| e.to_string())?;
    Ok((score, result))
}

/// A `FEN [p]` line (see [`parse_line`]).
fn parse_labelled<P: Position>(line: &str, board: &mut P) -> Result<(i16, u8), String> {
    let bad = || "expected `FEN | SCORE | RESULT` or `FEN [p]`".to_string();
    let (fen, label) = line.rsplit_once(' ').ok_or_else(bad)?;
    let p: f64 = label
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .and_then(|l| l.parse().ok())
        .filter(|p| (0.0..=1.0).contains(p))
        .ok_or_else(bad)?;
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    let cp = (400.0 * (p / (1.0 - p)).log10()).clamp(-3000.0, 3000.0);
    board.set_fen(fen).map_err(|e| e.to_string())?;
    Ok((cp.round() as i16, 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::BitboardPos;
    use crate::eval::network::Layout;

    /// The orthodox samples and report of `text` read as the file `t`.
    fn read_orthodox(text: &str) -> (Samples, ReadReport) {
        let index = Layout::orthodox().bitboard_index().unwrap();
        let mut board = BitboardPos::startpos();
        let mut samples = Samples::default();
        let report = read_positions(
            text,
            "t",
            &mut board,
            &index,
            ReadOptions::default(),
            &mut samples,
        );
        (samples, report)
    }

    #[test]
    fn a_line_becomes_rows_from_the_side_to_move() {
        let text = "# a comment\n4k3/8/8/8/8/8/8/R3K3 b - - 0 1 | 500 | 1.0\nnonsense\n";
        let (samples, report) = read_orthodox(text);
        assert_eq!(samples.len(), 1);
        assert_eq!(report.bad_lines, 1);
        assert_eq!(
            report.first_bad.as_deref(),
            Some("t:3: expected `FEN | SCORE | RESULT` or `FEN [p]`")
        );
        let s = samples.get(0);
        assert_eq!((s.score, s.result), (-500.0, 0.0));
        // Kinds P N B R Q K, 64 squares each; own men first. Black to
        // move sees its king on e8 as its own, on its first row: e1 = 4.
        let own_king = (5 * 64 + 4) as u16;
        assert!(s.us.contains(&own_king));
        // White's rook on a1 is the other side's, on black's eighth row.
        let their_rook = ((6 + 3) * 64 + 56) as u16;
        assert!(s.us.contains(&their_rook));
        assert_eq!(s.us.len(), 3);
        assert_eq!(s.them.len(), 3);
    }

    #[test]
    fn a_labelled_line_gives_back_the_centipawns_of_its_label() {
        // 1 / (1 + 10^(-400/400)) = 0.909090...
        let text =
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 [0.9090909]\n4k3/8/8/8/8/8/8/R3K3 w - - 0 1 [1.5]\n";
        let (samples, report) = read_orthodox(text);
        assert_eq!(samples.len(), 1);
        assert_eq!(report.bad_lines, 1);
        let s = samples.get(0);
        assert_eq!((s.score, s.result), (400.0, 0.5));
    }
}
