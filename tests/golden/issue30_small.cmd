# Issue 30's small things: without --rules a command takes the family its input says (a hand of
# 16/17 tiles is Taiwanese; players of one family only play it); errors with their hint (upper-
# case suits, a hand of the other family's size); --turn past the hand refused; convert writes to
# stdout without -o; the self-play summary counts score changes (riichi: and the final points).
$JONG analyze 1234567m1234567p88s --sims 0 | head -2
$JONG score "[123m] 456m789p234s55p67s" --win 8s --seat W --dealer S --round S | head -2
$JONG play --players kurita --hands 1 --seed 1 --quiet 2>/dev/null
$JONG play --players greedy --hands 1 --seed 3 --quiet 2>/dev/null
$JONG analyze 123M456p789s1122z 2>&1
$JONG analyze --rules riichi 1234567m1234567p88s 2>&1
$JONG analyze 123m456p789s1122z3m --turn 30 2>&1
$JONG analyze 1234567m1234567p888s --turn 17 --sims 0 2>&1 | head -1
$JONG convert convert_game.xml | head -2 | cut -c1-60
$JONG convert convert_game.xml --json 2>&1
