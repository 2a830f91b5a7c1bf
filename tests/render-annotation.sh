#!/bin/sh
# Documented check that `annotateh` diagrams render: annotates two short
# games (capablanca 10x8, xiangqi 9x10), then has headless Chromium take a
# screenshot of the page. Look at the PNG: two boards with light and dark
# squares, lettered discs for the pieces, files and ranks, a caption each.
# (tests/console_tools.rs checks the same page automatically with
# `chromium --dump-dom` when Chromium is installed.)
# Usage: tests/render-annotation.sh [OUT.png]   (default /tmp/nightrider-annotation.png)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-/tmp/nightrider-annotation.png}
work=$(mktemp -d)
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
cat > "$work/games.pgn" <<'PGN'
[Event "capablanca blunder"]
[White "A"]
[Black "B"]
[Variant "capablanca"]
[FEN "4k5/10/10/5A4/1r8/10/10/9K w - - 0 1"]

1. j1i1 *

[Event "xiangqi blunder"]
[White "C"]
[Black "D"]
[Variant "xiangqi"]
[FEN "3akab2/9/9/r8/9/9/9/9/9/R2K5 w - - 0 1"]

1. a0b0 *
PGN
cd "$work"
printf 'sd 3\nannotateh games.pgn w 1 3 60\n' |
    "$root/target/release/nightrider" --ini "$root/fmax.ini" 2>/dev/null
chromium --headless --no-sandbox --disable-gpu --screenshot="$out" \
    --window-size=900,1500 "file://$work/games.pgn.html" 2>/dev/null
echo "page: $work/games.pgn.html"
echo "screenshot: $out"
