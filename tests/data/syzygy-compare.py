#!/usr/bin/env python3
"""Compares `nightrider syzygy` with python-chess's Syzygy prober.

Makes N random legal positions of 3 and 4 men (every ending the tables
hold, white or black to move, with en-passant squares where a double step
could have led to them), probes each with both, and counts where they
differ: WDL for every position, DTZ for every position that has a move,
and whether the move nightrider's tables give keeps the value python-chess
gives the position.

    pip install chess
    python3 tests/data/syzygy-compare.py ENGINE TABLES [N] [SEED]

Exit status 0 when every position agrees.
"""

import random
import subprocess
import sys

import chess
import chess.syzygy


def endings(tables):
    """The ending names of the WDL files in `tables`."""
    import os
    return sorted(f[:-5] for f in os.listdir(tables) if f.endswith(".rtbw"))


def random_position(rng, ending):
    """A legal position of `ending` (e.g. KRvKP), or None."""
    white, black = ending.split("v")
    board = chess.Board(None)
    squares = list(chess.SQUARES)
    rng.shuffle(squares)
    for color, side in ((chess.WHITE, white), (chess.BLACK, black)):
        for letter in side:
            sq = squares.pop()
            piece = chess.Piece.from_symbol(letter if color == chess.WHITE else letter.lower())
            if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                return None
            board.set_piece_at(sq, piece)
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    if rng.random() < 0.3:
        # An en-passant square, where a pawn of the side not to move could
        # just have made a double step and a pawn can take it.
        for sq in board.pieces(chess.PAWN, not board.turn):
            rank = chess.square_rank(sq)
            if rank == (3 if board.turn == chess.BLACK else 4):
                ep = sq + (-8 if board.turn == chess.BLACK else 8)
                board.ep_square = ep
                if board.has_legal_en_passant():
                    break
                board.ep_square = None
    if not board.is_valid():
        return None
    return board


def main():
    engine, tables = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    rng = random.Random(seed)
    names = endings(tables)
    boards = []
    while len(boards) < count:
        board = random_position(rng, rng.choice(names))
        if board is not None:
            boards.append(board)
    fens = "\n".join(b.fen() for b in boards) + "\n"
    run = subprocess.run([engine, "syzygy", "--path", tables], input=fens,
                         capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert len(lines) == len(boards), (len(lines), len(boards))
    bad = {"wdl": 0, "dtz": 0, "move": 0}
    dtz_checked = 0
    with chess.syzygy.open_tablebase(tables) as tb:
        for board, line in zip(boards, lines):
            fen, wdl, dtz, move = line.split("\t")
            want_wdl = tb.probe_wdl(board)
            if int(wdl) != want_wdl:
                bad["wdl"] += 1
                print(f"wdl {fen}: {wdl} against {want_wdl}")
            if move == "none":
                continue
            dtz_checked += 1
            want_dtz = tb.probe_dtz(board)
            if dtz == "-" or int(dtz) != want_dtz:
                bad["dtz"] += 1
                print(f"dtz {fen}: {dtz} against {want_dtz}")
            after = board.copy()
            after.push_uci(move)
            if after.is_checkmate():
                kept = want_wdl == 2
            else:
                kept = -tb.probe_wdl(after) == want_wdl
            if not kept:
                bad["move"] += 1
                print(f"move {fen}: {move} does not keep {want_wdl}")
    print(f"{len(boards)} positions ({len(names)} endings, seed {seed}): "
          f"WDL differs in {bad['wdl']}, DTZ in {bad['dtz']} of {dtz_checked}, "
          f"the move spoils the value in {bad['move']}")
    sys.exit(1 if any(bad.values()) else 0)


if __name__ == "__main__":
    main()
