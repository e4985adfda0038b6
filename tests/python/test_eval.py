"""The evaluator functions: parse, shanten, analyze (against `jong analyze --json`), and errors."""
import json
import os
import subprocess

import pytest

import jong
from conftest import ROOT


def jong_program():
    path = os.environ.get("JONG_BIN") or os.path.join(ROOT, "build", "release", "jong")
    if not os.access(path, os.X_OK):
        pytest.skip(f"{path} not built (make)")
    return path


def test_parse():
    h = jong.parse("123m456p789s11z [222z]")
    assert h["text"] == "123m456p789s11z [222z]"
    assert h["tiles"] == 14
    assert sum(h["counts"]) == 11 and h["counts"][27] == 2
    assert h["melds"] == [{"type": "pon", "tile": "2z", "red": 0}]
    red = jong.parse("0m406p")
    assert red["red"] == [1, 1, 0] and red["counts"][4] == 1 and red["counts"][13] == 1 and red["tiles"] == 4


def test_shanten():
    assert jong.shanten("123m456p789s1122z") == 0
    assert jong.shanten("123m456p789s11222z") == -1
    assert jong.shanten("19m19p19s1234567z") == 0          # thirteen orphans, ready
    assert jong.shanten("1122334455667z") == 0             # seven pairs, ready
    assert jong.shanten("123456789m123456p1s", rules="taiwan") == 0
    assert jong.shanten("123456789m12346p19s", rules="taiwan") == 1


@pytest.mark.parametrize("hand,rules,seen", [
    ("123m456p789s1122z", "riichi", None),
    ("123m456p789s11223z", "riichi", "1z"),
    ("11223344556677z", "riichi", None),
    ("123456789m123456p1s", "taiwan", None),
    ("123456789m12345p11s", "taiwan", "9s"),
])
def test_analyze_is_the_cli_json(hand, rules, seen):
    cmd = [jong_program(), "analyze", hand, "--rules", rules, "--json", "--sims", "0"]
    if seen:
        cmd += ["--seen", seen]
    want = json.loads(subprocess.check_output(cmd))
    got = jong.analyze(hand, rules=rules, seen=seen)
    assert got == want
    assert "targets" in got


@pytest.mark.parametrize("call", [
    lambda: jong.parse("123x"),
    lambda: jong.parse("11111m"),
    lambda: jong.parse("123m", rules="riichi"),
    lambda: jong.shanten("123m456p"),
    lambda: jong.shanten("123m456p789s1122z", rules="chess"),
    lambda: jong.analyze("123m456p789s1122z", seen="1z1z1z"),
    lambda: jong.analyze("1m" * 40),
    lambda: jong.parse("[123m"),
])
def test_bad_input_is_a_jong_error(call):
    with pytest.raises(jong.Error) as e:
        call()
    assert isinstance(e.value, ValueError)
    assert str(e.value) and "\n" not in str(e.value)


def test_bad_types_raise_type_errors():
    with pytest.raises(TypeError):
        jong.parse(None)
    with pytest.raises(TypeError):
        jong.shanten(123)


def test_readme_example_is_the_file():
    """The README shows examples/python/first_steps.py, which its doc test runs: the two agree."""
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    with open(os.path.join(ROOT, "examples", "python", "first_steps.py")) as f:
        example = f.read()
    assert "```python\n" + example + "```" in readme
