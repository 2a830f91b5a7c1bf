//! FEN and X-FEN for any board size: multi-digit empty runs, holdings in
//! brackets, castling rights as `KQkq` or file letters (which also mark
//! other virgin pieces, as Fairy-Stockfish writes Cambodian and Seirawan
//! positions), e.p. as one square or a multi-square step's squares, check
//! counters (`checks`), and the optional fields XBoard leaves out.

use super::{cell_color, cell_type, MailboxPos, BLACK, EMPTY, PROMOTED, VIRGIN};
use crate::core::Color;
use crate::position::TextError;
use crate::rules::variant::Royalty;

fn err(message: String) -> TextError {
    TextError::Fen(format!("bad FEN: {message}"))
}

impl MailboxPos {
    /// Replaces the (empty) position with the one `fen` describes.
    pub(crate) fn load_fen(&mut self, fen: &str) -> Result<(), TextError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or_else(|| err("empty text".into()))?;
        let (board, holdings) = split_holdings(placement)?;
        self.place_rows(board)?;
        self.normalise_zone_pieces();
        if let Some(h) = holdings {
            self.place_holdings(h)?;
        } else {
            for (color, t, n) in self.tables.variant.initial_holdings() {
                self.set_hand(color.index(), t, n);
            }
        }
        self.side = match fields.next().unwrap_or("w") {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(err(format!("side to move '{other}', expected w or b"))),
        };
        if self.side == Color::Black {
            self.hash ^= self.tables.keys.black;
        }
        self.apply_rights(fields.next().unwrap_or("-"))?;
        let rest = self.take_check_field(fields.collect())?;
        let mut fields = rest.into_iter();
        let ep_field = fields.next().unwrap_or("-");
        let halfmove = parse_number(fields.next(), 0, "halfmove clock")?;
        if self.read_count(ep_field, halfmove) {
            // A running count takes the halfmove clock's field (Fairy-Stockfish).
            self.halfmove = 0;
        } else {
            self.apply_ep(ep_field)?;
            self.halfmove = halfmove;
        }
        self.fullmove = parse_number(fields.next(), 1, "fullmove number")?.max(1);
        if self.tables.explosion && !self.royalty_safe(self.side.flip()) {
            // The side to move could explode the royal at once.
            return Err(err("the side not to move is in check".into()));
        }
        Ok(())
    }

    fn place_rows(&mut self, board: &str) -> Result<(), TextError> {
        let rows: Vec<&str> = board.split('/').collect();
        let (w, h) = (self.tables.width as usize, self.tables.height as usize);
        if rows.len() != h {
            return Err(err(format!("{} ranks, expected {h}", rows.len())));
        }
        for (row, text) in rows.iter().enumerate() {
            let mut file = 0usize;
            let mut run = 0usize;
            let mut promoted = false;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                file += run;
                run = 0;
                if c == '~' {
                    // The man before it is a promoted one.
                    if file > 0 && self.tables.drops.marks_promoted {
                        self.mark_promoted((row * 16 + file - 1) as u8);
                    }
                    continue;
                }
                if c == '+' && self.tables.promotion.any {
                    promoted = true;
                    continue;
                }
                let (color, mut t) = self.tables.variant.type_of_letter(c).ok_or_else(|| {
                    err(format!("'{c}' is no piece of {}", self.tables.variant.name))
                })?;
                if std::mem::take(&mut promoted) {
                    t = self.tables.promotion.promoted(t);
                    if t == 0 {
                        return Err(err(format!("'+{c}': '{c}' does not promote")));
                    }
                }
                if file >= w {
                    return Err(err(format!("rank {} is wider than {w} files", h - row)));
                }
                let bits = if color == Color::Black { BLACK } else { 0 };
                self.put((row * 16 + file) as u8, t | bits);
                file += 1;
            }
            file += run;
            if file != w {
                return Err(err(format!(
                    "rank {} has {file} files, expected {w}",
                    h - row
                )));
            }
        }
        Ok(())
    }

    fn place_holdings(&mut self, text: &str) -> Result<(), TextError> {
        let men: Vec<char> = text.chars().filter(|&c| c != '-').collect();
        if !men.is_empty() && !self.tables.has_hands() && !self.has_gating() {
            return Err(err(format!(
                "holdings '{text}': {} has no men in hand",
                self.tables.variant.name
            )));
        }
        if men.len() > usize::from(MOST_IN_HAND) {
            return Err(err(format!(
                "holdings '{text}': more than {MOST_IN_HAND} men"
            )));
        }
        for c in men {
            let (color, t) = self.tables.variant.type_of_letter(c).ok_or_else(|| {
                err(format!(
                    "holding '{c}' is no piece of {}",
                    self.tables.variant.name
                ))
            })?;
            if self.tables.royalty[t as usize] != Royalty::None && !self.tables.drops.must_drop {
                return Err(err(format!(
                    "holding '{c}': a royal piece is never in hand"
                )));
            }
            let n = self.hand[color.index()][t as usize];
            self.set_hand(color.index(), t, n.saturating_add(1));
            if self.tables.royalty[t as usize] != Royalty::None {
                self.check_royals_held(c, color, t)?;
            }
        }
        Ok(())
    }

    /// A royal piece in hand (a set-up phase) may not make more of its kind
    /// than the game starts with, on the board and in hand together.
    fn check_royals_held(&self, c: char, color: Color, t: u8) -> Result<(), TextError> {
        let held = usize::from(self.counts[color.index()][t as usize])
            + usize::from(self.hand[color.index()][t as usize]);
        let start = self.tables.variant.initial_count(color, t).max(1);
        if held > start {
            return Err(err(format!(
                "holding '{c}': {held} of that royal piece, on the board and in hand; the game has {start}"
            )));
        }
        Ok(())
    }

    /// Marks the man on `sq` as a promoted one.
    fn mark_promoted(&mut self, sq: u8) {
        let cell = self.take(sq);
        if cell != EMPTY {
            self.put(sq, cell | PROMOTED);
        }
    }

    /// Virginity from the castling field (see the module doc) and pawn ranks.
    fn apply_rights(&mut self, rights: &str) -> Result<(), TextError> {
        if self.tables.castling960 {
            self.apply_rights960(rights)?;
            for color in [Color::White, Color::Black] {
                self.mark_initial_pieces(color, false, true);
            }
            self.normalise_virginity();
            return Ok(());
        }
        let h = self.tables.height;
        let w = self.tables.width;
        let mut royal_marked = [false; 2];
        let mut file_letters = [false; 2];
        for c in rights.chars().filter(|&c| c != '-') {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let row = if color == Color::White { h - 1 } else { 0 };
            let file = match c.to_ascii_lowercase() {
                'k' => w - 1,
                'q' => 0,
                f @ 'a'..='p' => {
                    file_letters[color.index()] = true;
                    i32::from(f as u8 - b'a')
                }
                _ => return Err(err(format!("castling field has '{c}'"))),
            };
            if file >= w {
                return Err(err(format!("castling file '{c}' is off the board")));
            }
            let sq = (row * 16 + file) as u8;
            let cell = self.board[sq as usize];
            if cell != EMPTY && cell_color(cell) == color {
                self.set_virgin(sq);
                let corner = file == 0 || file == w - 1;
                royal_marked[color.index()] |=
                    corner || self.tables.royalty[cell_type(cell) as usize] != Royalty::None;
            }
        }
        for color in [Color::White, Color::Black] {
            self.mark_initial_pieces(
                color,
                royal_marked[color.index()],
                file_letters[color.index()],
            );
        }
        self.normalise_virginity();
        Ok(())
    }

    /// Pawns on their start rank are virgin; with castling rights the royal
    /// is; with KQkq-style rights other pieces are virgin on their start
    /// square (Fairy-Max's edit rule).
    fn mark_initial_pieces(&mut self, color: Color, royal: bool, explicit_files: bool) {
        let v = std::sync::Arc::clone(&self.tables.variant);
        let h = self.tables.height as usize;
        let back = if color == Color::White { h - 1 } else { 0 };
        let array = if color == Color::White {
            &v.white_array
        } else {
            &v.black_array
        };
        let mut squares = Vec::new();
        self.for_each_piece(color, |sq| squares.push(sq));
        for sq in squares {
            let cell = self.board[sq as usize];
            let t = cell_type(cell) as usize;
            let row = usize::from(sq >> 4);
            let file = usize::from(sq & 15);
            // A pawn behind its rank (dropped there) never multi-steps.
            let pawn_ok = match color {
                _ if self.tables.drops.drops => row == v.pawn_row[color.index()],
                Color::White => row >= v.pawn_row[0],
                Color::Black => row <= v.pawn_row[1],
            };
            let is_royal = self.tables.royalty[t] != Royalty::None;
            // Corner pieces get castling virginity only from their own letter.
            let corner = file == 0 || file + 1 == self.tables.width as usize;
            let virgin = if self.tables.is_pawn[t] {
                pawn_ok
            } else if is_royal && self.tables.castles[t] {
                royal && row == back && array.get(file) == Some(&(t as u8))
            } else {
                royal
                    && !explicit_files
                    && !corner
                    && row == back
                    && array.get(file) == Some(&(t as u8))
            };
            if virgin {
                self.set_virgin(sq);
            }
        }
    }

    /// Sets the virginity bit of the piece on `sq`.
    pub(crate) fn set_virgin(&mut self, sq: u8) {
        let cell = self.take(sq);
        self.put(sq, cell | VIRGIN);
    }

    fn apply_ep(&mut self, text: &str) -> Result<(), TextError> {
        if text == "-" {
            return Ok(());
        }
        let squares = self.parse_square_list(text)?;
        let (victim, passed) = match squares.as_slice() {
            [single] => {
                let toward = if self.side == Color::Black { -1 } else { 1 };
                let victim = self
                    .offset(*single, 0, toward)
                    .ok_or_else(|| err(format!("e.p. square {text} has no pawn beyond it")))?;
                (victim, vec![*single])
            }
            [first, ..] => {
                // Several squares (a multi-square step): the victim is the
                // one holding a man of the side that moved, in any order
                // (Fairy-Stockfish lists them as a set); else the first.
                let mover = self.side.flip();
                let holds_mover = |sq: u8| {
                    let cell = self.board[sq as usize];
                    cell != EMPTY && cell_color(cell) == mover
                };
                let victim = squares
                    .iter()
                    .copied()
                    .find(|&sq| holds_mover(sq))
                    .unwrap_or(*first);
                let passed = squares.iter().copied().filter(|&sq| sq != victim).collect();
                (victim, passed)
            }
            [] => return Err(err(format!("e.p. field '{text}'"))),
        };
        self.set_ep(&passed, victim);
        Ok(())
    }

    /// Squares written one after another (`e3`, `d4e3f2`): each is one
    /// character and the digits after it.
    fn parse_square_list(&self, text: &str) -> Result<Vec<u8>, TextError> {
        let mut out = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            // Split at a character boundary: the field may hold any text.
            let end = rest
                .char_indices()
                .skip(1)
                .find(|&(_, c)| !c.is_ascii_digit())
                .map_or(rest.len(), |(i, _)| i);
            let (name, tail) = rest.split_at(end);
            let sq = self
                .parse_square(name, false)
                .ok_or_else(|| err(format!("e.p. square '{text}'")))?;
            out.push(sq);
            rest = tail;
        }
        Ok(out)
    }

    /// Writes the position as FEN.
    pub(crate) fn write_fen(&self) -> String {
        let mut out = String::new();
        for row in 0..self.tables.height {
            if row > 0 {
                out.push('/');
            }
            let mut run = 0;
            for file in 0..self.tables.width {
                let cell = self.board[(row * 16 + file) as usize];
                if cell == EMPTY {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                let mut t = cell_type(cell);
                if self.tables.promotion.base(t) != 0 {
                    // A promoted man by choice: `+` and its man's letter.
                    out.push('+');
                    t = self.tables.promotion.base(t);
                }
                out.push(self.tables.variant.letter_of(cell_color(cell), t));
                if cell & PROMOTED != 0 {
                    out.push('~');
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
        }
        if self.has_gating() || self.tables.has_hands() {
            out.push_str(&format!("[{}]", self.holdings_text()));
        }
        let side = if self.side == Color::White { "w" } else { "b" };
        let count = self.count_state();
        let (ep, clock) = if count.limit > 0 {
            (count.limit.to_string(), u32::from(count.ply))
        } else {
            (self.ep_text(), self.halfmove)
        };
        format!(
            "{out} {side} {} {ep}{} {clock} {}",
            self.rights_text(),
            self.checks_text(),
            self.fullmove
        )
    }

    fn holdings_text(&self) -> String {
        let mut letters = Vec::new();
        for color in [Color::White, Color::Black] {
            let mut side: Vec<char> = Vec::new();
            for t in 1..16u8 {
                for _ in 0..self.hand[color.index()][t as usize] {
                    side.push(self.tables.variant.letter_of(color, t));
                }
            }
            side.sort_unstable();
            letters.extend(side);
        }
        letters.into_iter().collect()
    }

    fn rights_text(&self) -> String {
        let mut out = String::new();
        for color in [Color::White, Color::Black] {
            out.push_str(&self.rights_of(color));
        }
        if out.is_empty() {
            "-".into()
        } else {
            out
        }
    }

    /// `K`/`Q` for castling with the h-side/a-side corner, then the file
    /// letters of other virgin back-rank pieces whose virginity matters.
    fn rights_of(&self, color: Color) -> String {
        if self.tables.castling960 {
            let letters = self.rights960_of(color);
            return match color {
                Color::White => letters,
                Color::Black => letters.to_ascii_lowercase(),
            };
        }
        let (w, h) = (self.tables.width, self.tables.height);
        let row = if color == Color::White { h - 1 } else { 0 };
        let cell_at = |f: i32| self.board[(row * 16 + f) as usize];
        let virgin_own = |c: u8| c != EMPTY && c & VIRGIN != 0 && cell_color(c) == color;
        let castler = (0..w).find(|&f| {
            let c = cell_at(f);
            virgin_own(c) && self.tables.castles[cell_type(c) as usize]
        });
        let mut letters = String::new();
        let mut implied = Vec::new();
        if let Some(kf) = castler {
            for (corner, letter) in [(w - 1, 'K'), (0, 'Q')] {
                if virgin_own(cell_at(corner)) {
                    letters.push(letter);
                    implied.extend([corner, kf]);
                }
            }
        }
        for f in 0..w {
            let c = cell_at(f);
            // A castler whose corners have all moved can no longer castle:
            // its letter is written only where its virginity still matters.
            let spent_castler = castler == Some(f)
                && implied.is_empty()
                && !self.has_gating()
                && !self.moves_first_beyond_castling(cell_type(c));
            if virgin_own(c)
                && !implied.contains(&f)
                && !spent_castler
                && !self.tables.is_pawn[cell_type(c) as usize]
            {
                let corner_only =
                    (f == 0 || f == w - 1) && !self.tables.has_initial_moves[cell_type(c) as usize];
                if !corner_only || self.has_gating() {
                    letters.push(char::from(b'A' + f as u8));
                }
            }
        }
        if color == Color::Black {
            letters = letters.to_ascii_lowercase();
        }
        letters
    }

    /// Whether pieces of type `t` have first moves (x4 rays) other than
    /// castling (those with the 0x40 bit, such as Cambodian's king leap).
    fn moves_first_beyond_castling(&self, t: u8) -> bool {
        self.tables.variant.types[t as usize]
            .rays
            .iter()
            .any(|r| r.is_initial_only() && !r.toggle_mask().marks_skipped())
    }

    fn ep_text(&self) -> String {
        if self.ep_len == 0 {
            return "-".into();
        }
        let first = self.ep[0];
        let straight = (first & 15) == (self.ep_victim & 15);
        if straight && self.ep_len == 1 {
            return self.fen_square_name(first);
        }
        let mut out = self.fen_square_name(self.ep_victim);
        for &sq in &self.ep[..self.ep_len as usize] {
            out.push_str(&self.fen_square_name(sq));
        }
        out
    }
}

/// The most men a FEN's holdings may list.
const MOST_IN_HAND: u8 = 64;

fn split_holdings(placement: &str) -> Result<(&str, Option<&str>), TextError> {
    match placement.find('[') {
        None => Ok((placement, None)),
        Some(i) => {
            let inner = placement[i + 1..]
                .strip_suffix(']')
                .ok_or_else(|| err("holdings need a closing ']'".into()))?;
            Ok((&placement[..i], Some(inner)))
        }
    }
}

fn parse_number(field: Option<&str>, default: u32, what: &str) -> Result<u32, TextError> {
    match field {
        None => Ok(default),
        Some(text) => text
            .parse()
            .map_err(|_| err(format!("{what} '{text}' is not a number"))),
    }
}
