$JONG web --addr nowhere --port 0 2>&1
