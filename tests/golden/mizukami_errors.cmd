# jong train, jong bench mizukami and the mizukami/oneplayer players refuse bad input with one line
# naming the option (exit 2 for usage, 1 for a missing or empty records directory).
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
try() { "$JONG" "$@" 2>&1; echo "exit $?"; }
try train
try train bogus
try train waiting --out x.jlm
try train waiting --records "$d/none" --out x.jlm | sed "s|$d|DIR|"
try train waiting --records "$d" --out "$d/x.jlm" | tr -d "\r" | sed "s|$d|DIR|"
[ -e "$d/x.jlm" ] || echo "no model written"
try train score --records . --out x.jlm --eta -1
try train wintile --records . --out x.jlm --epochs 0
try train alpha
try train alpha --records . --sims=0
try bench mizukami --sims 0
try bench mizukami --alpha x
try bench mizukami --frob
arena() { try arena --rules riichi --mode 1v3 --games 1 --players "$1",greedy; }
arena mizukami:sims=0
arena mizukami:alpha=x
arena mizukami:steal=2
arena mizukami:odev=maybe
arena oneplayer:sims=5
arena oneplayer:calls=all
