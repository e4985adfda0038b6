# Reading a record is bounded (docs/mjai.md, "Limits on reading records"): a gzip bomb (made here,
# 17 MiB of spaces in some 17 KB) and a game wrapped in three gzip layers are refused with one line
# naming the file and the limit, by every command that reads records; --max-record-mb and
# --max-gzip-layers raise the limits.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
head -c 17M /dev/zero | tr '\0' ' ' | gzip -c >"$d/bomb.mjson.gz"
"$JONG" convert convert_game.xml -o "$d/g.mjson" >/dev/null
gzip -c "$d/g.mjson" | gzip -c | gzip -c >"$d/three.mjson.gz"
cd "$d" || exit 1
"$JONG" replay --verify bomb.mjson.gz 2>&1; echo "replay: exit $?"
"$JONG" convert bomb.mjson.gz -o out.mjson 2>&1; echo "convert: exit $?"
"$JONG" review bomb.mjson.gz 2>&1 | grep -v seed; echo "review: exit ${PIPESTATUS[0]}"
mkdir recs && cp bomb.mjson.gz recs/
"$JONG" train waiting --records recs --out m.jlm 2>&1 | tr -d "\r" | grep -e skipped -e usable; echo "train: exit ${PIPESTATUS[0]}"
"$JONG" train kurita --records recs --out m.jlm 2>&1 | tr -d "\r" | grep -e skipped -e usable; echo "train kurita: exit ${PIPESTATUS[0]}"
# raised to 17 MiB the spaces are read, and found to be no record
"$JONG" convert bomb.mjson.gz -o out.mjson --max-record-mb 17 2>&1; echo "convert --max-record-mb 17: exit $?"
"$JONG" convert three.mjson.gz -o - 2>&1; echo "convert: exit $?"
"$JONG" convert three.mjson.gz -o - --max-gzip-layers 3 | cmp - g.mjson && echo "read with --max-gzip-layers 3"
