$JONG analyze "123m456p78s11z5m [222z]" --draws 1
