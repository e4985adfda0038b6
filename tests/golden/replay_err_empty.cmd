$JONG replay - --verify 2>&1
