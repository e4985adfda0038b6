# A results file is data: --resume must not run the command of an ext: player stored in it unless
# --players gives it again or --run-stored-commands says to, and `arena summary` / `arena compare`
# never run one. The stored command leaves a mark (the file "ran") and then plays as jong bot greedy.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
bot="ext:cmd='touch $d/ran; exec $JONG bot greedy'"
run() { "$JONG" arena --rules riichi --game-hands 1 --mode 1v3 --games 2 --seed 5 "$@"; }
run --players greedy,random --out "$d/run" >/dev/null 2>&1
# player A becomes the command; the second game is taken away, to be played on --resume
sed -i -e "1s|\"players\":\[\"greedy\"|\"players\":[\"$bot\"|" -e '3d' "$d/run/results.jsonl"
cp -r "$d/run" "$d/run2"
run --resume --out "$d/run" 2>&1 | sed "s|$d|DIR|g; s|$JONG|JONG|g"; echo "exit ${PIPESTATUS[0]}"
"$JONG" arena summary "$d/run" >/dev/null 2>&1; echo "summary: exit $?"
"$JONG" arena compare "$d/run" "$d/run2" >/dev/null 2>&1; echo "compare: exit $?"
[ -e "$d/ran" ] && echo "the stored command ran"
run --resume --out "$d/run" --players "$bot,random" >/dev/null 2>&1; echo "--players again: exit $?"
[ -e "$d/ran" ] && echo "the command given again ran"
rm -f "$d/ran"
run --resume --out "$d/run2" --run-stored-commands >/dev/null 2>&1; echo "--run-stored-commands: exit $?"
[ -e "$d/ran" ] && echo "the stored command ran when asked to"
