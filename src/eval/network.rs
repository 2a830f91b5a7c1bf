//! The evaluation network: a man-on-square input layer summed per point of
//! view (the boards keep these sums, `position::features`), a hidden layer
//! of [`HIDDEN`] squared clipped-linear units per view, and one output. The
//! same code serves any game: the inputs are a man's kind (by its letter),
//! whether it is the viewer's own or the other side's, and its square seen
//! from the viewer's side of the board (rows counted from the viewer's
//! first row), plus, in games with hands, the men held.
//!
//! [`Layout`] says which inputs a network has and maps each board's codes
//! to its rows; [`Network`] holds the weights in integers, reads and writes
//! the network file, and evaluates.
//!
//! The file: `NRNET`, version byte 1, flags byte (1: residual, added to
//! the hand-written evaluation); width, height, kinds and hand slots
//! (a byte each); the hidden width (u16); the kinds' letters; then the
//! input rows (i16, [`HIDDEN`] a row), the hidden bias (i16), the output
//! weights (i16, own view's units first) and the output bias (i32), all
//! little-endian.

use crate::core::{Color, Score};
use crate::position::features::{FeatureSums, FeatureTable, HIDDEN, NO_ROW};
use crate::rules::lint::GameFinding;
use crate::rules::overlay::NETWORK_KEY;
use crate::rules::{ConfigError, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The hidden units' clip: a sum of `QA` is an activation of 1.
pub const QA: i32 = 255;
/// The output weights' scale: a weight of `QB` is 1.
pub const QB: i32 = 64;
/// The output weights lie within `±MAX_OUTPUT`, so that a clipped unit
/// times a weight fits an `i16` (`QA × MAX_OUTPUT < 2¹⁵`).
pub const MAX_OUTPUT: i16 = 128;
/// Centipawns per unit of the network's output.
pub const SCALE: i32 = 400;

/// What a network file starts with.
const MAGIC: &[u8] = b"NRNET";
/// The file format's version.
const VERSION: u8 = 1;

/// Which inputs a network has: the kinds of men (by letter), the board's
/// size, and slots for men in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Upper-case letters of the kinds, in the network's order.
    pub letters: Vec<char>,
    /// Files.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Men of one kind in hand that have an input each (0 without hands).
    pub hand_slots: usize,
}

/// Per point of view (white first), colour of the man and board code: the
/// network's row.
pub type Index = [[Vec<u16>; 2]; 2];

impl Layout {
    /// Orthodox chess as the bitboard board plays it.
    #[must_use]
    pub fn orthodox() -> Layout {
        Layout {
            letters: "PNBRQK".chars().collect(),
            width: 8,
            height: 8,
            hand_slots: 0,
        }
    }

    /// The inputs of a network for `v`: its kinds in the order of its
    /// types, its board and, where men are held in hand, a slot for each
    /// man of a kind the initial holdings give at most.
    #[must_use]
    pub fn for_variant(v: &Variant) -> Layout {
        let mut letters: Vec<char> = Vec::new();
        for t in v.types.iter().skip(1) {
            if !letters.contains(&t.letter) {
                letters.push(t.letter);
            }
        }
        let held = v.initial_holdings();
        let hand_slots = held.iter().map(|&(_, _, n)| usize::from(n)).max();
        let hand_slots = if v.has_gating() || !held.is_empty() {
            hand_slots.unwrap_or(1).clamp(1, 16)
        } else {
            0
        };
        Layout {
            letters,
            width: v.width,
            height: v.height,
            hand_slots,
        }
    }

    /// Input places per kind and side: squares, then hand slots.
    #[must_use]
    pub fn places(&self) -> usize {
        self.width * self.height + self.hand_slots
    }

    /// The number of inputs (rows).
    #[must_use]
    pub fn inputs(&self) -> usize {
        2 * self.letters.len() * self.places()
    }

    /// The row of a man of kind `kind` in place `place`, the viewer's own
    /// when `own`.
    fn row(&self, own: bool, kind: usize, place: usize) -> u16 {
        let side = usize::from(!own);
        ((side * self.letters.len() + kind) * self.places() + place) as u16
    }

    /// The place of a man on file `file` and row `rank` (0 = white's
    /// first row) seen by `view`.
    fn square_place(&self, view: Color, file: usize, rank: usize) -> usize {
        let rank = match view {
            Color::White => rank,
            Color::Black => self.height - 1 - rank,
        };
        rank * self.width + file
    }

    /// The index of the bitboard board's codes (`kind * 64 + square`,
    /// square `a1` = 0).
    ///
    /// # Errors
    /// One line when the network is not for orthodox chess.
    pub fn bitboard_index(&self) -> Result<Index, String> {
        if self.width != 8 || self.height != 8 {
            return Err(format!(
                "the network is for a {}x{} board, not 8x8",
                self.width, self.height
            ));
        }
        if self.letters.len() != 6 || self.hand_slots != 0 {
            return Err(format!(
                "the network's pieces {} are not orthodox chess's",
                self.letters.iter().collect::<String>()
            ));
        }
        let kinds: Vec<usize> = "PNBRQK"
            .chars()
            .map(|l| self.kind_of(l))
            .collect::<Result<_, _>>()?;
        let codes = crate::bitboard::features::CODES;
        Ok(self.index(codes, |code| {
            let (kind, sq) = (code / 64, code % 64);
            Some((kinds[kind], sq % 8, sq / 8))
        }))
    }

    /// The index of the mailbox board's codes in variant `v` (a man on the
    /// board `type * 256 + square`, row 0 of the square being black's
    /// first; a man in hand from `mailbox::features::HAND_CODES`). A network
    /// fits every game on its board whose men are all among its kinds (its
    /// other kinds' rows stay unread), so capablanca's serves gothic.
    ///
    /// # Errors
    /// One line when the network's board or hand is not `v`'s, or `v` has a
    /// man the network does not know.
    pub fn mailbox_index(&self, v: &Variant) -> Result<Index, String> {
        use crate::mailbox::features::{CODES, HAND_CODES, HAND_SLOTS};
        if self.width != v.width || self.height != v.height {
            return Err(format!(
                "the network is for a {}x{} board, not {}x{}",
                self.width, self.height, v.width, v.height
            ));
        }
        let kinds: Vec<usize> = v
            .types
            .iter()
            .skip(1)
            .map(|t| self.kind_of(t.letter))
            .collect::<Result<_, _>>()?;
        let wanted = Layout::for_variant(v);
        if wanted.hand_slots != self.hand_slots {
            return Err(format!(
                "the network holds {} men of a kind in hand, {} holds {}",
                self.hand_slots, v.name, wanted.hand_slots
            ));
        }
        let height = self.height;
        let squares = self.width * self.height;
        let mut index = self.index(HAND_CODES, |code| {
            let (t, sq) = (code / 256, code % 256);
            let (row, file) = (sq / 16, sq % 16);
            let kind = *kinds.get(t.checked_sub(1)?)?;
            (file < self.width && row < height).then(|| (kind, file, height - 1 - row))
        });
        for view in [Color::White, Color::Black] {
            for colour in [Color::White, Color::Black] {
                let own = view == colour;
                let rows = &mut index[view.index()][colour.index()];
                rows.resize(CODES, NO_ROW);
                for (t, &kind) in kinds.iter().enumerate() {
                    for slot in 0..self.hand_slots.min(usize::from(HAND_SLOTS)) {
                        let code = HAND_CODES + (t + 1) * usize::from(HAND_SLOTS) + slot;
                        rows[code] = self.row(own, kind, squares + slot);
                    }
                }
            }
        }
        Ok(index)
    }

    /// The index of `codes` codes, each placed by `place` as its kind,
    /// file and row from white's first (`None`: no row).
    fn index(&self, codes: usize, place: impl Fn(usize) -> Option<(usize, usize, usize)>) -> Index {
        let mut index: Index = Default::default();
        for view in [Color::White, Color::Black] {
            for colour in [Color::White, Color::Black] {
                index[view.index()][colour.index()] = (0..codes)
                    .map(|code| {
                        place(code).map_or(NO_ROW, |(kind, file, rank)| {
                            let place = self.square_place(view, file, rank);
                            self.row(view == colour, kind, place)
                        })
                    })
                    .collect();
            }
        }
        index
    }

    /// The network's kind of letter `letter`.
    fn kind_of(&self, letter: char) -> Result<usize, String> {
        self.letters
            .iter()
            .position(|&l| l == letter)
            .ok_or_else(|| format!("the network has no piece '{letter}'"))
    }
}

/// A network in integers, as the engine plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Its inputs.
    pub layout: Layout,
    /// Its output is added to the hand-written evaluation instead of
    /// replacing it (a correction learnt on top of it).
    pub residual: bool,
    /// The input rows, one per input.
    pub rows: Vec<[i16; HIDDEN]>,
    /// The hidden layer's bias.
    pub bias: [i16; HIDDEN],
    /// The output weights: over the side to move's view, then the other's.
    pub output: Vec<i16>,
    /// The output's bias, in units of `QA * QB`.
    pub output_bias: i32,
}

impl Network {
    /// The first layer as the board `index` sums it.
    ///
    /// # Errors
    /// One line when the index does not fit the rows.
    pub fn feature_table(&self, index: Index) -> Result<FeatureTable, String> {
        FeatureTable::new(self.rows.clone(), self.bias, index)
    }

    /// The score for the side to move, `stm`, given the board's sums.
    #[must_use]
    pub fn evaluate(&self, sums: &FeatureSums, stm: Color) -> Score {
        let (us, them) = (&sums.views[stm.index()], &sums.views[stm.flip().index()]);
        let (w_us, w_them) = self.output.split_at(HIDDEN);
        let sum = activated_dot(us, w_us).wrapping_add(activated_dot(them, w_them));
        let out = sum / QA + self.output_bias;
        (i64::from(out) * i64::from(SCALE) / i64::from(QA * QB)) as Score
    }

    /// The network as a file.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let l = &self.layout;
        let mut out = Vec::with_capacity(16 + 2 * HIDDEN * (self.rows.len() + 3));
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(u8::from(self.residual));
        for n in [l.width, l.height, l.letters.len(), l.hand_slots] {
            out.push(n as u8);
        }
        out.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
        out.extend(l.letters.iter().map(|&c| c as u8));
        for row in &self.rows {
            out.extend(row.iter().flat_map(|x| x.to_le_bytes()));
        }
        out.extend(self.bias.iter().flat_map(|x| x.to_le_bytes()));
        out.extend(self.output.iter().flat_map(|x| x.to_le_bytes()));
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// One line saying what is wrong with it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        if !bytes.starts_with(MAGIC) {
            return Err("not a Nightrider network file".to_string());
        }
        let mut r = Reader {
            bytes,
            at: MAGIC.len(),
        };
        let version = r.byte()?;
        if version != VERSION {
            return Err(format!(
                "network file version {version}, expected {VERSION}"
            ));
        }
        let residual = match r.byte()? {
            0 => false,
            1 => true,
            other => return Err(format!("unknown network flags {other}")),
        };
        let (width, height, kinds, hand_slots) = (r.byte()?, r.byte()?, r.byte()?, r.byte()?);
        let hidden = u16::from_le_bytes([r.byte()?, r.byte()?]);
        if usize::from(hidden) != HIDDEN {
            return Err(format!(
                "hidden layer of {hidden}, this build plays {HIDDEN}"
            ));
        }
        let letters: Vec<char> = r
            .take(usize::from(kinds))?
            .iter()
            .map(|&b| char::from(b))
            .collect();
        if !(1..=16).contains(&width) || !(1..=16).contains(&height) || kinds == 0 {
            return Err(format!("a {width}x{height} board with {kinds} kinds"));
        }
        let layout = Layout {
            letters,
            width: usize::from(width),
            height: usize::from(height),
            hand_slots: usize::from(hand_slots),
        };
        let mut rows = vec![[0i16; HIDDEN]; layout.inputs()];
        for row in &mut rows {
            r.fill(row)?;
        }
        let mut bias = [0i16; HIDDEN];
        r.fill(&mut bias)?;
        let mut output = vec![0i16; 2 * HIDDEN];
        r.fill(&mut output)?;
        if output
            .iter()
            .any(|w| w.unsigned_abs() > MAX_OUTPUT.unsigned_abs())
        {
            return Err(format!("an output weight beyond ±{MAX_OUTPUT}"));
        }
        let b = r.take(4)?;
        let output_bias = i32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        if r.at != bytes.len() {
            return Err(format!("{} bytes too many", bytes.len() - r.at));
        }
        Ok(Network {
            layout,
            residual,
            rows,
            bias,
            output,
            output_bias,
        })
    }
}

/// `Σ clip(x)² · w` over the hidden units, `clip` to `0..=QA`. With
/// `|w| ≤ MAX_OUTPUT` the product `clip(x) · w` fits an `i16`, and the sum
/// of `i16 × i16` products is what processors multiply-add eight or
/// sixteen at a time.
#[inline]
fn activated_dot(x: &[i16; HIDDEN], w: &[i16]) -> i32 {
    let mut sum = 0i32;
    for (&x, &w) in x.iter().zip(w) {
        let c = x.clamp(0, QA as i16);
        let cw = c.wrapping_mul(w);
        sum = sum.wrapping_add(i32::from(cw) * i32::from(c));
    }
    sum
}

/// Reads a network file front to back.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at + n;
        let part = self
            .bytes
            .get(self.at..end)
            .ok_or_else(|| "the network file is cut short".to_string())?;
        self.at = end;
        Ok(part)
    }

    fn byte(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    fn fill(&mut self, out: &mut [i16]) -> Result<(), String> {
        let part = self.take(2 * out.len())?;
        for (x, b) in out.iter_mut().zip(part.chunks_exact(2)) {
            *x = i16::from_le_bytes([b[0], b[1]]);
        }
        Ok(())
    }
}

/// A network ready for one board: its weights and the first layer indexed
/// by that board's codes.
#[derive(Clone, Debug)]
pub struct Played {
    /// The network.
    pub network: Arc<Network>,
    /// Its first layer as the board sums it.
    pub table: Arc<FeatureTable>,
}

/// The network given on the command line (`--net FILE`), if any.
static GIVEN: OnceLock<Arc<Network>> = OnceLock::new();

/// Whether networks are played at all (the `UseNetwork` option).
static ENABLED: AtomicBool = AtomicBool::new(true);

/// Plays `network` wherever its layout fits the game, for the rest of the
/// process; a second call changes nothing.
pub fn set_given(network: Network) {
    let _ = GIVEN.set(Arc::new(network));
}

/// Turns the networks on or off for evaluations prepared from now on.
pub fn set_enabled(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

/// Whether networks are on.
#[must_use]
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// Orthodox chess's own network, built into the program: a residual
/// correction of the hand-written evaluation of `eval::orthodox`, fitted to
/// the search's scores in self-play (docs/network.md).
const ORTHODOX: &[u8] = include_bytes!("orthodox/orthodox.nrn");

/// The network built into the program for orthodox chess.
///
/// # Errors
/// One line when the file built in does not read (a defect of the build).
pub fn orthodox() -> Result<Network, String> {
    Network::from_bytes(ORTHODOX)
}

/// The network orthodox chess plays on the bitboard board, if any: the one
/// given on the command line where it fits orthodox chess, else the one
/// built in.
#[must_use]
pub fn for_bitboard() -> Option<&'static Played> {
    static PLAYED: OnceLock<Option<Played>> = OnceLock::new();
    if !enabled() {
        return None;
    }
    PLAYED
        .get_or_init(|| {
            let fits = |n: &Arc<Network>| {
                let index = n.layout.bitboard_index().ok()?;
                Some((Arc::clone(n), index))
            };
            let (network, index) = match GIVEN.get().and_then(fits) {
                Some(given) => given,
                None => fits(&Arc::new(orthodox().ok()?))?,
            };
            let table = network.feature_table(index).ok()?;
            Some(Played {
                network,
                table: Arc::new(table),
            })
        })
        .as_ref()
}

/// The network variant `v` plays on the mailbox board, if any: the one
/// given on the command line where it fits the game, else the one its
/// overlay names (`[eval] network = FILE`) if that reads and fits.
#[must_use]
pub fn for_mailbox(v: &Variant) -> Option<Played> {
    let (network, index) = match GIVEN.get().map(|n| (n, n.layout.mailbox_index(v))) {
        Some((n, Ok(index))) => (Arc::clone(n), index),
        _ => {
            let network = of_variant(v)?.ok()?;
            let index = network.layout.mailbox_index(v).ok()?;
            (Arc::new(network), index)
        }
    };
    let table = network.feature_table(index).ok()?;
    Some(Played {
        network,
        table: Arc::new(table),
    })
}

/// The network `v`'s overlay names, read, if it names one.
#[must_use]
pub fn of_variant(v: &Variant) -> Option<Result<Network, String>> {
    let file = v.overlay.network.as_ref()?;
    let bytes = file.bytes.as_ref()?;
    Some(Network::from_bytes(bytes))
}

/// What is wrong with the network `v`'s overlay names, if anything: a
/// file that does not read refuses the game; one made for other pieces or
/// another board leaves the game to the hand-written evaluation (as
/// `for_mailbox` does), so Fairy-Max's own file, whose pieces may carry
/// other letters, keeps every game.
#[must_use]
pub fn check(v: &Variant) -> Option<GameFinding> {
    let read = of_variant(v)?;
    let at = |e: String| ConfigError {
        file: v.overlay.file.clone().unwrap_or_default(),
        line: v.overlay.line_of(NETWORK_KEY),
        message: format!(
            "{NETWORK_KEY} = {}: {e}",
            v.overlay.network.as_ref().map_or("", |n| n.name.as_str())
        ),
    };
    match read {
        Err(e) => Some(GameFinding::Error(at(e))),
        Ok(network) => network
            .layout
            .mailbox_index(v)
            .err()
            .map(|e| GameFinding::Warning(at(format!("{e}; the game is played without it")))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::BitboardPos;
    use crate::mailbox::MailboxPos;
    use crate::position::features::FeatureCodes;
    use crate::position::Position;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A network of `layout` with random weights.
    fn random_network(layout: Layout, seed: u64) -> Network {
        let mut rng = StdRng::seed_from_u64(seed);
        let rows = (0..layout.inputs())
            .map(|_| std::array::from_fn(|_| rng.gen_range(-300..300)))
            .collect();
        Network {
            layout,
            residual: seed.is_multiple_of(2),
            rows,
            bias: std::array::from_fn(|_| rng.gen_range(-100..200)),
            output: (0..2 * HIDDEN).map(|_| rng.gen_range(-120..120)).collect(),
            output_bias: rng.gen_range(-5000..5000),
        }
    }

    /// Plays random games from `start`, checking at every position that
    /// the sums the board kept are the sums counted afresh, also after
    /// unmaking back to the start.
    fn sums_stay_exact<P: Position + FeatureCodes>(
        start: &P,
        sums_of: impl Fn(&P) -> FeatureSums,
        table: &FeatureTable,
    ) {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..20 {
            let mut pos = start.clone();
            let mut played = Vec::new();
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.gen_range(0..moves.len())];
                assert!(pos.make(m));
                played.push(m);
                assert_eq!(sums_of(&pos), pos.feature_sums(table), "{}", pos.to_fen());
            }
            while let Some(m) = played.pop() {
                pos.unmake(m);
            }
            assert_eq!(sums_of(&pos), pos.feature_sums(table));
        }
    }

    #[test]
    fn the_bitboard_board_keeps_its_sums_exact() {
        let net = random_network(Layout::orthodox(), 1);
        let table = Arc::new(
            net.feature_table(net.layout.bitboard_index().unwrap())
                .unwrap(),
        );
        let mut start = BitboardPos::startpos();
        start.set_feature_table(Some(Arc::clone(&table)));
        sums_stay_exact(&start, |p| p.network_input().unwrap().sums.clone(), &table);
    }

    #[test]
    fn the_mailbox_board_keeps_its_sums_exact_in_games_with_and_without_hands() {
        for name in ["capablanca", "seirawan", "xiangqi", "shatranj", "normal"] {
            let v = crate::eval::tests::variant(name);
            let layout = Layout::for_variant(&v);
            assert_eq!(layout.hand_slots > 0, name == "seirawan", "{name}");
            let net = random_network(layout, 2);
            let table = Arc::new(
                net.feature_table(net.layout.mailbox_index(&v).unwrap())
                    .unwrap(),
            );
            let mut start = MailboxPos::new(v);
            start.set_feature_table(Some(Arc::clone(&table)));
            sums_stay_exact(&start, |p| p.network_input().unwrap().sums.clone(), &table);
        }
    }

    #[test]
    fn a_position_and_its_colour_mirror_evaluate_alike() {
        let net = random_network(Layout::orthodox(), 3);
        let table = net
            .feature_table(net.layout.bitboard_index().unwrap())
            .unwrap();
        let a = BitboardPos::from_fen(
            "r3k2r/pp3ppp/2n5/3q4/8/2N2B2/PP3PPP/R2QK2R w - - 0 1",
            false,
        )
        .unwrap();
        let b = BitboardPos::from_fen(
            "r2qk2r/pp3ppp/2n2b2/8/3Q4/2N5/PP3PPP/R3K2R b - - 0 1",
            false,
        )
        .unwrap();
        let (sa, sb) = (a.feature_sums(&table), b.feature_sums(&table));
        assert_eq!(
            net.evaluate(&sa, Color::White),
            net.evaluate(&sb, Color::Black)
        );
        assert_ne!(
            net.evaluate(&sa, Color::White),
            net.evaluate(&sa, Color::Black)
        );
    }

    #[test]
    fn the_output_is_the_formula_of_the_module() {
        let layout = Layout::orthodox();
        let mut net = random_network(layout, 4);
        net.bias = [0; HIDDEN];
        net.output = vec![0; 2 * HIDDEN];
        // One hidden unit of the mover at 255 (activation 1) with weight 64
        // (1.0), another of the opponent's at 128 with weight -32.
        net.bias[0] = 255;
        net.output[0] = 64;
        net.bias[1] = 128;
        net.output[HIDDEN + 1] = -32;
        net.output_bias = 0;
        let sums = FeatureSums::empty(
            &net.feature_table(net.layout.bitboard_index().unwrap())
                .unwrap(),
        );
        // 1.0 - 0.5 * (128/255)^2 = 0.874 units, 400 cp a unit.
        let expected = (255 * 255 * 64 - 128 * 128 * 32) / 255 * 400 / (255 * 64);
        assert_eq!(net.evaluate(&sums, Color::White), expected);
        assert_eq!(expected, 349);
    }

    #[test]
    fn a_file_reads_back_and_bad_files_say_why() {
        let v = crate::eval::tests::variant("seirawan");
        let net = random_network(Layout::for_variant(&v), 5);
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err(),
            "the network file is cut short"
        );
        let mut long = bytes.clone();
        long.push(0);
        assert_eq!(Network::from_bytes(&long).unwrap_err(), "1 bytes too many");
        let mut wide = net.clone();
        wide.output[7] = -MAX_OUTPUT;
        assert_eq!(Network::from_bytes(&wide.to_bytes()).unwrap(), wide);
        wide.output[7] = MAX_OUTPUT + 1;
        assert_eq!(
            Network::from_bytes(&wide.to_bytes()).unwrap_err(),
            "an output weight beyond ±128"
        );
        assert_eq!(
            Network::from_bytes(b"PK\x03\x04").unwrap_err(),
            "not a Nightrider network file"
        );
        let capablanca = crate::eval::tests::variant("capablanca");
        assert_eq!(
            net.layout.mailbox_index(&capablanca).unwrap_err(),
            "the network is for a 8x8 board, not 10x8"
        );
        assert_eq!(
            net.layout.bitboard_index().unwrap_err(),
            "the network's pieces PNBRKQHE are not orthodox chess's"
        );
    }
}
