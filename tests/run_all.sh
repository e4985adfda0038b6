#!/usr/bin/env bash
# Runs every test of one or more build directories and sums up.
#
# usage: tests/run_all.sh BUILD_DIR...
#
# For each BUILD_DIR: every BUILD_DIR/tests/test_* program (cmocka; its exit status is the
# verdict), then BUILD_DIR/fuzz_replay fuzz/corpus when that program exists (and each
# BUILD_DIR/fuzz_replay_NAME fuzz/corpus_NAME), then
# tests/cli_test.sh BUILD_DIR/jong when that script exists, and the terminal and web tests
# (tests/tty_test.sh, tests/web_test.sh) and the review test (tests/review_test.sh), whose parts skip when tmux or chromium is absent. In a build directory whose name
# contains "asan" or "clang", JONG_RANDOM_HANDS defaults to 100000: the release build makes the
# full 1,000,000-hand comparison, the others recheck the same code under another compiler or
# the sanitizers. Likewise JONG_CHECK_HANDS (the checking-mode self-play of test_game) is 10,000
# hands in the release build and 2,000 in the others.
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

passed=0
failed=0

# run LABEL COMMAND...: runs one test program, prints its verdict, counts it.
run() {
    local label="${1#"$root"/}"
    shift
    local start=$SECONDS
    "$@"
    local status=$?
    local took=$((SECONDS - start))
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        echo "PASS $label (${took}s)"
    else
        failed=$((failed + 1))
        echo "FAIL $label (exit $status, ${took}s)"
    fi
}

for build in "${builds[@]}"; do
    echo "== ${build#"$root"/}"
    if [ ! -d "$build" ]; then
        echo "FAIL $build: no such build directory"
        failed=$((failed + 1))
        continue
    fi
    # The sanitizer default applies to this build directory only; an explicit setting wins.
    envs=(env)
    case "$(basename "$build")" in
        *asan* | *clang*) envs+=("JONG_RANDOM_HANDS=${JONG_RANDOM_HANDS:-100000}"
                          "JONG_CHECK_HANDS=${JONG_CHECK_HANDS:-2000}") ;;
    esac
    found=0
    for t in "$build"/tests/test_*; do
        [ -f "$t" ] && [ -x "$t" ] || continue
        case "$t" in *.o | *.d) continue ;; esac
        found=1
        run "$t" "${envs[@]}" "$t"
    done
    if [ "$found" -eq 0 ]; then
        echo "FAIL $build/tests: no test programs"
        failed=$((failed + 1))
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
    if [ -f tests/cli_test.sh ]; then
        run "tests/cli_test.sh $build/jong" bash tests/cli_test.sh "$build/jong"
    fi
    # the person's interfaces; each skips with a message when tmux or chromium is absent
    for script in tests/tty_test.sh tests/web_test.sh tests/review_test.sh; do
        if [ -f "$script" ]; then
            run "$script $build/jong" bash "$script" "$build/jong"
        fi
    done
done

# the library as installed (make install into a temporary prefix, the C example through
# pkg-config; tests/install_test.sh): once, whatever the build directories
if [ -f tests/install_test.sh ]; then
    run "tests/install_test.sh" bash tests/install_test.sh
fi

# every command of README.md and docs/, once (not per build), with the first build's program
if [ -f tests/doc_test.sh ] && [ -x "${builds[0]}/jong" ]; then
    echo "== documents"
    run "tests/doc_test.sh ${builds[0]}/jong" bash tests/doc_test.sh "${builds[0]}/jong"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
