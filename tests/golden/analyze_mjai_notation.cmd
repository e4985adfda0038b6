$JONG analyze 1m 2m 3m 4p 5pr 6p 7s 8s 9s E E E P
