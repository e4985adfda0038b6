$JONG analyze 234m456p789s24688s --draws 3 --policy points --exchanges all | sed -n '/^chances/,/^  4s/p'
