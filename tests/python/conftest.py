"""The Python tests import the package built by `make python` (build/python, or the directory in
JONG_PYTHONPATH), never an installed copy, so that they test this tree's engine."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.environ.get("JONG_PYTHONPATH") or os.path.join(ROOT, "build", "python"))
