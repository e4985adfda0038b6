$JONG shanten
