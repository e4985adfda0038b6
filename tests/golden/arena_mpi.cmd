# `jong arena` and `jong play` under MPI (docs/cluster.md; skipped without mpirun or a jong
# built without MPI): 3 ranks (all play; rank 0 also hands the games out and writes the files)
# give the table, results.jsonl, summary.json and chart of --jobs 1 byte for byte, with --jobs 1
# and 2 in each rank; `jong arena verify` over 3 ranks checks a sample; `jong play --log` gives
# the summary, records and index of one process, handed out the same way. A rank killed with
# SIGKILL mid-run (mpirun then ends the whole job), resumed without MPI, and a job whose rank 0
# is killed, resumed under MPI, end with the same files, for the arena and for self-play. The
# kills are at a fixed point, whatever the machine's load: JONG_TEST_KILL=RANK:N makes that rank
# kill itself with SIGKILL after its N-th game (rank 0: N games kept in its files; another rank:
# N sent to rank 0), as a crash would.
command -v mpirun >/dev/null || { echo "mpirun is not installed (Debian: openmpi-bin)"; exit 77; }
ldd "$JONG" | grep -q libmpi || { echo "this jong was built without MPI (Debian: libopenmpi-dev)"; exit 77; }
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
# The ASan build: Open MPI keeps allocations until exit in plugins it unloads, which LeakSanitizer
# reports from "<unknown module>" (no suppression can name them), so leaks are not checked here
# (arena_verify and the other arena cases check the rest of the arena's code for leaks); ASan's
# and UBSan's other checks stay. Open MPI's warnings about a container's shared memory are off.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# faulty:mode=hang sleeps 1 ms on one decision in 50 (and plays as random): games of uneven
# length for the hand-out; its results do not depend on time (no time per move: the hang limit
# is 10 s)
players="--players greedy,faulty:mode=hang,every=50,ms=1 --games 3000 --seed 3"
mpi() { mpirun --oversubscribe --allow-run-as-root -np "$@"; }
"$JONG" arena $players --jobs 1 --out "$d/one" >"$d/one.txt" 2>/dev/null
mpi 3 "$JONG" arena $players --out "$d/mpi" >"$d/mpi.txt" 2>"$d/mpi.err"; echo "mpirun: $?"
grep -c '3000 games, 3 ranks of 1 jobs (rank 0 also hands the games out)' "$d/mpi.err"
mpi 3 "$JONG" arena $players --jobs 2 --out "$d/mpi2" >"$d/mpi2.txt" 2>/dev/null; echo "mpirun --jobs 2: $?"
cmp "$d/one.txt" "$d/mpi.txt" && cmp "$d/one.txt" "$d/mpi2.txt" && echo "same table"
for f in results.jsonl summary.json summary.svg; do
    cmp "$d/one/$f" "$d/mpi/$f" && cmp "$d/one/$f" "$d/mpi2/$f" && echo "same $f"
done
# (faulty's ms= makes a run not replayable by verify: a run of greedy and random for it)
"$JONG" arena --players greedy,random --games 300 --seed 5 --jobs 2 --out "$d/v" >/dev/null 2>&1
mpi 3 "$JONG" arena verify "$d/v" --sample 50 --seed 2 2>/dev/null | sed "s|$d/||"
# self-play over 3 ranks, handed out as the arena's games: the summary, every record and the
# index of one process; with 2 threads per rank too
play="--players greedy,random --games 40 --seed 4 --hands 2"
"$JONG" play $play --log "$d/play1" --quiet >"$d/play1.txt" 2>/dev/null
mpi 3 "$JONG" play $play --log "$d/play3" --quiet >"$d/play3.txt" 2>"$d/play3.err"
echo "mpirun play: $?"
grep -c '40 games, 3 ranks of 1 jobs (rank 0 also hands the games out)' "$d/play3.err"
mpi 3 "$JONG" play $play --jobs 2 --log "$d/play3j" --quiet >"$d/play3j.txt" 2>/dev/null
echo "mpirun play --jobs 2: $?"
cmp "$d/play1.txt" "$d/play3.txt" && cmp "$d/play1.txt" "$d/play3j.txt" && diff -r "$d/play1" "$d/play3" &&
    diff -r "$d/play1" "$d/play3j" && echo "same play summary, index and $(ls "$d/play3" | wc -l) records"
# kill_rank RANK COMMAND...: under mpirun, rank RANK kills itself after its 300th game (mpirun
# then ends the whole job); the run must have stopped short
kill_rank() {
    local rank=$1 out=${*: -1}
    shift
    JONG_TEST_KILL=$rank:300 mpi 3 "$@" >/dev/null 2>&1
    echo "rank $rank killed, mpirun: $?"
    [ "$(wc -l <"$out/results.jsonl")" -lt 3001 ] && echo "games missing after the kill"
}
kill_rank 1 "$JONG" arena $players --out "$d/cut"
"$JONG" arena --resume --out "$d/cut" --jobs 1 2>&1 >"$d/cut.txt" | grep -c 'resuming .* of 3000 games done'
kill_rank 0 "$JONG" arena $players --out "$d/cut0"
mpi 3 "$JONG" arena --resume --out "$d/cut0" 2>&1 >"$d/cut0.txt" | grep -c 'resuming .* of 3000 games done'
cmp "$d/one.txt" "$d/cut.txt" && cmp "$d/one.txt" "$d/cut0.txt" && echo "same table after the kills"
for f in results.jsonl summary.json summary.svg; do
    cmp "$d/one/$f" "$d/cut/$f" && cmp "$d/one/$f" "$d/cut0/$f" && echo "same $f after the kills"
done
# self-play killed the same ways: rank 1 after 10 games (resumed without MPI, 2 threads), rank 0
# after 10 (resumed under MPI)
for rank in 1 0; do
    JONG_TEST_KILL=$rank:10 mpi 3 "$JONG" play $play --log "$d/pcut$rank" --quiet >/dev/null 2>&1
    echo "play: rank $rank killed, mpirun: $?"
    [ "$(wc -l <"$d/pcut$rank/.jong-play.jsonl")" -lt 41 ] && echo "games missing after the kill"
done
"$JONG" play --resume --log "$d/pcut1" --jobs 2 --quiet 2>&1 >"$d/pcut1.txt" | grep -c 'resuming .* of 40 games done'
mpi 3 "$JONG" play --resume --log "$d/pcut0" --quiet 2>&1 >"$d/pcut0.txt" | grep -c 'resuming .* of 40 games done'
cmp "$d/play1.txt" "$d/pcut1.txt" && cmp "$d/play1.txt" "$d/pcut0.txt" && diff -r "$d/play1" "$d/pcut1" &&
    diff -r "$d/play1" "$d/pcut0" && echo "same play summary, index and records after the kills"
