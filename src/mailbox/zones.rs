//! Overlay board rules on the mailbox: zone confinement (a filter on
//! generated moves and attacks), zone promotion (automatic, on landing),
//! the flying-general legality rule, and the royal first-move jumps that are
//! illegal in check or lost when an enemy piece lands on the royal's line
//! (Cambodian). Everything is driven by [`BoardRules`] data.

use super::tables::CompiledRay;
use super::{cell_color, cell_type, MailboxPos, BLACK, EMPTY, VIRGIN};
use crate::core::Color;
use crate::rules::variant::Royalty;
use crate::rules::zones::BoardRules;

/// The squares of (at most two) royals whose first-move jumps a move took.
pub(crate) type LostRights = [Option<u8>; 2];

/// A set of mailbox squares.
type SquareSet = [u64; 4];

fn contains(set: &SquareSet, sq: u8) -> bool {
    set[usize::from(sq >> 6)] >> (sq & 63) & 1 != 0
}

/// The board rules compiled for fast tests.
#[derive(Clone, Debug, Default)]
pub struct ZoneTables {
    /// Per zone: its squares for white and for black.
    masks: Vec<[SquareSet; 2]>,
    /// Per canonical type: the zone it may not leave.
    confine: Vec<Option<usize>>,
    /// Per side: (type, zone, new type) zone promotions.
    promotions: [Vec<(u8, usize, u8)>; 2],
    /// Royals may not face each other on an open file.
    pub flying_general: bool,
    /// Royal first-move jumps are illegal in check.
    leap_not_in_check: bool,
    /// Per type: landing on a virgin enemy royal's line removes its jumps.
    leap_lost_on_line: Vec<bool>,
    /// Whether any of `confine` is set.
    any_confined: bool,
    /// Whether any of `leap_lost_on_line` is set.
    any_leap_lost: bool,
    /// The goal royals reach to win, per side.
    pub goal: Option<GoalSquares>,
    /// Per side: the squares whose pawns may make their first-move steps
    /// (`pawn_multi_step`).
    multi_step: Option<[SquareSet; 2]>,
    /// Per side: the squares its e.p. captures may land on
    /// (`en_passant_zone`).
    ep_landing: Option<[SquareSet; 2]>,
    /// Per side: the squares on which its pawns promote by a move of their
    /// own (`promotion_in_place`).
    in_place: Option<[SquareSet; 2]>,
}

/// A goal compiled: its squares per side and the equalising rule.
#[derive(Clone, Debug, Default)]
pub struct GoalSquares {
    /// Per side: the goal's squares.
    squares: [SquareSet; 2],
    /// Black may draw by reaching its goal with the move after white's.
    pub equalise: bool,
    /// Per side and square: the king steps to the nearest goal square.
    distance: [Vec<u8>; 2],
}

impl GoalSquares {
    /// Whether `sq` belongs to `color`'s goal.
    #[must_use]
    pub fn contains(&self, color: Color, sq: u8) -> bool {
        contains(&self.squares[color.index()], sq)
    }

    /// The king steps from `sq` to `color`'s nearest goal square.
    #[must_use]
    pub fn distance(&self, color: Color, sq: u8) -> u8 {
        self.distance[color.index()][usize::from(sq)]
    }
}

impl ZoneTables {
    /// Compiles `rules`.
    #[must_use]
    pub fn new(rules: &BoardRules) -> ZoneTables {
        let mask = |squares: &[(usize, usize)]| {
            let mut set = [0u64; 4];
            for &(file, row) in squares {
                let sq = row * 16 + file;
                set[sq >> 6] |= 1 << (sq & 63);
            }
            set
        };
        let zone_masks = |z: Option<usize>| {
            z.and_then(|z| rules.zones.get(z))
                .map(|z| [mask(&z.squares[0]), mask(&z.squares[1])])
        };
        let promotion = |c: usize| {
            rules.promotions[c]
                .iter()
                .map(|p| (p.from, p.zone, p.to))
                .collect()
        };
        ZoneTables {
            masks: rules
                .zones
                .iter()
                .map(|z| [mask(&z.squares[0]), mask(&z.squares[1])])
                .collect(),
            confine: rules.confine.clone(),
            promotions: [promotion(0), promotion(1)],
            flying_general: rules.flying_general,
            leap_not_in_check: rules.royal_leap_not_in_check,
            leap_lost_on_line: rules.leap_lost_on_line.clone(),
            any_confined: rules.confine.iter().any(Option::is_some),
            any_leap_lost: rules.leap_lost_on_line.iter().any(|&b| b),
            goal: rules.goal.as_ref().map(|g| GoalSquares {
                squares: [mask(&g.squares[0]), mask(&g.squares[1])],
                equalise: g.equalise,
                distance: [steps_to(&g.squares[0]), steps_to(&g.squares[1])],
            }),
            multi_step: zone_masks(rules.multi_step_zone),
            ep_landing: zone_masks(rules.ep_zone),
            in_place: zone_masks(rules.in_place_zone),
        }
    }

    /// Whether any piece type is confined to a zone.
    #[must_use]
    pub fn any_confined(&self) -> bool {
        self.any_confined
    }

    /// Whether a piece always lands as itself and a landing never changes
    /// other pieces: no zone promotions, no lost royal jumps.
    #[must_use]
    pub fn plain_landing(&self) -> bool {
        self.promotions.iter().all(Vec::is_empty)
            && !self.any_leap_lost
            && self.multi_step.is_none()
    }

    /// Whether an e.p. capture by `color` may land on `sq`.
    #[must_use]
    pub fn ep_allowed(&self, color: Color, sq: u8) -> bool {
        self.ep_landing
            .as_ref()
            .is_none_or(|sets| contains(&sets[color.index()], sq))
    }

    /// Whether the zone rules limit e.p. captures.
    #[must_use]
    pub fn limits_ep(&self) -> bool {
        self.ep_landing.is_some()
    }

    /// Whether pawns promote by a move of their own (`promotion_in_place`)
    /// instead of on arrival.
    #[must_use]
    pub fn promotes_in_place(&self) -> bool {
        self.in_place.is_some()
    }

    /// Whether a pawn of `color` on `sq` stands where it may promote in
    /// place.
    #[must_use]
    pub fn in_place_square(&self, color: Color, sq: u8) -> bool {
        self.in_place
            .as_ref()
            .is_some_and(|sets| contains(&sets[color.index()], sq))
    }

    /// Whether pieces of type `t` may not leave a zone.
    #[must_use]
    pub fn is_confined(&self, t: usize) -> bool {
        matches!(self.confine.get(t), Some(Some(_)))
    }

    fn in_zone(&self, zone: usize, color: Color, sq: u8) -> bool {
        contains(&self.masks[zone][color.index()], sq)
    }
}

/// Per mailbox square: the king steps to the nearest of `squares` (file,
/// row), at most 255.
fn steps_to(squares: &[(usize, usize)]) -> Vec<u8> {
    (0..256usize)
        .map(|sq| {
            let (f, r) = (sq & 15, sq >> 4);
            squares
                .iter()
                .map(|&(gf, gr)| f.abs_diff(gf).max(r.abs_diff(gr)))
                .min()
                .map_or(u8::MAX, |d| u8::try_from(d).unwrap_or(u8::MAX))
        })
        .collect()
}

impl MailboxPos {
    /// Whether the piece `cell` may stand on `y` (its confinement zone).
    pub(crate) fn zone_allows(&self, cell: u8, y: u8) -> bool {
        let z = &self.tables.zones;
        if !z.any_confined {
            return true;
        }
        match z.confine.get(usize::from(cell_type(cell))) {
            Some(&Some(zone)) => z.in_zone(zone, cell_color(cell), y),
            _ => true,
        }
    }

    /// The cell a piece becomes when it lands on `y`: zone promotion, and
    /// a pawn on its `pawn_multi_step` zone may multi-step again.
    pub(crate) fn zone_promoted(&self, cell: u8, y: u8) -> u8 {
        let z = &self.tables.zones;
        if let Some(sets) = &z.multi_step {
            let pawn = self.tables.is_pawn[usize::from(cell_type(cell))];
            if pawn && contains(&sets[cell_color(cell).index()], y) {
                return cell | VIRGIN;
            }
        }
        if z.promotions.iter().all(Vec::is_empty) {
            return cell;
        }
        let color = cell_color(cell);
        let t = cell_type(cell);
        for &(from, zone, to) in &z.promotions[color.index()] {
            if from == t && z.in_zone(zone, color, y) {
                return (cell & (BLACK | VIRGIN)) | to;
            }
        }
        cell
    }

    /// After a FEN: pieces of a zone-promoting type inside the zone are the
    /// promoted type; promoted pieces outside it are the original type when
    /// both share a letter (the FEN cannot tell them apart, the square does).
    pub(crate) fn normalise_zone_pieces(&mut self) {
        for sq in 0..=255u8 {
            let cell = self.board[sq as usize];
            if cell == EMPTY {
                continue;
            }
            let mut new = self.zone_promoted(cell, sq);
            if new == cell {
                new = self.zone_demoted(cell, sq);
            }
            if new != cell {
                self.take(sq);
                self.put(sq, new);
            }
        }
    }

    fn zone_demoted(&self, cell: u8, sq: u8) -> u8 {
        let z = &self.tables.zones;
        let v = &self.tables.variant;
        let color = cell_color(cell);
        let t = cell_type(cell);
        for &(from, zone, to) in &z.promotions[color.index()] {
            let same_letter = v.types[from as usize].letter == v.types[to as usize].letter;
            if to == t && same_letter && !z.in_zone(zone, color, sq) {
                return (cell & (BLACK | VIRGIN)) | from;
            }
        }
        cell
    }

    /// Whether a royal of `color` faces an enemy royal on its file with
    /// nothing between them (flying-general rule).
    pub(crate) fn royal_faces_royal(&self, color: Color) -> bool {
        if !self.tables.zones.flying_general {
            return false;
        }
        let mut facing = false;
        self.for_each_piece(color, |sq| {
            if facing || !self.is_royal(self.board[sq as usize]) {
                return;
            }
            for dr in [-1, 1] {
                let mut at = sq;
                while let Some(next) = self.offset(at, 0, dr) {
                    let cell = self.board[next as usize];
                    if cell != EMPTY {
                        facing |= cell_color(cell) != color && self.is_royal(cell);
                        break;
                    }
                    at = next;
                }
            }
        });
        facing
    }

    /// Whether `cell` holds a royal piece.
    pub(crate) fn is_royal(&self, cell: u8) -> bool {
        self.tables.royalty[usize::from(cell_type(cell))] != Royalty::None
    }

    /// Whether `ray` of the (virgin) `piece` is a royal first-move jump
    /// (an x4 jump, not castling) that the rules forbid now: in check.
    pub(crate) fn royal_leap_forbidden(
        &self,
        piece: u8,
        ray: &CompiledRay,
        in_check: &std::cell::OnceCell<bool>,
    ) -> bool {
        self.tables.zones.leap_not_in_check
            && piece & VIRGIN != 0
            && ray.rights.is_initial_only()
            && ray.toggle.initial_jumps()
            && self.is_royal(piece)
            && *in_check.get_or_init(|| !self.royalty_safe(cell_color(piece)))
    }

    /// After a piece of type `t` landed on `to`: virgin enemy royals on the
    /// same rank or file lose their first-move jumps when the rules say so.
    /// Returns the squares whose virginity was taken (for unmake); a side
    /// has at most two royals that matter here.
    #[inline]
    pub(crate) fn take_leap_rights(&mut self, t: u8, mover: Color, to: u8) -> LostRights {
        if !self.tables.zones.any_leap_lost {
            return [None; 2];
        }
        self.take_leap_rights_on_line(t, mover, to)
    }

    /// [`MailboxPos::take_leap_rights`] in variants with the rule.
    fn take_leap_rights_on_line(&mut self, t: u8, mover: Color, to: u8) -> LostRights {
        let z = &self.tables.zones;
        let mut hit: LostRights = [None; 2];
        if !z.leap_lost_on_line[usize::from(t)] {
            return hit;
        }
        let mut n = 0;
        self.for_each_piece(mover.flip(), |sq| {
            let cell = self.board[sq as usize];
            let on_line = sq & 15 == to & 15 || sq >> 4 == to >> 4;
            if n < hit.len() && on_line && cell & VIRGIN != 0 && self.is_royal(cell) {
                hit[n] = Some(sq);
                n += 1;
            }
        });
        for sq in hit.into_iter().flatten() {
            let cell = self.take(sq);
            self.put(sq, cell & !VIRGIN);
        }
        hit
    }

    /// Gives back the virginity [`MailboxPos::take_leap_rights`] took.
    pub(crate) fn restore_leap_rights(&mut self, squares: LostRights) {
        for sq in squares.into_iter().flatten() {
            let cell = self.take(sq);
            self.put(sq, cell | VIRGIN);
        }
    }
}
