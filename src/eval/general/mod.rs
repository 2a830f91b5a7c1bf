//! General evaluation for [`MailboxPos`], read from the variant's data:
//! material from the ini values (or the mobility estimate where the ini
//! gives no positive value), centralisation and mobility from each piece's
//! own moves (its empty-board mobility on each square, `variant_tables`),
//! pawn advancement and passed pawns measured toward the promotion zone and
//! worth less when the promotion piece is weak (Fairy-Max's rule), royal
//! pieces that hide behind their own pieces and keep off the centre files
//! and forward rows while the board is full and centralise as it empties,
//! pieces in hand at full value, mobility and threats on the board as it
//! stands (`activity`), the terms of each
//! piece's kind of mover (`piece_kinds`: colour-bound pairs, hoppers and
//! their hurdles, sliders on open lines, outposts), and the endgame
//! knowledge in `endgame` (bare king, mating help, no stalling).
//!
//! Nothing is hard-coded to a piece letter: every term comes from
//! `rules::Variant` through the board's and the evaluation's tables
//! (`variant_tables`), so a piece invented in fmax.ini is evaluated by the
//! same code.
//!
//! Files: this one (the parts added up, scaled and reported, the royal
//! terms, and [`Evaluate`] for the board), `census` (each side's sums and
//! royal, which every term reads), `weights` (each weight, its default and
//! a variant's set), `variant_tables` (what is derived once per variant),
//! `pawn_sets` (pawn advancement and passed pawns), `piece_kinds` (the
//! terms of each kind of mover), `activity` (mobility, threats and the kind
//! terms of single men, in one pass over the board) and `endgame`.

mod activity;
mod census;
mod endgame;
pub mod pawn_sets;
pub mod piece_kinds;
pub mod variant_tables;
pub mod weights;

use crate::core::{Color, Score};
use crate::eval::network::{self, Played};
use crate::mailbox::{cell_type, MailboxPos};
use crate::position::features::FeatureCodes;
use crate::position::{Evaluate, Position};
use crate::rules::variant::Royalty;
use census::{census, Census, Side};
use pawn_sets::pawn_score;
use std::sync::Arc;
use variant_tables::{prepare, tables_of, with_weighted, VariantTables};
use weights::{Weight, Weights};

/// Material lead (centipawns) below which a pawnless side cannot force a win.
const MINOR_PIECE: i32 = 350;

/// Own men next to a royal counted by [`Weight::Shield`] at most.
const SHIELD_MAX: i32 = 3;

/// The game phase: (non-pawn, non-royal material on the board, the same
/// in the initial arrays).
fn phase(t: &VariantTables, sides: &[Side; 2]) -> (i32, i32) {
    let initial = t.initial_piece_material;
    let now = sides[0].pieces_value + sides[1].pieces_value;
    (now.min(initial), initial.max(1))
}

/// The game phase of `pos`, for tests of other terms.
#[cfg(test)]
pub(crate) fn tests_phase(pos: &MailboxPos) -> (i32, i32) {
    with_weighted(pos, &tables_of(pos), |pos, t| phase(t, &census(pos).sides))
}

/// The square of side `2 * reach + 1` around file `file` of row `row` of
/// a window of rows (16 bits a row), clipped to the window's 16 files and
/// its first row.
const fn square_mask(row: usize, file: usize, reach: usize) -> u128 {
    let files = (((1u32 << (2 * reach + 1)) - 1) << file >> reach) & 0xFFFF;
    let mut mask = 0;
    let mut r = row.saturating_sub(reach);
    while r <= row + reach {
        mask |= (files as u128) << (16 * r);
        r += 1;
    }
    mask
}

/// By the royal's row in a window that starts two rows below it or at
/// row 0 (0, 1 or 2) and its file: the 3x3 square around it (within the
/// window's first four rows, its low word) and the 5x5 one.
const NEAR: [[u64; 16]; 3] = {
    let mut masks = [[0; 16]; 3];
    let mut i = 0;
    while i < 48 {
        masks[i / 16][i % 16] = square_mask(i / 16, i % 16, 1) as u64;
        i += 1;
    }
    masks
};
const AROUND: [[u128; 16]; 3] = {
    let mut masks = [[0; 16]; 3];
    let mut i = 0;
    while i < 48 {
        masks[i / 16][i % 16] = square_mask(i / 16, i % 16, 2);
        i += 1;
    }
    masks
};

/// The rows of the squares in `set` but not in `minus` (square sets laid
/// out as `MailboxPos::men_set`) from row `first` on: row `first + j` in
/// bits `16 * j..16 * j + 16`, at least five rows.
fn rows_from(set: &[u64; 4], minus: &[u64; 4], first: i32) -> u128 {
    let word = (first >> 2) as usize & 3;
    let low = u128::from(set[word] & !minus[word]);
    let high = match (set.get(word + 1), minus.get(word + 1)) {
        (Some(&s), Some(&m)) => u128::from(s & !m),
        _ => 0,
    };
    (high << 64 | low) >> ((first & 3) * 16)
}

/// Set bits of `x`, for sparse sets (a loop per bit).
fn sparse_ones(mut x: u128) -> i32 {
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

/// Royal safety in the middle game: own men around the royal, enemy
/// pieces near it; white minus black.
fn royal_safety(pos: &MailboxPos, w: &Weights, c: &Census, phase: (i32, i32)) -> i32 {
    let (np, full) = phase;
    if np * 3 < full {
        return 0;
    }
    let mut score = 0;
    for color in [Color::White, Color::Black] {
        let Some(royal) = c.sides[color.index()].royal else {
            continue;
        };
        let (shield, attackers) = royal_neighbours(pos, color, royal);
        let s = (shield.min(SHIELD_MAX) * w[Weight::Shield] - attackers * w[Weight::RoyalAttacker])
            * np
            / full;
        score += if color == Color::White { s } else { -s };
    }
    score
}

/// Around `color`'s royal on (file, row) `(kf, kr)`: its own men in the
/// 3x3 square (itself excluded), and enemy pieces but royals in the 5x5
/// one, clipped to the board. The board's rows are cut out as one window
/// of at least five rows from two below the royal (or row 0).
fn royal_neighbours(pos: &MailboxPos, color: Color, (kf, kr): (i32, i32)) -> (i32, i32) {
    let first = (kr - 2).max(0);
    let at = (kr - first) as usize;
    let (near, around) = (NEAR[at][kf as usize & 15], AROUND[at][kf as usize & 15]);
    let own = rows_from(pos.men_set(color), &[0; 4], first) as u64 & near;
    let shield = own.count_ones() as i32 - 1;
    let enemy = color.flip();
    let pieces = rows_from(pos.men_set(enemy), pos.pawn_set(enemy), first);
    let mut attackers = sparse_ones(pieces & around);
    if attackers > 0 {
        // Enemy royals there are not counted.
        pos.for_each_royal(enemy, |sq| {
            let (f, r) = (i32::from(sq & 15), i32::from(sq >> 4));
            if (f - kf).abs() <= 2 && (r - kr).abs() <= 2 {
                attackers -= 1;
            }
        });
    }
    (shield, attackers)
}

/// Files from the nearer edge (the edge file being 0) from which a royal
/// no longer stands on a wing: where castling usually takes it (b, c, g
/// and h in orthodox chess; b, c, h and i in Capablanca's) is inside.
const WING_FILES: i32 = 3;

/// What `color`'s royal on (file, row) `(kf, kr)` loses in the middle
/// game by where it stands: a cost when it is off the wings (at least
/// [`WING_FILES`] files from its nearer edge), one per row in front of its
/// first row, at game phase `(np, full)`. A step rather than a slope, so a
/// royal gains nothing by walking a file toward the wing (and losing its
/// castling) instead of castling.
fn royal_wing(
    (pos, t): (&MailboxPos, &VariantTables),
    color: Color,
    (kf, kr): (i32, i32),
    (np, full): (i32, i32),
) -> i32 {
    let (width, height) = (pos.tables().width, pos.tables().height);
    let edge = kf.min(width - 1 - kf);
    let ahead = match color {
        Color::White => height - 1 - kr,
        Color::Black => kr,
    };
    let inside = i32::from(edge >= WING_FILES);
    (inside * t.terms[Weight::RoyalFile] + ahead * t.terms[Weight::RoyalRow]) * np / full
}

/// [`royal_wing`] of both sides, white minus black (a cost: negative when
/// White's royal stands worse).
fn royal_wings(pos: &MailboxPos, t: &VariantTables, c: &Census, phase: (i32, i32)) -> i32 {
    let cost = |color: Color| {
        c.sides[color.index()]
            .royal
            .map_or(0, |royal| royal_wing((pos, t), color, royal, phase))
    };
    cost(Color::Black) - cost(Color::White)
}

/// Names of the parts [`white_parts`] returns, in order.
const PART_NAMES: [&str; 9] = [
    "material",
    "piece mobility",
    "board mobility",
    "threats",
    "piece kinds",
    "royal placement",
    "pawns",
    "royal safety",
    "endgame",
];

/// The parts of the white-minus-black evaluation before scaling (see
/// [`PART_NAMES`]), from the census `c` and the variant's tables `t`.
#[inline(always)]
fn white_parts(pos: &MailboxPos, t: &VariantTables, c: &Census) -> [Score; 9] {
    let phase = phase(t, &c.sides);
    let (np, full) = phase;
    // Royals hide while the board is full and centralise later.
    let royal = (c.sides[0].royal_placement - c.sides[1].royal_placement)
        * t.terms[Weight::RoyalMobility]
        * (full - 2 * np)
        / (16 * full)
        + royal_wings(pos, t, c, phase)
        + goal_nearness(pos, &t.terms);
    let material = c.sides[0].total() - c.sides[1].total();
    let board = activity::board_terms(pos, t, phase);
    [
        material,
        c.score() - material,
        board.mobility,
        board.threats,
        board.kinds + piece_kinds::hopper_score(pos, &t.kinds, &t.terms),
        royal,
        pawn_score(pos, &t.pawns, c.pawn_advance(), phase),
        royal_safety(pos, &t.terms, c, phase) + checks_given(pos, &t.terms),
        endgame::white_bonus(pos, &c.sides),
    ]
}

/// White-minus-black worth of the checks given where checks are counted
/// (`checks_to_win`): [`Weight::CheckGiven`] times 1, 3, 6, ... for one,
/// two, three ... checks given.
fn checks_given(pos: &MailboxPos, w: &Weights) -> Score {
    let Some(limit) = pos.tables().variant.overlay.checks_to_win else {
        return 0;
    };
    let worth = |color: Color| {
        let given = i32::from(limit - pos.checks_left(color).unwrap_or(limit));
        w[Weight::CheckGiven] * given * (given + 1) / 2
    };
    worth(Color::White) - worth(Color::Black)
}

/// White-minus-black worth of the royals' way to their goal (`goal_zone`):
/// [`Weight::GoalNear`] per king step the nearest royal has done of seven.
fn goal_nearness(pos: &MailboxPos, w: &Weights) -> Score {
    let weight = w[Weight::GoalNear];
    if weight == 0 {
        return 0;
    }
    let Some(goal) = pos.tables().zones.goal.as_ref() else {
        return 0;
    };
    let near = |color: Color| {
        let mut best = 0;
        pos.for_each_royal(color, |sq| {
            best = best.max(7 - i32::from(goal.distance(color, sq).min(7)));
        });
        best
    };
    weight * (near(Color::White) - near(Color::Black))
}

/// White-minus-black evaluation: the parts, scaled down in drawish
/// endings and as the halfmove clock runs.
fn white_score(pos: &MailboxPos, t: &VariantTables) -> Score {
    let c = census(pos);
    let score: Score = white_parts(pos, t, &c).iter().sum();
    let score = score * drawish_scale(pos, t, &c.sides, score) / 8;
    endgame::progress_scale(pos, score)
}

/// The hand-written evaluation for the side to move.
fn hand_written_score(pos: &MailboxPos, tables: &Arc<VariantTables>) -> Score {
    let s = with_weighted(pos, tables, white_score);
    tables.terms[Weight::Tempo]
        + if pos.side_to_move() == Color::White {
            s
        } else {
            -s
        }
}

/// The network's score for the side to move, with the endgame knowledge
/// of the hand-written evaluation: its bonuses for mating and hunting the
/// last men, its scaling of drawish endings and of a running move clock.
fn network_score(pos: &MailboxPos, t: &Arc<VariantTables>, played: &Played) -> Score {
    let stm = pos.side_to_move();
    let net = match pos.network_input() {
        Some(input) if Arc::ptr_eq(&input.table, &played.table) => {
            played.network.evaluate(&input.sums, stm)
        }
        _ => played
            .network
            .evaluate(&pos.feature_sums(&played.table), stm),
    };
    if played.network.residual {
        return hand_written_score(pos, t) + net;
    }
    let c = census(pos);
    let white = if stm == Color::White { net } else { -net };
    let white = white + endgame::white_bonus(pos, &c.sides);
    let white = white * drawish_scale(pos, t, &c.sides, white) / 8;
    let white = endgame::progress_scale(pos, white);
    if stm == Color::White {
        white
    } else {
        -white
    }
}

/// Eighths of the score kept: a side without pawns (or pieces in hand) that
/// is at most a minor piece's worth ahead rarely wins, and with one piece
/// that cannot mate alone never does, unless the variant makes a bare king
/// lose.
fn drawish_scale(
    pos: &MailboxPos,
    t: &VariantTables,
    sides: &[Side; 2],
    white_score: Score,
) -> i32 {
    if pos.variant().overlay.bare_king_loses {
        return 8;
    }
    let strong = if white_score >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let (s, w) = (&sides[strong.index()], &sides[strong.flip().index()]);
    if s.pawns > 0 || s.hand_value > 0 {
        return 8;
    }
    if s.pieces == 1 && w.pawns == 0 && !t.mates_alone[only_piece(pos, strong)] {
        // One piece that cannot mate (a knight, a bishop, a met) against
        // no pawns: dead.
        return 0;
    }
    if s.pieces_value - w.pieces_value <= MINOR_PIECE {
        2
    } else {
        8
    }
}

/// The type of the last non-royal piece of `color` that is not a pawn (in
/// square order; the only one when it has one), 0 if none.
fn only_piece(pos: &MailboxPos, color: Color) -> usize {
    let tables = pos.tables();
    let mut found = 0;
    pos.for_each_piece(color, |sq| {
        let t = cell_type(pos.cell(sq)) as usize;
        if !tables.is_pawn[t] && tables.royalty[t] == Royalty::None {
            found = t;
        }
    });
    found
}

impl Evaluate for MailboxPos {
    /// The variant's tables, shared by all its positions.
    type EvalTables = Arc<VariantTables>;

    /// The board sums the evaluation's weights of the variant from now on.
    fn prepare_evaluation(&mut self) -> Arc<VariantTables> {
        prepare(self)
    }

    #[inline]
    fn evaluate_with(&self, tables: &Arc<VariantTables>) -> Score {
        if let (Some(played), true) = (&tables.network, network::enabled()) {
            return network_score(self, tables, played);
        }
        hand_written_score(self, tables)
    }

    fn eval_terms(&self) -> Vec<(&'static str, Score)> {
        let sign = if self.side_to_move() == Color::White {
            1
        } else {
            -1
        };
        let tables = tables_of(self);
        let (parts, score) = with_weighted(self, &tables, |pos, t| {
            (white_parts(pos, t, &census(pos)), white_score(pos, t))
        });
        let unscaled: Score = parts.iter().sum();
        let mut terms: Vec<(&'static str, Score)> = PART_NAMES
            .iter()
            .zip(parts)
            .map(|(&name, s)| (name, sign * s))
            .collect();
        terms.push(("drawish scaling", sign * (score - unscaled)));
        terms.push(("tempo", tables.terms[Weight::Tempo]));
        if tables.network.is_some() && network::enabled() {
            let hand: Score = terms.iter().map(|t| t.1).sum();
            terms.push(("network", self.evaluate_with(&tables) - hand));
        }
        terms
    }

    fn evaluate(&self) -> Score {
        self.evaluate_with(&tables_of(self))
    }

    /// Null moves are safe while the side to move has a non-pawn,
    /// non-royal piece on the board.
    fn null_move_allowed(&self) -> bool {
        let tables = self.tables();
        let side = self.side_to_move();
        (1..tables.value.len()).any(|t| {
            !tables.is_pawn[t]
                && tables.royalty[t] == Royalty::None
                && self.count(side, t as u8) > 0
        })
    }
}

#[cfg(test)]
mod tests;
