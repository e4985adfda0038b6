$JONG score 123m456p789s345s19m --win 1m 2>&1
