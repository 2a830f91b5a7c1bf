#!/usr/bin/env bash
# Runs every command the README shows, as written, in a fresh clone of this
# repository (its committed state), the way a new user would: each line of
# each ```sh block (backslash continuations and here-documents joined), in order, from the
# clone's root, with no input. Fails if any command fails or times out, or if
# the README has an indented code block (commands belong in ```sh blocks,
# anything else in ```text blocks).
#
# Usage: tests/readme-commands.sh [LOG_DIR]
# Environment: README_SKIP_SETUP=1 skips `tests/setup-and-test.sh` (set by
# that script itself, which runs this one: no recursion); README_TIMEOUT
# seconds per command (default 1800).
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
logs=${1:-$(mktemp -d)}
work=$(mktemp -d)
mkdir -p "$logs"
git clone --quiet "$repo" "$work/nightrider" || { echo "readme-commands: cannot clone $repo"; exit 2; }
cd "$work/nightrider"
python3 - "$logs" <<'PY'
import os, re, subprocess, sys, time
logs = sys.argv[1]
lines = open("README.md").read().split("\n")
commands, problems, fence, prev_blank, heredoc = [], [], None, True, None
for number, line in enumerate(lines, 1):
    if fence is None:
        m = re.match(r"^```\s*(\S*)", line)
        if m:
            fence = m.group(1) or "?"
            if fence == "?":
                problems.append(f"README.md:{number}: code block without a language (```sh runs, ```text does not)")
        elif line.startswith("    ") and line.strip() and prev_blank:
            problems.append(f"README.md:{number}: indented code block; use ```sh for commands, ```text otherwise")
        prev_blank = not line.strip() or (prev_blank and line.startswith("    "))
        continue
    if line.startswith("```"):
        fence = None
        prev_blank = True
        continue
    if fence != "sh":
        continue
    if heredoc:  # the body of a here-document belongs to its command, verbatim
        commands[-1] = (commands[-1][0], commands[-1][1] + "\n" + line)
        if line == heredoc:
            heredoc = None
        continue
    if not line.strip() or line.lstrip().startswith("#"):
        continue
    if commands and commands[-1][1].endswith("\\"):
        commands[-1] = (commands[-1][0], commands[-1][1][:-1] + " " + line.strip())
    else:
        commands.append((number, line.strip()))
    m = re.search(r"<<-?\s*'?\"?(\w+)'?\"?\s*$", line)
    heredoc = m.group(1) if m else None
skip_setup = os.environ.get("README_SKIP_SETUP") == "1"
limit = int(os.environ.get("README_TIMEOUT", "1800"))
ran = failed = 0
for k, (number, command) in enumerate(commands, 1):
    if skip_setup and command == "tests/setup-and-test.sh":
        print(f"skip  README.md:{number}  {command}  (the script running this check)")
        continue
    log = os.path.join(logs, f"readme-{k:02d}.log")
    start = time.time()
    with open(log, "w") as out:
        out.write(f"$ {command}\n")
        out.flush()
        try:
            rc = subprocess.run(["bash", "-c", command], stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, timeout=limit).returncode
        except subprocess.TimeoutExpired:
            rc = f"timeout after {limit} s"
    ran += 1
    verdict = "ok  " if rc == 0 else "FAIL"
    failed += rc != 0
    shown = command.splitlines()[0] + (" ..." if "\n" in command else "")
    print(f"{verdict}  README.md:{number}  {shown}  ({time.time() - start:.0f} s)")
    if rc != 0:
        tail = open(log, errors="replace").read().splitlines()[-8:]
        print("      exit " + str(rc) + "; last lines of " + log + ":\n      " + "\n      ".join(tail))
for p in problems:
    print("FAIL  " + p)
print(f"readme-commands: {ran - failed} of {ran} commands passed" + ("" if not problems else f", {len(problems)} README problems"))
sys.exit(1 if failed or problems else 0)
PY
status=$?
rm -rf "$work"
exit $status
