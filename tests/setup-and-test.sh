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
cargo fmt --all -- --check
cargo clippy --all-targets -- -D warnings
cargo test --release
