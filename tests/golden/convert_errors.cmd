$JONG convert 2>&1; $JONG convert convert_game.xml 2>&1; $JONG convert nothere.xml -o - 2>&1; $JONG convert convert_mjlog.cmd -o - 2>&1; $JONG convert a b -o - 2>&1; $JONG convert --bogus 2>&1
