$JONG score 12233m445566p99s --win 1m --seat S --option kiriage=on
