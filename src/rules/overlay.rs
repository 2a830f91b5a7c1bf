//! Rules fmax.ini cannot say, read from `variants/*.ini` (one file per
//! variant name, `[rules]` section): promotion choices, stalemate and
//! bare-king results, and the other keys documented in `variants/README.md`;
//! and the variant's own evaluation weights and piece values (`[eval]`
//! section, written by `nightrider tune`). The weights' names are data here
//! ([`EVAL_WEIGHTS`]); the evaluation maps them to its terms.
//!
//! The files are read with the `ini` crate (rust-ini); since it does not
//! keep line numbers, the text is pre-scanned to find each key's line for
//! error messages. Any error refuses the variant the overlay belongs to.

use std::path::{Path, PathBuf};

use ini::Ini;

use super::board_keys;
use super::end_rules::{self, CountingKeys};
use super::hands::{self, HandKeys};
use super::ConfigError;
use crate::core::Verdict;
use std::sync::Arc;

/// Extra rules for one variant; every field defaults to Fairy-Max's behaviour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    /// Letters a pawn may promote to (case-insensitive); `None` = derive from
    /// the initial array.
    pub promotion: Option<Vec<char>>,
    /// What a stalemate means for the stalemated side; `None` = draw.
    pub stalemate: Option<Verdict>,
    /// `checkmate`: the result for the side that is mated (`None`: a
    /// loss).
    pub checkmate: Option<Verdict>,
    /// A side left with a lone king loses (shatranj, courier).
    pub bare_king_loses: bool,
    /// The file the overlay was read from (`None` for the defaults).
    pub file: Option<String>,
    /// 1-based line of the `promotion` key (0 when absent), for errors
    /// found when the letters are checked against the game.
    pub promotion_line: usize,
    /// The start position as FEN, replacing fmax.ini's arrays and pawn ranks.
    pub start: Option<String>,
    /// Named zones (`zone.NAME`): squares as (file, rank) from white's side,
    /// both 0-based; black's zone is the mirror image.
    pub zones: Vec<(String, Vec<(u8, u8)>)>,
    /// `confine`: (piece tokens, zone name): those pieces never leave their
    /// side's copy of the zone.
    pub confine: Vec<(Vec<String>, String)>,
    /// `zone_promotion`: (piece, zone name, new piece): a piece entering its
    /// side's copy of the zone becomes the new piece, with no choice.
    pub zone_promotions: Vec<(String, String, String)>,
    /// `flying_general = illegal`: two royals may not face each other on a
    /// file with nothing between them.
    pub flying_general: bool,
    /// `royal_leap_out_of_check = illegal`: a royal's first-move jumps (x4
    /// rays other than castling) may not be made while in check.
    pub royal_leap_not_in_check: bool,
    /// `royal_leap_lost_on_line`: letters of the pieces that, landing on a
    /// virgin enemy royal's rank or file, take its first-move jumps away.
    pub royal_leap_lost_on_line: Vec<char>,
    /// `perpetual_check = loss`: on the third occurrence of a position, a
    /// side that gave check with every move since the first one loses.
    pub perpetual_check_loses: bool,
    /// `castling960 = true`: Chess960 castling (king and rooks anywhere on
    /// the back rank; the king lands on the c- or second-to-last file, the
    /// rook next to it on the inner side), instead of Fairy-Max's corner
    /// castling.
    pub castling960: bool,
    /// The counting rules (`board_count`, `board_count_max_pieces`,
    /// `pieces_count`, `pieces_count_start`).
    pub counting: CountingKeys,
    /// `move_rule`: moves without capture or pawn move that draw; `None` =
    /// Fairy-Max's 50, `Some(0)` = no such rule.
    pub move_rule: Option<u16>,
    /// `repetition`: the occurrence of a position that ends the game
    /// (`None` = 3).
    pub repetition: Option<u16>,
    /// `repetition_value`: the result for the side whose move completes the
    /// repetition (`None` = draw).
    pub repetition_value: Option<Verdict>,
    /// `repetition_loser`: the side the repetition loses for, whoever
    /// completed it (`None`: `repetition_value` decides).
    pub repetition_loser: Option<crate::core::Color>,
    /// `repetition_claim = offer`: a draw by repetition is offered, never
    /// claimed, because a referee may not count it as a draw (cutechess-cli
    /// does not in the makruk family and ASEAN).
    pub repetition_offered: bool,
    /// `chasing = loss`: at a repetition, a side that chased an enemy piece
    /// with every one of its moves in the cycle loses (xiangqi).
    pub chasing_loses: bool,
    /// `chase_exempt`: upper-case letters of the pieces whose attacks are
    /// never chases.
    pub chase_exempt: Vec<char>,
    /// `chase_always`: (attacker, victim) upper-case letter pairs whose
    /// attack is a chase even on a protected victim.
    pub chase_always: Vec<(char, char)>,
    /// `fen_alias`: (alias, piece) upper-case letter pairs: a FEN may write
    /// the piece with the alias letter too (XBoard writes xiangqi's horse
    /// and elephant as H and E).
    pub fen_aliases: Vec<(char, char)>,
    /// 1-based line of every key given, for errors found when the values are
    /// checked against the game.
    pub lines: Vec<(String, usize)>,
    /// `[eval]` weights given: (index in [`EVAL_WEIGHTS`], value).
    pub eval_weights: Vec<(usize, i32)>,
    /// `[eval]` `value.LETTER = N`: (upper-case letter, centipawns), the
    /// value played for every non-royal piece with that letter.
    pub piece_values: Vec<(char, i32)>,
    /// `[eval]` `network = FILE`: the evaluation network the variant plays.
    pub network: Option<NetworkFile>,
    /// The keys of men in hand (drop games).
    pub hands: HandKeys,
    /// `aliases`: further names that select the game, announced to XBoard
    /// beside its own (cutechess-cli's names for games whose fmax.ini name
    /// differs).
    pub aliases: Vec<String>,
    /// `checks_to_win`: a side that gives check this many times wins
    /// (three-check); `None`: checks are not counted.
    pub checks_to_win: Option<u8>,
    /// `must_capture = true`: a side that can capture must (the losing
    /// games).
    pub must_capture: bool,
    /// `stalemate = fewer_men`: a side without a move wins with fewer men
    /// than the other, loses with more and draws with as many (suicide
    /// chess); `stalemate` is then `None`.
    pub stalemate_by_men: bool,
    /// `explosion = adjacent`: a capture explodes the capturing man and
    /// every man on the squares around the capture square (atomic chess).
    pub explosion: bool,
    /// `explosion_spares`: letters of the men an explosion spares on the
    /// squares around the capture square (the capturing man never is).
    pub explosion_spares: Vec<char>,
    /// The goal keys (`goal_zone`, `goal_zone.white`, `goal_zone.black`,
    /// `goal_equalise`).
    pub goal: GoalKeys,
    /// `no_checks = true`: no move may give check (racing kings).
    pub no_checks: bool,
    /// `extinction`: upper-case letters of the kinds of men whose loss
    /// loses (`*`: all men together); empty: no such rule.
    pub extinction: Vec<char>,
    /// `extinction_count`: a side loses with this many men of a kind or
    /// fewer (`None`: none).
    pub extinction_count: Option<u8>,
    /// `extinction_value`: the result for the side whose kind is extinct
    /// (`None`: a loss).
    pub extinction_value: Option<Verdict>,
    /// `pawn_multi_step`: the zone on whose squares a pawn may make its
    /// first-move steps, moved before or not.
    pub pawn_multi_step: Option<String>,
    /// `en_passant_zone`: the zone an e.p. capture must land in.
    pub en_passant_zone: Option<String>,
    /// `promotion_in_place`: the zone on which a pawn promotes by a move
    /// of its own instead of on arrival.
    pub promotion_in_place: Option<String>,
    /// `promotion_limit`: (letter, n): a pawn may promote to that man only
    /// while its side has fewer than n of it on the board.
    pub promotion_limit: Vec<(char, u8)>,
    /// `piece_promotion`: (piece, promoted piece) tokens: a man of the
    /// first whose move starts or ends in its side's copy of
    /// `piece_promotion_zone` may become the second.
    pub piece_promotions: Vec<(String, String)>,
    /// `piece_promotion_zone`: the zone of `piece_promotion`.
    pub piece_promotion_zone: Option<String>,
    /// `immobile = illegal`: no man may be dropped on, or move without
    /// promoting to, a square from which it could never move.
    pub immobile_illegal: bool,
}

/// The keys of a goal a royal piece reaches to win, by zone name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoalKeys {
    /// `goal_zone`: each side's own copy of the zone.
    pub zone: Option<String>,
    /// `goal_zone.white`, `goal_zone.black`: that side's goal is the
    /// zone's squares as written.
    pub sides: [Option<String>; 2],
    /// `goal_equalise = true`: when white reaches its goal first, black
    /// has one more move; reaching its own goal with it draws.
    pub equalise: bool,
}

impl GoalKeys {
    /// Whether any goal is given.
    #[must_use]
    pub fn any(&self) -> bool {
        self.zone.is_some() || self.sides.iter().any(Option::is_some)
    }
}

/// An evaluation network file named by `[eval]` `network = FILE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkFile {
    /// The name as written, relative to the overlay's folder.
    pub name: String,
    /// Its contents, read with the overlay (`None` for an overlay given as
    /// text, which has no folder).
    pub bytes: Option<Arc<Vec<u8>>>,
}

impl Overlay {
    /// The line of `key` in the overlay file (0 when absent).
    #[must_use]
    pub fn line_of(&self, key: &str) -> usize {
        self.lines
            .iter()
            .find(|(k, _)| k == key)
            .map_or(0, |&(_, line)| line)
    }

    /// Whether the overlay changes how the board plays beyond promotion
    /// choices (such variants never use the orthodox fast path).
    #[must_use]
    pub fn has_board_rules(&self) -> bool {
        self.stalemate.is_some()
            || self.checkmate.is_some()
            || self.bare_king_loses
            || self.start.is_some()
            || !self.zones.is_empty()
            || self.flying_general
            || self.royal_leap_not_in_check
            || !self.royal_leap_lost_on_line.is_empty()
            || self.perpetual_check_loses
            || self.castling960
            || self.counting.any()
            || self.move_rule.is_some()
            || self.repetition.is_some()
            || self.repetition_value.is_some()
            || self.repetition_loser.is_some()
            || self.chasing_loses
            || !self.piece_values.is_empty()
            || self.hands.any()
            || self.checks_to_win.is_some()
            || self.must_capture
            || self.stalemate_by_men
            || self.explosion
            || self.goal.any()
            || self.goal.equalise
            || self.no_checks
            || !self.extinction.is_empty()
            || self.extinction_count.is_some()
            || self.extinction_value.is_some()
            || self.pawn_multi_step.is_some()
            || self.en_passant_zone.is_some()
            || self.promotion_in_place.is_some()
            || !self.promotion_limit.is_empty()
            || !self.piece_promotions.is_empty()
            || self.immobile_illegal
    }

    /// Whether the board itself must judge repetitions (a count other than
    /// three, a value other than a draw, or perpetual check).
    #[must_use]
    pub fn judges_repetition(&self) -> bool {
        self.perpetual_check_loses
            || self.chasing_loses
            || self.repetition.is_some_and(|n| n != 3)
            || self.repetition_value.is_some_and(|v| v != Verdict::Draw)
            || self.repetition_loser.is_some()
    }
}

/// How a key's value is set on an overlay: the overlay, the key as
/// written, its value and its 1-based line; the message when the value is
/// bad.
type SetKey = fn(&mut Overlay, &str, &str, usize) -> Result<(), String>;

/// Every key of `[rules]` and what its value sets (`zone.NAME` stands for
/// any zone name). Parsing looks keys up here, and the message for an
/// unknown key lists them in this order.
const KEYS: &[(&str, SetKey)] = &[
    ("promotion", set_promotion),
    ("stalemate", |o, _, value, _| {
        o.stalemate = Some(match value {
            "draw" => Verdict::Draw,
            "loss" => Verdict::Loss,
            "win" => Verdict::Win,
            "fewer_men" => {
                o.stalemate_by_men = true;
                return Ok(());
            }
            _ => {
                return Err(format!(
                    "stalemate = `{value}`: expected draw, loss, win or fewer_men"
                ))
            }
        });
        Ok(())
    }),
    ("checkmate", |o, key, value, _| {
        o.checkmate = Some(end_rules::parse_verdict(key, value)?);
        Ok(())
    }),
    ("bare_king", |o, _, value, _| {
        o.bare_king_loses = match value {
            "loss" => true,
            "none" => false,
            _ => return Err(format!("bare_king = `{value}`: expected loss or none")),
        };
        Ok(())
    }),
    ("start", |o, _, value, _| {
        o.start = Some(board_keys::parse_start(value)?);
        Ok(())
    }),
    ("zone.NAME", set_zone),
    ("confine", |o, _, value, _| {
        o.confine = board_keys::parse_confine(value)?;
        Ok(())
    }),
    ("zone_promotion", |o, _, value, _| {
        o.zone_promotions = board_keys::parse_zone_promotions(value)?;
        Ok(())
    }),
    ("flying_general", |o, key, value, _| {
        o.flying_general = board_keys::illegal_or_allowed(key, value)?;
        Ok(())
    }),
    ("royal_leap_out_of_check", |o, key, value, _| {
        o.royal_leap_not_in_check = board_keys::illegal_or_allowed(key, value)?;
        Ok(())
    }),
    ("royal_leap_lost_on_line", |o, key, value, _| {
        o.royal_leap_lost_on_line = board_keys::parse_letters(key, value)?;
        Ok(())
    }),
    ("perpetual_check", |o, key, value, _| {
        o.perpetual_check_loses = loss_or_draw(key, value)?;
        Ok(())
    }),
    ("castling960", |o, _, value, _| {
        o.castling960 = match value {
            "true" => true,
            "false" => false,
            _ => return Err(format!("castling960 = `{value}`: expected true or false")),
        };
        Ok(())
    }),
    ("board_count", |o, key, value, _| {
        let n = end_rules::parse_count(key, value, 1000)?;
        o.counting.board_moves = (n > 0).then_some(n);
        Ok(())
    }),
    ("board_count_max_pieces", |o, key, value, _| {
        let n = end_rules::parse_count(key, value, 64)?;
        o.counting.board_max_pieces = (n > 0).then(|| u8::try_from(n).unwrap_or(64));
        Ok(())
    }),
    ("pieces_count", |o, _, value, _| {
        o.counting.pieces = end_rules::parse_pieces_count(value)?;
        Ok(())
    }),
    ("pieces_count_start", |o, _, value, _| {
        o.counting.pieces_from_zero = match value {
            "zero" => true,
            "pieces" => false,
            _ => {
                return Err(format!(
                    "pieces_count_start = `{value}`: expected pieces or zero"
                ))
            }
        };
        Ok(())
    }),
    ("move_rule", |o, key, value, _| {
        o.move_rule = Some(end_rules::parse_count(key, value, 1000)?);
        Ok(())
    }),
    ("repetition", |o, key, value, _| {
        let n = end_rules::parse_count(key, value, 100)?;
        if n < 2 {
            return Err(format!(
                "repetition = `{value}`: expected a number from 2 to 100"
            ));
        }
        o.repetition = Some(n);
        Ok(())
    }),
    ("repetition_value", |o, key, value, _| {
        o.repetition_value = Some(end_rules::parse_verdict(key, value)?);
        Ok(())
    }),
    ("repetition_loser", |o, _, value, _| {
        o.repetition_loser = Some(match value {
            "white" => crate::core::Color::White,
            "black" => crate::core::Color::Black,
            _ => {
                return Err(format!(
                    "repetition_loser = `{value}`: expected white or black"
                ))
            }
        });
        Ok(())
    }),
    ("repetition_claim", |o, _, value, _| {
        o.repetition_offered = match value {
            "offer" => true,
            "claim" => false,
            _ => {
                return Err(format!(
                    "repetition_claim = `{value}`: expected claim or offer"
                ))
            }
        };
        Ok(())
    }),
    ("chasing", |o, key, value, _| {
        o.chasing_loses = loss_or_draw(key, value)?;
        Ok(())
    }),
    ("chase_exempt", |o, key, value, _| {
        o.chase_exempt = board_keys::parse_letters(key, value)?;
        Ok(())
    }),
    ("chase_always", |o, key, value, _| {
        o.chase_always = end_rules::parse_pairs(key, value, CHASE_PAIR)?;
        Ok(())
    }),
    ("fen_alias", |o, key, value, _| {
        o.fen_aliases = end_rules::parse_pairs(key, value, ALIAS_PAIR)?;
        Ok(())
    }),
    ("drops", |o, key, value, _| {
        o.hands.drops = true_or_false(key, value)?;
        Ok(())
    }),
    ("captures_to_hand", |o, key, value, _| {
        o.hands.captures_to_hand = true_or_false(key, value)?;
        Ok(())
    }),
    ("promoted_to_hand", |o, _, value, _| {
        o.hands.promoted_to_hand = hands::parse_promoted_to_hand(value)?;
        Ok(())
    }),
    ("drop_zone", |o, _, value, _| {
        o.hands.drop_zones = hands::parse_drop_zones(value)?;
        Ok(())
    }),
    ("must_drop", |o, key, value, _| {
        o.hands.must_drop = true_or_false(key, value)?;
        Ok(())
    }),
    ("drop_opposite_colours", |o, key, value, _| {
        o.hands.opposite_colours = board_keys::parse_letters(key, value)?;
        Ok(())
    }),
    ("castling_dropped", |o, key, value, _| {
        o.hands.castling_dropped = true_or_false(key, value)?;
        Ok(())
    }),
    ("checks_to_win", |o, _, value, _| {
        o.checks_to_win = match value.parse::<u8>() {
            Ok(n @ 1..=99) => Some(n),
            _ => return Err(format!("checks_to_win = `{value}`: expected a number 1-99")),
        };
        Ok(())
    }),
    ("must_capture", |o, key, value, _| {
        o.must_capture = true_or_false(key, value)?;
        Ok(())
    }),
    ("explosion", |o, _, value, _| {
        o.explosion = match value {
            "adjacent" => true,
            "none" => false,
            _ => return Err(format!("explosion = `{value}`: expected adjacent or none")),
        };
        Ok(())
    }),
    ("explosion_spares", |o, key, value, _| {
        o.explosion_spares = board_keys::parse_letters(key, value)?;
        Ok(())
    }),
    ("goal_zone", |o, key, value, _| {
        o.goal.zone = Some(board_keys::parse_zone_name(key, value)?);
        Ok(())
    }),
    ("goal_zone.white", |o, key, value, _| {
        o.goal.sides[0] = Some(board_keys::parse_zone_name(key, value)?);
        Ok(())
    }),
    ("goal_zone.black", |o, key, value, _| {
        o.goal.sides[1] = Some(board_keys::parse_zone_name(key, value)?);
        Ok(())
    }),
    ("goal_equalise", |o, key, value, _| {
        o.goal.equalise = true_or_false(key, value)?;
        Ok(())
    }),
    ("no_checks", |o, key, value, _| {
        o.no_checks = true_or_false(key, value)?;
        Ok(())
    }),
    ("extinction", |o, _, value, _| {
        o.extinction = parse_extinction(value)?;
        Ok(())
    }),
    ("extinction_count", |o, key, value, _| {
        let n = end_rules::parse_count(key, value, 64)?;
        o.extinction_count = Some(u8::try_from(n).unwrap_or(64));
        Ok(())
    }),
    ("extinction_value", |o, key, value, _| {
        o.extinction_value = Some(end_rules::parse_verdict(key, value)?);
        Ok(())
    }),
    ("pawn_multi_step", |o, key, value, _| {
        o.pawn_multi_step = Some(board_keys::parse_zone_name(key, value)?);
        Ok(())
    }),
    ("en_passant_zone", |o, key, value, _| {
        o.en_passant_zone = Some(board_keys::parse_zone_name(key, value)?);
        Ok(())
    }),
    ("promotion_in_place", |o, key, value, _| {
        o.promotion_in_place = Some(board_keys::parse_zone_name(key, value)?);
        Ok(())
    }),
    ("promotion_limit", |o, _, value, _| {
        o.promotion_limit = board_keys::parse_promotion_limits(value)?;
        Ok(())
    }),
    ("aliases", |o, _, value, _| {
        o.aliases = parse_aliases(value)?;
        Ok(())
    }),
    ("piece_promotion", |o, _, value, _| {
        o.piece_promotions = board_keys::parse_piece_promotions(value)?;
        Ok(())
    }),
    ("piece_promotion_zone", |o, key, value, _| {
        o.piece_promotion_zone = Some(board_keys::parse_zone_name(key, value)?);
        Ok(())
    }),
    ("immobile", |o, key, value, _| {
        o.immobile_illegal = board_keys::illegal_or_allowed(key, value)?;
        Ok(())
    }),
    ("drop_no_doubled", |o, key, value, _| {
        o.hands.no_doubled = board_keys::parse_letters(key, value)?;
        Ok(())
    }),
    ("drop_no_mate", |o, key, value, _| {
        o.hands.no_mate = board_keys::parse_letters(key, value)?;
        Ok(())
    }),
];

/// `extinction = KQRBNP` or `*`: piece letters, upper-cased, or `*` alone.
fn parse_extinction(value: &str) -> Result<Vec<char>, String> {
    let letters: Vec<char> = value
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let all_men = letters == ['*'];
    if letters.is_empty() || !(all_men || letters.iter().all(char::is_ascii_alphabetic)) {
        return Err(format!(
            "extinction = `{value}`: expected piece letters, e.g. `KQRBNP`, or `*` (every man)"
        ));
    }
    Ok(letters)
}

/// The names of `aliases`: separated by spaces or commas, each of
/// lower-case letters, digits and `-`, starting with a letter (the names
/// XBoard's `feature variants` can carry).
fn parse_aliases(value: &str) -> Result<Vec<String>, String> {
    let names: Vec<String> = value
        .split([' ', ','])
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    if names.is_empty() {
        return Err("aliases: expected one or more names".into());
    }
    for name in &names {
        let good = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !good {
            return Err(format!(
                "aliases: `{name}` is no name (lower-case letters, digits and `-`, \
                 starting with a letter)"
            ));
        }
    }
    Ok(names)
}

/// `true` or `false`.
fn true_or_false(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("{key} = `{value}`: expected true or false")),
    }
}

/// How `chase_always` items are written.
const CHASE_PAIR: end_rules::PairShape = end_rules::PairShape {
    shape: "ATTACKER:VICTIM",
    example: "N:R C:R",
};

/// How `fen_alias` items are written.
const ALIAS_PAIR: end_rules::PairShape = end_rules::PairShape {
    shape: "ALIAS:PIECE",
    example: "H:N E:B",
};

/// Keys reserved for rules to come; using one is an error for now.
pub const RESERVED_KEYS: &[&str] = &["gating"];

/// The names of every key of `[rules]`, in the order of [`KEYS`].
pub fn known_keys() -> impl Iterator<Item = &'static str> {
    KEYS.iter().map(|&(name, _)| name)
}

/// What sets `key`, if it is a key of `[rules]`.
fn setter(key: &str) -> Option<SetKey> {
    KEYS.iter()
        .find(|(name, _)| match name.strip_suffix("NAME") {
            Some(prefix) => key.starts_with(prefix),
            None => *name == key,
        })
        .map(|&(_, set)| set)
}

/// `loss` (true) or `draw` (false).
fn loss_or_draw(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "loss" => Ok(true),
        "draw" => Ok(false),
        _ => Err(format!("{key} = `{value}`: expected loss or draw")),
    }
}

/// `promotion`: the letters, and the line for errors found later.
fn set_promotion(overlay: &mut Overlay, _: &str, value: &str, line: usize) -> Result<(), String> {
    let letters: Vec<char> = value
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    if letters.is_empty() || !letters.iter().all(char::is_ascii_alphabetic) {
        return Err(format!(
            "promotion = `{value}`: expected piece letters, e.g. `promotion = QRBN`"
        ));
    }
    overlay.promotion = Some(letters);
    overlay.promotion_line = line;
    Ok(())
}

/// `zone.NAME`: a named zone's squares.
fn set_zone(overlay: &mut Overlay, key: &str, value: &str, _: usize) -> Result<(), String> {
    let name = key.strip_prefix("zone.").unwrap_or(key);
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!(
            "zone name `{name}`: expected letters, digits or `_`, e.g. `zone.palace`"
        ));
    }
    overlay
        .zones
        .push((name.to_string(), board_keys::parse_squares(value)?));
    Ok(())
}

/// The section of the rules.
pub const SECTION: &str = "rules";

/// The section of the evaluation's weights and piece values.
pub const EVAL_SECTION: &str = "eval";

/// The weights of the general evaluation a variant may set in `[eval]`
/// (`NAME = N`), in the evaluation's order; `eval::general::weights` gives
/// their meaning and defaults.
pub const EVAL_WEIGHTS: &[&str] = &[
    "tempo",
    "royal_mobility",
    "shield",
    "royal_attacker",
    "piece_mobility",
    "mobility_mg",
    "mobility_eg",
    "mobility_centre",
    "threat_by_pawn_mg",
    "threat_by_pawn_eg",
    "threat_by_lesser_mg",
    "threat_by_lesser_eg",
    "hanging_mg",
    "hanging_eg",
    "pawn_advance",
    "passed_base",
    "passed_mg",
    "passed_eg",
    "strong_promotion",
    "colour_pair_mg",
    "colour_pair_eg",
    "hopper_men",
    "half_open_line",
    "open_line",
    "outpost",
    "royal_file",
    "royal_row",
    "check_given",
    "goal_near",
];

/// The `[eval]` key that names the network file.
pub const NETWORK_KEY: &str = "network";

/// The prefix of a piece value key in `[eval]` (`value.N = 300`).
pub const VALUE_PREFIX: &str = "value.";

/// Largest size of an `[eval]` weight or piece value.
pub const EVAL_LIMIT: i32 = 100_000;

/// Sets one `[eval]` key; returns the message if the key or value is bad.
fn apply_eval_key(overlay: &mut Overlay, key: &str, value: &str) -> Result<(), String> {
    if key == NETWORK_KEY {
        if value.is_empty() || value.contains(['/', '\\']) {
            return Err(format!(
                "{NETWORK_KEY} = `{value}`: expected the name of a network file in the overlay's folder"
            ));
        }
        overlay.network = Some(NetworkFile {
            name: value.to_string(),
            bytes: None,
        });
        return Ok(());
    }
    let number = value.parse::<i32>().ok().filter(|n| n.abs() <= EVAL_LIMIT);
    if let Some(letter) = key.strip_prefix(VALUE_PREFIX) {
        let mut chars = letter.chars();
        let (Some(l), None) = (chars.next(), chars.next()) else {
            return Err(format!(
                "key `{key}`: expected one piece letter after `{VALUE_PREFIX}`, e.g. `value.N`"
            ));
        };
        if !l.is_ascii_alphabetic() {
            return Err(format!("key `{key}`: `{l}` is not a piece letter"));
        }
        let Some(n) = number.filter(|&n| n > 0) else {
            return Err(format!(
                "{key} = `{value}`: expected a value in centipawns from 1 to {EVAL_LIMIT}"
            ));
        };
        overlay.piece_values.push((l.to_ascii_uppercase(), n));
        return Ok(());
    }
    let Some(index) = EVAL_WEIGHTS.iter().position(|&w| w == key) else {
        return Err(format!(
            "unknown key `{key}` in `[{EVAL_SECTION}]`: expected `{VALUE_PREFIX}LETTER`, `{NETWORK_KEY}` or one of {}",
            EVAL_WEIGHTS.join(", ")
        ));
    };
    let Some(n) = number else {
        return Err(format!(
            "{key} = `{value}`: expected a whole number from -{EVAL_LIMIT} to {EVAL_LIMIT}"
        ));
    };
    overlay.eval_weights.push((index, n));
    Ok(())
}

/// Reads an overlay file.
///
/// # Errors
/// The file cannot be read or is not text, or any problem
/// [`parse_overlay`] reports.
pub fn load_overlay(path: &Path) -> Result<Overlay, Vec<ConfigError>> {
    let text = super::read_config(path, "the overlay").map_err(|e| vec![e])?;
    let file = path.display().to_string();
    let mut overlay = parse_overlay(&text, &file)?;
    let line = overlay.line_of(NETWORK_KEY);
    if let Some(network) = &mut overlay.network {
        let at = path.with_file_name(&network.name);
        match std::fs::read(&at) {
            Ok(bytes) => network.bytes = Some(Arc::new(bytes)),
            Err(e) => {
                return Err(vec![ConfigError {
                    file,
                    line,
                    message: format!("{NETWORK_KEY} = {}: {e}", network.name),
                }])
            }
        }
    }
    Ok(overlay)
}

/// Parses the text of an overlay; `file` is the name used in messages.
///
/// # Errors
/// Every problem found: syntax errors, sections other than `[rules]`,
/// keys outside it, unknown, reserved or repeated keys, and bad values.
pub fn parse_overlay(text: &str, file: &str) -> Result<Overlay, Vec<ConfigError>> {
    let err = |line: usize, message: String| ConfigError {
        file: file.to_string(),
        line,
        message,
    };
    let doc = match Ini::load_from_str(text) {
        Ok(doc) => doc,
        Err(e) => return Err(vec![err(e.line, format!("syntax error: {}", e.msg))]),
    };
    let mut errors = Vec::new();
    let mut overlay = Overlay {
        file: Some(file.to_string()),
        ..Overlay::default()
    };
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for (section, props) in doc.iter() {
        let section = match section {
            Some(name @ (SECTION | EVAL_SECTION)) => name,
            Some(other) => {
                let line = section_line(text, other);
                errors.push(err(
                    line,
                    format!(
                        "unknown section `[{other}]`: expected `[{SECTION}]` or `[{EVAL_SECTION}]`"
                    ),
                ));
                continue;
            }
            None => {
                for (key, _) in props.iter() {
                    let line = key_line(text, None, key);
                    errors.push(err(
                        line,
                        format!("key `{key}` outside a section: expected it under `[{SECTION}]`"),
                    ));
                }
                continue;
            }
        };
        for (key, value) in props.iter() {
            let line = key_line(text, Some(section), key);
            if seen.contains(&(section, key)) {
                errors.push(err(line, format!("key `{key}` is given twice")));
                continue;
            }
            seen.push((section, key));
            overlay.lines.push((key.to_string(), line));
            let applied = if section == SECTION {
                apply_key(&mut overlay, key, value.trim(), line)
            } else {
                apply_eval_key(&mut overlay, key, value.trim())
            };
            if let Err(message) = applied {
                errors.push(err(line, message));
            }
        }
    }
    if errors.is_empty() {
        Ok(overlay)
    } else {
        Err(errors)
    }
}

/// Sets one key's value; returns the message if the key or value is bad.
fn apply_key(overlay: &mut Overlay, key: &str, value: &str, line: usize) -> Result<(), String> {
    if RESERVED_KEYS.contains(&key) {
        return Err(format!(
            "key `{key}` is reserved for a rule that is not implemented yet"
        ));
    }
    match setter(key) {
        Some(set) => set(overlay, key, value, line),
        None => Err(format!(
            "unknown key `{key}`: expected one of {}",
            known_keys().collect::<Vec<_>>().join(", ")
        )),
    }
}

/// 1-based line of `[name]` in `text` (0 if not found).
fn section_line(text: &str, name: &str) -> usize {
    text.lines()
        .position(|l| {
            l.trim()
                .strip_prefix('[')
                .and_then(|r| r.strip_suffix(']'))
                .map(str::trim)
                == Some(name)
        })
        .map_or(0, |i| i + 1)
}

/// 1-based line of the first `key = ...` in `section` (`None`: before any
/// section header); 0 if not found.
fn key_line(text: &str, section: Option<&str>, key: &str) -> usize {
    let mut current: Option<&str> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(name) = line.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            current = Some(name.trim());
            continue;
        }
        let found = line.split(['=', ':']).next().map(str::trim) == Some(key);
        if current == section && found && !line.starts_with(['#', ';']) {
            return i + 1;
        }
    }
    0
}

/// The overlay file for `name` in `dir`: `NAME.ini`, else the lower-case
/// spelling (so `Cambodian` shares `cambodian.ini` on every file system).
/// Names that could leave `dir` get none.
#[must_use]
pub fn overlay_path(dir: &Path, name: &str) -> Option<PathBuf> {
    let safe = !name.is_empty()
        && !name.contains("..")
        && !name.contains('\\')
        && !name.starts_with('/')
        && !name.contains(':');
    if !safe {
        return None;
    }
    [name.to_string(), name.to_ascii_lowercase()]
        .into_iter()
        .map(|n| dir.join(format!("{n}.ini")))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_set_their_fields_and_remember_the_promotion_line() {
        let o = parse_overlay(
            "# shatranj\n[rules]\npromotion = Q\nstalemate = loss\nbare_king = loss\n",
            "v.ini",
        )
        .unwrap();
        assert_eq!(o.promotion, Some(vec!['Q']));
        assert_eq!(o.promotion_line, 3);
        assert_eq!(o.stalemate, Some(Verdict::Loss));
        assert!(o.bare_king_loses);
        assert!(!o.repetition_offered);
        let o = parse_overlay(
            "[rules]\nrepetition_claim = offer\nmove_rule = 70\n",
            "v.ini",
        );
        let o = o.unwrap();
        assert!(o.repetition_offered);
        assert_eq!(o.move_rule, Some(70));
    }

    #[test]
    fn shogi_keys_refuse_bad_values() {
        for (key, value, message) in [
            (
                "piece_promotion",
                "P",
                "piece_promotion item `P`: expected PIECE:PIECE, e.g. `P:T`",
            ),
            (
                "immobile",
                "never",
                "immobile = `never`: expected illegal or allowed",
            ),
            (
                "drop_no_doubled",
                "1",
                "drop_no_doubled = `1`: expected piece letters, e.g. `R`, or none",
            ),
            (
                "drop_no_mate",
                "P2",
                "drop_no_mate = `P2`: expected piece letters, e.g. `R`, or none",
            ),
            (
                "repetition_loser",
                "sente",
                "repetition_loser = `sente`: expected white or black",
            ),
        ] {
            let mut overlay = Overlay::default();
            assert_eq!(
                apply_key(&mut overlay, key, value, 3),
                Err(message.to_string()),
                "{key}"
            );
        }
    }

    /// Every key of the table sets its own field: a good value for each
    /// changes the overlay, and no two keys change the same thing.
    #[test]
    fn every_key_of_the_table_sets_a_field() {
        let samples = [
            ("promotion", "Q"),
            ("stalemate", "loss"),
            ("checkmate", "win"),
            ("bare_king", "loss"),
            ("start", "8/8/8/8/8/8/8/K6k w - - 0 1"),
            ("zone.palace", "d1-f3"),
            ("confine", "KA:palace"),
            ("zone_promotion", "1:palace:9"),
            ("flying_general", "illegal"),
            ("royal_leap_out_of_check", "illegal"),
            ("royal_leap_lost_on_line", "R"),
            ("perpetual_check", "loss"),
            ("castling960", "true"),
            ("board_count", "64"),
            ("board_count_max_pieces", "3"),
            ("pieces_count", "R:16 B:44"),
            ("pieces_count_start", "zero"),
            ("move_rule", "none"),
            ("repetition", "4"),
            ("repetition_value", "loss"),
            ("repetition_loser", "white"),
            ("repetition_claim", "offer"),
            ("chasing", "loss"),
            ("chase_exempt", "KP"),
            ("chase_always", "N:R"),
            ("fen_alias", "H:N"),
            ("drops", "true"),
            ("captures_to_hand", "true"),
            ("promoted_to_hand", "promoted"),
            ("drop_zone", "P:pawn_drops"),
            ("must_drop", "true"),
            ("drop_opposite_colours", "B"),
            ("castling_dropped", "true"),
            ("checks_to_win", "3"),
            ("must_capture", "true"),
            ("explosion", "adjacent"),
            ("explosion_spares", "P"),
            ("goal_zone", "hill"),
            ("goal_zone.white", "rank8"),
            ("goal_zone.black", "rank8"),
            ("goal_equalise", "true"),
            ("no_checks", "true"),
            ("extinction", "*"),
            ("extinction_count", "2"),
            ("extinction_value", "win"),
            ("pawn_multi_step", "first_ranks"),
            ("en_passant_zone", "ep"),
            ("promotion_in_place", "diagonal"),
            ("promotion_limit", "F:1"),
            ("aliases", "kingofthehill"),
            ("piece_promotion", "P:T"),
            ("piece_promotion_zone", "far"),
            ("immobile", "illegal"),
            ("drop_no_doubled", "P"),
            ("drop_no_mate", "P"),
        ];
        let named: Vec<&str> = samples
            .iter()
            .map(|&(k, _)| {
                if k.starts_with("zone.") {
                    "zone.NAME"
                } else {
                    k
                }
            })
            .collect();
        assert_eq!(named, known_keys().collect::<Vec<_>>());
        let mut seen: Vec<String> = Vec::new();
        for (key, value) in samples {
            let mut overlay = Overlay::default();
            apply_key(&mut overlay, key, value, 7).unwrap();
            let set = format!("{overlay:?}");
            assert_ne!(overlay, Overlay::default(), "{key}");
            assert!(!seen.contains(&set), "{key} sets what another key sets");
            seen.push(set);
        }
    }

    #[test]
    fn eval_keys_set_weights_and_values() {
        let o = parse_overlay(
            "[rules]\nstalemate = loss\n[eval]\n# tuned\nmobility_mg = 28\ntempo = -3\nvalue.a = 820\n",
            "v.ini",
        )
        .unwrap();
        assert_eq!(o.stalemate, Some(Verdict::Loss));
        let index = |name: &str| EVAL_WEIGHTS.iter().position(|&w| w == name).unwrap();
        assert_eq!(
            o.eval_weights,
            [(index("mobility_mg"), 28), (index("tempo"), -3)]
        );
        assert_eq!(o.piece_values, [('A', 820)]);
        assert!(o.has_board_rules());
        let weights_only = parse_overlay("[eval]\ntempo = 4\n", "v.ini").unwrap();
        assert!(!weights_only.has_board_rules());
    }

    #[test]
    fn bad_eval_lines_are_reported_with_lines() {
        let errs = parse_overlay(
            "[eval]\ntempo = 5\nspeed = 3\nshield = lots\nvalue.N = 0\nvalue.NB = 3\nvalue.7 = 3\ntempo = 6\nhanging_mg = 999999\n[scores]\n",
            "v.ini",
        )
        .unwrap_err();
        let text: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                format!("v.ini:3: unknown key `speed` in `[eval]`: expected `value.LETTER`, `network` or one of {}", EVAL_WEIGHTS.join(", ")),
                "v.ini:4: shield = `lots`: expected a whole number from -100000 to 100000".to_string(),
                "v.ini:5: value.N = `0`: expected a value in centipawns from 1 to 100000".to_string(),
                "v.ini:6: key `value.NB`: expected one piece letter after `value.`, e.g. `value.N`".to_string(),
                "v.ini:7: key `value.7`: `7` is not a piece letter".to_string(),
                // A repeated key is reported at its first line.
                "v.ini:2: key `tempo` is given twice".to_string(),
                "v.ini:9: hanging_mg = `999999`: expected a whole number from -100000 to 100000".to_string(),
                "v.ini:10: unknown section `[scores]`: expected `[rules]` or `[eval]`".to_string(),
            ]
        );
    }

    #[test]
    fn a_network_is_named_by_file_and_read_with_the_overlay() {
        let o = parse_overlay("[eval]\nnetwork = game.nrn\n", "v.ini").unwrap();
        assert_eq!(
            o.network,
            Some(NetworkFile {
                name: "game.nrn".to_string(),
                bytes: None
            })
        );
        assert_eq!(o.line_of(NETWORK_KEY), 2);
        let errs = parse_overlay("[eval]\nnetwork = ../game.nrn\n", "v.ini").unwrap_err();
        assert_eq!(
            errs[0].to_string(),
            "v.ini:2: network = `../game.nrn`: expected the name of a network file in the overlay's folder"
        );
        let dir = std::env::temp_dir().join(format!("nightrider-overlay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.ini");
        std::fs::write(&path, "; a game\n[eval]\nnetwork = game.nrn\n").unwrap();
        let errs = load_overlay(&path).unwrap_err();
        assert!(
            errs[0]
                .to_string()
                .starts_with(&format!("{}:3: network = game.nrn: ", path.display())),
            "{}",
            errs[0]
        );
        std::fs::write(dir.join("game.nrn"), b"NRNET...").unwrap();
        let o = load_overlay(&path).unwrap();
        let bytes = o.network.and_then(|n| n.bytes).unwrap();
        assert_eq!(bytes.as_slice(), b"NRNET...");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn letter_pair_keys_name_their_own_shape_in_errors() {
        let errs = parse_overlay("[rules]\nfen_alias = H:N EB\nchase_always = N-R\n", "v.ini")
            .unwrap_err();
        let text: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "v.ini:2: fen_alias item `EB`: expected ALIAS:PIECE letters, e.g. `H:N`",
                "v.ini:3: chase_always item `N-R`: expected ATTACKER:VICTIM letters, e.g. `N:R`",
            ]
        );
        let o = parse_overlay("[rules]\nfen_alias = h:n, E:B\n", "v.ini").unwrap();
        assert_eq!(o.fen_aliases, [('H', 'N'), ('E', 'B')]);
    }

    #[test]
    fn explosion_keys_read_their_values_and_name_bad_ones_by_line() {
        let o = parse_overlay(
            "[rules]\nexplosion = adjacent\nexplosion_spares = p\n",
            "v.ini",
        )
        .unwrap();
        assert!(o.explosion);
        assert_eq!(o.explosion_spares, ['P']);
        let errs = parse_overlay(
            "[rules]\nexplosion = nearby\nexplosion_spares = 3\n",
            "v.ini",
        )
        .unwrap_err();
        let text: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "v.ini:2: explosion = `nearby`: expected adjacent or none",
                "v.ini:3: explosion_spares = `3`: expected piece letters, e.g. `R`, or none",
            ]
        );
    }

    #[test]
    fn promotion_limits_and_the_in_place_zone_parse_or_name_their_line() {
        let o = parse_overlay(
            "[rules]\npromotion_in_place = diagonal\npromotion_limit = f:1, Q:2\n",
            "v.ini",
        )
        .unwrap();
        assert_eq!(o.promotion_in_place.as_deref(), Some("diagonal"));
        assert_eq!(o.promotion_limit, [('F', 1), ('Q', 2)]);
        for (value, item) in [("F:0", "F:0"), ("FF:1", "FF:1"), ("F:1 Q", "Q")] {
            let text = format!("[rules]\npromotion_limit = {value}\n");
            let errs = parse_overlay(&text, "v.ini").unwrap_err();
            assert_eq!(
                errs[0].to_string(),
                format!("v.ini:2: promotion_limit item `{item}`: expected LETTER:N (N from 1 to 64), e.g. `F:1`")
            );
        }
        let errs = parse_overlay("[rules]\npromotion_in_place = a-b\n", "v.ini").unwrap_err();
        assert_eq!(
            errs[0].to_string(),
            "v.ini:2: promotion_in_place = `a-b`: expected the name of a zone (defined with `zone.NAME = ...`)"
        );
    }

    #[test]
    fn unknown_keys_and_bad_values_are_reported_with_lines() {
        let errs = parse_overlay(
            "[rules]\npromotion = Q\nfoo = 1\nstalemate = maybe\nrepetition_claim = never\ncheckmate = lost\n",
            "v.ini",
        )
        .unwrap_err();
        let text: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(
            text,
            [
                "v.ini:3: unknown key `foo`: expected one of promotion, stalemate, checkmate, bare_king, start, zone.NAME, confine, zone_promotion, flying_general, royal_leap_out_of_check, royal_leap_lost_on_line, perpetual_check, castling960, board_count, board_count_max_pieces, pieces_count, pieces_count_start, move_rule, repetition, repetition_value, repetition_loser, repetition_claim, chasing, chase_exempt, chase_always, fen_alias, drops, captures_to_hand, promoted_to_hand, drop_zone, must_drop, drop_opposite_colours, castling_dropped, checks_to_win, must_capture, explosion, explosion_spares, goal_zone, goal_zone.white, goal_zone.black, goal_equalise, no_checks, extinction, extinction_count, extinction_value, pawn_multi_step, en_passant_zone, promotion_in_place, promotion_limit, aliases, piece_promotion, piece_promotion_zone, immobile, drop_no_doubled, drop_no_mate",
                "v.ini:4: stalemate = `maybe`: expected draw, loss, win or fewer_men",
                "v.ini:5: repetition_claim = `never`: expected claim or offer",
                "v.ini:6: checkmate = `lost`: expected draw, loss or win",
            ]
        );
    }
}
