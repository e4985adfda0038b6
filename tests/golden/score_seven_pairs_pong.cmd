$JONG score --rules taiwan 11m22m33m44p55p66s77s999s --win 4p --option special_hands=seven-pairs-pong --seat 1 --discarder 2
