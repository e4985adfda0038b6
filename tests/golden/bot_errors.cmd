$JONG bot 2>&1; $JONG bot greedy --seat 7 2>&1; $JONG bot greedy random 2>&1; $JONG bot greedy --frob 2>&1; $JONG bot greedy --proto tcp 2>&1
