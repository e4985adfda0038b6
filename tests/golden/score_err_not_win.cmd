$JONG score --rules taiwan "[123m] 456m789p234s55p889s" --win 8s 2>&1
