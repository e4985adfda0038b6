"""jong.read_records: records written by `jong play --log` read back as training samples, each
decision's features and mask equal to those of a live Env playing the same game with the
record's actions; determinism; bad files raise jong.Error."""
import gzip
import os
import subprocess
import zlib

import numpy as np
import pytest

import jong

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JONG = os.environ.get("JONG_BIN") or os.path.join(ROOT, "build", "release", "jong")

# (rules, players, seed, hands, games): short games of each family with wins, claims and riichi
GAMES = [("riichi", "greedy", 11, 4, 2), ("riichi", "greedy,random", 12, 2, 1),
         ("taiwan", "greedy", 13, 3, 2)]


def play(tmp_path, rules, players, seed, hands, games):
    if not os.access(JONG, os.X_OK):
        pytest.skip(f"{JONG} is not built")
    out = tmp_path / f"{rules}-{seed}"
    subprocess.run([JONG, "play", "--rules", rules, "--players", players, "--seed", str(seed),
                    "--hands", str(hands), "--games", str(games), "--log", str(out), "--quiet"],
                   check=True, stdout=subprocess.DEVNULL)
    return out


def live(rules, seed, game, hands, actions):
    """Replay the actions through a live Env (every seat a learner): its observations in seat
    order at each step, and the final scores and ranks."""
    env = jong.Env(rules=rules, seed=seed, game=game, hands=hands)
    obs, out, it = env.reset(), [], iter(actions)
    while not env.done:
        step = {}
        for seat in sorted(obs):
            o = obs[seat]
            aid = next(it)
            out.append((seat, o.features(), o.mask, aid))
            step[seat] = o.index_of(aid)
        obs = env.step(step)
    assert next(it, None) is None, "the record has more decisions than the live game"
    return out, env.scores, env.ranks


@pytest.mark.parametrize("rules,players,seed,hands,games", GAMES)
def test_records_equal_live_play(tmp_path, rules, players, seed, hands, games):
    d = play(tmp_path, rules, players, seed, hands, games)
    files = jong.record_files(d)
    assert len(files) == games
    samples = list(jong.read_records(d))
    assert samples
    for game, path in enumerate(files):
        rec = [s for s in samples if s["file"] == path]
        assert all(s["game"] == 0 and s["complete"] for s in rec)
        moves, scores, ranks = live(rules, seed, game, hands, [s["action"] for s in rec])
        assert len(moves) == len(rec)  # as many decisions as the engine asked
        for s, (seat, features, mask, aid) in zip(rec, moves):
            assert s["seat"] == seat and s["action"] == aid
            assert s["mask"][s["action"]], "the action taken is not in its mask"
            assert np.array_equal(s["mask"], mask)
            assert s["features"].dtype == np.float32 and s["features"].shape == (jong.PLANES, 34)
            assert np.array_equal(s["features"], features)
            assert s["score"] == scores[seat] and s["rank"] == ranks[seat]


def test_arrays_form_and_determinism(tmp_path):
    d = play(tmp_path, "riichi", "greedy", 21, 2, 2)
    a = jong.read_records_arrays(d)
    b = jong.read_records_arrays(d)
    samples = list(jong.read_records(d))
    n = len(samples)
    assert a["features"].shape == (n, jong.PLANES, 34) and a["mask"].shape == (n, jong.ACTIONS)
    for k in ("features", "mask", "action", "seat", "score", "rank", "game", "file"):
        assert np.array_equal(a[k], b[k]), k
    assert a["mask"][np.arange(n), a["action"]].all()
    assert [s["action"] for s in samples] == a["action"].tolist()
    assert [s["rank"] for s in samples] == a["rank"].tolist()
    assert sorted(set(a["rank"].tolist())) == [1, 2, 3, 4]
    # a record of several games in one file: the games are told apart
    one = tmp_path / "both.jsonl"
    one.write_bytes(b"".join(open(f, "rb").read() for f in a["files"]))
    r = jong.read_record(str(one))
    assert r["scores"].shape == (2, 4) and r["complete"].all()
    timed = jong.read_record(str(one), timing=True)    # the same, with the C work's seconds
    assert timed.pop("timings").keys() == {"replay", "planes"} and "timings" not in r
    assert all(np.array_equal(r[k], timed[k]) for k in r)
    assert np.array_equal(r["action"], a["action"]) and np.array_equal(r["game"], a["file"])
    # and gzipped: the same samples (a directory finds .gz files too)
    gz = tmp_path / "gz"
    gz.mkdir()
    (gz / "both.jsonl.gz").write_bytes(gzip.compress(one.read_bytes()))
    g = jong.read_records_arrays(gz)
    assert np.array_equal(g["features"], a["features"]) and np.array_equal(g["game"], a["file"])
    (tmp_path / "empty").mkdir()
    empty = jong.read_records_arrays(tmp_path / "empty")
    assert empty["features"].shape == (0, jong.PLANES, 34) and empty["files"] == []


def test_bad_records_raise(tmp_path):
    d = play(tmp_path, "riichi", "greedy", 31, 1, 1)
    good = jong.record_files(d)[0]
    lines = open(good).read().splitlines(True)
    # a line that is not JSON: the error names the file and the line
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(lines[:5]) + "{not json\n" + "".join(lines[6:]))
    with pytest.raises(jong.Error, match=r"bad\.jsonl:6: "):
        list(jong.read_records(bad))
    # an action the engine does not allow: a discard by the wrong seat
    i = next(i for i, line in enumerate(lines) if '"type":"dahai"' in line)
    actor = int(lines[i].split('"actor":')[1][0])
    wrong = lines[i].replace(f'"actor":{actor}', f'"actor":{(actor + 1) % 4}', 1)
    bad.write_text("".join(lines[:i]) + wrong + "".join(lines[i + 1:]))
    with pytest.raises(jong.Error, match=rf"bad\.jsonl:{i + 1}: "):
        jong.read_record(str(bad))
    # cut short: the error names one past the last line
    bad.write_text("".join(lines[:len(lines) // 2]))
    with pytest.raises(jong.Error, match=r"bad\.jsonl:\d+: "):
        jong.read_record(str(bad))
    # not a record at all, gzipped garbage, a missing file, an empty file
    for name, data in (("x.mjson", b"hello\n"), ("x.json.gz", gzip.compress(b"{\"log\": 3}")),
                       ("x.xml", b"<mjloggm ver=\"2.3\"><INIT seed=\"x\"/>"), ("e.mjson", b"")):
        p = tmp_path / name
        p.write_bytes(data)
        with pytest.raises(jong.Error, match=name.replace(".", r"\.")):
            jong.read_record(str(p))
    with pytest.raises(jong.Error, match="missing"):
        list(jong.read_records(tmp_path / "missing.jsonl"))
    with pytest.raises(TypeError):
        jong.read_record(3)


def test_read_limits(tmp_path):
    """A gzip bomb (17 MiB of spaces, gzipped here) and three gzip layers are refused within the
    default limits, naming the file and the limit; the keywords raise them."""
    bomb = tmp_path / "bomb.mjson.gz"
    z = zlib.compressobj(9, zlib.DEFLATED, 31)
    bomb.write_bytes(b"".join([z.compress(b" " * (1 << 20)) for _ in range(17)] + [z.flush()]))
    with pytest.raises(jong.Error, match=r"bomb\.mjson\.gz: unpacks to more than 16 MiB"):
        jong.read_record(str(bomb))
    with pytest.raises(jong.Error, match="empty record"):  # read to the end: spaces are no record
        jong.read_record(str(bomb), max_record_mb=17)
    three = tmp_path / "three.mjson.gz"
    three.write_bytes(gzip.compress(gzip.compress(gzip.compress(b"{\"type\":\"none\"}\n"))))
    with pytest.raises(jong.Error, match="more than 2 gzip layers"):
        list(jong.read_records(three))
    with pytest.raises(ValueError):
        jong.read_record(str(three), max_gzip_layers=-1)


def test_imported_mjai_equals_jong_record(tmp_path):
    """The same game as mjai .mjson (Jong's record without its header line; gzipped) goes
    through the importer's replay (walls rebuilt from the record) and gives the same samples;
    cut in half, the first half's, with complete False."""
    d = play(tmp_path, "riichi", "greedy", 11, 4, 1)
    path = jong.record_files(d)[0]
    lines = open(path, "rb").read().splitlines(True)[1:]
    gz = tmp_path / "game.mjson.gz"
    gz.write_bytes(gzip.compress(b"".join(lines)))
    a, b = jong.read_record(path), jong.read_record(str(gz))
    assert len(a["action"]) > 100
    for k in a:
        assert np.array_equal(a[k], b[k]), k
    cut = tmp_path / "cut.mjson"
    cut.write_bytes(b"".join(lines[:len(lines) // 2]))
    c = jong.read_record(str(cut))
    n = len(c["action"])
    assert 0 < n < len(a["action"]) and not c["complete"].any()
    assert np.array_equal(c["features"], a["features"][:n]) and np.array_equal(c["mask"], a["mask"][:n])
    assert [s["complete"] for s in jong.read_records(cut)] == [False] * n


# ---- real Tenhou games from ../shared (read there, never copied into the tree) ----------------

SHARED_RECORDS = os.path.join(ROOT, "..", "shared", "data", "gamerecords")


def shared_records(rel):
    path = os.path.join(SHARED_RECORDS, rel)
    if not os.path.exists(path):
        pytest.skip(f"{path} is absent (the Tenhou records of ../shared, on the development machines)")
    return path


def test_real_tenhou_games_as_mjlog_and_tenhou6():
    """The mjlog2json fixtures hold real Tenhou games twice, as mjlog XML and as tenhou.net/6
    JSON: each pair the engine replays gives the same samples, every action in its mask, and the
    directory read with on_error="skip" leaves out exactly the files read_record refuses."""
    d = shared_records("parser-fixtures/mjlog2json")
    read, refused = 0, []
    for xml in sorted(f for f in os.listdir(d) if f.endswith(".xml")):
        xml = os.path.join(d, xml)
        tenhou6 = xml[:-4] + ".json"
        try:
            a = jong.read_record(xml)
        except jong.Error as e:
            assert str(e).startswith(xml + ": ")
            refused.append(xml)
            with pytest.raises(jong.Error):
                jong.read_record(tenhou6)
            refused.append(tenhou6)
            continue
        b = jong.read_record(tenhou6)
        for k in a:
            assert np.array_equal(a[k], b[k]), (xml, k)
        n = len(a["action"])
        assert n > 300 and a["complete"].all() and a["features"].shape == (n, jong.PLANES, 34)
        assert a["mask"][np.arange(n), a["action"]].all()
        assert sorted(a["ranks"][0].tolist()) == [1, 2, 3, 4]
        read += 1
    assert read >= 4, "fewer real games read than the fixtures hold"
    it = jong.read_records(d, on_error="skip")
    samples = sum(1 for _ in it)
    assert sorted(f for f, _ in it.skipped) == sorted(refused)
    assert all(m.startswith(f + ": ") for f, m in it.skipped)
    arrays = jong.read_records_arrays(d, on_error="skip")
    assert len(arrays["action"]) == samples and arrays["skipped"] == it.skipped
    with pytest.raises(jong.Error):
        jong.read_records_arrays(d)                  # raising, the default, when one is refused
    if refused:
        with pytest.raises(jong.Error):
            list(jong.read_records(d))


def test_skip_three_player_and_broken_files(tmp_path):
    """A directory of one real four-player Houou game, one real three-player game (both taken
    from ../shared's archive into a temporary directory) and a broken file: raising names the
    first bad file; on_error="skip" gives the four-player game's samples and lists the others."""
    import tarfile
    archive = shared_records("tenhou-houou-200903-202201/mjlog-202201.tar.xz")
    found = {}
    with tarfile.open(archive) as t:
        for m in t:
            if not m.isfile() or not m.name.endswith(".xml"):
                continue
            players = 3 if int(m.name.split("-")[1], 16) & 0x10 else 4
            if players not in found:
                found[players] = tmp_path / ("p%d-" % players + os.path.basename(m.name))
                found[players].write_bytes(t.extractfile(m).read())
            if len(found) == 2:
                break
    assert len(found) == 2
    broken = tmp_path / "p0-broken.mjlog"
    broken.write_bytes(found[4].read_bytes()[:3000])
    with pytest.raises(jong.Error, match=r"p0-broken\.mjlog: "):
        list(jong.read_records(tmp_path))
    with pytest.raises(jong.Error, match="three-player"):
        jong.read_record(str(found[3]))
    it = jong.read_records(tmp_path, on_error="skip")
    samples = list(it)
    assert [f for f, _ in it.skipped] == [str(broken), str(found[3])]
    assert "three-player" in it.skipped[1][1] and it.skipped[0][1].startswith(str(broken) + ": ")
    whole = jong.read_record(str(found[4]))
    assert len(samples) == len(whole["action"]) > 300
    assert all(s["file"] == str(found[4]) for s in samples)
    assert np.array_equal(np.stack([s["features"] for s in samples]), whole["features"])
    a = jong.read_records_arrays(tmp_path, on_error="skip")
    assert a["skipped"] == it.skipped and a["files"] == it.files == jong.record_files(tmp_path)
    assert (a["file"] == a["files"].index(str(found[4]))).all()
    with pytest.raises(jong.Error, match="on_error"):
        jong.read_records(tmp_path, on_error="ignore")
