//! Static exchange evaluation on the general board: the material balance of
//! the capture sequence on one square when both sides always recapture with
//! their least valuable piece and may stop whenever that suits them.
//!
//! Attackers are found with the tables' reverse probes (plain leapers and
//! sliders, walked backwards from the target), so pieces removed by earlier
//! captures uncover the sliders behind them (x-rays) without touching the
//! board. Pieces with other capture rays (hoppers, bent riders, pieces
//! confined to a zone) are found by walking their own rays on the real
//! board; for them x-rays are not seen, an approximation the search's
//! ordering and pruning tolerate.

use super::moves::{Move, MoveKind};
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

impl MailboxPos {
    /// The exchange value of a piece type (royals priceless).
    fn exchange_value(&self, t: u8) -> Score {
        if self.tables.royalty[t as usize] == Royalty::None {
            self.tables.value[t as usize]
        } else {
            ROYAL_VALUE
        }
    }

    /// Static exchange evaluation of `m` for the side making it
    /// (centipawns; 0 for castling and other moves that capture nothing
    /// and promote nothing, when the moved piece is not lost).
    #[must_use]
    pub fn static_exchange(&self, m: Move) -> Score {
        if matches!(m.kind(), MoveKind::Castle | MoveKind::CastleGateCorner) {
            return 0;
        }
        let (from, to) = (m.from(), m.to());
        let mover = cell_type(self.board[from as usize]);
        let mut vacated = Vacated([0; 4]);
        vacated.push(from);
        let mut gain = [0 as Score; 32];
        gain[0] = match m.kind() {
            MoveKind::Capture => self.exchange_value(cell_type(self.board[to as usize])),
            MoveKind::EnPassant => {
                vacated.push(self.ep_victim);
                self.exchange_value(cell_type(self.board[self.ep_victim as usize]))
            }
            _ => 0,
        };
        let mut on_square = self.exchange_value(mover);
        let promotes = m.piece() != 0 && self.tables.is_pawn[mover as usize];
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
            let Some((sq, t)) = self.least_attacker(to, side, &vacated) else {
                break;
            };
            depth += 1;
            gain[depth] = on_square - gain[depth - 1];
            vacated.push(sq);
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
    /// with the `vacated` squares counted as empty: (square, type).
    fn least_attacker(&self, target: u8, by: Color, vacated: &Vacated) -> Option<(u8, u8)> {
        let t = &self.tables;
        let (tf, tr) = (i32::from(target & 15), i32::from(target >> 4));
        let mut best: Option<(u8, u8, Score)> = None;
        let mut consider = |sq: u8, ty: u8| {
            let v = self.exchange_value(ty);
            if best.is_none_or(|(_, _, b)| v < b) {
                best = Some((sq, ty, v));
            }
        };
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
                        consider(sq, cell_type(cell));
                    }
                    break;
                }
            }
        }
        if t.complex_attackers != 0 {
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
                if hits {
                    consider(x, ty);
                }
            });
        }
        best.map(|(sq, ty, _)| (sq, ty))
    }
}
