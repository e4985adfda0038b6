$JONG score 123m456p789s345s99m --win 4s 2>&1
