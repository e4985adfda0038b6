"""Env.record(): the game as Jong's record (the lines `jong play --log` writes) and as mjai
events. Records written from an Env replay through the engine (`jong replay --verify` and the
package's own replay) to the Env's final scores, in both families; the same seed gives the same
record; a game in progress gives the record so far."""
import json
import random
import subprocess

import pytest

import jong
from conftest import jong_program


def play_greedy(env):
    """Every learner seat answered by greedy through jong.Player, to the end."""
    p = jong.Player("greedy")
    obs = env.reset()
    while not env.done:
        obs = env.step({s: p.act(o) for s, o in obs.items()})


def write_mjson(events, path):
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


@pytest.mark.parametrize("rules,opts", [("riichi", {}), ("riichi", dict(length="tonpuu", red_fives=0)),
                                        ("taiwan", dict(hands=8)), ("taiwan", dict(flowers=False, hands=4))])
def test_record_replays_to_the_same_scores(tmp_path, rules, opts):
    env = jong.Env(rules=rules, seed=21, opponents=["greedy"] * 3, **opts)
    play_greedy(env)
    text = env.record()
    lines = text.splitlines()
    header = json.loads(lines[0])
    assert header["type"] == "jong_record" and header["players"] == ["learner", "greedy", "greedy", "greedy"]
    assert header["rules"] == dict(env.options, variant=rules)
    assert json.loads(lines[-1]) == {"type": "end_game", "scores": env.scores}
    assert len(lines) == env.events + 1
    path = tmp_path / "game.jsonl"
    path.write_text(text)
    out = subprocess.run([jong_program(), "replay", "--verify", str(path)], capture_output=True, text=True)
    assert out.returncode == 0 and "verified 1 game" in out.stdout, out.stderr
    r = jong.read_record(str(path))
    assert r["scores"].tolist() == [env.scores] and r["complete"].all()
    assert r["ranks"].tolist() == [env.ranks]
    if rules == "riichi":
        events = env.record(format="mjai")
        assert events[0]["type"] == "start_game" and events[-1] == {"type": "end_game", "scores": env.scores}
        assert len(events) == len(lines) - 1
        mjson = write_mjson(events, tmp_path / "game.mjson")
        out = subprocess.run([jong_program(), "replay", "--verify", str(mjson)], capture_output=True, text=True)
        assert out.returncode == 0 and "1 equal" in out.stdout, out.stderr
        assert jong.read_record(str(mjson))["scores"].tolist() == [env.scores]


def test_record_is_what_jong_play_writes(tmp_path):
    """Greedy in every seat (seat 0 answered from Python) plays the game `jong play` plays with
    the same seed: the records are the same line for line but the players' names."""
    env = jong.Env(rules="riichi", seed=7, hands=3, opponents=["greedy"] * 3)
    play_greedy(env)
    subprocess.run([jong_program(), "play", "--rules", "riichi", "--players", "greedy", "--seed", "7",
                    "--hands", "3", "--log", str(tmp_path), "--quiet"], check=True, stdout=subprocess.DEVNULL)
    played = (tmp_path / "game-000000.jsonl").read_text().splitlines()
    mine = env.record().splitlines()
    assert len(mine) == len(played) > 100
    assert mine[0] == played[0].replace('"players":["greedy"', '"players":["learner"')
    assert mine[1] == played[1].replace('"names":["greedy"', '"names":["learner"')
    assert mine[2:] == played[2:]


@pytest.mark.parametrize("rules", ["riichi", "taiwan"])
def test_same_seed_same_record(rules):
    def record(seed, game=0):
        env = jong.Env(rules=rules, seed=seed, game=game, hands=2)
        rng = random.Random(5)
        obs = env.reset()
        while not env.done:
            obs = env.step({s: rng.randrange(len(o.action_ids)) for s, o in obs.items()})
        return env.record()
    a = record(3)
    assert a == record(3)
    assert a != record(4) and a != record(3, game=1)


def test_record_so_far_and_after_reset(tmp_path):
    env = jong.Env(rules="riichi", seed=9, hands=2)
    rng = random.Random(1)
    obs = env.reset()
    for _ in range(60):
        obs = env.step({s: rng.randrange(len(o.action_ids)) for s, o in obs.items()})
    part = env.record()
    assert part.count("\n") == env.events + 1 and "end_game" not in part
    path = tmp_path / "part.jsonl"
    path.write_text(part)
    with pytest.raises(jong.Error, match="ends in the middle of game 0"):
        jong.read_record(str(path))   # Jong's records are whole games
    events = env.record(format="mjai")
    assert len(events) == env.events
    r = jong.read_record(str(write_mjson(events, tmp_path / "part.mjson")))
    assert not r["complete"].any() and len(r["action"]) > 0   # mjai: a game cut short
    while not env.done:
        obs = env.step({s: rng.randrange(len(o.action_ids)) for s, o in obs.items()})
    assert env.record().startswith(part)
    env.reset(seed=10)
    assert env.record().count("\n") == env.events + 1 and not env.record().startswith(part)


def test_record_errors():
    env = jong.Env(rules="riichi")
    with pytest.raises(jong.Error, match="no game yet"):
        env.record()
    env.reset()
    with pytest.raises(jong.Error, match="format 'jong'"):
        env.record(format="tenhou")
    with pytest.raises(TypeError):
        env.record(format=3)
    tw = jong.Env(rules="taiwan")
    tw.reset()
    with pytest.raises(jong.Error, match="mjai events are riichi's"):
        tw.record(format="mjai")
    off = jong.Env(rules="riichi", record=False)
    off.reset()
    with pytest.raises(jong.Error, match="keeps no record"):
        off.record()
    with pytest.raises(jong.Error, match="record: True or False"):
        jong.Env(record="yes")
