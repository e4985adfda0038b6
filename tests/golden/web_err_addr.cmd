# A host that does not resolve: the resolver's reason ("Name or service not known", or "Temporary
# failure in name resolution" where no name server answers) is shown as (not found). An address
# that is not this machine's (192.0.2.1 is for documentation only): the bind's reason.
$JONG web --addr nowhere.invalid --port 0 2>&1 | sed -E 's/: (Name or service not known|Temporary failure in name resolution)$/: (not found)/'; echo "status ${PIPESTATUS[0]}"; $JONG web --host 192.0.2.1 --port 8089 2>&1
