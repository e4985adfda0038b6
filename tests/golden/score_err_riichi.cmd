$JONG score --rules riichi "[123m] 456m789p234s55p88s" --win 8s 2>&1
