//! Terms of the general evaluation that depend on what kind of mover a
//! piece is. The kinds come from each type's rays (`mailbox::tables`), once
//! per variant, never from letters or names, so a piece invented in
//! fmax.ini is judged by the same code:
//! - colour-bound: every step of every ray keeps the square colour (a
//!   bishop, a ferz, an alfil). A side with men of one such kind on both
//!   colours earns [`Weight::ColourPairMg`]/[`Weight::ColourPairEg`] (the
//!   bishop pair);
//! - hopper: a ray jumps a man (a cannon, a grasshopper). Its worth follows
//!   the hurdles: [`Weight::HopperMen`] per man on the board beyond half
//!   the men of the start position;
//! - line slider: a ray slides straight forward (a rook, a chancellor, a
//!   cannon). On a file without an own pawn it earns
//!   [`Weight::HalfOpenLine`], on one without pawns [`Weight::OpenLine`];
//! - short-range: no ray slides or hops (a knight, a xiangqi horse, a
//!   ferz). On the enemy half, attacked by an own pawn and where no enemy
//!   pawn attacks or can advance to attack, it earns [`Weight::Outpost`].
//!
//! A term whose weights are zero costs nothing: its kinds are left out of
//! [`KindTables::active`], so the pass over the men (`activity`) never
//! looks at them.

use super::weights::{Weight, Weights};
use crate::core::Color;
use crate::mailbox::tables::{CompiledRay, Tables, CLASS_PAWN, CLASS_ROYAL};
use crate::mailbox::MailboxPos;
use crate::rules::mode::{Rights, Toggle};

/// A set of squares laid out as `MailboxPos::men_set`.
pub(crate) type Squares = [u64; 4];

/// Bit 0 (the first file) of each of the four rows of a word.
const FIRST_FILE: u64 = 0x0001_0001_0001_0001;

/// Sets of piece types (bit per type) of each kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kinds {
    /// Every move keeps the square colour.
    pub colour_bound: u16,
    /// A ray jumps a man.
    pub hoppers: u16,
    /// Per side (white first): a ray slides straight toward the enemy.
    pub line_sliders: [u16; 2],
    /// No ray slides or hops.
    pub short_range: u16,
}

/// What the kind terms need of one variant.
#[derive(Clone, Debug, Default)]
pub struct KindTables {
    /// The kinds of the variant's pieces (neither pawns nor royals).
    pub kinds: Kinds,
    /// The kinds whose terms have non-zero weights (the others are empty).
    pub active: Kinds,
    /// Half the non-royal men of the start position
    /// ([`Weight::HopperMen`]'s zero).
    pub hopper_centre: i32,
    /// Rows of the board.
    height: i32,
    /// Per side: the way its pawns advance in rows (-1 toward row 0, 1
    /// away from it, 0 nowhere).
    pawn_dir: [i32; 2],
}

/// Whether rights `r` let a ray go on past its first step and stop there
/// or capture (a slide).
fn slides(r: Rights) -> bool {
    r.may_land() && !r.is_leaper()
}

/// Whether `ray` slides (before or after its toggle) or hops; a virgin-only
/// ray does neither.
fn is_long(ray: &CompiledRay) -> bool {
    let (r, g) = (ray.rights, ray.toggle);
    !r.is_initial_only() && (slides(r) || (g != Toggle::NONE && slides(r.toggled(g))) || r.hops())
}

impl Kinds {
    /// The kinds of the types of `tables` that are neither pawns nor
    /// royals (at most 16 types).
    #[must_use]
    pub fn of(tables: &Tables) -> Kinds {
        let mut k = Kinds::default();
        for (t, rays) in tables.rays.iter().enumerate().take(16) {
            if rays.is_empty() || tables.class[t] & (CLASS_PAWN | CLASS_ROYAL) != 0 {
                continue;
            }
            let bit = 1u16 << t;
            if tables.colour_bound(t) {
                k.colour_bound |= bit;
            }
            if rays.iter().any(|r| r.rights.hops()) {
                k.hoppers |= bit;
            }
            for (c, forward) in [-1, 1].into_iter().enumerate() {
                let straight = |r: &CompiledRay| {
                    !r.rights.is_initial_only()
                        && r.s.df == 0
                        && r.s.dr == forward
                        && slides(r.rights)
                };
                if rays.iter().any(straight) {
                    k.line_sliders[c] |= bit;
                }
            }
            if !rays.iter().any(is_long) {
                k.short_range |= bit;
            }
        }
        k
    }

    /// The types the pass over `color`'s men looks at.
    fn watched(&self, color: Color) -> u16 {
        self.colour_bound | self.line_sliders[color.index()] | self.short_range
    }
}

impl KindTables {
    /// The tables of `pos`'s variant with the weights `w`.
    #[must_use]
    pub fn new(pos: &MailboxPos, w: &Weights) -> KindTables {
        let tables = pos.tables();
        let v = pos.variant();
        let kinds = Kinds::of(tables);
        let on = |weights: &[Weight], set: u16| {
            if weights.iter().any(|&x| w[x] != 0) {
                set
            } else {
                0
            }
        };
        let lines = [Weight::HalfOpenLine, Weight::OpenLine];
        let active = Kinds {
            colour_bound: on(
                &[Weight::ColourPairMg, Weight::ColourPairEg],
                kinds.colour_bound,
            ),
            hoppers: on(&[Weight::HopperMen], kinds.hoppers),
            line_sliders: kinds.line_sliders.map(|set| on(&lines, set)),
            short_range: on(&[Weight::Outpost], kinds.short_range),
        };
        let start = MailboxPos::new(std::sync::Arc::clone(v));
        let men: i32 = [Color::White, Color::Black]
            .iter()
            .map(|&c| start.piece_sums(c).pieces + start.piece_sums(c).pawns)
            .sum();
        KindTables {
            kinds,
            active,
            hopper_centre: men / 2,
            height: tables.height,
            pawn_dir: [0, 1].map(|c| (v.promotion_row[c] as i32 - v.pawn_row[c] as i32).signum()),
        }
    }

    /// Whether the pass over the men has anything to look at.
    #[must_use]
    pub fn watches(&self) -> bool {
        self.active.watched(Color::White) | self.active.watched(Color::Black) != 0
    }

    /// What `color` needs for its pass (`own_pawn_attacks`: the squares
    /// its pawns attack; `enemy_pawn_attacks`: the enemy's).
    pub(crate) fn view(
        &self,
        pos: &MailboxPos,
        color: Color,
        own_pawn_attacks: &Squares,
        enemy_pawn_attacks: &Squares,
    ) -> SideView {
        let enemy = color.flip();
        let span = if self.active.short_range == 0 {
            [0; 4]
        } else {
            advanced(enemy_pawn_attacks, self.pawn_dir[enemy.index()])
        };
        SideView {
            color,
            watched: self.active.watched(color),
            own_files: files(pos.pawn_set(color)),
            enemy_files: files(pos.pawn_set(enemy)),
            defended: *own_pawn_attacks,
            span,
        }
    }

    /// Counts the piece of type `t` on `x` into `counts` (the type is in
    /// `view.watched`).
    pub(crate) fn note(&self, view: &SideView, t: usize, x: u8, counts: &mut KindCounts) {
        let bit = 1u16 << t;
        let a = &self.active;
        if a.colour_bound & bit != 0 {
            counts.colours[usize::from((x ^ (x >> 4)) & 1)] |= bit;
        }
        if a.line_sliders[view.color.index()] & bit != 0 {
            let file = 1u16 << (x & 15);
            if view.own_files & file == 0 {
                if view.enemy_files & file == 0 {
                    counts.open += 1;
                } else {
                    counts.half_open += 1;
                }
            }
        }
        if a.short_range & bit != 0
            && self.on_enemy_half(view.color, x)
            && in_set(&view.defended, x)
            && !in_set(&view.span, x)
        {
            counts.outposts += 1;
        }
    }

    /// Whether `x` lies beyond the middle row, seen from `color`'s side.
    fn on_enemy_half(&self, color: Color, x: u8) -> bool {
        let row = i32::from(x >> 4);
        if color == Color::White {
            2 * row + 1 < self.height
        } else {
            2 * row + 1 > self.height
        }
    }
}

/// What one side's pass needs for the kind terms.
pub(crate) struct SideView {
    /// The side.
    color: Color,
    /// The types its pass looks at.
    pub watched: u16,
    /// Files (bit per file) with an own pawn.
    own_files: u16,
    /// Files with an enemy pawn.
    enemy_files: u16,
    /// Squares its pawns attack.
    defended: Squares,
    /// Squares enemy pawns attack now or after advancing.
    span: Squares,
}

/// What the pass over one side's men counts for the kind terms.
#[derive(Default)]
pub(crate) struct KindCounts {
    /// By square colour: bit per colour-bound type with a man there.
    colours: [u16; 2],
    /// Line sliders on files without an own pawn but with an enemy one.
    half_open: i32,
    /// Line sliders on files without pawns.
    open: i32,
    /// Short-range pieces on outposts.
    outposts: i32,
}

impl KindCounts {
    /// (colour-bound kinds on both colours, half-open, open, outposts).
    fn counts(&self) -> [i32; 4] {
        [
            (self.colours[0] & self.colours[1]).count_ones() as i32,
            self.half_open,
            self.open,
            self.outposts,
        ]
    }
}

/// Whether `sq` is in `set`.
fn in_set(set: &Squares, sq: u8) -> bool {
    set[usize::from(sq >> 6)] >> (sq & 63) & 1 != 0
}

/// The files (bit per file) holding a square of `set`.
fn files(set: &Squares) -> u16 {
    let w = set[0] | set[1] | set[2] | set[3];
    ((w | w >> 16 | w >> 32 | w >> 48) & 0xFFFF) as u16
}

/// `set` with every square `dir` rows further on (-1 toward row 0, 1 away
/// from it; 0 leaves it as it is), as far as the board goes.
fn advanced(set: &Squares, dir: i32) -> Squares {
    let mut out = *set;
    let mut carry = 0u64;
    if dir > 0 {
        for w in &mut out {
            let mut x = *w | carry;
            x |= x << 16;
            x |= x << 32;
            *w = x;
            carry = (x >> 48) * FIRST_FILE;
        }
    } else if dir < 0 {
        for w in out.iter_mut().rev() {
            let mut x = *w | carry;
            x |= x >> 16;
            x |= x >> 32;
            *w = x;
            carry = (x & 0xFFFF) * FIRST_FILE;
        }
    }
    out
}

/// The kind terms of the passes' counts, white minus black, at game phase
/// `phase` (`phased` weighs a (middle game, endgame) pair).
pub(crate) fn pass_score(
    w: &Weights,
    white: &KindCounts,
    black: &KindCounts,
    phased: impl Fn((i32, i32)) -> i32,
) -> i32 {
    let (a, b) = (white.counts(), black.counts());
    let d = |i: usize| a[i] - b[i];
    d(0) * phased(w.pair(Weight::ColourPairMg, Weight::ColourPairEg))
        + d(1) * w[Weight::HalfOpenLine]
        + d(2) * w[Weight::OpenLine]
        + d(3) * w[Weight::Outpost]
}

/// The hopper term of `pos`, white minus black: per hopper, the men on the
/// board beyond [`KindTables::hopper_centre`] times [`Weight::HopperMen`]
/// quarters.
pub(crate) fn hopper_score(pos: &MailboxPos, kt: &KindTables, w: &Weights) -> i32 {
    let hoppers = kt.active.hoppers;
    if hoppers == 0 {
        return 0;
    }
    let mut net = 0;
    let mut men = 0;
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let sums = pos.piece_sums(color);
        men += sums.pieces + sums.pawns;
        let mut set = hoppers;
        while set != 0 {
            let t = set.trailing_zeros() as u8;
            set &= set - 1;
            net += sign * i32::from(pos.count(color, t));
        }
    }
    net * (men - kt.hopper_centre) * w[Weight::HopperMen] / 4
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::general::variant_tables::tables_of;
    use crate::position::Evaluate;
    use crate::rules::catalog::Catalog;
    use crate::rules::Variant;
    use std::sync::Arc;

    /// `name` of the project's fmax.ini with its rules overlay (where the
    /// tests need one), playing the test weights (`Weights::test_table`,
    /// where every kind weight is 0) with `changes` made.
    fn variant_with(name: &str, changes: &[(Weight, i32)]) -> Arc<Variant> {
        let rules = match name {
            "shatranj" => include_str!("../../../variants/shatranj.ini"),
            "makruk" => include_str!("../../../variants/makruk.ini"),
            "xiangqi" => include_str!("../../../variants/xiangqi.ini"),
            _ => "",
        };
        let catalog = Catalog::from_text(
            include_str!("../../../fmax.ini"),
            "fmax.ini",
            &[(name, rules)],
        );
        let v = catalog.variant(name).unwrap();
        crate::eval::tests::playing(&v, &crate::eval::tests::test_weights(changes))
    }

    /// The kind terms of `fen` in `name` with the test weights changed by
    /// `changes`, white minus black.
    fn kind_terms(name: &str, changes: &[(Weight, i32)], fen: &str) -> i32 {
        let p = MailboxPos::from_fen(variant_with(name, changes), fen).unwrap();
        let t = tables_of(&p);
        let phase = crate::eval::general::tests_phase(&p);
        super::super::activity::board_terms(&p, &t, phase).kinds
            + hopper_score(&p, &t.kinds, &t.terms)
    }

    /// The kinds of `name`'s pieces, and the type bit of a letter.
    fn kinds(name: &str) -> (Kinds, impl Fn(char) -> u16) {
        let v = variant_with(name, &[]);
        let k = Kinds::of(MailboxPos::new(Arc::clone(&v)).tables());
        (k, move |l| 1u16 << v.type_of_letter(l).unwrap().1)
    }

    #[test]
    fn kinds_come_from_the_rays() {
        let (k, bit) = kinds("capablanca");
        assert_eq!(k.colour_bound, bit('B'));
        assert_eq!(k.hoppers, 0);
        let sliders = bit('R') | bit('Q') | bit('C');
        assert_eq!(k.line_sliders, [sliders, sliders]);
        // The knight and the piece that steps and leaps (E) only leap.
        assert_eq!(k.short_range, bit('N') | bit('E'));
        // Shatranj: the alfil and the ferz (and the types that copy them)
        // keep their colour, and all but the rook are short-range.
        let (k, bit) = kinds("shatranj");
        let (alfil, ferz, knight, rook) = (bit('B'), bit('Q'), bit('N'), bit('R'));
        assert_eq!(k.colour_bound & (alfil | ferz), alfil | ferz);
        assert_eq!(k.colour_bound & (knight | rook), 0);
        assert_eq!(k.line_sliders, [rook, rook]);
        assert_eq!(k.short_range, k.colour_bound | knight);
        // Xiangqi: the cannon hops (and slides to move); the horse and the
        // elephant are lame leapers, short-range all the same.
        let (k, bit) = kinds("xiangqi");
        assert_eq!(k.hoppers, bit('C'));
        assert_eq!(k.line_sliders[0], bit('R') | bit('C'));
        assert_eq!(k.colour_bound, bit('A') | bit('B'));
        assert_eq!(
            k.short_range & (bit('N') | bit('A') | bit('B')),
            bit('N') | bit('A') | bit('B')
        );
        // Bifurcator: the bishop and the rook hop as well as slide.
        let (k, bit) = kinds("bifurcator");
        assert_eq!(k.hoppers, bit('B') | bit('R'));
        assert_eq!(k.short_range, bit('N'));
    }

    #[test]
    fn no_weights_no_watching() {
        let off = [
            (Weight::ColourPairMg, 0),
            (Weight::ColourPairEg, 0),
            (Weight::HopperMen, 0),
            (Weight::HalfOpenLine, 0),
            (Weight::OpenLine, 0),
            (Weight::Outpost, 0),
        ];
        let v = variant_with("capablanca", &off);
        let t = tables_of(&MailboxPos::new(v));
        assert_eq!(t.kinds.active, Kinds::default());
        assert!(!t.kinds.watches());
        let v = variant_with(
            "capablanca",
            &[off.as_slice(), &[(Weight::Outpost, 1)]].concat(),
        );
        let t = tables_of(&MailboxPos::new(v));
        assert!(t.kinds.watches());
        assert_eq!(t.kinds.active.short_range, t.kinds.kinds.short_range);
        assert_eq!(t.kinds.active.colour_bound, 0);
    }

    const PAIR: &[(Weight, i32)] = &[(Weight::ColourPairMg, 40), (Weight::ColourPairEg, 60)];

    #[test]
    fn colour_bound_pieces_on_both_colours_are_a_pair() {
        // Capablanca: bishops on c1 and f1; phase 700 of 9840:
        // (40 * 700 + 60 * 9140) / 9840 = 58.
        let fen = "4k5/10/10/10/10/10/10/2B1KB4 w - - 0 1";
        assert_eq!(kind_terms("capablanca", PAIR, fen), 58);
        // Both on light squares (c1, e3): no pair.
        let fen = "4k5/10/10/10/10/4B5/10/2B1K5 w - - 0 1";
        assert_eq!(kind_terms("capablanca", PAIR, fen), 0);
        // Black's pair, Black to move: the term is white minus black.
        let fen = "2b1kb4/10/10/10/10/10/10/4K5 b - - 0 1";
        assert_eq!(kind_terms("capablanca", PAIR, fen), -58);
        // Shatranj: alfils on c1 and f1; phase 220 of 5120: 59.
        let fen = "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1";
        assert_eq!(kind_terms("shatranj", PAIR, fen), 59);
        // Orthodox rules on the general board: phase 592 of 5698: 57;
        // with a black pair too, nothing.
        let fen = "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1";
        assert_eq!(kind_terms("normal", PAIR, fen), 57);
        let fen = "2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1";
        assert_eq!(kind_terms("normal", PAIR, fen), 0);
    }

    #[test]
    fn hoppers_gain_with_men_on_the_board() {
        // Xiangqi: 30 men at the start, so the centre is 15. A lone cannon
        // with one man on the board: (1 - 15) * 8 / 4 = -28.
        let w = &[(Weight::HopperMen, 8)];
        let fen = "4k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1";
        assert_eq!(kind_terms("xiangqi", w, fen), -28);
        // The start position without a black cannon: 29 men, +28.
        let fen = "rnbakabnr/9/7c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(kind_terms("xiangqi", w, fen), 28);
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(kind_terms("xiangqi", w, start), 0);
        // Bifurcator's rooks and bishops hop: a lone rook, -28; a rook
        // against a bishop, nothing.
        assert_eq!(
            kind_terms("bifurcator", w, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
            -28
        );
        assert_eq!(
            kind_terms("bifurcator", w, "4kb2/8/8/8/8/8/8/R3K3 w - - 0 1"),
            0
        );
        // Capablanca has no hoppers.
        assert_eq!(
            kind_terms("capablanca", w, "4k5/10/10/10/10/10/10/R3K5 w - - 0 1"),
            0
        );
    }

    const LINES: &[(Weight, i32)] = &[(Weight::HalfOpenLine, 10), (Weight::OpenLine, 25)];

    #[test]
    fn sliders_on_files_without_own_pawns_earn_open_lines() {
        // Orthodox rules: the rook on e1 with no pawn on the e-file, with
        // a black one, with a white one.
        let fen = "4k3/pppp1ppp/8/8/8/8/PPPP1PPP/4RK2 w - - 0 1";
        assert_eq!(kind_terms("normal", LINES, fen), 25);
        let fen = "4k3/pppppppp/8/8/8/8/PPPP1PPP/4RK2 w - - 0 1";
        assert_eq!(kind_terms("normal", LINES, fen), 10);
        let fen = "4k3/pppp1ppp/8/8/8/8/PPPPPPPP/4RK2 w - - 0 1";
        assert_eq!(kind_terms("normal", LINES, fen), 0);
        // A bishop on the open file is no line slider; a black queen is.
        let fen = "4q1k1/pppp1ppp/8/8/8/8/PPPP1PPP/4BK2 w - - 0 1";
        assert_eq!(kind_terms("normal", LINES, fen), -25);
        // Capablanca: the chancellor on e1, the archbishop on d1 (no line
        // slider) on the open d-file.
        let fen = "4k5/10/10/10/10/10/PPP3PPPP/3ACK4 w - - 0 1";
        assert_eq!(kind_terms("capablanca", LINES, fen), 25);
        // Xiangqi: the cannon on e2 on a file without soldiers (25); the
        // black chariot on a10 sees only a white soldier on its file (10).
        let fen = "r3k4/9/9/9/9/9/P8/9/4C4/4K4 w - - 0 1";
        assert_eq!(kind_terms("xiangqi", LINES, fen), 15);
    }

    #[test]
    fn short_range_pieces_on_defended_squares_no_pawn_can_reach_are_outposts() {
        let w = &[(Weight::Outpost, 30)];
        // Orthodox rules: the knight on e5, defended by the pawn on d4.
        let fen = "4k3/8/8/4N3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(kind_terms("normal", w, fen), 30);
        // The pawn on f7 can come to f6 and attack it.
        let fen = "4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(kind_terms("normal", w, fen), 0);
        // One on f4 has passed it.
        let fen = "4k3/8/8/4N3/3P1p2/8/8/4K3 w - - 0 1";
        assert_eq!(kind_terms("normal", w, fen), 30);
        // On e4 it is on its own half; a bishop is no short-range piece.
        let fen = "4k3/8/8/8/3PN3/2P5/8/4K3 w - - 0 1";
        assert_eq!(kind_terms("normal", w, fen), 0);
        let fen = "4k3/8/8/4B3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(kind_terms("normal", w, fen), 0);
        // Shatranj: a black knight on e4 defended by the pawn on d5.
        let fen = "4k3/8/8/3p4/4n3/8/8/4K3 w - - 0 1";
        assert_eq!(kind_terms("shatranj", w, fen), -30);
        // The ferz on e5 defended by d4 is an outpost too.
        let fen = "4k3/8/8/4Q3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(kind_terms("shatranj", w, fen), 30);
        // Makruk: the knight on e5 defended by d4; a black pawn on f6
        // attacks it.
        let fen = "4k3/8/8/4N3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(kind_terms("makruk", w, fen), 30);
        let fen = "4k3/8/5p2/4N3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(kind_terms("makruk", w, fen), 0);
        // Capablanca: the knight on e5 as in orthodox chess.
        let fen = "4k5/10/10/4N5/3P6/10/10/4K5 w - - 0 1";
        assert_eq!(kind_terms("capablanca", w, fen), 30);
    }

    #[test]
    fn the_kind_terms_are_a_part_of_the_evaluation() {
        let v = variant_with("normal", LINES);
        let fen = "4k3/pppp1ppp/8/8/8/8/PPPP1PPP/4RK2 b - - 0 1";
        let p = MailboxPos::from_fen(v, fen).unwrap();
        let part = p
            .eval_terms()
            .into_iter()
            .find(|(name, _)| *name == "piece kinds")
            .map(|(_, s)| s);
        // For the side to move.
        assert_eq!(part, Some(-25));
    }

    #[test]
    fn advancing_fills_the_rows_ahead() {
        // d2 (row 6, file 3) advanced toward row 0 and toward row 7.
        let mut set = [0u64; 4];
        let sq = 6 * 16 + 3;
        set[sq >> 6] |= 1 << (sq & 63);
        let up = advanced(&set, -1);
        let down = advanced(&set, 1);
        for row in 0..8u8 {
            let x = row * 16 + 3;
            assert_eq!(in_set(&up, x), row <= 6, "{row}");
            assert_eq!(in_set(&down, x), row >= 6, "{row}");
            assert!(!in_set(&up, row * 16 + 4));
        }
        assert_eq!(advanced(&set, 0), set);
        assert_eq!(files(&up), 1 << 3);
    }
}
