# jong play stopped by SIGTERM: the game under way is dropped with its record, the summary covers
# the games done, one line says how far it got, and every record left replays. (Waits:
# ../support/wait.sh, each with a deadline.)
. ../support/wait.sh
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
"$JONG" play --players greedy --games 100000 --seed 7 --log "$d/log" --quiet >"$d/out" 2>"$d/err" &
pid=$!
records() { ls "$d/log" 2>/dev/null | wc -l; }
some() { [ "$(records)" -ge 20 ] || ! kill -0 $pid 2>/dev/null; }
wait_until "20 records in the log" 'echo "$(records) records"' some || { kill -KILL $pid; exit 1; }
kill -TERM $pid
wait_exit $pid "jong play to stop on SIGTERM" || kill -KILL $pid
wait $pid; echo "exit $?"
done=$(sed -n 's/^seed 7: \([0-9]*\) games, .*/\1/p' "$d/out")
grep interrupted "$d/err" | sed "s/: $done of /: N of /"
[ "$(records)" = "$done" ] && echo "a record for each game done, none for the one dropped"
"$JONG" replay --verify --quiet "$d/log"/*.jsonl && echo "every record replays"
