"""The evaluator functions: parse, shanten, analyze (against `jong analyze --json`), and errors."""
import json
import os
import subprocess

import pytest

import jong
from conftest import ROOT, jong_program


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


# (the command's arguments after the hand, jong.analyze's keywords): the options the command has
# beside --json, each through the command's own work
ANALYZE_OPTIONS = [
    # the chances of each discard, exact and simulated, with dora indicators and a seed
    ("123m456p789s1122z5m", ["--sims", "300", "--dora", "1z", "--seed", "3"], dict(sims=300, dora="1z", seed=3)),
    ("123m456p78s1122z59m", ["--sims", "200", "--turn", "9", "--seat", "E", "--dealer", "--round", "S"],
     dict(sims=200, turn=9, seat="E", dealer=True, round=1)),
    ("123456789m12346p119s", ["--rules", "taiwan", "--sims", "200", "--draws", "6", "--seen", "9s"],
     dict(rules="taiwan", sims=200, draws=6, seen="9s")),
    # an engine's own values of each discard (they come with the chances)
    ("445w1267t1144888999s", ["--rules", "taiwan", "--player", "kf-rule", "--sims", "100", "--turn", "8"],
     dict(rules="taiwan", player="kf-rule", sims=100, turn=8)),
    ("123m456m78p11s2357z", ["--player", "kurita", "--sims", "100"], dict(player="kurita", sims=100)),
    # ruleset options by name: the Taiwanese special hands as targets, riichi without red fives
    ("445w1267t1144888999s", ["--rules", "taiwan", "--rule", "special_hands=seven-pairs-pong", "--sims", "0"],
     dict(rules="taiwan", special_hands="seven-pairs-pong")),
    ("123m406p789s1122z5m", ["--rule", "red_fives=0", "--sims", "200"], dict(red_fives=0, sims=200)),
    # the chances' policy and method (issue 31)
    ("123m456p78s1122z59m", ["--sims", "200", "--policy", "points"], dict(sims=200, policy="points")),
    ("123m456p78s1122z59m", ["--sims", "200", "--method", "simulate"], dict(sims=200, method="simulate")),
    ("123m456p78s1122z59m", ["--sims", "200", "--policy", "win", "--exchanges", "1", "--draws", "6"],
     dict(sims=200, policy="win", exchanges=1, draws=6)),
    ("123m456p78s1122z59m", ["--sims", "200", "--policy", "points", "--exchanges", "all", "--draws", "3"],
     dict(sims=200, policy="points", exchanges="all", draws=3)),
    # Loh's local search beside the exact distances
    ("123m456p78s1122z59m", ["--search", "local", "--restarts", "3", "--sims", "0"],
     dict(search="local", restarts=3)),
]


@pytest.mark.parametrize("hand,args,kwargs", ANALYZE_OPTIONS)
def test_analyze_options_are_the_cli_json(hand, args, kwargs):
    want = json.loads(subprocess.check_output([jong_program(), "analyze", hand, *args, "--json"]))
    got = jong.analyze(hand, **kwargs)
    assert got == want
    if kwargs.get("sims"):
        assert got["simulation"]["sims"] == kwargs["sims"] and got["simulation"]["rows"]
    if "player" in kwargs:
        assert got["player"]["player"] == kwargs["player"] and got["player"]["values"]


def test_analyze_options_change_the_answer():
    hand = "123m456p789s1122z5m"
    plain, dora = jong.analyze(hand, sims=200), jong.analyze(hand, sims=200, dora="1z")
    assert "simulation" not in jong.analyze(hand) and "simulation" in plain
    best = lambda a: max(r["points"]["value"] for r in a["simulation"]["rows"])
    assert best(dora) > best(plain)  # the 2z pair became dora
    assert jong.analyze(hand, sims=200, seed=5) == jong.analyze(hand, sims=200, seed=5)
    tw = "445w1267t1144888999s"
    names = lambda a: [t["name"] for t in a["targets"] if t["distance"] is not None]
    assert "seven-pairs" not in names(jong.analyze(tw, rules="taiwan"))
    assert "seven-pairs" in names(jong.analyze(tw, rules="taiwan", special_hands="seven-pairs-pong"))


@pytest.mark.parametrize("kwargs,message", [
    (dict(player="kurita"), "player: its values come with the chances of each discard (sims above 0)"),
    (dict(player="greedy", sims=10), "player: player 'greedy' has no values of its discards"),
    (dict(player="kf-rule", sims=10), "player: kf-rule plays Taiwanese rules only"),
    (dict(dora="1z1z1z"), "dora: 1z: 5 copies in the hand, its melds, the seen tiles and the indicators"),
    (dict(dora="1m2m3m4m6m7m"), "dora: at most 5 indicators"),
    (dict(dora="9x"), "dora: position 1: unknown letter 'x'"),
    (dict(seen="1z1z1z"), "seen: 3 1z seen and 2 in the hand make 5 copies (at most 4)"),
    (dict(frob=2), "unknown rule option 'frob' for riichi rules"),
    (dict(sims=-1), "sims: an int from 0 to"),
    (dict(turn=0), "turn: an int from 1 to 30"),
    (dict(seat="Q"), "seat: a seat or wind"),
    (dict(search="deep"), "search: 'exact' or 'local'"),
    (dict(policy="best", sims=10), "policy: 'lower', 'win' or 'points'"),
    (dict(method="exact", sims=10), "method: 'auto' or 'simulate'"),
    (dict(method="simulate", policy="win", sims=10), "method simulate plays only the policy lower"),
    (dict(exchanges="sideways", policy="win", sims=10), "exchanges: 'forward', a number 1 to 39 or 'all'"),
    (dict(exchanges=1, sims=10), "exchanges: only with policy win or points and method auto"),
    (dict(dealer=1), "dealer: True or False"),
    (dict(dealer=True, seat="S", sims=10), "the dealer's seat wind is East"),
])
def test_analyze_bad_options(kwargs, message):
    with pytest.raises(jong.Error) as e:
        jong.analyze("123m456p789s1122z5m", **kwargs)
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


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
    with pytest.raises(TypeError):
        jong.analyze()
    with pytest.raises(TypeError):
        jong.analyze(None)
    with pytest.raises(TypeError):
        jong.analyze("123m456p789s1122z", "riichi", None, 100)  # sims is a keyword


def test_readme_example_is_the_file():
    """The README shows examples/python/first_steps.py, which its doc test runs: the two agree."""
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    with open(os.path.join(ROOT, "examples", "python", "first_steps.py")) as f:
        example = f.read()
    assert "```python\n" + example + "```" in readme
