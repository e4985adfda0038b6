$JONG analyze 123m --rules mcr 2>&1
