$JONG score --rules taiwan "[123m] 456m789p234s55p888s" --win 8s
