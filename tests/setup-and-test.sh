#!/usr/bin/env bash
# The README's test command: installs the reference programs the tests use
# (Debian: fairymax for its fmax.ini), then runs lint and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
if ! [ -f /usr/share/games/fairymax/fmax.ini ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq fairymax >/dev/null
fi
# tests/xboard.rs plays games through python-chess's XBoard client (tests/pychess_games.py).
python3 -c 'import chess.engine' 2>/dev/null || python3 -m pip install --quiet chess
cargo fmt --all -- --check
cargo clippy --all-targets -- -D warnings
log=$(mktemp)
cargo test --release 2>&1 | tee "$log"
# One closing line for every runner: the totals of all test binaries.
awk '/^test result:/ { p += $4; f += $6 } END { printf "%d passed, %d failed\n", p, f }' "$log"
rm -f "$log"
