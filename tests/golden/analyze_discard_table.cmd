$JONG analyze --sims 0 123456789m1122p5s
