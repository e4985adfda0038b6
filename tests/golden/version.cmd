$JONG --version
