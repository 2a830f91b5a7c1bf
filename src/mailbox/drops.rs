//! Men in hand on the mailbox board: the squares each man may be dropped
//! on ([`DropTables`], from the variant's [`HandRules`]), drop generation,
//! making and taking back a drop, and the capture that puts the taken man
//! in the capturer's hand (a promoted man, marked [`PROMOTED`] on the board,
//! going back as a pawn where the rules say so).

use super::moves::Move;
use super::tables::Tables;
use super::{cell_color, cell_type, MailboxPos, BLACK, EMPTY, PROMOTED, VIRGIN};
use crate::core::Color;
use crate::rules::hands::HandRules;
use crate::rules::Variant;

/// A set of mailbox squares: bit `sq & 63` of word `sq >> 6`.
pub(crate) type SquareSet = [u64; 4];

/// The drop rules in board squares.
#[derive(Clone, Debug, Default)]
pub struct DropTables {
    /// Men in hand may be dropped.
    pub drops: bool,
    /// Captures put men in the capturer's hand.
    pub captures_to_hand: bool,
    /// Promoted men are marked on the board (they go back to hand as pawns).
    pub marks_promoted: bool,
    /// While a side holds men it must drop.
    pub must_drop: bool,
    /// Per side, per canonical type: the squares it may be dropped on.
    squares: [Vec<SquareSet>; 2],
    /// Per canonical type: two of a side stand on opposite colours.
    opposite_colours: Vec<bool>,
    /// Some type has [`DropTables::opposite_colours`].
    any_opposite_colours: bool,
    /// The light squares of the board.
    light: SquareSet,
    /// Per side, per canonical type: the squares on which a dropped man has
    /// never moved (`castling_dropped`: the castler's and its partners'
    /// squares of the start array).
    virgin_squares: [Vec<SquareSet>; 2],
    /// A bit per type: no drop on a file holding an own man of the type
    /// (`drop_no_doubled`).
    no_doubled: u16,
    /// A bit per type: its drop may not mate (`drop_no_mate`).
    pub no_mate: u16,
}

/// A bit per type whose flag is set.
fn type_bits(flags: &[bool]) -> u16 {
    flags
        .iter()
        .take(16)
        .enumerate()
        .filter(|(_, &f)| f)
        .fold(0, |bits, (t, _)| bits | 1 << t)
}

impl DropTables {
    /// The drop tables of `v` on its board; `castles` says per type
    /// whether it castles, `partners` (a bit per type) which types may be
    /// its partner.
    #[must_use]
    pub fn new(v: &Variant, castles: &[bool], partners: u16) -> DropTables {
        let rules: &HandRules = &v.hands;
        let mut board: SquareSet = [0; 4];
        let mut light: SquareSet = [0; 4];
        for row in 0..v.height {
            for file in 0..v.width {
                let sq = (row * 16 + file) as u8;
                add(&mut board, sq);
                if is_light(sq) {
                    add(&mut light, sq);
                }
            }
        }
        let immobile = super::promotion::PromotionTables::new(v);
        let squares = std::array::from_fn(|side| {
            (0..v.types.len())
                .map(|t| {
                    let mut set = match rules.drop_zone.get(t).copied().flatten() {
                        None => board,
                        Some(z) => {
                            let mut set = [0; 4];
                            for &(file, row) in &rules.zones[z].squares[side] {
                                add(&mut set, (row * 16 + file) as u8);
                            }
                            set
                        }
                    };
                    let dead = immobile.dead(t as u8);
                    set.iter_mut().zip(dead).for_each(|(w, d)| *w &= !d);
                    set
                })
                .collect()
        });
        DropTables {
            drops: rules.drops,
            captures_to_hand: rules.captures_to_hand(),
            marks_promoted: rules.captures_to_hand() && rules.demoted[0] != 0,
            must_drop: rules.must_drop,
            squares,
            any_opposite_colours: rules.opposite_colours.contains(&true),
            opposite_colours: rules.opposite_colours.clone(),
            light,
            no_doubled: type_bits(&rules.no_doubled),
            no_mate: type_bits(&rules.no_mate),
            virgin_squares: std::array::from_fn(|side| {
                virgin_squares(v, side, rules.castling_dropped, castles, partners)
            }),
        }
    }

    /// Whether a man of type `t` of `side` may be dropped on `sq` (by the
    /// zones alone).
    #[must_use]
    pub fn allows(&self, side: Color, t: u8, sq: u8) -> bool {
        self.squares[side.index()]
            .get(usize::from(t))
            .is_some_and(|set| contains(set, sq))
    }
}

/// Per type, the squares of `side`'s first row on which a dropped man of
/// that type has never moved: where the start array puts a castler, and
/// the array's corners for its partners (none without `castling_dropped`).
fn virgin_squares(
    v: &Variant,
    side: usize,
    castling_dropped: bool,
    castles: &[bool],
    partners: u16,
) -> Vec<SquareSet> {
    let mut out = vec![[0; 4]; v.types.len()];
    if !castling_dropped {
        return out;
    }
    let (array, row) = if side == 0 {
        (&v.white_array, v.height - 1)
    } else {
        (&v.black_array, 0)
    };
    let last = array.len().saturating_sub(1);
    for (file, &t) in array.iter().enumerate() {
        let t_index = usize::from(t);
        let castler = castles.get(t_index).copied().unwrap_or(false);
        let partner = (file == 0 || file == last) && partners >> t & 1 != 0;
        if t != 0 && (castler || partner) {
            if let Some(set) = out.get_mut(t_index) {
                add(set, (row * 16 + file) as u8);
            }
        }
    }
    out
}

/// Adds `sq` to `set`.
fn add(set: &mut SquareSet, sq: u8) {
    set[usize::from(sq >> 6)] |= 1 << (sq & 63);
}

/// Whether `sq` is in `set`.
fn contains(set: &SquareSet, sq: u8) -> bool {
    set[usize::from(sq >> 6)] >> (sq & 63) & 1 != 0
}

/// Whether square `sq` is a light one (a1 dark, as on every board).
fn is_light(sq: u8) -> bool {
    ((sq & 15) + (sq >> 4)).is_multiple_of(2)
}

impl MailboxPos {
    /// Whether the side to move holds any man.
    pub(crate) fn side_holds_men(&self) -> bool {
        self.hand[self.side.index()].iter().any(|&n| n != 0)
    }

    /// Whether the side to move may only drop (`must_drop` with men held).
    pub(crate) fn must_drop_now(&self) -> bool {
        self.tables.drops.must_drop && self.side_holds_men()
    }

    /// Appends every drop of the side to move.
    pub(crate) fn push_drops(&self, out: &mut Vec<Move>) {
        let drops = &self.tables.drops;
        if !drops.drops {
            return;
        }
        let side = self.side.index();
        let occupied: SquareSet =
            std::array::from_fn(|w| self.occupancy[0][w] | self.occupancy[1][w]);
        for t in 1..self.hand[side].len() as u8 {
            if self.hand[side][usize::from(t)] == 0 {
                continue;
            }
            let Some(set) = drops.squares[side].get(usize::from(t)) else {
                continue;
            };
            let doubled = self.doubled_files(t);
            for (w, word) in set.iter().enumerate() {
                let mut free = word & !occupied[w] & !doubled[w];
                while free != 0 {
                    let sq = (w as u32 * 64 + free.trailing_zeros()) as u8;
                    free &= free - 1;
                    if self.colour_rule_allows(t, sq) {
                        out.push(Move::drop(sq, t));
                    }
                }
            }
        }
    }

    /// Whether `m` (a drop) is one [`MailboxPos::push_drops`] would make.
    pub(crate) fn drop_is_pseudo_legal(&self, m: Move) -> bool {
        let (sq, t) = (m.to(), m.piece());
        self.tables.drops.drops
            && self.hand[self.side.index()]
                .get(usize::from(t))
                .is_some_and(|&n| n != 0)
            && self.board[usize::from(sq)] == EMPTY
            && self.tables.drops.allows(self.side, t, sq)
            && self.colour_rule_allows(t, sq)
            && !contains(&self.doubled_files(t), sq)
    }

    /// `drop_no_doubled`: the squares of every file on which the side to
    /// move has a man of type `t` (none unless `t` is such a man).
    fn doubled_files(&self, t: u8) -> SquareSet {
        let mut files: SquareSet = [0; 4];
        if self.tables.drops.no_doubled >> t & 1 == 0 {
            return files;
        }
        let mut column = 0u16;
        self.for_each_piece(self.side, |x| {
            if cell_type(self.board[usize::from(x)]) == t {
                column |= 1 << (x & 15);
            }
        });
        for row in 0..self.tables.height as u8 {
            for file in 0..self.tables.width as u8 {
                if column >> file & 1 != 0 {
                    add(&mut files, row * 16 + file);
                }
            }
        }
        files
    }

    /// `drop_opposite_colours`: the last man of a pair may not be dropped
    /// on the colour its twin stands on, and another man may not take the
    /// last square of a colour that a pair's man in hand still needs.
    fn colour_rule_allows(&self, t: u8, sq: u8) -> bool {
        let drops = &self.tables.drops;
        if !drops.any_opposite_colours {
            return true;
        }
        if !drops
            .opposite_colours
            .get(usize::from(t))
            .copied()
            .unwrap_or(false)
        {
            return self.leaves_room_for_pairs(sq);
        }
        let side = self.side;
        if self.hand[side.index()][usize::from(t)] != 1 {
            return true;
        }
        let mut twin_light = None;
        self.for_each_piece(side, |x| {
            if cell_type(self.board[usize::from(x)]) == t {
                twin_light = Some(is_light(x));
            }
        });
        twin_light.is_none_or(|light| light != is_light(sq))
    }

    /// Whether, once a man that belongs to no pair is dropped on `sq`, each
    /// pair in the side's hand still finds, on either colour, squares for
    /// half its men (those it has on that colour counted).
    fn leaves_room_for_pairs(&self, sq: u8) -> bool {
        let drops = &self.tables.drops;
        let side = self.side;
        let occupied: SquareSet = std::array::from_fn(|w| {
            self.occupancy[0][w]
                | self.occupancy[1][w]
                | u64::from(usize::from(sq >> 6) == w) << (sq & 63)
        });
        for (u, &paired) in drops.opposite_colours.iter().enumerate() {
            let held = self.hand[side.index()].get(u).copied().unwrap_or(0);
            if !paired || held == 0 {
                continue;
            }
            let Some(zone) = drops.squares[side.index()].get(u) else {
                continue;
            };
            // Per colour (dark, light): free squares of the zone, then men
            // of the pair already standing there.
            let mut room = [0u32; 2];
            for w in 0..4 {
                let free = zone[w] & !occupied[w];
                room[1] += (free & drops.light[w]).count_ones();
                room[0] += (free & !drops.light[w]).count_ones();
            }
            let mut men = u32::from(held);
            self.for_each_piece(side, |x| {
                if usize::from(cell_type(self.board[usize::from(x)])) == u {
                    room[usize::from(is_light(x))] += 1;
                    men += 1;
                }
            });
            if room.iter().any(|&r| r < men / 2) {
                return false;
            }
        }
        true
    }

    /// The cell a man of type `t` of the side to move stands as once
    /// dropped on `sq`: a pawn dropped on its side's pawn rank may make its
    /// first multi-step, as one that never moved, and a castler or partner
    /// dropped on its start square may castle (`castling_dropped`).
    fn dropped_cell(&self, t: u8, sq: u8) -> u8 {
        let side = self.side.index();
        let colour = if side == 0 { 0 } else { BLACK };
        let pawn_row = self.tables.variant.pawn_row[side];
        let pawn_step = self.tables.is_pawn[usize::from(t)]
            && self.tables.has_initial_moves[usize::from(t)]
            && usize::from(sq >> 4) == pawn_row;
        let castling = self.tables.drops.virgin_squares[side]
            .get(usize::from(t))
            .is_some_and(|set| contains(set, sq));
        let virgin = pawn_step || castling;
        t | colour | if virgin { VIRGIN } else { 0 }
    }

    /// Puts the dropped man on the board and takes it from the hand;
    /// returns the cell placed.
    pub(crate) fn place_drop(&mut self, m: Move) -> u8 {
        let (sq, t) = (m.to(), m.piece());
        let side = self.side.index();
        let cell = self.dropped_cell(t, sq);
        let n = self.hand[side][usize::from(t)];
        self.set_hand(side, t, n.saturating_sub(1));
        self.put(sq, cell);
        cell
    }

    /// Takes back [`MailboxPos::place_drop`] (the side to move is the
    /// dropper again).
    pub(crate) fn lift_drop(&mut self, m: Move) {
        let (sq, t) = (m.to(), m.piece());
        let side = self.side.index();
        self.take(sq);
        let n = self.hand[side][usize::from(t)];
        self.set_hand(side, t, n + 1);
    }

    /// The type a capture of `captured` puts in the capturer's hand (0:
    /// none).
    fn hand_type_of(&self, captured: u8) -> u8 {
        let capturer = cell_color(captured).flip().index();
        let rules = &self.tables.variant.hands;
        if captured & PROMOTED != 0 && rules.demoted[capturer] != 0 {
            return rules.demoted[capturer];
        }
        rules.to_hand[capturer]
            .get(usize::from(cell_type(captured)))
            .copied()
            .unwrap_or(0)
    }

    /// Puts the captured man in the capturer's hand (`gain`) or takes it
    /// out again (unmake).
    pub(crate) fn captured_to_hand(&mut self, captured: u8, gain: bool) {
        if captured == EMPTY || !self.tables.drops.captures_to_hand {
            return;
        }
        let t = self.hand_type_of(captured);
        if t == 0 {
            return;
        }
        let capturer = cell_color(captured).flip().index();
        let n = self.hand[capturer][usize::from(t)];
        let n = if gain {
            n.saturating_add(1)
        } else {
            n.saturating_sub(1)
        };
        self.set_hand(capturer, t, n);
    }

    /// The cell a promoting pawn lands as: marked [`PROMOTED`] where
    /// captured promoted men go back to hand as pawns.
    pub(crate) fn promoted_cell(&self, cell: u8) -> u8 {
        if self.tables.drops.marks_promoted {
            cell | PROMOTED
        } else {
            cell
        }
    }
}

/// The drop tables of a variant's [`Tables`].
impl Tables {
    /// Whether men enter or leave hands in this game.
    #[must_use]
    pub fn has_hands(&self) -> bool {
        self.drops.drops || self.drops.captures_to_hand
    }
}
