$JONG score --rules taiwan "[123m][456m] 111m999m33m777m" --win 7m --seat 2 --dealer 1 --discarder 1 --option big_hands=ericyang
