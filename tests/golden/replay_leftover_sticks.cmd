# A one_kyoku game of `jong serve` (made by: jong serve --port P --game-type one_kyoku --games 1
# --seed 5 --seat 0=greedy --seat 2=kurita, then jong bot mizukami and jong bot greedy joining in
# that order) that ends by an exhaustive draw with a riichi stick on the table: at the game's end
# the stick goes to the first place, and the record's end_game says so. The replay accepts it
# (it used to report "a hand should start here"); a wrong end score is still a difference.
$JONG replay --verify replay_leftover_sticks.mjson 2>&1 | sed 's/, [0-9]* events//'
sed '$s/27500/28500/' replay_leftover_sticks.mjson > /tmp/jong_leftover_$$.mjson
$JONG replay --verify /tmp/jong_leftover_$$.mjson 2>&1 | sed "s|/tmp/jong_leftover_[0-9]*|BAD|"; echo "exit ${PIPESTATUS[0]}"
rm -f /tmp/jong_leftover_$$.mjson
