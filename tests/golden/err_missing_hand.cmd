$JONG analyze --json 2>&1
