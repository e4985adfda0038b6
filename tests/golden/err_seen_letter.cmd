$JONG analyze 2345678m345p345s --seen 5x 2>&1
