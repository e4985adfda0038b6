# A run killed with SIGKILL mid-run (plus a half-written last line), then resumed, ends with the
# same results.jsonl, summary.json and chart byte for byte as a run in one go; --jobs 1 and
# --jobs 2 give the same files too; `jong arena summary` rebuilds the summary from results.jsonl alone.
# The kill waits (../support/wait.sh: a deadline, one line naming what it awaited) for 200 games in
# the new run's own results file, or for that run to end first, which is then said.
. ../support/wait.sh
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
run() { "$JONG" arena --players greedy,random --games 4000 --seed 3 "$@"; }
run --jobs 2 --out "$d/whole" >/dev/null 2>&1
run --jobs 1 --out "$d/one" >/dev/null 2>&1
# (jong itself in the background, not a shell running run(): $pid is the process killed)
"$JONG" arena --players greedy,random --games 4000 --seed 3 --jobs 2 --out "$d/cut" >/dev/null 2>&1 &
pid=$!
written() { if [ -f "$d/cut/results.jsonl" ]; then wc -l <"$d/cut/results.jsonl"; else echo 0; fi; }
cut_ready() { [ "$(written)" -ge 200 ] || ! kill -0 $pid 2>/dev/null; }
wait_until "200 games in the cut run's results.jsonl" 'echo "$(written) lines"' cut_ready || { kill -KILL $pid; exit 1; }
kill -0 $pid 2>/dev/null || echo "the run to be killed ended first, with $(written) lines written"
kill -KILL $pid; { wait $pid; } 2>/dev/null; echo "killed: $?"
[ "$(wc -l <"$d/cut/results.jsonl")" -lt 4001 ] && echo "games missing after the kill"
printf '{"game":3999,"se' >>"$d/cut/results.jsonl"
run --resume --out "$d/cut" --jobs 1 2>&1 >/dev/null | grep -c 'resuming .* of 4000 games done'
for f in results.jsonl summary.json summary.svg; do
    cmp "$d/whole/$f" "$d/cut/$f" && cmp "$d/whole/$f" "$d/one/$f" && echo "same $f"
done
cp "$d/whole/summary.json" "$d/s.json"
rm "$d/whole/summary.json" "$d/whole/summary.svg"
"$JONG" arena summary "$d/whole" >/dev/null && cmp "$d/s.json" "$d/whole/summary.json" && echo "summary rebuilt"
"$JONG" arena summary "$d/whole/results.jsonl" --json | cmp - "$d/s.json" && echo "same --json"
