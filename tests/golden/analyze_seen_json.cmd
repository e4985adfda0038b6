$JONG analyze 2345678m345p345s --seen 225888m --json
