$JONG play --players greedy:claim=maybe 2>&1
