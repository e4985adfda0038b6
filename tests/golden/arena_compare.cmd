# `jong arena compare`: player A of two runs on the same walls, paired game by game over the
# games both finished. greedy against random (200 games) and random against random (120 games,
# where nobody ever wins in Taiwanese rules: every hand a draw, every score 0), same seed: the
# first column is greedy's figures over the first 120 games (those of `jong arena summary` of a
# 120-game run), the difference is the same figures less 0. A run compared with itself has no
# spread; runs that differ in more than player A are refused, naming the difference.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
try() { "$JONG" arena "$@" 2>&1 | sed "s|$d|DIR|g"; echo "exit ${PIPESTATUS[0]}"; }
"$JONG" arena --players greedy,random --games 200 --seed 5 --out "$d/a" >/dev/null 2>&1
"$JONG" arena --players random,random --games 120 --seed 5 --out "$d/b" >/dev/null 2>&1
"$JONG" arena --players greedy,random --games 120 --seed 6 --out "$d/c" >/dev/null 2>&1
"$JONG" arena --players greedy,greedy --games 120 --seed 5 --out "$d/d" >/dev/null 2>&1
try compare "$d/a" "$d/b"
"$JONG" arena compare "$d/a" "$d/b/results.jsonl" --json | grep -c -e '"games": 120,' -e '"spec": "random",'
try compare "$d/a" "$d/a" | tail -2
try compare "$d/a" "$d/c"
try compare "$d/a" "$d/d"
try compare "$d/a"
try compare "$d/a" "$d/none"
