#!/usr/bin/env python3
"""End-to-end check of Nightrider's XBoard front end with python-chess.

Usage: pychess_games.py ENGINE [GAMES]

Plays complete games of the engine against itself through
chess.engine.popen_xboard (python-chess sends new/force/moves/st/nps/sd/go,
remove/undo to rewind, ping after every move), in orthodox chess and Chess960,
with time, node and depth limits, runs an analysis, and checks every move the
engine sends is legal and every game ends by the rules. Exits non-zero with a
one-line message on the first problem. Needs `pip install chess`.
"""

import sys

import chess
import chess.engine

MAX_PLIES = 160


def limits(ply):
    """Cycle through the limit kinds python-chess can send."""
    kind = ply % 3
    if kind == 0:
        return chess.engine.Limit(time=0.05)
    if kind == 1:
        return chess.engine.Limit(nodes=2000)
    return chess.engine.Limit(depth=2)


def play_game(engine, board):
    """Plays until the game is over by rule or MAX_PLIES; returns the plies."""
    plies = 0
    while not board.is_game_over(claim_draw=True) and plies < MAX_PLIES:
        result = engine.play(board, limits(plies), info=chess.engine.INFO_ALL)
        if result.resigned or result.draw_offered and result.move is None:
            return plies
        if result.move is None:
            raise SystemExit(f"no move in {board.fen()}")
        if result.move not in board.legal_moves:
            raise SystemExit(f"illegal move {result.move} in {board.fen()}")
        board.push(result.move)
        plies += 1
    return plies


def check_rewind(engine):
    """python-chess rewinds with remove/undo when the new position shares a prefix."""
    board = chess.Board()
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6"]:
        board.push_uci(uci)
    engine.play(board, chess.engine.Limit(time=0.05))
    board.pop()
    board.pop()
    board.push_uci("d2d4")
    result = engine.play(board, chess.engine.Limit(time=0.05))
    if result.move not in board.legal_moves:
        raise SystemExit(f"illegal move {result.move} after rewind")


def check_analysis(engine):
    """Analysis returns a PV that starts with a legal move."""
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    info = engine.analyse(board, chess.engine.Limit(depth=2))
    pv = info.get("pv") or []
    if not pv or pv[0] not in board.legal_moves:
        raise SystemExit(f"analysis gave no legal PV: {info}")


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: pychess_games.py ENGINE [GAMES]")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    engine = chess.engine.SimpleEngine.popen_xboard([sys.argv[1]], timeout=20)
    try:
        name = engine.id.get("name", "")
        if not name.startswith("Nightrider"):
            raise SystemExit(f"unexpected engine name {name!r}")
        total = 0
        for game in range(games):
            total += play_game(engine, chess.Board())
            total += play_game(engine, chess.Board.from_chess960_pos((game * 137 + 11) % 960))
        check_rewind(engine)
        check_analysis(engine)
        print(f"ok: {2 * games} games, {total} plies")
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
