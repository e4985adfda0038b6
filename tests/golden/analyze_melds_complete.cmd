$JONG analyze "123m456p11z [789s] [CCC]"
