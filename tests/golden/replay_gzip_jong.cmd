# A gzipped Jong record is read as a Jong record (it was taken for an imported game and refused):
# jong replay --verify, jong replay (the printed game, equal to the plain file's) and jong review.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
"$JONG" play --players greedy --hands 1 --seed 3 --log "$d" --quiet >/dev/null 2>&1
gzip -c "$d/game-000000.jsonl" >"$d/g.jsonl.gz"
"$JONG" replay --verify "$d/g.jsonl.gz" 2>&1 | sed "s|$d|DIR|"
"$JONG" replay "$d/g.jsonl.gz" >"$d/gz.txt" 2>&1; "$JONG" replay "$d/game-000000.jsonl" >"$d/plain.txt" 2>&1
cmp "$d/gz.txt" "$d/plain.txt" && echo "the same game printed"
"$JONG" review "$d/g.jsonl.gz" --sims 20 2>/dev/null | grep -c "took" | sed 's/^/decisions reviewed: /'
