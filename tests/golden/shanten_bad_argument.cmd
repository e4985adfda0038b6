$JONG shanten --frob 2>&1
