#!/usr/bin/env bash
# The doc test: runs every command shown in README.md, docs/*.md and docs/experiments/*.md
# against a built jong, so that the examples cannot rot.
#
# usage: tests/doc_test.sh path/to/jong [FILE.md...]
#
# The pages run side by side, two at a time (DOC_TEST_JOBS=N to change it; each page has its
# own copy and temporary directory, so they cannot meet); each page's lines are printed when
# it is done, the longest pages first.
#
# Which blocks run (docs/README.md, "How the documents are tested", says the same for writers):
# - A fenced block opened with ```sh is a script: its lines run in one bash with -e, so the
#   block fails at its first failing command (the last command of a pipeline decides, as in
#   an interactive shell).
# - A fenced block opened with ```console holds commands after "$ " (a line ending in "\"
#   continues the command) and, under each, the output it prints. The output shown is
#   compared with the command's standard output (its standard error for the command that an
#   expect-exit marker expects to fail); trailing blanks are ignored, a line starting with
#   "..." stands for any number of lines, and a line ending in " ..." for any line that starts
#   as it does. A command with no output under it is run, not compared.
# - Any other block (```text for synopses and sample output, ```json, a bare ```) is not run.
#
# Where they run: each Markdown file gets a fresh copy of the repository's files (tracked, or
# new and not ignored: WORK/repo), with ../shared beside it (a link) when the repository has
# one. Every block starts in that copy's root, so a page's commands are those a user types at the repository's
# root, and a block sees the files earlier blocks of the same page made. `jong` is found first
# on PATH (a link to the program under test), stdin is /dev/null, and absolute /tmp/ paths in a
# block are redirected into the test's own temporary directory. Each block has a time limit
# (120 s, or the marker's: generous, for a machine busy with the other test items; a block
# that hangs still ends). `nice` runs the command at the test's own priority.
#
# Markers: an HTML comment on the line(s) just before the opening fence,
#   <!-- doc-test: MARKER [MARKER...] -->
# with these markers (several may be combined; a marker that takes a reason ends the list):
#   skip REASON         not run; the reason is printed on the SKIP line
#   needs-shared        run only when ../shared exists (the papers and Tenhou records of the
#                       development machines); skipped with a message otherwise
#   needs CMD           run only when the program CMD is installed (e.g. chromium, tmux)
#   needs-mpi           run only when mpirun is installed and the jong under test was built with
#                       MPI (docs/cluster.md); mpirun may run as root here (the test machines'
#                       containers), as OMPI_ALLOW_RUN_AS_ROOT says
#   needs-python        run only when the Python package is built (build/python, or the
#                       directory in JONG_PYTHONPATH, with /usr/bin/python3 and its numpy); the
#                       copy then has it as build/python, so a block runs
#                       `PYTHONPATH=build/python /usr/bin/python3 ...` as a user would
#   needs-torch         needs-python, and /usr/bin/python3 can import torch (Debian's
#                       python3-torch, optional: training only); skipped with a message otherwise
#   expect-exit N       the block (the last command of a console block; the others there must
#                       exit 0) must exit with status N
#   no-compare REASON   a console block's output is not compared (timings, clocks)
#   timeout S           the block's time limit in seconds
#   server              the block's first line starts a server (jong web or jong serve): it
#                       runs in the background on a free port (--port 0, or --port N replaced
#                       by 0), the test waits for the address it prints and puts the real port
#                       in place of N (or of the default port, 8080 for web and 11600 for
#                       serve) in the block's other lines, which then run as a script; then
#                       jong web's page is fetched and the server stopped with SIGTERM (it must
#                       exit 0), and jong serve must end by itself (after its --games) with 0
#   long                a long run (an arena of thousands of games, training on months of
#                       records): the block runs with its sizes cut, by these textual changes:
#                         --games N      -> --games 1  (on a line with `jong train`: --games 30,
#                                           added when the line has none; `jong train policy`
#                                           also gets --wpet-games 100, `jong train kurita`
#                                           --eq17-games 3 and --rank-games 30, when absent)
#                         --matches N    -> --games 1
#                         --rules riichi -> --rules riichi --rule hands=1 (on a line with
#                                           `jong arena` or `jong play`: one hand, not a
#                                           hanchan)
#                         --decisions N  -> --decisions 5
#                         --hands N      -> --hands 2,   --hands-high N -> --hands-high 1
#                         --sims N       -> --sims 50 (N of 100 or more),
#                         sims=N (a player option, N of 1000 or more) -> sims=200
#                         --wpet-games N -> --wpet-games 100, --eq17-games N -> --eq17-games 3
#                       so the commands, their options and players are all exercised, on less
#                       work; the figures the page reports come from the full runs.
#
# Prints one line per block, PASS, SKIP (with the reason) or FAIL (with file:line, the reason
# and the end of the output), then a count; exits 1 when a block failed, 2 on bad usage.
set -u

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 path/to/jong [FILE.md...]" >&2
    exit 2
fi
jong="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
files=()
for f in "$@"; do     # pages named relative to where we were called from
    if [ -f "$f" ]; then
        f="$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"
        f="${f#"$root"/}"
    fi
    files+=("$f")
done
cd "$root" || exit 2
[ ${#files[@]} -gt 0 ] || files=(README.md docs/*.md docs/experiments/*.md)
shared=""
[ -d "$root/../shared" ] && shared="$(cd "$root/../shared" && pwd)"
# the Python package made by `make python` (the needs-python marker)
pybuild="${JONG_PYTHONPATH:-$root/build/python}"
pyready=""
if [ -d "$pybuild/jong" ] && /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
    pyready="$(cd "$pybuild" && pwd)"
fi

jobs_max="${DOC_TEST_JOBS:-2}"
work="$(mktemp -d "${TMPDIR:-/tmp}/jong-doc-test.XXXXXX")"
# each page runs as a job in its own process group (set -m), so that an interruption stops
# the page's commands too
set -m
stop_pages() {
    local p
    for p in $(jobs -p); do kill -TERM -- "-$p" 2>/dev/null; done
    wait 2>/dev/null
}
trap 'rm -rf "$work"' EXIT
trap 'echo "doc test: stopped" >&2; stop_pages; exit 130' INT TERM
mkdir -p "$work/bin"
ln -s "$jong" "$work/bin/jong"
# `nice -n 19 jong arena ...` in a page is how a long run should be started on a shared machine,
# but here a block at nice 19 beside the other test items (at nice 0) gets almost no processor
# and runs out its time limit: in the doc test `nice` drops its options and runs the command
# as it is.
cat > "$work/bin/nice" <<'NICE'
#!/usr/bin/env bash
while [ $# -gt 0 ]; do
    case "$1" in
        -n | --adjustment) shift 2 ;;
        --adjustment=* | -[0-9]* | -n[0-9]*) shift ;;
        --) shift; break ;;
        *) break ;;
    esac
done
exec "$@"
NICE
chmod +x "$work/bin/nice"
export PATH="$work/bin:$PATH"
# mpirun refuses root unless told it is meant (the test machines run as root in containers);
# its warnings about a container's shared memory are noise
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
mpiready=""
command -v mpirun >/dev/null 2>&1 && ldd "$jong" 2>/dev/null | grep -q libmpi && mpiready=1

start_all=$SECONDS

# the blocks of one file as a manifest: "N<TAB>line<TAB>lang<TAB>markers", bodies in $dir/N
split_blocks() {
    local file=$1 dir=$2
    awk -v dir="$dir" '
        function flush_markers() { markers = "" }
        /^```/ && !inb {
            lang = substr($0, 4); sub(/[ \t].*$/, "", lang)
            inb = 1; n++; body = dir "/" n; printf "" > body
            printf "%d\t%d\t%s\t%s\n", n, NR, lang, markers
            flush_markers(); next
        }
        /^```[ \t]*$/ && inb { inb = 0; close(body); next }
        inb { print > body; next }
        /^<!-- doc-test: .* -->[ \t]*$/ {
            m = $0; sub(/^<!-- doc-test: /, "", m); sub(/ -->[ \t]*$/, "", m)
            markers = markers (markers == "" ? "" : " ") m; next
        }
        { flush_markers() }
    ' "$file"
}

# marker_value NAME MARKERS: the word after NAME ("" when absent); marker_rest: the rest of the line
marker_value() { awk -v k="$1" '{ for (i = 1; i <= NF; i++) if ($i == k) { print $(i + 1); exit } }' <<<"$2"; }
marker_rest() { awk -v k="$1" '{ for (i = 1; i <= NF; i++) if ($i == k) { s = ""; for (j = i + 1; j <= NF; j++) s = s (s == "" ? "" : " ") $j; print s; exit } }' <<<"$2"; }
has_marker() { [[ " $2 " == *" $1 "* ]]; }

# the long marker's size cuts (see the header)
cut_long() {
    sed -E \
        -e '/jong train/! s/--games [0-9]+/--games 1/g' \
        -e '/jong train/ { /--games [0-9]+/! s/(jong train [a-z0-9]+)/\1 --games 30/; s/--games [0-9]+/--games 30/g; }' \
        -e '/jong train policy/ { /--wpet-games/! s/(jong train policy)/\1 --wpet-games 100/; }' \
        -e '/jong train kurita/ { /--eq17-games/! s/(jong train kurita)/\1 --eq17-games 3/; /--rank-games/! s/(jong train kurita)/\1 --rank-games 30/; }' \
        -e 's/--matches [0-9]+/--games 1/g' \
        -e '/jong (arena|play)/ s/--rules riichi/--rules riichi --rule hands=1/g' \
        -e 's/--decisions [0-9]+/--decisions 5/g' \
        -e 's/--hands [0-9]+/--hands 2/g' \
        -e 's/--hands-high [0-9]+/--hands-high 1/g' \
        -e 's/--sims [0-9]{3,}/--sims 50/g' \
        -e 's/(^|[^a-z-])sims=[0-9]{4,}/\1sims=200/g' \
        -e 's/--wpet-games [0-9]+/--wpet-games 100/g' \
        -e 's/--eq17-games [0-9]+/--eq17-games 3/g'
}

# match_output EXPECTED ACTUAL: 0 when ACTUAL fits EXPECTED ("..." lines match any lines);
# otherwise prints the first expected line that was not found
match_output() {
    awk '
        FNR == NR { sub(/[ \t\r]+$/, ""); e[++m] = $0; next }
        { sub(/[ \t\r]+$/, ""); a[++n] = $0 }
        function wild(i) { return e[i] ~ /^[ \t]*\.\.\./ }
        # a shown line ending in " ..." stands for any line that starts with the text before it
        function same(x, y) {
            if (y ~ / \.\.\.$/) return substr(x, 1, length(y) - 4) == substr(y, 1, length(y) - 4)
            return x == y
        }
        END {
            pos = 1; i = 1; anchored = 1
            while (i <= m) {
                if (wild(i)) { anchored = 0; i++; continue }
                j = i; while (j <= m && !wild(j)) j++
                len = j - i; last = (j > m)
                found = 0
                if (last && !anchored) from = n - len + 1; else from = pos
                if (from < pos) from = -1
                for (p = from; p >= 1 && p + len - 1 <= n && !found; p++) {
                    ok = 1
                    for (k = 0; k < len; k++) if (!same(a[p + k], e[i + k])) { ok = 0; break }
                    if (ok && last && p + len - 1 != n) ok = 0
                    if (ok) found = p
                    if (anchored || last) break
                }
                if (!found) {
                    where = (i == 1 && anchored) ? "at the start" : "in order"
                    if (last) where = where " and at the end"
                    print "the shown output line " i " (\"" e[i] "\", " len " line(s)) not found " where; exit 1
                }
                pos = found + len; i = j; anchored = 0
            }
            if (m > 0 && !wild(m) && pos != n + 1) { print "unexpected output after the last expected line: " a[pos]; exit 1 }
        }
    ' "$1" "$2"
}

report_fail() {
    local where=$1 why=$2 out=$3
    failed=$((failed + 1))
    echo "FAIL $where: $why"
    [ -s "$out" ] && tail -n 8 "$out" | tr '\r' '\n' | tail -n 8 | cut -c 1-160 | sed 's/^/    | /'
}

# run_limited LIMIT COMMAND...: COMMAND in the copy's root under timeout, whose pid is kept so
# that a stopped page can stop it (timeout runs in a process group of its own and passes a
# signal on to the command's whole group)
run_limited() {
    local limit=$1 st=0
    shift
    (cd "$w/repo" && exec timeout -k 5 "$limit" "$@") &
    limited_pid=$!
    wait "$limited_pid" || st=$?
    limited_pid=""
    return "$st"
}

# page_stop: a page stopped from outside ends its command and its server
page_stop() {
    [ -n "${limited_pid:-}" ] && kill -TERM "$limited_pid" 2>/dev/null
    [ -n "${server_pid:-}" ] && kill -TERM "$server_pid" 2>/dev/null
}

# run_script WHERE BODY LIMIT EXPECT OUT: runs BODY with bash -e in the copy's root
run_script() {
    local body=$2 limit=$3 expect=$4 out=$5
    run_limited "$limit" bash -e "$body" </dev/null >"$out" 2>&1
}

# run_server WHERE BODY LIMIT OUT: the server marker (see the header)
run_server() {
    local where=$1 body=$2 limit=$3 out=$4
    local first rest kind default port_given port
    first="$(head -n 1 "$body")"
    rest="$w/server-rest.sh"
    tail -n +2 "$body" >"$rest"
    case "$first" in
        *"jong web"*) kind=web; default=8080 ;;
        *"jong serve"*) kind=serve; default=11600 ;;
        *) report_fail "$where" "a server block must start with jong web or jong serve" /dev/null; return ;;
    esac
    port_given="$(sed -nE 's/.*--port ([0-9]+).*/\1/p' <<<"$first")"
    if [ -n "$port_given" ]; then
        first="$(sed -E 's/--port [0-9]+/--port 0/' <<<"$first")"
    else
        first="${first%%#*} --port 0"
        port_given=$default
    fi
    : >"$out.server"     # emptied first: the wait below must not read an earlier server's address
    (cd "$w/repo" && exec bash -c "exec $first" </dev/null >"$out.server" 2>&1) &
    server_pid=$!
    port=""
    local waited=0
    while [ "$waited" -lt 200 ]; do
        port="$(sed -nE 's#.*://(127\.0\.0\.1|\[[0-9a-f:]*\]|[a-z.]+):([0-9]+)/.*#\2#p' "$out.server" 2>/dev/null | head -n 1)"
        [ -n "$port" ] && break
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.1
        waited=$((waited + 1))
    done
    if [ -z "$port" ]; then
        kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; server_pid=""
        report_fail "$where" "the server printed no address within 20 s" "$out.server"
        return
    fi
    sed -i "s/\b$port_given\b/$port/g" "$rest"
    local status=0
    run_limited "$limit" bash -e "$rest" </dev/null >"$out" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; server_pid=""
        cat "$out.server" >>"$out"
        report_fail "$where" "the commands after the server exited with $status" "$out"
        return
    fi
    local sstatus=0
    if [ "$kind" = web ]; then
        if command -v curl >/dev/null 2>&1; then
            if ! curl -sf -o /dev/null "http://127.0.0.1:$port/"; then
                kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; server_pid=""
                report_fail "$where" "jong web did not serve its page on port $port" "$out.server"
                return
            fi
        fi
        kill -TERM "$server_pid" 2>/dev/null
        wait "$server_pid" || sstatus=$?
    else
        # jong serve ends after its --games; give it the block's time limit
        local t=0
        while kill -0 "$server_pid" 2>/dev/null && [ "$t" -lt $((limit * 10)) ]; do
            sleep 0.1
            t=$((t + 1))
        done
        if kill -0 "$server_pid" 2>/dev/null; then
            kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; server_pid=""
            report_fail "$where" "jong serve did not end within ${limit} s" "$out.server"
            return
        fi
        wait "$server_pid" || sstatus=$?
    fi
    server_pid=""
    if [ "$sstatus" -ne 0 ]; then
        report_fail "$where" "the server exited with $sstatus" "$out.server"
        return
    fi
    passed=$((passed + 1))
    echo "PASS $where"
}

# run_console WHERE BODY LIMIT EXPECT COMPARE OUT: the commands of a console block
run_console() {
    local where=$1 body=$2 limit=$3 expect=$4 compare=$5 out=$6
    local cmds="$w/console" k=0
    rm -rf "$cmds"
    mkdir -p "$cmds"
    # split into cmds/K.sh (the command) and cmds/K.out (its expected output)
    awk -v dir="$cmds" '
        cont { print substr($0, 1) > cmd; if ($0 !~ /\\$/) cont = 0; next }
        /^\$ / { k++; cmd = dir "/" k ".sh"; ex = dir "/" k ".out"; printf "" > ex
                 print substr($0, 3) > cmd; cont = ($0 ~ /\\$/); next }
        k > 0 { print > ex }
    ' "$body"
    local n
    n="$(find "$cmds" -name '*.sh' | wc -l)"
    if [ "$n" -eq 0 ]; then
        report_fail "$where" "a console block without a \"\$ \" command" /dev/null
        return
    fi
    for ((k = 1; k <= n; k++)); do
        local status=0 want=0
        [ "$k" -eq "$n" ] && want=$expect
        run_limited "$limit" bash "$cmds/$k.sh" </dev/null >"$out.1" 2>"$out.2" || status=$?
        if [ "$status" -ne "$want" ]; then
            cat "$out.1" "$out.2" >"$out"
            report_fail "$where" "\$ $(head -n 1 "$cmds/$k.sh"): exit $status, expected $want" "$out"
            return
        fi
        if [ "$compare" = yes ] && [ -s "$cmds/$k.out" ] && grep -q '[^[:space:]]' "$cmds/$k.out"; then
            local actual="$out.1"
            [ "$want" -ne 0 ] && actual="$out.2"
            local why
            if ! why="$(match_output "$cmds/$k.out" "$actual")"; then
                report_fail "$where" "\$ $(head -n 1 "$cmds/$k.sh"): output differs: $why" "$actual"
                return
            fi
        fi
    done
    passed=$((passed + 1))
    echo "PASS $where"
}

# run_file FILE DIR: every block of one page, in DIR; prints its lines, then leaves the counts
# in DIR/counts
run_file() {
    local file=$1 w=$2
    local passed=0 skipped=0 failed=0 page_start=$SECONDS
    server_pid=""
    limited_pid=""
    trap page_stop EXIT
    trap 'page_stop; exit 143' INT TERM
    blocks="$w/blocks"
    mkdir -p "$blocks" "$w/repo" "$w/tmp"
    export TMPDIR="$w/tmp"
    # a fresh copy of the repository's files, tracked or new but not ignored (or of the tree
    # without build/ when it is no git checkout)
    if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        (git -C "$root" ls-files -z --cached --others --exclude-standard | tar -C "$root" --null -T - -cf - 2>/dev/null) | tar -C "$w/repo" -xf -
    else
        tar -C "$root" --exclude=./build -cf - . | tar -C "$w/repo" -xf -
    fi
    mkdir -p "$w/repo/build/release"
    ln -s "$jong" "$w/repo/build/release/jong"     # as after `make`: tools/*.sh default to it
    [ -n "$shared" ] && ln -s "$shared" "$w/shared"
    [ -n "$pyready" ] && ln -s "$pyready" "$w/repo/build/python"
    manifest="$(split_blocks "$file" "$blocks")"
    while IFS=$'\t' read -r n line lang markers; do
        [ -n "$n" ] || continue
        case "$lang" in sh | console) ;; *) continue ;; esac
        where="$file:$line"
        body="$blocks/$n"
        sed -i "s#\(^\|[^A-Za-z0-9_.]\)/tmp/#\1$w/tmp/#g" "$body"
        if has_marker skip "$markers"; then
            skipped=$((skipped + 1))
            echo "SKIP $where: $(marker_rest skip "$markers")"
            continue
        fi
        if has_marker needs-shared "$markers" && [ -z "$shared" ]; then
            skipped=$((skipped + 1))
            echo "SKIP $where: needs ../shared (game records and papers), not present"
            continue
        fi
        if has_marker needs-python "$markers" && [ -z "$pyready" ]; then
            skipped=$((skipped + 1))
            echo "SKIP $where: needs the Python package (make python: python3-dev, python3-numpy), not built"
            continue
        fi
        if has_marker needs-torch "$markers" && { [ -z "$pyready" ] || ! /usr/bin/python3 -c 'import torch' 2>/dev/null; }; then
            skipped=$((skipped + 1))
            echo "SKIP $where: needs the Python package and PyTorch (apt-get install python3-torch), not both present"
            continue
        fi
        if has_marker needs-mpi "$markers" && [ -z "$mpiready" ]; then
            skipped=$((skipped + 1))
            echo "SKIP $where: needs mpirun (openmpi-bin) and a jong built with MPI (libopenmpi-dev), not both present"
            continue
        fi
        need="$(marker_value needs "$markers")"
        if [ -n "$need" ] && ! command -v "$need" >/dev/null 2>&1; then
            skipped=$((skipped + 1))
            echo "SKIP $where: needs $need, not installed"
            continue
        fi
        limit="$(marker_value timeout "$markers")"
        [ -n "$limit" ] || limit=120
        expect="$(marker_value expect-exit "$markers")"
        [ -n "$expect" ] || expect=0
        compare=yes
        has_marker no-compare "$markers" && compare=no
        if has_marker long "$markers"; then
            cut_long <"$body" >"$body.cut" && mv "$body.cut" "$body"
        fi
        out="$w/out"
        t0=$SECONDS
        if has_marker server "$markers"; then
            run_server "$where" "$body" "$limit" "$out"
        elif [ "$lang" = console ]; then
            run_console "$where" "$body" "$limit" "$expect" "$compare" "$out"
        else
            status=0
            run_script "$where" "$body" "$limit" "$expect" "$out" || status=$?
            if [ "$status" -eq "$expect" ]; then
                passed=$((passed + 1))
                echo "PASS $where"
            elif [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
                report_fail "$where" "over its time limit of ${limit} s" "$out"
            else
                report_fail "$where" "exit $status, expected $expect" "$out"
            fi
        fi
        took=$((SECONDS - t0))
        [ "$took" -ge 5 ] && echo "     ($where took ${took} s)"
    done <<<"$manifest"
    echo "     ($file: $((SECONDS - page_start)) s)"
    echo "$passed $skipped $failed" >"$w/counts"
}

# the longest pages first, so that the pool ends together
order=()
for f in docs/experiments/kurita.md README.md docs/players.md docs/experiments/mizukami.md; do
    for g in "${files[@]}"; do [ "$g" = "$f" ] && order+=("$g"); done
done
for g in "${files[@]}"; do
    case " ${order[*]} " in *" $g "*) ;; *) order+=("$g") ;; esac
done

passed=0
skipped=0
failed=0
printed=0
# flush: print the logs of the pages done, in the order they were started
flush() {
    while [ "$printed" -lt "${#order[@]}" ] && [ -f "$work/p$printed/counts" ]; do
        cat "$work/p$printed/log"
        local c
        read -r -a c <"$work/p$printed/counts"
        passed=$((passed + c[0]))
        skipped=$((skipped + c[1]))
        failed=$((failed + c[2]))
        printed=$((printed + 1))
    done
}
for i in "${!order[@]}"; do
    file="${order[$i]}"
    mkdir -p "$work/p$i"
    if [ ! -f "$file" ]; then
        echo "FAIL $file: no such file" >"$work/p$i/log"
        echo "0 0 1" >"$work/p$i/counts"
        continue
    fi
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do
        wait -n
        flush
    done
    (run_file "$file" "$work/p$i" >"$work/p$i/log" 2>&1) &
done
while [ "$(jobs -rp | wc -l)" -gt 0 ]; do
    wait -n
    flush
done
wait
flush
[ "$printed" -eq "${#order[@]}" ] || { echo "FAIL doc test: a page's run ended without its counts"; failed=$((failed + 1)); }

echo "doc test: $passed passed, $skipped skipped, $failed failed ($((SECONDS - start_all)) s)"
[ "$failed" -eq 0 ]
