$JONG analyze 123m456x 2>&1
