$JONG play --players nobody 2>&1
