$JONG analyze 11223344556677m --json
