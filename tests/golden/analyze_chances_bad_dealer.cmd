$JONG analyze 123m456p789s1122z5m --dealer --seat S 2>&1
