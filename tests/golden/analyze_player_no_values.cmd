$JONG analyze 123m456p789s1122z5m --player greedy 2>&1
