# Outside bots in the arena, one per convention: the scripted bot of tests/bots (no Jong in it:
# it discards what it draws and never calls) speaks stdio, batched and react, and plays its
# hand at the four seatings with no fault; the three play the same hands (the same points).
# The react one's command holds a comma ("react,slow=0": the quotes keep it from splitting the
# player list) and its spec is over 200 characters (a path and a long variable; 127 was the
# limit).
d="$(mktemp -d)"; trap 'rm -rf "$d"' EXIT
BOT="$(dirname "$JONG")/tests/bots/script_bot"
[ -x "$BOT" ] || { echo "missing $BOT (the Makefile builds it: make test, or make $BOT)"; exit 1; } # fail, never hang
PAD="$(printf 'x%.0s' $(seq 150))"
n=0
for a in "ext:cmd='$BOT stdio',proto=stdio" "ext:cmd='$BOT batched',proto=batched" \
         "ext:cmd='JONG_PAD=$PAD $BOT react,slow=0',proto=react,timeout=30000"; do
    n=$((n + 1))
    "$JONG" arena --rules riichi --rule hands=1 --players "$a,greedy" --mode 1v3 --games 1 --seed 5 --out "$d/$n" \
        2>/dev/null | grep -E '^(players|points per game|faults)' | sed "s|$BOT|BOT|; s|$PAD|PAD|"
done
