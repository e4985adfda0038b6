$JONG analyze 234m456p789s24688s --exchanges 1 2>&1
