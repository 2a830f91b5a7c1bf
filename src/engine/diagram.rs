//! A plain board diagram read from a FEN's placement field, for the things
//! that only need letters on squares: the legacy `edit` sub-mode (place and
//! clear pieces, then write a FEN) and `highlight` replies to `lift`.
//!
//! Squares use XBoard's text (`a1`; ranks 0-9 on 10-rank boards).

use crate::core::Color;

/// Letters on squares; row 0 is the top (black's side) as in FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    rows: Vec<Vec<Option<char>>>,
    width: usize,
}

impl Diagram {
    /// Reads the placement field of `fen` (holdings and `~` marks dropped).
    #[must_use]
    pub fn from_fen(fen: &str) -> Option<Diagram> {
        let placement = fen.split([' ', '[']).next()?;
        let mut rows = Vec::new();
        for rank in placement.split('/') {
            let mut row = Vec::new();
            let mut run = 0usize;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run.checked_mul(10)?.checked_add(d as usize)?;
                    continue;
                }
                row.extend(std::iter::repeat_n(None, run.min(16)));
                run = 0;
                if c.is_ascii_alphabetic() {
                    row.push(Some(c));
                }
            }
            row.extend(std::iter::repeat_n(None, run.min(16)));
            rows.push(row);
        }
        let width = rows.iter().map(Vec::len).max()?;
        for row in &mut rows {
            row.resize(width, None);
        }
        (width > 0 && rows.len() <= 16 && width <= 16).then_some(Diagram { rows, width })
    }

    /// Files.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Ranks.
    #[must_use]
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Row and file of a square name, if it is on the board.
    #[must_use]
    pub fn square(&self, text: &str) -> Option<(usize, usize)> {
        let mut chars = text.chars();
        let file = usize::from(u8::try_from(chars.next()?).ok()?.checked_sub(b'a')?);
        let number: usize = chars.as_str().parse().ok()?;
        let height = self.rows.len();
        let rank = if height == 10 {
            number
        } else {
            number.checked_sub(1)?
        };
        (file < self.width && rank < height).then(|| (height - 1 - rank, file))
    }

    /// The name of a square (`e4`; ranks from 0 on 10-rank boards).
    #[must_use]
    pub fn square_name(&self, row: usize, file: usize) -> String {
        let height = self.rows.len();
        square_text(file, height.saturating_sub(row + 1), height)
    }

    /// The first square (top row first) holding `letter`.
    #[must_use]
    pub fn find(&self, letter: char) -> Option<(usize, usize)> {
        self.rows
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.iter().position(|&c| c == Some(letter)).map(|f| (r, f)))
    }

    /// The letter on a square.
    #[must_use]
    pub fn at(&self, row: usize, file: usize) -> Option<char> {
        self.rows
            .get(row)
            .and_then(|r| r.get(file))
            .copied()
            .flatten()
    }

    /// Empties the board.
    pub fn clear(&mut self) {
        for row in &mut self.rows {
            row.fill(None);
        }
    }

    /// Puts `piece` (or nothing for `x`) of `color` on `square`; false if
    /// the square is off the board.
    pub fn place(&mut self, piece: char, color: Color, square: &str) -> bool {
        let Some((r, f)) = self.square(square) else {
            return false;
        };
        self.rows[r][f] = match piece {
            'x' | 'X' => None,
            p if color == Color::White => Some(p.to_ascii_uppercase()),
            p => Some(p.to_ascii_lowercase()),
        };
        true
    }

    /// The placement field.
    #[must_use]
    pub fn placement(&self) -> String {
        self.encode(|c| c)
    }

    /// Castling rights that survive an edit: those of `start_fen` whose king
    /// and corner rook still stand on their start squares (XBoard's rule).
    #[must_use]
    pub fn castling_from(&self, start_fen: &str) -> String {
        let Some(start) = Diagram::from_fen(start_fen) else {
            return "-".into();
        };
        let field = start_fen.split_whitespace().nth(2).unwrap_or("-");
        let rights: String = field
            .chars()
            .filter(|&c| self.keeps_right(&start, c))
            .collect();
        if rights.is_empty() {
            "-".into()
        } else {
            rights
        }
    }

    fn keeps_right(&self, start: &Diagram, right: char) -> bool {
        let (king, rook, row) = match right {
            'K' | 'Q' => ('K', 'R', self.rows.len().saturating_sub(1)),
            'k' | 'q' => ('k', 'r', 0),
            _ => return false,
        };
        let Some(king_file) = (0..self.width).find(|&f| start.at(row, f) == Some(king)) else {
            return false;
        };
        let corner = if right.eq_ignore_ascii_case(&'K') {
            (king_file..self.width)
                .rev()
                .find(|&f| start.at(row, f) == Some(rook))
        } else {
            (0..king_file).find(|&f| start.at(row, f) == Some(rook))
        };
        corner.is_some_and(|f| self.at(row, f) == Some(rook))
            && self.at(row, king_file) == Some(king)
    }

    /// A `highlight` colour FEN: `Y` on empty target squares, `R` on
    /// occupied ones, run-length counts elsewhere.
    #[must_use]
    pub fn highlight(&self, targets: &[(usize, usize)]) -> String {
        let mut marked = self.clone();
        for row in &mut marked.rows {
            row.fill(None);
        }
        for &(r, f) in targets {
            if r < marked.rows.len() && f < self.width {
                marked.rows[r][f] = Some(if self.at(r, f).is_some() { 'R' } else { 'Y' });
            }
        }
        marked.encode(|c| c)
    }

    fn encode(&self, letter: impl Fn(char) -> char) -> String {
        let mut out = String::new();
        for (i, row) in self.rows.iter().enumerate() {
            if i > 0 {
                out.push('/');
            }
            let mut run = 0;
            for cell in row {
                match cell {
                    None => run += 1,
                    Some(c) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(letter(*c));
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
        }
        out
    }
}

/// The boards' (XBoard's) name of the square on `file` and `rank` (both
/// from 0, rank 0 White's first) of a board of `height` ranks: ranks are
/// numbered from 0 on boards of 10 ranks, from 1 on all others.
#[must_use]
pub fn square_text(file: usize, rank: usize, height: usize) -> String {
    let letter = u8::try_from(file).map_or('?', |f| char::from(b'a'.saturating_add(f)));
    format!("{letter}{}", rank + usize::from(height != 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn edits_write_a_fen_with_surviving_castling_rights() {
        let mut d = Diagram::from_fen(START).unwrap();
        assert_eq!(d.placement(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        assert!(d.place('x', Color::White, "h1"));
        assert!(d.place('Q', Color::Black, "e4"));
        assert!(!d.place('P', Color::White, "i9"));
        assert_eq!(
            d.placement(),
            "rnbqkbnr/pppppppp/8/8/4q3/8/PPPPPPPP/RNBQKBN1"
        );
        assert_eq!(d.castling_from(START), "Qkq");
        d.clear();
        assert_eq!(d.placement(), "8/8/8/8/8/8/8/8");
        assert_eq!(d.castling_from(START), "-");
    }

    #[test]
    fn ten_rank_boards_number_ranks_from_zero_and_wide_runs_parse() {
        let xiangqi = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1";
        let d = Diagram::from_fen(xiangqi).unwrap();
        assert_eq!(d.square("a0"), Some((9, 0)));
        assert_eq!(d.square("i9"), Some((0, 8)));
        assert_eq!(d.square("a10"), None);
        let capa =
            Diagram::from_fen("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w").unwrap();
        assert_eq!(
            capa.placement(),
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR"
        );
        assert_eq!(
            capa.highlight(&[(5, 4), (1, 0)]),
            "10/R9/10/10/10/4Y5/10/10"
        );
    }
}
