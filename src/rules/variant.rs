//! A validated game: the raw [`GameDef`] plus the tables every board needs
//! (canonical piece types, pawn and promotion ranks, promotion choices,
//! royalty, letters for FEN and XBoard).
//!
//! Board rows follow Fairy-Max: row 0 is black's back rank (the top of the
//! board), row `height - 1` is white's first rank, so fmax.ini steps apply
//! unchanged. Files are 0-based from the a-file.

use super::end_rules::{self, Counting};
use super::hands::{self, HandRules};
use super::overlay::{Overlay, VALUE_PREFIX};
use super::zones::{self, BoardRules};
use super::{ConfigError, GameDef, Ray};
use crate::core::Color;

/// How a royal piece type is royal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Royalty {
    /// An ordinary piece.
    None,
    /// Value -1: losing any piece of this type loses.
    Absolute,
    /// Other negative values: the side loses when the last one is gone.
    Delocalised,
}

/// One canonical piece type of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    /// The letter in upper case (white's spelling).
    pub letter: char,
    /// Value in centipawns (absolute value for royals).
    pub value: i32,
    /// The value as written (negative for royals).
    pub raw_value: i32,
    /// The rays, as in the ini.
    pub rays: Vec<Ray>,
    /// Lower-case letter in the ini: centralise in evaluation.
    pub centralise: bool,
    /// Piece numbers 1 and 2: pawns (promote, double-push, e.p.).
    pub is_pawn: bool,
    /// Royalty kind.
    pub royalty: Royalty,
    /// Royal type numbered 8 or more: leaving two of them en prise loses.
    pub duple_check: bool,
    /// Value ends in 3 or is -1: never a promotion choice.
    pub not_promotable: bool,
}

/// A playable variant: validated definition plus derived tables.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The name it was selected by (`Game:` name).
    pub name: String,
    /// The definition as parsed.
    pub def: GameDef,
    /// Extra rules from `variants/`.
    pub overlay: Overlay,
    /// Files.
    pub width: usize,
    /// Ranks.
    pub height: usize,
    /// Canonical piece types; index 0 is unused (empty square).
    pub types: Vec<PieceType>,
    /// Maps an ini piece number to its canonical type number.
    pub canonical: Vec<u8>,
    /// White's first rank in canonical type numbers (0 = empty).
    pub white_array: Vec<u8>,
    /// Black's back rank in canonical type numbers (0 = empty).
    pub black_array: Vec<u8>,
    /// Row (0 = top) of each side's pawns in the initial position.
    pub pawn_row: [usize; 2],
    /// Row (0 = top) on which each side's pawns promote.
    pub promotion_row: [usize; 2],
    /// The canonical type each side's pawn is (white 1, black 2 in the ini).
    pub pawn_type: [u8; 2],
    /// Promotion choices per side, default (Fairy-Max's) choice first.
    pub promotion_choices: [Vec<u8>; 2],
    /// Fairy-Max's grande-acedrex rule (pawns start on the 4th rank, `=-3`):
    /// a pawn promoting on file `f` becomes `promotion_by_file[f]` (for both
    /// sides, from white's array; on the royal's file the piece on its a-side)
    /// and no other choice is legal (0: no piece, the pawn cannot promote
    /// there). `None` for every other variant; when
    /// set, `promotion_choices` lists the distinct pieces of this table.
    pub promotion_by_file: Option<Vec<u8>>,
    /// Zones, confinement, zone promotion and other overlay board rules.
    pub board_rules: BoardRules,
    /// The overlay's counting rules (makruk family), letters resolved.
    pub counting: Counting,
    /// Men in hand: captures to hand and drops, in canonical types.
    pub hands: HandRules,
}

/// The pawn rank (0-based) that switches on promotion by file.
const PROMOTION_BY_FILE_PAWN_RANK: usize = 3;

impl Variant {
    /// Validates `def` and derives the board tables.
    ///
    /// # Errors
    /// Every problem found, each with the file and line it comes from.
    pub fn build(def: &GameDef, overlay: &Overlay) -> Result<Variant, Vec<ConfigError>> {
        let mut errors = Vec::new();
        check_shape(def, &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        let (types, canonical) = canonical_types(def);
        let map = |a: &Vec<u8>| {
            a.iter()
                .map(|&n| canonical[n as usize])
                .collect::<Vec<u8>>()
        };
        let height = def.height as usize;
        let (pawn_rank, promo_rank) = pawn_and_promotion_ranks(def.zone, height);
        let mut v = Variant {
            name: def.name.clone(),
            def: def.clone(),
            overlay: overlay.clone(),
            width: def.width as usize,
            height,
            white_array: map(&def.white_array),
            black_array: map(&def.black_array),
            pawn_type: [canonical[1], canonical[2]],
            types,
            canonical,
            pawn_row: [height - 1 - pawn_rank, pawn_rank],
            promotion_row: [height - 1 - promo_rank, promo_rank],
            promotion_choices: [Vec::new(), Vec::new()],
            promotion_by_file: None,
            board_rules: BoardRules::default(),
            counting: Counting::default(),
            hands: HandRules::default(),
        };
        v.apply_piece_values(&mut errors);
        v.check_fen_aliases(&mut errors);
        v.promotion_choices = [
            v.derive_promotions(Color::White, &mut errors),
            v.derive_promotions(Color::Black, &mut errors),
        ];
        if pawn_rank == PROMOTION_BY_FILE_PAWN_RANK && v.overlay.promotion.is_none() {
            let table = v.file_promotion_table();
            let mut distinct: Vec<u8> = Vec::new();
            for &t in &table {
                if t != 0 && !distinct.contains(&t) {
                    distinct.push(t);
                }
            }
            v.promotion_choices = [distinct.clone(), distinct];
            v.promotion_by_file = Some(table);
        }
        v.board_rules = zones::resolve(&v, &mut errors);
        v.counting = end_rules::resolve(&v, &mut errors);
        v.hands = hands::resolve(&v, &mut errors);
        if errors.is_empty() {
            Ok(v)
        } else {
            Err(errors)
        }
    }

    /// Plays the overlay's `[eval]` piece values (`value.LETTER`): each
    /// replaces the ini's value of every non-royal piece with the letter.
    fn apply_piece_values(&mut self, errors: &mut Vec<ConfigError>) {
        let o = &self.overlay;
        for &(letter, value) in &o.piece_values {
            let mut found = false;
            for t in self.types.iter_mut().skip(1) {
                if t.letter == letter && t.royalty == Royalty::None {
                    t.value = value;
                    t.raw_value = value;
                    found = true;
                }
            }
            if !found {
                let line = o
                    .lines
                    .iter()
                    .find(|(k, _)| {
                        k.strip_prefix(VALUE_PREFIX)
                            .is_some_and(|l| l.eq_ignore_ascii_case(&letter.to_string()))
                    })
                    .map_or(0, |&(_, line)| line);
                errors.push(ConfigError {
                    file: o
                        .file
                        .clone()
                        .unwrap_or_else(|| format!("variants/{}.ini", self.name)),
                    line,
                    message: format!(
                        "{VALUE_PREFIX}{letter}: no piece of `{}` other than a royal has the letter {letter}",
                        self.name
                    ),
                });
            }
        }
    }

    /// Checks the overlay's `fen_alias` pairs: an alias may not be a letter
    /// of the game's pieces, and what it stands for must be one.
    fn check_fen_aliases(&self, errors: &mut Vec<ConfigError>) {
        let o = &self.overlay;
        let is_piece = |l: char| self.def.pieces.iter().any(|p| p.key_letter() == l);
        for &(alias, piece) in &o.fen_aliases {
            let message = if is_piece(alias) {
                format!(
                    "fen_alias {alias}:{piece}: {alias} is already a piece of `{}`",
                    self.name
                )
            } else if !is_piece(piece) {
                format!(
                    "fen_alias {alias}:{piece}: {piece} is no piece of `{}`",
                    self.name
                )
            } else {
                continue;
            };
            errors.push(ConfigError {
                file: o
                    .file
                    .clone()
                    .unwrap_or_else(|| format!("variants/{}.ini", self.name)),
                line: o.line_of("fen_alias"),
                message,
            });
        }
    }

    /// The canonical type a FEN/XBoard letter stands for (upper case =
    /// white), an overlay's `fen_alias` letters included.
    ///
    /// Fairy-Max's rule: the first piece with the letter is white's meaning,
    /// the last one black's.
    #[must_use]
    pub fn type_of_letter(&self, letter: char) -> Option<(Color, u8)> {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let written = letter.to_ascii_uppercase();
        let key = self
            .overlay
            .fen_aliases
            .iter()
            .find(|&&(alias, _)| alias == written)
            .map_or(written, |&(_, piece)| piece);
        let mut found = self
            .def
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.key_letter() == key)
            .map(|(i, _)| self.canonical[i + 1]);
        let t = match color {
            Color::White => found.next(),
            Color::Black => found.next_back(),
        }?;
        Some((color, t))
    }

    /// The FEN letter of a canonical type for a side.
    #[must_use]
    pub fn letter_of(&self, color: Color, t: u8) -> char {
        let l = self.types[t as usize].letter;
        match color {
            Color::White => l,
            Color::Black => l.to_ascii_lowercase(),
        }
    }

    /// Promotion choices for `color`: from the overlay, else every
    /// promotable non-royal non-pawn type of that side's initial array,
    /// with Fairy-Max's default first.
    fn derive_promotions(&self, color: Color, errors: &mut Vec<ConfigError>) -> Vec<u8> {
        let default = self.default_promotion(color);
        let mut out: Vec<u8> = default.into_iter().collect();
        let candidates: Vec<u8> = match &self.overlay.promotion {
            Some(letters) => {
                let mut v = Vec::new();
                for &l in letters {
                    let l = match color {
                        Color::White => l.to_ascii_uppercase(),
                        Color::Black => l.to_ascii_lowercase(),
                    };
                    match self.type_of_letter(l) {
                        Some((_, t)) => v.push(t),
                        None if color == Color::White => errors.push(ConfigError {
                            file: self
                                .overlay
                                .file
                                .clone()
                                .unwrap_or_else(|| format!("variants/{}.ini", self.name)),
                            line: self.overlay.promotion_line,
                            message: format!("promotion letter '{l}' is no piece of {}", self.name),
                        }),
                        None => {}
                    }
                }
                out.retain(|t| v.contains(t));
                v
            }
            None => {
                let array = match color {
                    Color::White => &self.white_array,
                    Color::Black => &self.black_array,
                };
                array
                    .iter()
                    .copied()
                    .filter(|&t| self.promotable(t))
                    .collect()
            }
        };
        for t in candidates {
            if t != 0 && !out.contains(&t) {
                out.push(t);
            }
        }
        out
    }

    /// White's array with each royal (or empty) entry replaced by its
    /// a-side neighbour (the h-side one on the a-file).
    fn file_promotion_table(&self) -> Vec<u8> {
        let a = &self.white_array;
        let usable = |t: u8| t != 0 && self.types[t as usize].royalty == Royalty::None;
        (0..a.len())
            .map(|f| {
                if usable(a[f]) {
                    a[f]
                } else if f > 0 && usable(a[f - 1]) {
                    a[f - 1]
                } else {
                    a.get(f + 1).copied().filter(|&t| usable(t)).unwrap_or(0)
                }
            })
            .collect()
    }

    fn promotable(&self, t: u8) -> bool {
        if t == 0 {
            return false;
        }
        let p = &self.types[t as usize];
        // Delocalised royals stay in the list: the board allows them only to
        // replace a lost one (Spartan's second king).
        !p.is_pawn && p.royalty != Royalty::Absolute && !p.not_promotable
    }

    /// How many pieces of type `t` `color` starts with.
    #[must_use]
    pub fn initial_count(&self, color: Color, t: u8) -> usize {
        let array = match color {
            Color::White => &self.white_array,
            Color::Black => &self.black_array,
        };
        array.iter().filter(|&&x| x == t).count()
    }

    /// Fairy-Max's own promotion piece: number 7, or 9 for black under the
    /// different-armies rule.
    fn default_promotion(&self, color: Color) -> Option<u8> {
        let n = self.def.pieces.len();
        if n < 7 {
            return None;
        }
        let seven = self.canonical[7];
        if color == Color::Black && n >= 9 {
            let has = |a: &Vec<u8>, num: usize| a.iter().any(|&x| x as usize == num);
            if has(&self.def.white_array, 7)
                && !has(&self.def.black_array, 7)
                && has(&self.def.black_array, 9)
            {
                return Some(self.canonical[9]);
            }
        }
        Some(seven)
    }
}

/// Board size and array checks that make the rest safe to derive.
fn check_shape(def: &GameDef, errors: &mut Vec<ConfigError>) {
    let err = |message: String| ConfigError {
        file: def.file.clone(),
        line: def.line,
        message,
    };
    if !(1..=16).contains(&def.width) || !(1..=16).contains(&def.height) {
        errors.push(err(format!(
            "board {}x{} is not supported: expected 1..16 files and 1..16 ranks",
            def.width, def.height
        )));
    }
    if def.pieces.len() < 2 {
        errors.push(err(
            "expected at least the two pawn lines (pieces 1 and 2)".into()
        ));
    }
    if def.pieces.len() > 15 {
        errors.push(err(format!(
            "{} piece types: at most 15 are allowed",
            def.pieces.len()
        )));
    }
    for (side, array) in [("white", &def.white_array), ("black", &def.black_array)] {
        if array.len() != def.width as usize {
            errors.push(err(format!(
                "{side} back rank has {} entries, expected {} (the board width)",
                array.len(),
                def.width
            )));
        }
        if let Some(&bad) = array.iter().find(|&&n| n as usize > def.pieces.len()) {
            errors.push(err(format!(
                "{side} back rank uses piece {bad}, but only {} pieces are defined",
                def.pieces.len()
            )));
        }
    }
    let h = def.height as usize;
    let (pawn, promo) = pawn_and_promotion_ranks(def.zone, h);
    // Pawns off the back ranks, white's pawn rank below black's, and the
    // promotion rank ahead of the pawns and on the board.
    if pawn == 0 || 2 * pawn + 1 >= h || pawn >= promo || promo >= h {
        errors.push(err(format!(
            "zone ={} does not fit a board of {} ranks: pawns would start on rank {} and promote on rank {}",
            def.zone,
            def.height,
            pawn + 1,
            promo + 1
        )));
    }
}

/// 0-based ranks (from each side's own first rank) of pawns and promotion.
fn pawn_and_promotion_ranks(zone: i32, height: usize) -> (usize, usize) {
    let h = height as i32;
    let (pawn, promo) = if zone > 0 {
        (zone.max(2) - 1, h.saturating_sub(zone))
    } else if zone < 0 {
        (zone.saturating_neg(), h - 1)
    } else {
        (1, h - 1)
    };
    (pawn.max(0) as usize, promo.max(0) as usize)
}

/// Merges piece numbers whose definitions are identical (value and rays),
/// so the outside world sees one piece; returns the types (index 0 unused)
/// and the map from ini number to canonical number.
fn canonical_types(def: &GameDef) -> (Vec<PieceType>, Vec<u8>) {
    let n = def.pieces.len();
    let representative = |i: usize| {
        let same = |j: usize| {
            def.pieces[j - 1].value == def.pieces[i - 1].value
                && def.pieces[j - 1].rays == def.pieces[i - 1].rays
                && (j > 2) == (i > 2)
        };
        // Piece 7 (the promotion piece) represents its group, else the lowest number.
        let rep = if n >= 7 && same(7) {
            7
        } else {
            (1..=i).find(|&j| same(j)).unwrap_or(i)
        };
        rep as u8
    };
    let canonical: Vec<u8> = std::iter::once(0)
        .chain((1..=n).map(representative))
        .collect();
    let types = std::iter::once(empty_type())
        .chain((1..=n).map(|i| piece_type(def, i)))
        .collect();
    (types, canonical)
}

fn empty_type() -> PieceType {
    PieceType {
        letter: '.',
        value: 0,
        raw_value: 0,
        rays: Vec::new(),
        centralise: false,
        is_pawn: false,
        royalty: Royalty::None,
        duple_check: false,
        not_promotable: true,
    }
}

fn piece_type(def: &GameDef, number: usize) -> PieceType {
    let p = &def.pieces[number - 1];
    let royalty = match p.value {
        -1 => Royalty::Absolute,
        v if v < 0 => Royalty::Delocalised,
        _ => Royalty::None,
    };
    PieceType {
        letter: p.key_letter(),
        value: p.value.abs(),
        raw_value: p.value,
        rays: p.rays.clone(),
        centralise: p.centralise(),
        is_pawn: number <= 2,
        royalty,
        duple_check: royalty != Royalty::None && number >= 8,
        not_promotable: p.value == -1 || (p.value > 0 && p.value % 10 == 3),
    }
}

impl Variant {
    /// Seirawan gating: Fairy-Max switches it on by the name `seirawan`;
    /// pieces 9 and 10 start in hand.
    #[must_use]
    pub fn has_gating(&self) -> bool {
        self.name == "seirawan" && self.def.pieces.len() >= 10
    }

    /// A problem with the overlay key `key` of this variant, located at
    /// the key's line of its file.
    #[must_use]
    pub fn overlay_error(&self, key: &str, message: String) -> ConfigError {
        ConfigError {
            file: self
                .overlay
                .file
                .clone()
                .unwrap_or_else(|| format!("variants/{}.ini", self.name)),
            line: self.overlay.line_of(key),
            message,
        }
    }

    /// The pieces each side holds in hand at the start: (side, type, count).
    #[must_use]
    pub fn initial_holdings(&self) -> Vec<(Color, u8, u8)> {
        if !self.has_gating() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for color in [Color::White, Color::Black] {
            for n in [9, 10] {
                out.push((color, self.canonical[n], 1));
            }
        }
        out
    }
}
