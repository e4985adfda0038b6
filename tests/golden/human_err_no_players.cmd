$JONG play --human E 2>&1
