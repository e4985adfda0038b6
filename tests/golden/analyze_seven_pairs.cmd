$JONG analyze --sims 0 1133557799m11p22s
