$JONG frobnicate 123m 2>&1
