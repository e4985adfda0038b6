$JONG shanten 2>&1 >/dev/null
