#!/usr/bin/env bash
# `jong web` on the loopback: bad input of every kind gets a clear JSON error and never takes
# the server down (malformed JSON and HTTP, unknown games, oversized bodies, wrong methods,
# missing or foreign tokens, illegal and stale actions); a bounded load test of 50 games played
# at once to their end; the riichi marks of the state (red fives and the declaring discard in the
# rivers, furiten, the ura indicators, "your" tile in a result); then, when chromium and a Node
# with WebSocket are present, a browser
# plays a Taiwanese and a riichi hand through the page (tests/web_browser.mjs). Parts skip with a
# message when curl, chromium or node are absent.
# Every wait is on a fresh file or a pid with a deadline (tests/support/wait.sh), and says what it
# awaited when it times out.
# usage: tests/web_test.sh path/to/jong [SCREENSHOT.png]   (the riichi one: SCREENSHOT-riichi.png)
set -u
jong="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shot="${2:-}"
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/support/wait.sh"
if ! command -v curl >/dev/null 2>&1; then
    echo "SKIP web_test: curl is not installed (apt-get install curl)"
    exit 0
fi
tmp="$(mktemp -d)"
# the servers started here (the main one, the limited one, the IPv6 ones): killed on any exit
pid= pid2= pid6=
cleanup() {
    local p
    for p in $pid $pid2 $pid6; do kill -KILL "$p" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL web_test: $*"; [ -f "$tmp/err" ] && tail -5 "$tmp/err"; exit 1; }
# start_server ERRFILE ARGS...: `jong web ARGS` in the background with stderr to ERRFILE (a name
# no earlier server used, made empty first); its pid in $started
start_server() {
    local err="$1"
    shift
    [ -e "$err" ] && fail "start_server: $err was used before"
    : > "$err"
    "$jong" web "$@" 2>> "$err" &
    started=$!
}
# stop_server PID WHAT: SIGTERM, then its exit within the deadline (its status in $stopped)
stop_server() {
    kill -TERM "$1" 2>/dev/null
    local why
    why="$(wait_exit "$1" "$2")" || { kill -KILL "$1" 2>/dev/null; fail "$why"; }
    wait "$1" 2>/dev/null
    stopped=$?
}

# (the load test's 50 clients stand for 50 browsers, which come from 50 addresses: from one, its
# rapid connections outrun the server's count of closed ones under ASan, so the limit per address
# is raised here; the third server below tests that limit)
start_server "$tmp/err" --port 0 --log "$tmp/records" --max-connections-per-address 512
pid=$started
why="$(wait_line "$tmp/err" 'serving on http://127\.0\.0\.1:[0-9]+/' "$pid" "the server's 'serving on' line")" ||
    fail "the server did not start: $why"
port="$(grep -E -m 1 -o '127\.0\.0\.1:[0-9]+' "$tmp/err" | cut -d: -f2)"
[ -n "$port" ] || fail "no port in the server's line: $(head -1 "$tmp/err")"
base="http://127.0.0.1:$port"

# req METHOD PATH [BODY] [TOKEN]: prints "STATUS BODY"
req() {
    local args=(-s -o "$tmp/body" -w '%{http_code}' -X "$1" "$base$2" --max-time 60)
    [ $# -ge 3 ] && [ -n "$3" ] && args+=(--data-binary "$3" -H 'Content-Type: application/json')
    [ $# -ge 4 ] && args+=(-H "X-Jong-Token: $4")
    local code
    code="$(curl "${args[@]}")"
    echo "$code $(cat "$tmp/body")"
}
# expect STATUS TEXT METHOD PATH [BODY] [TOKEN]
expect() {
    local status="$1" text="$2"
    shift 2
    local got
    got="$(req "$@")"
    [ "${got%% *}" = "$status" ] || fail "$*: expected $status, got ${got:0:200}"
    echo "$got" | grep -q -- "$text" || fail "$*: expected '$text' in ${got:0:200}"
}
field() { grep -o "\"$1\":\"\\?[a-z0-9_]*" | head -1 | sed 's/.*:"\?//'; }

# ---- the page and its parts -----------------------------------------------------------------
expect 200 "<title>Jong</title>" GET /
expect 200 "function render" GET /app.js
expect 200 "const Table" GET /table.js
expect 200 "const End" GET /end.js
expect 200 "const Tiles" GET /tiles.js
expect 200 "function el" GET /dom.js
expect 200 "const Analyse" GET /analyze.js
expect 200 "#hand" GET /style.css
expect 200 "<svg" GET /tile/4r.svg
expect 200 "<text" GET /tile/plain/4r.svg
expect 404 "no such tile" GET /tile/x.svg
expect 404 "no such tile" GET /tile/plain/x.svg
expect 200 '"greedy"' GET /api/info
expect 200 '"name":"kurita","summary":"[^"]*","rules":\["riichi"\]' GET /api/info
# players a page cannot seat are not offered: the test player, and the outside bot (it needs a command)
curl -s "$base/api/info" | grep -q '"name":"\(ext\|faulty\)"' && fail "/api/info offers ext or faulty"
grep -q "https\?://[^1]" <(curl -s "$base/" "$base/app.js" "$base/table.js" "$base/end.js" "$base/tiles.js" "$base/dom.js" \
                              "$base/analyze.js" "$base/style.css") && fail "the page refers to another host"

# ---- bad input -----------------------------------------------------------------------------
expect 400 "malformed JSON body: line 1" POST /api/games '{"rules": '
expect 400 "rules: 'mahjong'" POST /api/games '{"rules":"mahjong"}'
expect 400 "players: 'nobody'" POST /api/games '{"players":"nobody"}'
expect 400 "players: 'faulty'" POST /api/games '{"players":"faulty"}'
expect 400 "players: 'ext'" POST /api/games '{"players":"ext"}'
expect 400 "players: kurita plays riichi rules only, not a Taiwanese game" POST /api/games '{"rules":"taiwan","players":"kurita"}'
expect 400 "players: kf-v plays Taiwanese rules only, not a riichi game" POST /api/games '{"rules":"riichi","players":"kf-v"}'
expect 400 "preset: unknown rule preset 'nosuch'" POST /api/games '{"preset":"nosuch"}'
expect 400 "preset: rule preset 'tenhou' is for riichi rules" POST /api/games '{"rules":"taiwan","preset":"tenhou"}'
expect 400 "preset: give a preset's name as a string" POST /api/games '{"preset":7}'
expect 400 "seat: give 0" POST /api/games '{"seat":9}'
expect 400 "hands: give 0" POST /api/games '{"hands":-1}'
expect 400 "must be a JSON object" POST /api/games '[1,2]'
# no body at all: every default (and, under ASan, no leak of the empty request at exit)
expect 201 "\"token\"" POST /api/games
expect 404 "no game 'nosuchgame'" GET /api/games/nosuchgame
expect 404 "no such API call" GET /api/nothing
expect 404 "not found" GET /etc/passwd
expect 405 "use GET/DELETE" PUT /api/games/abc/act '{}'
expect 400 "hand: position 3" POST /api/analyze '{"hand":"123x","rules":"riichi"}'
expect 200 '"shanten"' POST /api/analyze '{"hand":"123m456p789s1122z","rules":"riichi"}'
# the analysis tab's targets table (issue 24): the seven targets with their distances
expect 200 '"name":"seven-pairs","distance":5' POST /api/analyze '{"hand":"123m456p789s1122z","rules":"riichi"}'
# the chances of each discard on request (issue 31): exact rows, the policy asked for, a bad one refused
expect 200 '"policy":"points"' POST /api/analyze '{"hand":"123m456p789s1122z5m","rules":"riichi","chances":true,"policy":"points"}'
expect 200 '"exact":true' POST /api/analyze '{"hand":"123m456p789s1122z5m","rules":"riichi","chances":true}'
expect 400 "policy: give lower, win or points" POST /api/analyze '{"hand":"123m456p789s1122z5m","chances":true,"policy":"best"}'
expect 200 '"exchanges":"1"' POST /api/analyze '{"hand":"123m456p789s1122z5m","chances":true,"policy":"points","exchanges":"1"}'
expect 400 "exchanges: give forward, a number or all" POST /api/analyze '{"hand":"123m456p789s1122z5m","chances":true,"policy":"win","exchanges":"some"}'
big="$(head -c 20000 /dev/zero | tr '\0' 'x')"
expect 413 "too large" POST /api/games "{\"x\":\"$big\"}"
# a body sent in chunks without a length, too large as it arrives
got="$(head -c 40000 /dev/zero | tr '\0' 'x' | curl -s -X POST -H 'Transfer-Encoding: chunked' --data-binary @- "$base/api/games")"
echo "$got" | grep -q "too large" || fail "chunked oversized body: $got"
# not HTTP at all, and a request cut short
if exec 3<>"/dev/tcp/127.0.0.1/$port" 2>/dev/null; then
    printf 'HELLO THERE\r\n\r\n' >&3
    timeout 60 cat <&3 > "$tmp/raw" 2>/dev/null
    exec 3>&-
    grep -q "^HTTP/1.1 400" "$tmp/raw" || fail "garbage request: $(head -c 100 "$tmp/raw")"
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    printf 'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"ru' >&3
    exec 3>&-
    # random bytes, and random bytes after a valid request line
    for i in $(seq 20); do
        exec 3<>"/dev/tcp/127.0.0.1/$port"
        [ $((i % 2)) = 0 ] && printf 'POST /api/games HTTP/1.1\r\n' >&3
        head -c $((i * 97)) /dev/urandom >&3
        exec 3>&-
    done
fi

# ---- a game: tokens, illegal and stale actions ------------------------------------------
out="$(req POST /api/games '{"players":"greedy","seat":0,"hands":1,"seed":11}')"
[ "${out%% *}" = 201 ] || fail "new game: $out"
id="$(echo "$out" | field game)"
token="$(echo "$out" | field token)"
[ ${#token} -eq 32 ] || fail "token '$token' is not 128 bits of hex"
out2="$(req POST /api/games '{"players":"random","seat":2,"hands":1,"seed":12}')"
id2="$(echo "$out2" | field game)"
token2="$(echo "$out2" | field token)"
expect 403 "missing X-Jong-Token" GET "/api/games/$id"
expect 403 "belongs to another browser" GET "/api/games/$id" "" "$token2"
expect 403 "belongs to another browser" POST "/api/games/$id/act" '{"action":0,"decision":0}' "$token2"
expect 403 "belongs to another browser" DELETE "/api/games/$id" "" "$token2"
expect 403 "belongs to another browser" GET "/api/games/$id/record" "" "$token2"
decision="$(req GET "/api/games/$id" "" "$token" | field decision)"
expect 400 "not one of your" POST "/api/games/$id/act" "{\"action\":999,\"decision\":$decision}" "$token"
expect 400 "not one of your" POST "/api/games/$id/act" "{\"action\":-1,\"decision\":$decision}" "$token"
expect 400 "as integers" POST "/api/games/$id/act" '{"action":"discard"}' "$token"
expect 409 "is over" POST "/api/games/$id/act" "{\"action\":0,\"decision\":$((decision + 5))}" "$token"
expect 409 "still being played" POST "/api/games/$id/next" "" "$token"
# nothing of that moved the game
[ "$(req GET "/api/games/$id" "" "$token" | field decision)" = "$decision" ] || fail "a refused action changed the game"
expect 200 '"deleted":true' DELETE "/api/games/$id2" "" "$token2"
expect 404 "no game" GET "/api/games/$id2" "" "$token2"

# play_game ID TOKEN: answers with the first legal action until the game is over (every state
# it saw goes to $tmp/states-ID, one per line)
play_game() {
    local id="$1" token="$2" state decision n=0
    while [ $n -lt 400 ]; do
        n=$((n + 1))
        state="$(curl -s --max-time 60 -H "X-Jong-Token: $token" "$base/api/games/$id")"
        echo "$state" >> "$tmp/states-$id"
        case "$state" in
            *'"state":"game_over"'*) return 0 ;;
            *'"state":"hand_over"'*) curl -s --max-time 60 -X POST -H "X-Jong-Token: $token" "$base/api/games/$id/next" > /dev/null ;;
            *'"state":"waiting"'*)
                decision="$(echo "$state" | field decision)"
                curl -s --max-time 60 -X POST -H "X-Jong-Token: $token" --data-binary "{\"action\":0,\"decision\":$decision}" \
                    "$base/api/games/$id/act" > /dev/null ;;
            *) echo "bad state: ${state:0:200}"; return 1 ;;
        esac
    done
    echo "game $id did not end in 400 requests"
    return 1
}
play_game "$id" "$token" || fail "playing a game"
expect 200 '"state":"game_over"' GET "/api/games/$id" "" "$token"
rec="$(curl -s -H "X-Jong-Token: $token" "$base/api/games/$id/record")"
echo "$rec" > "$tmp/rec.jsonl"
"$jong" replay "$tmp/rec.jsonl" --verify > /dev/null 2>&1 || fail "the game's record does not verify"
[ -f "$tmp/records/web-$id.jsonl" ] || fail "--log wrote no record"

# a rule preset named alone chooses riichi and its options, which the record's header carries
expect 200 '"presets":\[{"name":"tenhou","rules":"riichi","options":""}' GET /api/info
out="$(req POST /api/games '{"preset":"mahjongsoul","players":"greedy","hands":1,"seed":3}')"
[ "${out%% *}" = 201 ] || fail "new game with a preset: $out"
curl -s -H "X-Jong-Token: $(echo "$out" | field token)" "$base/api/games/$(echo "$out" | field game)/record" |
    head -1 | grep -q '"variant":"riichi".*"double_yakuman":"on"' || fail "the mahjongsoul preset is not in the record"

# riichi: a whole game through the API, with its riichi state
out="$(req POST /api/games '{"rules":"riichi","players":"greedy","seat":1,"hands":1,"seed":4}')"
[ "${out%% *}" = 201 ] || fail "new riichi game: $out"
expect 200 '"dora_markers":\[{"tile"' GET "/api/games/$(echo "$out" | field game)" "" "$(echo "$out" | field token)"
play_game "$(echo "$out" | field game)" "$(echo "$out" | field token)" || fail "playing a riichi game"

# riichi marks (seed 1, East: W declares riichi and wins on N's 6s with one ura indicator, 9m):
# red fives and the declaring discard in the rivers, the tiles thrown just as drawn, the person's
# furiten (none here), the ura indicators with the result, whose tile a ron took
out="$(req POST /api/games '{"rules":"riichi","players":"greedy","seat":0,"hands":1,"seed":1}')"
rid="$(echo "$out" | field game)"
play_game "$rid" "$(echo "$out" | field token)" || fail "playing riichi seed 1"
states="$tmp/states-$rid"
grep -q '"claimed":[a-z]*,"red":true,"riichi":false' "$states" || fail "riichi seed 1: no red five in a river"
grep -q '"red":false,"riichi":true' "$states" || fail "riichi seed 1: no declaring discard in a river"
[ "$(tail -1 "$states" | grep -o '"riichi":true,"tsumogiri"' | wc -l)" = 1 ] || fail "riichi seed 1: not one declaring discard at the end"
grep -q '"tsumogiri":true' "$states" || fail "riichi seed 1: no discard marked as the tile drawn"
grep -q '"furiten":\[\]' "$states" || fail "riichi seed 1: no furiten in the state"
grep -q '"furiten":\["' "$states" && fail "riichi seed 1: the person is not furiten in this hand"
last="$(tail -1 "$states")"
echo "$last" | grep -q '"ura_markers":\[{"tile":8,"red":false}\]' || fail "riichi seed 1: ura markers: ${last:0:300}"
echo "$last" | grep -q "\"W wins on N's 6s\",\"2 han 40 fu: riichi 1, tanyao 1\",\"ura-dora indicator: 9m\"" ||
    fail "riichi seed 1: the result: $(echo "$last" | grep -o '"result":[^]]*')"
# seed 6: W wins on the person's 3s ("your", never "you's")
out="$(req POST /api/games '{"rules":"riichi","players":"greedy","seat":0,"hands":1,"seed":6}')"
rid="$(echo "$out" | field game)"
rtoken="$(echo "$out" | field token)"
expect 409 "not over yet" GET "/api/games/$rid/review" "" "$rtoken"
play_game "$rid" "$rtoken" || fail "playing riichi seed 6"
# the end screens' data: the winner's hand, its yaku with their han, the payments; the standings
last="$(tail -1 "$tmp/states-$rid")"
echo "$last" | grep -q '"end":{"wins":\[{"seat":2,"tiles":\[' || fail "riichi seed 6: no winner's hand: ${last:0:300}"
echo "$last" | grep -q '"items":\[{"name":"[a-z ]*","value":[0-9]' || fail "riichi seed 6: no yaku in the end screen"
echo "$last" | grep -q '"deltas":\[' || fail "riichi seed 6: no payments"
echo "$last" | grep -q '"final":{"standings":\[{"seat":' || fail "riichi seed 6: no final standings"
# the review of the finished game: the person's seat as `jong review --html` reports it
expect 200 "<title>Jong review: web game $rid" GET "/api/games/$rid/review" "" "$rtoken"
tail -1 "$tmp/states-$rid" | grep -q '"result":\["W wins on your 3s"' || fail "riichi seed 6: $(tail -1 "$tmp/states-$rid" | grep -o '"result":[^]]*')"
grep -q '"ura_markers":\[\]' "$tmp/states-$rid" || fail "riichi seed 6: no empty ura markers after a win without riichi"
grep -q "you's" "$tmp"/states-* && fail "\"you's\" in a state"

# ---- load: 50 games at once, each to its end (bounded: 1 hand each, 400 requests, 60 s each;
# each game's file $tmp/load-G is new and ends with its "exit N" line)
start=$SECONDS
for g in $(seq 50); do
    (
        o="$(curl -s --max-time 60 -X POST --data-binary "{\"players\":\"greedy\",\"seat\":$((g % 4)),\"hands\":1,\"seed\":$g}" "$base/api/games")"
        play_game "$(echo "$o" | field game)" "$(echo "$o" | field token)" > "$tmp/load-$g" 2>&1
        echo "exit $?" >> "$tmp/load-$g"
    ) &
done
games_ended() { [ "$(cat "$tmp"/load-* 2>/dev/null | grep -c '^exit')" -ge 50 ]; }
why="$(JONG_TEST_WAIT=$((JONG_TEST_WAIT * 3)) wait_until "the 50 games to end ('exit' in each \$tmp/load-G)" \
    'echo "$(cat "$tmp"/load-* 2>/dev/null | grep -c "^exit") of 50 ended"' games_ended)" || fail "load: $why"
[ "$(cat "$tmp"/load-* | grep -c '^exit 0')" -eq 50 ] || fail "load: $(grep -h -v '^exit 0' "$tmp"/load-* | head -3)"
echo "web_test: 50 concurrent games played to their end in $((SECONDS - start)) s"
kill -0 "$pid" 2>/dev/null || fail "the server died"
expect 200 '"greedy"' GET /api/info

# ---- a full server refuses new games (503); a time limit: a decision left unanswered is
# played for the person (pass or tsumogiri)
# played for the person (pass or tsumogiri): the state is asked for until the first decision has
# been played (the server plays it on the first request after the second has passed)
start_server "$tmp/err2" --port 0 --time-limit 1 --max-games 2
pid2=$started
why="$(wait_line "$tmp/err2" 'serving on http://127\.0\.0\.1:[0-9]+/' "$pid2" "the limited server's 'serving on' line")" ||
    fail "--time-limit 1: $why"
base2="http://127.0.0.1:$(grep -E -m 1 -o '127\.0\.0\.1:[0-9]+' "$tmp/err2" | cut -d: -f2)"
o="$(curl -s --max-time 60 -X POST --data-binary '{"players":"greedy","seat":0,"hands":1,"seed":5}' "$base2/api/games")"
echo "$o" | grep -q '"time_left":[01]\.' || fail "no time_left in a limited game: ${o:0:200}"
curl -s --max-time 60 -X POST --data-binary '{"hands":1}' "$base2/api/games" > /dev/null
full="$(curl -s --max-time 60 -w ' %{http_code}' -X POST --data-binary '{"hands":1}' "$base2/api/games")"
echo "$full" | grep -q 'has 2 games open.* 503$' || fail "a full server: $full"
limited_state() {
    o2="$(curl -s --max-time 60 -H "X-Jong-Token: $(echo "$o" | field token)" "$base2/api/games/$(echo "$o" | field game)")"
    d2="$(echo "$o2" | field decision)"
    [ -n "$d2" ] && [ "$d2" -ge 1 ]
}
# (in this shell, not in $(...), so that $o2 is the state that ended the wait)
wait_until "the time limit to play the person's first decision (decision >= 1)" 'echo "${o2:0:200}"' limited_state \
    > "$tmp/why" || fail "the time limit played nothing: $(cat "$tmp/why")"
stop_server "$pid2" "the limited server"
pid2=
echo "$o2" | grep -q "you discard" || fail "the time limit did not discard for the person: ${o2:0:300}"

# ---- hostile pages and clients: a foreign Host (DNS rebinding) and a cross-origin create are
# refused and create nothing; a seat past 32 bits is no seat; a flood of slow-header sockets
# from one address (bounded: 24 sockets trickling a byte a second for 4 s against a limit of 8
# per address) leaves another address served at once, the sockets past the limit closed at once
start_server "$tmp/err3" --port 0 --max-connections-per-address 8
pid2=$started
why="$(wait_line "$tmp/err3" 'serving on http://127\.0\.0\.1:[0-9]+/' "$pid2" "the third server's 'serving on' line")" ||
    fail "--max-connections-per-address 8: $why"
port3="$(grep -E -m 1 -o '127\.0\.0\.1:[0-9]+' "$tmp/err3" | cut -d: -f2)"
base3="http://127.0.0.1:$port3"
hostile() { curl -s --max-time 60 -o "$tmp/body" -w '%{http_code}' "$@"; }
[ "$(hostile -H "Host: rebound.example:$port3" "$base3/api/info")" = 403 ] || fail "a foreign Host was answered"
grep -q "does not answer to that Host" "$tmp/body" || fail "foreign Host: $(cat "$tmp/body")"
[ "$(hostile -H "Host: LOCALHOST:$port3" "$base3/api/info")" = 200 ] || fail "Host localhost was refused"
[ "$(hostile -X POST -H 'Origin: http://evil.example' -H 'Content-Type: text/plain' --data-binary '{"hands":1}' \
    "$base3/api/games")" = 403 ] || fail "a cross-origin create was answered: $(cat "$tmp/body")"
grep -q "another origin is refused" "$tmp/body" || fail "cross-origin create: $(cat "$tmp/body")"
grep -q "jong web: game" "$tmp/err3" && fail "a refused create made a game"
[ "$(hostile -X POST -H "Origin: http://127.0.0.1:$port3" --data-binary '{"hands":1,"seat":4294967298}' \
    "$base3/api/games")" = 400 ] || fail "seat 2^32 + 2 was taken: $(head -c 200 "$tmp/body")"
grep -q "seat: give 0" "$tmp/body" || fail "seat 2^32 + 2: $(cat "$tmp/body")"
[ "$(hostile -X POST -H "Origin: http://127.0.0.1:$port3" --data-binary '{"hands":1}' "$base3/api/games")" = 201 ] ||
    fail "a same-origin create was refused: $(head -c 200 "$tmp/body")"
/usr/bin/python3 - "$port3" > "$tmp/flood" 2>&1 <<'PY' &
import socket, sys, time
port = int(sys.argv[1])
socks, closed_at_once = [], 0
for i in range(24):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET /api/info HTTP/1.1\r\nHo")
    socks.append(s)
time.sleep(0.5)
for s in socks:  # a socket past the limit is closed by the server at once: it reads the end
    s.setblocking(False)
    try:
        closed_at_once += s.recv(1) == b""
    except (BlockingIOError, ConnectionResetError) as e:
        closed_at_once += isinstance(e, ConnectionResetError)
for _ in range(4):
    time.sleep(1)
    for s in socks:
        try:
            s.send(b"s")
        except OSError:
            pass
print("closed at once:", closed_at_once)
PY
flood=$!
sleep 1
t0=$SECONDS
[ "$(hostile --interface 127.0.0.2 "$base3/api/info")" = 200 ] || fail "another address was not served during the flood"
[ $((SECONDS - t0)) -le 2 ] || fail "another address waited $((SECONDS - t0)) s during the flood"
[ "$(hostile "$base3/api/info")" != 200 ] || fail "the flooding address got a ninth connection"
why="$(wait_exit "$flood" "the slow-header flood")" || fail "$why"
grep -q "closed at once: 16" "$tmp/flood" || fail "the flood: $(cat "$tmp/flood")"
echo "web_test: foreign Host, cross-origin create and seat 2^32 + 2 refused; 24 slow sockets from one address held 8"
# a client that trickles its headers a byte every 0.5 s is never silent for the idle timeout;
# the request's own deadline (WEB_REQUEST_SECONDS, 10 s) closes it all the same: well within
# 40 s here, where it could trickle for as long as it liked before
/usr/bin/python3 - "$port3" > "$tmp/trickle" 2>&1 <<'PY'
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"GET /api/info HTTP/1.1\r\nX-Slow: ")
t0 = time.time()
s.settimeout(0.5)
while time.time() - t0 < 40:
    try:
        s.send(b"a")
        if s.recv(1) == b"":
            break
    except socket.timeout:
        pass
    except OSError:
        break
print("closed" if time.time() - t0 < 40 else "still open after 40 s")
PY
grep -q '^closed$' "$tmp/trickle" || fail "a trickling request: $(cat "$tmp/trickle")"
echo "web_test: a request trickling its headers closed at its deadline"
stop_server "$pid2" "the third server"
pid2=

# ---- other hosts: --host ::1 serves on the IPv6 loopback (a game is created and read back
# there); --host :: answers over IPv6 and IPv4; a port in use is one clear line
# there is one stderr file per server ($tmp/err-v6loop, $tmp/err-v6any), each empty before its
# server starts: a wait can never read the line of the server before it
start_server "$tmp/err-v6loop" --port 0 --host ::1
pid6=$started
why="$(wait_line "$tmp/err-v6loop" 'serving on http://\[::1\]:[0-9]+/|cannot listen' "$pid6" "the ::1 server's 'serving on' line")" ||
    fail "--host ::1: $why"
if grep -q "cannot listen on \[::1\]" "$tmp/err-v6loop"; then
    echo "SKIP web_test IPv6 part: this machine cannot listen on ::1 ($(head -1 "$tmp/err-v6loop"))"
    wait_exit "$pid6" "the ::1 server that could not listen" > /dev/null || kill -KILL "$pid6" 2>/dev/null
    wait "$pid6" 2>/dev/null
    pid6=
else
    port6="$(sed -n 's|.*serving on http://\[::1\]:\([0-9]*\)/ .*|\1|p' "$tmp/err-v6loop")"
    [ -n "$port6" ] || fail "--host ::1: no port in its line: $(head -1 "$tmp/err-v6loop")"
    o6="$(curl -sg --max-time 60 -X POST --data-binary '{"players":"greedy","seat":0,"hands":1,"seed":3}' "http://[::1]:$port6/api/games")"
    g6="$(curl -sg --max-time 60 -H "X-Jong-Token: $(echo "$o6" | field token)" "http://[::1]:$port6/api/games/$(echo "$o6" | field game)")"
    stop_server "$pid6" "the ::1 server"
    pid6=
    grep -q "Sanitizer" "$tmp/err-v6loop" && fail "--host ::1: sanitizer report: $(grep -m3 "Sanitizer\|#[0-9] " "$tmp/err-v6loop")"
    echo "$g6" | grep -q '"actions":\[' || fail "--host ::1: no game state over [::1] (port $port6): '${g6:0:200}'; the new game: '${o6:0:200}'"
    start_server "$tmp/err-v6any" --port 0 --host ::
    pid6=$started
    why="$(wait_line "$tmp/err-v6any" 'serving on http://\[::\]:[0-9]+/' "$pid6" "the :: server's 'serving on' line")" ||
        fail "--host ::: $why"
    port6="$(sed -n 's|.*serving on http://\[::\]:\([0-9]*\)/ .*|\1|p' "$tmp/err-v6any")"
    [ -n "$port6" ] || fail "--host ::: no port in its line: $(head -1 "$tmp/err-v6any")"
    a6="$(curl -sg --max-time 60 "http://[::1]:$port6/api/info")"
    a4="$(curl -s --max-time 60 "http://127.0.0.1:$port6/api/info")"
    stop_server "$pid6" "the :: server"
    pid6=
    grep -q "Sanitizer" "$tmp/err-v6any" && fail "--host ::: sanitizer report: $(grep -m3 "Sanitizer\|#[0-9] " "$tmp/err-v6any")"
    echo "$a6" | grep -q '"greedy"' || fail "--host ::: no answer over IPv6 at [::1]:$port6: '${a6:0:200}'"
    echo "$a4" | grep -q '"greedy"' || fail "--host ::: no answer over IPv4 at 127.0.0.1:$port6: '${a4:0:200}'"
fi
# (bounded: were the port free, this server would serve until the time out stops it)
busy="$(timeout 60 "$jong" web --port "$port" 2>&1)"
[ "$busy" = "jong web: cannot listen on 127.0.0.1:$port: Address already in use" ] || fail "a port in use: $busy"

# ---- the page in a browser -------------------------------------------------------------------
chromium_bin="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$chromium_bin" ]; then
    echo "SKIP web_test browser part: chromium is not installed (apt-get install chromium)"
elif ! command -v node >/dev/null 2>&1; then
    echo "SKIP web_test browser part: node is not installed"
elif ! node --experimental-websocket -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' 2>/dev/null &&
     ! node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' 2>/dev/null; then
    echo "SKIP web_test browser part: this node has no WebSocket (node 20.10 or later is needed)"
else
    flag=
    node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' 2>/dev/null || flag=--experimental-websocket
    node $flag "$here/web_browser.mjs" "$chromium_bin" "$base" "${shot:-$tmp/page.png}" || fail "browser test"
fi
kill -0 "$pid" 2>/dev/null || fail "the server died"
# a clean stop on SIGTERM (under ASan: no leak or error reports)
stop_server "$pid" "the main server"
pid=
[ "$stopped" -eq 0 ] || fail "the server exited with status $stopped on SIGTERM"
grep -q "Sanitizer" "$tmp/err" && fail "sanitizer report: $(grep -m3 "Sanitizer\|#[0-9] " "$tmp/err")"
echo "PASS web_test"
