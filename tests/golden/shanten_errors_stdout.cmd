$JONG shanten 2>/dev/null
