//! Static exchange evaluation on the mailbox board: the material balance of
//! the capture sequence on one square when both sides always recapture with
//! their least valuable piece and may stop whenever that suits them.
//!
//! Attackers are found with the tables' reverse probes (plain leapers and
//! sliders, walked backwards from the target), so pieces removed by earlier
//! captures uncover the sliders behind them (x-rays) without touching the
//! board. The probes are walked once per exchange ([`Fronts`]): each keeps
//! the first piece it meets, and only the probes that met a piece just
//! captured walk on. Pieces with other capture rays (hoppers, bent riders,
//! pieces confined to a zone) are found by walking their own rays on the
//! real board at every step; for them x-rays are not seen, an approximation
//! the search's ordering and pruning tolerate.
//!
//! Where captures explode (`explosion`) there is no exchange: a capture is
//! worth what its explosion takes from the other side less what it takes
//! from the mover ([`MailboxPos::blast_losses`]).

use super::moves::{Move, MoveKind};
use super::tables::Probe;
use super::{cell_color, cell_type, MailboxPos, EMPTY};
use crate::core::{Color, Score};
use crate::rules::variant::Royalty;

/// What a royal piece is worth in an exchange: capturing into a defended
/// square with it must never look good.
const ROYAL_VALUE: Score = 20_000;

/// Squares vacated so far by the exchange, one bit per mailbox square.
struct Vacated([u64; 4]);

impl Vacated {
    fn contains(&self, sq: u8) -> bool {
        self.0[usize::from(sq >> 6)] & (1 << (sq & 63)) != 0
    }

    fn push(&mut self, sq: u8) {
        self.0[usize::from(sq >> 6)] |= 1 << (sq & 63);
    }
}

/// Probes [`Fronts`] can follow: one bit each in a word.
const MAX_FRONTS: usize = 64;

/// Every reverse probe's state during one exchange: the first piece it
/// meets from the target (its front, with the `vacated` squares counted
/// empty) and which fronts are attackers of each side. When a piece is
/// captured, only the probes whose front it was walk on.
struct Fronts {
    /// The square the exchange is on.
    target: u8,
    /// Per probe: the square of its front (valid for `live` probes).
    square: [u8; MAX_FRONTS],
    /// Per probe: steps its ray still has on the board past the front.
    left: [u8; MAX_FRONTS],
    /// Bit per probe that has a front.
    live: u64,
    /// Per colour: bit per probe whose front is that colour's piece of a
    /// type that captures along the probe.
    attackers: [u64; 2],
    /// Squares emptied so far by the exchange.
    vacated: Vacated,
}

impl Fronts {
    /// The fronts of all probes of `pos` from `target`, with the
    /// `vacated` squares empty.
    fn gather(pos: &MailboxPos, target: u8, vacated: Vacated) -> Fronts {
        let t = &pos.tables;
        let mut fronts = Fronts {
            target,
            square: [0; MAX_FRONTS],
            left: [0; MAX_FRONTS],
            live: 0,
            attackers: [0; 2],
            vacated,
        };
        let n = t.probes.len();
        let reach = &t.probe_reach[target as usize * n..(target as usize + 1) * n];
        for (i, (probe, &steps)) in t.probes.iter().zip(reach).enumerate() {
            fronts.walk(pos, i, probe, target, steps);
        }
        fronts
    }

    /// Walks probe `i` (`probe`) on from `start` over at most `steps`
    /// squares to its next front, if any.
    fn walk(&mut self, pos: &MailboxPos, i: usize, probe: &Probe, start: u8, steps: u8) {
        let step = probe.offset as u8;
        let (mut sq, mut left) = (start, steps);
        while left != 0 {
            left -= 1;
            sq = sq.wrapping_add(step);
            let cell = pos.board[usize::from(sq)];
            if cell != EMPTY && !self.vacated.contains(sq) {
                let bit = 1u64 << i;
                self.square[i] = sq;
                self.left[i] = left;
                self.live |= bit;
                if probe.types & (1 << cell_type(cell)) != 0 {
                    self.attackers[cell_color(cell).index()] |= bit;
                }
                return;
            }
        }
    }

    /// Takes the least valuable piece of `by` that could capture on the
    /// target off the board (the first found on ties, probes in order,
    /// then pieces with other capture rays): (square, type).
    fn take_least(&mut self, pos: &MailboxPos, by: Color) -> Option<(u8, u8)> {
        let mut best: Option<(u8, u8, Score)> = None;
        let mut bits = self.attackers[by.index()];
        while bits != 0 {
            let sq = self.square[bits.trailing_zeros() as usize];
            bits &= bits - 1;
            let ty = cell_type(pos.board[sq as usize]);
            let v = pos.exchange_value(ty);
            if best.is_none_or(|(_, _, b)| v < b) {
                best = Some((sq, ty, v));
            }
        }
        if pos.tables.complex_attackers != 0 {
            pos.least_complex_attacker(self.target, by, &self.vacated, &mut best);
        }
        let (sq, ty, _) = best?;
        self.remove(pos, sq);
        Some((sq, ty))
    }

    /// Empties `sq`: the probes whose front it was walk on behind it.
    fn remove(&mut self, pos: &MailboxPos, sq: u8) {
        self.vacated.push(sq);
        let mut bits = self.live;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.square[i] == sq {
                let keep = !(1u64 << i);
                self.live &= keep;
                self.attackers[0] &= keep;
                self.attackers[1] &= keep;
                self.walk(pos, i, &pos.tables.probes[i], sq, self.left[i]);
            }
        }
    }
}

impl MailboxPos {
    /// The exchange value of a piece type (royals priceless).
    fn exchange_value(&self, t: u8) -> Score {
        if self.tables.royalty[t as usize] == Royalty::None {
            self.tables.value[t as usize]
        } else {
            ROYAL_VALUE
        }
    }

    /// `explosion`: what the capture `m` would take off the board, as
    /// (the mover's men, the other side's men) in centipawns, a royal
    /// counting [`ROYAL_VALUE`]: the capturing man, the captured one and
    /// the men around the capture square that are not spared.
    pub(crate) fn blast_losses(&self, m: Move) -> (Score, Score) {
        let to = m.to();
        let victim = if m.kind() == MoveKind::EnPassant {
            self.ep_victim
        } else {
            to
        };
        let mut losses = [0 as Score; 2];
        losses[0] = self.exchange_value(self.mover_type(m));
        losses[1] = self.exchange_value(cell_type(self.board[victim as usize]));
        let (file, row) = (i32::from(to & 15), i32::from(to >> 4));
        let (width, height) = (self.tables.width, self.tables.height);
        for r in (row - 1).max(0)..=(row + 1).min(height - 1) {
            for f in (file - 1).max(0)..=(file + 1).min(width - 1) {
                let sq = (r * 16 + f) as u8;
                let cell = self.board[sq as usize];
                let counted = sq == to || sq == m.from() || sq == victim;
                if cell == EMPTY
                    || counted
                    || self.tables.explosion_spared & (1 << cell_type(cell)) != 0
                {
                    continue;
                }
                let side = usize::from(cell_color(cell) != self.side);
                losses[side] += self.exchange_value(cell_type(cell));
            }
        }
        (losses[0], losses[1])
    }

    /// Static exchange evaluation of `m` for the side making it
    /// (centipawns; 0 for castling and other moves that capture nothing
    /// and promote nothing, when the moved piece is not lost).
    #[must_use]
    pub fn static_exchange(&self, m: Move) -> Score {
        if matches!(m.kind(), MoveKind::Castle | MoveKind::CastleGateCorner) {
            return 0;
        }
        if self.tables.explosion && m.is_capture() {
            let (own, theirs) = self.blast_losses(m);
            return theirs - own;
        }
        let to = m.to();
        let mut vacated = Vacated([0; 4]);
        vacated.push(m.from());
        if m.kind() == MoveKind::EnPassant {
            vacated.push(self.ep_victim);
        }
        if self.tables.probes.len() <= MAX_FRONTS {
            let mut fronts: Option<Fronts> = None;
            self.swap_off(m, |by| {
                fronts
                    .get_or_insert_with(|| Fronts::gather(self, to, Vacated(vacated.0)))
                    .take_least(self, by)
            })
        } else {
            self.swap_off(m, |by| {
                let least = self.least_attacker(to, by, &vacated);
                if let Some((sq, _)) = least {
                    vacated.push(sq);
                }
                least
            })
        }
    }

    /// The exchange of `m` with `take_least(side)` giving (and taking off
    /// the board) the least valuable piece of `side` that recaptures:
    /// (square, type).
    fn swap_off(&self, m: Move, mut take_least: impl FnMut(Color) -> Option<(u8, u8)>) -> Score {
        let to = m.to();
        let mover = self.mover_type(m);
        let mut gain = [0 as Score; 32];
        gain[0] = match m.kind() {
            MoveKind::Capture => self.exchange_value(cell_type(self.board[to as usize])),
            MoveKind::EnPassant => {
                self.exchange_value(cell_type(self.board[self.ep_victim as usize]))
            }
            _ => 0,
        };
        let mut on_square = self.exchange_value(mover);
        let promotes = m.piece() != 0 && !m.is_drop() && self.promotes(m);
        if promotes {
            let promoted = self.exchange_value(m.piece());
            gain[0] += promoted - on_square;
            on_square = promoted;
        }
        let mut side = self.side.flip();
        let mut depth = 0;
        while depth + 1 < gain.len() {
            if self.tables.iron[mover as usize] && depth == 0 {
                break;
            }
            let Some((_, t)) = take_least(side) else {
                break;
            };
            depth += 1;
            gain[depth] = on_square - gain[depth - 1];
            on_square = self.exchange_value(t);
            if self.tables.iron[t as usize] {
                break;
            }
            side = side.flip();
        }
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        gain[0]
    }

    /// The least valuable piece of `by` that could capture on `target`,
    /// with the `vacated` squares counted as empty: (square, type). Walks
    /// every probe (boards with more probes than [`Fronts`] follows).
    fn least_attacker(&self, target: u8, by: Color, vacated: &Vacated) -> Option<(u8, u8)> {
        let t = &self.tables;
        let mut best: Option<(u8, u8, Score)> = None;
        let n = t.probes.len();
        let reach = &t.probe_reach[target as usize * n..(target as usize + 1) * n];
        for (probe, &steps) in t.probes.iter().zip(reach) {
            // `steps` steps stay on the board (one for a leaper probe).
            let mut at = i32::from(target);
            for _ in 0..steps {
                at += probe.offset;
                let sq = (at & 255) as u8;
                let cell = self.board[sq as usize];
                if cell != EMPTY && !vacated.contains(sq) {
                    if cell_color(cell) == by && probe.types & (1 << cell_type(cell)) != 0 {
                        let (ty, v) = (cell_type(cell), self.exchange_value(cell_type(cell)));
                        if best.is_none_or(|(_, _, b)| v < b) {
                            best = Some((sq, ty, v));
                        }
                    }
                    break;
                }
            }
        }
        if t.complex_attackers != 0 {
            self.least_complex_attacker(target, by, vacated, &mut best);
        }
        best.map(|(sq, ty, _)| (sq, ty))
    }

    /// Replaces `best` (square, type, value) with the first piece of `by`
    /// with capture rays the probes do not cover that could capture on
    /// `target` and is worth less, the `vacated` squares left out.
    fn least_complex_attacker(
        &self,
        target: u8,
        by: Color,
        vacated: &Vacated,
        best: &mut Option<(u8, u8, Score)>,
    ) {
        let t = &self.tables;
        let (tf, tr) = (i32::from(target & 15), i32::from(target >> 4));
        self.for_each_piece(by, |x| {
            let piece = self.board[x as usize];
            let ty = cell_type(piece);
            if t.complex_attackers & (1 << ty) == 0 || vacated.contains(x) {
                return;
            }
            let (df, dr) = (tf - i32::from(x & 15), tr - i32::from(x >> 4));
            if !t.may_reach(ty, df, dr) || !self.zone_allows(piece, target) {
                return;
            }
            let hits = t.rays[ty as usize]
                .iter()
                .filter(|r| r.may_capture && !r.simple)
                .any(|ray| self.walk_ray(x, piece, ray, Some(target), &mut |_, _, _| {}));
            let v = self.exchange_value(ty);
            if hits && best.is_none_or(|(_, _, b)| v < b) {
                *best = Some((x, ty, v));
            }
        });
    }
}

#[cfg(test)]
mod tests;
