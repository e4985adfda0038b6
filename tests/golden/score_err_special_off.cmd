$JONG score --rules taiwan 11m22m33m44p55p66s77s999s --win 4p 2>&1
