#!/usr/bin/env bash
# The web server's threads under ThreadSanitizer (run by tests/run_all.sh on build/tsan): a full
# server (--max-games 4) with 8 clients at once, each creating games (so that making room scans
# every game) and asking for their states (so that other requests use those games) for a bounded
# number of rounds. Any report of ThreadSanitizer stops the server with status 66 and fails the
# test, showing the report's first lines. (TSan found the race on a game's last use this way.)
# usage: tests/web_race_test.sh path/to/jong   (a -fsanitize=thread build: make MODE=tsan build/tsan/jong)
set -u
jong="$1"
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/support/wait.sh"
command -v curl >/dev/null 2>&1 || { echo "SKIP web_race_test: curl is not installed"; exit 0; }
tmp="$(mktemp -d)"
pid=
trap '[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL web_race_test: $*"; grep -A 12 ThreadSanitizer "$tmp/err" | head -30; exit 1; }
: >"$tmp/err"
TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$jong" web --port 0 --max-games 4 2>>"$tmp/err" &
pid=$!
why="$(wait_line "$tmp/err" 'serving on http://127\.0\.0\.1:[0-9]+/' "$pid" "the server's 'serving on' line")" ||
    fail "the server did not start: $why"
base="http://127.0.0.1:$(grep -E -m 1 -o '127\.0\.0\.1:[0-9]+' "$tmp/err" | cut -d: -f2)"
client() {
    local i id token
    for i in $(seq 6); do
        o="$(curl -s --max-time 60 -X POST --data-binary "{\"players\":\"random\",\"hands\":1,\"seed\":$1$i}" "$base/api/games")"
        id="$(echo "$o" | grep -o '"game":"[0-9a-f]*' | cut -d'"' -f4)"
        token="$(echo "$o" | grep -o '"token":"[0-9a-f]*' | cut -d'"' -f4)"
        for _ in 1 2 3 4 5; do
            [ -n "$id" ] && curl -s --max-time 60 -o /dev/null -H "X-Jong-Token: $token" "$base/api/games/$id"
        done
    done
    echo done >"$tmp/client-$1"
}
for c in 1 2 3 4 5 6 7 8; do client "$c" & done
clients_done() { [ "$(ls "$tmp"/client-* 2>/dev/null | wc -l)" -ge 8 ] || ! kill -0 "$pid" 2>/dev/null; }
why="$(wait_until "the 8 clients to end" 'echo "$(ls "$tmp"/client-* 2>/dev/null | wc -l) of 8 ended"' clients_done)" ||
    fail "$why"
kill -0 "$pid" 2>/dev/null || { wait "$pid"; fail "the server stopped (status $?)"; }
kill -TERM "$pid"
why="$(wait_exit "$pid" "the server's stop")" || fail "$why"
wait "$pid"
status=$?
pid=
[ "$status" -eq 0 ] || fail "the server ended with status $status"
grep -q ThreadSanitizer "$tmp/err" && fail "a ThreadSanitizer report"
echo "web_race_test: 8 clients, 48 games made and 240 states asked on a full server: no race"
echo "PASS web_race_test"
