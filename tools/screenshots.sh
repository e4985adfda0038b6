#!/usr/bin/env bash
# Remakes the README's screenshots from real runs: docs/terminal.png, docs/terminal-result.png
# and docs/terminal-unicode.png (the terminal table in an 80x24 tmux pane: ASCII tiles in
# colour, the default; the end of the hand; Unicode tiles with --unicode, which needs a font with
# the glyphs, Debian's fonts-symbola; captured with its colours and rendered by tools/tty_html.py)
# and the page of `jong web` in headless chromium, by
# tests/web_browser.mjs: docs/web.png (a Taiwanese hand at 1,920 px), docs/web-narrow.png (the
# same at 400 px), docs/web-riichi.png (a riichi hand after the player's riichi), docs/web-end.png
# (its win) and docs/web-final.png (the final standings at 400 px).
# Needs tmux, chromium, python3 and node (20.10 or later); fonts-symbola for the Unicode shot.
# usage: tools/screenshots.sh [path/to/jong]
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
jong="$(cd "$(dirname "${1:-$root/build/release/jong}")" && pwd)/$(basename "${1:-jong}")"
[ -x "$jong" ] || jong="$root/build/release/jong"
chromium_bin="$(command -v chromium || command -v chromium-browser)"
tmp="$(mktemp -d)"
sock="jong-shot-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null; kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
pid=

# the terminal (shoot NAME MOVES OPTIONS...): seed 5, you in the South seat, MOVES discards of
# the drawn tile (passing on claims; 0: until the hand is over), hint on
shoot() {
    local name="$1" moves="$2"
    shift 2
    tmux -L "$sock" kill-server 2>/dev/null || true
    sleep 0.2
    tmux -L "$sock" new-session -d -s t -x 80 -y 24 \
        "LC_ALL=C.UTF-8 TERM=xterm-256color $jong play --human S --players greedy --hands 1 --seed 5 --hint --log $tmp $*; sleep 30"
    sleep 1
    local n=0
    while :; do
        n=$((n + 1))
        if [ "$moves" -gt 0 ]; then [ $n -gt "$moves" ] && break
        elif tmux -L "$sock" capture-pane -p -t t | grep -q "hand over\|game is over" || [ $n -gt 300 ]; then break; fi
        local key
        key="$(tmux -L "$sock" capture-pane -p -t t | grep -A1 '^hand  ' | tail -1 | tr -s ' ' '\n' | grep -E '^[a-q]$' | tail -1 || true)"
        if tmux -L "$sock" capture-pane -p -t t | grep -q "0 pass"; then key=0; fi
        tmux -L "$sock" send-keys -t t "${key:-0}"
        sleep 0.3
    done
    sleep 0.3
    tmux -L "$sock" capture-pane -e -p -t t > "$tmp/screen.txt"
    python3 "$root/tools/tty_html.py" < "$tmp/screen.txt" > "$tmp/screen.html"
    "$chromium_bin" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=830,535 \
        --screenshot="$root/docs/$name" "file://$tmp/screen.html" 2>/dev/null
    echo "wrote docs/$name"
}
shoot terminal.png 6
shoot terminal-result.png 0
# the glyphs need a font that has them (Debian's fonts-symbola): without one they are boxes
if fc-list ':charset=1f004' 2>/dev/null | grep -q .; then
    shoot terminal-unicode.png 6 --unicode
else
    echo "docs/terminal-unicode.png not remade: no font with the mahjong glyphs (apt-get install fonts-symbola)"
fi

# the page: games started from the form and played a few clicks into the hand (the riichi one
# just after the player's riichi)
"$jong" web --port 0 2> "$tmp/err" &
pid=$!
for _ in $(seq 100); do grep -q "serving on" "$tmp/err" && break; sleep 0.05; done
base="http://$(grep -o '127.0.0.1:[0-9]*' "$tmp/err" | head -1)"
flag=
node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' 2>/dev/null || flag=--experimental-websocket
node $flag "$root/tests/web_browser.mjs" "$chromium_bin" "$base" "$root/docs/web.png"
echo "wrote docs/web.png, web-narrow.png, web-riichi.png, web-end.png and web-final.png"
