# Two one-hand games served to eight `jong bot --connect` clients, and the same seed with the
# server's own greedy players in every seat: the same records (but for start_game's names),
# and both replay through the engine. (Waits: ../support/wait.sh, on the server's new stderr
# file and on its pid, each with a deadline and one line saying what it awaited.)
. ../support/wait.sh
d="$(mktemp -d)"; trap 'rm -rf "$d"' EXIT
: >"$d/tcp.err"
$JONG serve --port 0 --game-type one_kyoku --games 2 --seed 42 --timeout 20000 --out "$d/tcp" >"$d/tcp.out" 2>>"$d/tcp.err" &
server=$!
wait_line "$d/tcp.err" 'listening on mjsonp://127\.0\.0\.1:[0-9]+/$' $server "jong serve's 'listening on' line" ||
    { kill -KILL $server 2>/dev/null; exit 1; }
port="$(sed -n 's|.*listening on mjsonp://127.0.0.1:\([0-9]*\)/$|\1|p' "$d/tcp.err")"
for n in 0 1 2 3 4 5 6 7; do
    $JONG bot greedy --connect "mjsonp://127.0.0.1:$port/default" --name "b$n" 2>>"$d/bots.err" &
done
wait_exit $server "jong serve to end its two games" || kill -KILL $server 2>/dev/null
wait
$JONG serve --seat 0=greedy --seat 1=greedy --seat 2=greedy --seat 3=greedy --game-type one_kyoku --games 2 --seed 42 --tables 1 --out "$d/own" 2>/dev/null | sed "s|$d|DIR|"
for g in 000000 000001; do
    if [ -s "$d/tcp/game-$g.mjson" ] && cmp -s <(tail -n +2 "$d/tcp/game-$g.mjson") <(tail -n +2 "$d/own/game-$g.mjson"); then echo "game $g: the same record"; fi
done
grep -c "joined room" "$d/tcp.err"
cat "$d/bots.err"
$JONG replay --verify "$d/tcp" "$d/own" 2>&1 | tail -1
