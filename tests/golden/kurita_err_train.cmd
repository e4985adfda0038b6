"$JONG" train kurita --records /nonexistent-dir 2>&1
