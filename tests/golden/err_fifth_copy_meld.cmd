$JONG analyze "23m456p11z [789s] [EEE]" 2>&1
