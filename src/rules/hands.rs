//! Men in hand: the overlay keys of drop games (`drops`, `captures_to_hand`,
//! `promoted_to_hand`, `drop_zone`, `must_drop`, `drop_opposite_colours`,
//! `castling_dropped`;
//! see `variants/README.md`) as written ([`HandKeys`]), and resolved against
//! a game ([`HandRules`]): which man a capture puts in whose hand, and
//! where each man may be dropped.
//!
//! Squares are (file, row) with row 0 = black's back rank, as in
//! [`super::zones`]; a drop zone is written from white's side and mirrored
//! for black.

use super::variant::{Royalty, Variant};
use super::zones::{self, Zone};
use super::ConfigError;
use crate::core::Color;

/// What a captured promoted man becomes in the capturer's hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PromotedToHand {
    /// It goes back as a pawn (crazyhouse).
    #[default]
    Pawn,
    /// It stays what it was promoted to.
    Promoted,
}

/// The hand keys of `[rules]` as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandKeys {
    /// `drops = true`: men in hand may be dropped on empty squares.
    pub drops: bool,
    /// `captures_to_hand = true`: a captured man goes to the capturer's
    /// hand, as a man of the capturer's side.
    pub captures_to_hand: bool,
    /// `promoted_to_hand`: what a captured promoted man becomes.
    pub promoted_to_hand: PromotedToHand,
    /// `drop_zone = P:zone ...`: (piece token or `*`, zone name): the men
    /// that may be dropped only in their side's copy of the zone.
    pub drop_zones: Vec<(String, String)>,
    /// `must_drop = true`: while a side holds men, its moves are drops.
    pub must_drop: bool,
    /// `drop_opposite_colours = B`: letters of the men whose two of a side
    /// must stand on squares of opposite colours (a drop that would put the
    /// last one on its twin's colour is refused).
    pub opposite_colours: Vec<char>,
    /// `castling_dropped = true`: a castler or castling partner dropped on
    /// its square of the start array has never moved (it may castle).
    pub castling_dropped: bool,
    /// `drop_no_doubled = P`: letters of the men that may not be dropped on
    /// a file where one of the side's own such men stands (nifu).
    pub no_doubled: Vec<char>,
    /// `drop_no_mate = P`: letters of the men whose drop may not mate
    /// (uchifuzume).
    pub no_mate: Vec<char>,
}

impl HandKeys {
    /// Whether any hand rule is set.
    #[must_use]
    pub fn any(&self) -> bool {
        self.drops || self.captures_to_hand || self.must_drop
    }
}

/// The hand rules in canonical types and board squares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandRules {
    /// Men in hand may be dropped.
    pub drops: bool,
    /// Per capturing side (white first) and captured canonical type: the
    /// type that goes into the capturer's hand (0: none).
    pub to_hand: [Vec<u8>; 2],
    /// Per side: the pawn type a captured promoted man becomes, or 0 when
    /// it keeps its promoted type.
    pub demoted: [u8; 2],
    /// Per canonical type: the zone (index into `zones`) it may be dropped
    /// in; `None` = anywhere.
    pub drop_zone: Vec<Option<usize>>,
    /// The zones named by `drop_zone`, resolved.
    pub zones: Vec<Zone>,
    /// While a side holds men, it must drop one.
    pub must_drop: bool,
    /// Per canonical type: two of a side stand on opposite colours.
    pub opposite_colours: Vec<bool>,
    /// A castler or partner dropped on its start square may castle.
    pub castling_dropped: bool,
    /// Per canonical type: may not be dropped on a file holding an own man
    /// of the type (`drop_no_doubled`).
    pub no_doubled: Vec<bool>,
    /// Per canonical type: its drop may not mate (`drop_no_mate`).
    pub no_mate: Vec<bool>,
}

impl HandRules {
    /// Whether men enter or leave hands in this game.
    #[must_use]
    pub fn any(&self) -> bool {
        self.drops || self.to_hand.iter().any(|t| t.iter().any(|&x| x != 0))
    }

    /// Whether captures put men in hand.
    #[must_use]
    pub fn captures_to_hand(&self) -> bool {
        self.to_hand[0].iter().any(|&x| x != 0)
    }
}

/// `drop_zone = P:pawn_drops *:back`: pairs of piece token (or `*`) and zone.
///
/// # Errors
/// An item not written `PIECE:ZONE`.
pub fn parse_drop_zones(value: &str) -> Result<Vec<(String, String)>, String> {
    let example = "`drop_zone = P:pawn_drops`";
    super::board_keys::parse_pairs(value, "drop_zone", "PIECE:ZONE", (example, example))
}

/// `promoted_to_hand = pawn | promoted`.
///
/// # Errors
/// Any other value.
pub fn parse_promoted_to_hand(value: &str) -> Result<PromotedToHand, String> {
    match value {
        "pawn" => Ok(PromotedToHand::Pawn),
        "promoted" => Ok(PromotedToHand::Promoted),
        _ => Err(format!(
            "promoted_to_hand = `{value}`: expected pawn or promoted"
        )),
    }
}

/// Resolves the overlay's hand keys for `v` (types and zones derived).
/// Problems are appended to `errors`, located at the key's line.
pub fn resolve(v: &Variant, errors: &mut Vec<ConfigError>) -> HandRules {
    let o = &v.overlay;
    let keys = &o.hands;
    let err = |key: &str, message: String| v.overlay_error(key, message);
    let n = v.types.len();
    let mut rules = HandRules {
        drops: keys.drops,
        to_hand: [vec![0; n], vec![0; n]],
        drop_zone: vec![None; n],
        opposite_colours: vec![false; n],
        must_drop: keys.must_drop,
        castling_dropped: keys.castling_dropped,
        ..HandRules::default()
    };
    if keys.captures_to_hand {
        rules.to_hand = [
            capture_types(v, Color::White),
            capture_types(v, Color::Black),
        ];
        if keys.promoted_to_hand == PromotedToHand::Pawn {
            rules.demoted = v.pawn_type;
        }
    }
    for (piece, zone) in &keys.drop_zones {
        let Some((name, squares)) = o.zones.iter().find(|(name, _)| name == zone) else {
            errors.push(err(
                "drop_zone",
                format!("drop_zone: no zone `{zone}` (define it with `zone.{zone} = ...`)"),
            ));
            continue;
        };
        let index = match rules.zones.iter().position(|z| &z.name == name) {
            Some(i) => i,
            None => match zones::zone_squares(v, squares) {
                Ok(sq) => {
                    rules.zones.push(Zone {
                        name: name.clone(),
                        squares: sq,
                    });
                    rules.zones.len() - 1
                }
                // The zone's own key reports it.
                Err(_) => continue,
            },
        };
        if piece == "*" {
            rules.drop_zone.iter_mut().for_each(|z| *z = Some(index));
            continue;
        }
        match zones::piece_types(v, piece) {
            Ok(types) => types
                .iter()
                .for_each(|&t| rules.drop_zone[t as usize] = Some(index)),
            Err(m) => errors.push(err("drop_zone", m)),
        }
    }
    for (key, letters, flags) in [
        (
            "drop_opposite_colours",
            &keys.opposite_colours,
            &mut rules.opposite_colours,
        ),
        ("drop_no_doubled", &keys.no_doubled, &mut rules.no_doubled),
        ("drop_no_mate", &keys.no_mate, &mut rules.no_mate),
    ] {
        flags.resize(n, false);
        for &letter in letters {
            match zones::piece_types(v, &letter.to_string()) {
                Ok(types) => types.iter().for_each(|&t| flags[t as usize] = true),
                Err(m) => errors.push(err(key, m)),
            }
        }
    }
    if (keys.captures_to_hand || keys.must_drop) && !keys.drops {
        let key = if keys.must_drop {
            "must_drop"
        } else {
            "captures_to_hand"
        };
        errors.push(err(
            key,
            format!("{key}: men in hand need `drops = true` to leave it"),
        ));
    }
    rules
}

/// Per captured canonical type: the type a capture by `capturer` puts in
/// its hand, the man with the same letter on the capturer's side (0 for a
/// royal piece or a letter the capturer's side lacks); a promoted form of
/// `piece_promotion` goes as the man it was promoted from.
fn capture_types(v: &Variant, capturer: Color) -> Vec<u8> {
    let base = |t: usize| {
        v.board_rules
            .piece_promotion
            .as_ref()
            .map_or(0, |p| p.base[t])
    };
    (0..v.types.len())
        .map(|t| {
            if t == 0 || v.types[t].royalty != Royalty::None {
                return 0;
            }
            let unpromoted = match base(t) {
                0 => t,
                b => usize::from(b),
            };
            let letter = v.types[unpromoted].letter;
            let letter = match capturer {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter.to_ascii_lowercase(),
            };
            v.type_of_letter(letter)
                .filter(|&(c, _)| c == capturer)
                .map_or(0, |(_, own)| own)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drop_zones_are_pairs_of_piece_and_zone() {
        assert_eq!(
            parse_drop_zones("P:pawn_drops, *:back").as_deref(),
            Ok(&[
                ("P".to_string(), "pawn_drops".to_string()),
                ("*".to_string(), "back".to_string())
            ][..])
        );
        assert!(parse_drop_zones("P").is_err());
        assert!(parse_drop_zones(":x").is_err());
        assert!(parse_drop_zones("").is_err());
    }

    #[test]
    fn promoted_men_go_back_as_pawns_or_as_they_are() {
        assert_eq!(parse_promoted_to_hand("pawn"), Ok(PromotedToHand::Pawn));
        assert_eq!(
            parse_promoted_to_hand("promoted"),
            Ok(PromotedToHand::Promoted)
        );
        assert!(parse_promoted_to_hand("queen").is_err());
    }
}
