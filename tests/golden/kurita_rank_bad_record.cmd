# jong train kurita: a record that does not read stops the rank regression with one line naming
# the file (the counting pass before it skips such files); exit 1. The good game is the convert test's.
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
cp convert_game.xml "$d/a.xml" && printf '{"type":"start_game"}\nnot json\n' > "$d/b.mjson" && cd "$d"
"$JONG" train kurita --records . --out k.jlm --eq17-games 0 2>err >/dev/null; s=$?; tail -1 err; echo "exit $s"; test ! -e k.jlm && echo "no file written"
