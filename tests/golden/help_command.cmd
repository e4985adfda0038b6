$JONG help shanten
