//! Per piece type and square, the plain rays a piece walks from that square,
//! already clipped to the board: the move generator's fast path for pieces
//! whose rays are all plain leaps and slides (no hop, toggle, wrap, x4 or
//! multi-path move), for castling pieces (plain rays plus castling rays,
//! which the general walk takes in their turn, and only for a virgin piece),
//! and for pawns (whose other rays, such as multi-steps, are walked in turn
//! by the general walk), on boards without zones. On a gating board
//! (Seirawan) a piece that may still gate takes the general walk, which
//! adds its gating moves; the others use the table. A piece's moves come
//! out in the same order as the general ray walk gives them.
//!
//! Each fast path is compiled once per kind of generation (const `QUIETS`
//! and `CAPTURES`), so the tests of the kind drop out of the inner loops.

use super::moves::{Move, MoveKind};
use super::tables::CompiledRay;
use super::{cell_color, cell_type, MailboxPos, EMPTY, VIRGIN};
use crate::core::Color;
use crate::position::GenKind;
use crate::rules::mode::{Rights, Toggle};

/// One ray from one square: the step, how many steps stay on the board
/// (at least one) and the ray's landing rights; or, marked
/// [`EntryBits::WALKED`], a ray of a pawn that the general walk takes,
/// whose index in the type's rays is `offset`.
#[derive(Clone, Copy, Debug)]
pub struct SquareRay {
    /// The step as a change of mailbox square (`16 * dr + df`), or the
    /// ray's index for a walked ray.
    offset: i16,
    /// Steps that stay on the board (1 for a leaper).
    steps: u8,
    /// The ray's landing rights and the table's marks.
    bits: EntryBits,
}

/// The byte of a table entry ([`SquareRay`]) or stop ([`Stop`]): the ray's
/// landing rights (capture, move) in the bits [`Rights`] gives them, and
/// the table's own marks above those.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct EntryBits(u8);

impl EntryBits {
    /// Nothing may land and nothing is marked.
    const NONE: EntryBits = EntryBits(0);
    /// A ray the general walk takes.
    const WALKED: EntryBits = EntryBits(0x80);
    /// A pawn's plain multi-step (straight, over empty squares, to an
    /// empty square, virgin pawns only): `steps` squares from the origin
    /// that must all be empty, the last one being the landing square.
    const MULTI_STEP: EntryBits = EntryBits(0x40);
    /// A pawn's ray that reaches white's promotion zone (black's is the
    /// next bit).
    const PROMOTES_WHITE: EntryBits = EntryBits(0x10);
    /// A pawn's stop that stands for a whole entry of its run (walked,
    /// multi-step, or reaching a promotion zone), whose index in the run
    /// is the stop's `sq`.
    const ENTRY: EntryBits = EntryBits(0x08);
    /// The marks of a pawn's entry that is no plain ray.
    const SPECIAL: EntryBits = EntryBits(
        Self::WALKED.0 | Self::MULTI_STEP.0 | Self::PROMOTES_WHITE.0 | Self::PROMOTES_WHITE.0 << 1,
    );

    /// The landing rights of `rights`, unmarked.
    #[inline]
    fn landing(rights: Rights) -> EntryBits {
        EntryBits(rights.landing().bits())
    }

    /// The promotion mark for `color`.
    #[inline]
    fn promotes(color: Color) -> EntryBits {
        EntryBits(Self::PROMOTES_WHITE.0 << color.index())
    }

    /// The ray's landing rights.
    #[inline]
    fn rights(self) -> Rights {
        Rights::from_bits(self.0).landing()
    }

    /// Whether the ray may capture.
    #[inline]
    fn may_capture(self) -> bool {
        self.rights().may_capture()
    }

    /// Whether the ray may move to an empty square.
    #[inline]
    fn may_move(self) -> bool {
        self.rights().may_move()
    }

    /// Whether any of `marks` is set.
    #[inline]
    fn any(self, marks: EntryBits) -> bool {
        self.0 & marks.0 != 0
    }

    /// The bits of `self` among `marks`.
    #[inline]
    fn only(self, marks: EntryBits) -> EntryBits {
        EntryBits(self.0 & marks.0)
    }

    /// `self` with `marks` set too.
    #[inline]
    fn with(self, marks: EntryBits) -> EntryBits {
        EntryBits(self.0 | marks.0)
    }

    /// The colours (bit per [`Color::index`]) whose pawns promote along
    /// the ray.
    #[inline]
    fn promoting_colours(self) -> u8 {
        (self.0 / Self::PROMOTES_WHITE.0) & BOTH_COLOURS
    }
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

    /// The promotion marks of a pawn landing on one of `squares`.
    fn promotion_bits(&self, squares: impl Iterator<Item = usize>) -> EntryBits {
        let mut bits = EntryBits::NONE;
        for sq in squares {
            let row = sq >> 4;
            if row <= self.promotion_row[0] {
                bits = bits.with(EntryBits::promotes(Color::White));
            }
            if row >= self.promotion_row[1] {
                bits = bits.with(EntryBits::promotes(Color::Black));
            }
        }
        bits
    }
}

/// Whether `ray` is a plain castling ray of a piece that is not a pawn: an
/// x4 ray that marks its square (no 0x40 bit) and does not jump (no 0x80), and
/// no wrap, multi-path, hop or platform rule, that either never castles
/// (not sideways: the castling test refuses it) or lands sideways on its
/// own side (its second step not back past the piece, so the landing lies
/// on the squares the castling test found empty, or is the corner). The
/// general walk makes at most one move along it, a castling (a quiet
/// move), and only for a virgin piece.
fn plain_castling(ray: &CompiledRay) -> bool {
    let never = ray.s.dr != 0 || ray.s.df == 0;
    let inward = ray.s2.dr == 0 && ray.s2.df * ray.s.df >= 0;
    ray.rights.is_initial_only()
        && ray.toggle.marks_skipped()
        && !ray.toggle.initial_jumps()
        && !ray.cylinder
        && ray.multi_path.is_none()
        && !ray.hop_back
        && !ray.friendly_platform
        && (never || inward)
}

/// How the move generator makes the moves of a piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// Not in the table: every ray is walked by the general walk.
    Walked,
    /// A piece (not a pawn) with plain rays only.
    Piece,
    /// A pawn: plain rays from the table, the others walked.
    Pawn,
    /// A piece (not a pawn) with plain rays and plain castling rays.
    Castler,
}

/// Whether `ray` of a pawn of type `t` is a plain multi-step: an x4 ray
/// that goes straight on over `count + 1` empty squares and then may only
/// move (no capture, jump, hop, wrap or Fairy-Max's C24 shortening).
fn plain_multi_step(ray: &CompiledRay, t: usize) -> bool {
    ray.rights.is_initial_only()
        && ray.toggle == Toggle::flipping(Rights::MOVE)
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
    /// The squares of every (type, square) that is not a pawn's, ray after
    /// ray, each ray's from the nearest out: one run after another.
    stops: Vec<Stop>,
    /// Index `type * 256 + square` (16 types): the runs of that piece on
    /// that square.
    spans: Box<[Span; 16 * 256]>,
    /// Per type: how its moves are made.
    coverage: [Coverage; 16],
}

/// One square of a ray of a piece that is not a pawn, or one of its
/// castling rays.
#[derive(Clone, Copy, Debug)]
struct Stop {
    /// The square; for a castling ray the ray's index in the type's rays.
    sq: u8,
    /// The ray's landing rights, or [`EntryBits::WALKED`] for a castling
    /// ray.
    bits: EntryBits,
    /// How many squares of the same ray follow (skipped once blocked).
    rest: u8,
}

/// The rays of one piece type on one square, and what its captures need.
#[derive(Clone, Copy, Debug, Default)]
struct Span {
    /// Where the run starts in [`SquareRays::rays`].
    start: u32,
    /// Where it ends.
    end: u32,
    /// Where the run of a piece that is not a pawn starts in
    /// [`SquareRays::stops`].
    stops_start: u32,
    /// Where it ends.
    stops_end: u32,
    /// Bit per colour: a piece of that colour may make a capture or
    /// promotion move without an enemy piece on `targets` (a walked ray,
    /// a ray into its promotion zone). [`EP_CAPABLE`]: a pawn, which may
    /// take e.p.
    unbounded: u8,
    /// The squares the plain capturing rays reach on an empty board (bit
    /// `sq & 63` of word `sq >> 6`, as the board's occupancy).
    targets: [u64; 4],
}

/// [`Span::unbounded`]: the piece may take e.p. (on a square without an
/// enemy piece).
const EP_CAPABLE: u8 = 4;

/// [`Span::unbounded`] bits of both colours.
const BOTH_COLOURS: u8 = 3;

impl Span {
    /// The span of the entries `run` (starting at `start`) of a piece of
    /// `coverage` on `sq`.
    fn of_run(start: u32, run: &[SquareRay], sq: usize, coverage: Coverage) -> Span {
        let mut span = Span {
            start,
            end: start + run.len() as u32,
            ..Span::default()
        };
        let pawn = coverage == Coverage::Pawn;
        if pawn {
            span.unbounded |= EP_CAPABLE;
        }
        for e in run {
            if e.bits.any(EntryBits::WALKED) {
                // A pawn's walked ray may do anything; a castling ray
                // never captures.
                span.unbounded |= if pawn { BOTH_COLOURS } else { 0 };
                continue;
            }
            span.unbounded |= e.bits.promoting_colours();
            if !e.bits.may_capture() || e.bits.any(EntryBits::MULTI_STEP) {
                continue;
            }
            let mut at = sq as i32;
            for _ in 0..e.steps {
                at += i32::from(e.offset);
                span.targets[(at as usize & 255) >> 6] |= 1 << (at & 63);
            }
        }
        span
    }
}

impl SquareRays {
    /// The table for `rays` (per type) on a board of `geometry`; `reach`
    /// and `is_pawn` as in [`super::tables::Tables`]; `royal` per type.
    /// Covers nothing when `enabled` is false (zones filter moves).
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
            stops: Vec::new(),
            spans: Box::new([Span::default(); 16 * 256]),
            coverage: [Coverage::Walked; 16],
        };
        for (t, list) in rays.iter().enumerate() {
            let coverage = coverage_of(list, is_pawn[t], royal[t]);
            if !enabled || t >= 16 || coverage == Coverage::Walked {
                continue;
            }
            table.coverage[t] = coverage;
            for sq in 0..256 {
                let start = table.rays.len() as u32;
                for (i, ray) in list.iter().enumerate() {
                    let entry = if ray.simple {
                        simple_entry(ray, reach[ray.reach_row * 256 + sq], sq, is_pawn[t])
                            .map(|(e, squares)| (e, geometry.promotion_bits(squares)))
                    } else if is_pawn[t] && plain_multi_step(ray, t) {
                        multi_step_entry(ray, sq, geometry)
                    } else {
                        let walked = SquareRay {
                            offset: i as i16,
                            steps: 0,
                            bits: EntryBits::WALKED,
                        };
                        Some((walked, EntryBits::NONE))
                    };
                    if let Some((mut entry, promotion)) = entry {
                        if is_pawn[t] {
                            entry.bits = entry.bits.with(promotion);
                        }
                        table.rays.push(entry);
                    }
                }
                let run = &table.rays[start as usize..];
                let mut span = Span::of_run(start, run, sq, coverage);
                span.stops_start = table.stops.len() as u32;
                push_stops(&mut table.stops, run, sq, coverage == Coverage::Pawn);
                span.stops_end = table.stops.len() as u32;
                table.spans[t * 256 + sq] = span;
            }
        }
        table
    }

    /// How the moves of pieces of type `t` are made.
    #[must_use]
    #[inline]
    pub fn coverage(&self, t: u8) -> Coverage {
        self.coverage[usize::from(t & 15)]
    }

    /// Entry `j` of the run of type `t` on square `x`.
    fn entry_of(&self, t: u8, x: u8, j: u8) -> Option<&SquareRay> {
        let span = &self.spans[usize::from(t & 15) * 256 + usize::from(x)];
        let run = self.rays.get(span.start as usize..span.end as usize)?;
        run.get(usize::from(j))
    }

    /// The squares of type `t` from square `x`, ray after ray.
    #[inline]
    fn stops_of(&self, t: u8, x: u8) -> &[Stop] {
        let span = &self.spans[usize::from(t & 15) * 256 + usize::from(x)];
        self.stops
            .get(span.stops_start as usize..span.stops_end as usize)
            .unwrap_or(&[])
    }

    /// Whether the piece of covered type `t` and `color` on `x` may have a
    /// capture or promotion move when the enemy men stand on `enemy` (a
    /// set laid out as the board's occupancy) and `ep` says whether there
    /// are e.p. squares. `false` only when it surely has none.
    #[inline]
    pub fn may_capture(&self, t: u8, x: u8, color: Color, enemy: &[u64; 4], ep: bool) -> bool {
        let span = &self.spans[usize::from(t & 15) * 256 + usize::from(x)];
        let open = (1 << color.index()) | if ep { EP_CAPABLE } else { 0 };
        let hit = (span.targets[0] & enemy[0])
            | (span.targets[1] & enemy[1])
            | (span.targets[2] & enemy[2])
            | (span.targets[3] & enemy[3]);
        span.unbounded & open != 0 || hit != 0
    }
}

/// Appends the stops of the entries `run` from `sq`; a `pawn`'s entries
/// that are not plain (walked, multi-step, reaching a promotion zone) are
/// one [`EntryBits::ENTRY`] stop each.
fn push_stops(stops: &mut Vec<Stop>, run: &[SquareRay], sq: usize, pawn: bool) {
    for (j, e) in run.iter().enumerate() {
        if pawn && e.bits.any(EntryBits::SPECIAL) {
            stops.push(Stop {
                sq: j as u8,
                bits: e.bits.with(EntryBits::ENTRY),
                rest: 0,
            });
            continue;
        }
        if e.bits.any(EntryBits::WALKED) {
            stops.push(Stop {
                sq: e.offset as u8,
                bits: EntryBits::WALKED,
                rest: 0,
            });
            continue;
        }
        for k in 1..=e.steps {
            stops.push(Stop {
                sq: (sq as i32 + i32::from(k) * i32::from(e.offset)) as u8,
                bits: EntryBits::landing(e.bits.rights()),
                rest: e.steps - k,
            });
        }
    }
}

/// How the table covers a type with `rays` (`pawn` and `royal` as the
/// type is).
fn coverage_of(rays: &[CompiledRay], pawn: bool, royal: bool) -> Coverage {
    if rays.is_empty() {
        Coverage::Walked
    } else if pawn {
        if royal {
            Coverage::Walked
        } else {
            Coverage::Pawn
        }
    } else if rays.iter().all(|r| r.simple) {
        Coverage::Piece
    } else if rays.iter().all(|r| r.simple || plain_castling(r)) {
        Coverage::Castler
    } else {
        Coverage::Walked
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
        bits: EntryBits::landing(ray.rights),
    };
    let counted = if pawn { i32::from(steps) } else { 0 };
    let offset = ray.offset;
    let squares = (1..=counted).map(move |k| (sq as i32 + k * offset) as usize);
    (steps > 0).then_some((entry, squares))
}

/// The entry of the plain multi-step `ray` (see `plain_multi_step`) from
/// `sq` with its promotion marks; none when it leaves the board.
fn multi_step_entry(
    ray: &CompiledRay,
    sq: usize,
    geometry: &Geometry,
) -> Option<(SquareRay, EntryBits)> {
    let step = (ray.s.df, ray.s.dr);
    let steps = i32::from(ray.count) + 2;
    let landing = geometry.step(sq, step, steps)?;
    let entry = SquareRay {
        offset: (ray.s.dr * 16 + ray.s.df) as i16,
        steps: steps as u8,
        bits: EntryBits::MULTI_STEP,
    };
    Some((entry, geometry.promotion_bits(std::iter::once(landing))))
}

/// The kind of generation that the const parameters `QUIETS` and
/// `CAPTURES` of the fast paths stand for.
pub(super) fn gen_kind(quiets: bool, captures: bool) -> GenKind {
    match (quiets, captures) {
        (true, true) => GenKind::All,
        (false, _) => GenKind::Captures,
        (true, false) => GenKind::Quiets,
    }
}

impl MailboxPos {
    /// Appends the moves of `kind` of the side to move's piece of covered
    /// type `t` on `x` (see [`SquareRays`]); `coverage` is not `Walked`.
    pub(super) fn push_table_moves(
        &self,
        x: u8,
        t: u8,
        coverage: Coverage,
        kind: GenKind,
        out: &mut Vec<Move>,
    ) {
        match kind {
            GenKind::All => self.push_covered::<true, true>(x, t, coverage, out),
            GenKind::Captures => self.push_covered::<false, true>(x, t, coverage, out),
            GenKind::Quiets => self.push_covered::<true, false>(x, t, coverage, out),
        }
    }

    /// [`MailboxPos::push_table_moves`] for one kind of generation.
    fn push_covered<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        x: u8,
        t: u8,
        coverage: Coverage,
        out: &mut Vec<Move>,
    ) {
        match coverage {
            Coverage::Pawn => self.push_pawn_table_moves::<QUIETS, CAPTURES>(x, t, out),
            Coverage::Castler => self.push_castler_table_moves::<QUIETS, CAPTURES>(x, t, out),
            _ => self.push_piece_table_moves::<QUIETS, CAPTURES>(x, t, out),
        }
    }

    /// The moves of a piece that is not a pawn along its plain rays from
    /// the table (type `t`, coverage `Piece`): one pass over its stops.
    #[inline]
    pub(super) fn push_piece_table_moves<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        x: u8,
        t: u8,
        out: &mut Vec<Move>,
    ) {
        let stops = self.tables.square_rays.stops_of(t, x);
        let quiet = Move::new(x, 0, MoveKind::Quiet, 0, 0);
        let capture = Move::new(x, 0, MoveKind::Capture, 0, 0);
        let mut i = 0;
        while let Some(stop) = stops.get(i) {
            i += 1;
            let occupant = self.board[usize::from(stop.sq)];
            if occupant == EMPTY {
                if QUIETS && stop.bits.may_move() {
                    out.push(quiet.with_target(stop.sq));
                }
                continue;
            }
            if CAPTURES && stop.bits.may_capture() && self.capturable(occupant) {
                out.push(capture.with_target(stop.sq));
            }
            i += usize::from(stop.rest);
        }
    }

    /// Calls `f(square, occupant, rights)` for every square the plain rays
    /// of the piece of type `t` (coverage `Piece` or `Castler`) on `x`
    /// reach on the board as it stands, up to and including the first man
    /// in the way (of either colour); `rights` are the ray's landing
    /// rights. Castling rays are left out.
    #[inline]
    pub(super) fn table_reach(&self, x: u8, t: u8, f: &mut impl FnMut(u8, u8, Rights)) {
        let stops = self.tables.square_rays.stops_of(t, x);
        let mut i = 0;
        while let Some(stop) = stops.get(i) {
            i += 1;
            if stop.bits.any(EntryBits::WALKED) {
                continue;
            }
            let occupant = self.board[usize::from(stop.sq)];
            f(stop.sq, occupant, stop.bits.rights());
            if occupant != EMPTY {
                i += usize::from(stop.rest);
            }
        }
    }

    /// Whether the side to move may capture `occupant` (not empty).
    #[inline(always)]
    fn capturable(&self, occupant: u8) -> bool {
        cell_color(occupant) != self.side && !self.tables.iron[cell_type(occupant) as usize]
    }

    /// The moves of a castling piece (coverage `Castler`): its plain rays
    /// from the table and, in their turn, its castling rays walked by the
    /// general walk when the piece is virgin. A castling is a quiet move
    /// (it lands on an empty square between the piece and its corner), so
    /// captures alone never walk them.
    pub(super) fn push_castler_table_moves<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        x: u8,
        t: u8,
        out: &mut Vec<Move>,
    ) {
        let piece = self.board[x as usize];
        let stops = self.tables.square_rays.stops_of(t, x);
        let mut i = 0;
        while let Some(stop) = stops.get(i) {
            i += 1;
            if stop.bits.any(EntryBits::WALKED) {
                if QUIETS && piece & VIRGIN != 0 {
                    self.push_castling(x, piece, usize::from(stop.sq), out);
                }
                continue;
            }
            let occupant = self.board[usize::from(stop.sq)];
            if occupant == EMPTY {
                if QUIETS && stop.bits.may_move() {
                    out.push(Move::new(x, stop.sq, MoveKind::Quiet, 0, 0));
                }
                continue;
            }
            if CAPTURES && stop.bits.may_capture() && self.capturable(occupant) {
                out.push(Move::new(x, stop.sq, MoveKind::Capture, 0, 0));
            }
            i += usize::from(stop.rest);
        }
    }

    /// The castling along ray `index` of the virgin `piece` on `x`, by the
    /// general walk.
    #[inline(never)]
    fn push_castling(&self, x: u8, piece: u8, index: usize, out: &mut Vec<Move>) {
        let walked = &self.tables.rays[usize::from(cell_type(piece))][index];
        self.walk_ray(x, piece, walked, None, &mut |y, mk, skip| {
            self.push_move(x, y, mk, skip, piece, GenKind::All, out);
        });
    }

    /// The moves of a pawn (coverage `Pawn`): one pass over its stops;
    /// empty squares may be taken e.p., the plain multi-step is taken from
    /// the table and other special entries (walked rays, rays reaching the
    /// promotion zone, which go through `push_move`) in their turn.
    #[inline(always)]
    pub(super) fn push_pawn_table_moves<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        x: u8,
        t: u8,
        out: &mut Vec<Move>,
    ) {
        let table = &self.tables.square_rays;
        let stops = table.stops_of(t, x);
        let slow = EntryBits::WALKED.with(EntryBits::promotes(self.side));
        let mut i = 0;
        while let Some(stop) = stops.get(i) {
            i += 1;
            let bits = stop.bits;
            if bits.any(EntryBits::ENTRY) {
                let Some(entry) = table.entry_of(t, x, stop.sq) else {
                    continue;
                };
                if bits.only(slow.with(EntryBits::MULTI_STEP)) == EntryBits::MULTI_STEP {
                    if QUIETS && self.board[x as usize] & VIRGIN != 0 {
                        if let Some((y, skip)) = self.multi_step_target(x, entry) {
                            out.push(Move::new(x, y, MoveKind::MultiStep, 0, skip));
                        }
                    }
                } else {
                    self.push_pawn_entry::<QUIETS, CAPTURES>(x, t, entry, out);
                }
                continue;
            }
            if !QUIETS && !bits.may_capture() {
                // A move-only ray outside the promotion zone.
                i += usize::from(stop.rest);
                continue;
            }
            if self.push_pawn_target::<QUIETS, CAPTURES>(x, stop.sq, bits, out) {
                continue;
            }
            i += usize::from(stop.rest);
        }
    }

    /// A pawn's special entry (see [`EntryBits::ENTRY`]) other than a plain
    /// multi-step of a pawn that cannot promote on it: walked or promoting
    /// through `push_move`, else (reaching only the other side's zone) as
    /// a plain ray.
    #[inline(never)]
    fn push_pawn_entry<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        x: u8,
        t: u8,
        entry: &SquareRay,
        out: &mut Vec<Move>,
    ) {
        let bits = entry.bits;
        let slow = EntryBits::WALKED
            .with(EntryBits::promotes(self.side))
            .with(EntryBits::MULTI_STEP);
        if bits.any(slow) {
            self.push_pawn_ray(x, t, entry, gen_kind(QUIETS, CAPTURES), out);
            return;
        }
        if !QUIETS && !bits.may_capture() {
            return;
        }
        let mut at = i32::from(x);
        for _ in 0..entry.steps {
            at += i32::from(entry.offset);
            if !self.push_pawn_target::<QUIETS, CAPTURES>(x, (at & 255) as u8, bits, out) {
                break;
            }
        }
    }

    /// The move, if any, of a pawn's plain ray (with `bits`) from `x`
    /// to `y`: a push, an en-passant capture or a capture. Whether the ray
    /// goes on past `y` (it was empty).
    #[inline(always)]
    fn push_pawn_target<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        x: u8,
        y: u8,
        bits: EntryBits,
        out: &mut Vec<Move>,
    ) -> bool {
        let occupant = self.board[usize::from(y)];
        if occupant == EMPTY {
            if bits.may_move() {
                if QUIETS {
                    out.push(Move::new(x, y, MoveKind::Quiet, 0, 0));
                }
            } else if CAPTURES && bits.may_capture() && self.is_ep_square(y) {
                out.push(Move::new(x, y, MoveKind::EnPassant, 0, 0));
            }
            return true;
        }
        if CAPTURES && bits.may_capture() && self.capturable(occupant) {
            out.push(Move::new(x, y, MoveKind::Capture, 0, 0));
        }
        false
    }

    /// A pawn's ray that the general walk takes, or that reaches the
    /// promotion zone: its moves go through `push_move`.
    #[inline(never)]
    fn push_pawn_ray(&self, x: u8, t: u8, ray: &SquareRay, kind: GenKind, out: &mut Vec<Move>) {
        let piece = self.board[x as usize];
        let color = self.side;
        if ray.bits.any(EntryBits::WALKED) {
            let walked = &self.tables.rays[usize::from(t)][ray.offset as usize];
            self.walk_ray(x, piece, walked, None, &mut |y, mk, skip| {
                self.push_move(x, y, mk, skip, piece, kind, out);
            });
            return;
        }
        if ray.bits.any(EntryBits::MULTI_STEP) {
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
                if ray.bits.may_move() {
                    self.push_move(x, y, MoveKind::Quiet, 0, piece, kind, out);
                } else if ray.bits.may_capture() && self.is_ep_square(y) {
                    self.push_move(x, y, MoveKind::EnPassant, 0, piece, kind, out);
                }
                continue;
            }
            if ray.bits.may_capture()
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

#[cfg(test)]
mod tests;
