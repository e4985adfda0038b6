"$JONG" bench kurita --player greedy 2>&1
