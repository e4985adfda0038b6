$JONG analyze --sims 0 11223344556677m --json
