# jong serve out of file descriptors (ulimit -n 8: the standard three, the listener and four
# clients): twenty connections wait in the listener's queue, accept() fails with EMFILE, and the
# server stops accepting for a second at a time, saying so, instead of polling the listener again
# at once (a spin at ~60% of a processor before). Its processor time over 3 s of this must stay
# under 1 s: a spinning loop takes most of the 3 s, a backing-off one next to nothing; a machine
# too loaded to spin could only make this pass, never fail. SIGTERM then stops it cleanly.
# (Waits: ../support/wait.sh, on the server's new stderr file and its pid, each with a deadline.)
. ../support/wait.sh
d="$(mktemp -d)"; trap 'rm -rf "$d"' EXIT
: >"$d/err"
(ulimit -n 8; exec "$JONG" serve --port 0 --seed 1 --timeout 600000 --out "$d/games" 2>>"$d/err") &
server=$!
wait_line "$d/err" 'listening on mjsonp://127\.0\.0\.1:[0-9]+/$' $server "jong serve's 'listening on' line" ||
    { kill -KILL $server 2>/dev/null; exit 1; }
port="$(sed -n 's|.*listening on mjsonp://127.0.0.1:\([0-9]*\)/$|\1|p' "$d/err")"
for i in $(seq 20); do exec {fd}<>"/dev/tcp/127.0.0.1/$port"; done
wait_line "$d/err" 'cannot accept a connection: Too many open files' $server "the server's line on EMFILE" ||
    { kill -KILL $server 2>/dev/null; exit 1; }
ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
before=$(ticks); sleep 3; after=$(ticks)
used=$(( (after - before) * 1000 / $(getconf CLK_TCK) ))
[ "$used" -lt 1000 ] && echo "accept loop backs off" || echo "accept loop spins: $used ms of processor in 3 s"
kill -TERM $server
wait_exit $server "jong serve to stop on SIGTERM" || kill -KILL $server 2>/dev/null
wait $server; echo "exit $?"
grep -c 'cannot accept a connection: Too many open files: not accepting for 1000 ms' "$d/err" | sed 's/^[1-9][0-9]*$/said why it paused/'
grep -e 'stopping' -e 'stopped' "$d/err"
