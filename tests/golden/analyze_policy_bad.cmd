$JONG analyze 234m456p789s24688s --policy best 2>&1
