//! One ray descriptor of fmax.ini (`STEP,MODE`): the step vector on the
//! 16-wide board and the hex mode word, with named accessors for its bits.
//!
//! The bit layout is Fairy-Max's (section 6 of the comments in `fmax.ini`): bits 0-3 rights
//! (capture, move, leaper, hop), 4-7 toggle mask, 8 cylinder, 9 multi-path,
//! 10-11 delay count, 12-31 step toggle (arithmetic shift).

/// A step and its mode word, exactly as in the ini (`STEP2` folded in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ray {
    /// Step on the 16-wide board: +1 toward the h-file, -16 toward black.
    pub step: i32,
    /// The mode word (hex in the file), as a signed 32-bit value.
    pub mode: i32,
}

/// Mode bit: the ray may capture an enemy piece.
pub const CAPTURE: i32 = 1;
/// Mode bit: the ray may move to an empty square.
pub const MOVE: i32 = 2;
/// Mode bit: the ray ends after this step (leaper).
pub const LEAPER: i32 = 4;
/// Mode bit: jump an occupied square and switch to the secondary mode.
pub const HOP: i32 = 8;

impl Ray {
    /// Builds a ray from `STEP,MODE[,STEP2]`: STEP2 becomes toggle bits.
    #[must_use]
    pub fn new(step: i32, mode: i32, step2: Option<i32>) -> Ray {
        let mode = match step2 {
            Some(s2) => mode.wrapping_add((s2 ^ step).wrapping_shl(12)),
            None => mode,
        };
        Ray { step, mode }
    }

    /// The rights nibble R (capture, move, leaper, hop).
    #[must_use]
    pub fn rights(self) -> i32 {
        self.mode & 0xF
    }

    /// The toggle nibble G, XORed into R when the ray toggles.
    #[must_use]
    pub fn toggle_mask(self) -> i32 {
        (self.mode >> 4) & 0xF
    }

    /// Lateral wrap-around (cylinder board).
    #[must_use]
    pub fn cylinder(self) -> bool {
        self.mode & 0x100 != 0
    }

    /// Falcon-style multi-path leap.
    #[must_use]
    pub fn multi_path(self) -> bool {
        self.mode & 0x200 != 0
    }

    /// The two-bit count D in bits 10-11.
    #[must_use]
    pub fn count(self) -> i32 {
        (self.mode >> 10) & 3
    }

    /// The step-toggle field (bits 12 and up, sign-extended).
    #[must_use]
    pub fn step_toggle(self) -> i32 {
        self.mode >> 12
    }

    /// The step used after the ray toggles: STEP XOR toggle bits.
    #[must_use]
    pub fn secondary_step(self) -> i32 {
        self.step ^ self.step_toggle()
    }

    /// The x4 escape: a virgin-only move (double push, castling, jumps).
    #[must_use]
    pub fn is_initial_only(self) -> bool {
        self.rights() == 4
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
