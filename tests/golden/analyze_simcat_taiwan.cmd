$JONG analyze 445w1267t1144888999s --rules taiwan
