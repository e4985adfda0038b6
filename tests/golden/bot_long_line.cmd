# jong bot given a line of 100 MB without a newline (a peer out to make it grow; a 300 MB line
# took 837 MB before): the line is read to its end without being kept, reported, and answered
# none, and the next line is answered as usual; the bot's memory stays under 64 MiB. The same
# reader serves --connect. (Waits: ../support/wait.sh, with a deadline.)
. ../support/wait.sh
d="$(mktemp -d)"; trap 'rm -rf "$d"' EXIT
mkfifo "$d/in"
: >"$d/out"
"$JONG" bot greedy <"$d/in" >"$d/out" 2>"$d/err" &
pid=$!
exec {w}>"$d/in"
{ head -c 100000000 /dev/zero | tr '\0' x; echo; echo '{"type":"hello"}'; } >&$w
wait_line "$d/out" join $pid "the bot's answer to hello" || { kill -KILL $pid; exit 1; }
peak=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
exec {w}>&-
wait $pid; echo "exit $?"
cat "$d/out" "$d/err"
[ "$peak" -lt 65536 ] && echo "its memory stayed under 64 MiB" || echo "its memory reached $peak kB"
