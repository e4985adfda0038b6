$JONG play --players greedy --rule flowers=maybe 2>&1
