$JONG analyze 234m456p789s24688s --policy win --method simulate 2>&1
