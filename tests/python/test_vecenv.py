"""jong.VecEnv: the same arrays whatever the threads, each table's games equal to single Envs,
auto-reset, errors."""
import numpy as np
import pytest

import jong

OPPONENTS = {"riichi": ["greedy", "random", "greedy"], "taiwan": ["greedy", "random", "greedy"]}


def random_ids(rng, mask):
    # one random legal id per table: the largest of random numbers where the mask is True
    return np.argmax(rng.random(mask.shape) * mask, axis=1)


def run(rules, threads, steps=300, n=5):
    v = jong.VecEnv(n, rules=rules, seed=3, opponents=OPPONENTS[rules], threads=threads, hands=1)
    f, m = v.reset()
    rng = np.random.default_rng(7)
    out = [f.copy(), m.copy()]
    for _ in range(steps):
        f, m, r, d = v.step(random_ids(rng, m))
        assert f.shape == (n, jong.PLANES, 34) and f.dtype == np.float32
        assert m.shape == (n, jong.ACTIONS) and m.dtype == np.bool_
        assert m.any(axis=1).all(), "every table has a legal action after auto-reset"
        out += [f, m, r, d]
    return out, v.games.copy(), v.last_scores.copy()


@pytest.mark.parametrize("rules", ["riichi", "taiwan"])
def test_same_results_whatever_the_threads(rules):
    one, games1, scores1 = run(rules, 1)
    three, games3, scores3 = run(rules, 3)
    assert games1.sum() > 5, "games ended and the tables went on (auto-reset)"
    assert (games1 == games3).all() and (scores1 == scores3).all()
    assert all((a == b).all() for a, b in zip(one, three))


@pytest.mark.parametrize("rules", ["riichi", "taiwan"])
def test_each_table_plays_the_games_of_single_envs(rules):
    """Table i's first game is Env(seed, game=i)'s, answered the same way (the lowest legal id)."""
    n = 3
    v = jong.VecEnv(n, rules=rules, seed=9, opponents=OPPONENTS[rules], hands=1)
    f, m = v.reset()
    feats = [[f[i].copy()] for i in range(n)]
    final = [None] * n
    while any(s is None for s in final):
        ids = np.argmax(m, axis=1)                   # the lowest legal id of each table
        f, m, r, d = v.step(ids)
        for i in range(n):
            if final[i] is not None:
                continue
            if d[i]:
                final[i] = (list(v.last_scores[i]), float(r[i]))
            else:
                feats[i].append(f[i].copy())
    for i in range(n):
        env = jong.Env(rules=rules, seed=9, game=i, opponents=OPPONENTS[rules], hands=1)
        obs = env.reset()
        k = 0
        while not env.done:
            o = obs[0]
            assert (o.features() == feats[i][k]).all(), (i, k)
            k += 1
            obs = env.step({0: o.index_of(int(np.argmax(o.mask)))})
        start = int(env.options["start_score"])
        assert k == len(feats[i])
        assert final[i] == (env.scores, float(env.scores[0] - start))


def test_errors():
    opp = ["greedy"] * 3
    with pytest.raises(jong.Error):
        jong.VecEnv(0, opponents=opp)
    with pytest.raises(jong.Error):
        jong.VecEnv(2)                               # no opponents: no single learner seat
    with pytest.raises(jong.Error):
        jong.VecEnv(2, opponents=["greedy", None, None, "greedy"])
    with pytest.raises(jong.Error):
        jong.VecEnv(2, opponents=opp, threads=0)
    with pytest.raises(jong.Error):
        jong.VecEnv(2, opponents=opp, no_such_option=1)
    v = jong.VecEnv(2, opponents=opp, hands=1)
    with pytest.raises(jong.Error):
        v.step([0, 0])                               # before reset
    f, m = v.reset()
    bad = np.argmin(m, axis=1)                       # an id that is not legal
    for ids in ([0], [0, 0, 0], bad, "x", [[0, 0]]):
        with pytest.raises(jong.Error):
            v.step(ids)
    f2, m2, r, d = v.step(np.argmax(m, axis=1))      # the bad steps changed nothing
    assert f2.shape == f.shape and not d.any()
    assert v.n == 2 and v.learner == 0


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
