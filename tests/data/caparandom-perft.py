#!/usr/bin/env python3
"""Reference perft counts for caparandom (Capablanca Random Chess) from
Fairy-Stockfish: pyffish (pip package, `pyffish.version()` 0.0.90 when the
counts in caparandom-perft.tsv were made). Counts legal moves with
`legal_moves` at the last ply and walks the tree with `get_fen`.
Usage: python3 tests/data/caparandom-perft.py > tests/data/caparandom-perft.tsv
"""
import pyffish as sf

VARIANT = "caparandom"
ROWS = [
    ("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", 3),
    ("r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1", 3),
    ("4k5/10/10/10/10/10/10/rRK6R w BJ - 0 1", 4),
    ("rk3q2r1/pppppppppp/10/10/10/10/PPPPPPPPPP/RK3Q2R1 w KQkq - 0 1", 3),
    ("r3k4r/10/10/2B7/10/10/10/R3K4R b KQkq - 0 1", 3),
    ("1r2k1r3/pp1ppp1ppp/2n3b3/2p3p3/10/3P2N3/PPP1PPPPPP/1R1K2R1c1 w GBgb - 0 8", 3),
    ("rkr7/10/10/10/10/10/10/RKR6q w ACac - 0 1", 4),
]


def perft(fen, depth):
    moves = sf.legal_moves(VARIANT, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(sf.get_fen(VARIANT, fen, [m]), depth - 1) for m in moves)


if __name__ == "__main__":
    print(f"# caparandom perft from Fairy-Stockfish (pyffish {'.'.join(map(str, sf.version()))})")
    print("# fen\tdepth\tnodes")
    for fen, depth in ROWS:
        print(f"{fen}\t{depth}\t{perft(fen, depth)}")
