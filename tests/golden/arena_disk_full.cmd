# A disk that fills mid-run (a file-size limit, `ulimit -f`, with SIGXFSZ ignored so that writes
# fail with EFBIG): the run fails with one line, and its report (stdout and summary.json) covers
# only the games on disk, as `jong arena summary` gives them; a summary that cannot be written
# leaves no summary.json behind, never an empty one.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
(trap '' XFSZ; ulimit -f 40
 "$JONG" arena --players greedy,random --games 200 --seed 3 --jobs 2 --out "$d/run" --json >"$d/printed.json" 2>"$d/err")
echo "exit $?"
grep -v -e seed -e 'games done' "$d/err"
"$JONG" arena summary "$d/run" --json | cmp - "$d/printed.json" && echo "printed: the games on disk"
cmp "$d/run/summary.json" "$d/printed.json" && echo "summary.json: the games on disk"
[ "$(wc -l <"$d/run/results.jsonl")" -lt 200 ] && echo "fewer than 200 games on disk"
rm "$d/run/summary.json"
(trap '' XFSZ; ulimit -f 4; "$JONG" arena summary "$d/run" 2>&1 >/dev/null | sed "s|$d/||")
[ -e "$d/run/summary.json" ] || echo "no summary.json"
ls "$d/run"
