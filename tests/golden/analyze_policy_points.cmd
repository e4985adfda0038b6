$JONG analyze 234m456p789s24688s --draws 2 --policy points | sed -n '/^chances/,/^  6s/p'
