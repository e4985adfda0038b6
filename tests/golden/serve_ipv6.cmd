# jong serve on IPv6: --host ::1 with four `jong bot --connect mjsonp://[::1]:PORT/` clients, and
# --host :: (every interface) with two clients over IPv6 and two over IPv4, each a one-hand
# game equal to the same seed played by the server's own greedy players. Skips (exit 77) when
# this machine cannot listen on ::1 (only when the server says so: a server that is merely slow
# to start is waited for, and one that never starts is a failure).
. ../support/wait.sh
d="$(mktemp -d)"; trap 'rm -rf "$d"' EXIT
# serve_on HOST NAME: a one-hand game with seed 42 on HOST, its pid in $server, its port in $port
# (empty when it cannot listen there); stderr to $d/NAME.err, a new file for each server
serve_on() {
    : >"$d/$2.err"
    $JONG serve --host "$1" --port 0 --game-type one_kyoku --seed 42 --timeout 20000 --out "$d/$2" >"$d/$2.out" 2>>"$d/$2.err" &
    server=$!
    wait_line "$d/$2.err" 'listening on mjsonp://\[[:0-9a-f]*\]:[0-9]+/$|cannot listen' $server "jong serve --host $1's 'listening on' line" ||
        { kill -KILL $server 2>/dev/null; exit 1; }
    port="$(sed -n 's|.*listening on mjsonp://\[[:0-9a-f]*\]:\([0-9]*\)/$|\1|p' "$d/$2.err")"
}
serve_on ::1 v6
if [ -z "$port" ]; then
    wait
    echo "no IPv6 loopback here: $(tail -n 1 "$d/v6.err")"
    exit 77
fi
sed 's/:[0-9]*\/$/:PORT\//' "$d/v6.err"
for n in 0 1 2 3; do
    $JONG bot greedy --connect "mjsonp://[::1]:$port/default" --name "b$n" 2>>"$d/bots.err" &
done
wait_exit $server "jong serve --host ::1 to end its game" || kill -KILL $server 2>/dev/null
wait
serve_on :: any
sed 's/:[0-9]*\/$/:PORT\//' "$d/any.err"
for n in 0 1; do
    $JONG bot greedy --connect "mjsonp://[::1]:$port/default" --name "six$n" 2>>"$d/bots.err" &
    $JONG bot greedy --connect "mjsonp://127.0.0.1:$port/default" --name "four$n" 2>>"$d/bots.err" &
done
wait_exit $server "jong serve --host :: to end its game" || kill -KILL $server 2>/dev/null
wait
# the clients that joined, by kind (b: over [::1] to ::1; six, four: over IPv6, IPv4 to ::)
sed -n "s/.*client '\([a-z]*\)[0-9]' joined room 'default'$/\1/p" "$d/v6.err" "$d/any.err" | sort | uniq -c
$JONG serve --seat 0=greedy --seat 1=greedy --seat 2=greedy --seat 3=greedy --game-type one_kyoku --seed 42 --out "$d/own" 2>/dev/null >/dev/null
for run in v6 any; do
    if [ -s "$d/$run/game-000000.mjson" ] && cmp -s <(tail -n +2 "$d/$run/game-000000.mjson") <(tail -n +2 "$d/own/game-000000.mjson"); then echo "$run: the same record"; fi
done
cat "$d/bots.err"
