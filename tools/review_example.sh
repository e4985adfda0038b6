#!/usr/bin/env bash
# Remakes the README's review example and docs/review.png from a real run: one seeded riichi hand
# played by greedy in every seat, reviewed for seat 0 with the riichi player kurita beside (a
# riichi record needs a riichi player: simcat and kf-* play Taiwanese rules only), the HTML report
# screenshotted in headless chromium (which must be installed).
# usage: tools/review_example.sh [path/to/jong]
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
jong="${1:-$root/build/release/jong}"
jong="$(cd "$(dirname "$jong")" && pwd)/$(basename "$jong")"   # absolute: the script changes directory
chromium_bin="$(command -v chromium || command -v chromium-browser)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
"$jong" play --rules riichi --players greedy --hands 1 --seed 7 --log logs >/dev/null
"$jong" review logs/game-000000.jsonl --seat 0 --player kurita --html review.html
"$chromium_bin" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,1500 \
    --screenshot="$root/docs/review.png" "file://$tmp/review.html" 2>/dev/null
echo "wrote docs/review.png" >&2
