$JONG analyze 123m456p789s11z 2>&1
