//! Per-variant tables the mailbox board derives once from a [`Variant`]:
//! rays decoded into file/row deltas, a "could this piece type ever capture at
//! this offset" filter that keeps attack tests cheap, and Zobrist keys.

pub use super::zobrist::{Zobrist, ZOBRIST};
use crate::rules::mode::{Rights, Toggle};
use crate::rules::ray::decode_step;
use crate::rules::variant::Royalty;
use crate::rules::{Ray, Variant};
use std::sync::Arc;

/// A step as (files toward h, rows toward white's first rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delta {
    /// File change.
    pub df: i32,
    /// Row change (rows grow toward white).
    pub dr: i32,
}

impl Delta {
    fn of(step: i32) -> Delta {
        let (df, dr) = decode_step(step);
        Delta { df, dr }
    }
}

/// A ray ready for walking.
#[derive(Clone, Debug)]
pub struct CompiledRay {
    /// The raw step (for the x4 skip squares, which never wrap).
    pub step: i32,
    /// First step.
    pub s: Delta,
    /// Step after the toggle.
    pub s2: Delta,
    /// Rights digit R.
    pub rights: Rights,
    /// Toggle digit G.
    pub toggle: Toggle,
    /// Two-bit count D.
    pub count: u8,
    /// Cylinder wrap.
    pub cylinder: bool,
    /// Hopper: turn one square before the platform (0x400).
    pub hop_back: bool,
    /// Hopper: the platform must be friendly (0x800).
    pub friendly_platform: bool,
    /// Multi-path leap: (doubled step, remaining step).
    pub multi_path: Option<(Delta, Delta)>,
    /// Whether the ray can ever capture (attack tests skip it otherwise).
    pub may_capture: bool,
    /// A plain leaper or slider (no toggle, hop, x4, wrap or multi-path):
    /// walked by the fast path.
    pub simple: bool,
    /// The first step as a change of mailbox square (`16 * dr + df`).
    pub offset: i32,
    /// For a simple ray: its row of [`Tables::ray_reach`].
    pub reach_row: usize,
}

impl CompiledRay {
    fn new(ray: Ray) -> CompiledRay {
        let multi_path = ray.multi_path().then(|| {
            let t = ray.step_toggle();
            (Delta::of(t), Delta::of(ray.step - 2 * t))
        });
        CompiledRay {
            step: ray.step,
            s: Delta::of(ray.step),
            s2: Delta::of(if ray.multi_path() {
                ray.step
            } else {
                ray.secondary_step()
            }),
            rights: ray.rights(),
            toggle: ray.toggle_mask(),
            count: ray.count() as u8,
            cylinder: ray.cylinder(),
            hop_back: ray.hops_back(),
            friendly_platform: ray.needs_friendly_platform(),
            multi_path,
            may_capture: may_capture(ray),
            simple: is_simple(ray),
            offset: {
                let d = Delta::of(ray.step);
                16 * d.dr + d.df
            },
            reach_row: 0,
        }
    }
}

/// Numbers the distinct (step, leaper) pairs of the simple rays (their
/// `reach_row`) and returns, per pair and square, how many steps stay on
/// the board: see [`Tables::ray_reach`].
fn ray_reach(rays: &mut [Vec<CompiledRay>], width: i32, height: i32) -> Vec<u8> {
    let mut kinds: Vec<(Delta, bool)> = Vec::new();
    let mut out = Vec::new();
    for ray in rays.iter_mut().flatten().filter(|r| r.simple) {
        let kind = (ray.s, ray.rights.is_leaper());
        ray.reach_row = match kinds.iter().position(|&k| k == kind) {
            Some(i) => i,
            None => {
                kinds.push(kind);
                let limit = if kind.1 { 1 } else { 16 };
                out.extend((0..256).map(|sq| steps_on_board(sq, ray.s, limit, width, height)));
                kinds.len() - 1
            }
        };
    }
    out
}

/// How many steps (at most `limit`) from square `sq` along `d` stay on a
/// board of `width` x `height`.
fn steps_on_board(sq: i32, d: Delta, limit: u8, width: i32, height: i32) -> u8 {
    let (mut f, mut r, mut steps) = (sq % 16, sq / 16, 0);
    while steps < limit {
        f += d.df;
        r += d.dr;
        if f < 0 || f >= width || r < 0 || r >= height {
            break;
        }
        steps += 1;
    }
    steps
}

/// A ray whose rights never change along the way.
fn is_simple(ray: Ray) -> bool {
    let r = ray.rights();
    r.may_land()
        && !r.hops()
        && ray.toggle_mask() == Toggle::NONE
        && ray.secondary_step() == ray.step
        && !ray.cylinder()
        && !ray.multi_path()
}

/// Whether a ray has capture rights before or after its toggle.
fn may_capture(ray: Ray) -> bool {
    let r = ray.rights();
    let g = ray.toggle_mask();
    if r.is_initial_only() {
        // Castling and pawn multi-steps never capture; only the jumping F4 does.
        return !g.marks_skipped() && g.initial_landing().may_capture();
    }
    r.may_capture() || r.toggled(g).may_capture()
}

/// Side length of the offset grid: offsets -16..=16 in both directions.
const SPAN: usize = 33;

/// Everything the board needs about one variant, shared between positions.
#[derive(Debug)]
pub struct Tables {
    /// The variant itself.
    pub variant: Arc<Variant>,
    /// Files.
    pub width: i32,
    /// Ranks.
    pub height: i32,
    /// Compiled rays per canonical type (index 0 empty).
    pub rays: Vec<Vec<CompiledRay>>,
    /// Per type: may it capture at offset (df, dr)? `None` = no filter.
    pub reach: Vec<Option<Vec<bool>>>,
    /// Per type: pawn (ini number 1 or 2).
    pub is_pawn: Vec<bool>,
    /// Per type: royalty kind.
    pub royalty: Vec<Royalty>,
    /// Per type: duple-check royal.
    pub duple: Vec<bool>,
    /// Per type: can never be captured (value below -665).
    pub iron: Vec<bool>,
    /// Per type: centipawn value (the ini's, or the mobility estimate
    /// where the ini gives no positive value: see `rules::mobility`).
    pub value: Vec<i32>,
    /// Per type (16 of them): [`CLASS_ROYAL`] and [`CLASS_PAWN`] bits, for
    /// make/unmake's bookkeeping.
    pub class: [u8; 16],
    /// Per side (white first): its initial array holds a royal piece, so
    /// losing all royals loses the game (extinction).
    pub starts_with_royal: [bool; 2],
    /// The game ends by no rule of the board but extinction and counting:
    /// no goal, no extinction of kinds, no counted checks, no repetition
    /// judged by the board, no bare king rule.
    pub only_extinction_and_count: bool,
    /// A rule can end the game with moves left (counted checks, a goal,
    /// extinction of kinds): then the position has no moves.
    pub rule_ends_play: bool,
    /// `no_checks`: no move may give check.
    pub no_checks: bool,
    /// `checks_to_win` (0: checks are not counted).
    pub checks_to_win: u8,
    /// `must_capture`: a side that can capture must.
    pub must_capture: bool,
    /// `explosion = adjacent`: a capture explodes the capturing man and
    /// the men around the capture square (see `makemove`'s `explode`).
    pub explosion: bool,
    /// Types an explosion spares around the capture square, bit per type
    /// (`explosion_spares`).
    pub explosion_spared: u16,
    /// Per type: how many a side may have on the board before no pawn may
    /// promote to it (`promotion_limit`; `u8::MAX`: no limit).
    pub promotion_limit: Vec<u8>,
    /// Per type: has virgin-only (x4) rays, so its virginity matters.
    pub has_initial_moves: Vec<bool>,
    /// Per type: can castle (an x4 ray without the 0x40 bit on a non-pawn).
    pub castles: Vec<bool>,
    /// Pieces in hand can be gated (Seirawan; `Variant::has_gating`).
    pub gating: bool,
    /// Men in hand: captures to hand and drops.
    pub drops: super::DropTables,
    /// Chess960 castling (overlay `castling960`) instead of corner castling.
    pub castling960: bool,
    /// Per type: the sides it castles to in Chess960 mode (bit 0: toward
    /// the a-file, bit 1: toward the last file), from its x4 castling rays.
    pub castle_sides: Vec<u8>,
    /// Types that may be the castling partner in Chess960 mode: those the
    /// fmax.ini arrays put in the corners (the rooks), bit per type.
    pub castle_partners: u16,
    /// Offsets (square minus target) of squares some capture path passes.
    lines: Vec<bool>,
    /// Some piece hops: a piece arriving may become a platform.
    pub hoppers: bool,
    /// Some ray wraps around the board: no geometric shortcut is safe.
    pub wraps: bool,
    /// Reverse probes for the attack test over plain capture rays.
    pub probes: Vec<Probe>,
    /// The same probes merged by direction for the yes/no attack test: a
    /// leaper probe whose step is also a slider probe's first step is
    /// folded into that slider probe (see [`AttackProbe`]).
    pub attack_probes: Vec<AttackProbe>,
    /// Per simple ray kind (a ray's `reach_row`) and square (index
    /// `row * 256 + square`): how many steps the ray can take from the
    /// square before leaving the board (at most 1 for a leaper).
    pub ray_reach: Vec<u8>,
    /// Per square and probe of `probes` (index `square * probes + probe`):
    /// how many steps the probe can take from the square before leaving
    /// the board (at most 1 for a leaper probe).
    pub probe_reach: Vec<u8>,
    /// Per square and attack probe (index `square * probes + probe`): how
    /// many steps the probe can take from the square before leaving the
    /// board (at most 1 for a leaper probe).
    pub attack_reach: Vec<u8>,
    /// Per offset from a target square (index [`offset_index`]): bit `i`
    /// set when attack probe `i` walks over (or looks at) the square at
    /// that offset, so a change there may change the probe's answer.
    pub probe_lines: Vec<u64>,
    /// The attack probes alone decide attacks (`plain`) and fit the bits
    /// of [`Tables::probe_lines`]: the check test may look only at the
    /// probes a move touched.
    pub incremental_check: bool,
    /// Bit per slider probe of [`Tables::attack_probes`] (the first 64).
    pub slider_probes: u64,
    /// Types with capture rays the probes do not cover (bit per type).
    pub complex_attackers: u16,
    /// Pieces land as themselves and change nothing else on landing
    /// ([`super::zones::ZoneTables::plain_landing`]): ordinary moves take
    /// make's short way.
    pub plain_landing: bool,
    /// Per type and square, the plain rays clipped to the board (the move
    /// generator's fast path).
    pub square_rays: super::square_rays::SquareRays,
    /// Only plain leapers and sliders attack, on a board without wrap,
    /// hoppers or zones: a discovered attack can come only along one line.
    pub plain: bool,
    /// The Zobrist keys (a plain reference: no lazy check on the hot path).
    pub keys: &'static Zobrist,
    /// The overlay's board rules (zones, flying general, royal leaps).
    pub zones: super::zones::ZoneTables,
    /// Promotion by choice (`piece_promotion`) and immobile squares.
    pub promotion: super::promotion::PromotionTables,
}

/// One plain capture direction walked backwards from a target square: the
/// first piece met attacks the target if its type is in `types`.
#[derive(Clone, Debug)]
pub struct Probe {
    /// The step back from the target toward a possible attacker.
    pub back: Delta,
    /// The same step as a change of mailbox square (`16 * dr + df`).
    pub offset: i32,
    /// Keep walking over empty squares (slider) or look one step only.
    pub slider: bool,
    /// Bit per type that has this capture ray.
    pub types: u16,
}

/// A reverse probe of the attack test: the first piece met one step back
/// attacks if its type is in `near`; a slider probe walks on over empty
/// squares, and the first piece met further back attacks if its type is in
/// `far`.
#[derive(Clone, Debug)]
pub struct AttackProbe {
    /// The step back from the target toward a possible attacker.
    pub back: Delta,
    /// The same step as a change of mailbox square (`16 * dr + df`).
    pub offset: i32,
    /// Keep walking past the first square.
    pub slider: bool,
    /// Types that capture from one step away along `back`.
    pub near: u16,
    /// Types that capture from further away (sliders).
    pub far: u16,
}

/// Merges `probes` by direction: a leaper probe and a slider probe with the
/// same step become one walk (the order of the tests does not matter for a
/// yes/no answer).
fn merge_probes(probes: &[Probe]) -> Vec<AttackProbe> {
    let mut out: Vec<AttackProbe> = probes
        .iter()
        .filter(|p| p.slider)
        .map(|p| AttackProbe {
            back: p.back,
            offset: p.offset,
            slider: true,
            near: p.types,
            far: p.types,
        })
        .collect();
    for p in probes.iter().filter(|p| !p.slider) {
        match out.iter_mut().find(|a| a.slider && a.back == p.back) {
            Some(a) => a.near |= p.types,
            None => out.push(AttackProbe {
                back: p.back,
                offset: p.offset,
                slider: false,
                near: p.types,
                far: 0,
            }),
        }
    }
    out
}

/// Per square and probe, given as (step, slider) pairs: how many steps
/// stay on the board (see [`Tables::attack_reach`]).
fn reach_table(probes: &[(Delta, bool)], width: i32, height: i32) -> Vec<u8> {
    let mut out = vec![0u8; 256 * probes.len()];
    for sq in 0..256 {
        for (i, &(back, slider)) in probes.iter().enumerate() {
            let limit = if slider { 16 } else { 1 };
            out[sq as usize * probes.len() + i] = steps_on_board(sq, back, limit, width, height);
        }
    }
    out
}

/// Side length of the probe-line grid: offsets -15..=15.
const OFFSET_SPAN: i32 = 31;

/// The index of the offset (df, dr) in [`Tables::probe_lines`]; both
/// must lie in -15..=15 (any two squares of a board do).
#[must_use]
pub fn offset_index(df: i32, dr: i32) -> usize {
    ((dr + 15) * OFFSET_SPAN + df + 15) as usize
}

/// See [`Tables::probe_lines`] (probes beyond the 64th are left out).
fn probe_lines(probes: &[AttackProbe]) -> Vec<u64> {
    let mut out = vec![0u64; (OFFSET_SPAN * OFFSET_SPAN) as usize];
    for (i, probe) in probes.iter().enumerate().take(64) {
        let steps = if probe.slider { 15 } else { 1 };
        for k in 1..=steps {
            let (df, dr) = (k * probe.back.df, k * probe.back.dr);
            if df.abs() > 15 || dr.abs() > 15 {
                break;
            }
            out[offset_index(df, dr)] |= 1 << i;
        }
    }
    out
}

/// Groups every plain capture ray by direction and kind; pieces confined
/// to a zone are left to the full attack walk, which knows zones.
fn build_probes(rays: &[Vec<CompiledRay>], zones: &super::zones::ZoneTables) -> (Vec<Probe>, u16) {
    let mut probes: Vec<Probe> = Vec::new();
    let mut complex = 0u16;
    for (t, list) in rays.iter().enumerate() {
        for ray in list.iter().filter(|r| r.may_capture) {
            if !ray.simple || zones.is_confined(t) {
                complex |= 1 << t;
                continue;
            }
            let back = Delta {
                df: -ray.s.df,
                dr: -ray.s.dr,
            };
            let slider = !ray.rights.is_leaper();
            match probes
                .iter_mut()
                .find(|p| p.back == back && p.slider == slider)
            {
                Some(p) => p.types |= 1 << t,
                None => probes.push(Probe {
                    back,
                    offset: 16 * back.dr + back.df,
                    slider,
                    types: 1 << t,
                }),
            }
        }
    }
    (probes, complex)
}

impl Tables {
    /// Derives the tables of `variant`.
    #[must_use]
    pub fn new(variant: Arc<Variant>) -> Tables {
        let types = &variant.types;
        let per_type = |f: &dyn Fn(usize) -> bool| (0..types.len()).map(f).collect::<Vec<bool>>();
        let mut rays: Vec<Vec<CompiledRay>> = types
            .iter()
            .map(|t| t.rays.iter().map(|&r| CompiledRay::new(r)).collect())
            .collect();
        let ray_reach = ray_reach(&mut rays, variant.width as i32, variant.height as i32);
        let mut lines = vec![false; LINE_SPAN * LINE_SPAN];
        let reach = types
            .iter()
            .map(|t| reach_grid(&t.rays, &mut lines))
            .collect();
        let hoppers = types
            .iter()
            .any(|t| t.rays.iter().any(|r| r.rights().hops()));
        let wraps = types.iter().any(|t| t.rays.iter().any(|r| r.cylinder()));
        let castles = per_type(&|i| {
            !types[i].is_pawn && types[i].rays.iter().any(|r| r.is_marking_initial())
        });
        let drops = super::DropTables::new(&variant, &castles, corner_types(&variant));
        let castle_sides = (0..types.len())
            .map(|i| castle_sides_of(&types[i].rays, castles[i]))
            .collect();
        let zones = super::zones::ZoneTables::new(&variant.board_rules);
        let (probes, complex_attackers) = build_probes(&rays, &zones);
        let attack_probes = merge_probes(&probes);
        let value = played_values(&variant);
        let plain = complex_attackers == 0
            && !hoppers
            && !wraps
            && !zones.flying_general
            && !zones.any_confined();
        let reach_of = |steps: Vec<(Delta, bool)>| {
            reach_table(&steps, variant.width as i32, variant.height as i32)
        };
        let is_pawn = per_type(&|i| types[i].is_pawn);
        let square_rays = super::square_rays::SquareRays::new(
            &rays,
            &ray_reach,
            (&is_pawn, &per_type(&|i| types[i].royalty != Royalty::None)),
            &super::square_rays::Geometry {
                width: variant.width as i32,
                height: variant.height as i32,
                promotion_row: variant.promotion_row,
            },
            !zones.any_confined()
                && variant.board_rules.piece_promotion.is_none()
                && !variant.board_rules.immobile_illegal,
        );
        Tables {
            plain_landing: zones.plain_landing(),
            square_rays,
            probe_lines: probe_lines(&attack_probes),
            // An explosion changes many squares, and touching royals are
            // not in check: the check test looks at the whole board.
            incremental_check: plain && attack_probes.len() <= 64 && !variant.board_rules.explosion,
            slider_probes: attack_probes
                .iter()
                .take(64)
                .enumerate()
                .filter(|(_, p)| p.slider)
                .fold(0, |bits, (i, _)| bits | 1 << i),
            plain,
            keys: &ZOBRIST,
            attack_reach: reach_of(attack_probes.iter().map(|p| (p.back, p.slider)).collect()),
            probe_reach: reach_of(probes.iter().map(|p| (p.back, p.slider)).collect()),
            attack_probes,
            ray_reach,
            probes,
            complex_attackers,
            width: variant.width as i32,
            height: variant.height as i32,
            rays,
            reach,
            is_pawn,
            royalty: types.iter().map(|t| t.royalty).collect(),
            duple: per_type(&|i| types[i].duple_check),
            iron: per_type(&|i| types[i].raw_value < -665),
            value,
            class: std::array::from_fn(|t| {
                types.get(t).map_or(0, |ty| {
                    let royal = if ty.royalty != Royalty::None {
                        CLASS_ROYAL
                    } else {
                        0
                    };
                    royal | if ty.is_pawn { CLASS_PAWN } else { 0 }
                })
            }),
            starts_with_royal: [&variant.white_array, &variant.black_array].map(|array| {
                array
                    .iter()
                    .any(|&t| t != 0 && types[t as usize].royalty != Royalty::None)
            }),
            only_extinction_and_count: !(variant.board_rules.goal.is_some()
                || variant.board_rules.extinction.is_some()
                || variant.overlay.judges_repetition()
                || variant.overlay.bare_king_loses
                || variant.overlay.checks_to_win.is_some()),
            rule_ends_play: variant.board_rules.goal.is_some()
                || variant.board_rules.extinction.is_some()
                || variant.overlay.checks_to_win.is_some(),
            no_checks: variant.overlay.no_checks,
            checks_to_win: variant.overlay.checks_to_win.unwrap_or(0),
            must_capture: variant.overlay.must_capture,
            explosion: variant.board_rules.explosion,
            explosion_spared: type_bits(&variant.board_rules.explosion_spared),
            promotion_limit: (variant.board_rules.promotion_limit.iter())
                .map(|n| n.unwrap_or(u8::MAX))
                .collect(),
            has_initial_moves: per_type(&|i| types[i].rays.iter().any(|r| r.is_initial_only())),
            castles,
            castling960: variant.overlay.castling960,
            gating: variant.has_gating(),
            drops,
            castle_sides,
            castle_partners: corner_types(&variant),
            lines,
            hoppers,
            wraps,
            zones,
            promotion: super::promotion::PromotionTables::new(&variant),
            variant,
        }
    }

    /// Whether emptying a square at offset (df, dr) from a piece could open
    /// a capture path onto that piece.
    #[must_use]
    pub fn may_open_line(&self, df: i32, dr: i32) -> bool {
        self.wraps || self.lines[line_index(df, dr)]
    }

    /// Whether every move of type `t` keeps the square colour (each step
    /// of each ray, before and after a toggle, has an even file-plus-row
    /// sum): a bishop, a ferz or an alfil, not a knight. True for a type
    /// without rays.
    #[must_use]
    pub fn colour_bound(&self, t: usize) -> bool {
        self.rays.get(t).is_none_or(|rays| {
            rays.iter()
                .all(|r| (r.s.df + r.s.dr) % 2 == 0 && (r.s2.df + r.s2.dr) % 2 == 0)
        })
    }

    /// Whether a piece of type `t` could capture at offset (df, dr).
    #[must_use]
    pub fn may_reach(&self, t: u8, df: i32, dr: i32) -> bool {
        match &self.reach[t as usize] {
            None => true,
            Some(grid) => grid[grid_index(df, dr)],
        }
    }
}

/// The values the engine plays with: the ini's, unless not positive.
fn played_values(v: &Variant) -> Vec<i32> {
    let estimates = crate::rules::mobility::estimate_values(v);
    v.types
        .iter()
        .zip(estimates)
        .map(|(t, e)| e.map_or(t.value, |e| e.used()))
        .collect()
}

/// Bit `t` set for every type `t` flagged in `flags`.
fn type_bits(flags: &[bool]) -> u16 {
    flags
        .iter()
        .enumerate()
        .filter(|&(t, &f)| f && t < 16)
        .fold(0, |bits, (t, _)| bits | 1 << t)
}

/// [`Tables::class`] bit of a royal type.
pub const CLASS_ROYAL: u8 = 1;
/// [`Tables::class`] bit of a pawn type.
pub const CLASS_PAWN: u8 = 2;

/// `items` padded with defaults (or cut) to exactly `N`, boxed.
pub(super) fn boxed_array<T: Copy + Default, const N: usize>(mut items: Vec<T>) -> Box<[T; N]> {
    items.resize(N, T::default());
    match items.into_boxed_slice().try_into() {
        Ok(array) => array,
        Err(_) => Box::new([T::default(); N]),
    }
}

/// The castling directions of a piece (see [`Tables::castle_sides`]).
fn castle_sides_of(rays: &[Ray], castles: bool) -> u8 {
    if !castles {
        return 0;
    }
    rays.iter()
        .filter(|r| r.is_marking_initial())
        .map(|r| Delta::of(r.step))
        .filter(|d| d.dr == 0 && d.df != 0)
        .fold(0, |sides, d| sides | if d.df < 0 { 1 } else { 2 })
}

/// The types standing in the corners of the fmax.ini arrays, bit per type.
fn corner_types(v: &Variant) -> u16 {
    let mut bits = 0u16;
    for array in [&v.white_array, &v.black_array] {
        for t in [array.first(), array.last()].into_iter().flatten() {
            if *t != 0 {
                bits |= 1 << t;
            }
        }
    }
    bits
}

fn grid_index(df: i32, dr: i32) -> usize {
    ((dr + 16) as usize) * SPAN + (df + 16) as usize
}

/// Marks every offset where any ray of a piece might capture on some board:
/// each step may be empty (continue) or occupied (hop, if allowed). Cylinder
/// rays wrap unpredictably, so pieces with them get no filter.
fn reach_grid(rays: &[Ray], lines: &mut [bool]) -> Option<Vec<bool>> {
    let mut grid = vec![false; SPAN * SPAN];
    for &ray in rays {
        for count in [ray.count(), 0, 1] {
            let start = Walk {
                at: (0, 0),
                step: Delta::of(ray.step),
                rights: ray.rights(),
                count,
                toggled: false,
            };
            let mut marks = Marks {
                reach: &mut grid,
                lines: &mut *lines,
                path: Vec::new(),
            };
            simulate(ray, start, &mut marks, 0);
        }
    }
    (!rays.iter().any(|r| r.cylinder())).then_some(grid)
}

/// A simulated walk's state (position relative to the piece).
#[derive(Clone, Copy)]
struct Walk {
    at: (i32, i32),
    step: Delta,
    rights: Rights,
    count: i32,
    toggled: bool,
}

/// Where a simulated walk records what it found.
struct Marks<'a> {
    reach: &'a mut [bool],
    lines: &'a mut [bool],
    path: Vec<(i32, i32)>,
}

impl Marks<'_> {
    /// A capture is possible at `at`: every square passed on the way there
    /// is a square whose emptying could expose a piece standing at `at`.
    fn capture(&mut self, ray: Ray, at: (i32, i32)) {
        self.reach[grid_index(at.0, at.1)] = true;
        let mut passed = self.path.clone();
        if ray.multi_path() {
            let (t, u) = (
                Delta::of(ray.step_toggle()),
                Delta::of(ray.step - 2 * ray.step_toggle()),
            );
            passed.extend([
                (t.df, t.dr),
                (2 * t.df, 2 * t.dr),
                (t.df + u.df, t.dr + u.dr),
                (u.df, u.dr),
            ]);
        }
        for p in passed {
            self.lines[line_index(p.0 - at.0, p.1 - at.1)] = true;
        }
    }
}

fn simulate(ray: Ray, mut w: Walk, marks: &mut Marks, depth: u32) {
    let s2 = if ray.multi_path() {
        Delta::of(ray.step)
    } else {
        Delta::of(ray.secondary_step())
    };
    let g = ray.toggle_mask();
    let path_len = marks.path.len();
    for _ in 0..16 {
        w.at = (w.at.0 + w.step.df, w.at.1 + w.step.dr);
        if w.at.0.abs() > 16 || w.at.1.abs() > 16 {
            break;
        }
        let x4 = w.rights.is_initial_only();
        if !x4 && w.rights.may_capture() {
            marks.capture(ray, w.at);
        }
        if w.rights.hops() && !w.toggled && depth == 0 {
            let mut hop = w;
            if ray.hops_back() {
                hop.at = (hop.at.0 - hop.step.df, hop.at.1 - hop.step.dr);
            }
            hop.step = s2;
            hop.rights = hop.rights.toggled(g);
            hop.toggled = true;
            marks.path.push(w.at);
            simulate(ray, hop, marks, depth + 1);
            marks.path.pop();
        }
        if !x4 && w.rights.is_leaper() {
            break;
        }
        marks.path.push(w.at);
        if !w.toggled && (x4 || g.by_count()) {
            if w.count == 0 {
                w.step = s2;
                w.rights = if x4 {
                    g.initial_landing()
                } else {
                    w.rights.toggled(g)
                };
                w.toggled = true;
            } else {
                w.count -= 1;
            }
        }
    }
    marks.path.truncate(path_len);
}

/// Side length of the line grid: offsets -32..=32.
const LINE_SPAN: usize = 65;

fn line_index(df: i32, dr: i32) -> usize {
    ((dr.clamp(-32, 32) + 32) as usize) * LINE_SPAN + (df.clamp(-32, 32) + 32) as usize
}
