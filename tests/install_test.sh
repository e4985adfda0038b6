#!/usr/bin/env bash
# The library as a user installs it (docs/library.md): `make install` into a fresh temporary
# prefix, then
#   - exactly the expected files are there (program, headers, libjong.a, libjong.so and its links,
#     jong.pc, jong.1); libjong.so's soname is libjong.so.MAJOR.MINOR (MAJOR 0) or .MAJOR, it has
#     no text relocations, and it exports the public API only (jong_* functions, not the internal
#     tables or the per-CPU variants);
#   - pkg-config knows the version of include/jong/version.h;
#   - examples/c/hand_advice.c builds with `pkg-config --cflags --libs jong` against libjong.so and
#     prints the expected text, then again with `pkg-config --static` (every library linked in);
#   - `man -l` renders jong.1 without warnings (skipped with a message when man is absent);
#   - the installed `jong --version` prints the version;
#   - `make uninstall` leaves nothing but empty directories;
#   - a staged install (DESTDIR) puts the same files under DESTDIR with the final prefix inside
#     jong.pc, and its uninstall empties it too.
# The files come from build/shared (`make shared`, built here when missing or stale).
#
# usage: tests/install_test.sh
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root" || exit 2
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "install_test: FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "install_test: ok: $*"; }

# our own make, not the caller's jobserver (tests/run_all.sh may run under make)
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL nice make --no-print-directory -j2 "$@"; }

version_part() { sed -n "s/^#define JONG_VERSION_$1 \([0-9][0-9]*\).*/\1/p" include/jong/version.h; }
major=$(version_part MAJOR) minor=$(version_part MINOR) patch=$(version_part PATCH)
version="$major.$minor.$patch"
if [ "$major" = 0 ]; then soname="libjong.so.$major.$minor"; else soname="libjong.so.$major"; fi

if ! mk shared > "$tmp/build.log" 2>&1; then
    tail -20 "$tmp/build.log"
    fail "make shared"
    exit 1
fi

# what install must put under a prefix, one path per line
expected() {
    echo bin/jong
    for h in include/jong/*.h; do echo "include/jong/${h##*/}"; done
    printf '%s\n' lib/libjong.a lib/libjong.so "lib/$soname" "lib/libjong.so.$version" \
        lib/pkgconfig/jong.pc share/man/man1/jong.1
}
expected | sort > "$tmp/expected"
listing() { (cd "$1" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort); }

prefix="$tmp/prefix"
if ! mk install PREFIX="$prefix" > "$tmp/install.log" 2>&1; then
    tail -20 "$tmp/install.log"
    fail "make install PREFIX=$prefix"
    exit 1
fi
if listing "$prefix" | diff "$tmp/expected" - > "$tmp/diff"; then
    ok "make install: $(wc -l < "$tmp/expected") files"
else
    fail "make install put other files than expected (< expected, > installed):"; cat "$tmp/diff"
fi

# the shared library: soname, links, relocations, exported symbols
lib="$prefix/lib"
got_soname=$(readelf -d "$lib/libjong.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$got_soname" = "$soname" ] && ok "soname $soname" || fail "soname '$got_soname', wanted $soname"
[ "$(readlink "$lib/$soname")" = "libjong.so.$version" ] && [ "$(readlink "$lib/libjong.so")" = "$soname" ] \
    && ok "links libjong.so -> $soname -> libjong.so.$version" || fail "the library's symbolic links"
readelf -d "$lib/libjong.so.$version" | grep -q TEXTREL && fail "libjong.so has text relocations"
nm -D --defined-only "$lib/libjong.so.$version" | awk '{ print $3 }' | sort > "$tmp/exported"
n_exported=$(wc -l < "$tmp/exported")
bad=$(grep -v '^jong_' "$tmp/exported" | tr '\n' ' ')
internal=$(grep -xE 'jong_suit_table|jong_cpu_detect|jong_distance_standard_(scalar|sse4|avx2)|jong_dp_distance' "$tmp/exported" | tr '\n' ' ')
if [ "$n_exported" -lt 100 ] || [ -n "$bad" ] || [ -n "$internal" ] || ! grep -qx jong_version "$tmp/exported"; then
    fail "exported symbols: $n_exported, not jong_*: '$bad', internal: '$internal'"
else
    ok "libjong.so exports $n_exported public functions and nothing else"
fi

export PKG_CONFIG_PATH="$lib/pkgconfig"
pcver=$(pkg-config --modversion jong 2>&1)
[ "$pcver" = "$version" ] && ok "pkg-config --modversion jong: $version" || fail "pkg-config --modversion jong: '$pcver'"

# the example, against libjong.so and then statically
hands=("123m456p789s1122z5z" "123m456p789s11222z" "22334455m667788p" "123m456p789s1122z" "19m19p19s1234567z" "0m")
run_example() { # BINARY: prints the example's output for each hand
    for h in "${hands[@]}"; do
        echo "\$ hand_advice $h"
        "$1" "$h" 2>&1
        echo "exit $?"
    done
}
cat > "$tmp/want" <<'EOF'
$ hand_advice 123m456p789s1122z5z
hand 123m456p789s11225z: 14 concealed tiles, 0 melds
shanten 0 (standard 0, seven pairs 4, thirteen orphans 7)
best discards (shanten after, effective tiles):
  5z  0   4: 1z 2z
  1m  1  11: 1m 4m 1z 2z
  4p  1  11: 4p 7p 1z 2z
  6p  1  11: 3p 6p 1z 2z
  9s  1  11: 6s 9s 1z 2z
exit 0
$ hand_advice 123m456p789s11222z
hand 123m456p789s11222z: 14 concealed tiles, 0 melds
shanten -1 (standard -1, seven pairs 4, thirteen orphans 8)
complete: tsumo on 1m by South in the East round
  menzen_tsumo       1 han
  yakuhai_seat_wind  1 han
  2 han 40 fu: 2700 points (1300 from the dealer, 700 from each other seat)
exit 0
$ hand_advice 22334455m667788p
hand 22334455m667788p: 14 concealed tiles, 0 melds
shanten -1 (standard -1, seven pairs -1, thirteen orphans 13)
complete: tsumo on 2m by South in the East round
  menzen_tsumo       1 han
  pinfu              1 han
  tanyao             1 han
  ryanpeikou         3 han
  6 han 20 fu, haneman: 12000 points (6000 from the dealer, 3000 from each other seat)
exit 0
$ hand_advice 123m456p789s1122z
hand 123m456p789s1122z: 13 concealed tiles, 0 melds
shanten 0 (standard 0, seven pairs 4, thirteen orphans 8)
ready, waiting on 1z 2z
exit 0
$ hand_advice 19m19p19s1234567z
hand 19m19p19s1234567z: 13 concealed tiles, 0 melds
shanten 0 (standard 8, seven pairs 6, thirteen orphans 0)
ready, waiting on 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z
exit 0
$ hand_advice 0m
hand_advice: 1 tiles (melds count 3), riichi rules need 13 or 14
exit 1
EOF
cc_args=(-std=c11 -Wall -Wextra -Werror -o)
if cc "${cc_args[@]}" "$tmp/hand_advice" examples/c/hand_advice.c $(pkg-config --cflags --libs jong) 2> "$tmp/cc.err"; then
    if readelf -d "$tmp/hand_advice" | grep -q "NEEDED.*\[$soname\]"; then
        ok "the example links libjong.so ($soname)"
    else
        fail "the example does not need $soname"
    fi
    LD_LIBRARY_PATH="$lib" run_example "$tmp/hand_advice" > "$tmp/got"
    diff "$tmp/want" "$tmp/got" > "$tmp/diff" && ok "the example's output (shared)" \
        || { fail "the example's output against libjong.so (< wanted, > got):"; cat "$tmp/diff"; }
    # the same answers on every vector path of the evaluator (src/core/cpu.h)
    for level in sse4 scalar; do
        JONG_CPU=$level LD_LIBRARY_PATH="$lib" run_example "$tmp/hand_advice" > "$tmp/got"
        diff "$tmp/want" "$tmp/got" > "$tmp/diff" && ok "the example's output with JONG_CPU=$level" \
            || { fail "the example's output with JONG_CPU=$level (< wanted, > got):"; cat "$tmp/diff"; }
    done
else
    fail "cc examples/c/hand_advice.c \$(pkg-config --cflags --libs jong):"; cat "$tmp/cc.err"
fi
if cc -static "${cc_args[@]}" "$tmp/hand_advice_static" examples/c/hand_advice.c \
        $(pkg-config --static --cflags --libs jong) 2> "$tmp/cc.err"; then
    readelf -d "$tmp/hand_advice_static" 2>/dev/null | grep -q NEEDED && fail "the static example needs shared libraries"
    run_example "$tmp/hand_advice_static" > "$tmp/got"
    diff "$tmp/want" "$tmp/got" > "$tmp/diff" && ok "the example's output (static)" \
        || { fail "the example's output, static (< wanted, > got):"; cat "$tmp/diff"; }
else
    # glibc warns about getaddrinfo in static programs; any other message is a failure
    fail "cc -static examples/c/hand_advice.c \$(pkg-config --static --cflags --libs jong):"; cat "$tmp/cc.err"
fi

# the man page
if command -v man > /dev/null; then
    if MANWIDTH=100 man --warnings -l "$prefix/share/man/man1/jong.1" > "$tmp/man.txt" 2> "$tmp/man.err" &&
        [ ! -s "$tmp/man.err" ] && grep -q '^NAME' "$tmp/man.txt" && grep -q 'jong bench selfplay' "$tmp/man.txt"; then
        ok "man -l jong.1: $(wc -l < "$tmp/man.txt") lines, no warnings"
    else
        fail "man -l jong.1:"; head -5 "$tmp/man.err"
    fi
else
    echo "install_test: skipped: man is not installed (apt-get install man-db to check jong.1)"
fi

got=$("$prefix/bin/jong" --version 2>&1)
[ "$got" = "jong $version" ] && ok "installed jong --version: $got" || fail "installed jong --version: '$got'"

if mk uninstall PREFIX="$prefix" > "$tmp/uninstall.log" 2>&1 && [ -z "$(listing "$prefix")" ]; then
    ok "make uninstall leaves only empty directories"
else
    fail "after make uninstall:"; listing "$prefix"
fi

# a staged install: the files under DESTDIR, the final prefix in jong.pc
stage="$tmp/stage"
mk install PREFIX=/opt/jong DESTDIR="$stage" > "$tmp/install.log" 2>&1 || fail "make install DESTDIR=$stage"
if listing "$stage/opt/jong" | diff "$tmp/expected" - > "$tmp/diff" && [ -z "$(listing "$stage" | grep -v '^opt/jong/')" ]; then
    ok "make install DESTDIR=... PREFIX=/opt/jong"
else
    fail "staged install (< expected, > installed):"; cat "$tmp/diff"
fi
grep -qx 'prefix=/opt/jong' "$stage/opt/jong/lib/pkgconfig/jong.pc" || fail "the staged jong.pc does not say prefix=/opt/jong"
mk uninstall PREFIX=/opt/jong DESTDIR="$stage" > "$tmp/uninstall.log" 2>&1
[ -z "$(listing "$stage")" ] || { fail "after the staged uninstall:"; listing "$stage"; }

if [ "$fails" -gt 0 ]; then
    echo "install_test: $fails failures"
    exit 1
fi
echo "install_test: all passed"
