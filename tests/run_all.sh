#!/usr/bin/env bash
# Runs every test of one or more build directories and sums up.
#
# usage: tests/run_all.sh BUILD_DIR...
#
# First, once: tests/install_test.sh, tests/python_test.sh (the Python package's pytest suite,
# skipped with its reason where it cannot run) and tests/doc_test.sh (with the first BUILD_DIR's jong).
# For each BUILD_DIR: every BUILD_DIR/tests/test_* program (cmocka; its exit status is the
# verdict), then BUILD_DIR/fuzz_replay fuzz/corpus when that program exists (and each
# BUILD_DIR/fuzz_replay_NAME fuzz/corpus_NAME), then
# tests/cli_test.sh BUILD_DIR/jong when that script exists, and the terminal and web tests
# (tests/tty_test.sh, tests/web_test.sh) and the review test (tests/review_test.sh), whose parts skip when tmux or chromium is absent.
#
# What each kind of build runs (the release build runs everything in full; the others recheck
# the same code under the sanitizers or another compiler, with fewer cases where a test already
# runs the full count in release; an explicit setting of these variables wins):
#   - "asan" in the name: JONG_RANDOM_HANDS defaults to 20000 (the release build makes the full
#     1,000,000-hand comparison; test_discard_eval takes a fifth of it, 4,000 hands against
#     200,000 in release) and JONG_CHECK_HANDS (the checking-mode self-play of test_game) to
#     2,000 hands (10,000 in release); the tests' own SANITIZED case counts apply (compiled in).
#     Every shell suite runs (ASan and UBSan watch the program's code under the goldens, the
#     terminal, the web server and the review), but for the golden kf_wn_table_remade
#     (JONG_GOLDEN_SKIP): 4,000 games of kf-rule self-play that check the shipped table is what
#     the command makes, a fact of the source and the seed, checked in release (about 25 s of
#     the ASan build's time; test_kf plays kf-rule under ASan), and guard_model_remade (20,000
#     games of greedy self-play and two trainings, 16 s in release; test_tw_players runs the guard
#     model's code under ASan).
#   - "clang" in the name: JONG_RANDOM_HANDS 100000, JONG_CHECK_HANDS 2000, and
#     JONG_TEST_REDUCED=1, which gives the tests the case counts of the ASan build
#     (tests/support/sanitized.h). The shell suites (cli goldens, tty, web, review) do not run:
#     they drive the jong program from outside, and the program's source is the same as in
#     release (which checks its behaviour) and ASan (which checks its memory and undefined
#     behaviour); the clang build still compiles all of it with -Werror and runs every test
#     program, the fuzz corpora and the layer check.
#   - "tsan" in the name (ThreadSanitizer; `make test` builds only the program there, about 3
#     minutes of the two cores): tests/web_race_test.sh alone, the web server's threads under 8
#     clients at once on a full server, where TSan found the race on a game's last use.
#   The SANITIZED counts (ASan and clang; release runs the full ones) include, besides each
#   test's older ones: test_discard_eval's hands beyond the tables (60 of 300), the kurita
#   player games of test_kurita and test_kurita_paper (East-only, not hanchan), of
#   test_kurita_calls (2 hands of 4) and test_kurita_rank's second kurita (mdp=1).
#
# The items (each program, fuzz replay, layer check and script) run JONG_TEST_JOBS at a time
# (default: the number of processors); each item's output is kept and printed with its verdict
# line in the order above, as soon as it and the items before it are done, so the output reads
# as one item after another (only the seconds, each item's own, overlap). JONG_TEST_JOBS=1 runs
# the items one by one, their output streamed as it comes. The items do not disturb each other:
# servers listen on port 0, tmux servers and temporary files are per process, chromium gets its
# own profile, and every wait in the scripts is on a fresh file or a pid with a deadline for a
# loaded machine (tests/support/wait.sh).
# Prints one line per program and ends with "N passed, N failed"; exits non-zero if any failed.
set -u

if [ $# -eq 0 ]; then
    echo "usage: $0 BUILD_DIR..." >&2
    exit 2
fi

# Build directories may be given relative to where we were called from; fuzz/corpus and
# tests/cli_test.sh are relative to the project root.
root="$(cd "$(dirname "$0")/.." && pwd)"
builds=()
for b in "$@"; do
    case "$b" in
        /*) builds+=("${b%/}") ;;
        *) builds+=("$PWD/${b%/}") ;;
    esac
done
cd "$root" || exit 2

jobs_max="${JONG_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}"
case "$jobs_max" in '' | *[!0-9]* | 0) jobs_max=1 ;; esac

passed=0
failed=0

# The queue: item i is either a line of text (kind text; counted as a failure when fail is 1)
# or a command (kind run) with its label.
n=0
q_kind=() q_text=() q_fail=() q_label=() q_cmd=()

# note TEXT [FAIL]: a line printed in its place in the output (a failure when FAIL is 1)
note() {
    q_kind[n]=text q_text[n]="$1" q_fail[n]="${2:-0}"
    n=$((n + 1))
}

# run LABEL COMMAND...: queues one test program (its verdict printed and counted in its place)
run() {
    q_kind[n]=run q_label[n]="${1#"$root"/}"
    shift
    q_cmd[n]="$(printf '%q ' "$@")"
    n=$((n + 1))
}

# Once, whatever the build directories, and first in the queue (each takes a minute or so, so
# they start while the test programs of the builds fill the other processor):
# the library as installed (make install into a temporary prefix, the C example through
# pkg-config; tests/install_test.sh), and every command of README.md and docs/ with the first
# build's program (tests/doc_test.sh).
if [ -f tests/install_test.sh ]; then
    note "== install"
    run "tests/install_test.sh" bash tests/install_test.sh
fi
# the Python package (tests/python with Debian's pytest; skipped with its reason when python3-dev,
# numpy or pytest is missing or build/python was not made)
if [ -f tests/python_test.sh ]; then
    note "== python"
    run "tests/python_test.sh" bash tests/python_test.sh "${builds[0]}/jong"
fi
if [ -f tests/doc_test.sh ] && [ -x "${builds[0]}/jong" ]; then
    note "== documents"
    run "tests/doc_test.sh ${builds[0]}/jong" bash tests/doc_test.sh "${builds[0]}/jong"
fi

for build in "${builds[@]}"; do
    note "== ${build#"$root"/}"
    if [ ! -d "$build" ]; then
        note "FAIL $build: no such build directory" 1
        continue
    fi
    # A ThreadSanitizer build holds the program only: the web server under 8 clients at once.
    case "$(basename "$build")" in
        *tsan*) run "tests/web_race_test.sh $build/jong" bash tests/web_race_test.sh "$build/jong"
                continue ;;
    esac
    # The reduced case counts apply to this build directory only; an explicit setting wins.
    envs=(env)
    scripts=1
    case "$(basename "$build")" in
        *asan*) envs+=("JONG_RANDOM_HANDS=${JONG_RANDOM_HANDS:-20000}"
                       "JONG_CHECK_HANDS=${JONG_CHECK_HANDS:-2000}"
                       "JONG_GOLDEN_SKIP=${JONG_GOLDEN_SKIP-kf_wn_table_remade guard_model_remade}") ;;
        *clang*) envs+=("JONG_RANDOM_HANDS=${JONG_RANDOM_HANDS:-100000}"
                        "JONG_CHECK_HANDS=${JONG_CHECK_HANDS:-2000}"
                        "JONG_TEST_REDUCED=${JONG_TEST_REDUCED:-1}")
                 scripts=0 ;;
    esac
    found=0
    for t in "$build"/tests/test_*; do
        [ -f "$t" ] && [ -x "$t" ] || continue
        case "$t" in *.o | *.d) continue ;; esac
        found=1
        run "$t" "${envs[@]}" "$t"
    done
    if [ "$found" -eq 0 ]; then
        note "FAIL $build/tests: no test programs" 1
    fi
    if [ -x "$build/fuzz_replay" ]; then
        run "$build/fuzz_replay fuzz/corpus" "$build/fuzz_replay" fuzz/corpus
    fi
    for r in "$build"/fuzz_replay_*; do
        [ -x "$r" ] || continue
        corpus="fuzz/corpus_${r##*/fuzz_replay_}"
        run "$r $corpus" "$r" "$corpus"
    done
    # the layer order of src/ (includes and symbol uses; tools/check_layers.py, HACKING.md)
    run "tools/check_layers.py $build" /usr/bin/python3 tools/check_layers.py "$build"
    if [ "$scripts" -eq 0 ]; then
        note "(${build#"$root"/}: no shell suites in this build; see tests/run_all.sh)"
        continue
    fi
    if [ -f tests/cli_test.sh ]; then
        run "tests/cli_test.sh $build/jong" "${envs[@]}" bash tests/cli_test.sh "$build/jong"
    fi
    # the person's interfaces; each skips with a message when tmux or chromium is absent
    for script in tests/tty_test.sh tests/web_test.sh tests/review_test.sh; do
        if [ -f "$script" ]; then
            run "$script $build/jong" "${envs[@]}" bash "$script" "$build/jong"
        fi
    done
done

# verdict I STATUS SECONDS: the verdict line of item I, counted
verdict() {
    if [ "$2" -eq 0 ]; then
        passed=$((passed + 1))
        echo "PASS ${q_label[$1]} (${3}s)"
    else
        failed=$((failed + 1))
        echo "FAIL ${q_label[$1]} (exit $2, ${3}s)"
    fi
}

# print_text I: a text item in its place
print_text() {
    echo "${q_text[$1]}"
    [ "${q_fail[$1]}" = 1 ] && failed=$((failed + 1))
}

if [ "$jobs_max" -le 1 ]; then
    # one by one, output streamed
    for ((i = 0; i < n; i++)); do
        if [ "${q_kind[i]}" = text ]; then
            print_text "$i"
            continue
        fi
        start=$SECONDS
        eval "${q_cmd[i]}"
        verdict "$i" $? $((SECONDS - start))
    done
else
    out="$(mktemp -d)"
    pids=()
    # on an early exit: the items still running (each a subshell of ours) and their programs
    cleanup() {
        local p
        for p in "${!pids[@]}"; do
            [ -f "$out/$p.rc" ] && continue
            pkill -P "${pids[p]}" 2>/dev/null
            kill "${pids[p]}" 2>/dev/null
        done
        rm -rf "$out"
    }
    trap cleanup EXIT
    trap 'exit 130' INT TERM
    # Items start in queue order too: the long ones come early enough in it that two processors
    # end together (HACKING.md, "Where the test time goes"), and the output flows as they end.
    next=0    # the next item to start
    shown=0   # the next item of the queue to print
    running=0
    while :; do
        # print what is done, in queue order
        while [ "$shown" -lt "$n" ]; do
            if [ "${q_kind[shown]}" = text ]; then
                print_text "$shown"
            elif [ -f "$out/$shown.rc" ]; then
                cat "$out/$shown.log"
                read -r status took < "$out/$shown.rc"
                verdict "$shown" "$status" "$took"
            else
                break
            fi
            shown=$((shown + 1))
        done
        [ "$shown" -ge "$n" ] && break
        # start items while there is room
        while [ "$running" -lt "$jobs_max" ] && [ "$next" -lt "$n" ]; do
            i=$next
            next=$((next + 1))
            [ "${q_kind[i]}" = run ] || continue
            (
                start=$SECONDS
                eval "${q_cmd[i]}" > "$out/$i.log" 2>&1 < /dev/null
                echo "$? $((SECONDS - start))" > "$out/$i.rc.part"
                mv "$out/$i.rc.part" "$out/$i.rc"
            ) &
            pids[i]=$!
            running=$((running + 1))
        done
        # wait for one to end
        wait -n
        running=0
        for i in "${!pids[@]}"; do
            [ -f "$out/$i.rc" ] || running=$((running + 1))
        done
    done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
