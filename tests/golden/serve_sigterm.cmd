# jong serve and jong bot stopped by signals. (Waits: ../support/wait.sh, each with a deadline.)
# 1. A game waits on a client that joined and never answers (--timeout 600000: ten minutes).
#    The first SIGTERM stops new games only: the server says so and goes on waiting; the
#    second abandons the game under way (no record) and the server ends, saying how far it got.
# 2. jong bot --connect waiting for its table, and jong bot on a standard input that stays open,
#    each stopped by SIGTERM: one line each, status 1.
. ../support/wait.sh
d="$(mktemp -d)"; trap 'rm -rf "$d"' EXIT
: >"$d/err"
"$JONG" serve --port 0 --seed 1 --games 2 --timeout 600000 --seat 1=greedy --seat 2=greedy --seat 3=greedy \
    --out "$d/games" >"$d/out" 2>>"$d/err" &
server=$!
wait_line "$d/err" 'listening on mjsonp://127\.0\.0\.1:[0-9]+/$' $server "jong serve's 'listening on' line" ||
    { kill -KILL $server 2>/dev/null; exit 1; }
port="$(sed -n 's|.*listening on mjsonp://127.0.0.1:\([0-9]*\)/$|\1|p' "$d/err")"
exec {c}<>"/dev/tcp/127.0.0.1/$port"
read -r -u $c hello
echo '{"type":"join","name":"mute","room":"default"}' >&$c
wait_line "$d/err" 'game 0: started' $server "the game to start" || { kill -KILL $server 2>/dev/null; exit 1; }
kill -TERM $server
wait_line "$d/err" 'stopping: no new games' $server "the server's line on the first SIGTERM" ||
    { kill -KILL $server 2>/dev/null; exit 1; }
kill -0 $server && echo "still serving the game under way"
kill -TERM $server
wait_exit $server "jong serve to stop on the second SIGTERM" || kill -KILL $server 2>/dev/null
wait $server; echo "exit $?"
cat "$d/out"
grep -v -e 'listening on' -e 'joined room' -e 'started in room' -e ', 2 games of tonnan$' "$d/err"
ls "$d/games" | wc -l
exec {c}>&-
# 2.
: >"$d/err"
"$JONG" serve --port 0 --seed 1 --timeout 600000 --out "$d/games" >/dev/null 2>>"$d/err" &
server=$!
wait_line "$d/err" 'listening on mjsonp://127\.0\.0\.1:[0-9]+/$' $server "jong serve's 'listening on' line" ||
    { kill -KILL $server 2>/dev/null; exit 1; }
port="$(sed -n 's|.*listening on mjsonp://127.0.0.1:\([0-9]*\)/$|\1|p' "$d/err")"
"$JONG" bot greedy --connect "mjsonp://127.0.0.1:$port/default" --name waiting 2>"$d/bot.err" &
bot=$!
wait_line "$d/err" "client 'waiting' joined" $server "the bot to join" || { kill -KILL $server $bot 2>/dev/null; exit 1; }
kill -TERM $bot
wait_exit $bot "jong bot --connect to stop on SIGTERM" || kill -KILL $bot
wait $bot; echo "bot --connect: exit $?"
cat "$d/bot.err"
kill -TERM $server; wait $server
mkfifo "$d/in"
"$JONG" bot greedy <"$d/in" >"$d/bot.out" 2>"$d/bot.err" &
bot=$!
exec {w}>"$d/in"
echo '{"type":"hello"}' >&$w
wait_line "$d/bot.out" 'join' $bot "the bot's answer to hello" || { kill -KILL $bot; exit 1; }
kill -TERM $bot
wait_exit $bot "jong bot to stop on SIGTERM" || kill -KILL $bot
wait $bot; echo "bot: exit $?"
cat "$d/bot.err"
exec {w}>&-
