//! What a piece's moves are worth, read from its rays alone: the squares it
//! reaches from each square of an empty board, and from their average an
//! estimate of its value in the variant's own centipawn scale; and the same
//! estimate from its average reach on occupied boards, which the board
//! layer measures (`mailbox::occupied`) for `check`.
//!
//! Targets are weighted by how easily they are blocked: the first step of a
//! ray counts fully, each further step of a slider a little less
//! ([`STEP_DECAY`]), since pieces in the way cut long moves short, and a
//! leap, which nothing blocks, a little more ([`LEAP_WEIGHT`]). The
//! estimate is a quadratic in that weighted mobility, fitted to orthodox
//! values (knight, bishop, rook, queen, commoner, ferz, wazir, alfil and the
//! Capablanca compounds), then rescaled to the variant with the median
//! ratio of its own plausible values (within [`ABSURD_RATIO`] of the
//! estimate). The occupied-board estimate puts the reach through the same
//! quadratic and rescales it by the game's own median ratio. `check` warns when a
//! written value lies more than [`FAR_RATIO`] times away from its
//! estimate; the engine still plays a written (positive) value as written,
//! and the empty-board estimate only for a piece the ini gives no positive
//! value. Pawns and royal pieces keep their ini values. Nothing here
//! depends on a piece letter.

use super::ray::decode_step;
use super::variant::{Royalty, Variant};
use super::Ray;

/// Weight lost by each slider step after the first.
pub const STEP_DECAY: f64 = 0.88;

/// Weight of a leap: nothing can block it.
pub const LEAP_WEIGHT: f64 = 1.35;

/// A value this many times above or below its estimate is left out of the
/// variant's scale ([`variant_scale`]).
pub const ABSURD_RATIO: f64 = 3.0;

/// A written value this many times above or below its estimate is far from
/// it: `check` warns (and changes nothing).
pub const FAR_RATIO: f64 = 2.0;

/// Weighted mobility of one piece type on every square of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct MobilityMap {
    /// Files of the board.
    pub width: usize,
    /// Per square (`16 * row + file`, row 0 black's back rank): weighted
    /// number of target squares on an empty board.
    pub per_square: Vec<f64>,
    /// Mean of `per_square` over the board.
    pub average: f64,
}

/// The value estimate of one piece type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValueEstimate {
    /// Average weighted empty-board mobility.
    pub mobility: f64,
    /// The estimate in the variant's centipawn scale.
    pub estimate: i32,
    /// The value the variant gives before any estimate: the overlay's
    /// `value.LETTER`, else fmax.ini's.
    pub ini: i32,
}

impl ValueEstimate {
    /// The value the engine plays with: the ini's when it is positive (a
    /// value the user wrote is never replaced), else the estimate.
    #[must_use]
    pub fn used(&self) -> i32 {
        if self.ini > 0 {
            self.ini
        } else {
            self.estimate
        }
    }
}

/// Marks the targets of one ray from (file, row) with their weights,
/// keeping the best weight per square.
fn walk(ray: Ray, width: i32, height: i32, start: (i32, i32), best: &mut [f64]) {
    if ray.is_initial_only() {
        return;
    }
    let (mut df, mut dr) = decode_step(ray.step);
    let (f2, r2) = decode_step(if ray.multi_path() {
        ray.step
    } else {
        ray.secondary_step()
    });
    let toggle = ray.toggle_mask();
    let (mut rights, mut count, mut toggled) = (ray.rights(), ray.count(), false);
    let (mut f, mut r) = start;
    let mut weight = 1.0;
    for _ in 0..2 * (width + height) {
        f += df;
        r += dr;
        if ray.cylinder() {
            f = f.rem_euclid(width);
        }
        if f < 0 || f >= width || r < 0 || r >= height || (f, r) == start {
            return;
        }
        if rights.may_land() {
            let w = if rights.is_leaper() {
                weight * LEAP_WEIGHT
            } else {
                weight
            };
            let cell = &mut best[(r * 16 + f) as usize];
            *cell = cell.max(w);
        }
        if rights.is_leaper() {
            return;
        }
        weight *= STEP_DECAY;
        if !toggled && toggle.by_count() {
            if count == 0 {
                (df, dr) = (f2, r2);
                rights = rights.toggled(toggle);
                toggled = true;
            } else {
                count -= 1;
            }
        }
    }
}

/// The weighted empty-board mobility of a piece with `rays`.
#[must_use]
pub fn mobility_map(rays: &[Ray], width: usize, height: usize) -> MobilityMap {
    let (w, h) = (width as i32, height as i32);
    let mut per_square = vec![0.0; 256];
    let mut total = 0.0;
    for r in 0..h {
        for f in 0..w {
            let mut best = [0.0f64; 256];
            for &ray in rays {
                walk(ray, w, h, (f, r), &mut best);
            }
            // Only on-board cells are ever written; the sum runs over them
            // in index order, as over the whole array (the others add 0).
            let m: f64 = (0..h)
                .flat_map(|row| best[(row * 16) as usize..][..w as usize].iter())
                .sum();
            per_square[(r * 16 + f) as usize] = m;
            total += m;
        }
    }
    MobilityMap {
        width,
        per_square,
        average: total / f64::from((w * h).max(1)),
    }
}

/// The fitted value (orthodox pawn = 100) of a weighted mobility.
#[must_use]
pub fn raw_estimate(mobility: f64) -> f64 {
    41.3 * mobility + 0.537 * mobility * mobility
}

/// Per canonical type: the estimate from `occupied`, its average reach on
/// occupied boards, by the same curve as the empty-board estimate
/// ([`raw_estimate`]) rescaled to the variant ([`occupied_scale`]) (`None`
/// for pawns, royals, type 0 and a type without a measure).
#[must_use]
pub fn occupied_estimates(v: &Variant, occupied: &[Option<f64>]) -> Vec<Option<i32>> {
    let scale = occupied_scale(v, occupied);
    (0..v.types.len())
        .map(|t| {
            let reach = occupied.get(t).copied().flatten()?;
            (t > 0 && estimable(v, t))
                .then(|| (raw_estimate(reach) * scale).round().max(1.0) as i32)
        })
        .collect()
}

/// Whether a piece type gets an estimate (not a pawn, not royal).
#[must_use]
pub fn estimable(v: &Variant, t: usize) -> bool {
    let kind = &v.types[t];
    !kind.is_pawn && kind.royalty == Royalty::None
}

/// The factor that brings `raw` estimates to the variant's own centipawn
/// scale: the median ratio of value to `raw(mobility[t])` over the pieces
/// with a positive value and a positive measured mobility whose ratio is
/// within [`ABSURD_RATIO`] (1 when there is none).
#[must_use]
pub fn variant_scale(v: &Variant, mobility: &[Option<f64>], raw: fn(f64) -> f64) -> f64 {
    let mut ratios: Vec<f64> = (1..v.types.len().min(mobility.len()))
        .filter_map(|t| Some((t, mobility[t]?)))
        .filter(|&(t, m)| estimable(v, t) && v.types[t].raw_value > 0 && m > 0.0)
        .map(|(t, m)| f64::from(v.types[t].raw_value) / raw(m))
        .filter(|r| (1.0 / ABSURD_RATIO..=ABSURD_RATIO).contains(r))
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios.get(ratios.len() / 2).copied().unwrap_or(1.0)
}

/// The factor that brings `raw_estimate(reach)` to the variant's scale: the
/// median ratio of value to it over the pieces with a positive value and
/// reach whose ratio lies within [`ABSURD_RATIO`] of the median of all of
/// them. The band is centred on the game itself, not on the orthodox fit as
/// in [`variant_scale`]: a reach on occupied boards is smaller than an
/// empty-board mobility, and a crowded game shrinks it further.
#[must_use]
pub fn occupied_scale(v: &Variant, occupied: &[Option<f64>]) -> f64 {
    let mut ratios: Vec<f64> = (1..v.types.len().min(occupied.len()))
        .filter_map(|t| Some((t, occupied[t]?)))
        .filter(|&(t, r)| estimable(v, t) && v.types[t].raw_value > 0 && r > 0.0)
        .map(|(t, r)| f64::from(v.types[t].raw_value) / raw_estimate(r))
        .collect();
    ratios.sort_by(f64::total_cmp);
    let Some(&centre) = ratios.get(ratios.len() / 2) else {
        return 1.0;
    };
    let kept: Vec<f64> = ratios
        .into_iter()
        .filter(|r| (centre / ABSURD_RATIO..=centre * ABSURD_RATIO).contains(r))
        .collect();
    kept.get(kept.len() / 2).copied().unwrap_or(centre)
}

/// Estimates for every canonical type (`None` for pawns, royals and the
/// unused type 0).
#[must_use]
pub fn estimate_values(v: &Variant) -> Vec<Option<ValueEstimate>> {
    let mobility: Vec<f64> = v
        .types
        .iter()
        .map(|t| mobility_map(&t.rays, v.width, v.height).average)
        .collect();
    let measured: Vec<Option<f64>> = mobility.iter().map(|&m| Some(m)).collect();
    let scale = variant_scale(v, &measured, raw_estimate);
    (0..v.types.len())
        .map(|t| {
            if t == 0 || !estimable(v, t) {
                return None;
            }
            let estimate = (raw_estimate(mobility[t]) * scale).round().max(1.0) as i32;
            Some(ValueEstimate {
                mobility: mobility[t],
                estimate,
                ini: v.types[t].raw_value,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::catalog::Catalog;

    fn variant(name: &str) -> Variant {
        let catalog = Catalog::from_text(include_str!("../../fmax.ini"), "fmax.ini", &[]);
        (*catalog.variant(name).unwrap()).clone()
    }

    fn estimate_of(v: &Variant, letter: char) -> ValueEstimate {
        let (_, t) = v.type_of_letter(letter).unwrap();
        estimate_values(v)[t as usize].unwrap()
    }

    #[test]
    fn orthodox_estimates_come_close_to_the_ini_values() {
        let v = variant("normal");
        for (letter, mobility, estimate) in [
            ('N', 7.09, 281),
            ('B', 7.43, 296),
            ('R', 11.10, 461),
            ('Q', 18.53, 835),
        ] {
            let e = estimate_of(&v, letter);
            assert!((e.mobility - mobility).abs() < 0.005, "{letter} {e:?}");
            assert_eq!(e.estimate, estimate, "{letter}");
            assert_eq!(e.used(), e.ini, "{letter}");
        }
        let pawn = v.type_of_letter('P').unwrap().1;
        let king = v.type_of_letter('K').unwrap().1;
        assert!(estimate_values(&v)[pawn as usize].is_none());
        assert!(estimate_values(&v)[king as usize].is_none());
    }

    #[test]
    fn mobility_sums_only_the_board_as_the_whole_array_would() {
        let catalog = Catalog::from_text(include_str!("../../fmax.ini"), "fmax.ini", &[]);
        let mut checked = 0;
        for name in catalog.xboard_variants() {
            let Ok(v) = catalog.variant(&name) else {
                continue;
            };
            let (w, h) = (v.width as i32, v.height as i32);
            for ty in &v.types {
                let map = mobility_map(&ty.rays, v.width, v.height);
                let mut total = 0.0;
                for r in 0..h {
                    for f in 0..w {
                        let mut best = [0.0f64; 256];
                        for &ray in &ty.rays {
                            walk(ray, w, h, (f, r), &mut best);
                        }
                        let m: f64 = best.iter().sum();
                        assert_eq!(map.per_square[(r * 16 + f) as usize], m, "{name}");
                        total += m;
                    }
                }
                assert_eq!(map.average, total / f64::from((w * h).max(1)), "{name}");
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn knight_mobility_per_square() {
        let v = variant("normal");
        let (_, n) = v.type_of_letter('N').unwrap();
        let map = mobility_map(&v.types[n as usize].rays, 8, 8);
        // a8 (two targets), d4 (eight), each leap weighing LEAP_WEIGHT.
        assert!((map.per_square[0] - 2.0 * LEAP_WEIGHT).abs() < 1e-9);
        assert!((map.per_square[4 * 16 + 3] - 8.0 * LEAP_WEIGHT).abs() < 1e-9);
    }

    #[test]
    fn a_far_written_value_is_played_as_written() {
        let text = include_str!("../../fmax.ini").replace(
            "Game: normal\n8x8\n8 5 6 9 3 6 5 8\n8 5 6 9 4 6 5 8\np:74   -16,24 -16,6 -15,5 -17,5\np:74    16,24  16,6  15,5  17,5\nk:-1    1,34 -1,34   1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7\nk:-1    1,34 -1,34   1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7\nn:259",
            "Game: normal\n8x8\n8 5 6 9 3 6 5 8\n8 5 6 9 4 6 5 8\np:74   -16,24 -16,6 -15,5 -17,5\np:74    16,24  16,6  15,5  17,5\nk:-1    1,34 -1,34   1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7\nk:-1    1,34 -1,34   1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7\nn:25900",
        );
        assert!(text.contains("n:25900"));
        let catalog = Catalog::from_text(&text, "fmax.ini", &[]);
        let v = catalog.variant("normal").unwrap();
        let e = estimate_of(&v, 'N');
        assert_eq!((e.ini, e.estimate, e.used()), (25900, 286, 25900));
    }

    #[test]
    fn a_grasshopper_written_as_200_plays_as_200() {
        // A grasshopper has no empty-board mobility (it needs a hurdle),
        // so its estimate is 1; the written 200 is still the value played.
        let text = include_str!("../../fmax.ini").replace(
            "S:851   1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3\n",
            "S:851   1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3\n\
             G:200   1,F8 16,F8 15,F8 17,F8 -1,F8 -16,F8 -15,F8 -17,F8\n",
        );
        assert!(text.contains("G:200"));
        let catalog = Catalog::from_text(&text, "fmax.ini", &[]);
        let v = catalog.variant("normal").unwrap();
        let e = estimate_of(&v, 'G');
        assert_eq!((e.ini, e.estimate, e.used()), (200, 1, 200));
        // Not positive: no value written, the estimate is played.
        let none = ValueEstimate { ini: 0, ..e };
        assert_eq!(none.used(), 1);
    }
}
