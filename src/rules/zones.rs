//! Board rules from the overlay resolved against a game: zones as board
//! squares for each side, confined piece types, zone promotions, the
//! flying-general and royal-leap rules, the men explosions spare, and the
//! start position check.
//!
//! Squares are (file, row) with row 0 = black's back rank, as the boards use
//! them. A zone is written from white's side; black's copy is its mirror
//! image across the middle rank.

use super::variant::Variant;
use super::ConfigError;
use crate::core::{Color, Verdict};

/// A named zone: its squares for white (index 0) and for black (index 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// The name after `zone.`.
    pub name: String,
    /// (file, row) squares per side.
    pub squares: [Vec<(usize, usize)>; 2],
}

/// A zone promotion: a piece of type `from` entering its side's copy of
/// `zone` becomes type `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZonePromotion {
    /// Canonical type that promotes.
    pub from: u8,
    /// Index into [`BoardRules::zones`].
    pub zone: usize,
    /// Canonical type it becomes.
    pub to: u8,
}

/// The overlay's board rules in canonical types and board squares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardRules {
    /// Every zone of the overlay.
    pub zones: Vec<Zone>,
    /// Per canonical type: the zone it may not leave.
    pub confine: Vec<Option<usize>>,
    /// Zone promotions per side (white, black).
    pub promotions: [Vec<ZonePromotion>; 2],
    /// Royals may not face each other on an open file.
    pub flying_general: bool,
    /// Royal first-move jumps are illegal while in check.
    pub royal_leap_not_in_check: bool,
    /// Per canonical type: landing on a virgin enemy royal's line takes its
    /// first-move jumps away.
    pub leap_lost_on_line: Vec<bool>,
    /// `explosion = adjacent`: a capture explodes the capturing man and
    /// the men around the capture square.
    pub explosion: bool,
    /// Per canonical type: spared by an explosion next to it
    /// (`explosion_spares`).
    pub explosion_spared: Vec<bool>,
    /// The squares a royal piece reaches to win (`goal_zone`, or King of
    /// the Hill's centre: Fairy-Max's piece 3 valued -2).
    pub goal: Option<Goal>,
    /// `pawn_multi_step`: the zone whose pawns may make their first-move
    /// steps, moved before or not.
    pub multi_step_zone: Option<usize>,
    /// `en_passant_zone`: the zone an e.p. capture must land in.
    pub ep_zone: Option<usize>,
    /// `promotion_in_place`: the zone on which pawns promote by a move of
    /// their own (see [`Variant`]'s promotion choices).
    pub in_place_zone: Option<usize>,
    /// Per canonical type: how many a side may have on the board before no
    /// pawn may promote to it (`promotion_limit`; `None`: no limit).
    pub promotion_limit: Vec<Option<u8>>,
    /// `extinction`: the kinds of men whose loss loses.
    pub extinction: Option<Extinction>,
    /// `piece_promotion`: the men that may promote, and where.
    pub piece_promotion: Option<PiecePromotion>,
    /// `immobile = illegal`: no man may stand where it could never move.
    pub immobile_illegal: bool,
}

/// Promotion by choice (`piece_promotion`): a man whose move starts or ends
/// in its side's copy of the zone may become its promoted form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PiecePromotion {
    /// Per canonical type: the type it may promote to (0: none).
    pub promoted: Vec<u8>,
    /// Per canonical type: the type it is the promoted form of (0: none).
    pub base: Vec<u8>,
    /// Index into [`BoardRules::zones`].
    pub zone: usize,
}

/// A goal: the squares each side's royal pieces reach to win.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Goal {
    /// (file, row) squares per side.
    pub squares: [Vec<(usize, usize)>; 2],
    /// `goal_equalise`: black may still draw by reaching its goal with the
    /// move after white reached its own.
    pub equalise: bool,
}

/// The extinction rule: a side that has no man of one of `kinds` (on the
/// board or in hand), or with `all_men` no man at all, loses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// The kinds as [white's type, black's type].
    pub kinds: Vec<[u8; 2]>,
    /// `extinction = *`: every man together is one kind.
    pub all_men: bool,
    /// `extinction_count`: a side with this many men of a kind or fewer
    /// has lost it (0: none left).
    pub count: u8,
    /// `extinction_value`: the result for the side that lost a kind.
    pub verdict: Verdict,
}

/// Resolves the overlay's board rules for `v` (types already derived).
/// Problems are appended to `errors`, located at the overlay key's line.
pub fn resolve(v: &Variant, errors: &mut Vec<ConfigError>) -> BoardRules {
    let o = &v.overlay;
    let err = |key: &str, message: String| v.overlay_error(key, message);
    let n = v.types.len();
    let mut rules = BoardRules {
        confine: vec![None; n],
        leap_lost_on_line: vec![false; n],
        explosion: o.explosion,
        explosion_spared: vec![false; n],
        promotion_limit: vec![None; n],
        flying_general: o.flying_general,
        royal_leap_not_in_check: o.royal_leap_not_in_check,
        immobile_illegal: o.immobile_illegal,
        ..BoardRules::default()
    };
    for (name, squares) in &o.zones {
        match zone_squares(v, squares) {
            Ok(sq) => rules.zones.push(Zone {
                name: name.clone(),
                squares: sq,
            }),
            Err(m) => errors.push(err(&format!("zone.{name}"), m)),
        }
    }
    let zone_index = |name: &str| rules.zones.iter().position(|z| z.name == name);
    for (pieces, zone) in &o.confine {
        let Some(z) = zone_index(zone) else {
            errors.push(err(
                "confine",
                format!("confine: no zone `{zone}` (define it with `zone.{zone} = ...`)"),
            ));
            continue;
        };
        for token in pieces {
            match piece_types(v, token) {
                Ok(types) => types
                    .iter()
                    .for_each(|&t| rules.confine[t as usize] = Some(z)),
                Err(m) => errors.push(err("confine", m)),
            }
        }
    }
    for (from, zone, to) in &o.zone_promotions {
        let Some(z) = zone_index(zone) else {
            errors.push(err(
                "zone_promotion",
                format!("zone_promotion: no zone `{zone}` (define it with `zone.{zone} = ...`)"),
            ));
            continue;
        };
        match (piece_types(v, from), piece_types(v, to)) {
            (Ok(f), Ok(t)) => {
                for c in 0..2 {
                    let p = ZonePromotion {
                        from: f[c],
                        zone: z,
                        to: t[c],
                    };
                    if p.from != p.to && !rules.promotions[c].contains(&p) {
                        rules.promotions[c].push(p);
                    }
                }
            }
            (Err(m), _) | (_, Err(m)) => errors.push(err("zone_promotion", m)),
        }
    }
    for &letter in &o.royal_leap_lost_on_line {
        match piece_types(v, &letter.to_string()) {
            Ok(types) => types
                .iter()
                .for_each(|&t| rules.leap_lost_on_line[t as usize] = true),
            Err(m) => errors.push(err("royal_leap_lost_on_line", m)),
        }
    }
    rules.piece_promotion = resolve_piece_promotion(v, &rules.zones, errors);
    resolve_explosion(v, &mut rules, errors);
    for &(letter, n) in &o.promotion_limit {
        match piece_types(v, &letter.to_string()) {
            Ok(types) => types
                .iter()
                .for_each(|&t| rules.promotion_limit[t as usize] = Some(n)),
            Err(m) => errors.push(err("promotion_limit", m)),
        }
    }
    rules.goal = resolve_goal(v, &rules.zones, errors);
    for (key, name, slot) in [
        (
            "pawn_multi_step",
            &o.pawn_multi_step,
            &mut rules.multi_step_zone,
        ),
        ("en_passant_zone", &o.en_passant_zone, &mut rules.ep_zone),
        (
            "promotion_in_place",
            &o.promotion_in_place,
            &mut rules.in_place_zone,
        ),
    ] {
        if let Some(name) = name {
            *slot = find_zone(&rules.zones, key, name)
                .map_err(|m| errors.push(err(key, m)))
                .ok();
        }
    }
    rules.extinction = resolve_extinction(v, errors);
    if let Some(fen) = &o.start {
        if let Err(m) = check_start(v, fen) {
            errors.push(err("start", m));
        }
    }
    if o.castling960 && !has_sideways_castler(v) {
        errors.push(err(
            "castling960",
            format!(
                "castling960: no piece of {} castles sideways (an x4 castling ray such as `1,34`)",
                v.name
            ),
        ));
    }
    rules
}

/// `explosion_spares` as types; the key needs `explosion = adjacent`.
fn resolve_explosion(v: &Variant, rules: &mut BoardRules, errors: &mut Vec<ConfigError>) {
    let o = &v.overlay;
    if !o.explosion_spares.is_empty() && !o.explosion {
        errors.push(v.overlay_error(
            "explosion_spares",
            "explosion_spares: no explosion to spare men from (set `explosion = adjacent`)".into(),
        ));
        return;
    }
    for &letter in &o.explosion_spares {
        match piece_types(v, &letter.to_string()) {
            Ok(types) => types
                .iter()
                .for_each(|&t| rules.explosion_spared[t as usize] = true),
            Err(m) => errors.push(v.overlay_error("explosion_spares", m)),
        }
    }
}

/// The index of the zone called `name`, or the message for `key`.
fn find_zone(zones: &[Zone], key: &str, name: &str) -> Result<usize, String> {
    zones
        .iter()
        .position(|z| z.name == name)
        .ok_or_else(|| format!("{key}: no zone `{name}` (define it with `zone.{name} = ...`)"))
}

/// The goal of `goal_zone` (each side its own copy of the zone) or of
/// `goal_zone.white` / `goal_zone.black` (the zone's squares as written, for
/// that side), else King of the Hill's centre squares (Fairy-Max's rule).
fn resolve_goal(v: &Variant, zones: &[Zone], errors: &mut Vec<ConfigError>) -> Option<Goal> {
    let keys = &v.overlay.goal;
    if !keys.any() {
        if keys.equalise {
            errors.push(v.overlay_error(
                "goal_equalise",
                "goal_equalise: no goal (give `goal_zone`)".into(),
            ));
        }
        return king_of_the_hill(v);
    }
    let mut goal = Goal {
        equalise: keys.equalise,
        ..Goal::default()
    };
    if let Some(name) = &keys.zone {
        match find_zone(zones, "goal_zone", name) {
            Ok(z) => goal.squares = zones[z].squares.clone(),
            Err(m) => errors.push(v.overlay_error("goal_zone", m)),
        }
    }
    for (side, (key, name)) in ["goal_zone.white", "goal_zone.black"]
        .into_iter()
        .zip(&keys.sides)
        .enumerate()
    {
        let Some(name) = name else { continue };
        match find_zone(zones, key, name) {
            Ok(z) => goal.squares[side] = zones[z].squares[0].clone(),
            Err(m) => errors.push(v.overlay_error(key, m)),
        }
    }
    Some(goal)
}

/// King of the Hill (piece 3 valued -2 in fmax.ini): the four centre
/// squares are both sides' goal.
fn king_of_the_hill(v: &Variant) -> Option<Goal> {
    if v.types.len() <= 3 || v.types[3].raw_value != -2 {
        return None;
    }
    let (w, h) = (v.width, v.height);
    let centre: Vec<(usize, usize)> = [w / 2 - 1, w / 2]
        .into_iter()
        .flat_map(|f| [h / 2 - 1, h / 2].map(|r| (f, r)))
        .collect();
    Some(Goal {
        squares: [centre.clone(), centre],
        equalise: false,
    })
}

/// The kinds of `extinction`, resolved against the game.
fn resolve_extinction(v: &Variant, errors: &mut Vec<ConfigError>) -> Option<Extinction> {
    let o = &v.overlay;
    let letters = &o.extinction;
    if letters.is_empty() {
        for key in ["extinction_count", "extinction_value"] {
            if o.line_of(key) != 0 {
                errors.push(v.overlay_error(key, format!("{key}: no `extinction` kinds")));
            }
        }
        return None;
    }
    let mut out = Extinction {
        kinds: Vec::new(),
        all_men: letters == &['*'],
        count: o.extinction_count.unwrap_or(0),
        verdict: o.extinction_value.unwrap_or(Verdict::Loss),
    };
    if out.all_men {
        return Some(out);
    }
    for &letter in letters {
        match piece_types(v, &letter.to_string()) {
            Ok(types) => out.kinds.push(types),
            Err(m) => errors.push(v.overlay_error("extinction", format!("extinction: {m}"))),
        }
    }
    Some(out)
}

/// Whether some non-pawn has a sideways castling ray (x4, not a jump).
fn has_sideways_castler(v: &Variant) -> bool {
    v.types.iter().filter(|t| !t.is_pawn).any(|t| {
        t.rays
            .iter()
            .any(|r| r.is_marking_initial() && super::ray::decode_step(r.step).1 == 0)
    })
}

/// The squares of a zone for white and for black, checked against the board.
pub(crate) fn zone_squares(
    v: &Variant,
    squares: &[(u8, u8)],
) -> Result<[Vec<(usize, usize)>; 2], String> {
    let (w, h) = (v.width, v.height);
    let mut out = [Vec::new(), Vec::new()];
    for &(file, rank) in squares {
        let (file, rank) = (usize::from(file), usize::from(rank));
        if file >= w || rank >= h {
            return Err(format!(
                "square {}{} is off the {w}x{h} board",
                char::from(b'a' + file as u8),
                rank + 1
            ));
        }
        out[0].push((file, h - 1 - rank));
        out[1].push((file, rank));
    }
    Ok(out)
}

/// The canonical types a token names: [white's, black's]. A number is the
/// same piece for both sides; a letter follows Fairy-Max's rule (first piece
/// with the letter for white, last for black).
pub(crate) fn piece_types(v: &Variant, token: &str) -> Result<[u8; 2], String> {
    if let Ok(n) = token.parse::<usize>() {
        if n == 0 || n > v.def.pieces.len() {
            return Err(format!(
                "piece {n}: {} defines pieces 1-{}",
                v.name,
                v.def.pieces.len()
            ));
        }
        let t = v.canonical[n];
        return Ok([t, t]);
    }
    let mut out = [0u8; 2];
    for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let c = token.chars().next().unwrap_or('?');
        let letter = match color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c.to_ascii_lowercase(),
        };
        out[i] = v
            .type_of_letter(letter)
            .map(|(_, t)| t)
            .ok_or_else(|| format!("piece letter '{c}' is no piece of {}", v.name))?;
    }
    Ok(out)
}

/// `piece_promotion` and `piece_promotion_zone`, resolved.
fn resolve_piece_promotion(
    v: &Variant,
    zones: &[Zone],
    errors: &mut Vec<ConfigError>,
) -> Option<PiecePromotion> {
    let o = &v.overlay;
    let err = |key: &str, message: String| v.overlay_error(key, message);
    if o.piece_promotions.is_empty() {
        if o.piece_promotion_zone.is_some() {
            errors.push(err(
                "piece_promotion_zone",
                "piece_promotion_zone: no `piece_promotion` says which men promote".into(),
            ));
        }
        return None;
    }
    let Some(name) = &o.piece_promotion_zone else {
        errors.push(err(
            "piece_promotion",
            "piece_promotion: `piece_promotion_zone` must name the zone".into(),
        ));
        return None;
    };
    let zone = find_zone(zones, "piece_promotion_zone", name)
        .map_err(|m| errors.push(err("piece_promotion_zone", m)))
        .ok()?;
    let n = v.types.len();
    let mut p = PiecePromotion {
        promoted: vec![0; n],
        base: vec![0; n],
        zone,
    };
    for (from, to) in &o.piece_promotions {
        match (piece_types(v, from), piece_types(v, to)) {
            (Ok(f), Ok(t)) => {
                for c in 0..2 {
                    let (f, t) = (usize::from(f[c]), t[c]);
                    if f == usize::from(t) || p.base[f] != 0 {
                        errors.push(err(
                            "piece_promotion",
                            format!("piece_promotion: `{from}:{to}` promotes a man to itself or a promoted man again"),
                        ));
                        return None;
                    }
                    p.promoted[f] = t;
                    p.base[usize::from(t)] = f as u8;
                }
            }
            (Err(m), _) | (_, Err(m)) => errors.push(err("piece_promotion", m)),
        }
    }
    Some(p)
}

/// Checks the start FEN's placement: rank count, files per rank, letters.
fn check_start(v: &Variant, fen: &str) -> Result<(), String> {
    let placement = fen.split_whitespace().next().unwrap_or("");
    // Holdings (`[Nn]`) follow the ranks; the board reads them.
    let placement = placement.split('[').next().unwrap_or(placement);
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != v.height {
        return Err(format!(
            "start: {} ranks, expected {}",
            rows.len(),
            v.height
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let mut files = 0;
        let mut run = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            if c == '~' || c == '+' {
                continue;
            }
            files += run + 1;
            run = 0;
            if v.type_of_letter(c).is_none() {
                return Err(format!("start: '{c}' is no piece of {}", v.name));
            }
        }
        files += run;
        if files != v.width {
            return Err(format!(
                "start: rank {} has {files} files, expected {}",
                v.height - i,
                v.width
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::rules::catalog::Catalog;

    const INI: &str = "version 4.8(w)
8x8
0 0 0 0 3 0 0 0
0 0 0 0 3 0 0 0
p:100 -16,6
p:100 16,6
k:-1 1,7 -1,7 16,7 -16,7

Game: tiny
8x8
0 0 0 0 3 0 0 0
0 0 0 0 3 0 0 0
p:100 -16,6
p:100 16,6
k:-1 1,7 -1,7 16,7 -16,7

// end
";

    fn errors(overlay: &str) -> Vec<String> {
        let catalog = Catalog::from_text(INI, "t.ini", &[("tiny", overlay)]);
        match catalog.variant("tiny") {
            Ok(_) => Vec::new(),
            Err(errs) => errs.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn goal_and_pawn_zone_keys_name_defined_zones() {
        assert_eq!(
            errors("[rules]\ngoal_zone.white = top\ngoal_equalise = maybe\n"),
            ["variants/tiny.ini:3: goal_equalise = `maybe`: expected true or false",]
        );
        assert_eq!(
            errors("[rules]\nzone.top = a8-h8\ngoal_zone.black = tops\npawn_multi_step = x\nen_passant_zone = y-z\n"),
            [
                "variants/tiny.ini:5: en_passant_zone = `y-z`: expected the name of a zone (defined with `zone.NAME = ...`)",
            ]
        );
        assert_eq!(
            errors("[rules]\nzone.top = a8-h8\ngoal_zone.black = tops\npawn_multi_step = x\n"),
            [
                "variants/tiny.ini:3: goal_zone.black: no zone `tops` (define it with `zone.tops = ...`)",
                "variants/tiny.ini:4: pawn_multi_step: no zone `x` (define it with `zone.x = ...`)",
            ]
        );
        assert_eq!(
            errors("[rules]\ngoal_equalise = true\n"),
            ["variants/tiny.ini:2: goal_equalise: no goal (give `goal_zone`)"]
        );
        assert_eq!(
            errors("[rules]\nextinction = KQ\n"),
            ["variants/tiny.ini:2: extinction: piece letter 'Q' is no piece of tiny"]
        );
        assert_eq!(
            errors("[rules]\nextinction = K*\n"),
            ["variants/tiny.ini:2: extinction = `K*`: expected piece letters, e.g. `KQRBNP`, or `*` (every man)"]
        );
        assert!(errors("[rules]\nzone.top = a8-h8\ngoal_zone = top\nextinction = *\n").is_empty());
    }

    #[test]
    fn castling960_needs_a_piece_that_castles_sideways() {
        assert_eq!(
            errors("[rules]\ncastling960 = true\n"),
            ["variants/tiny.ini:2: castling960: no piece of tiny castles sideways (an x4 castling ray such as `1,34`)"]
        );
        assert_eq!(
            errors("[rules]\ncastling960 = maybe\n"),
            ["variants/tiny.ini:2: castling960 = `maybe`: expected true or false"]
        );
        assert!(errors("[rules]\ncastling960 = false\n").is_empty());
    }

    #[test]
    fn explosion_spares_names_men_of_the_game_and_needs_an_explosion() {
        assert_eq!(
            errors("[rules]\nexplosion_spares = P\n"),
            ["variants/tiny.ini:2: explosion_spares: no explosion to spare men from (set `explosion = adjacent`)"]
        );
        let errs = errors("[rules]\nexplosion = adjacent\nexplosion_spares = PQ\n");
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(errs[0].starts_with("variants/tiny.ini:3: "), "{errs:?}");
        let text = "[rules]\nexplosion = adjacent\nexplosion_spares = P\n";
        let catalog = Catalog::from_text(INI, "t.ini", &[("tiny", text)]);
        let rules = &catalog.variant("tiny").unwrap().board_rules;
        assert!(rules.explosion);
        assert_eq!(rules.explosion_spared, [false, true, true, false]);
    }

    #[test]
    fn overlay_board_rules_are_checked_against_the_game() {
        let text = "[rules]\nzone.big = d1-f9\nzone.home = a1-h2\nconfine = K:castle\n\
                    start = 8/8/8 w\nzone_promotion = 1:home:9\n";
        assert_eq!(
            errors(text),
            [
                "variants/tiny.ini:2: square d9 is off the 8x8 board",
                "variants/tiny.ini:4: confine: no zone `castle` (define it with `zone.castle = ...`)",
                "variants/tiny.ini:6: piece 9: tiny defines pieces 1-3",
                "variants/tiny.ini:5: start: 3 ranks, expected 8",
            ]
        );
    }

    #[test]
    fn a_valid_overlay_resolves_zones_for_both_sides() {
        let text = "[rules]\nzone.home = e1-e2\nconfine = K:home\nstart = 4k3/8/8/8/8/8/8/4K3 w\n";
        let catalog = Catalog::from_text(INI, "t.ini", &[("tiny", text)]);
        let v = catalog.variant("tiny").unwrap();
        let z = &v.board_rules.zones[0];
        assert_eq!(z.squares, [vec![(4, 7), (4, 6)], vec![(4, 0), (4, 1)]]);
        assert_eq!(v.board_rules.confine[3], Some(0));
        assert!(errors("[rules]\nstart = 4k3/8/8/8/8/8/8/4X3 w\n")
            .contains(&"variants/tiny.ini:2: start: 'X' is no piece of tiny".to_string()));
    }
}
