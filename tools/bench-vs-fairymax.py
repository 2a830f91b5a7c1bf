#!/usr/bin/env python3
"""Search speed of Nightrider against Fairy-Max in the bench positions.

Both engines are driven the same way over the XBoard protocol: for each
position of `nightrider bench` (the orthodox FENs and the variant list, read
from src/search/bench.rs so the two never drift apart) they get `new`,
`variant V`, `setboard FEN`, `post`, `st T` (or `sd N`) and `go` (Fairy-Max
`st 15T`, since it spends a fifteenth of `st`); the last
thinking line before the move gives nodes and time (centiseconds), hence
nodes per second as the engine sees it (wall clock). On a loaded machine the
wall clock mostly measures waiting, so the CPU time the engine process used
is measured too (its rusage at exit, minus that of a run that only sets the
position up: start-up, tables, hash clearing) and gives a second nps.
Prints one line per position and the totals with both nps ratios
(Nightrider / Fairy-Max).

With `--entries`, Fairy-Max's nodes are counted as Nightrider counts its
own: positions entered by the search, not Fairy-Max's internal-deepening
passes (see tools/fairymax_entries.py). For each position Fairy-Max first
searches under `st` as above to find the depth it reaches in that time, then
searches to that depth twice: once timed (wall clock from `go` to its move),
once with its search function's entries counted; its positions per second
are the entries over the timed run's seconds. Nightrider is measured as
without `--entries`. Prints, per position, both engines' nps by their own
count, Fairy-Max's positions per second, and both ratios.

usage: tools/bench-vs-fairymax.py [--nightrider BIN] [--fairymax BIN]
                                  [--st SECONDS | --sd DEPTH] [--only VARIANT]
                                  [--entries]
Run it from the repository root (Nightrider finds fmax.ini there). Each
position costs about 2 x SECONDS (with `--entries` about 15 x SECONDS); keep
it short on a shared machine.
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import fairymax_entries

ROOT = Path(__file__).resolve().parent.parent
FAIRYMAX_ST_FACTOR = 15
THINKING = fairymax_entries.THINKING


def bench_positions():
    """(variant, fen, mailbox) triples: the orthodox bench as `normal` on the
    bitboard, then the variants on the mailbox board (`--board mailbox`, so
    the bench's orthodox entry there is searched on the mailbox board too)."""
    text = (ROOT / "src/search/bench.rs").read_text()
    orthodox = text.split("ORTHODOX_BENCH")[1].split("];")[0]
    variants = text.split("VARIANT_BENCH")[1].split("];")[0]
    out = [("normal", fen, False) for fen in re.findall(r'"([^"]+)"', orthodox)]
    for name, fen in re.findall(r'\(\s*"([^"]+)",\s*"([^"]*)",?\s*\)', variants):
        out.append((name, fen, True))
    return out


def run(cmd, lines, wait_for_move, timeout):
    """Feeds `lines` to the engine; returns (last thinking (nodes, cs) or
    None, CPU seconds the process used)."""
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, cwd=ROOT, bufsize=1,
    )
    proc.stdin.write("\n".join(lines) + "\n")
    proc.stdin.flush()
    last = None
    deadline = time.time() + timeout
    if wait_for_move:
        for line in proc.stdout:
            m = THINKING.match(line)
            if m:
                last = (int(m.group(4)), int(m.group(3)))
            if line.startswith("move ") or time.time() > deadline:
                break
    try:
        proc.stdin.write("quit\n")
        proc.stdin.close()
    except BrokenPipeError:
        pass
    try:
        _, _, usage = os.wait4(proc.pid, 0)
    except ChildProcessError:
        return last, 0.0
    proc.returncode = 0
    return last, usage.ru_utime + usage.ru_stime


def search(cmd, variant, fen, limit, timeout):
    """One search: (nodes, centiseconds, CPU seconds of the search alone)."""
    setup = setup_lines(variant, fen)
    _, idle_cpu = run(cmd, setup, False, timeout)
    last, cpu = run(cmd, setup + ["post", limit, "go"], True, timeout)
    if not last:
        return None
    return last[0], last[1], max(cpu - idle_cpu, 1e-3)


def nps(result):
    """(wall-clock nps, CPU nps) of a search result, or None."""
    if not result or result[1] == 0:
        return None
    return result[0] * 100 / result[1], result[0] / result[2]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nightrider", default=str(ROOT / "target/release/nightrider"))
    ap.add_argument("--fairymax", default="/usr/games/fairymax")
    ap.add_argument("--st", type=float, default=2.0, help="seconds per position")
    ap.add_argument("--sd", type=int, help="fixed depth instead of time")
    ap.add_argument("--only", help="only positions of this variant")
    ap.add_argument("--entries", action="store_true",
                    help="count Fairy-Max's nodes as positions entered (needs perf, valgrind)")
    args = ap.parse_args()
    if args.entries:
        return compare_by_entries(args)
    limit = f"sd {args.sd}" if args.sd else f"st {args.st:g}"
    # Fairy-Max spends only a fifteenth of `st` (its cap: time left / 15),
    # and stops at its own clock even with `sd`: give it the time to match.
    fairymax_limit = (
        f"st 1000\nsd {args.sd}" if args.sd else f"st {FAIRYMAX_ST_FACTOR * args.st:g}"
    )
    timeout = 120 if args.sd else 10 * args.st + 10
    totals = {"nightrider": [0, 0, 0.0], "fairymax": [0, 0, 0.0]}
    print(f"{'variant':<11} {'nightrider nps':>21} {'fairy-max nps':>21} {'ratio':>11}")
    print(f"{'':<11} {'wall':>10} {'cpu':>10} {'wall':>10} {'cpu':>10} {'wall':>5} {'cpu':>5}  fen")
    for variant, fen, mailbox in bench_positions():
        if args.only and variant != args.only:
            continue
        board = ["--board", "mailbox"] if mailbox else []
        ours = search([args.nightrider] + board, variant, fen, limit, timeout)
        theirs = search([args.fairymax], variant, fen, fairymax_limit, timeout)
        for key, r in (("nightrider", ours), ("fairymax", theirs)):
            if r:
                for i in range(3):
                    totals[key][i] += r[i]
        name = variant + ("*" if mailbox and variant == "normal" else "")
        print(line(name, nps(ours), nps(theirs)) + f"  {fen or '(start)'}", flush=True)
    a, b = nps(totals["nightrider"]), nps(totals["fairymax"])
    if a and b:
        print(line("total", a, b))
        return 0
    print("no thinking output from one of the engines", file=sys.stderr)
    return 1


def setup_lines(variant, fen):
    """XBoard commands that set a bench position up in force mode."""
    lines = ["xboard", "protover 2", "new", "force"]
    if variant != "normal":
        lines.append(f"variant {variant}")
    if fen:
        lines.append(f"setboard {fen}")
    return lines


def fairymax_positions_per_second(binary, address, variant, fen, st, timeout):
    """Fairy-Max in one position: (nps by its own count under `st`, positions
    entered per second at the depth it reached, that depth, the seconds the
    fixed-depth search took), or None without output."""
    setup = setup_lines(variant, fen)
    reached, _ = fairymax_entries.drive(
        [binary], setup + ["post", f"st {FAIRYMAX_ST_FACTOR * st:g}"], timeout)
    if not reached:
        return None
    fixed = setup + ["post", "st 1000", f"sd {reached[0]}"]
    timed, seconds = fairymax_entries.drive([binary], fixed, 20 * timeout)
    entries, counted = fairymax_entries.count_entries(binary, address, fixed, 40 * timeout)
    if counted is None or timed is None or counted[::2] != timed[::2]:
        raise RuntimeError(f"{variant}: the timed and the counted search differ: {timed} {counted}")
    own_nps = reached[2] * 100 / max(reached[1], 1)
    return own_nps, entries / seconds, reached[0], seconds


def compare_by_entries(args):
    """The `--entries` table: Nightrider's nps against Fairy-Max's nps by its
    own count and by positions entered."""
    binary = shutil.which(args.fairymax) or args.fairymax
    missing = [tool for tool in ("valgrind", "perf", "setarch") if not shutil.which(tool)]
    if missing:
        print(f"--entries needs {', '.join(missing)} (apt-get install valgrind linux-perf)",
              file=sys.stderr)
        return 2
    offset = fairymax_entries.search_function_offset(binary)
    address = fairymax_entries.load_base(binary) + offset
    print(f"Fairy-Max search function at offset {offset:#x}, counted at {address:#x}")
    timeout = 10 * args.st + 10
    print(f"{'variant':<11} {'nightrider':>10} {'fm own':>10} {'fm entered':>10} "
          f"{'ratio own':>9} {'entered':>7} {'fm depth':>8} {'fm secs':>7}")
    ratios = []
    for variant, fen, mailbox in bench_positions():
        if args.only and variant != args.only:
            continue
        board = ["--board", "mailbox"] if mailbox else []
        ours = nps(search([args.nightrider] + board, variant, fen, f"st {args.st:g}", timeout))
        theirs = fairymax_positions_per_second(
            binary, address, variant, fen, args.st, timeout)
        if not ours or not theirs:
            print(f"{variant:<11} no thinking output", flush=True)
            continue
        ratios.append((ours[0] / theirs[0], ours[0] / theirs[1]))
        name = variant + ("*" if mailbox and variant == "normal" else "")
        print(f"{name:<11} {ours[0]:10.0f} {theirs[0]:10.0f} {theirs[1]:10.0f} "
              f"{ours[0] / theirs[0]:9.2f} {ours[0] / theirs[1]:7.2f} {theirs[2]:8d} "
              f"{theirs[3]:7.2f}", flush=True)
    if not ratios:
        return 1
    own, entered = (math.prod(r[i] for r in ratios) ** (1 / len(ratios)) for i in (0, 1))
    print(f"{'geo. mean':<11} {'':>32} {own:9.2f} {entered:7.2f}")
    return 0


def line(name, a, b):
    """One table row: both engines' nps and the ratios."""
    cells = [f"{name:<11}"]
    for r in (a, b):
        cells.append(f"{r[0]:10.0f} {r[1]:10.0f}" if r else f"{'n/a':>10} {'n/a':>10}")
    if a and b:
        cells.append(f"{a[0] / b[0]:5.2f} {a[1] / b[1]:5.2f}")
    else:
        cells.append(f"{'n/a':>5} {'n/a':>5}")
    return " ".join(cells)


if __name__ == "__main__":
    sys.exit(main())
