"""jong.VecEnv: the same arrays whatever the threads, each table's games equal to single Envs
(one learner seat per table, two, or four), auto-reset, errors."""
import numpy as np
import pytest

import jong

OPPONENTS = {"riichi": ["greedy", "random", "greedy"], "taiwan": ["greedy", "random", "greedy"]}
# the learner seats a table may have: one (seat 0), two (seats 1 and 3), all four
SEATINGS = {"one": ["greedy", "random", "greedy"], "two": ["greedy", None, "random", None],
            "four": None}


def random_ids(rng, mask):
    # one random legal id per table: the largest of random numbers where the mask is True
    return np.argmax(rng.random(mask.shape) * mask, axis=1)


def run(rules, threads, steps=300, n=5, opponents=None, seed=3):
    opponents = OPPONENTS[rules] if opponents is None else opponents
    v = jong.VecEnv(n, rules=rules, seed=seed, opponents=opponents, threads=threads, hands=1)
    f, m = v.reset()
    rng = np.random.default_rng(7)
    out = [f.copy(), m.copy(), v.tables, v.seats]
    several = 0
    for _ in range(steps):
        f, m, r, d = v.step(random_ids(rng, m))
        rows = len(v.tables)
        assert f.shape == (rows, jong.PLANES, 34) and f.dtype == np.float32
        assert m.shape == (rows, jong.ACTIONS) and m.dtype == np.bool_
        assert m.any(axis=1).all(), "every row has a legal action after auto-reset"
        assert r.shape == d.shape == (n * len(v.learners),)
        # every table has a row, in table order then seat order
        assert sorted(set(v.tables.tolist())) == list(range(n))
        assert (np.diff(v.tables * 4 + v.seats) > 0).all()
        assert (v.agents == v.tables * len(v.learners) +
                np.searchsorted(v.learners, v.seats)).all()
        several += rows > n
        out += [f, m, r, d, v.tables, v.seats]
    return out, v.games.copy(), v.last_scores.copy(), several


@pytest.mark.parametrize("rules", ["riichi", "taiwan"])
@pytest.mark.parametrize("seating", ["one", "two", "four"])
def test_same_results_whatever_the_threads(rules, seating):
    opp = SEATINGS[seating]
    if seating == "one":
        opp = OPPONENTS[rules]
    one, games1, scores1, several = run(rules, 1, opponents=opp or [None] * 4)
    three, games3, scores3, _ = run(rules, 3, opponents=opp or [None] * 4)
    assert games1.sum() > 5, "games ended and the tables went on (auto-reset)"
    assert (games1 == games3).all() and (scores1 == scores3).all()
    assert len(one) == len(three)
    assert all(a.shape == b.shape and (a == b).all() for a, b in zip(one, three))
    if seating == "one":
        assert several == 0
    else:
        assert several > 0, "some step asked several seats of a table at once (a claim)"


def play_tables(v, n):
    """Each table's first game from a VecEnv answered with the lowest legal id of every row: per
    table the rows handed out (seat, features, mask) until its game ended, and then
    (last_scores, the rewards of its agent slots)."""
    f, m = v.reset()
    L = len(v.learners)
    rows = [[] for _ in range(n)]
    final = [None] * n

    def keep(f, m):
        for r, (i, seat) in enumerate(zip(v.tables.tolist(), v.seats.tolist())):
            if final[i] is None:
                rows[i].append((seat, f[r].copy(), m[r].copy()))
    keep(f, m)
    while any(s is None for s in final):
        f, m, rewards, dones = v.step(np.argmax(m, axis=1))
        for i in range(n):
            if final[i] is None and dones[i * L]:
                assert dones[i * L:(i + 1) * L].all()
                final[i] = (list(v.last_scores[i]), rewards[i * L:(i + 1) * L].tolist())
        keep(f, m)
    return rows, final


@pytest.mark.parametrize("rules", ["riichi", "taiwan"])
@pytest.mark.parametrize("seating", ["one", "two", "four"])
def test_each_table_plays_the_games_of_single_envs(rules, seating):
    """Table i's first game is Env(seed, game=i)'s with the same opponents, every asked seat
    answered the same way (the lowest legal id): the same decisions of the same seats in the
    same order, their planes, masks (the legal actions' ids) and the rewards of each learner."""
    n = 3
    opp = OPPONENTS[rules] if seating == "one" else SEATINGS[seating]
    # seed 3: its first games ask two learner seats at once in both families
    v = jong.VecEnv(n, rules=rules, seed=3, opponents=opp, hands=1, threads=2)
    rows, final = play_tables(v, n)
    several = 0
    for i in range(n):
        env = jong.Env(rules=rules, seed=3, game=i, opponents=opp, hands=1)
        assert env.learners == v.learners
        obs = env.reset()
        k = 0
        while not env.done:
            several += len(obs) > 1
            answer = {}
            for seat in sorted(obs):
                o = obs[seat]
                vseat, vf, vm = rows[i][k]
                assert vseat == seat, (i, k)
                assert (o.features() == vf).all(), (i, k)
                assert (o.mask == vm).all(), (i, k)
                assert sorted(np.flatnonzero(vm).tolist()) == sorted(o.action_ids)
                k += 1
                answer[seat] = o.index_of(int(np.argmax(o.mask)))
            obs = env.step(answer)
        start = int(env.options["start_score"])
        assert k == len(rows[i])
        assert final[i] == (env.scores, [float(env.scores[s] - start) for s in env.learners])
    if seating != "one":
        assert several > 0, "a claim asked several learner seats at once"


def test_errors():
    opp = ["greedy"] * 3
    for bad in (dict(n=0, opponents=opp), dict(n=2, opponents=["greedy"] * 4),
                dict(n=2, opponents=["greedy", None]), dict(n=2, opponents=opp, threads=0),
                dict(n=2, opponents=opp, no_such_option=1), dict(n=2, opponents=[None, "nobody"])):
        with pytest.raises(jong.Error):
            jong.VecEnv(**bad)
    v = jong.VecEnv(2, opponents=opp, hands=1)
    with pytest.raises(jong.Error, match="reset"):
        v.step([0, 0])                               # before reset
    f, m = v.reset()
    bad = np.argmin(m, axis=1)                       # an id that is not legal
    for ids in ([0], [0, 0, 0], bad, "x", [[0, 0]]):
        with pytest.raises(jong.Error):
            v.step(ids)
    f2, m2, r, d = v.step(np.argmax(m, axis=1))      # the bad steps changed nothing
    assert f2.shape == f.shape and not d.any()
    assert v.n == 2 and v.learner == 0 and v.learners == [0]


def test_errors_with_several_learners():
    """Step wants one id per row (not per table); a bad id names the row, its table and seat,
    and changes nothing."""
    v = jong.VecEnv(3, seed=4, opponents=None, hands=1)
    assert v.learner is None and v.learners == [0, 1, 2, 3]
    f, m = v.reset()
    rng = np.random.default_rng(2)
    while len(v.tables) == 3:                        # on to a claim that asks several seats
        f, m, r, d = v.step(random_ids(rng, m))
    rows = len(v.tables)
    with pytest.raises(jong.Error, match=f"3 action ids for {rows} rows"):
        v.step(np.argmax(m, axis=1)[:3])
    bad = np.argmax(m, axis=1)
    r1 = int(np.flatnonzero(np.diff(v.tables) == 0)[0]) + 1    # a table's second row
    bad[r1] = np.argmin(m[r1])
    with pytest.raises(jong.Error, match=f"row {r1} \\(table {v.tables[r1]}, seat {v.seats[r1]}\\)"):
        v.step(bad)
    f2, m2, r, d = v.step(np.argmax(m, axis=1))      # the bad step changed nothing
    assert r.shape == d.shape == (12,)


def test_thread_pool_made_again_and_freed():
    """The pool lives across steps: a VecEnv made again with other tables and threads (its pool
    stopped and started anew), many made and freed, a fork's child stepping with its own pool;
    each gives the arrays one thread gives."""
    import os
    opp = OPPONENTS["riichi"]

    def steps(v, k, seed):
        f, m = v.reset()
        rng = np.random.default_rng(seed)
        out = []
        for _ in range(k):
            f, m, r, d = v.step(random_ids(rng, m))
            out.append((f.copy(), m.copy(), r.copy(), d.copy()))
        return out

    def same(a, b):
        return all(all((x == y).all() for x, y in zip(p, q)) for p, q in zip(a, b))
    alone = steps(jong.VecEnv(4, seed=5, opponents=opp, hands=1), 60, 1)
    v = jong.VecEnv(7, seed=5, opponents=opp, threads=3, hands=1)
    steps(v, 20, 1)
    v.__init__(4, seed=5, opponents=opp, threads=2, hands=1)
    assert same(steps(v, 60, 1), alone)
    for threads in (2, 4, 8):
        assert same(steps(jong.VecEnv(4, seed=5, opponents=opp, threads=threads, hands=1), 60, 1),
                    alone)
    for _ in range(50):                          # made, reset, freed: the threads end each time
        jong.VecEnv(3, opponents=opp, threads=3).reset()
    if hasattr(os, "fork"):
        v = jong.VecEnv(4, seed=5, opponents=opp, threads=2, hands=1)
        steps(v, 1, 1)                           # the parent's pool started
        pid = os.fork()
        if pid == 0:
            os._exit(0 if same(steps(v, 60, 1), alone) else 1)
        assert os.waitpid(pid, 0)[1] == 0, "the child's steps differ"


def test_timing():
    v = jong.VecEnv(4, opponents=OPPONENTS["taiwan"], rules="taiwan", timing=True, threads=2)
    assert v.timings == {"engine": 0.0, "planes": 0.0}
    f, m = v.reset()
    rng = np.random.default_rng(1)
    for _ in range(20):
        f, m, r, d = v.step(random_ids(rng, m))
    t = v.timings
    assert t["engine"] > 0 and t["planes"] > 0
    assert jong.VecEnv(2, opponents=OPPONENTS["riichi"]).timings is None
    with pytest.raises(jong.Error, match="timing"):
        jong.VecEnv(2, opponents=OPPONENTS["riichi"], timing=1)
