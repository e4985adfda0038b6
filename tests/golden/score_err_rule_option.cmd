$JONG score --rules taiwan "[123m] 456m789p234s55p88s" --win 8s --option frob=1 2>&1
