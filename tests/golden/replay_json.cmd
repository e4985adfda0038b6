$JONG replay - no-such-record.jsonl --verify --json 2>/dev/null
