# --resume on a directory that holds no results yet starts the run (so a script can always pass
# it), and the run then equals one started without --resume; without --players it is still an
# error naming the missing file.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
run() { "$JONG" arena --rules taiwan --players greedy,random --games 4 --seed 3 "$@"; }
run --resume --out "$d/a" 2>&1 | grep -v -e "^jong arena: seed" -e "games done, " | sed "s|$d|DIR|g"; echo "exit ${PIPESTATUS[0]}"
run --out "$d/b" >/dev/null 2>&1
cmp "$d/a/results.jsonl" "$d/b/results.jsonl" && echo "the same results file"
run --resume --out "$d/a" 2>&1 | grep resuming | sed "s|$d|DIR|g"
"$JONG" arena --resume --out "$d/c" 2>&1 | sed "s|$d|DIR|g"; echo "exit ${PIPESTATUS[0]}"
