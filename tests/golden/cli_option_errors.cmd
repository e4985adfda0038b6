# The option errors every command shares (cli_options.c): one line naming the option and what it
# wants, then where the help is; exit 2. A flag takes no value, a number outside its range or not a
# number is refused, a sub-command or a benchmark must come first, "--" ends the options.
try() { "$JONG" "$@" 2>&1; echo "exit $?"; }
try analyze 123m --json=yes
try play --players greedy --seed -1
try play --players greedy --games
try play --players greedy --games=1x
try arena --players greedy,random --mode=5v5
try train waiting --records . --out x.jlm --test-share 1
try train waiting --records . --out x.jlm --eta=0
try train --records . --out x.jlm alpha
try kf
try kf wn-tables
try bench
try bench --json frob
try bench --json selfplay
try shanten 123m
try review
try arena compare a b c
try convert -o - -- --no-such-file
