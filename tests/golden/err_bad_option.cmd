$JONG analyze --frob 123m 2>&1
