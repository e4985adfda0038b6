$JONG analyze --sims 0 445w1267t1144888999s --rules taiwan --json
