$JONG score 123m456p789s345s99m --win 5s --ippatsu 2>&1
