# `jong replay FILE` without --verify tells the game: each hand's deal, every draw, discard and
# call, the result with its value and the scores (a Jong record).
d=$(mktemp -d)
$JONG play --rules riichi --players greedy --hands 1 --seed 3 --log "$d" --quiet >/dev/null 2>&1
$JONG replay "$d/game-000000.jsonl" | head -8
$JONG replay "$d/game-000000.jsonl" | tail -5
$JONG replay "$d/game-000000.jsonl" --json 2>&1
rm -rf "$d"
