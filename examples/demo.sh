#!/usr/bin/env bash
# A short tour of `jong analyze`, `jong score` and `jong play`, then a short arena between the
# built-in players with its table (this is what `make run` shows; about a minute on 2 cores).
#
# usage: examples/demo.sh path/to/jong
set -eu

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 path/to/jong" >&2
    exit 2
fi
JONG=$1

# show TITLE HAND [OPTIONS...]: one titled analysis, with the command line that produced it.
show() {
    local title=$1 hand=$2
    shift 2
    printf '\n=== %s\n$ jong analyze '\''%s'\''%s\n\n' "$title" "$hand" "${*:+ $*}"
    "$JONG" analyze "$hand" "$@"
}

echo "jong analyze: shanten, SIMCAT blocks and MTW(c), waits, readings and discards"

show "Riichi, ready on a three-sided wait (2m 5m 8m)" \
    2345678m345p345s

show "Seven pairs that is also three standard hands (four readings)" \
    11223344556677m

show "Thirteen orphans, one tile away: a thirteen-sided wait" \
    19m19p19s1234567z

show "The SIMCAT paper's Taiwanese hand: MTW(1..8) = 0 0 0 1 2 3 4 6, 7 blocks" \
    445w1267t1144888999s --rules taiwan

show "Exposed chow and pung of white dragons: which tile to let go?" \
    '3456m2267p [789s] [PPP]'

# run TITLE ARGS...: one titled jong command, with its command line.
run() {
    local title=$1
    shift
    printf '\n=== %s\n$ jong %s\n\n' "$title" "$*"
    "$JONG" "$@"
}

run "A Taiwanese win explained: tai patterns, total and each seat's payment" \
    score --rules taiwan "123456789m123p44s45s" --win 6s --self-draw

run "Self-play at the Taiwanese table: two greedy against two random players, 16 hands" \
    play --rules taiwan --players greedy,random --hands 16 --seed 7 --quiet

# The arena last, so that its table is what stays on the screen. race (the strongest Taiwanese
# player), KF-V, greedy and random, each alone at its side, every game played four times with the
# table turned (mode free), two matches of 384 Taiwanese hands. simcat is left out: it thinks
# about a second per discard.
run "The arena: four built-in players, duplicate games, 95% confidence intervals" \
    arena --rules taiwan --players race,kf-v,greedy,random --mode free --matches 2 --seed 1
