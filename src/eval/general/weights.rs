//! The weights of the general evaluation (`eval::general` and the terms it
//! calls), as data: one [`Weight`] per idea, its default, and the set a
//! variant plays with ([`Weights`], held in `variant_tables::VariantTables`):
//! the defaults, replaced by the variant's own where its overlay's `[eval]`
//! section gives them (`rules::overlay::EVAL_WEIGHTS` names them there, in
//! the order of [`Weight::ALL`]). `nightrider tune --variant` fits them.

use crate::rules::overlay::EVAL_WEIGHTS;
use crate::rules::Variant;

/// One weight of the general evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    /// Centipawns for the side to move.
    Tempo,
    /// Per sixteenth of a royal's centred empty-board mobility, scaled by
    /// the phase: negative while the board is full (hide), positive as it
    /// empties (centralise).
    RoyalMobility,
    /// Per own man next to a royal (at most three), in the middle game.
    Shield,
    /// Per enemy piece within two squares of a royal, in the middle game.
    RoyalAttacker,
    /// Per sixteenth of a piece's centred empty-board mobility, in
    /// sixteenths of a centipawn (centralisation of non-royal pieces).
    PieceMobility,
    /// Per unit of the square root of a piece's safe reached squares above
    /// its centre, in the middle game.
    MobilityMg,
    /// The same in the endgame.
    MobilityEg,
    /// Percent of a piece's average empty-board mobility at which its
    /// mobility term is zero.
    MobilityCentre,
    /// Per piece attacked by an enemy pawn, middle game.
    ThreatByPawnMg,
    /// The same, endgame.
    ThreatByPawnEg,
    /// Per piece attacked by a cheaper enemy piece (and by no pawn), middle
    /// game.
    ThreatByLesserMg,
    /// The same, endgame.
    ThreatByLesserEg,
    /// Per piece attacked and not defended, middle game.
    HangingMg,
    /// The same, endgame.
    HangingEg,
    /// The advancement bonus of a pawn one step from promotion (quadratic
    /// in the way done; less for weak promotions).
    PawnAdvance,
    /// What a passed pawn earns beyond its advancement, whatever its row.
    PassedBase,
    /// Sixteenths of a passed pawn's advancement it earns again, middle
    /// game.
    PassedMg,
    /// The same, endgame.
    PassedEg,
    /// Promotion gain (promoted piece minus pawn) at which pawn advancement
    /// earns its full bonus; weaker promotions earn less, down to an eighth.
    StrongPromotion,
    /// Per kind of colour-bound piece (every move keeps the square colour)
    /// a side has on squares of both colours, middle game.
    ColourPairMg,
    /// The same, endgame.
    ColourPairEg,
    /// Per hopper (a piece with a ray that jumps a man) and per man on the
    /// board beyond half the men of the start position, in quarters of a
    /// centipawn: hoppers gain as hurdles abound and lose as they go.
    HopperMen,
    /// Per line slider (a slide straight forward) on a file without an own
    /// pawn but with an enemy one.
    HalfOpenLine,
    /// Per line slider on a file without pawns.
    OpenLine,
    /// Per short-range piece (no ray slides or hops) on the enemy half,
    /// attacked by an own pawn and out of the reach of enemy pawns now and
    /// as they advance.
    Outpost,
    /// In the middle game, once for a royal off the wings (three files or
    /// more from its nearer edge): royals castle while the board is full.
    RoyalFile,
    /// In the middle game, per row a royal stands in front of its side's
    /// first row.
    RoyalRow,
    /// Where checks are counted (`checks_to_win`): per check given, times
    /// the checks given so far (1, 3, 6, ... times the weight).
    CheckGiven,
    /// Where royals have a goal (`goal_zone`, King of the Hill): per king
    /// step a side's nearest royal stands closer to its goal than seven
    /// steps away.
    GoalNear,
}

/// The number of weights.
pub const COUNT: usize = 29;

impl Weight {
    /// Every weight, in the order of `rules::overlay::EVAL_WEIGHTS`.
    pub const ALL: [Weight; COUNT] = [
        Weight::Tempo,
        Weight::RoyalMobility,
        Weight::Shield,
        Weight::RoyalAttacker,
        Weight::PieceMobility,
        Weight::MobilityMg,
        Weight::MobilityEg,
        Weight::MobilityCentre,
        Weight::ThreatByPawnMg,
        Weight::ThreatByPawnEg,
        Weight::ThreatByLesserMg,
        Weight::ThreatByLesserEg,
        Weight::HangingMg,
        Weight::HangingEg,
        Weight::PawnAdvance,
        Weight::PassedBase,
        Weight::PassedMg,
        Weight::PassedEg,
        Weight::StrongPromotion,
        Weight::ColourPairMg,
        Weight::ColourPairEg,
        Weight::HopperMen,
        Weight::HalfOpenLine,
        Weight::OpenLine,
        Weight::Outpost,
        Weight::RoyalFile,
        Weight::RoyalRow,
        Weight::CheckGiven,
        Weight::GoalNear,
    ];

    /// Its name in an overlay's `[eval]` section.
    #[must_use]
    pub fn name(self) -> &'static str {
        EVAL_WEIGHTS[self as usize]
    }

    /// The weight called `name` in `[eval]`.
    #[must_use]
    pub fn named(name: &str) -> Option<Weight> {
        EVAL_WEIGHTS
            .iter()
            .position(|&n| n == name)
            .and_then(|i| Weight::ALL.get(i).copied())
    }

    /// The value every variant plays without an overlay.
    #[must_use]
    pub fn default_value(self) -> i32 {
        DEFAULTS[self as usize]
    }
}

/// The defaults, in the order of [`Weight::ALL`].
const DEFAULTS: [i32; COUNT] = [
    10,  // tempo
    5,   // royal_mobility
    10,  // shield
    14,  // royal_attacker
    64,  // piece_mobility (sixteenths: 4 cp per move of mobility)
    32,  // mobility_mg
    40,  // mobility_eg
    50,  // mobility_centre (percent)
    70,  // threat_by_pawn_mg
    35,  // threat_by_pawn_eg
    45,  // threat_by_lesser_mg
    25,  // threat_by_lesser_eg
    40,  // hanging_mg
    15,  // hanging_eg
    64,  // pawn_advance
    8,   // passed_base
    16,  // passed_mg
    32,  // passed_eg
    700, // strong_promotion
    0,   // colour_pair_mg
    0,   // colour_pair_eg
    0,   // hopper_men (quarters)
    0,   // half_open_line
    0,   // open_line
    0,   // outpost
    0,   // royal_file
    0,   // royal_row
    0,   // check_given
    0,   // goal_near
];

/// The table the unit tests compute their expected values from
/// ([`Weights::test_table`]), in the order of [`Weight::ALL`]: fixed here so
/// that the defaults can change without changing a test.
#[cfg(test)]
const TEST_TABLE: [i32; COUNT] = [
    10,  // tempo
    5,   // royal_mobility
    10,  // shield
    14,  // royal_attacker
    64,  // piece_mobility (sixteenths: 4 cp per move of mobility)
    32,  // mobility_mg
    40,  // mobility_eg
    50,  // mobility_centre (percent)
    70,  // threat_by_pawn_mg
    35,  // threat_by_pawn_eg
    45,  // threat_by_lesser_mg
    25,  // threat_by_lesser_eg
    40,  // hanging_mg
    15,  // hanging_eg
    64,  // pawn_advance
    8,   // passed_base
    16,  // passed_mg
    32,  // passed_eg
    700, // strong_promotion
    0,   // colour_pair_mg
    0,   // colour_pair_eg
    0,   // hopper_men (quarters)
    0,   // half_open_line
    0,   // open_line
    0,   // outpost
    0,   // royal_file
    0,   // royal_row
    0,   // check_given
    0,   // goal_near
];

/// The weights one variant plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights([i32; COUNT]);

impl Default for Weights {
    fn default() -> Weights {
        Weights(DEFAULTS)
    }
}

impl std::ops::Index<Weight> for Weights {
    type Output = i32;

    #[inline(always)]
    fn index(&self, w: Weight) -> &i32 {
        &self.0[w as usize]
    }
}

impl std::ops::IndexMut<Weight> for Weights {
    #[inline(always)]
    fn index_mut(&mut self, w: Weight) -> &mut i32 {
        &mut self.0[w as usize]
    }
}

impl Weights {
    /// The weights of `v`: the defaults with its overlay's `[eval]` weights.
    #[must_use]
    pub fn of(v: &Variant) -> Weights {
        let mut w = Weights::default();
        for &(index, value) in &v.overlay.eval_weights {
            if let Some(&weight) = Weight::ALL.get(index) {
                w[weight] = value;
            }
        }
        w
    }

    /// The weights the unit tests compute their expected values from
    /// (whatever the defaults are).
    #[cfg(test)]
    #[must_use]
    pub(crate) fn test_table() -> Weights {
        Weights(TEST_TABLE)
    }

    /// Every weight as an overlay's `[eval]` section gives it: (index in
    /// [`Weight::ALL`], value).
    #[cfg(test)]
    #[must_use]
    pub(crate) fn overlay_pairs(&self) -> Vec<(usize, i32)> {
        self.0.iter().copied().enumerate().collect()
    }

    /// A (middle game, endgame) pair.
    #[inline(always)]
    #[must_use]
    pub fn pair(&self, mg: Weight, eg: Weight) -> (i32, i32) {
        (self[mg], self[eg])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mailbox::MailboxPos;
    use crate::position::Evaluate;
    use crate::rules::catalog::Catalog;

    /// Capablanca of the project's fmax.ini with `overlay` as its overlay.
    fn capablanca_with(overlay: &str) -> std::sync::Arc<Variant> {
        let catalog = Catalog::from_text(
            include_str!("../../../fmax.ini"),
            "fmax.ini",
            &[("capablanca", overlay)],
        );
        catalog.variant("capablanca").unwrap()
    }

    /// The evaluation of `fen` (side to move) in `v`.
    fn eval(v: &std::sync::Arc<Variant>, fen: &str) -> i32 {
        MailboxPos::from_fen(std::sync::Arc::clone(v), fen)
            .unwrap()
            .evaluate()
    }

    /// An `[eval]` section giving every weight of the test table
    /// ([`Weights::test_table`]), with the values `changes` names instead.
    fn test_section(changes: &[(&str, i32)]) -> String {
        let mut s = "[eval]\n".to_string();
        for w in Weight::ALL {
            let value = changes
                .iter()
                .find(|(name, _)| *name == w.name())
                .map_or(Weights::test_table()[w], |&(_, v)| v);
            s.push_str(&format!("{} = {value}\n", w.name()));
        }
        s
    }

    #[test]
    fn an_eval_section_changes_the_terms_it_names() {
        let plain = capablanca_with(&test_section(&[]));
        let tuned = capablanca_with(&test_section(&[
            ("tempo", 37),
            ("threat_by_pawn_eg", 0),
            ("hanging_eg", 0),
        ]));
        let start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
        assert_eq!(eval(&plain, start), 10);
        assert_eq!(eval(&tuned, start), 37);
        // The white pawn on c3 attacks the undefended archbishop on d4:
        // threats of 54 with the test weights (see `activity`), all but
        // the middle game's share without the endgame weights.
        let threat = "4k5/10/10/10/3a6/2P7/10/4K5 w - - 0 1";
        let (a, b) = (eval(&plain, threat), eval(&tuned, threat));
        assert_eq!(a - 10 - (b - 37), 54 - (70 * 825 / 9840 + 40 * 825 / 9840));
        let mut pos = MailboxPos::new(tuned);
        let tables = pos.prepare_evaluation();
        assert_eq!(tables.terms[Weight::Tempo], 37);
        assert_eq!(tables.terms[Weight::HangingEg], 0);
        assert_eq!(tables.terms[Weight::HangingMg], 40);
    }

    #[test]
    fn a_weight_the_eval_section_does_not_name_plays_its_default() {
        assert_eq!(Weights::of(&capablanca_with("")), Weights::default());
        let named = capablanca_with("[eval]\ntempo = 37\nhanging_eg = 0\n");
        let mut expected = Weights::default();
        expected[Weight::Tempo] = 37;
        expected[Weight::HangingEg] = 0;
        assert_eq!(Weights::of(&named), expected);
    }

    #[test]
    fn an_eval_section_value_is_the_value_played() {
        let plain = capablanca_with("");
        let tuned = capablanca_with("[eval]\nvalue.n = 500\n");
        let knight = |v: &std::sync::Arc<Variant>| {
            let pos = MailboxPos::new(std::sync::Arc::clone(v));
            let t = v.type_of_letter('N').unwrap().1;
            pos.tables().value[usize::from(t)]
        };
        let written = plain.types[usize::from(plain.type_of_letter('N').unwrap().1)].raw_value;
        assert_eq!(knight(&plain), written);
        assert_eq!(knight(&tuned), 500);
        // An extra knight: material counts the new value.
        let material = |v: &std::sync::Arc<Variant>| {
            let fen = "4k5/pppp6/10/10/10/10/PPPP6/N3K5 w - - 0 1";
            let pos = MailboxPos::from_fen(std::sync::Arc::clone(v), fen).unwrap();
            pos.eval_terms()
                .into_iter()
                .find(|(name, _)| *name == "material")
                .unwrap()
                .1
        };
        assert_eq!(material(&plain), written);
        assert_eq!(material(&tuned), 500);
    }

    #[test]
    fn a_value_written_in_fmax_ini_is_the_value_played() {
        // Los Alamos with a knight written as 2000 (far above what its
        // mobility suggests) and a queen written as 0 (estimated).
        let ini = include_str!("../../../fmax.ini")
            .replace("n:333   14,7 31,7", "n:2000   14,7 31,7")
            .replace(
                "Q:851   1,3 16,3 15,3 17,3 -1,3",
                "Q:0   1,3 16,3 15,3 17,3 -1,3",
            );
        let catalog = Catalog::from_text(&ini, "fmax.ini", &[]);
        let v = catalog.variant("los-alamos").unwrap();
        let pos = MailboxPos::new(std::sync::Arc::clone(&v));
        let value = |l: char| pos.tables().value[usize::from(v.type_of_letter(l).unwrap().1)];
        assert_eq!(value('N'), 2000);
        assert_eq!(value('R'), 444);
        assert!(value('Q') > 0, "the unwritten queen gets an estimate");
    }

    #[test]
    fn a_value_for_no_piece_of_the_game_refuses_the_variant() {
        let catalog = Catalog::from_text(
            include_str!("../../../fmax.ini"),
            "fmax.ini",
            &[(
                "capablanca",
                "[rules]\n\n[eval]\ntempo = 5\nvalue.Z = 300\nvalue.K = 900\n",
            )],
        );
        let errs: Vec<String> = catalog
            .variant("capablanca")
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            errs,
            [
                "variants/capablanca.ini:5: value.Z: no piece of `capablanca` other than a royal has the letter Z",
                "variants/capablanca.ini:6: value.K: no piece of `capablanca` other than a royal has the letter K",
            ]
        );
    }

    #[test]
    fn every_weight_has_the_overlay_name_of_its_place() {
        assert_eq!(EVAL_WEIGHTS.len(), COUNT);
        for (i, w) in Weight::ALL.iter().enumerate() {
            assert_eq!(*w as usize, i);
            assert_eq!(Weight::named(w.name()), Some(*w));
        }
        assert_eq!(Weight::MobilityCentre.name(), "mobility_centre");
        assert_eq!(Weight::named("nonsense"), None);
    }
}
