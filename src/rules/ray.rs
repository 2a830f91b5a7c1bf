//! One ray descriptor of fmax.ini (`STEP,MODE`): the step vector on the
//! 16-wide board and the hex mode word, with named accessors for its bits.
//!
//! The bit layout is Fairy-Max's (section 6 of the comments in `fmax.ini`): bits 0-3 rights
//! (capture, move, leaper, hop: [`Rights`]), 4-7 toggle mask ([`Toggle`]), 8 cylinder,
//! 9 multi-path, 10-11 delay count, 12-31 step toggle (arithmetic shift).

use super::mode::{Rights, Toggle};

/// A step and its mode word, exactly as in the ini (`STEP2` folded in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ray {
    /// Step on the 16-wide board: +1 toward the h-file, -16 toward black.
    pub step: i32,
    /// The mode word (hex in the file), as a signed 32-bit value.
    pub mode: i32,
}

/// Where the toggle digit starts in the mode word.
const TOGGLE_SHIFT: i32 = 4;
/// Mode bit 8: lateral wrap-around.
const CYLINDER: i32 = 0x100;
/// Mode bit 9: Falcon-style multi-path leap.
const MULTI_PATH: i32 = 0x200;
/// Where the two-bit count starts in the mode word.
const COUNT_SHIFT: i32 = 10;
/// The count's values 0..=3.
const COUNT_MASK: i32 = 3;
/// On a hopper, count bit 0 (mode 0x400): turn one square before the
/// platform.
const HOP_BACK: i32 = 1;
/// On a hopper, count bit 1 (mode 0x800): only a friendly piece may be the
/// platform.
const FRIENDLY_PLATFORM: i32 = 2;
/// Where the step toggle starts in the mode word.
const STEP_TOGGLE_SHIFT: i32 = 12;

impl Ray {
    /// Builds a ray from `STEP,MODE[,STEP2]`: STEP2 becomes toggle bits.
    #[must_use]
    pub fn new(step: i32, mode: i32, step2: Option<i32>) -> Ray {
        let mode = match step2 {
            Some(s2) => mode.wrapping_add((s2 ^ step).wrapping_shl(STEP_TOGGLE_SHIFT as u32)),
            None => mode,
        };
        Ray { step, mode }
    }

    /// The rights digit R (capture, move, leaper, hop).
    #[must_use]
    pub fn rights(self) -> Rights {
        Rights::from_bits(self.mode as u8)
    }

    /// The toggle digit G, XORed into R when the ray toggles.
    #[must_use]
    pub fn toggle_mask(self) -> Toggle {
        Toggle::from_bits((self.mode >> TOGGLE_SHIFT) as u8)
    }

    /// Lateral wrap-around (cylinder board).
    #[must_use]
    pub fn cylinder(self) -> bool {
        self.mode & CYLINDER != 0
    }

    /// Falcon-style multi-path leap.
    #[must_use]
    pub fn multi_path(self) -> bool {
        self.mode & MULTI_PATH != 0
    }

    /// The two-bit count D in bits 10-11.
    #[must_use]
    pub fn count(self) -> i32 {
        (self.mode >> COUNT_SHIFT) & COUNT_MASK
    }

    /// A hopper that turns on the square before its platform (0x400).
    #[must_use]
    pub fn hops_back(self) -> bool {
        self.rights().hops() && self.count() & HOP_BACK != 0
    }

    /// A hopper whose platform must be a friendly piece (0x800).
    #[must_use]
    pub fn needs_friendly_platform(self) -> bool {
        self.rights().hops() && self.count() & FRIENDLY_PLATFORM != 0
    }

    /// The step-toggle field (bits 12 and up, sign-extended).
    #[must_use]
    pub fn step_toggle(self) -> i32 {
        self.mode >> STEP_TOGGLE_SHIFT
    }

    /// The step used after the ray toggles: STEP XOR toggle bits.
    #[must_use]
    pub fn secondary_step(self) -> i32 {
        self.step ^ self.step_toggle()
    }

    /// The x4 escape: a virgin-only move (double push, castling, jumps).
    #[must_use]
    pub fn is_initial_only(self) -> bool {
        self.rights().is_initial_only()
    }

    /// An x4 ray that marks the square it passes: a pawn's multi-step that
    /// may be taken e.p., or any other piece's castling.
    #[must_use]
    pub fn is_marking_initial(self) -> bool {
        self.is_initial_only() && self.toggle_mask().marks_skipped()
    }
}

/// Splits a 16-wide step into (files toward h, rows toward white's side).
///
/// Rows grow toward white's first rank, as in Fairy-Max's board layout, so a
/// white pawn's push `-16` decodes to `(0, -1)`.
#[must_use]
pub fn decode_step(step: i32) -> (i32, i32) {
    let df = (step + 8).rem_euclid(16) - 8;
    let dr = (step - df) / 16;
    (df, dr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_decode_as_the_format_describes() {
        assert_eq!(decode_step(14), (-2, 1));
        assert_eq!(decode_step(31), (-1, 2));
        assert_eq!(decode_step(33), (1, 2));
        assert_eq!(decode_step(-17), (-1, -1));
        assert_eq!(decode_step(13), (-3, 1));
        assert_eq!(decode_step(47), (-1, 3));
        assert_eq!(decode_step(50), (2, 3));
        assert_eq!(decode_step(-16), (0, -1));
        assert_eq!(decode_step(7), (7, 0));
        assert_eq!(decode_step(8), (-8, 1));
    }

    #[test]
    fn step2_folds_into_toggle_bits() {
        assert_eq!(Ray::new(1, 0x34, Some(2)), Ray::new(1, 0x3034, None));
        assert_eq!(Ray::new(-1, 0x34, Some(-2)), Ray::new(-1, 0x1034, None));
        let horse = Ray::new(1, 0xFFFF_0070_u32 as i32, None);
        assert_eq!(horse.secondary_step(), -15);
        assert_eq!(Ray::new(16, 0x1F070, None).secondary_step(), 15);
    }
}
