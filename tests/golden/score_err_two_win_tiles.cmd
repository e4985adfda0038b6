$JONG score --rules taiwan "[123m] 456m789p234s55p8s9s" --win 8s8s 2>&1
