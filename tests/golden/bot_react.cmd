# jong bot --proto react: only the lines where its seat has a decision get an answer. Seat 0 is
# dealt 123m 456p 789s EE P F and draws P: riichi, given with its dahai F in one array, and its
# own reach line (sent without "can_act") gets no answer, nor do the others' tsumo, the stick
# paid and a 9p it cannot take (in riichi); E from seat 2 completes EE/PP: ron. In a second
# game seat 2, one from tenpai with 234m 678p 35s 99m CC N, pons C from seat 0 to be tenpai on
# 4s (the pon of C its yaku), its dahai N in the same array; the pon and the dahai marked
# "can_act": false, an error line and a line that is not JSON (reported on stderr) get no
# answer; 4s from seat 3 is its ron.
$JONG bot greedy --proto react 2>&1
