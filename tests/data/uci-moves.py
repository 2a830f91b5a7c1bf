#!/usr/bin/env python3
"""Legal moves in Fairy-Stockfish's UCI notation along random games of every
variant Nightrider offers under a Fairy-Stockfish name, from pyffish
(`pyffish.version()` 0.0.90 when uci-moves.tsv was made).

tests/uci.rs sets each row up through the UCI front end (`UCI_Variant`,
`UCI_Chess960`, `position ... moves ...`) and compares `go perft 1`'s moves
with the row's: same rules, same FEN, same move text (ranks from 1 on 10-rank
boards, promotion and gating letters, Chess960 castling as king-takes-rook).

Columns: variant, chess960 (0/1), start (`startpos` or a FEN), moves played
from it, the legal moves there (sorted). Positions where pyffish says the
game is over are not written. Seeded, so the file is reproducible.
Usage: python3 tests/data/uci-moves.py > tests/data/uci-moves.tsv
"""
import random

import pyffish as sf

VARIANTS = [
    "chess", "nocastle", "shatranj", "asean", "makruk", "cambodian", "ai-wok",
    "courier", "knightmate", "capablanca", "gothic", "janus", "berolina",
    "seirawan", "spartan", "kingofthehill", "losalamos", "xiangqi",
    "almost", "amazon", "chancellor", "modern", "embassy", "chigorin",
    "hoppelpoppel", "newzealand", "karouk", "giveaway", "antichess", "suicide",
    "3check", "5check", "crazyhouse", "loop", "chessgi", "pocketknight",
    "placement", "atomic", "racingkings", "horde", "extinction", "kinglet",
    "threekings", "codrus",
    "sittuyin",
    "losers",
    "minishogi",
]
# Chess960 starts: (UCI_Variant, FEN).
RANDOM_STARTS = [
    ("chess", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
    ("chess", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9"),
    ("chess", "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1"),
    ("capablanca", "rk3q2r1/pppppppppp/10/10/10/10/PPPPPPPPPP/RK3Q2R1 w KQkq - 0 1"),
    ("capablanca", "1r2k1r3/pp1ppp1ppp/2n3b3/2p3p3/10/3P2N3/PPP1PPPPPP/1R1K2R1c1 w GBgb - 0 8"),
]
GAMES = 3
PLIES = 48
EVERY = 8


def over(variant, fen, moves, chess960):
    end, _ = sf.is_immediate_game_end(variant, fen, moves, chess960)
    return end or not sf.legal_moves(variant, fen, moves, chess960)


def rows(variant, start, chess960, rng):
    fen = sf.start_fen(variant) if start == "startpos" else start
    moves = []
    for ply in range(PLIES + 1):
        if over(variant, fen, moves, chess960):
            return
        legal = sf.legal_moves(variant, fen, moves, chess960)
        if ply % EVERY == 0:
            yield (variant, int(chess960), start, " ".join(moves), " ".join(sorted(legal)))
        moves.append(rng.choice(legal))


def main():
    rng = random.Random(17)
    print("variant\tchess960\tstart\tmoves\tlegal")
    for variant in VARIANTS:
        for _ in range(GAMES):
            for row in rows(variant, "startpos", False, rng):
                print("\t".join(map(str, row)))
    for variant, fen in RANDOM_STARTS:
        for _ in range(GAMES):
            for row in rows(variant, fen, True, rng):
                print("\t".join(map(str, row)))


if __name__ == "__main__":
    main()
