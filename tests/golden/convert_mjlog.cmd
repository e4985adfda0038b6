$JONG convert convert_game.xml -o - && $JONG convert convert_game.xml -o /dev/null --json | sed 's/"out":"[^"]*"/"out":"X"/'
