#!/usr/bin/env python3
"""End-to-end check of Nightrider's UCI front end.

Usage: pychess_uci.py ENGINE [GAMES [ENGINE_ARGS...]]

Orthodox chess and Chess960 through python-chess's UCI client
(chess.engine.popen_uci: it sends ucinewgame, UCI_Chess960, position ...
moves ..., go with clocks, movestogo, movetime or nodes, ponder and
ponderhit/stop, and reads info and bestmove): the engine plays itself, every move is checked
legal and every game ends by the rules or at MAX_PLIES; then an
analysis with three lines.

python-chess knows no fairy boards, so capablanca, xiangqi, seirawan and
shatranj are played by a plain UCI loop over pipes: UCI_Variant, position
startpos moves ..., go wtime/btime/winc/binc/movestogo, movetime, depth or
nodes, bestmove. With pyffish installed every move and the last PV of each
search are checked legal by Fairy-Stockfish and the game ends when its
rules end it (or at FAIRY_PLIES); without it the engine's own refusal of an
illegal position move is the check. Then `go depth` and `go infinite` +
`stop` analyses.

Exits non-zero with a one-line message on the first problem. Needs
`pip install chess` (and, for the full fairy check, `pip install pyffish`).
"""

import random
import subprocess
import sys
import time

import chess
import chess.engine

try:
    import pyffish
except ImportError:
    pyffish = None

MAX_PLIES = 120
FAIRY_PLIES = 100
# Each game's `go` words, most of them bounded by the clock (so the run
# takes about the same wall time on a loaded machine); `%` alternates by ply.
CHESS_LIMITS = [
    chess.engine.Limit(white_clock=1, black_clock=1, white_inc=0.01, black_inc=0.01),
    chess.engine.Limit(white_clock=1, black_clock=1, remaining_moves=20),
    chess.engine.Limit(time=0.02),
    chess.engine.Limit(nodes=1500),
]
FAIRY = {
    "capablanca": ["go wtime {w} btime {b} winc 10 binc 10"],
    "xiangqi": ["go movetime 20", "go wtime {w} btime {b} movestogo 20"],
    "seirawan": ["go wtime {w} btime {b} winc 10 binc 10", "go depth 3"],
    "shatranj": ["go wtime {w} btime {b} movestogo 20", "go nodes 1500"],
}


def fail(message):
    raise SystemExit(message)


def play_chess(engine, board, limit, ponder):
    """Plays until the game is over by rule or MAX_PLIES; returns the plies."""
    game = object()
    plies = 0
    while not board.is_game_over(claim_draw=True) and plies < MAX_PLIES:
        result = engine.play(board, limit, info=chess.engine.INFO_ALL, game=game, ponder=ponder)
        if result.move is None:
            fail(f"no move in {board.fen()}")
        if result.move not in board.legal_moves:
            fail(f"illegal move {result.move} in {board.fen()}")
        pv = result.info.get("pv") or []
        check_pv(board, pv)
        board.push(result.move)
        plies += 1
    return plies


def check_pv(board, pv):
    copy = board.copy()
    for move in pv:
        if move not in copy.legal_moves:
            fail(f"illegal PV move {move} in {copy.fen()}")
        copy.push(move)


def check_analysis(engine, board):
    infos = engine.analyse(board, chess.engine.Limit(depth=5), multipv=3)
    firsts = [info["pv"][0] for info in infos if info.get("pv")]
    if len(firsts) != 3 or len(set(firsts)) != 3:
        fail(f"analysis gave {infos}")
    for info in infos:
        check_pv(board, info["pv"])


class Pipe:
    """A bare UCI conversation over the engine's pipes."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                fail(f"engine closed its output after {lines[-3:]}")
            line = line.strip()
            lines.append(line)
            if line.startswith("info string"):
                fail(f"engine complained: {line}")
            if line.startswith(prefix):
                return lines

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def legal(variant, moves):
    if pyffish is None:
        return None
    return pyffish.legal_moves(variant, pyffish.start_fen(variant), moves)


def over(variant, moves):
    if pyffish is None:
        return False
    start = pyffish.start_fen(variant)
    end, _ = pyffish.is_immediate_game_end(variant, start, moves)
    return end or not pyffish.legal_moves(variant, start, moves)


def check_fairy_pv(variant, moves, pv):
    if pyffish is None:
        return
    fen = pyffish.get_fen(variant, pyffish.start_fen(variant), moves)
    for i, move in enumerate(pv):
        if move not in pyffish.legal_moves(variant, fen, pv[:i]):
            fail(f"{variant}: illegal PV move {move} after {' '.join(moves + pv[:i])}")


def search(pipe, variant, moves, go):
    pipe.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    pipe.send(go)
    lines = pipe.until("bestmove")
    pvs = [line.split(" pv ")[1].split() for line in lines if line.startswith("info depth") and " pv " in line]
    if pvs:
        check_fairy_pv(variant, moves, pvs[-1])
    return lines[-1].split()


def play_fairy(command, variant, games):
    pipe = Pipe(command)
    pipe.send("uci")
    options = pipe.until("uciok")
    combo = next((l for l in options if l.startswith("option name UCI_Variant ")), "")
    if f" var {variant}" not in combo:
        fail(f"{variant} not offered: {combo}")
    pipe.send(f"setoption name UCI_Variant value {variant}")
    total = 0
    for game in range(games):
        pipe.send("ucinewgame")
        pipe.send("isready")
        pipe.until("readyok")
        moves = []
        clock = [1000, 1000]
        while len(moves) < FAIRY_PLIES and not over(variant, moves):
            gos = FAIRY[variant]
            go = gos[(len(moves) // 2 + game) % len(gos)].format(w=clock[0], b=clock[1])
            side = len(moves) % 2
            started = time.monotonic()
            words = search(pipe, variant, moves, go)
            spent = int((time.monotonic() - started) * 1000)
            clock[side] = max(clock[side] - spent, 0) + (10 if "winc" in go else 0)
            if "movestogo" in go and clock[side] < 300:
                clock[side] += 1000
            if words[1] == "(none)":
                if legal(variant, moves):
                    fail(f"{variant}: no move, but legal moves after {' '.join(moves)}")
                break
            allowed = legal(variant, moves)
            if allowed is not None and words[1] not in allowed:
                fail(f"{variant}: illegal move {words[1]} after {' '.join(moves)}")
            if len(words) == 4:
                check_fairy_pv(variant, moves, [words[1], words[3]])
            moves.append(words[1])
        total += len(moves)
    # Analysis: a fixed depth, then an infinite search stopped.
    moves = moves[:6]
    search(pipe, variant, moves, "go depth 5")
    pipe.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    pipe.send("go infinite")
    pipe.send("isready")
    pipe.until("readyok")
    pipe.send("stop")
    best = pipe.until("bestmove")[-1].split()
    allowed = legal(variant, moves)
    if allowed is not None and best[1] not in allowed:
        fail(f"{variant}: illegal analysis move {best[1]}")
    pipe.quit()
    return total


def main():
    if len(sys.argv) < 2:
        fail("usage: pychess_uci.py ENGINE [GAMES [ENGINE_ARGS...]]")
    command = [sys.argv[1]] + sys.argv[3:]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(17)
    plies = 0
    engine = chess.engine.SimpleEngine.popen_uci(command)
    try:
        for i in range(games):
            for chess960 in [False, True]:
                board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
                limit = CHESS_LIMITS[(2 * i + chess960) % len(CHESS_LIMITS)]
                began = time.monotonic()
                plies += play_chess(engine, board, limit, ponder=i % 2 == 0)
                print(f"chess960={chess960}: {time.monotonic() - began:.1f} s", file=sys.stderr)
        check_analysis(engine, chess.Board())
        check_analysis(engine, chess.Board.from_chess960_pos(rng.randrange(960)))
    finally:
        engine.quit()
    for variant in FAIRY:
        began = time.monotonic()
        plies += play_fairy(command, variant, games)
        print(f"{variant}: {time.monotonic() - began:.1f} s", file=sys.stderr)
    checked = "pyffish" if pyffish else "the engine"
    print(f"ok: {games} games each of chess, chess960, {', '.join(FAIRY)}; {plies} plies; fairy moves checked by {checked}")


if __name__ == "__main__":
    main()
