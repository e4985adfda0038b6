# Rule presets by name (--preset, docs/rules.md): a bad name, or a preset of the other family, is
# one line (exit 2); a preset alone plays riichi; --rule options override it wherever they stand;
# the record header lists the preset's options and replays; jong score takes it too.
$JONG play --preset tenhou2010 --players greedy --hands 1 2>&1; echo "exit $?"
$JONG play --rules taiwan --preset tenhou --players greedy --hands 1 2>&1; echo "exit $?"
$JONG replay --verify --preset x /dev/null 2>&1; echo "exit $?"
d=$(mktemp -d)
$JONG play --preset tenhou2009 --players greedy --hands 1 --seed 3 --quiet --log "$d/a" 2>/dev/null | head -1
head -1 "$d/a/game-000000.jsonl" | grep -o '"variant":"[a-z]*"\|"agari_yame":"[a-z]*","tenpai_yame":"[a-z]*","extension_rounds":"[0-9]"'
$JONG play --rule tenpai_yame=on --preset tenhou2009 --players greedy --hands 1 --seed 3 --quiet --log "$d/b" >/dev/null 2>&1
head -1 "$d/b/game-000000.jsonl" | grep -o '"tenpai_yame":"[a-z]*","extension_rounds":"[0-9]"'
$JONG replay --verify --quiet "$d/a/game-000000.jsonl" "$d/b/game-000000.jsonl"; echo "replay exit $?"
rm -rf "$d"
$JONG score 111m222p333s444s55z --win 5z --tsumo --seat S --preset mahjongsoul | tail -1
$JONG score 111m222p333s444s55z --win 5z --tsumo --seat S --option double_yakuman=off --preset mahjongsoul | tail -1
# jong bench selfplay takes a preset too (and chooses riichi by it), and says so
$JONG bench selfplay --preset mahjongsoul --players greedy --hands 20 --seed 5 --json 2>/dev/null | grep -o '"rules": "[a-z]*", "preset": "[a-z]*"'
$JONG bench selfplay --rules taiwan --preset tenhou --hands 5 2>&1; echo "exit $?"
