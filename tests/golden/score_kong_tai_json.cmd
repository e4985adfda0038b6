$JONG score --rules taiwan "[1111m] 456m789p55p888s (9999s)" --win 8s --seat 1 --discarder 2 --option kong_tai=exposed1-concealed2 --json
