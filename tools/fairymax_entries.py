"""Counts the positions an unmodified Fairy-Max binary enters in a search.

Fairy-Max's own node count is not comparable with Nightrider's: it counts one
node per pass of the internal-deepening loop that runs inside every position,
so a position searched at depth 5 counts at least twice. Its search is one
recursive C function that is entered once per position, so counting the
entries of that function counts positions, as Nightrider does.

The Debian binary is stripped, so the function is found by its shape: under
callgrind, in a short search, it is the function called most often that
calls itself. The entries of a long search are then counted with a hardware
breakpoint on its first instruction (`perf stat -e mem:ADDRESS:x`), which
costs a few microseconds per entry and nothing else; address space layout
randomisation is switched off (`setarch -R`) so the address is known before
the program starts. The search is deterministic at a fixed depth, so the
count belongs to the same tree as a run timed without the breakpoint (the
caller checks that both runs print the same node counts).

Needs `valgrind` and `perf` (Debian `linux-perf`), and a kernel that lets
perf set hardware breakpoints (root, or perf_event_paranoid <= 1).
"""
import os
import re
import subprocess
import tempfile
import time

FN_LINE = re.compile(r"^c?fn=\((\d+)\)(?: (.*))?$")
CALLS_LINE = re.compile(r"^calls=(\d+) ")
# An XBoard thinking line: depth, score, centiseconds, nodes.
THINKING = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\b")
PROBE_SEARCH = ["xboard", "protover 2", "new", "force", "post", "st 1000", "sd 4"]


def search_function_offset(binary):
    """Offset of the recursive search function in `binary`, found with
    callgrind over a depth-4 search of the start position."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary]
        drive(cmd, PROBE_SEARCH, timeout=300)
        calls = self_calls(open(out).read().splitlines())
    if not calls:
        raise RuntimeError(f"{binary}: no recursive function found by callgrind")
    address = max(calls, key=calls.get)
    return int(address, 16)


def self_calls(lines):
    """Calls per function address for the functions that call themselves,
    from a callgrind profile. Callgrind names a function by number after its
    first mention and marks deeper recursion levels with a `'N` suffix; both
    are folded into the plain address."""
    names, totals, caller, callee = {}, {}, None, None
    for line in lines:
        m = FN_LINE.match(line)
        if m:
            if m.group(2):
                names[m.group(1)] = m.group(2).split("'")[0]
            name = names.get(m.group(1), "")
            if line.startswith("fn="):
                caller = name
            else:
                callee = name
            continue
        m = CALLS_LINE.match(line)
        if m and callee == caller and callee.startswith("0x"):
            totals[callee] = totals.get(callee, 0) + int(m.group(1))
    return totals


def load_base(binary):
    """Where `binary` is loaded with randomisation off: the start of its
    lowest mapping for a position-independent executable, 0 otherwise."""
    with open(binary, "rb") as f:
        header = f.read(18)
    if header[16] != 3:  # e_type ET_DYN: position independent
        return 0
    real = os.path.realpath(binary)
    proc = subprocess.Popen(
        no_aslr([binary]), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):
            starts = [
                int(line.split("-")[0], 16)
                for line in open(f"/proc/{proc.pid}/maps")
                if line.rstrip().endswith(real)
            ]
            if starts:
                return min(starts)
            time.sleep(0.01)
    finally:
        proc.kill()
        proc.wait()
    raise RuntimeError(f"{binary}: could not find where it is loaded")


def no_aslr(cmd):
    """`cmd` run with address space randomisation switched off."""
    return ["setarch", os.uname().machine, "-R"] + cmd


def count_entries(binary, address, lines, timeout):
    """Runs `binary` on the XBoard `lines`, then `go`, with a hardware
    breakpoint counter on `address`: (entries, last thinking line)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "perf.csv")
        event = f"mem:{address:#x}:x"
        cmd = no_aslr(["perf", "stat", "-x", ",", "-o", report, "-e", event, binary])
        last, _ = drive(cmd, lines, timeout)
        for row in open(report):
            fields = row.split(",")
            if len(fields) > 2 and fields[2].startswith("mem:"):
                if not fields[0].isdigit():
                    raise RuntimeError(f"perf could not count {event}: {fields[0]}")
                return int(fields[0]), last
    raise RuntimeError("perf printed no count")



def drive(cmd, lines, timeout):
    """Feeds XBoard `lines` to the engine, waits for the answer to a `ping`,
    sends `go`, reads until its move, then quits. Returns the last thinking
    line as (depth, centiseconds, nodes) or None, and the wall-clock seconds
    from `go` to the move."""
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, bufsize=1,
    )
    proc.stdin.write("\n".join(lines + ["ping 1"]) + "\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if line.startswith("pong 1"):
            break
    start = time.time()
    proc.stdin.write("go\n")
    proc.stdin.flush()
    last = None
    for line in proc.stdout:
        m = THINKING.match(line)
        if m:
            last = (int(m.group(1)), int(m.group(3)), int(m.group(4)))
        if line.startswith("move ") or time.time() > start + timeout:
            break
    seconds = time.time() - start
    try:
        proc.stdin.write("quit\n")
        proc.stdin.close()
    except BrokenPipeError:
        pass
    proc.wait()
    return last, seconds
