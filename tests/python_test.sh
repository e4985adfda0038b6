#!/usr/bin/env bash
# The Python package's tests: Debian's pytest runs tests/python against the package `make python`
# built into build/python (JONG_PYTHONPATH for another directory; `make test` builds it where the
# interpreter has python3-dev and numpy). Skips, with the reason and exit 0, when the interpreter,
# numpy, pytest or the built package is missing.
#
# usage: tests/python_test.sh [path/to/jong]   (the program whose `analyze --json` jong.analyze
#                                               must equal; default build/release/jong)
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
py="${JONG_PYTHON:-/usr/bin/python3}"   # never the first python3 on PATH (docs/python.md)
pkg="${JONG_PYTHONPATH:-$root/build/python}"
jong="${1:-$root/build/release/jong}"
case "$jong" in /*) ;; *) jong="$PWD/$jong" ;; esac

skip() {
    echo "SKIP tests/python: $1"
    exit 0
}
[ -x "$py" ] || skip "no $py"
"$py" -c 'import numpy' 2>/dev/null || skip "$py has no numpy (Debian: apt-get install python3-numpy)"
"$py" -c 'import pytest' 2>/dev/null || skip "$py has no pytest (Debian: apt-get install python3-pytest)"
[ -d "$pkg/jong" ] || skip "$pkg/jong is not built (make python; it needs python3-dev)"
cd "$root" || exit 2
JONG_PYTHONPATH="$pkg" JONG_BIN="$jong" exec "$py" -m pytest -q -p no:cacheprovider tests/python
