$JONG score --rules taiwan "[123m] 456m789p234s55p88s" --win 8s --seat 1 --self-draw --streak 2
