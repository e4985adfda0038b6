$JONG analyze 2345678m345p345s --seen 2m2m5m8m8m8m
