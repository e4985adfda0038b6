# Bad options and a corrupt results file: one line naming what is wrong and where, exit 2 for
# usage, 1 for a file; a resumed run that a file does not fit is refused before anything is played.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
try() { "$JONG" arena "$@" 2>&1; echo "exit $?"; }
try --players greedy
try --players greedy,random --mode 5v5
try --players greedy,random --games 0
try --players greedy,random --mode free
try --players greedy,random --games 10 --matches 2
try --players greedy,random --frobnicate
try --resume
try --players faulty:mode=sometimes,random
"$JONG" arena --players greedy,random --games 3 --seed 5 --out "$d/run" >/dev/null 2>&1
try --players greedy,random --games 3 --seed 5 --out "$d/run" | sed "s|$d|DIR|"
try --resume --out "$d/run" --seed 6 | sed "s|$d|DIR|"
sed -i '3s/"seatings"/"seatingz"/' "$d/run/results.jsonl"
try summary "$d/run" | sed "s|$d|DIR|"
try --resume --out "$d/run" | sed "s|$d|DIR|"
try summary "$d/none" | sed "s|$d|DIR|"
