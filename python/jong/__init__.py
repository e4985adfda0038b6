"""Jong, the mahjong engine (Taiwanese and riichi), from Python.

The engine is C (the compiled module jong._jong); this package re-exports it and adds the names
of the fixed action space. docs/python.md in the repository describes the whole API:

    jong.parse(hand), jong.shanten(hand, rules), jong.analyze(hand, rules, seen, sims=, dora=, ...)
    jong.score(hand, win, rules, tsumo=, riichi=, dora=, ...): one win's yaku/fu/points or tai
    jong.Env(rules="riichi", seed=1, opponents=None, **options): reset(), step({seat: index}),
        record(format="jong"|"mjai")
    jong.Observation: seat, legal_actions, action_ids, mask, features(), view, index_of(id)
    jong.VecEnv(n, rules, seed, opponents, threads, timing, **options): stacked arrays, a row per
        (table, learner seat) asked to act (vec.tables, vec.seats), auto-reset
    jong.Player(spec).act(obs)
    jong.read_records(path_or_dir, on_error="raise", threads=1): per decision of each seat in game
        records, the features, mask, action id and the game's result (on_error="skip" leaves out
        the files it cannot read, listed in .skipped); jong.read_records_arrays(path_or_dir): the
        same stacked; jong.RecordReader(path_or_dir, threads=1): read_into(arrays) fills the
        caller's arrays batch by batch, read(n) returns new ones
    jong.Error (a ValueError): every bad input, with Jong's one-line message
    jong.bench: what `jong bench python` runs (the package's speed)
"""
import os

from . import _jong
from ._jong import (ACTIONS, ENGINE_VERSION, PLANES, Env, Error, Observation, Player, VecEnv,
                    analyze, parse, players, read_record, score, shanten)

__all__ = ["ACTIONS", "ENGINE_VERSION", "PLANES", "Env", "Error", "Observation", "Player",
           "VecEnv", "analyze", "parse", "players", "score", "shanten", "action_name", "ACTION_NAMES",
           "read_record", "read_records", "read_records_arrays", "record_files", "RecordSamples",
           "RecordReader"]
__version__ = ENGINE_VERSION

_KINDS = ([f"{r}{s}" for s in "mps" for r in range(1, 10)] +
          ["E", "S", "W", "N", "P", "F", "C"])


def _names():
    # The same order as the ids of src/models/planes.h (JONG_ID_*); a test checks the count.
    names = [f"discard {k}" for k in _KINDS]
    names += [f"discard {s}r" for s in ("5m", "5p", "5s")]
    names += [f"riichi {k}" for k in _KINDS]
    names += [f"riichi {s}r" for s in ("5m", "5p", "5s")]
    names += [f"chi {p}" for p in ("low", "mid", "high")]
    names += [f"chi {p} red" for p in ("low", "mid", "high")]
    names += ["pon", "pon red", "daiminkan"]
    names += [f"ankan {k}" for k in _KINDS]
    names += [f"kakan {k}" for k in _KINDS]
    names += ["tsumo", "ron", "pass", "nine terminals"]
    return tuple(names)


ACTION_NAMES = _names()


def action_name(action_id):
    """The name of an action id of the fixed space ("discard 5m", "chi low", "pass", ...)."""
    if not 0 <= action_id < ACTIONS:
        raise Error(f"action id {action_id} is not in 0..{ACTIONS - 1}")
    return ACTION_NAMES[action_id]


# The names a directory's record files end in: Jong's (jong play --log writes .jsonl), mjai
# .mjson, Tenhou mjlog (.xml, .mjlog), tenhou.net/6 (.json), and any of them gzipped.
_RECORD_ENDINGS = (".jsonl", ".xml", ".mjlog", ".json", ".mjson", ".gz")


def record_files(path_or_dir):
    """The record files read_records reads: the path itself when it is a file (whatever its
    name), else the files under the directory whose names end in .jsonl .xml .mjlog .json .mjson
    or .gz, recursively, in name order (hidden names skipped)."""
    path = os.fspath(path_or_dir)
    if not os.path.isdir(path):
        if not os.path.exists(path):
            raise Error(f"{path}: no such file or directory")
        return [path]
    out = []
    for top, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        out += [os.path.join(top, f) for f in sorted(files)
                if not f.startswith(".") and f.endswith(_RECORD_ENDINGS)]
    return out


_ON_ERROR = ("raise", "skip")


def _check_on_error(on_error):
    if on_error not in _ON_ERROR:
        raise Error(f"on_error: {on_error!r} is not 'raise' or 'skip'")


class RecordReader(_jong.RecordReader):
    """The samples of every record file at path_or_dir (a file or a directory, see record_files),
    in file order, the files replayed `threads` at a time on that many threads (the same samples
    in the same order whatever the number): read_into(arrays) writes the next samples into the
    first rows of the caller's numpy arrays (a dict of any of features, mask, action, seat,
    score, rank, complete, game, file, each as read_records_arrays gives it, all as long) and
    returns how many; read(n=None) returns the next n (every one left with None) in new arrays;
    read_file() the next file's read_record dict as (index into files, dict), None after the
    last. A file that cannot be read stops a read before its samples, and the next read raises
    its jong.Error (with on_error="skip": passed over, (file, message) in .skipped). .files:
    every file. limits: max_record_mb and max_gzip_layers as read_record takes them."""
    __slots__ = ()

    def __init__(self, path_or_dir, threads=1, on_error="raise", **limits):
        _check_on_error(on_error)
        super().__init__(record_files(path_or_dir), threads=threads, skip=on_error == "skip",
                         **limits)


class RecordSamples:
    """What read_records returns: an iterator over the samples, with the files it reads
    (files) and, with on_error="skip", the files it skipped so far as (file, message) pairs
    (skipped; complete once the iteration has ended)."""

    def __init__(self, path_or_dir, on_error="raise", threads=1, **limits):
        self._reader = RecordReader(path_or_dir, threads, on_error, **limits)
        self.files = self._reader.files
        self.skipped = self._reader.skipped
        self._samples = self._walk()

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._samples)

    def _walk(self):
        for index, r in iter(self._reader.read_file, None):
            path = self.files[index]
            g, s = r["game"], r["seat"]
            # per sample: plain ints and bools, taken from the file's arrays in one go each
            for f, m, action, seat, game, score, rank, complete in zip(
                    r["features"], r["mask"], r["action"].tolist(), s.tolist(), g.tolist(),
                    r["scores"][g, s].tolist(), r["ranks"][g, s].tolist(),
                    r["complete"][g].tolist()):
                yield {"features": f, "mask": m, "action": action, "seat": seat, "score": score,
                       "rank": rank, "complete": complete, "file": path, "game": game}


def read_records(path_or_dir, on_error="raise", threads=1, **limits):
    """An iterator (a RecordSamples) over a dict per decision of each seat of each game in the
    records at path_or_dir (a file or a directory, see record_files), in the order the engine
    asked them while replaying the game: "features" (PLANES, 34) float32 as Observation.features(), "mask" (ACTIONS,) bool as
    Observation.mask, "action" (the id taken), "seat", "score" and "rank" (the seat's final score
    and rank 1-4 in that game), "complete" (False when the record stops before the game's end:
    score and rank are then those at the cut), "file" and "game" (the game's index in the file).
    The arrays are views into one file's arrays. A malformed record, a three-player game, or one
    the engine does not replay exactly raises jong.Error naming the file and the line or event;
    with on_error="skip" the file is left out instead (none of its samples) and (file, message)
    added to the iterator's .skipped list. threads: files replayed that many at a time on as many
    threads (the same samples in the same order). limits: max_record_mb and max_gzip_layers, as
    read_record takes them (16 and 2 by default)."""
    return RecordSamples(path_or_dir, on_error, threads, **limits)


def read_records_arrays(path_or_dir, on_error="raise", threads=1, **limits):
    """The batch form of read_records: one dict of stacked numpy arrays over every decision of
    every file: features (N, PLANES, 34) float32, mask (N, ACTIONS) bool, action (N,) int16, seat
    (N,) int8, score (N,) int32, rank (N,) int8, complete (N,) bool, game (N,) int32 and file
    (N,) int32 (an index into the returned "files" list, every file found); "skipped" lists the
    (file, message) pairs of the files left out with on_error="skip"; threads and limits as
    read_records. Made in C (RecordReader.read): every file replayed, then copied once into
    arrays of the final size."""
    reader = RecordReader(path_or_dir, threads, on_error, **limits)
    out = reader.read()
    reader.read()        # nothing is left, or a file that stopped the first read raises here
    out["files"] = reader.files
    out["skipped"] = reader.skipped
    return out
