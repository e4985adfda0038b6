$JONG analyze --sims 0 "123m456p11z [789s] [CCC]"
