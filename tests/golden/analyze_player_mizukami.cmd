# the Mizukami players value each discard for jong analyze: Eq. 10 scores when Eq. 13 calls for the Monte Carlo
# move (forced by alpha=0), else the policy scores (mizukami at its default alpha, and oneplayer)
$JONG analyze 123m456m78p11s2357z --player mizukami:sims=10,alpha=0 --sims 200 2>&1 | tail -16; for p in mizukami:sims=10 oneplayer; do $JONG analyze 123m456m78p11s2357z --player $p --sims 200 2>&1 | tail -1; done
