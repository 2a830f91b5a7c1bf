#!/usr/bin/env python3
"""Writes counting-games.tsv: random endgame continuations in the makruk
family, with the FEN Fairy-Stockfish (pyffish) writes after every ply (its
counting fields included) and whether it allows a draw claim there.
Run from this directory: python3 counting-games.py > counting-games.tsv"""
import random
import pyffish as sf

STARTS = {
    "makruk": [
        "8/8/3k4/8/8/2p5/R7/4K3 w - - 0 1",
        "8/8/3k4/8/3n4/8/R3P3/4K3 w - - 0 1",
        "8/4k3/8/8/8/3s4/R7/R3K3 w - - 0 1",
        "8/4k3/8/2n5/8/8/1N6/S3K1S1 w - - 0 1",
        "8/8/4k3/8/8/1m6/8/4K2N b - - 0 1",
    ],
    "cambodian": [
        "8/8/3k4/8/8/2p5/R7/4K3 w - - 0 1",
        "8/4k3/8/2np4/8/8/R3P3/4K3 w - - 0 1",
        "8/4k3/8/8/8/3s4/R7/R3K3 w - - 0 1",
    ],
    "asean": [
        "8/8/3k4/8/8/2p5/R7/4K3 w - - 0 1",
        "8/4k3/8/8/8/3b4/R7/N3K3 w - - 0 1",
        "8/8/4k3/8/8/1q6/8/4K2N b - - 0 1",
    ],
    "ai-wok": [
        "8/8/3k4/8/8/2p5/R7/4K3 w - - 0 1",
        "8/4k3/8/8/8/3s4/A7/4K3 w - - 0 1",
    ],
}

def main():
    rng = random.Random(8)
    print("variant\tstart\tmoves\tfen\tclaim")
    for variant, starts in STARTS.items():
        for start in starts:
            for _ in range(3):
                moves = []
                for _ in range(40):
                    legal = sf.legal_moves(variant, start, moves)
                    if not legal:
                        break
                    # Prefer captures now and then so counts start and restart.
                    moves.append(rng.choice(legal))
                    fen = sf.get_fen(variant, start, moves)
                    claim = sf.is_optional_game_end(variant, start, moves)[0]
                    print(f"{variant}\t{start}\t{' '.join(moves)}\t{fen}\t{int(claim)}")
                    if claim:
                        break

main()
