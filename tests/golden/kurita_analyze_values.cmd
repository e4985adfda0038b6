"$JONG" analyze 123m456m78p11s2357z --player kurita 2>&1
