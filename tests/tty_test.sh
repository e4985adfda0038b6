#!/usr/bin/env bash
# The terminal table driven through tmux: a person plays one whole Taiwanese hand in an 80x24
# pane (send-keys, capture-pane), discarding the tile just drawn and passing on claims; the
# screen is checked at each step (header, seats, hand with keys, legal actions only, width),
# an illegal key is refused, the result screen is shown, the record replays and verifies.
# Riichi: a hand, and the marks a riichi player needs (red fives and the declaring discard in the
# rivers, the ura indicators, "your" tile in a result). The result says the win once, with the
# winner's hand under it. ASCII tiles unless --unicode (or JONG_TILES=unicode) asks for the
# glyphs; the terminal's width used (a 132-column pane shows lines past 80, a 60-column one
# wraps within 60); then the Unicode screen, quitting in the middle, and the time limit.
# Every wait (for a text on the screen, for the screen to change after a key, for jong's exit
# status in a new file) has the deadline of tests/support/wait.sh and names what it awaited.
# usage: tests/tty_test.sh path/to/jong    (skips, with a message, when tmux is absent)
set -u
jong="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
. "$(cd "$(dirname "$0")" && pwd)/support/wait.sh"
if ! command -v tmux >/dev/null 2>&1; then
    echo "SKIP tty_test: tmux is not installed (apt-get install tmux)"
    exit 0
fi
tmp="$(mktemp -d)"
# each game gets its own tmux server (a new one on a socket being shut down can fail)
run=0
tm() { tmux -L "jong-tty-$$-$run" "$@"; }
cleanup() { tm kill-server >/dev/null 2>&1; rm -rf "$tmp"; }
trap cleanup EXIT
fail() {
    echo "FAIL tty_test: $*"
    echo "--- screen:"
    cat "$tmp/screen" 2>/dev/null
    exit 1
}
screen() { tm capture-pane -p -t t > "$tmp/screen"; }
has() { grep -q -- "$1" "$tmp/screen"; }
# start NAME ARGS...: the game in a fresh pane of $cols x $rows (80x24 unless set), $tiles_env
# before the command; the pane stays after the program ends (its
# exit status goes to $tmp/rc, removed first so that no earlier game's status is read)
start() {
    tm kill-server >/dev/null 2>&1
    rm -f "$tmp/rc" "$tmp/err"
    run=$((run + 1))
    local locale="$1"
    shift
    tm new-session -d -s t -x "${cols:-80}" -y "${rows:-24}" \
        "LC_ALL=$locale TERM=xterm ${tiles_env:-} $jong play --human S --players greedy --log $tmp $* 2> $tmp/err; echo EXIT \$? > $tmp/rc; sleep 60"
    tm set-option -g remain-on-exit on >/dev/null 2>&1
}
# finished: waits for jong to exit, then the pane shows its summary
finished() {
    local why
    why="$(wait_until "jong to exit (its status in \$tmp/rc)" 'tail -n 1 "$tmp/err" 2>/dev/null' test -s "$tmp/rc")" ||
        { screen; fail "$why"; }
    screen
    grep -q "^EXIT 0" "$tmp/rc" || fail "jong did not exit 0: $(cat "$tmp/rc" "$tmp/err")"
    rm -f "$tmp/rc"
}
# wait_for TEXT: TEXT on the screen (a grep pattern), within the deadline, while jong runs
wait_for() {
    local start=$SECONDS ended
    while :; do
        ended=0
        [ -s "$tmp/rc" ] && ended=1
        screen
        has "$1" && return 0
        [ "$ended" = 1 ] &&
            fail "jong ended ($(cat "$tmp/rc")) before '$1' was on the screen: $(tail -n 1 "$tmp/err" 2>/dev/null)"
        [ $((SECONDS - start)) -ge "$JONG_TEST_WAIT" ] &&
            fail "timed out after $JONG_TEST_WAIT s waiting for '$1' on the screen (the screen is below)"
        sleep 0.1
    done
}

# play_hand: discard the tile just drawn, pass on claims, until the hand is over (each screen
# seen is added to $tmp/screens). A step is one key; after each key the screen must change (so
# that no key is sent twice to one prompt), and between keys a prompt or the hand's end must come,
# each within the deadline.
play_hand() {
    local steps=0 idle=$SECONDS
    : > "$tmp/screens"
    while :; do
        [ "$steps" -lt 200 ] || fail "the hand did not end in 200 steps"
        screen
        cat "$tmp/screen" >> "$tmp/screens"
        [ "$(wc -l < "$tmp/screen")" -le 24 ] || fail "more than 24 lines"
        awk 'length($0) > 80 { exit 1 }' "$tmp/screen" || fail "a line wider than 80 columns"
        if has "hand over\|the game is over"; then
            break
        elif has "your turn\|not a legal action now"; then
            # the key line under the hand: its last letter is the tile just drawn
            keys="$(grep -A1 "^hand  " "$tmp/screen" | tail -1)"
            key="$(echo "$keys" | tr -s ' ' '\n' | grep -E '^[a-q]$' | tail -1)"
            [ -n "$key" ] || fail "no discard keys under the hand"
            tm send-keys -t t "$key"
        elif has "0 to pass\|0 or space: pass"; then
            has "^0 pass\|   0 pass" || fail "pass offered in the prompt but not listed"
            key=0
            tm send-keys -t t 0
        else
            [ -s "$tmp/rc" ] && fail "jong ended ($(cat "$tmp/rc")) in the middle of the hand: $(tail -n 1 "$tmp/err")"
            [ $((SECONDS - idle)) -ge "$JONG_TEST_WAIT" ] &&
                fail "timed out after $JONG_TEST_WAIT s waiting for a prompt or the hand's end after step $steps (the screen is below)"
            sleep 0.1
            continue
        fi
        steps=$((steps + 1))
        # wait until the screen changes
        local sent=$SECONDS
        while :; do
            sleep 0.05
            tm capture-pane -p -t t > "$tmp/screen2"
            cmp -s "$tmp/screen" "$tmp/screen2" || break
            [ $((SECONDS - sent)) -ge "$JONG_TEST_WAIT" ] &&
                fail "timed out after $JONG_TEST_WAIT s waiting for the screen to change after key '$key' (step $steps; the screen is below)"
        done
        idle=$SECONDS
    done
}

# ---- one whole hand in ASCII ---------------------------------------------------------------
start C.UTF-8 --hands 1 --seed 5 --ascii --no-colour
wait_for "Q: quit"
has "Jong  taiwan  game 1 hand 1" || fail "no header"
has "wall [0-9]" || fail "no wall count"
grep -q "^S  you" "$tmp/screen" || fail "no line for the person's seat"
[ "$(grep -c "^[ESWN][* ] " "$tmp/screen")" -eq 4 ] || fail "not four seat lines"
has "^hint:" && fail "the hint line is shown before ? asks for it"
tm send-keys -t t '?'
wait_for "^hint: discard [0-9][mps]: \|^hint: discard [ESWNPFC]: \|^hint: win by self-draw"
tm send-keys -t t z
wait_for "that key is not a legal action now"
play_hand
screen
has "wins\|exhausted" || fail "the result screen names no winner and no draw"
has "you [+-][0-9]" || fail "the result screen shows no score change for you"
# the win said once, the winner's hand under it with the winning tile after '+'
[ "$(grep -c " wins\? on \| wins\? by " "$tmp/screen")" -le 1 ] || fail "the win is told twice: $(cat "$tmp/screen")"
if has " wins\? on \| wins\? by "; then
    grep -A1 " wins\? on \| wins\? by " "$tmp/screen" | tail -1 | grep -q "^  [A-Za-z]* .* + [0-9ESWNPFCf]" ||
        fail "no winner's hand under the win: $(cat "$tmp/screen")"
fi
tm send-keys -t t Enter
finished
has "seed 5: 1 hand; record $tmp/human-5.jsonl" || fail "no summary"
"$jong" replay "$tmp/human-5.jsonl" --verify > "$tmp/replay" 2>&1 || fail "replay: $(cat "$tmp/replay")"
grep -q '"human"' "$tmp/human-5.jsonl" || fail "the record does not name the human seat"

# ---- riichi: a whole hand, the riichi separator line, the result, the record -------------
start C.UTF-8 --rules riichi --hands 1 --seed 8 --ascii --no-colour
wait_for "Jong  riichi  game 1 hand 1"
has "dora" || fail "riichi: the table shows no dora indicator"
play_hand
has "wins\|exhausted\|draw" || fail "riichi: the result screen names no winner and no draw"
tm send-keys -t t Enter
finished
"$jong" replay "$tmp/human-8.jsonl" --verify > "$tmp/replay" 2>&1 || fail "riichi replay: $(cat "$tmp/replay")"

# ---- riichi marks (seed 10: N declares riichi, red fives are thrown, N wins on E's F with one
# ura indicator, 9s): red fives as 0m/0p/0s and '>' before the declaring discard in the rivers
# (the lines under each seat's line), the ura indicator on the result screen
start C.UTF-8 --rules riichi --hands 1 --seed 10 --ascii --no-colour
wait_for "Jong  riichi  game 1 hand 1"
play_hand
grep -q "^   .* 0[mps] " "$tmp/screens" || fail "riichi seed 10: no red five in a river"
grep -q "^   .* >[1-9ESWNPFC0]" "$tmp/screens" || fail "riichi seed 10: no discard marked as declaring riichi"
[ "$(grep "^N  " "$tmp/screens" | grep -c "riichi")" -gt 0 ] || fail "riichi seed 10: N never shown in riichi"
has "^N wins on E's F" || fail "riichi seed 10: the result names no win of N on E's F"
has "^ura-dora indicator: 9s" || fail "riichi seed 10: no ura indicator on the result screen"
tm send-keys -t t Enter
finished
# seed 6: E wins on the person's 7s ("your", not "you's")
start C.UTF-8 --rules riichi --hands 1 --seed 6 --ascii --no-colour
wait_for "Jong  riichi  game 1 hand 1"
play_hand
has "^E wins on your 7s" || fail "riichi seed 6: the result does not say 'E wins on your 7s'"
tm send-keys -t t Enter
finished

# ---- ASCII unless asked: no Unicode glyph without --unicode, even in a UTF-8 locale ---------
start C.UTF-8 --hands 1 --seed 6
wait_for "Q: quit"
grep "^hand  " "$tmp/screen" | grep -q $'\xf0' && fail "Unicode tiles without --unicode"
grep -q "^hand  [0-9][mps] " "$tmp/screen" || fail "no ASCII hand by default"
tm send-keys -t t C-c
finished

# ---- the terminal's width: a wide pane shows whole lines past 80 columns, a narrow one wraps
# rather than cuts (the hand and its keys in rows that fit) -------------------------------
cols=132 rows=30 start C.UTF-8 --hands 1 --seed 5 --hint
wait_for "Q: quit"
[ "$(tm capture-pane -p -t t | awk '{ if (length($0) > m) m = length($0) } END { print m }')" -gt 80 ] ||
    fail "a 132-column pane shows no line past 80 columns"
tm send-keys -t t C-c
finished
cols=60 rows=30 start C.UTF-8 --hands 1 --seed 5 --hint
wait_for "Q: quit"
[ "$(tm capture-pane -p -t t | awk '{ if (length($0) > m) m = length($0) } END { print m }')" -le 60 ] || fail "60 columns passed"
[ "$(grep -c "^[ESWN][* ] " "$tmp/screen")" -eq 4 ] || fail "60 columns: not four seat lines"
has "^hand  " || fail "60 columns: no hand"
tm send-keys -t t C-c
finished

# ---- Unicode tiles (--unicode, or JONG_TILES=unicode), quitting in the middle ---------------
tiles_env=JONG_TILES=unicode start C.UTF-8 --hands 1 --seed 6
wait_for "Q: quit"
grep "^hand  " "$tmp/screen" | grep -q $'\xf0\x9f\x80' || fail "no Unicode tiles in the hand with JONG_TILES=unicode"
tm send-keys -t t C-c
finished
start C.UTF-8 --hands 1 --seed 6 --unicode
wait_for "Q: quit"
grep "^hand  " "$tmp/screen" | grep -q $'\xf0\x9f\x80' || fail "no Unicode tiles in the hand"
tm send-keys -t t Q
wait_for "quit this game?"
tm send-keys -t t y
finished
has "left before the end" || fail "quitting: no summary"

# ---- a locale without UTF-8 falls back to ASCII; the time limit plays for the person -------
start C --hands 1 --seed 7 --time-limit 1 --unicode
wait_for "s left\]"
grep "^hand  " "$tmp/screen" | grep -q $'\xf0' && fail "Unicode tiles in a C locale"
wait_for "you discard"
# Ctrl-C quits at once and keeps the record of the game so far
tm send-keys -t t C-c
finished
has "seed 7: .*left before the end" || fail "Ctrl-C: no summary"
grep -q '"type":"dahai"' "$tmp/human-7.jsonl" || fail "Ctrl-C: the record lost the discards"

echo "PASS tty_test"
