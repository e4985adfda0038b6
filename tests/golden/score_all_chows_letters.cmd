$JONG score --rules taiwan "[123m] 456m789p234s55p67s" --win 8s --seat W --dealer S --round S
