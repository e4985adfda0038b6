# A host that does not resolve: the resolver's reason ("Name or service not known", or "Temporary
# failure in name resolution" where no name server answers) is shown as (not found). An address
# that is not this machine's (192.0.2.1 is for documentation only): the bind's reason.
$JONG serve --game-type hanchan 2>&1; $JONG serve --seat 5=greedy 2>&1; $JONG serve --seat 0=ext:proto=stdio 2>&1; $JONG serve --games 0 2>&1; $JONG serve --proto batched 2>&1; $JONG serve --host nowhere.invalid --seat 0=greedy --seed 1 --out /tmp 2>&1 | sed -E 's/: (Name or service not known|Temporary failure in name resolution)$/: (not found)/'; echo "status ${PIPESTATUS[0]}"; $JONG serve --host 192.0.2.1 --port 11601 --seed 1 --out /tmp 2>&1
