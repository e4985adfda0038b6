"""The Python package's speed: what `jong bench python` runs (docs/python.md, "Speed").

`jong bench python [options]` (src/cli/bench/cmd_bench_python.c) reads its options, finds the
interpreter and this package, checks that numpy and the package import, and calls
run(options) with them as a dict (the keys below). Three measurements, each for the riichi and
the Taiwanese table:

- Env: every seat of whole games answered from Python, each decision's features and mask
  fetched and a random legal id chosen from the mask with numpy: decisions per second, and
  where the time goes (Env.step, features(), mask, the choice and the loop).
- VecEnv: `tables` tables against three `opponents`, one random legal id per table chosen in
  numpy from the stacked masks: learner decisions per second on 1 thread and on `threads`,
  and where the time goes on one thread (VecEnv(timing=True): the engine, the planes and
  masks, the rest of step(), numpy and the loop).
- read_records: `games` games of greedy players written by `jong play --log` into a temporary
  directory, read back: samples per second by read_record (the C part alone), the
  read_records iterator, read_records_arrays (on 1 thread and on `threads`) and
  RecordReader.read_into filling the same 4,096-sample arrays again and again (1 thread and
  `threads`), the first read and the mean of `repeat` more; where the time goes
  (read_record(timing=True): the replay, the planes and masks).

Every measurement has a signature (a hash of the actions chosen or read, the scores, and the
last features) that changes only when the work does, whatever the speed; the same options give
the same signatures on any machine with the same numpy. Rates are printed as measured; the
figures are those of the machine as it is (other work on it slows them).
"""
import hashlib
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import jong

DEFAULTS = {"rules": "both", "seed": 1, "decisions": 20000, "tables": 64, "steps": 1000,
            "threads": 2, "opponents": "random", "games": 20, "repeat": 3, "jong": "jong",
            "json": False}


def _note(text):
    print(f"jong bench python: {text}", file=sys.stderr, flush=True)


def _shares(parts, total):
    """'a 55%, b 30%' of the parts' seconds over the total."""
    return ", ".join(f"{name} {100 * sec / total:.0f}%" for name, sec in parts if total > 0)


def _rate(n, seconds):
    return n / seconds if seconds > 0 else float("inf")


def _same_work(what, signature, again):
    """A second run (timed, or on other threads) must play the same games as the first."""
    if again != signature:
        raise RuntimeError(f"{what} played other games ({again} against {signature})")


# ---- Env ----------------------------------------------------------------------------------------

def _env_run(rules, seed, decisions, timed):
    """Whole games (game 0, 1, ... of the seed) until `decisions` decisions are answered.
    Returns (decisions, seconds, signature, parts), parts being the seconds of each part when
    timed (perf_counter around each call) and None otherwise."""
    rng = np.random.default_rng(seed)
    uniform = rng.random(decisions + 64)
    h = hashlib.blake2b(digest_size=8)
    clock = time.perf_counter
    t_step = t_feat = t_mask = 0.0
    done, game = 0, 0
    start = clock()
    while done < decisions:
        env = jong.Env(rules=rules, seed=seed, game=game)
        obs = env.reset()
        while obs and done < decisions:
            answer = {}
            for seat, o in obs.items():
                if timed:
                    t0 = clock()
                    o.features()
                    t1 = clock()
                    m = o.mask
                    t2 = clock()
                    t_feat += t1 - t0
                    t_mask += t2 - t1
                else:
                    o.features()
                    m = o.mask
                ids = np.flatnonzero(m)
                aid = int(ids[int(uniform[done] * len(ids))])
                answer[seat] = o.index_of(aid)
                h.update(aid.to_bytes(1, "little"))
                done += 1
            if timed:
                t0 = clock()
                obs = env.step(answer)
                t_step += clock() - t0
            else:
                obs = env.step(answer)
        h.update(repr(env.scores).encode())
        game += 1
    seconds = clock() - start
    parts = None
    if timed:
        parts = [("Env.step", t_step), ("features()", t_feat), ("mask", t_mask),
                 ("choice and loop", seconds - t_step - t_feat - t_mask)]
    return done, seconds, h.hexdigest(), parts


def bench_env(rules, o):
    n, seconds, sig, _ = _env_run(rules, o["seed"], o["decisions"], False)
    _, seconds2, sig2, parts = _env_run(rules, o["seed"], o["decisions"], True)
    _same_work(f"Env {rules}: the timed run", sig, sig2)
    rate = _rate(n, seconds)
    line = (f"env {rules}: {n} decisions (every seat from Python, features and mask fetched) in "
            f"{seconds:.3f} s = {rate:,.0f} decisions/s; time: {_shares(parts, seconds2)}; "
            f"signature {sig}")
    return [(line, {"bench": "env", "rules": rules, "decisions": n, "seconds": seconds,
                    "rate": rate, "parts": dict(parts), "signature": sig})]


# ---- VecEnv -------------------------------------------------------------------------------------

def _vec_run(rules, o, threads, timing):
    v = jong.VecEnv(o["tables"], rules=rules, seed=o["seed"], opponents=[o["opponents"]] * 3,
                    threads=threads, timing=timing)
    rng = np.random.default_rng(o["seed"])
    h = hashlib.blake2b(digest_size=8)
    clock = time.perf_counter
    in_step = 0.0
    features, mask = v.reset()
    before = v.timings               # reset()'s own work (the first deals) left out below
    start = clock()
    for _ in range(o["steps"]):
        ids = np.argmax(rng.random(mask.shape) * mask, axis=1)
        h.update(ids.astype(np.uint8).tobytes())
        t0 = clock()
        features, mask, rewards, dones = v.step(ids)
        in_step += clock() - t0
        if dones.any():
            h.update(rewards.tobytes())
    seconds = clock() - start
    h.update(v.games.tobytes())
    h.update(v.last_scores.tobytes())
    h.update(features.tobytes())
    timings = v.timings and {k: t - before[k] for k, t in v.timings.items()}
    return seconds, in_step, h.hexdigest(), v.games.sum(), timings


def bench_vecenv(rules, o):
    n = o["tables"] * o["steps"]
    out = []
    seconds, in_step, sig, games, _ = _vec_run(rules, o, 1, False)
    t_seconds, t_step, t_sig, _, timings = _vec_run(rules, o, 1, True)
    _same_work(f"VecEnv {rules}: the timed run", sig, t_sig)
    parts = [("engine", timings["engine"]), ("planes and masks", timings["planes"]),
             ("rest of step()", t_step - timings["engine"] - timings["planes"]),
             ("numpy choice and loop", t_seconds - t_step)]
    rate = _rate(n, seconds)
    line = (f"vecenv {rules}: {o['tables']} tables x {o['steps']} steps against 3 "
            f"{o['opponents']} ({games} games ended), threads 1: {n} learner decisions in "
            f"{seconds:.3f} s = {rate:,.0f} decisions/s; time: {_shares(parts, t_seconds)}; "
            f"signature {sig}")
    one = {"bench": "vecenv", "rules": rules, "tables": o["tables"], "steps": o["steps"],
           "opponents": o["opponents"], "threads": 1, "decisions": n, "games": int(games),
           "seconds": seconds, "rate": rate, "parts": dict(parts), "signature": sig}
    out.append((line, one))
    if o["threads"] > 1:
        seconds_t, _, sig_t, _, _ = _vec_run(rules, o, o["threads"], False)
        _same_work(f"VecEnv {rules} on {o['threads']} threads", sig, sig_t)
        rate_t = _rate(n, seconds_t)
        line = (f"vecenv {rules}: threads {o['threads']}: {n} learner decisions in "
                f"{seconds_t:.3f} s = {rate_t:,.0f} decisions/s ({rate_t / rate:.2f}x one "
                f"thread); signature {sig_t}")
        out.append((line, {**one, "threads": o["threads"], "seconds": seconds_t,
                           "rate": rate_t, "parts": None}))
    return out


# ---- read_records -------------------------------------------------------------------------------

def _make_records(rules, o, where):
    cmd = [o["jong"], "play", "--rules", rules, "--players", "greedy", "--seed", str(o["seed"]),
           "--games", str(o["games"]), "--log", where, "--quiet"]
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(cmd)} failed: {done.stderr.strip()}")


def _timed(passes, f):
    """Mean seconds of `passes` calls of f (at least one)."""
    start = time.perf_counter()
    for _ in range(passes):
        f()
    return (time.perf_counter() - start) / passes


def bench_records(rules, o):
    with tempfile.TemporaryDirectory(prefix="jong-bench-python-") as where:
        t0 = time.perf_counter()
        _make_records(rules, o, where)
        made = time.perf_counter() - t0
        files = jong.record_files(where)
        start = time.perf_counter()
        first = [jong.read_record(f) for f in files]   # the first read: fresh memory
        cold = time.perf_counter() - start
        n = sum(len(r["action"]) for r in first)
        h = hashlib.blake2b(digest_size=8)
        for r in first:
            for k in ("action", "seat", "mask", "features", "scores"):
                h.update(r[k].tobytes())
        sig = h.hexdigest()
        del first
        reps = o["repeat"]
        t_record = _timed(reps, lambda: [len(jong.read_record(f)["action"]) for f in files])

        def iterate():
            count = 0
            for s in jong.read_records(where):
                s["features"], s["mask"], s["action"]
                count += 1
            if count != n:
                raise RuntimeError(f"read_records gave {count} samples, read_record {n}")
        t_iter = _timed(reps, iterate)
        threads = o["threads"]

        def arrays(t):
            a = jong.read_records_arrays(where, threads=t)
            if not np.array_equal(a["action"], want_actions):
                raise RuntimeError(f"read_records_arrays on {t} threads read other samples")
        want_actions = np.concatenate([jong.read_record(f)["action"] for f in files])
        t_arrays = _timed(reps, lambda: arrays(1))
        t_arrays_t = _timed(reps, lambda: arrays(threads))
        # batches of 4,096 samples into the same arrays, as a training loop reads them
        batch = {"features": np.zeros((4096, jong.PLANES, 34), np.float32),
                 "mask": np.zeros((4096, jong.ACTIONS), np.bool_),
                 "action": np.zeros(4096, np.int16)}

        def into(t):
            reader, count = jong.RecordReader(where, threads=t), 0
            while (k := reader.read_into(batch)):
                count += k
            if count != n:
                raise RuntimeError(f"RecordReader.read_into gave {count} samples, read_record {n}")
        into(1)                                        # the batch's pages made once
        t_into = _timed(reps, lambda: into(1))
        t_into_t = _timed(reps, lambda: into(threads))
        timings = [jong.read_record(f, timing=True)["timings"] for f in files]
        replay = sum(t["replay"] for t in timings)
        planes = sum(t["planes"] for t in timings)
    rates = {"read_record first": _rate(n, cold), "read_record": _rate(n, t_record),
             "read_records": _rate(n, t_iter), "read_records_arrays": _rate(n, t_arrays),
             f"read_records_arrays threads {threads}": _rate(n, t_arrays_t),
             "read_into": _rate(n, t_into), f"read_into threads {threads}": _rate(n, t_into_t)}
    parts = [("replay", replay), ("planes and masks", planes),
             ("the iterator's Python", max(t_iter - replay - planes, 0.0))]
    line = (f"records {rules}: {o['games']} greedy games (made in {made:.1f} s), {n} samples: "
            f"read_records {rates['read_records']:,.0f} samples/s, read_records_arrays "
            f"{rates['read_records_arrays']:,.0f}/s ({_rate(n, t_arrays_t):,.0f}/s on {threads} "
            f"threads), RecordReader.read_into 4,096-sample batches {rates['read_into']:,.0f}/s "
            f"({_rate(n, t_into_t):,.0f}/s on {threads} threads), read_record "
            f"{rates['read_record']:,.0f}/s ({rates['read_record first']:,.0f}/s the first time); "
            f"read_records' time: {_shares(parts, t_iter)}; signature {sig}")
    return [(line, {"bench": "records", "rules": rules, "games": o["games"], "samples": n,
                    "rates": rates, "parts": dict(parts), "signature": sig})]


# ---- the whole bench ----------------------------------------------------------------------------

def run(options):
    """Runs the bench with options (the keys of DEFAULTS; missing ones take its values); prints
    a line per measurement and the signature of them all (one JSON object with json=True).
    Returns the exit status."""
    o = {**DEFAULTS, **options}
    o["seed"] = int(o["seed"])           # text from jong bench python (a seed may pass 2^63)
    families = ["riichi", "taiwan"] if o["rules"] == "both" else [o["rules"]]
    load = os.getloadavg()
    about = {"python": sys.version.split()[0], "executable": sys.executable,
             "numpy": np.__version__, "jong": jong.__version__,
             "package": os.path.dirname(os.path.abspath(jong.__file__)),
             "processors": os.cpu_count(), "load_before": [round(x, 2) for x in load]}
    _note(f"seed {o['seed']}, {', '.join(families)}; Python {about['python']}, numpy "
          f"{about['numpy']}, jong {about['jong']} from {about['package']}; {about['processors']} "
          f"processors, load average {load[0]:.2f} before")
    results = []
    try:
        for rules in families:
            for bench in (bench_env, bench_vecenv, bench_records):
                for line, result in bench(rules, o):
                    if not o["json"]:
                        print(line, flush=True)
                    results.append(result)
    except (RuntimeError, jong.Error) as e:
        _note(str(e))
        return 1
    h = hashlib.blake2b(digest_size=8)
    for r in results:
        h.update(r["signature"].encode())
    about["load_after"] = [round(x, 2) for x in os.getloadavg()]
    if o["json"]:
        import json
        print(json.dumps({"bench": "python", "options": {k: o[k] for k in DEFAULTS if k != "json"},
                          "about": about, "results": results, "signature": h.hexdigest()}))
    else:
        print(f"signature {h.hexdigest()} (load average {about['load_after'][0]:.2f} after)")
    return 0
