$JONG simcat 445m1267p1144s --options heuristic=h3 2>&1
