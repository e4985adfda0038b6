$JONG analyze 2345678m345p345s --seen 5555m 2>&1
