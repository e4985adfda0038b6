# jong play --resume (docs/cluster.md): a run killed at a fixed point -- JONG_TEST_KILL=0:N makes
# the process kill itself with SIGKILL once N games are in its log, as a crash would, with no
# waiting on the clock -- keeps its finished games' records; --resume plays only the others and
# ends with the records, index and summary of a run never stopped, with one thread or three. A
# last index line cut by a kill is played again. Bad inputs name the file and what is wrong, and
# lose nothing.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
run="--players greedy,random --games 10 --seed 11 --hands 2"
"$JONG" play $run --log "$d/one" --quiet >"$d/one.txt" 2>/dev/null
JONG_TEST_KILL=0:4 "$JONG" play $run --log "$d/cut" --quiet >/dev/null 2>&1; echo "killed: $?"
echo "$(ls "$d/cut" | wc -l) records, $(wc -l <"$d/cut/.jong-play.jsonl") index lines"
"$JONG" play --resume --log "$d/cut" --quiet 2>&1 >"$d/cut.txt" | grep -v "games done, " | sed "s|$d/||g"
cmp "$d/one.txt" "$d/cut.txt" && diff -r "$d/one" "$d/cut" && echo "same summary, records and index"
JONG_TEST_KILL=0:6 "$JONG" play $run --jobs 3 --log "$d/cut3" --quiet >/dev/null 2>&1; echo "killed: $?"
# the last line cut short, as by a kill while it was written: that game is played again
head -c -9 "$d/cut3/.jong-play.jsonl" >"$d/x" && cat "$d/x" >"$d/cut3/.jong-play.jsonl"
"$JONG" play --resume --log "$d/cut3" --jobs 3 --quiet 2>&1 >"$d/cut3.txt" | grep resuming | sed "s|$d/||g"
cmp "$d/one.txt" "$d/cut3.txt" && diff -r "$d/one" "$d/cut3" && echo "same with 3 threads"
# bad inputs
"$JONG" play --resume --log "$d/one" --seed 12 2>&1 | sed "s|$d/||g"; echo "exit ${PIPESTATUS[0]}"
"$JONG" play $run --log "$d/one" 2>&1 | sed "s|$d/||g"; echo "exit ${PIPESTATUS[0]}"
mkdir "$d/old" && cp "$d/one/game-000003.jsonl" "$d/old/"
"$JONG" play $run --log "$d/old" 2>&1 | sed "s|$d/||g"; echo "exit ${PIPESTATUS[0]}"
"$JONG" play --resume --log "$d/old" 2>&1 | sed "s|$d/||g"; echo "exit ${PIPESTATUS[0]}"
"$JONG" play --resume --players greedy 2>&1; echo "exit $?"
cp -r "$d/one" "$d/bad" && sed -i '3s/"hands"/"hand"/' "$d/bad/.jong-play.jsonl"
"$JONG" play --resume --log "$d/bad" 2>&1 | sed "s|$d/||g"; echo "exit ${PIPESTATUS[0]}"
cp -r "$d/one" "$d/gone" && rm "$d/gone/game-000007.jsonl"
"$JONG" play --resume --log "$d/gone" 2>&1 | sed "s|$d/||g"; echo "exit ${PIPESTATUS[0]}"
diff -r -x .jong-play.jsonl "$d/one" "$d/bad" && echo "the bad run's records untouched"
