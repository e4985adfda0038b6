$JONG analyze 123m456p789s1122z5m --dora 1z1z1z 2>&1
