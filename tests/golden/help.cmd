$JONG help
