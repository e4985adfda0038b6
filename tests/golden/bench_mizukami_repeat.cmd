# jong bench mizukami: the same seed gives the same work (decisions, Monte Carlo moves, simulations
# and the signature of the picks) whatever the timing; another seed other picks.
strip() { sed -E 's/"(simulations_per_second|mean_ms|worst_ms)":[0-9.]+,?//g'; }
a=$("$JONG" bench mizukami --decisions 40 --seed 7 --json 2>/dev/null | strip)
b=$("$JONG" bench mizukami --decisions 40 --seed 7 --json 2>/dev/null | strip)
c=$("$JONG" bench mizukami --decisions 40 --seed 8 --json 2>/dev/null | strip)
[ -n "$a" ] && [ "$a" = "$b" ] && echo "same seed: same work"
[ "$a" != "$c" ] && echo "other seed: other work"
echo "$a" | grep -o '"decisions":40,"sims_per_candidate":60,"alpha":0.1'
"$JONG" bench mizukami --decisions 3 --sims 5 2>&1 >/dev/null | head -1
