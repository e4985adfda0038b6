$JONG play --players greedy,random,greedy 2>&1
