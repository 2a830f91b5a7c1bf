#!/usr/bin/env bash
# The README's test command, and what CI runs (.ci/run): installs what the
# tests need on a fresh Debian machine, then checks formatting and lints,
# runs the whole test suite, the bench signature (the node count in
# tests/data/bench.txt), `check fmax.ini`, console sessions on a pseudo-terminal
# (tests/console-pty.py), the fuzzer in its CI mode
# (docs/fuzzing.md), XBoard matches against Fairy-Max and every command of
# the README in a fresh clone. Every step runs even if an earlier one
# failed; the last line is `N passed, M failed` (test cases plus one per
# further check); the exit status is 1 if anything failed.
#
# Environment: SKIP_E2E=1 leaves out the XBoard matches and the README
# commands (the slow, real-client part).
set -uo pipefail
cd "$(dirname "$0")/.."
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export PATH=$PATH:/usr/games

# Debian packages: fairymax (its fmax.ini and the match opponent), xboard and
# xvfb (the real-client matches), polyglot (XBoard playing Nightrider's UCI
# side), stockfish and fairy-stockfish (docs/speed.md's speed comparison),
# python3-pip for python-chess.
need=()
[ -f /usr/share/games/fairymax/fmax.ini ] || need+=(fairymax)
command -v stockfish >/dev/null || need+=(stockfish)
command -v fairy-stockfish >/dev/null || need+=(fairy-stockfish)
command -v xboard >/dev/null || need+=(xboard)
command -v xvfb-run >/dev/null || need+=(xvfb)
command -v polyglot >/dev/null || need+=(polyglot)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
if [ ${#need[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
# tests/xboard.rs plays games through python-chess's XBoard client (tests/pychess_games.py).
python3 -c 'import chess.engine' 2>/dev/null || python3 -m pip install --quiet chess \
  || python3 -m pip install --quiet --break-system-packages chess

passed=0; failed=0
check() {  # check NAME COMMAND...: runs one further check and counts it
  local name=$1; shift
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "== FAILED: $name"; fi
}

check "cargo fmt --check" cargo fmt --all -- --check
check "cargo clippy" cargo clippy --workspace --all-targets -- -D warnings

log=$(mktemp)
cargo test --release --workspace --no-fail-fast 2>&1 | tee "$log"
tests_status=${PIPESTATUS[0]}
read -r tp tf < <(awk '/^test result:/ { p += $4; f += $6 } END { print p + 0, f + 0 }' "$log")
rm -f "$log"
passed=$((passed + tp)); failed=$((failed + tf))
# A build failure or crash leaves no `test result` line to count.
[ "$tests_status" -ne 0 ] && [ "$tf" -eq 0 ] && failed=$((failed + 1))

bench_signature() {  # `nightrider bench` must print the node count of tests/data/bench.txt
  local want got
  want=$(tr -d '[:space:]' < tests/data/bench.txt)
  got=$(target/release/nightrider bench 2>&1 | grep -o 'Nodes searched: [0-9]*' | grep -o '[0-9]*$')
  echo "bench: tests/data/bench.txt says ${want:-nothing}, bench searched ${got:-nothing}"
  [ -n "$want" ] && [ "$want" = "$got" ]
}
polyglot_games() {  # XBoard drives Nightrider's UCI side through Debian's polyglot adapter
  local dir=$1
  mkdir -p "$dir"
  printf '[PolyGlot]\nEngineName = Nightrider\nEngineDir = %s\nEngineCommand = %s\nBook = false\nLog = true\nLogFile = %s\n' \
    "$PWD" "$PWD/target/release/nightrider" "$dir/polyglot.log" > "$dir/polyglot.ini"
  VARIANTS=normal GAMES=2 tests/xboard-matches.sh "$(command -v polyglot) $dir/polyglot.ini" "$dir/matches"
}
cargo build --release --workspace --quiet
check "python unit tests of tools/" python3 -m unittest discover -s tools -p 'test_*.py'
check "bench signature" bench_signature
check "nightrider check fmax.ini" target/release/nightrider check fmax.ini
# The console as a person sees it, on a pseudo-terminal (a few seconds).
check "console on a pseudo-terminal" python3 tests/console-pty.py target/release/nightrider
# About two minutes of fuzzing, the same inputs every run (docs/fuzzing.md).
check "nightrider-fuzz --ci" target/release/nightrider-fuzz --ci --seed 22 --out target/fuzz-ci

if [ "${SKIP_E2E:-0}" != 1 ]; then
  out=$(mktemp -d)
  check "XBoard matches against Fairy-Max" tests/xboard-matches.sh target/release/nightrider "$out/matches"
  check "XBoard games through polyglot (UCI)" polyglot_games "$out/polyglot"
  check "README commands in a fresh clone" env README_SKIP_SETUP=1 tests/readme-commands.sh "$out/readme"
fi

# One closing line for every runner: the totals of all tests and checks.
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
