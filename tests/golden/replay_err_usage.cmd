$JONG replay --verify 2>&1; echo "status $?"; $JONG replay x.jsonl 2>&1; echo "status $?"; $JONG replay x.jsonl --verify --frob 2>&1
