$JONG --help
