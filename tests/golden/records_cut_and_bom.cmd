# An imported record cut between two lines reads as a shorter game: `jong replay --verify` fails it
# unless --allow-cut accepts it. A UTF-8 byte order mark before a record reads in every format
# (Jong's own records, mjai .mjson, mjlog; tenhou.net/6 in test_mjai). The mjai game is a Jong
# riichi record without its header line.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
"$JONG" play --rules riichi --games 1 --seed 4 --rule hands=1 --players greedy --log "$d/rec" >/dev/null 2>&1
tail -n +2 "$d"/rec/*.jsonl >"$d/g.mjson"
head -n 20 "$d/g.mjson" >"$d/cut.mjson"
"$JONG" replay --verify "$d/cut.mjson" 2>&1 | sed "s|$d/||"; echo "exit ${PIPESTATUS[0]}"
"$JONG" replay --verify --allow-cut "$d/cut.mjson" 2>&1; echo "--allow-cut: exit $?"
bom() { printf '\357\273\277' >"$2"; cat "$1" >>"$2"; }
bom "$d"/rec/*.jsonl "$d/jong.jsonl"
bom "$d/g.mjson" "$d/g_bom.mjson"
bom convert_game.xml "$d/g_bom.xml"
for f in jong.jsonl g_bom.mjson; do
    "$JONG" replay --verify "$d/$f" 2>&1 | sed "s|$d/||"; echo "$f: exit ${PIPESTATUS[0]}"
done
# (the hand-made mjlog reads, but is no game the engine plays: convert reads it)
"$JONG" convert "$d/g_bom.xml" -o - | head -n 1
