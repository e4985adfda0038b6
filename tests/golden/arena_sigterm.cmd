# jong arena stopped by a signal. (Waits: ../support/wait.sh, each with a deadline.)
# 1. SIGTERM after 40 games of 400: one line says how far it got and how to go on; the results
#    file holds only whole games (arena summary reads it), and --resume plays the rest to the
#    same files, byte for byte, as a run in one go.
# 2. SIGINT while an ext: bot that never answers holds a decision (no --time-per-move: the 10 s
#    hang limit): the game under way is abandoned at once, not played out at 10 s a decision
#    (minutes, past the wait's deadline), and the bot's process is gone with the arena.
. ../support/wait.sh
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
run() { "$JONG" arena --players greedy,kf-rule --games 400 --seed 5 "$@"; }
run --jobs 2 --out "$d/whole" >/dev/null 2>&1
: >"$d/err"
"$JONG" arena --players greedy,kf-rule --games 400 --seed 5 --jobs 2 --out "$d/cut" >/dev/null 2>"$d/err" &
pid=$!
written() { if [ -f "$d/cut/results.jsonl" ]; then wc -l <"$d/cut/results.jsonl"; else echo 0; fi; }
cut_ready() { [ "$(written)" -ge 40 ] || ! kill -0 $pid 2>/dev/null; }
wait_until "40 games in the cut run's results.jsonl" 'echo "$(written) lines"' cut_ready || { kill -KILL $pid; exit 1; }
kill -0 $pid 2>/dev/null || echo "the run to be stopped ended first, with $(written) lines written"
kill -TERM $pid
wait_exit $pid "jong arena to stop on SIGTERM" || kill -KILL $pid
wait $pid; echo "exit $?"
grep interrupted "$d/err" | sed -E 's/: [0-9]+ of 400 games/: N of 400 games/'
"$JONG" arena summary "$d/cut" >/dev/null && echo "the results file reads"
run --resume --out "$d/cut" --jobs 1 >/dev/null 2>&1; echo "resumed: exit $?"
for f in results.jsonl summary.json summary.svg; do cmp "$d/whole/$f" "$d/cut/$f" && echo "same $f"; done
: >"$d/err2"
"$JONG" arena --rules riichi --players "ext:cmd='exec sleep 600',greedy" --mode 1v3 --games 4 --seed 5 --jobs 1 \
    --out "$d/hang" >/dev/null 2>"$d/err2" &
pid=$!
bot() { pgrep -P $pid sleep >/dev/null; }
wait_until "the ext: bot's process" 'echo "none yet"' bot || { kill -KILL $pid; exit 1; }
botpid=$(pgrep -P $pid sleep)
kill -INT $pid
wait_exit $pid "jong arena to stop on SIGINT" || kill -KILL $pid
wait $pid; echo "exit $?"
grep interrupted "$d/err2"
kill -0 "$botpid" 2>/dev/null && echo "the bot still runs" || echo "the bot is gone"
