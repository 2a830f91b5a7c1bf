//! Choosing a book move (Crafty's semantics) and listing the candidates.
//!
//! Candidates are the legal moves whose child position is in the book. The
//! repertoire book is merged into the main book as Crafty merges books.bin
//! into book.bin: it only overrides where it has a say. A move in both keeps
//! the main book's figures and takes the repertoire's marks and play share;
//! a move only in the repertoire joins with the repertoire's figures. Then
//! `?` moves are never played, `!` moves, if any, are the only ones played,
//! and a `{play NN%}` share is that move's chance. With `book random 0` the candidates go to
//! a short search to pick; with `book random 1` each gets a weight from
//! frequency, score ratio, static score and learned value (`bookw`), moves
//! without wins are culled (when some move has wins), the best `book width`
//! are kept, forced `{play NN%}` shares are honoured, and one is drawn in
//! proportion with a seeded RNG. ChessPartner's formula is the alternative
//! distribution.

use super::file::{Book, BookEntry, EXCLUSIVE, NEVER};
use crate::notation::to_san;
use crate::position::Position;
use rand::rngs::StdRng;
use rand::Rng;

/// The `bookw` weights of the four figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookWeights {
    /// Frequency: games played with the move, relative to the most played.
    pub freq: f64,
    /// Score ratio (W + D/2) / (W + D + L), relative to the best.
    pub ratio: f64,
    /// The stored static score.
    pub eval: f64,
    /// The learned value.
    pub learn: f64,
}

impl Default for BookWeights {
    fn default() -> BookWeights {
        BookWeights {
            freq: 1.0,
            ratio: 1.0,
            eval: 0.5,
            learn: 1.0,
        }
    }
}

/// How a move is drawn among the weighted candidates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Distribution {
    /// Crafty's: `bookw` weights, culling, width, play shares.
    Crafty,
    /// ChessPartner's: priority and learned win/loss balance.
    ChessPartner {
        /// LearningStrength, 0-100.
        strength: f64,
        /// The Variation constant the lowest score is shifted to, 0-100.
        variation: f64,
    },
}

/// The `book` settings that shape the choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChoiceSettings {
    /// `book random 0` (false): hand the candidates to a search;
    /// `book random 1` (true): draw one by weight.
    pub random: bool,
    /// `book width W`: how many of the best-weighted moves stay.
    pub width: usize,
    /// `bookw` weights.
    pub weights: BookWeights,
    /// Which distribution draws the move.
    pub distribution: Distribution,
}

impl Default for ChoiceSettings {
    fn default() -> ChoiceSettings {
        ChoiceSettings {
            random: true,
            width: 10,
            weights: BookWeights::default(),
            distribution: Distribution::Crafty,
        }
    }
}

/// A book move with its figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate<M> {
    /// The move.
    pub mv: M,
    /// What the book holds for the position after it.
    pub entry: BookEntry,
    /// Its weight (Crafty) or score (ChessPartner).
    pub weight: f64,
    /// Its chance of being played, 0-1.
    pub probability: f64,
}

/// What the book says to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookChoice<M> {
    /// No book move: search normally.
    Out,
    /// Play this move.
    Play(M),
    /// Search only among these moves (`book random 0`).
    Search(Vec<M>),
}

/// The legal moves of `pos` whose child is in `book`.
fn children<P: Position>(pos: &mut P, book: &Book) -> Vec<(P::Move, BookEntry)> {
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        if pos.make(m) {
            if let Some(e) = book.probe(pos.hash()) {
                out.push((m, *e));
            }
            pos.unmake(m);
        }
    }
    out
}

/// The candidates after the repertoire's rules, before weighting: the main
/// book's moves with the repertoire merged in (see the module comment).
fn eligible<P: Position>(
    pos: &mut P,
    main: Option<&Book>,
    repertoire: Option<&Book>,
) -> Vec<(P::Move, BookEntry)> {
    let mut list = main.map(|b| children(pos, b)).unwrap_or_default();
    for (m, rep) in repertoire.map(|b| children(pos, b)).unwrap_or_default() {
        match list.iter_mut().find(|(known, _)| *known == m) {
            Some((_, entry)) => {
                entry.flags |= rep.flags;
                entry.play_percent = rep.play_percent.or(entry.play_percent);
            }
            None => list.push((m, rep)),
        }
    }
    list.retain(|(_, e)| e.flags & NEVER == 0);
    if list.iter().any(|(_, e)| e.flags & EXCLUSIVE != 0) {
        list.retain(|(_, e)| e.flags & EXCLUSIVE != 0);
    }
    list
}

fn score_ratio(e: &BookEntry) -> f64 {
    let known = e.wins + e.draws + e.losses;
    if known == 0 {
        0.5
    } else {
        (f64::from(e.wins) + f64::from(e.draws) / 2.0) / f64::from(known)
    }
}

/// Crafty-style weights, culling and width; probabilities with play shares.
fn crafty<M: Copy>(mut list: Vec<(M, BookEntry)>, s: &ChoiceSettings) -> Vec<Candidate<M>> {
    if list.iter().any(|(_, e)| e.wins > 0) {
        list.retain(|(_, e)| e.wins > 0 || e.play_percent.is_some() || e.flags & EXCLUSIVE != 0);
    }
    let most = list.iter().map(|(_, e)| e.games).max().unwrap_or(1).max(1);
    let best = list.iter().map(|(_, e)| score_ratio(e)).fold(0.0, f64::max);
    let w = s.weights;
    let mut out: Vec<Candidate<M>> = list
        .into_iter()
        .map(|(mv, e)| {
            let ratio = if best > 0.0 {
                score_ratio(&e) / best
            } else {
                0.0
            };
            let weight = w.freq * f64::from(e.games) / f64::from(most)
                + w.ratio * ratio
                + w.eval * (f64::from(e.eval) / 300.0).clamp(-1.0, 1.0)
                + w.learn * (f64::from(e.learn) / 300.0).clamp(-1.0, 1.0);
            Candidate {
                mv,
                entry: e,
                weight: weight.max(0.0),
                probability: 0.0,
            }
        })
        .collect();
    out.sort_by(|a, b| b.weight.total_cmp(&a.weight));
    out.truncate(s.width.max(1));
    share_out(&mut out);
    out
}

/// Probabilities: forced shares first, the rest in proportion to weight.
fn share_out<M>(list: &mut [Candidate<M>]) {
    let forced: f64 = list
        .iter()
        .filter_map(|c| c.entry.play_percent)
        .map(|p| f64::from(p) / 100.0)
        .sum();
    let free_weight: f64 = list
        .iter()
        .filter(|c| c.entry.play_percent.is_none())
        .map(|c| c.weight)
        .sum();
    let free_count = list
        .iter()
        .filter(|c| c.entry.play_percent.is_none())
        .count();
    let rest = if free_count == 0 {
        0.0
    } else {
        (1.0 - forced).max(0.0)
    };
    let scale_forced = if forced > 1.0 || (free_count == 0 && forced > 0.0) {
        1.0 / forced
    } else {
        1.0
    };
    for c in list.iter_mut() {
        c.probability = match c.entry.play_percent {
            Some(p) => f64::from(p) / 100.0 * scale_forced,
            None if free_weight > 0.0 => rest * c.weight / free_weight,
            None => rest / free_count as f64,
        };
    }
}

/// ChessPartner's distribution over (priority, wins, losses): lscore =
/// strength/100 × (W − L)/(W + L) × 200, mscore = 32 × priority + lscore,
/// shifted so the lowest equals `variation`; probability ∝ mscore.
#[must_use]
pub fn chesspartner_probabilities(
    stats: &[(u8, u32, u32)],
    strength: f64,
    variation: f64,
) -> Vec<f64> {
    let scores: Vec<f64> = stats
        .iter()
        .map(|&(priority, w, l)| {
            let decided = f64::from(w) + f64::from(l);
            let balance = if decided > 0.0 {
                (f64::from(w) - f64::from(l)) / decided
            } else {
                0.0
            };
            32.0 * f64::from(priority) + strength / 100.0 * balance * 200.0
        })
        .collect();
    let lowest = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let shifted: Vec<f64> = scores.iter().map(|s| s - lowest + variation).collect();
    let total: f64 = shifted.iter().sum();
    if total <= 0.0 {
        let n = stats.len().max(1) as f64;
        return vec![1.0 / n; stats.len()];
    }
    shifted.iter().map(|s| s / total).collect()
}

fn chesspartner<M>(list: Vec<(M, BookEntry)>, strength: f64, variation: f64) -> Vec<Candidate<M>> {
    let stats: Vec<(u8, u32, u32)> = list
        .iter()
        .map(|(_, e)| (e.priority, e.wins, e.losses))
        .collect();
    let probs = chesspartner_probabilities(&stats, strength, variation);
    let mut out: Vec<Candidate<M>> = list
        .into_iter()
        .zip(probs)
        .map(|((mv, entry), p)| Candidate {
            mv,
            entry,
            weight: p,
            probability: p,
        })
        .collect();
    out.sort_by(|a, b| b.probability.total_cmp(&a.probability));
    out
}

/// The candidates of `pos` with weights and probabilities, best first.
pub fn candidates<P: Position>(
    pos: &mut P,
    main: Option<&Book>,
    repertoire: Option<&Book>,
    settings: &ChoiceSettings,
) -> Vec<Candidate<P::Move>> {
    let list = eligible(pos, main, repertoire);
    match settings.distribution {
        Distribution::Crafty => crafty(list, settings),
        Distribution::ChessPartner {
            strength,
            variation,
        } => chesspartner(list, strength, variation),
    }
}

/// Draws an index in proportion to `probabilities`.
pub(crate) fn draw(probabilities: &[f64], rng: &mut StdRng) -> Option<usize> {
    let total: f64 = probabilities.iter().sum();
    if probabilities.is_empty() || total <= 0.0 {
        return None;
    }
    let mut x = rng.gen::<f64>() * total;
    for (i, p) in probabilities.iter().enumerate() {
        if x < *p {
            return Some(i);
        }
        x -= p;
    }
    probabilities.iter().rposition(|&p| p > 0.0)
}

/// What to do in `pos` by the books and settings.
pub fn choose<P: Position>(
    pos: &mut P,
    main: Option<&Book>,
    repertoire: Option<&Book>,
    settings: &ChoiceSettings,
    rng: &mut StdRng,
) -> BookChoice<P::Move> {
    let list = candidates(pos, main, repertoire, settings);
    if list.is_empty() {
        return BookChoice::Out;
    }
    if !settings.random {
        return BookChoice::Search(list.iter().map(|c| c.mv).collect());
    }
    let probs: Vec<f64> = list.iter().map(|c| c.probability).collect();
    match draw(&probs, rng) {
        Some(i) => BookChoice::Play(list[i].mv),
        None => BookChoice::Out,
    }
}

/// `show book`: one line per candidate with its figures, or a line saying
/// there is none.
pub fn show_book<P: Position>(
    pos: &mut P,
    main: Option<&Book>,
    repertoire: Option<&Book>,
    settings: &ChoiceSettings,
) -> String {
    let list = candidates(pos, main, repertoire, settings);
    if list.is_empty() {
        return "no book moves\n".to_string();
    }
    let mut out = String::from("move      games  won  drawn lost  score  learn  weight  prob\n");
    for c in &list {
        let e = &c.entry;
        let mark = if e.flags & EXCLUSIVE != 0 { "!" } else { "" };
        out.push_str(&format!(
            "{:<9} {:>5} {:>4} {:>6} {:>4} {:>5.0}% {:>6} {:>7.3} {:>4.0}%\n",
            to_san(pos, c.mv) + mark,
            e.games,
            e.wins,
            e.draws,
            e.losses,
            100.0 * score_ratio(e),
            e.learn,
            c.weight,
            100.0 * c.probability
        ));
    }
    out
}

#[cfg(test)]
#[path = "choose_tests.rs"]
mod tests;
