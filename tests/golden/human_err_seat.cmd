$JONG play --human X --players greedy 2>&1
