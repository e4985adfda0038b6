$JONG analyze 123456789m1122p5s --rules taiwan 2>&1
