"$JONG" bench kf --hands 0 2>&1
