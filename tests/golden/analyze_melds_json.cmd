$JONG analyze "123m44p11z [789s] (5555p)" --json
