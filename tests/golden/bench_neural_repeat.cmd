# jong bench neural: the same seed gives the same work (the signature of the chosen ids, timings
# aside) with the built-in network or the same file given by --model, every CPU level the same
# signature; another seed other work.
strip() { sed -E 's/"(planes_us|us_per_decision|decisions_per_second)":[0-9.]+,?//g'; }
a=$("$JONG" bench neural --decisions 300 --seed 7 --json 2>/dev/null | strip)
b=$("$JONG" bench neural --decisions 300 --seed 7 --json --model ../../models/neural.jnn 2>/dev/null | strip)
c=$("$JONG" bench neural --decisions 300 --seed 8 --json 2>/dev/null | strip)
[ -n "$a" ] && [ "$a" = "$b" ] && echo "same seed: same work, built in or from the file"
[ "$a" != "$c" ] && echo "other seed: other work"
[ "$(echo "$a" | grep -o '"signature":"[0-9a-f]*"' | sort -u | wc -l)" = 1 ] && echo "one signature at every level"
echo "$a" | grep -o '"seed":7,"decisions":300'
