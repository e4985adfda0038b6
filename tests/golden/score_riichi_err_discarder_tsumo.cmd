$JONG score 123m456p789s345s9m --win 9m --tsumo --discarder S 2>&1
