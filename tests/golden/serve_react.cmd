# jong serve with outside bots in each convention, and the end of a game. (Waits:
# ../support/wait.sh, on the server's new stderr file and on its pid, each with a deadline.)
# 1. --proto react: two TCP clients speak react (the scripted bot of tests/bots, which discards
#    what it draws, and jong bot greedy --proto react, which calls and answers a call with its
#    dahai), and the server's own seats 0 and 1 are that scripted bot through ext: in react
#    and in batched (the command uses $BOT from the environment, so the seats' names hold no
#    path). The second client starts once the first has joined, so the seats do not depend
#    on which connects first. No fault, no departure.
# 2. --proto stdio (every line answered): four scripted clients, which leave at end_game
#    without answering it, as many bots do: nothing was left to play, none is "(gone)".
# 3. --proto react, a client whose third discard comes 3 s late against --timeout 1000: dropped
#    at that decision (one timeout), its seat then plays the default actions to the end (each
#    counted as a crash; the default is the discard of the drawn tile, the bot's own play, so
#    the hand goes as it would have), "(gone)". The three records replay through the engine.
. ../support/wait.sh
d="$(mktemp -d)"; trap 'rm -rf "$d"' EXIT
BOT="$(dirname "$JONG")/tests/bots/script_bot"
[ -x "$BOT" ] || { echo "missing $BOT (the Makefile builds it: make test, or make $BOT)"; exit 1; } # fail, never hang
export BOT
serve() { # serve NAME ARGS...: the server in the background, its port in $port
    : >"$d/$1.err"
    "$JONG" serve --port 0 --game-type one_kyoku --games 1 --seed 42 --out "$d/$1" "${@:2}" >"$d/$1.out" 2>>"$d/$1.err" &
    server=$!
    wait_line "$d/$1.err" 'listening on mjsonp://127\.0\.0\.1:[0-9]+/$' $server "jong serve's 'listening on' line" ||
        { kill -KILL $server 2>/dev/null; exit 1; }
    port="$(sed -n 's|.*listening on mjsonp://127.0.0.1:\([0-9]*\)/$|\1|p' "$d/$1.err")"
}
finish() { # finish NAME: the game's line, the server's complaints
    wait_exit $server "jong serve to end its game" || kill -KILL $server 2>/dev/null
    wait
    sed "s|$d|DIR|" "$d/$1.out"
    grep -v -e 'listening on' -e 'joined room' -e 'started in room' -e ', 1 game of one_kyoku$' "$d/$1.err"
}
serve react --proto react --timeout 20000 --seat "0=ext:cmd='\$BOT react',proto=react" \
    --seat "1=ext:cmd='\$BOT batched',proto=batched"
"$BOT" react "127.0.0.1:$port" &
# the scripted client first, then jong bot: the seats go in the order the clients join
wait_line "$d/react.err" 'joined room' $server "the scripted client joining" || { kill -KILL $server 2>/dev/null; exit 1; }
"$JONG" bot greedy --proto react --connect "mjsonp://127.0.0.1:$port/default" --name jong-react 2>>"$d/bot.err"
finish react
serve stdio --timeout 20000
for n in 0 1 2 3; do "$BOT" stdio "127.0.0.1:$port" & done
finish stdio
serve late --proto react --timeout 1000 --seat 1=greedy --seat 2=greedy --seat 3=greedy
"$BOT" react,late=3000 "127.0.0.1:$port"
finish late
cat "$d/bot.err"
"$JONG" replay --verify "$d/react" "$d/stdio" "$d/late" 2>&1 | tail -1
