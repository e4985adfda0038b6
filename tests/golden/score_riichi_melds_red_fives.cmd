$JONG score 406p678s88p --melds "[340s] [234m]" --win 0p --seat N --round S --discarder W
