$JONG analyze 123m --rules 2>&1
