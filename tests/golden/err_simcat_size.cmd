$JONG simcat 445m1267p114s 2>&1
