#!/usr/bin/env python3
"""The console as a person sees it: the built binary on a pseudo-terminal.

Each session runs in a fresh directory (HOME there, its own copy of
fmax.ini, so books are written beside it), types one line after each
prompt as a person would, and compares the screen (the terminal's echo of
the typed lines, prompts, the program's output and the progress lines it
rewrites in place) with the expected transcript, line by line. A line of
the transcript is a string (exact) or a compiled pattern (for the times and
node counts of a search). Searches are depth-limited and the positions have
one solution, so every session is deterministic; all of them take seconds.

Usage: tests/console-pty.py [path/to/nightrider]   (default target/release)
"""

import os
import pty
import re
import select
import shutil
import signal
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROMPT = re.compile(r"(White|Black)\(\d+\): $")
TIMEOUT = 30.0


def render(raw):
    """The screen text of terminal output: `\\r` returns to the start of the
    line, `ESC [K` clears to its end, so rewritten lines show their last
    state."""
    text = raw.decode("utf-8", errors="replace")
    screen = []
    for line in text.split("\n"):
        cells, col, i = [], 0, 0
        while i < len(line):
            if line.startswith("\x1b[K", i):
                del cells[col:]
                i += 3
                continue
            ch = line[i]
            if ch == "\r":
                col = 0
            else:
                if col < len(cells):
                    cells[col] = ch
                else:
                    cells.append(ch)
                col += 1
            i += 1
        screen.append("".join(cells))
    return screen


class Terminal:
    """The program on a pseudo-terminal in directory `home`."""

    def __init__(self, binary, home, args=()):
        pid, fd = pty.fork()
        if pid == 0:
            os.chdir(home)
            os.environ["HOME"] = home
            os.environ["TERM"] = "dumb"
            ini = os.path.join(home, "fmax.ini")
            try:
                os.execv(binary, [binary, "--ini", ini, *args])
            finally:
                os._exit(127)
        self.pid, self.fd, self.raw = pid, fd, b""

    def _read(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no prompt in {TIMEOUT} s; screen so far:\n{self.screen()}")
        ready, _, _ = select.select([self.fd], [], [], left)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the program closed the terminal
            return False
        self.raw += chunk
        return bool(chunk)

    def wait_prompt(self):
        deadline = time.monotonic() + TIMEOUT
        while not PROMPT.search(self.raw.decode("utf-8", errors="replace")):
            if not self._read(deadline):
                raise EOFError(f"the program ended; screen:\n{self.screen()}")

    def type(self, line):
        """Types `line` and Enter once the program shows its prompt."""
        self.wait_prompt()
        mark = len(self.raw)
        os.write(self.fd, (line + "\n").encode())
        # Let the terminal echo it before the answer is read.
        deadline = time.monotonic() + TIMEOUT
        while len(self.raw) == mark:
            if not self._read(deadline):
                break

    def finish(self):
        """Reads to the end of output and the program's exit; its status."""
        deadline = time.monotonic() + TIMEOUT
        while self._read(deadline):
            pass
        _, status = os.waitpid(self.pid, 0)
        return status

    def screen(self):
        return "\n".join(render(self.raw))


def session(binary, files, lines, args=()):
    """Runs `lines` (the last one ends the program) in a fresh directory
    holding `files` ({name: text}); returns the screen lines."""
    home = tempfile.mkdtemp(prefix="nightrider-pty-")
    try:
        shutil.copy(os.path.join(ROOT, "fmax.ini"), os.path.join(home, "fmax.ini"))
        for name, text in files.items():
            with open(os.path.join(home, name), "w", encoding="utf-8") as f:
                f.write(text)
        term = Terminal(binary, home, args)
        try:
            for line in lines:
                term.type(line)
            status = term.finish()
        except Exception:
            os.kill(term.pid, signal.SIGKILL)
            os.waitpid(term.pid, 0)
            raise
        if status != 0:
            raise AssertionError(f"exit status {status}; screen:\n{term.screen()}")
        screen = render(term.raw)
        while screen and screen[-1] == "":
            screen.pop()
        return screen
    finally:
        shutil.rmtree(home, ignore_errors=True)


def compare(name, screen, expected):
    """True when every screen line matches its expected line."""
    problems = []
    for i in range(max(len(screen), len(expected))):
        got = screen[i] if i < len(screen) else "<missing>"
        want = expected[i] if i < len(expected) else "<nothing more>"
        ok = want.fullmatch(got) if isinstance(want, re.Pattern) else got == want
        if not ok:
            shown = want.pattern if isinstance(want, re.Pattern) else want
            problems.append(f"  line {i + 1}: expected {shown!r}\n           got      {got!r}")
    if problems:
        print(f"FAIL {name}")
        print("\n".join(problems))
        print("  screen:\n    " + "\n    ".join(screen))
        return False
    print(f"ok   {name}")
    return True


HEADER = "move      games  won  drawn lost  score  learn  weight  prob"

GAMES = """[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 1-0

[Result "0-1"]

1. e4 c5 2. Nf3 d6 0-1

[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 1/2-1/2

[Result "1-0"]

1. d4 Nf6 2. c4 e6 1-0
"""

# Crafty's repertoire marks: `!` plays only this move, `?` never this one,
# `{play NN%}` fixes its share, an unmarked move joins the main book's.
REPERTOIRE = """[Result "1-0"]

1. e4 c5! 1-0

[Result "1-0"]

1. d4? 1-0

[Result "1-0"]

1. c4 {play 30%} 1-0
"""


def books_and_san(binary):
    """Book and repertoire built from PGN, `show book`, the engine's book
    replies, and moves in SAN by default at a terminal (then switched off)."""
    screen = session(
        binary,
        {"games.pgn": GAMES, "rep.pgn": REPERTOIRE},
        [
            "book create games.pgn 20",
            "books create rep.pgn 20",
            "show book",
            "e4",
            "Nf3",
            "history",
            "display san off",
            "history",
            "quit",
        ],
    )
    expected = [
        "White(1): book create games.pgn 20",
        re.compile(r"book create: 4/4 \(100%\) normal, \d+\.\d s, about 0\.0 s left"),
        re.compile(r"/.*/books/normal\.nbk: 4 games, 14 positions \(bitboard\)"),
        "White(1): books create rep.pgn 20",
        re.compile(r"book create: 3/3 \(100%\) normal, \d+\.\d s, about 0\.0 s left"),
        re.compile(r"/.*/books/normal\.rep\.nbk: 3 games, 4 positions \(bitboard\)"),
        "White(1): show book",
        HEADER,
        # d4 is marked `?`; c4 joins e4 with its fixed share.
        "e4            2    1      0    1    50%      0   1.500   70%",
        "c4            1    1      0    0   100%      0   1.500   30%",
        "White(1): e4",
        "Black(1): c5",
        "White(2): Nf3",
        "Black(2): d6",
        "White(3): history",
        "  1. e4 c5",
        "  2. Nf3 d6",
        "White(3): display san off",
        "display stats off, changes off, moves off, san off",
        "White(3): history",
        "  1. e2e4 c7c5",
        "  2. g1f3 d7d6",
        "White(3): quit",
    ]
    return compare("books, repertoire marks and SAN at a terminal", screen, expected)


RC = "sd 3\necho read .nightriderrc\nexit\necho not read: after exit\n"


def rc_file_and_thinking(binary):
    """An rc file ending in `exit` (the session goes on), then the engine
    thinking in SAN and mating."""
    screen = session(
        binary,
        {".nightriderrc": RC},
        [
            "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "post",
            "go",
            "quit",
        ],
    )
    thinking = re.compile(r"\s+\d+\s+\d+\.\d\d\s+Mat01\s+\d+  Ra8#")
    expected = [
        "read .nightriderrc",
        "White(1): setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        "White(1): post",
        "White(1): go",
        thinking,
        thinking,
        thinking,
        "White(1): Ra8#",
        "1-0 {White mates}",
        "Black(1): quit",
    ]
    return compare("rc file ending in exit, thinking in SAN", screen, expected)


EPD = '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id "back-rank";\n'
CRAFTY_SUITE = (
    "title fork\nsetboard 1q3k2/8/8/4N3/8/8/8/7K w - - 0 1\nsolution Nd7+\nend\n"
)


def suites(binary):
    """A test suite in EPD and in Crafty's format, progress on the terminal."""
    screen = session(
        binary,
        {"suite.epd": EPD, "crafty.txt": CRAFTY_SUITE},
        ["sd 3", "test suite.epd", "test crafty.txt", "quit"],
    )
    expected = [
        "White(1): sd 3",
        "White(1): test suite.epd",
        "test: 1 position from suite.epd, depth 3",
        re.compile(r"1/1 back-rank: solved, Ra8# \(bm Ra8#\) \(depth 3, .* nodes\)"),
        re.compile(r"test: 1/1 \(100%\) back-rank, \d+\.\d s, about 0\.0 s left"),
        re.compile(r"solved 1 of 1, failed 0 \(time \d+\.\d\d s, nodes \d+\)"),
        "White(1): test crafty.txt",
        "test: 1 position from crafty.txt, depth 3",
        re.compile(r"1/1 fork: solved, Nd7\+ \(bm Nd7\+\) \(depth 3, .* nodes\)"),
        re.compile(r"test: 1/1 \(100%\) fork, \d+\.\d s, about 0\.0 s left"),
        re.compile(r"solved 1 of 1, failed 0 \(time \d+\.\d\d s, nodes \d+\)"),
        "White(1): quit",
    ]
    return compare("test suites in EPD and Crafty's format", screen, expected)


BLUNDER = """[Event "Scholar's mate"]
[White "W"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 (3... d6 {defends e5}) 4. Qxf7# 1-0
"""


def annotation(binary):
    """`annotate` finds the blunder, in the game and in its variation, and writes FILE.can."""
    screen = session(
        binary,
        {"game.pgn": BLUNDER},
        ["sd 2", "annotate game.pgn b 1 3 60", "read game.pgn.can", "history", "quit"],
    )
    expected = [
        "White(1): sd 2",
        "White(1): annotate game.pgn b 1 3 60",
        re.compile(r"annotate: 4/4 \(100%\) 3\.\.\.d6, \d+\.\d s, about 0\.0 s left"),
        re.compile(r"3\.\.\. Nf6: Mat01, Nightrider prefers .* \(depth 2\)"),
        re.compile(r"3\.\.\. d6 in a variation: Mat01, Nightrider prefers .* \(depth 2\)"),
        "annotated 1 game(s), 2 comment(s), written to game.pgn.can",
        "White(1): read game.pgn.can",
        "read game 1 of game.pgn.can: 7 plies of normal",
        "Black(4): history",
        "  1. e4 e5",
        "  2. Qh5 Nc6",
        "  3. Bc4 Nf6",
        "  4. Qxf7#",
        "Black(4): quit",
    ]
    return compare("annotate a game", screen, expected)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/nightrider")
    binary = os.path.abspath(binary)
    checks = [books_and_san, rc_file_and_thinking, suites, annotation]
    failed = []
    for check in checks:
        try:
            ok = check(binary)
        except (OSError, EOFError, TimeoutError, AssertionError) as e:
            print(f"FAIL {check.__name__}: {e}")
            ok = False
        if not ok:
            failed.append(check.__name__)
    print(f"{len(checks) - len(failed)} of {len(checks)} terminal sessions as expected")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
