"""Jong, the mahjong engine (Taiwanese and riichi), from Python.

The engine is C (the compiled module jong._jong); this package re-exports it and adds the names
of the fixed action space. docs/python.md in the repository describes the whole API:

    jong.parse(hand), jong.shanten(hand, rules), jong.analyze(hand, rules, seen)
    jong.Env(rules="riichi", seed=1, opponents=None, **options): reset(), step({seat: index})
    jong.Observation: seat, legal_actions, action_ids, mask, features(), view, index_of(id)
    jong.VecEnv(n, rules, seed, opponents, threads, **options): stacked arrays, auto-reset
    jong.Player(spec).act(obs)
    jong.Error (a ValueError): every bad input, with Jong's one-line message
"""
from ._jong import (ACTIONS, ENGINE_VERSION, PLANES, Env, Error, Observation, Player, VecEnv,
                    analyze, parse, players, shanten)

__all__ = ["ACTIONS", "ENGINE_VERSION", "PLANES", "Env", "Error", "Observation", "Player",
           "VecEnv", "analyze", "parse", "players", "shanten", "action_name", "ACTION_NAMES"]
__version__ = ENGINE_VERSION

_KINDS = ([f"{r}{s}" for s in "mps" for r in range(1, 10)] +
          ["E", "S", "W", "N", "P", "F", "C"])


def _names():
    # The same order as the ids of python/csrc/jongpy.h (JONGPY_A_*); a test checks the count.
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
