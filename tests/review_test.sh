#!/usr/bin/env bash
# `jong review` through the real program: records of both rule families made by `jong play`,
# reviewed with the player that played them (which must then choose as the record did at every
# decision: the review gives it the same views, legal actions and events the table gave), the same
# output twice for a seed, JSON that holds together, bad input as one line, the HTML report
# self-contained; with ../shared present, a real Tenhou game; then, when chromium is installed,
# the report opened in headless chromium and screenshotted (skipped with a message otherwise).
#
# usage: tests/review_test.sh path/to/jong
set -u

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 path/to/jong" >&2
    exit 2
fi
JONG="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 2

failures=0
fail() {
    echo "FAIL review_test: $*"
    failures=$((failures + 1))
}

for rules in riichi taiwan; do
    "$JONG" play --rules "$rules" --players greedy --hands 2 --seed 5 --log "$rules" >/dev/null 2>&1 ||
        fail "$rules: jong play"
    rec="$rules/game-000000.jsonl"
    "$JONG" review "$rec" --seat 1 --player greedy --sims 40 >"$rules.txt" 2>/dev/null || fail "$rules: review failed"
    grep -q "^player    greedy chose as the record did in \([0-9]*\) of \1 decisions (100.0%)" "$rules.txt" ||
        fail "$rules: greedy does not choose as it played: $(tail -1 "$rules.txt")"
    "$JONG" review "$rec" --seat 1 --player greedy --sims 40 >"$rules.2.txt" 2>/dev/null
    cmp -s "$rules.txt" "$rules.2.txt" || fail "$rules: two runs differ"
    "$JONG" review "$rec" --seat 1 --sims 40 --json >"$rules.json" 2>/dev/null || fail "$rules: --json failed"
    # the summary agrees with the decisions it sums
    if ! command -v python3 >/dev/null; then
        echo "SKIP review_test JSON sums: python3 is not installed"
        continue
    fi
    grep -Eq '[0-9]\.[0-9]{6,}' "$rules.json" && fail "$rules: unrounded values in the JSON: $(grep -Eo '[0-9]+\.[0-9]{6,}' "$rules.json" | head -1)"
    python3 - "$rules.json" <<'EOF' || fail "$rules: JSON summary does not add up"
import json, sys
r = json.load(open(sys.argv[1]))
ds = r["decisions"]
an = [d for d in ds if "loss" in d]
s = r["summary"]
assert s["decisions"] == len(ds) > 0
assert s["analysed"] == len(an) > 0
assert s["agreed"] == sum(1 for d in an if d["best"]["discard"] == d["taken_row"]["discard"])
# values are rounded to 0.1 points: sums within the rounding
assert abs(s["loss"] - sum(d["loss"] for d in an)) <= 0.05 * (len(an) + 1)
net = lambda row: row.get("net", row["points"])
for d in an:
    assert d["loss"] >= 0
    assert abs(d["loss"] - (net(d["best"]) - net(d["taken_row"]))) <= 0.15
    assert d["taken"].startswith("discard " + d["taken_row"]["discard"])
    for row in d["rows"]:
        # every row priced (riichi: the opponent models; Taiwanese: the guard model), net = points -
        # risk; no long decimals
        assert ("risk" in row) == (r["decisions"] and "risk" in d["best"])
        if "risk" in row:
            assert row["risk"] >= 0 and abs(row["net"] - (row["points"] - row["risk"])) <= 0.15
        for key in ("points", "tenpai", "win"):
            assert len(repr(row[key]).split(".")[-1]) <= 4, row
    assert d["sims"] in (10, 40)
assert all("risk" in d["best"] for d in an)
# Taiwanese too: the guard model prices some discard above 0 in a whole hand
assert any(row["risk"] > 0 for d in an for row in d["rows"])
EOF
done

# a player that follows the hand from its events (the opponent models' tracker): the review feeds
# it the seat's events as the table did, so it too chooses as it played
"$JONG" play --rules riichi --players oneplayer --hands 1 --seed 11 --log op >/dev/null 2>&1 || fail "oneplayer: jong play"
"$JONG" review op/game-000000.jsonl --seat 2 --player oneplayer --sims 20 >op.txt 2>/dev/null || fail "oneplayer: review"
grep -q "^player    oneplayer chose as the record did in \([0-9]*\) of \1 decisions (100.0%)" op.txt ||
    fail "oneplayer does not choose as it played: $(tail -1 op.txt)"

# bad input: one error line after the line naming the run, exit status 1 (missing or damaged
# record) or 2 (usage)
"$JONG" review nosuchfile 2>err.txt >/dev/null
[ $? -eq 1 ] && [ "$(grep -c . err.txt)" -eq 2 ] && grep -q "^jong review: nosuchfile: No such file or directory" err.txt ||
    fail "missing file: $(cat err.txt)"
head -c 300 riichi/game-000000.jsonl >cut.jsonl
"$JONG" review cut.jsonl 2>err.txt >/dev/null
[ $? -eq 1 ] && grep -q "^jong review: cut.jsonl: line" err.txt || fail "damaged record: $(cat err.txt)"
"$JONG" review riichi/game-000000.jsonl --seat 7 2>err.txt >/dev/null
[ $? -eq 2 ] || fail "bad seat accepted"
"$JONG" review riichi/game-000000.jsonl --player nobody 2>err.txt >/dev/null
[ $? -eq 2 ] && grep -q "unknown player" err.txt || fail "bad player: $(cat err.txt)"

# the HTML report: one file that names nothing outside it
"$JONG" review riichi/game-000000.jsonl --seat 1 --sims 40 --html report.html >/dev/null 2>&1 || fail "--html failed"
[ -s report.html ] || fail "no report"
if grep -Eiq '(src|href)="(https?:|//|file:)|@import|url\((https?:|//)' report.html; then
    fail "the report refers to something outside it"
fi
grep -q '<svg class="chart"' report.html || fail "no chart in the report"
grep -q 'class="tile t' report.html || fail "no tiles in the report"
# the game (players, hands linked to their decisions), a board at each decision, the risk and net
# columns (riichi), the legend's three colours, every bar at least 6 high
grep -q '<table class="players">' report.html || fail "no players in the report"
grep -q '<ol class="hands">' report.html && grep -q '<li><b><a href="#d1">E1</a>' report.html || fail "no hands linked to decisions"
[ "$(grep -c 'class="board"' report.html)" -eq "$(grep -c 'class="dec"' report.html)" ] || fail "a decision without its board"
grep -q '<th>risk</th><th>net</th>' report.html || fail "no risk column in a riichi report"
for c in best loss noise; do grep -q "class=\"key $c\"" report.html || fail "the legend has no $c colour"; done
grep -o '<rect class="[a-z]*" x="[0-9.]*" y="[0-9.]*" width="[0-9.]*" height="[0-9.]*"' report.html |
    sed 's/.*height="//; s/"//' | awk '$1 < 6 { bad = 1 } END { exit bad }' || fail "a bar of the chart lower than 6"

# a real game, when the shared data is there
tenhou="$root/../shared/data/gamerecords/parser-fixtures/mjai-reviewer-convlog/chankan.json"
if [ -f "$tenhou" ]; then
    "$JONG" review "$tenhou" --seat 0 --sims 20 >tenhou.txt 2>err.txt || fail "Tenhou fixture: $(cat err.txt)"
    grep -q "(mjai/tenhou)" tenhou.txt || fail "Tenhou fixture not read as an imported game"
else
    echo "SKIP review_test Tenhou fixture: ../shared is absent"
fi

# the report in a browser
chromium_bin="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$chromium_bin" ] || ! command -v python3 >/dev/null; then
    echo "SKIP review_test browser part: chromium or python3 is not installed (apt-get install chromium python3)"
else
    # its own profile: another chromium (a review or web test running beside this one) with the
    # default profile would take the page and leave this one without a screenshot; bounded
    # generously for a loaded machine (JONG_TEST_WAIT, tests/support/wait.sh)
    limit=$((2 * ${JONG_TEST_WAIT:-120}))
    timeout "$limit" "$chromium_bin" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
        --user-data-dir="$dir/chromium-profile" \
        --window-size=1000,1400 --screenshot="$dir/shot.png" "file://$dir/report.html" >/dev/null 2>&1
    shot_status=$?
    if [ "$shot_status" -eq 124 ]; then
        fail "chromium made no screenshot within $limit s (timed out)"
    elif [ ! -s shot.png ]; then
        fail "chromium made no screenshot (exit $shot_status)"
    else
        # a page with the chart and the tiles has many colours; a blank or broken one has few
        python3 - shot.png <<'EOF' || fail "the screenshot looks empty"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat, w, h = 8, b"", 0, 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and ctype in (2, 6)
        bpp = 3 if ctype == 2 else 4
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride = w * bpp
prev = bytearray(stride)
colours = set()
for y in range(h):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if f == 1:
            line[i] = (line[i] + a) & 255
        elif f == 2:
            line[i] = (line[i] + b) & 255
        elif f == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if y % 7 == 0:
        for x in range(0, stride, bpp * 5):
            colours.add(bytes(line[x:x + 3]))
    prev = line
assert len(colours) > 20, len(colours)
EOF
    fi
fi

if [ "$failures" -ne 0 ]; then
    exit 1
fi
echo "review_test: all passed"
