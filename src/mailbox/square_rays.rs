//! Per piece type and square, the plain rays a piece walks from that square,
//! already clipped to the board: the move generator's fast path for pieces
//! whose rays are all plain leaps and slides (no hop, toggle, wrap, x4 or
//! multi-path move), and for pawns (whose other rays, such as multi-steps,
//! are walked in turn by the general walk), on boards without zones or
//! gating. A piece's moves come out in the same order as the general ray
//! walk gives them.

use super::moves::{Move, MoveKind};
use super::tables::CompiledRay;
use super::{cell_color, cell_type, MailboxPos, EMPTY, VIRGIN};
use crate::core::Color;
use crate::position::GenKind;

/// One ray from one square: the step, how many steps stay on the board
/// (at least one) and the ray's rights (bit 0: may capture, bit 1: may move
/// to an empty square); or, with [`WALKED`] set, a ray of a pawn that the
/// general walk takes, whose index in the type's rays is `offset`.
#[derive(Clone, Copy, Debug)]
pub struct SquareRay {
    /// The step as a change of mailbox square (`16 * dr + df`), or the
    /// ray's index for a walked ray.
    offset: i16,
    /// Steps that stay on the board (1 for a leaper).
    steps: u8,
    /// Rights bits 0 (capture) and 1 (move to empty), or [`WALKED`].
    rights: u8,
}

/// [`SquareRay::rights`] of a ray the general walk takes.
const WALKED: u8 = 0x80;

/// A pawn's plain multi-step (straight, over empty squares, to an empty
/// square, virgin pawns only): `steps` squares from the origin that must
/// all be empty, the last one being the landing square.
const MULTI_STEP: u8 = 0x40;

/// [`SquareRay::rights`] of a pawn's ray that reaches white's promotion
/// zone (black's is the next bit).
const PROMOTES_WHITE: u8 = 0x10;

/// The promotion bit of [`SquareRay::rights`] for `color`.
fn promotes_bit(color: Color) -> u8 {
    PROMOTES_WHITE << color.index()
}

/// The board geometry the table is clipped to: width, height and the
/// promotion row per colour.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// Files.
    pub width: i32,
    /// Rows.
    pub height: i32,
    /// Per colour, the row where its pawns promote (as
    /// `Variant::promotion_row`).
    pub promotion_row: [usize; 2],
}

impl Geometry {
    /// The square `n` steps of (`df`, `dr`) from `sq`, if on the board.
    fn step(&self, sq: usize, (df, dr): (i32, i32), n: i32) -> Option<usize> {
        let f = (sq & 15) as i32 + df * n;
        let r = (sq >> 4) as i32 + dr * n;
        (f >= 0 && f < self.width && r >= 0 && r < self.height).then(|| (r * 16 + f) as usize)
    }

    /// The promotion bits of a pawn landing on one of `squares`.
    fn promotion_bits(&self, squares: impl Iterator<Item = usize>) -> u8 {
        let mut bits = 0;
        for sq in squares {
            let row = sq >> 4;
            if row <= self.promotion_row[0] {
                bits |= PROMOTES_WHITE;
            }
            if row >= self.promotion_row[1] {
                bits |= PROMOTES_WHITE << 1;
            }
        }
        bits
    }
}

/// Whether `ray` of a pawn of type `t` is a plain multi-step: an x4 ray
/// that goes straight on over `count + 1` empty squares and then may only
/// move (no capture, jump, hop, wrap or Fairy-Max's C24 shortening).
fn plain_multi_step(ray: &CompiledRay, t: usize) -> bool {
    ray.rights == 4
        && ray.toggle == 2
        && ray.s == ray.s2
        && usize::from(ray.count) <= t
        && !ray.cylinder
        && ray.multi_path.is_none()
        && !ray.hop_back
        && !ray.friendly_platform
}

/// The table: for every covered type and square, its rays in generation
/// order, with rays that leave the board at once left out.
#[derive(Clone, Debug)]
pub struct SquareRays {
    /// The rays of every (type, square), one run after another.
    rays: Vec<SquareRay>,
    /// Index `type * 256 + square` (16 types): where that run starts in
    /// `rays` and where it ends.
    spans: Box<[(u32, u32); 16 * 256]>,
    /// Bit per type that the table covers.
    covered: u16,
    /// Bit per covered type that is a pawn.
    pawns: u16,
}

impl SquareRays {
    /// The table for `rays` (per type) on a board of `geometry`; `reach`
    /// and `is_pawn` as in [`super::tables::Tables`]; `royal` per type.
    /// Covers nothing when `enabled` is false (zones or gating filter
    /// moves).
    #[must_use]
    pub fn new(
        rays: &[Vec<CompiledRay>],
        reach: &[u8],
        (is_pawn, royal): (&[bool], &[bool]),
        geometry: &Geometry,
        enabled: bool,
    ) -> SquareRays {
        let mut table = SquareRays {
            rays: Vec::new(),
            spans: Box::new([(0, 0); 16 * 256]),
            covered: 0,
            pawns: 0,
        };
        for (t, list) in rays.iter().enumerate() {
            let simple = !list.is_empty() && list.iter().all(|r| r.simple);
            let pawn = is_pawn[t] && !royal[t];
            if enabled && t < 16 && (pawn || (simple && !is_pawn[t])) {
                table.covered |= 1 << t;
                table.pawns |= u16::from(is_pawn[t]) << t;
            }
            if table.covered & (1 << t) == 0 {
                continue;
            }
            for sq in 0..256 {
                let start = table.rays.len() as u32;
                for (i, ray) in list.iter().enumerate() {
                    let entry = if ray.simple {
                        simple_entry(ray, reach[ray.reach_row * 256 + sq], sq, is_pawn[t])
                            .map(|(e, squares)| (e, geometry.promotion_bits(squares)))
                    } else if plain_multi_step(ray, t) {
                        multi_step_entry(ray, sq, geometry)
                    } else {
                        let walked = SquareRay {
                            offset: i as i16,
                            steps: 0,
                            rights: WALKED,
                        };
                        Some((walked, 0))
                    };
                    if let Some((mut entry, promotion)) = entry {
                        if is_pawn[t] {
                            entry.rights |= promotion;
                        }
                        table.rays.push(entry);
                    }
                }
                table.spans[t * 256 + sq] = (start, table.rays.len() as u32);
            }
        }
        table
    }

    /// Whether pieces of type `t` are generated from the table.
    #[must_use]
    pub fn covers(&self, t: u8) -> bool {
        self.covered & (1 << t) != 0
    }

    /// Whether pieces of type `t` are generated from the table and are
    /// not pawns.
    #[must_use]
    pub fn covers_piece(&self, t: u8) -> bool {
        (self.covered & !self.pawns) & (1 << t) != 0
    }

    /// Whether covered type `t` is a pawn.
    fn is_pawn(&self, t: u8) -> bool {
        self.pawns & (1 << t) != 0
    }

    /// The rays of type `t` from square `x` (empty for an uncovered type).
    fn of(&self, t: u8, x: u8) -> &[SquareRay] {
        let (start, end) = self.spans[usize::from(t & 15) * 256 + usize::from(x)];
        self.rays.get(start as usize..end as usize).unwrap_or(&[])
    }
}

/// The entry of the simple `ray` from `sq`, where `steps` steps stay on
/// the board (none if it leaves the board at once), and for a pawn the
/// squares it reaches (empty for other pieces).
fn simple_entry(
    ray: &CompiledRay,
    steps: u8,
    sq: usize,
    pawn: bool,
) -> Option<(SquareRay, impl Iterator<Item = usize>)> {
    let entry = SquareRay {
        offset: ray.offset as i16,
        steps,
        rights: ray.rights & 3,
    };
    let counted = if pawn { i32::from(steps) } else { 0 };
    let offset = ray.offset;
    let squares = (1..=counted).map(move |k| (sq as i32 + k * offset) as usize);
    (steps > 0).then_some((entry, squares))
}

/// The entry of the plain multi-step `ray` (see `plain_multi_step`) from
/// `sq` with its promotion bits; none when it leaves the board.
fn multi_step_entry(ray: &CompiledRay, sq: usize, geometry: &Geometry) -> Option<(SquareRay, u8)> {
    let step = (ray.s.df, ray.s.dr);
    let steps = i32::from(ray.count) + 2;
    let landing = geometry.step(sq, step, steps)?;
    let entry = SquareRay {
        offset: (ray.s.dr * 16 + ray.s.df) as i16,
        steps: steps as u8,
        rights: MULTI_STEP,
    };
    Some((entry, geometry.promotion_bits(std::iter::once(landing))))
}

impl MailboxPos {
    /// Appends the moves of `kind` of the side to move's piece of covered
    /// type `t` on `x` (see [`SquareRays`]).
    pub(super) fn push_table_moves(&self, x: u8, t: u8, kind: GenKind, out: &mut Vec<Move>) {
        if self.tables.square_rays.is_pawn(t) {
            self.push_pawn_table_moves(x, t, kind, out);
        } else {
            self.push_piece_table_moves(x, t, kind, out);
        }
    }

    /// [`MailboxPos::push_table_moves`] for a piece that is not a pawn.
    #[inline]
    pub(super) fn push_piece_table_moves(&self, x: u8, t: u8, kind: GenKind, out: &mut Vec<Move>) {
        let color = self.side;
        let quiets = kind != GenKind::Captures;
        let captures = kind != GenKind::Quiets;
        let quiet_move = Move::new(x, 0, MoveKind::Quiet, 0, 0);
        let capture = Move::new(x, 0, MoveKind::Capture, 0, 0);
        for ray in self.tables.square_rays.of(t, x) {
            let mut at = i32::from(x);
            for _ in 0..ray.steps {
                at += i32::from(ray.offset);
                let occupant = self.board[at as usize & 255];
                if occupant == EMPTY {
                    if quiets && ray.rights & 2 != 0 {
                        out.push(quiet_move.with_target(at as u8));
                    }
                    continue;
                }
                if captures
                    && ray.rights & 1 != 0
                    && cell_color(occupant) != color
                    && !self.tables.iron[cell_type(occupant) as usize]
                {
                    out.push(capture.with_target(at as u8));
                }
                break;
            }
        }
    }

    /// [`MailboxPos::push_table_moves`] for a pawn: moves along rays that
    /// reach the promotion zone go through `push_move` (the choices), empty
    /// squares may be taken e.p., the plain multi-step is taken from the
    /// table and its other rays are walked in their turn.
    pub(super) fn push_pawn_table_moves(&self, x: u8, t: u8, kind: GenKind, out: &mut Vec<Move>) {
        let color = self.side;
        let slow = WALKED | promotes_bit(color);
        let quiets = kind != GenKind::Captures;
        let captures = kind != GenKind::Quiets;
        for ray in self.tables.square_rays.of(t, x) {
            let rights = ray.rights;
            if rights & slow != 0 {
                self.push_pawn_ray(x, t, ray, kind, out);
                continue;
            }
            if rights & MULTI_STEP != 0 {
                if quiets && self.board[x as usize] & VIRGIN != 0 {
                    if let Some((y, skip)) = self.multi_step_target(x, ray) {
                        out.push(Move::new(x, y, MoveKind::MultiStep, 0, skip));
                    }
                }
                continue;
            }
            let mut at = i32::from(x);
            for _ in 0..ray.steps {
                at += i32::from(ray.offset);
                let y = (at & 255) as u8;
                let occupant = self.board[y as usize];
                if occupant == EMPTY {
                    if rights & 2 != 0 {
                        if quiets {
                            out.push(Move::new(x, y, MoveKind::Quiet, 0, 0));
                        }
                    } else if captures && rights & 1 != 0 && self.is_ep_square(y) {
                        out.push(Move::new(x, y, MoveKind::EnPassant, 0, 0));
                    }
                    continue;
                }
                if captures
                    && rights & 1 != 0
                    && cell_color(occupant) != color
                    && !self.tables.iron[cell_type(occupant) as usize]
                {
                    out.push(Move::new(x, y, MoveKind::Capture, 0, 0));
                }
                break;
            }
        }
    }

    /// A pawn's ray that the general walk takes, or that reaches the
    /// promotion zone: its moves go through `push_move`.
    #[inline(never)]
    fn push_pawn_ray(&self, x: u8, t: u8, ray: &SquareRay, kind: GenKind, out: &mut Vec<Move>) {
        let piece = self.board[x as usize];
        let color = self.side;
        if ray.rights & WALKED != 0 {
            let walked = &self.tables.rays[usize::from(t)][ray.offset as usize];
            self.walk_ray(x, piece, walked, None, &mut |y, mk, skip| {
                self.push_move(x, y, mk, skip, piece, kind, out);
            });
            return;
        }
        if ray.rights & MULTI_STEP != 0 {
            if piece & VIRGIN != 0 {
                if let Some((y, skip)) = self.multi_step_target(x, ray) {
                    self.push_move(x, y, MoveKind::MultiStep, skip, piece, kind, out);
                }
            }
            return;
        }
        let mut at = i32::from(x);
        for _ in 0..ray.steps {
            at += i32::from(ray.offset);
            let y = (at & 255) as u8;
            let occupant = self.board[y as usize];
            if occupant == EMPTY {
                if ray.rights & 2 != 0 {
                    self.push_move(x, y, MoveKind::Quiet, 0, piece, kind, out);
                } else if ray.rights & 1 != 0 && self.is_ep_square(y) {
                    self.push_move(x, y, MoveKind::EnPassant, 0, piece, kind, out);
                }
                continue;
            }
            if ray.rights & 1 != 0
                && cell_color(occupant) != color
                && !self.tables.iron[cell_type(occupant) as usize]
            {
                self.push_move(x, y, MoveKind::Capture, 0, piece, kind, out);
            }
            break;
        }
    }

    /// The landing square and first skipped square of the plain
    /// multi-step `ray` from `x`, when all its squares are empty.
    fn multi_step_target(&self, x: u8, ray: &SquareRay) -> Option<(u8, u8)> {
        let mut at = i32::from(x);
        for _ in 0..ray.steps {
            at += i32::from(ray.offset);
            if self.board[at as usize & 255] != EMPTY {
                return None;
            }
        }
        let skip = i32::from(x) + i32::from(ray.offset);
        Some((at as u8, skip as u8))
    }
}
