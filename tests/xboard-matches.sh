#!/usr/bin/env bash
# End-to-end test through the real client: XBoard 4.9 (-noGUI, under xvfb-run)
# plays Nightrider against Fairy-Max, 2 games per variant (colours alternate),
# and the test fails on any illegal move, time forfeit, crash, false claim or
# unfinished game that is Nightrider's doing (read from the PGN and from
# XBoard's debug log, where XBoard notes the claims it judged false), on any
# `Error`/`Illegal move` line or panic from Nightrider, and on a match that
# saved fewer games than it played.
#
# Usage: tests/xboard-matches.sh [ENGINE] [OUT_DIR]
#   ENGINE   Nightrider's command line, default target/release/nightrider (run in
#            the repository, where fmax.ini and variants/ are found)
#   OUT_DIR  where PGNs, XBoard debug logs and stderr go (default: a temp dir)
# Environment: VARIANTS (default "normal capablanca shatranj"), GAMES (2),
#   TC (XBoard -tc, default 0:06), INC (0.05), OPPONENT (default Fairy-Max through
#   tests/fairymax-xboard, which keeps XBoard's `computer` from it; its
#   working directory is the log directory, so give absolute paths).
# Needs Debian packages xboard, xvfb and fairymax (tests/setup-and-test.sh installs them).
#
# XBoard at the end of a -matchGames match pops up "Match ... final score"
# and, under -noGUI with a virtual display, waits for someone to close it
# (dialogs.c DisplayFatalError with popupExitMessage on): that was the
# "XBoard does not exit after the last game" of issue 4; both engines had
# answered the final `ping`. -popupExitMessage false makes it exit at once;
# the timeout stays as a guard, and the score is read from the PGN either way.
set -u
cd "$(dirname "$0")/.."
engine=${1:-target/release/nightrider}
opponent=${OPPONENT:-$PWD/tests/fairymax-xboard}
out=${2:-$(mktemp -d)}
variants=${VARIANTS:-normal capablanca shatranj}
games=${GAMES:-2}; tc=${TC:-0:06}; inc=${INC:-0.05}
export PATH=$PATH:/usr/games
for tool in xboard xvfb-run ${opponent%% *}; do
  command -v $tool >/dev/null || { echo "xboard-matches: $tool missing (apt-get install xboard xvfb fairymax)"; exit 2; }
done
[ -x "${engine%% *}" ] || { echo "xboard-matches: no engine at ${engine%% *} (cargo build --release)"; exit 2; }
mkdir -p "$out"
failed=0
for variant in $variants; do
  dir="$out/$variant"; rm -rf "$dir"; mkdir -p "$dir"
  start=$(date +%s)
  # The limit: every game at most 300 moves a side at full time, plus start-up.
  limit=$(( games * 2 * (10 + 300 / 20) + 60 ))
  timeout "$limit" xvfb-run -a xboard -noGUI -popupExitMessage false -xponder \
    -fcp "$engine" -fd "$PWD" -scp "$opponent" -sd "$dir" \
    -variant "$variant" -matchGames "$games" -tc "$tc" -inc "$inc" -autoCallFlag true \
    -saveGameFile "$dir/games.pgn" -debug -nameOfDebugFile "$dir/xboard-debug.log" \
    >"$dir/xboard-stderr.log" 2>&1
  status=$?
  [ $status -eq 124 ] && echo "xboard-matches: $variant: XBoard still running after ${limit}s, stopped"
  python3 - "$dir" "$variant" "$games" "$(( $(date +%s) - start ))" <<'PY' || failed=1
import re, sys
out, variant, games, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
BAD = re.compile(r"illegal|false|forfeit|crash|exit|disconnect|on time|stall|abort", re.I)
problems, score = [], {"first": 0.0, "second": 0.0}
try:
    pgn = open(f"{out}/games.pgn", errors="replace").read()
except OSError:
    pgn = ""
played = ["[Event " + g for g in pgn.split("[Event ")[1:]]
for n, game in enumerate(played, 1):
    tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
    result = tags.get("Result", "*")
    white, black = tags.get("White", "?"), tags.get("Black", "?")
    ours = "white" if white.startswith("Nightrider") else "black" if black.startswith("Nightrider") else None
    mine = {"white": white.startswith("Nightrider"), "black": black.startswith("Nightrider")}
    end = re.search(r"\{([^}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$", game.strip())
    reason = end.group(1) if end else ""
    if ours is None:
        problems.append(f"game {n}: Nightrider not among {white} / {black}")
        continue
    loser = {"1-0": "black", "0-1": "white"}.get(result)
    if result == "*":
        problems.append(f"game {n}: unfinished ({reason})")
    elif BAD.search(reason):
        if (loser and mine[loser]) or (loser is None and "nightrider" in reason.lower()):
            problems.append(f"game {n}: Nightrider ({loser or ours}) lost by: {reason}")
        else:
            print(f"  note: game {n}: the opponent's fault: {reason}")
    points = {"1-0": (1, 0), "0-1": (0, 1)}.get(result, (0.5, 0.5))
    score["first"] += points[0] if ours == "white" else points[1]
    score["second"] += points[1] if ours == "white" else points[0]
    print(f"  game {n}: {white} - {black} {result} {{{reason}}}")
if len(played) != games:
    problems.append(f"{len(played)} of {games} games were saved")
log = open(f"{out}/xboard-debug.log", errors="replace").read() if played else ""
claimer = None  # XBoard may rewrite a judged claim's PGN comment (" but bare king"): read its log
for line in log.splitlines():
    if re.match(r"\d+ <first : (Error|Illegal move)", line):
        problems.append(f"Nightrider said: {line.split(': ', 1)[1]}")
    m = re.match(r"\d+ <(first |second): (1-0|0-1|1/2-1/2)\b", line)
    if m:
        claimer = m.group(1).strip()
    m = re.search(r"False (win|draw) claim: '[^']*'", line)
    if m and claimer:
        if claimer == "first":
            problems.append(f"XBoard judged Nightrider's claim false: {m.group(0)}")
        else:
            print(f"  note: XBoard judged the opponent's claim false: {m.group(0)}")
        claimer = None
stderr = open(f"{out}/xboard-stderr.log", errors="replace").read()
if "panicked" in stderr:
    problems.append("Nightrider panicked (see xboard-stderr.log)")
final = re.search(r"final score (\d+)-(\d+)-(\d+)", stderr)
print(f"{variant}: Nightrider {score['first']:g} - {score['second']:g} opponent in {seconds} s"
      + ("" if final else " (XBoard printed no final score)"))
for p in problems:
    print(f"  FAIL {variant}: {p}")
sys.exit(1 if problems else 0)
PY
done
[ $failed -eq 0 ] && echo "xboard-matches: all passed (logs in $out)" || echo "xboard-matches: FAILED (logs in $out)"
exit $failed
