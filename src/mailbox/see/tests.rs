//! The static exchange of the mailbox board checked against a slow,
//! plain reference: at every step it lists every attacker of the target
//! afresh (walking each probe square by square from the target and every
//! piece with other capture rays) and takes the first least valuable one,
//! as the exchange is defined. Both the board's probe fronts and its
//! full-walk path (boards with many probes) must agree with it exactly on
//! every legal move along fixed game walks through several variants.

use super::super::moves::{Move, MoveKind};
use super::super::{cell_color, cell_type, MailboxPos, EMPTY};
use crate::core::{Color, Score};
use crate::position::Position;
use crate::rules::catalog::Catalog;
use crate::rules::variant::{Royalty, Variant};
use std::sync::Arc;

/// A variant of the project's fmax.ini with the overlays the tests need.
fn variant(name: &str) -> Arc<Variant> {
    let overlays = [
        ("shatranj", include_str!("../../../variants/shatranj.ini")),
        ("courier", include_str!("../../../variants/courier.ini")),
        ("xiangqi", include_str!("../../../variants/xiangqi.ini")),
    ];
    let catalog = Catalog::from_text(include_str!("../../../fmax.ini"), "fmax.ini", &overlays);
    catalog.variant(name).unwrap()
}

/// A piece type's worth in an exchange: royals 20000.
fn worth(pos: &MailboxPos, t: u8) -> Score {
    let t = usize::from(t);
    if pos.tables.royalty[t] == Royalty::None {
        pos.tables.value[t]
    } else {
        20_000
    }
}

/// The pieces of `by` that could capture on `target` with the `gone`
/// squares empty, in the order the exchange looks at them: each probe in
/// table order (the first piece it meets, walked square by square and
/// stopped at the board's edge), then the pieces with other capture rays
/// by square.
fn attackers(pos: &MailboxPos, target: u8, by: Color, gone: &[u8]) -> Vec<(u8, u8)> {
    let t = &pos.tables;
    let on = |sq: u8| pos.board[usize::from(sq)] != EMPTY && !gone.contains(&sq);
    let mut out = Vec::new();
    for probe in &t.probes {
        let (mut f, mut r) = (i32::from(target & 15), i32::from(target >> 4));
        loop {
            f += probe.back.df;
            r += probe.back.dr;
            if f < 0 || r < 0 || f >= t.width || r >= t.height {
                break;
            }
            let sq = (r * 16 + f) as u8;
            if on(sq) {
                let cell = pos.board[usize::from(sq)];
                if cell_color(cell) == by && probe.types & (1 << cell_type(cell)) != 0 {
                    out.push((sq, cell_type(cell)));
                }
                break;
            }
            if !probe.slider {
                break;
            }
        }
    }
    for sq in 0..=255u8 {
        let cell = pos.board[usize::from(sq)];
        let ty = cell_type(cell);
        if !on(sq) || cell_color(cell) != by || t.complex_attackers & (1 << ty) == 0 {
            continue;
        }
        let (df, dr) = (
            i32::from(target & 15) - i32::from(sq & 15),
            i32::from(target >> 4) - i32::from(sq >> 4),
        );
        let hits = t.rays[usize::from(ty)]
            .iter()
            .filter(|r| r.may_capture && !r.simple)
            .any(|ray| pos.walk_ray(sq, cell, ray, Some(target), &mut |_, _, _| {}));
        if hits && t.may_reach(ty, df, dr) && pos.zone_allows(cell, target) {
            out.push((sq, ty));
        }
    }
    out
}

/// The reference exchange of `m`: the swap list of captures by the least
/// valuable attacker (at most 31 recaptures; none of an iron piece and none
/// after one lands), each side free to stop; also how many recaptures the
/// list holds.
fn reference(pos: &MailboxPos, m: Move) -> (Score, usize) {
    if matches!(m.kind(), MoveKind::Castle | MoveKind::CastleGateCorner) {
        return (0, 0);
    }
    let (from, to) = (m.from(), m.to());
    let mover = cell_type(pos.board[usize::from(from)]);
    let mut gone = vec![from];
    let mut first = match m.kind() {
        MoveKind::Capture => worth(pos, cell_type(pos.board[usize::from(to)])),
        MoveKind::EnPassant => {
            gone.push(pos.ep_victim);
            worth(pos, cell_type(pos.board[usize::from(pos.ep_victim)]))
        }
        _ => 0,
    };
    let mut on_square = worth(pos, mover);
    if m.piece() != 0 && pos.tables.is_pawn[usize::from(mover)] {
        first += worth(pos, m.piece()) - on_square;
        on_square = worth(pos, m.piece());
    }
    let mut gains = vec![first];
    let mut side = pos.side.flip();
    let mut iron = pos.tables.iron[usize::from(mover)];
    while !iron && gains.len() < 32 {
        let list = attackers(pos, to, side, &gone);
        let Some(&(sq, ty)) = list.iter().min_by_key(|&&(_, ty)| worth(pos, ty)) else {
            break;
        };
        gains.push(on_square - gains[gains.len() - 1]);
        gone.push(sq);
        on_square = worth(pos, ty);
        iron = pos.tables.iron[usize::from(ty)];
        side = side.flip();
    }
    let recaptures = gains.len() - 1;
    let value = gains
        .into_iter()
        .rev()
        .reduce(|later, earlier| earlier.min(-later))
        .unwrap();
    (value, recaptures)
}

/// The board's full-walk path (used when the probes outnumber the fronts).
fn by_walk(pos: &MailboxPos, m: Move) -> Score {
    let mut vacated = super::Vacated([0; 4]);
    vacated.push(m.from());
    if m.kind() == MoveKind::EnPassant {
        vacated.push(pos.ep_victim);
    }
    pos.swap_off(m, |by| {
        let least = pos.least_attacker(m.to(), by, &vacated);
        if let Some((sq, _)) = least {
            vacated.push(sq);
        }
        least
    })
}

/// Plays a fixed walk of up to 200 plies from the start of `name` (a
/// capture, the `ply * stride`-th modulo their number, on every other
/// ply when there is one, else the `ply * stride`-th legal move) and
/// checks every legal move of every position on the way: returns how many
/// moves lose material and the most recaptures seen.
fn check_walk(name: &str, stride: usize) -> (usize, usize) {
    let (mut losing, mut longest) = (0, 0);
    let mut pos = MailboxPos::new(variant(name));
    for ply in 0..200usize {
        let legal = pos.legal_moves();
        for &m in &legal {
            let (expected, recaptures) = reference(&pos, m);
            let fen = pos.to_fen();
            assert_eq!(pos.static_exchange(m), expected, "{name} {fen} {m:?}");
            assert_eq!(by_walk(&pos, m), expected, "{name} {fen} {m:?} (walk)");
            losing += usize::from(expected < 0);
            longest = longest.max(recaptures);
        }
        let captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m))
            .collect();
        let pick = |list: &[Move]| list.get(ply * stride % list.len().max(1)).copied();
        let choice = if ply % 2 == 0 { pick(&captures) } else { None };
        let Some(m) = choice.or_else(|| pick(&legal)) else {
            break;
        };
        assert!(pos.make(m));
    }
    (losing, longest)
}

/// Along game walks of variants with unusual pieces (xiangqi's cannons and
/// confined pieces, grande acedrex's and falcon's bent riders, the royal
/// knight) on boards from 8x8 to 12x12, the board's exchange equals the
/// reference on every legal move, and the walks reach exchanges worth
/// checking (losing moves, chains of at least three recaptures).
#[test]
fn exchanges_match_the_reference_along_games() {
    for name in [
        "normal",
        "capablanca",
        "shatranj",
        "xiangqi",
        "knightmate",
        "great",
        "grande-acedrex",
        "falcon",
        "courier",
        "super",
        "team-mate",
    ] {
        let (mut losing, mut longest) = (0, 0);
        for stride in [7, 13] {
            let (l, n) = check_walk(name, stride);
            losing += l;
            longest = longest.max(n);
        }
        assert!(losing > 0, "{name}: no losing move met");
        assert!(longest >= 3, "{name}: at most {longest} recaptures met");
    }
}

/// Two black queens tie as the least valuable recapture of a pawn, and a
/// bishop stands behind one of them: after QxB PxQ, which queen goes first
/// decides whether the knight's last capture takes a bishop or a queen,
/// and with it the exchange (296 or 259). The exchange must take the first
/// queen its probes find, as the reference does: with the bishop behind
/// either queen, one of the two positions gives each value.
#[test]
fn tied_attackers_are_taken_in_probe_order() {
    let mut values = Vec::new();
    for fen in [
        "1b2q2k/2q5/8/4b3/3P4/5N2/7Q/7K w - - 0 1",
        "k6b/2q3q1/8/4b3/3P4/5N2/7Q/7K w - - 0 1",
        "kb6/2q3q1/8/4b3/3P4/5N2/7Q/7K w - - 0 1",
    ] {
        let mut pos = MailboxPos::from_fen(variant("normal"), fen).unwrap();
        let m = pos.parse_move("h2e5").unwrap();
        let (expected, recaptures) = reference(&pos, m);
        assert_eq!(recaptures, 5, "{fen}");
        assert_eq!(pos.static_exchange(m), expected, "{fen}");
        assert_eq!(by_walk(&pos, m), expected, "{fen}");
        values.push(expected);
    }
    values[1..].sort_unstable();
    assert_eq!(values[1..], [259, 296]);
}
