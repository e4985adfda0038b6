$JONG web --bogus 2>&1
