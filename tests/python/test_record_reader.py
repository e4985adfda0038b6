"""jong.RecordReader and read_records_arrays / read_records with threads: the samples of many files
made in C, the same in the same order whatever the number of threads, equal to each file's
read_record; the caller's arrays filled batch by batch; a file that cannot be read stopping a
read at its place; bad arrays and arguments raising jong.Error; no references kept."""
import os
import subprocess
import sys

import numpy as np
import pytest

import jong

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JONG = os.environ.get("JONG_BIN") or os.path.join(ROOT, "build", "release", "jong")
KEYS = ("features", "mask", "action", "seat", "score", "rank", "complete", "game", "file")


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """Seven one-game files of each family in one directory, a broken file between them (the
    file `bad` names) and an empty one: (directory, bad file)."""
    if not os.access(JONG, os.X_OK):
        pytest.skip(f"{JONG} is not built")
    d = tmp_path_factory.mktemp("reader")
    for rules, seed in (("riichi", 3), ("taiwan", 4)):
        subprocess.run([JONG, "play", "--rules", rules, "--players", "greedy,random", "--seed",
                        str(seed), "--hands", "2", "--games", "7", "--log", str(d / rules),
                        "--quiet"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    files = jong.record_files(d)
    lines = open(files[3]).read().splitlines(True)
    bad = d / "riichi" / (os.path.basename(files[3]) + "-broken.jsonl")
    bad.write_text("".join(lines[:5]) + "{not json\n")
    (d / "taiwan" / "empty.mjson").write_text("")
    return d, str(bad)


def by_file(files):
    """What read_records_arrays must give: each readable file's read_record, stacked in order."""
    parts, skipped = [], []
    for i, f in enumerate(files):
        try:
            r = jong.read_record(f)
        except jong.Error as e:
            skipped.append((f, str(e)))
            continue
        g, s = r["game"], r["seat"]
        parts.append({"features": r["features"], "mask": r["mask"], "action": r["action"],
                      "seat": s, "score": r["scores"][g, s], "rank": r["ranks"][g, s],
                      "complete": r["complete"][g], "game": g,
                      "file": np.full(len(g), i, dtype=np.int32)})
    return {k: np.concatenate([p[k] for p in parts]) for k in KEYS}, skipped


def same(a, b, keys=KEYS):
    return all(a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k]) for k in keys)


def test_arrays_equal_each_files_read_record_whatever_the_threads(records):
    d, bad = records
    files = jong.record_files(d)
    want, skipped = by_file(files)
    assert [f for f, _ in skipped] == sorted([bad, str(d / "taiwan" / "empty.mjson")])
    assert len(want["action"]) > 1500
    for threads in (1, 2, 3, 8):
        a = jong.read_records_arrays(d, on_error="skip", threads=threads)
        assert same(a, want), threads
        assert a["files"] == files and a["skipped"] == skipped
        assert a["features"].flags.c_contiguous and a["features"].flags.writeable
    with pytest.raises(jong.Error, match=r"-broken\.jsonl:6: "):
        jong.read_records_arrays(d, threads=2)


def test_read_records_iterator_with_threads(records):
    d, _ = records
    one = jong.read_records(d, on_error="skip")
    samples = list(one)
    three = jong.read_records(d, on_error="skip", threads=3)
    for s, t in zip(samples, three):
        assert s.keys() == t.keys()
        assert all(np.array_equal(s[k], t[k]) for k in s)
    assert next(three, None) is None and len(samples) > 1500
    assert one.skipped == three.skipped and len(one.skipped) == 2


@pytest.mark.parametrize("threads", [1, 3])
def test_read_into_batches(records, threads):
    """The caller's arrays filled again and again (777 rows: batches cut files anywhere) give the
    samples of read_records_arrays; a subset of the arrays may be asked for."""
    d, _ = records
    want = jong.read_records_arrays(d, on_error="skip")
    r = jong.RecordReader(d, threads=threads, on_error="skip")
    out = {"features": np.zeros((777, jong.PLANES, 34), np.float32),
           "mask": np.zeros((777, jong.ACTIONS), np.bool_), "action": np.zeros(777, np.int16),
           "rank": np.zeros(777, np.int8), "file": np.zeros(777, np.int32)}
    got = {k: [] for k in out}
    counts = []
    while True:
        n = r.read_into(out)
        counts.append(n)
        if n == 0:
            break
        for k in out:
            got[k].append(out[k][:n].copy())
    assert counts[:-2] == [777] * (len(counts) - 2) and counts[-1] == 0
    assert same({k: np.concatenate(v) for k, v in got.items()}, want, out)
    assert r.skipped == want["skipped"] and r.read_into(out) == 0
    # read(n): new arrays of n samples
    r = jong.RecordReader(d, threads=threads, on_error="skip")
    parts = [r.read(1000) for _ in range(40)]
    assert [len(p["action"]) for p in parts if len(p["action"])][:-1] == [1000] * (
        sum(len(p["action"]) > 0 for p in parts) - 1)
    assert same({k: np.concatenate([p[k] for p in parts]) for k in KEYS}, want)


def test_a_file_that_cannot_be_read_stops_the_read_at_its_place(records):
    """Raising (the default): the read returns the samples before the broken file, the next
    raises its error, and the one after goes on with the next file: the samples are those of
    skip, whatever the threads."""
    d, bad = records
    want = jong.read_records_arrays(d, on_error="skip")
    files = want["files"]
    before = int((want["file"] < files.index(bad)).sum())
    for threads in (1, 3):
        r = jong.RecordReader(d, threads=threads)
        first = r.read()
        assert len(first["action"]) == before
        with pytest.raises(jong.Error, match=r"-broken\.jsonl:6: "):
            r.read()
        rest = r.read(10 ** 9)
        with pytest.raises(jong.Error, match=r"empty\.mjson"):
            r.read()
        last = r.read()
        got = {k: np.concatenate([first[k], rest[k], last[k]]) for k in KEYS}
        assert same(got, want) and r.skipped == []


def test_bad_arrays_and_arguments(records):
    d, _ = records
    r = jong.RecordReader(d, on_error="skip")
    f = np.zeros((10, jong.PLANES, 34), np.float32)
    bad = [({}, "at least one"), ([f], "a dict"), ({"nope": f}, "'nope' is not"),
           ({"features": f.astype(np.float64)}, "features: .*float32"),
           ({"features": f[:, :5]}, "features"), ({"features": f[::2]}, "features"),
           ({"mask": np.zeros((10, 3), bool)}, "mask"), ({"action": [0] * 10}, "action"),
           ({"features": f, "action": np.zeros(9, np.int16)}, "as long")]
    ro = np.zeros(10, np.int16)
    ro.flags.writeable = False
    bad.append(({"action": ro}, "writable"))
    for out, message in bad:
        with pytest.raises(jong.Error, match=message):
            r.read_into(out)
    assert r.read_into({"features": f}) == 10, "the bad calls read nothing"
    for kw in ({"threads": 0}, {"threads": "2"}, {"on_error": "ignore"}):
        with pytest.raises(jong.Error):
            jong.RecordReader(d, **kw)
    with pytest.raises(jong.Error):
        r.read(-1)
    with pytest.raises(jong.Error, match="no such file"):
        jong.RecordReader(d / "missing")
    with pytest.raises(jong.Error, match="partly read"):
        r.read_file()


def test_no_references_kept(records):
    d, _ = records
    out = {"features": np.zeros((500, jong.PLANES, 34), np.float32), "score": np.zeros(500, np.int32)}
    counts = [sys.getrefcount(out["features"]), sys.getrefcount(out["score"]), sys.getrefcount(out)]
    r = jong.RecordReader(d, threads=2, on_error="skip")
    while r.read_into(out):
        pass
    assert [sys.getrefcount(out["features"]), sys.getrefcount(out["score"]),
            sys.getrefcount(out)] == counts
    a = jong.RecordReader(d, on_error="skip").read(100)
    assert all(sys.getrefcount(a[k]) == 2 for k in KEYS)
