# `jong arena verify`: a clean run re-plays to the same lines (all its games, and a sample chosen
# by --seed); one number altered in results.jsonl (game 17's first seating: tai 2 -> 3 for seat 0)
# is named with its game, seating and field, exit 1; runs with an outside bot, a time per move or a
# player's time limit are not replayable (exit 0, not a failure); a missing directory and a
# malformed results file are one line each.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
"$JONG" arena --players greedy,random --games 40 --seed 11 --jobs 2 --out run >/dev/null 2>&1
"$JONG" arena verify run --jobs 2; echo "exit $?"
"$JONG" arena verify run/results.jsonl --sample 5 --seed 1 --jobs 1; echo "exit $?"
grep -c '^{"game":17,"seed":"11","seatings":\[{"seats":"ABAB","scores":\[140,0,0,-140\],.*"tai":\[2,0,0,0\]' run/results.jsonl
cp -r run altered
sed -i '/^{"game":17,/s/"tai":\[2,0,0,0\]/"tai":[3,0,0,0]/' altered/results.jsonl
"$JONG" arena verify altered --jobs 2; echo "exit $?"
# (the ext: player plays riichi only: a riichi run of one-hand games for it)
"$JONG" arena --players greedy,random --rules riichi --game-hands 1 --games 3 --seed 1 --out riichi >/dev/null 2>&1
for change in 'riichi s/"random"/"ext:.\/bot"/' 'run s/"time_per_move":0/"time_per_move":200/' \
              'run s/"greedy"/"simcat:ms=50"/'; do
    rm -rf other && cp -r "${change%% *}" other && sed -i "1${change#* }" other/results.jsonl
    "$JONG" arena verify other; echo "exit $?"
done
"$JONG" arena verify missing 2>&1; echo "exit $?"
{ head -n 1 run/results.jsonl; echo '{"game":99,"seed":"11"}'; } >bad.jsonl
"$JONG" arena verify bad.jsonl 2>&1; echo "exit $?"
