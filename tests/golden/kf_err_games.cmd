"$JONG" kf wn-table --games zero 2>&1
