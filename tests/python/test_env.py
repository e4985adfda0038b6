"""jong.Env, Observation and Player: determinism, masks against the legal actions, players,
options and errors, whole games of both families."""
import hashlib
import random
import threading

import numpy as np
import pytest

import jong

# the word each mjai-style type has in the action names (jong.ACTION_NAMES)
NAME_OF_TYPE = {"dahai": "discard", "reach": "riichi", "chi": "chi", "pon": "pon",
                "daiminkan": "daiminkan", "ankan": "ankan", "kakan": "kakan", "none": "pass",
                "ryukyoku": "nine"}


def check_observation(o):
    """The mask, the ids and the mjai-style dicts all say the same as the engine's legal actions."""
    legal = o.legal_actions
    ids = o.action_ids
    assert len(legal) == len(ids) > 0
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    mask = o.mask
    assert mask.dtype == np.bool_ and mask.shape == (jong.ACTIONS,)
    assert int(mask.sum()) == len(ids)
    for i, (a, aid) in enumerate(zip(legal, ids)):
        assert a["id"] == aid and mask[aid]
        assert o.index_of(aid) == i
        name = jong.action_name(aid)
        if a["type"] == "hora":
            assert name == ("tsumo" if a["tsumo"] else "ron")
        else:
            assert name.split()[0] == NAME_OF_TYPE[a["type"]], (a, name)
        if a["type"] in ("dahai", "reach", "ankan", "kakan"):
            assert a["tile"].rstrip("r") in name
    f = o.features()
    assert f.dtype == np.float32 and f.shape == (jong.PLANES, 34)
    assert np.isfinite(f).all()
    # planes 0-3: the own concealed hand as a thermometer of counts
    assert (f[0:4].sum(axis=0) == np.array(o.view["counts"], dtype=np.float32)).all()


def play(env, rng, check=False, log=None):
    obs = env.reset()
    steps = 0
    while not env.done:
        assert obs, "the game is not over but no seat is asked"
        answer = {}
        for seat, o in obs.items():
            if check:
                check_observation(o)
            answer[seat] = rng.randrange(len(o.action_ids))
            if log is not None:
                log.update(f"{seat}:{o.view['hand']}:{o.action_ids}:{answer[seat]};".encode())
        obs = env.step(answer)
        steps += 1
    assert obs == {}
    return steps


def game_hash(rules, seed, policy_seed, **opts):
    h = hashlib.sha256()
    env = jong.Env(rules=rules, seed=seed, **opts)
    play(env, random.Random(policy_seed), log=h)
    h.update(repr(env.scores).encode())
    return h.hexdigest(), env.scores


@pytest.mark.parametrize("rules,opts", [("riichi", {}), ("taiwan", {"hands": 4}),
                                        ("riichi", {"opponents": ["greedy", "random", "greedy"]})])
def test_same_seed_same_game(rules, opts):
    a = game_hash(rules, 7, 1, **opts)
    b = game_hash(rules, 7, 1, **opts)
    assert a == b
    assert game_hash(rules, 8, 1, **opts)[0] != a[0]


@pytest.mark.parametrize("rules", ["riichi", "taiwan"])
def test_masks_equal_the_legal_actions_in_many_games(rules):
    rng = random.Random(5)
    steps = 0
    for seed in range(1, 41):
        env = jong.Env(rules=rules, seed=seed, hands=2)
        steps += play(env, rng, check=True)
    assert steps > 4000


@pytest.mark.parametrize("rules,hands", [("riichi", 0), ("taiwan", 0)])
def test_whole_random_games_finish(rules, hands):
    for seed in (1, 2):
        env = jong.Env(rules=rules, seed=seed, hands=hands)
        play(env, random.Random(seed))
        assert env.done
        assert env.hands >= (8 if rules == "riichi" else 16) or min(env.scores) < 0
        assert sorted(env.ranks) == [1, 2, 3, 4]
        if rules == "riichi":
            assert sum(env.scores) <= 100000         # sticks left on the table are lost


def test_ranks_follow_scores_and_seat_order():
    env = jong.Env(rules="riichi", seed=3, hands=1)
    assert env.ranks is None
    play(env, random.Random(3))
    s, r = env.scores, env.ranks
    order = sorted(range(4), key=lambda i: (-s[i], i))
    assert [r[i] for i in order] == [1, 2, 3, 4]


@pytest.mark.parametrize("rules,spec", [("riichi", "greedy"), ("riichi", "kurita"),
                                        ("taiwan", "greedy"), ("taiwan", "simcat:sims=50")])
def test_player_actions_are_legal(rules, spec):
    p = jong.Player(spec)
    env = jong.Env(rules=rules, seed=2, hands=1)
    obs = env.reset()
    while not env.done:
        answer = {}
        for seat, o in obs.items():
            i = p.act(o)
            assert 0 <= i < len(o.action_ids)
            answer[seat] = i
        obs = env.step(answer)


def test_player_in_a_learner_seat_plays_as_at_a_table():
    """Greedy answering seat 0 from Python plays the game the engine's own greedy plays there."""
    def scores(python_seat0):
        opp = ["greedy", "greedy", "greedy"]
        env = jong.Env(rules="riichi", seed=11, hands=2,
                       opponents=opp if python_seat0 else ["greedy"] + opp[:2] + [None])
        p = jong.Player("greedy")
        obs = env.reset()
        while not env.done:
            obs = env.step({s: p.act(o) for s, o in obs.items()})
        return env.scores, env.events
    assert scores(True) == scores(False)


def test_opponents_leave_only_the_learner_seat():
    env = jong.Env(rules="riichi", seed=4, hands=1, opponents=["kurita", "greedy", "random"])
    assert env.learners == [0]
    obs = env.reset()
    seen = set()
    while not env.done:
        seen |= set(obs)
        obs = env.step({s: 0 for s in obs})
    assert seen == {0}


def test_options_by_name():
    env = jong.Env(rules="riichi", hands=1, length="tonpuu", red_fives=0, kuitan=False)
    o = env.options
    assert o["hands"] == "1" and o["length"] == "tonpuu" and o["red_fives"] == "0" and o["kuitan"] == "off"
    tw = jong.Env(rules="taiwan", flowers=False, hands=2)
    assert tw.options["flowers"] == "off"
    obs = tw.reset()
    assert next(iter(obs.values())).view["rules"] == "taiwan"


def test_rule_presets_by_name():
    # a preset sets its options on the defaults, and the other keywords override it
    assert jong.Env(preset="mahjongsoul").options["double_yakuman"] == "on"
    assert jong.Env(preset="tenhou2009").options["extension_rounds"] == "2"
    assert jong.Env(preset="mahjongsoul", double_yakuman=False).options["double_yakuman"] == "off"
    jong.VecEnv(1, preset="tenhou2009")
    with pytest.raises(jong.Error, match="unknown rule preset"):
        jong.VecEnv(1, preset="nosuch")
    with pytest.raises(jong.Error, match="unknown rule preset 'nosuch'"):
        jong.Env(preset="nosuch")
    with pytest.raises(jong.Error, match="is for riichi rules"):
        jong.Env(rules="taiwan", preset="tenhou")
    with pytest.raises(jong.Error, match="preset: a rule preset's name"):
        jong.Env(preset=3)


@pytest.mark.parametrize("make", [
    lambda: jong.Env(rules="chess"),
    lambda: jong.Env(rules="riichi", hands="many"),
    lambda: jong.Env(rules="riichi", no_such_option=1),
    lambda: jong.Env(rules="riichi", hands=[1]),
    lambda: jong.Env(rules="riichi", opponents=["nobody", "greedy", "greedy"]),
    lambda: jong.Env(rules="taiwan", opponents=["kurita", "greedy", "greedy"]),
    lambda: jong.Env(rules="riichi", opponents=["greedy", "greedy"]),
    lambda: jong.Env(rules="riichi", opponents=["greedy"] * 4),
    lambda: jong.Player("nobody"),
    lambda: jong.Player("greedy:no_such=1"),
])
def test_bad_options_are_jong_errors(make):
    with pytest.raises(jong.Error):
        make()


def test_bad_actions_are_jong_errors_and_change_nothing():
    env = jong.Env(rules="riichi", seed=1, hands=1)
    with pytest.raises(jong.Error):
        env.step({0: 0})                       # before reset
    obs = env.reset()
    (seat, o), = obs.items()
    before = o.view
    for bad in ({seat: len(o.action_ids)}, {seat: -1}, {(seat + 1) % 4: 0}, {seat: "0"},
                {seat: 1.5}, {seat: None}, {"x": 0}, {}, [0], None):
        with pytest.raises(jong.Error):
            env.step(bad)
    with pytest.raises(jong.Error):
        o.index_of(jong.ACTIONS + 5)
    with pytest.raises(jong.Error):
        jong.action_name(-1)
    with pytest.raises(TypeError):
        jong.Player("greedy").act("not an observation")
    with pytest.raises(jong.Error):
        jong.Player("kurita").act(jong.Env(rules="taiwan").reset()[0])
    # the bad answers changed nothing: the same seat is still asked the same question
    assert env.step({seat: 0}) is not None and before == o.view and env.events > 0
    play(env, random.Random(1))
    with pytest.raises(jong.Error):
        env.step({0: 0})                       # after the end


def test_observation_outlives_its_env():
    env = jong.Env(rules="riichi", seed=9, hands=1)
    o = env.reset()[0]
    del env
    check_observation(o)
    assert jong.Player("greedy").act(o) >= 0


def test_threads_give_the_same_games():
    """The engine runs without the GIL: games in threads equal the same games one by one."""
    seeds = [21, 22, 23, 24]
    alone = [game_hash("riichi", s, s, hands=2) for s in seeds]
    out = {}

    def run(s):
        out[s] = game_hash("riichi", s, s, hands=2)
    threads = [threading.Thread(target=run, args=(s,)) for s in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [out[s] for s in seeds] == alone


KINDS = ([f"{r}{s}" for s in "mps" for r in range(1, 10)] + ["E", "S", "W", "N", "P", "F", "C"])


def river_order_planes(view, seat):
    """Planes 40-51 worked out from the view: each relative seat's first and last place of each
    kind in its river, and the place of its riichi discard, as (place + 1) / 24 (at most 1)."""
    out = np.zeros((12, 34), np.float32)

    def place(i):
        return np.float32(min(i + 1, 24)) / np.float32(24)
    for r in range(4):
        sv = view["seats"][(seat + r) % 4]
        for i, d in enumerate(sv["river"]):
            k = KINDS.index(d["tile"].rstrip("r"))
            if out[r, k] == 0:
                out[r, k] = place(i)
            out[4 + r, k] = place(i)
        if sv["riichi_at"] >= 0:
            out[8 + r] = place(sv["riichi_at"])
    return out


@pytest.mark.parametrize("rules,seed", [("riichi", 19), ("taiwan", 13)])
def test_view_and_features_agree(rules, seed):
    env = jong.Env(rules=rules, seed=seed, hands=3)
    obs = env.reset()
    rng, greedy = random.Random(seed), jong.Player("greedy")   # greedy declares riichi
    riichi_seen = order_seen = 0
    while not env.done:
        for seat, o in obs.items():
            v, f = o.view, o.features()
            assert v["seat"] == seat == o.seat
            rivers = [len(v["seats"][(seat + r) % 4]["river"]) for r in range(4)]
            assert [round(float(f[10 + r].sum()) * 4) for r in range(4)] == rivers
            assert f[29, 0] == pytest.approx(v["wall_left"] / (136 if rules == "riichi" else 144))
            assert np.array_equal(f[40:52], river_order_planes(v, seat))
            riichi_seen += bool(f[48:52].any())
            order_seen += bool((f[44:48] > f[40:44]).any())   # a kind thrown twice, apart
        obs = env.step({s: greedy.act(o) if s % 2 else rng.randrange(len(o.action_ids))
                        for s, o in obs.items()})
    assert order_seen > 0 and (rules == "taiwan" or riichi_seen > 0)


def test_action_names_match_the_space():
    assert len(jong.ACTION_NAMES) == jong.ACTIONS == 155
    assert jong.action_name(0) == "discard 1m" and jong.action_name(153) == "pass"
