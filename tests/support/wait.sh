# Waiting in the test scripts, robust to a loaded machine. Sourced by tests/*.sh and by the
# golden cases that start servers (tests/golden/*.cmd: `. ../support/wait.sh`).
#
# Every wait is on something that cannot be stale -- a file made empty by the script before the
# process that writes it starts (never a file an earlier process wrote), or a pid -- with a
# deadline of JONG_TEST_WAIT seconds (120 by default: an ASan build on two cores busy with other
# work is slow, and a wait that is long enough costs nothing when the awaited thing comes early).
# Nothing sleeps a fixed time as synchronisation. On a time out (or when the awaited process
# exits first) a wait prints ONE line on stdout naming what was awaited and what was seen, and
# returns 1; the caller adds its own context ("FAIL web_test: ...") or exits.
#
#   wait_line FILE REGEX PID WHAT    a line matching REGEX (grep -E) in FILE, written by PID
#   wait_exit PID WHAT               PID has exited (then `wait PID` gives its status at once)
#   wait_until WHAT SEEN CMD...      CMD succeeds; SEEN is a command whose output says what
#                                    was seen instead (e.g. 'tail -1 $tmp/err'), run on failure
#
# WAIT_SEEN holds, after wait_line, the matching line (the first one).

: "${JONG_TEST_WAIT:=120}"

# _wait_tail FILE: FILE's last non-empty line, shortened, or "(empty)" / "(no such file)"
_wait_tail() {
    if [ ! -e "$1" ]; then
        echo "(no such file)"
    elif [ ! -s "$1" ]; then
        echo "(empty)"
    else
        grep -v '^[[:space:]]*$' "$1" | tail -n 1 | cut -c 1-200
    fi
}

# _wait_alive PID: whether PID still runs (a zombie of ours counts as gone)
_wait_alive() {
    kill -0 "$1" 2>/dev/null || return 1
    local stat
    stat="$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null)"
    case "$stat" in
        Z* | X*) return 1 ;;
    esac
    return 0
}

wait_line() {
    local file="$1" regex="$2" pid="$3" what="$4" start=$SECONDS
    WAIT_SEEN=
    while :; do
        if [ -f "$file" ] && WAIT_SEEN="$(grep -E -m 1 -- "$regex" "$file")"; then
            return 0
        fi
        if [ -n "$pid" ] && ! _wait_alive "$pid"; then
            # it may have written the line just before it exited
            if [ -f "$file" ] && WAIT_SEEN="$(grep -E -m 1 -- "$regex" "$file")"; then
                return 0
            fi
            echo "waited for $what (/$regex/ in ${file##*/}): process $pid exited first; last line: $(_wait_tail "$file")"
            return 1
        fi
        if [ $((SECONDS - start)) -ge "$JONG_TEST_WAIT" ]; then
            echo "timed out after ${JONG_TEST_WAIT} s waiting for $what (/$regex/ in ${file##*/}); last line: $(_wait_tail "$file")"
            return 1
        fi
        sleep 0.05
    done
}

wait_exit() {
    local pid="$1" what="$2" start=$SECONDS
    while _wait_alive "$pid"; do
        if [ $((SECONDS - start)) -ge "$JONG_TEST_WAIT" ]; then
            echo "timed out after ${JONG_TEST_WAIT} s waiting for $what (process $pid) to exit; it still runs"
            return 1
        fi
        sleep 0.05
    done
    return 0
}

wait_until() {
    local what="$1" seen="$2" start=$SECONDS
    shift 2
    until "$@"; do
        if [ $((SECONDS - start)) -ge "$JONG_TEST_WAIT" ]; then
            echo "timed out after ${JONG_TEST_WAIT} s waiting for $what; seen: $(eval "$seen" 2>&1 | tail -n 1 | cut -c 1-200)"
            return 1
        fi
        sleep 0.1
    done
    return 0
}
