# `jong arena` and `jong play` under MPI (docs/cluster.md; skipped without mpirun or a jong
# built without MPI): 3 ranks (all play; rank 0 also hands the games out and writes the files)
# give the table, results.jsonl, summary.json and chart of --jobs 1 byte for byte, with --jobs 1
# and 2 in each rank; `jong arena verify` over 3 ranks checks a sample; `jong play --log` gives
# the summary and records of one process. A rank killed with SIGKILL mid-run (mpirun then ends
# the whole job), resumed without MPI, and a job whose rank 0 is killed, resumed under MPI, end
# with the same files. The kills wait (../support/wait.sh) for 500 games in the run's own results
# file, or for the run to end first, which is then said; the killed rank is found by its
# OMPI_COMM_WORLD_RANK among mpirun's children.
command -v mpirun >/dev/null || { echo "mpirun is not installed (Debian: openmpi-bin)"; exit 77; }
ldd "$JONG" | grep -q libmpi || { echo "this jong was built without MPI (Debian: libopenmpi-dev)"; exit 77; }
. ../support/wait.sh
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
# The ASan build: Open MPI keeps allocations until exit in plugins it unloads, which LeakSanitizer
# reports from "<unknown module>" (no suppression can name them), so leaks are not checked here
# (arena_verify and the other arena cases check the rest of the arena's code for leaks); ASan's
# and UBSan's other checks stay. Open MPI's warnings about a container's shared memory are off.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# faulty:mode=hang sleeps 1 ms on one decision in 50 (and plays as random): whatever the
# machine's speed, a run lasts over a second, so the kills below land mid-run; its results do not
# depend on time (no time per move: the hang limit is 10 s)
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
# self-play over 3 ranks (rank r plays the games g = r mod 3): the summary and every record of one process
"$JONG" play --players greedy,random --games 12 --seed 4 --log "$d/play1" --quiet >"$d/play1.txt" 2>/dev/null
mpi 3 "$JONG" play --players greedy,random --games 12 --seed 4 --log "$d/play3" --quiet >"$d/play3.txt" 2>/dev/null
echo "mpirun play: $?"
cmp "$d/play1.txt" "$d/play3.txt" && diff -r "$d/play1" "$d/play3" && echo "same play summary and $(ls "$d/play3" | wc -l) records"
# kill_rank NAME RANK: a run under mpirun in $d/NAME, its rank RANK killed after 500 games
kill_rank() {
    # (mpirun itself in the background, not a shell running mpi(): the ranks are its children)
    mpirun --oversubscribe --allow-run-as-root -np 3 "$JONG" arena $players --out "$d/$1" >/dev/null 2>&1 &
    local pid=$! victim=
    written() { if [ -f "$d/$1/results.jsonl" ]; then wc -l <"$d/$1/results.jsonl"; else echo 0; fi; }
    ready() { [ "$(written "$1")" -ge 500 ] || ! kill -0 $pid 2>/dev/null; }
    wait_until "500 games in $1/results.jsonl" "written $1" ready "$1" || { kill $pid; return 1; }
    kill -0 $pid 2>/dev/null || echo "the run to be killed ended first, with $(written "$1") lines written"
    for p in $(pgrep -P $pid); do
        tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2" && victim=$p
    done
    kill -KILL "$victim" && { wait $pid; } 2>/dev/null
    echo "rank $2 killed, mpirun: $?"
    [ "$(wc -l <"$d/$1/results.jsonl")" -lt 3001 ] && echo "games missing after the kill"
}
kill_rank cut 1
"$JONG" arena --resume --out "$d/cut" --jobs 1 2>&1 >"$d/cut.txt" | grep -c 'resuming .* of 3000 games done'
kill_rank cut0 0
mpi 3 "$JONG" arena --resume --out "$d/cut0" 2>&1 >"$d/cut0.txt" | grep -c 'resuming .* of 3000 games done'
cmp "$d/one.txt" "$d/cut.txt" && cmp "$d/one.txt" "$d/cut0.txt" && echo "same table after the kills"
for f in results.jsonl summary.json summary.svg; do
    cmp "$d/one/$f" "$d/cut/$f" && cmp "$d/one/$f" "$d/cut0/$f" && echo "same $f after the kills"
done
