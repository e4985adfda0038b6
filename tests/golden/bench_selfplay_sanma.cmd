# jong bench selfplay plays three-player riichi (--rule three_player=on): the same seed gives the
# same work and signature (the rate varies, so only the work is compared); one or three players,
# of those that play three-player riichi
$JONG bench selfplay --rules riichi --rule three_player=on --players greedy,random,greedy --hands 300 --seed 9 --json 2>/dev/null | grep -o '"hands": [0-9]*, "games": [0-9]*, "decisions": [0-9]*\|"signature": "[0-9a-f]*"'
$JONG bench selfplay --rules riichi --rule three_player=on --players greedy,random --hands 10 2>&1; echo "exit $?"
$JONG bench selfplay --rules riichi --rule three_player=on --players kurita --hands 10 2>&1; echo "exit $?"
