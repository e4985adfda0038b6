"""The Python tests import the package built by `make python` (build/python, or the directory in
JONG_PYTHONPATH), never an installed copy, so that they test this tree's engine."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.environ.get("JONG_PYTHONPATH") or os.path.join(ROOT, "build", "python"))


def jong_program():
    """The jong program whose output the package's functions must equal (JONG_BIN, else
    build/release/jong); the test skips when it is not built."""
    path = os.environ.get("JONG_BIN") or os.path.join(ROOT, "build", "release", "jong")
    if not os.access(path, os.X_OK):
        pytest.skip(f"{path} not built (make)")
    return path
