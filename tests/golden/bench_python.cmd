# jong bench python (the Python package's speed, docs/python.md): a missing interpreter, numpy or
# package is one line; the same seed gives the same work whatever the timing, the threads run the
# same games as one thread, another seed other work. Skipped where the package is not built.
pkg="$(dirname "$JONG")/../python"
if ! /usr/bin/python3 -c 'import numpy' 2>/dev/null || [ ! -f "$pkg/jong/bench.py" ]; then
    echo "needs /usr/bin/python3 with numpy and the package built (make python)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$JONG" bench python --python /nonexistent/python3 2>&1
printf '#!/bin/sh\nexec /usr/bin/python3 -S "$@"\n' >"$tmp/nosite"   # -S: no numpy
chmod +x "$tmp/nosite"
"$JONG" bench python --python "$tmp/nosite" 2>&1 | sed "s#$tmp#TMP#"
JONG_PYTHONPATH="$tmp" "$JONG" bench python 2>&1 | sed "s#$tmp#TMP#"
"$JONG" bench python --threads 0 2>&1
# the work of a run: each result without its timings (figures, shares, the load average)
work() {
    "$JONG" bench python --rules riichi --decisions 300 --tables 3 --steps 40 --threads 3 --games 1 \
        --repeat 1 --json --seed "$1" 2>/dev/null | /usr/bin/python3 -c '
import json, sys
out = json.load(sys.stdin)
for r in out["results"]:
    print(r["bench"], r["rules"], "threads %d" % r["threads"] if "threads" in r else "-",
          "%d decisions" % r["decisions"] if "decisions" in r else "-", r["signature"])
print("all", out["signature"])'
}
a=$(work 5)
b=$(work 5)
c=$(work 6)
[ -n "$a" ] && [ "$a" = "$b" ] && echo "same seed: same work"
[ "$a" != "$c" ] && echo "other seed: other work"
echo "$a" | grep -v '^all' | sed -E 's/ [0-9a-f]{16}$//'
echo "$a" | awk '$1 == "vecenv" { print $NF }' | uniq | wc -l | sed 's/^/vecenv signatures over 1 and 3 threads: /'
