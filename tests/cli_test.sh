#!/usr/bin/env bash
# Golden tests of the jong program, driven through its real command line.
#
# usage: tests/cli_test.sh path/to/jong
#
# Each tests/golden/NAME.cmd holds one shell command line that runs "$JONG"; it runs in
# tests/golden with NAME.in as stdin when that file exists (else /dev/null). Its stdout,
# followed by a last line "exit N" with its exit status, must equal NAME.out. Cases that check
# an error message redirect stderr themselves (2>&1). Expected files are written by hand and
# checked by reasoning, never copied from the program's output unread. A case that cannot run
# on this machine (e.g. no IPv6 loopback) exits with status 77 and says why on its last line of
# stdout: it is reported as skipped, not passed. JONG_GOLDEN_SKIP (names separated by spaces)
# skips those cases, each reported as skipped (tests/run_all.sh uses it, and says why).
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 path/to/jong" >&2
    exit 2
fi
if [ ! -x "$1" ]; then
    echo "$0: $1 is not an executable program" >&2
    exit 2
fi
# Absolute, because each case runs inside the golden directory.
JONG="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
export JONG
export LC_ALL=C

golden="$(cd "$(dirname "$0")/golden" && pwd)"
actual="$(mktemp)"
trap 'rm -f "$actual"' EXIT

passed=0
failed=0
skipped=0
for cmd in "$golden"/*.cmd; do
    name="$(basename "$cmd" .cmd)"
    case " ${JONG_GOLDEN_SKIP:-} " in
        *" $name "*)
            echo "SKIP $name: in JONG_GOLDEN_SKIP"
            skipped=$((skipped + 1))
            continue ;;
    esac
    input="$golden/$name.in"
    [ -f "$input" ] || input=/dev/null
    (cd "$golden" && bash "$cmd" <"$input") >"$actual"
    status=$?
    if [ "$status" -eq 77 ]; then
        echo "SKIP $name: $(tail -n 1 "$actual")"
        skipped=$((skipped + 1))
        continue
    fi
    echo "exit $status" >>"$actual"
    if [ ! -f "$golden/$name.out" ]; then
        echo "FAIL $name (no $name.out)"
        failed=$((failed + 1))
    elif diff -u "$golden/$name.out" "$actual" >/dev/null; then
        echo "ok   $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name: $(head -c 200 "$cmd")"
        diff -u --label "expected $name.out" --label "actual" "$golden/$name.out" "$actual" | sed 's/^/    /'
        failed=$((failed + 1))
    fi
done

echo "$passed passed, $failed failed$([ "$skipped" -gt 0 ] && echo ", $skipped skipped")"
[ "$failed" -eq 0 ]
