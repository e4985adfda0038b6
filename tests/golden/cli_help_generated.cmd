# --help made from a command's table: the usage line (given, or made from the options), the
# description, the positional arguments and the options aligned with their ranges and defaults,
# -h/--help, then the sub-commands of a command that has them.
$JONG arena compare --help; echo; $JONG bench score --help; echo; $JONG kf --help
