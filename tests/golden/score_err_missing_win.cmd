$JONG score --rules taiwan "[123m] 456m789p234s55p88s" 2>&1
