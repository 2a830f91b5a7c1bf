//! The two low hex digits of a ray's mode word in Fairy-Max's model
//! (sections 6 to 9 of the comments in `fmax.ini`), as types that name what
//! each bit allows: [`Rights`], the last digit R (may capture, may move,
//! leaper, hopper), and [`Toggle`], the digit G before it (the bits XORed
//! into R when the ray toggles, with its own meaning on the x4 rays that
//! only an unmoved piece may use).
//!
//! Both keep the digit as a plain byte and every test is one inline mask,
//! so the move generators pay nothing for the names. New kinds of rights
//! belong here, next to these.

use std::fmt;

/// The rights digit R of a mode word: what a walk may do on the square it
/// has just stepped to, and whether the ray goes on.
///
/// Typical values (section 7 of `fmax.ini`): 7 a leaper (knight, king), 3 a
/// rider (rook), 6 a move-only step and 5 a capture-only step (pawn), 0 a
/// square passed over (first leg of a lame leaper), 8 a hopper's first leg
/// (grasshopper), A a cannon's first leg, and 4 alone the x4 escape of
/// moves only an unmoved piece may make ([`Rights::is_initial_only`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rights(u8);

impl Rights {
    /// No rights: the walk passes the square without stopping there.
    pub const NONE: Rights = Rights(0);
    /// Bit 0: the walk may stop on the square by capturing an enemy piece.
    pub const CAPTURE: Rights = Rights(1);
    /// Bit 1: the walk may stop on the square when it is empty.
    pub const MOVE: Rights = Rights(2);
    /// Bit 2: the ray ends after this step (a leaper). Alone it is the x4
    /// escape instead ([`Rights::is_initial_only`]).
    pub const LEAPER: Rights = Rights(4);
    /// Bit 3: an occupied square (the platform, of either colour) is jumped
    /// over instead of ending the ray, and the ray toggles there.
    pub const HOP: Rights = Rights(8);
    /// The rights that let a walk stop on a square: capture or move.
    pub const LANDING: Rights = Rights(Self::CAPTURE.0 | Self::MOVE.0);

    /// The rights digit of a mode word's low bits (higher bits dropped).
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u8) -> Rights {
        Rights(bits & 0xF)
    }

    /// The digit as a number (0..=15).
    #[must_use]
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Both sets of rights together.
    #[must_use]
    #[inline]
    pub const fn union(self, other: Rights) -> Rights {
        Rights(self.0 | other.0)
    }

    /// Whether the walk may capture an enemy piece on the square.
    #[must_use]
    #[inline]
    pub const fn may_capture(self) -> bool {
        self.0 & Self::CAPTURE.0 != 0
    }

    /// Whether the walk may move to the square when it is empty.
    #[must_use]
    #[inline]
    pub const fn may_move(self) -> bool {
        self.0 & Self::MOVE.0 != 0
    }

    /// Whether the walk may stop on the square at all (capture or move).
    #[must_use]
    #[inline]
    pub const fn may_land(self) -> bool {
        self.0 & Self::LANDING.0 != 0
    }

    /// The capture and move rights alone: how the walk may stop here.
    #[must_use]
    #[inline]
    pub const fn landing(self) -> Rights {
        Rights(self.0 & Self::LANDING.0)
    }

    /// Whether the ray ends after this step (the leaper bit; on an x4 ray
    /// it means [`Rights::is_initial_only`] instead).
    #[must_use]
    #[inline]
    pub const fn is_leaper(self) -> bool {
        self.0 & Self::LEAPER.0 != 0
    }

    /// Whether the ray jumps the first occupied square and toggles there.
    #[must_use]
    #[inline]
    pub const fn hops(self) -> bool {
        self.0 & Self::HOP.0 != 0
    }

    /// The x4 escape: the leaper bit alone, a step that could neither move
    /// nor capture, marks a ray only a piece that has never moved may use
    /// (pawn multi-steps, castling, first-move jumps; section 8 of
    /// `fmax.ini`). Its first step passes a square and the toggle's
    /// second step lands ([`Toggle::initial_landing`]).
    #[must_use]
    #[inline]
    pub const fn is_initial_only(self) -> bool {
        self.0 == Self::LEAPER.0
    }

    /// The rights after the ray toggles: R XOR G. (An x4 ray's second
    /// step has [`Toggle::initial_landing`] instead.)
    #[must_use]
    #[inline]
    pub const fn toggled(self, toggle: Toggle) -> Rights {
        Rights(self.0 ^ toggle.0)
    }
}

impl fmt::UpperHex for Rights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::UpperHex::fmt(&self.0, f)
    }
}

/// The toggle digit G of a mode word: the rights bits a ray flips when it
/// toggles (once, after its first step, after a delay, or at a hop's
/// platform), and when to toggle.
///
/// On an x4 ray ([`Rights::is_initial_only`]) its upper bits say what the
/// unmoved piece's move is instead: [`Toggle::marks_skipped`] and
/// [`Toggle::initial_jumps`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Toggle(u8);

impl Toggle {
    /// A ray that never changes its rights.
    pub const NONE: Toggle = Toggle(0);
    /// Bit 3 (mode 0x80): on an ordinary ray, only a hop toggles it (no
    /// toggle by step count; hoppers must have it); on an x4 ray, the
    /// first step may pass an occupied square.
    const HOP_ONLY: u8 = 8;
    /// Bit 2 (mode 0x40), on an x4 ray: the move leaves no e.p. square and
    /// is no castling.
    const UNMARKED: u8 = 4;

    /// The toggle digit of the low bits of `bits` (higher bits dropped).
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u8) -> Toggle {
        Toggle(bits & 0xF)
    }

    /// The toggle that flips exactly `rights`.
    #[must_use]
    #[inline]
    pub const fn flipping(rights: Rights) -> Toggle {
        Toggle(rights.0)
    }

    /// The digit as a number (0..=15).
    #[must_use]
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The rights bits the toggle flips.
    #[must_use]
    #[inline]
    pub const fn flips(self) -> Rights {
        Rights(self.0)
    }

    /// Whether an ordinary ray toggles after its step count (its delay);
    /// when not (bit 3 set), only a hop's platform toggles it.
    #[must_use]
    #[inline]
    pub const fn by_count(self) -> bool {
        self.0 & Self::HOP_ONLY == 0
    }

    /// On an x4 ray: whether its first step may pass an occupied square (a
    /// jump that nothing blocks: `E4`, `F4`).
    #[must_use]
    #[inline]
    pub const fn initial_jumps(self) -> bool {
        self.0 & Self::HOP_ONLY != 0
    }

    /// On an x4 ray: whether the move marks the square it passes, as the
    /// e.p. square of a pawn's multi-step (`24`) or as the square a
    /// castling crosses (`34`) for any other piece. Unmarked moves (`64`,
    /// `E4`, `F4`) are e.p.-immune pushes and first-move jumps.
    #[must_use]
    #[inline]
    pub const fn marks_skipped(self) -> bool {
        self.0 & Self::UNMARKED == 0
    }

    /// On an x4 ray: the rights of its second, landing step, a leaper step
    /// with the toggle's capture and move bits.
    #[must_use]
    #[inline]
    pub const fn initial_landing(self) -> Rights {
        Rights(Rights::LEAPER.0 | (self.0 & Rights::LANDING.0))
    }
}

impl fmt::UpperHex for Toggle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::UpperHex::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ray;

    /// The rights and toggle digits of `STEP,MODE` as fmax.ini writes it.
    fn digits(step: i32, mode: u32) -> (Rights, Toggle) {
        let ray = Ray::new(step, mode as i32, None);
        (ray.rights(), ray.toggle_mask())
    }

    #[test]
    fn a_knight_leaps_and_may_move_or_capture() {
        let (r, g) = digits(14, 0x7);
        assert!(r.may_capture() && r.may_move() && r.may_land());
        assert!(r.is_leaper() && !r.hops() && !r.is_initial_only());
        assert_eq!(g, Toggle::NONE);
        assert_eq!(r.landing(), Rights::LANDING);
    }

    #[test]
    fn a_rook_slides() {
        let (r, _) = digits(1, 0x3);
        assert!(r.may_capture() && r.may_move() && !r.is_leaper() && !r.hops());
    }

    #[test]
    fn pawn_steps_either_move_or_capture() {
        let (push, _) = digits(-16, 0x6);
        assert!(push.may_move() && !push.may_capture() && push.is_leaper());
        let (take, _) = digits(-15, 0x5);
        assert!(take.may_capture() && !take.may_move() && take.is_leaper());
        assert_eq!(take.landing(), Rights::CAPTURE);
    }

    #[test]
    fn a_double_push_is_initial_only_and_marks_its_square() {
        let (r, g) = digits(-16, 0x24);
        assert!(r.is_initial_only() && !r.may_land());
        assert!(g.marks_skipped() && !g.initial_jumps());
        assert_eq!(g, Toggle::flipping(Rights::MOVE));
        assert_eq!(g.initial_landing(), Rights::LEAPER.union(Rights::MOVE));
        let (persian, g) = digits(-16, 0x64);
        assert!(persian.is_initial_only() && !g.marks_skipped() && !g.initial_jumps());
    }

    #[test]
    fn castling_marks_its_square_and_may_land_either_way() {
        let (r, g) = digits(1, 0x3034);
        assert!(r.is_initial_only() && g.marks_skipped() && !g.initial_jumps());
        let landing = g.initial_landing();
        assert!(landing.may_move() && landing.may_capture() && landing.is_leaper());
    }

    #[test]
    fn first_move_jumps_pass_occupied_squares() {
        let (r, g) = digits(-16, 0x10F4);
        assert!(r.is_initial_only() && g.initial_jumps() && !g.marks_skipped());
        assert!(g.initial_landing().may_capture());
        let (_, hoplite) = digits(-16, 0xE4);
        assert!(hoplite.initial_jumps() && !hoplite.initial_landing().may_capture());
    }

    #[test]
    fn a_cannon_hops_then_only_captures() {
        let (r, g) = digits(1, 0xBA);
        assert!(r.hops() && r.may_move() && !r.may_capture() && !r.is_leaper());
        assert!(!g.by_count());
        let after = r.toggled(g);
        assert_eq!(after, Rights::CAPTURE);
        assert!(!after.hops());
    }

    #[test]
    fn a_grasshopper_lands_just_past_its_platform() {
        let (r, g) = digits(1, 0xF8);
        assert!(r.hops() && !r.may_land());
        let after = r.toggled(g);
        assert!(after.is_leaper() && after.may_land() && !after.hops());
    }

    #[test]
    fn a_xiangqi_horse_passes_then_leaps() {
        let (r, g) = digits(16, 0x1070);
        assert_eq!(r, Rights::NONE);
        assert!(!r.may_land() && g.by_count());
        assert_eq!(g.flips(), Rights::LANDING.union(Rights::LEAPER));
        assert_eq!(r.toggled(g), Rights::from_bits(7));
    }

    #[test]
    fn a_short_rook_turns_into_a_leaper() {
        let (r, g) = digits(16, 0x843);
        assert!(!r.is_leaper() && g.by_count());
        assert!(r.toggled(g).is_leaper());
    }

    #[test]
    fn digits_print_as_the_ini_writes_them() {
        let (r, g) = digits(1, 0xBA);
        assert_eq!(format!("{r:X}{g:X}"), "AB");
        assert_eq!(Rights::from_bits(0x3F), Rights::from_bits(0xF));
    }
}
