"""No growth of Python memory or objects over 100,000 random steps (references released)."""
import gc
import random
import tracemalloc

import jong


def steps(n, rng, env):
    done = 0
    obs = env.reset()
    while done < n:
        if env.done:
            obs = env.reset(seed=rng.randrange(1 << 30))
            continue
        answer = {}
        for seat, o in obs.items():
            o.mask
            o.features()
            o.view
            o.legal_actions
            answer[seat] = rng.randrange(len(o.action_ids))
        obs = env.step(answer)
        done += 1


def test_no_growth_over_100000_steps():
    """Five stretches of 20,000 steps each (10,000 in each family), every observation's mask,
    features, view and legal actions made: a leak grows in every stretch (10 bytes a step would
    be 200 KB a stretch). One stretch may hold a single one-time growth of about 940 KB, the
    size of a string-keyed dict of 65,536 slots (an interpreter table resizing once; later
    stretches never grow again), so the test asks that every stretch but one stay flat, and
    that the objects never grow. About 20 s on the 2-processor development VM (tracemalloc
    makes the steps 8 times slower)."""
    rng = random.Random(1)
    envs = [jong.Env(rules="riichi", hands=1), jong.Env(rules="taiwan", hands=1)]
    for env in envs:
        steps(500, rng, env)
    gc.collect()
    tracemalloc.start()
    objects = [len(gc.get_objects())]
    mem = [tracemalloc.get_traced_memory()[0]]
    for _ in range(5):
        for env in envs:
            steps(10000, rng, env)
        gc.collect()
        mem.append(tracemalloc.get_traced_memory()[0])
        objects.append(len(gc.get_objects()))
    tracemalloc.stop()
    growth = [b - a for a, b in zip(mem, mem[1:])]
    assert sorted(growth)[-2] < 50_000, growth
    assert max(growth) < 1_200_000, growth
    assert objects[-1] - objects[0] < 100, objects


def bad_calls(n):
    for i in range(n):
        try:
            jong.parse("12x" if i % 2 else "11111m")
        except jong.Error:
            pass
        try:
            jong.Env(rules="riichi", no_such_option=i)
        except jong.Error:
            pass
        try:
            jong.score("123m456p789s345s99m", "5s", ippatsu=True) if i % 2 else jong.score("1m", "2x", frob=i)
        except jong.Error:
            pass
        try:
            jong.analyze("123m456p789s1122z5m", dora="1z1z1z", sims=10)
        except jong.Error:
            pass


def test_errors_leak_nothing():
    gc.collect()
    tracemalloc.start()
    bad_calls(3000)
    gc.collect()
    first = tracemalloc.get_traced_memory()[0]
    bad_calls(3000)
    gc.collect()
    assert tracemalloc.get_traced_memory()[0] - first < 50_000
    tracemalloc.stop()


def resident_kb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4


def test_engine_memory_is_released():
    """The C side (sessions, players, observations) frees what it takes: the resident size stays
    flat over 3,000 games of one hand against two of Jong's players."""
    rng = random.Random(2)
    env = jong.Env(rules="riichi", hands=1, opponents=["greedy", None, "random", None])
    steps(2000, rng, env)
    before = resident_kb()
    steps(20000, rng, env)
    assert resident_kb() - before < 4096


def test_score_analyze_and_record_release_their_memory():
    """jong.score, jong.analyze with chances and Env.record() in both forms, called over and
    over, keep the resident size flat (the engine's JSON and the record's text are freed)."""
    env = jong.Env(rules="riichi", seed=3, hands=2)
    steps(300, random.Random(3), env)

    def calls(n):
        for i in range(n):
            jong.score("123m456p789s1122z", "2z", tsumo=True, riichi=True, dora="1z")
            jong.score("[123m] 456m789p234s55p88s", "8s", rules="taiwan", self_draw=True)
            env.record()
            env.record(format="mjai")
            if i % 4 == 0:  # the targets make it the slow one (about 20 ms)
                jong.analyze("123m456p789s1122z5m", sims=20, dora="1z")
    calls(40)
    gc.collect()
    before = resident_kb()
    calls(400)
    gc.collect()
    assert resident_kb() - before < 1024


def test_vecenv_memory_is_released():
    """VecEnv's tables start game after game (auto-reset) without the resident size growing, with
    one learner seat per table and with four (rows of several seats, the row arrays read at
    every step); the arrays it returns are the caller's alone (no reference kept)."""
    import sys

    import numpy as np
    rng = np.random.default_rng(1)
    for opponents in (["greedy", "random", "greedy"], None):
        v = jong.VecEnv(8, rules="riichi", seed=1, opponents=opponents, hands=1)
        f, m = v.reset()

        def run(k):
            nonlocal m
            for _ in range(k):
                f, m, r, d = v.step(np.argmax(rng.random(m.shape) * m, axis=1))
                t, s, a = v.tables, v.seats, v.agents
            # each held by its name alone (getrefcount's argument is the second reference)
            counts = [sys.getrefcount(f), sys.getrefcount(m), sys.getrefcount(r),
                      sys.getrefcount(d), sys.getrefcount(t), sys.getrefcount(s),
                      sys.getrefcount(a)]
            assert counts == [2] * 7
        run(500)
        before = resident_kb()
        refs = sys.getrefcount(v)
        run(2500)
        assert v.games.sum() > 200
        assert sys.getrefcount(v) == refs
        assert resident_kb() - before < 4096


def test_record_reader_memory_is_released(tmp_path):
    """Records read again and again on two threads (read_records_arrays, read_into, read_file)
    without the resident size growing: every file's buffers and the arrays handed over freed."""
    import subprocess

    import numpy as np
    from conftest import jong_program
    subprocess.run([jong_program(), "play", "--players", "greedy", "--seed", "2", "--hands", "2",
                    "--games", "3", "--log", str(tmp_path), "--quiet"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    (tmp_path / "broken.jsonl").write_text("{not json\n")
    batch = {"features": np.zeros((300, jong.PLANES, 34), np.float32),
             "rank": np.zeros(300, np.int8)}

    def run(k):
        for _ in range(k):
            jong.read_records_arrays(tmp_path, on_error="skip", threads=2)
            r = jong.RecordReader(tmp_path, threads=2)
            while True:
                try:
                    if not r.read_into(batch):
                        break
                except jong.Error:
                    pass                         # the broken file, passed over
            for _ in jong.read_records(tmp_path, on_error="skip", threads=2):
                pass
    run(5)
    before = resident_kb()
    run(40)
    assert resident_kb() - before < 4096
