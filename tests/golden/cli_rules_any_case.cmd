# Rule-family names are read in any case wherever a command line takes them (analyze, score, play,
# play --human, arena, bench selfplay; the last --rules counts); a name that is neither is refused,
# naming the two.
$JONG analyze --rules=TAIWAN 123456789m1234567p | head -2
$JONG analyze 123m456p789s1122z5m --rules Riichi --sims 0 | head -2
$JONG score --rules Taiwan "[123m] 456m789p234s55p67s" --win 8s --seat W --dealer S --round S | head -2
$JONG score --rules riichi --rules=TAIWAN "[123m] 456m789p234s55p67s" --win 8s | head -1
$JONG play --rules RIICHI --players greedy --hands 1 --seed 3 --quiet 2>/dev/null | head -1
$JONG bench selfplay --rules Riichi --players greedy --hands 1 --json 2>/dev/null | grep -o '"rules": "[a-z]*"'
$JONG arena --rules rIIcHi --players greedy,random --mode FREE --games 1 2>&1 | tail -1
$JONG play --human E --players greedy --rules Mahjong 2>&1
$JONG analyze 123m --rules mcr 2>&1
