$JONG analyze 234m456p789s24688s --policy points --exchanges sideways 2>&1
