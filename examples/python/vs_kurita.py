"""One riichi game (a hanchan) against three of Jong's kurita players. The learner's seat (0)
is played here by a small Python policy: win when it may, never call, declare riichi when it
may, else discard as Jong's greedy player would (jong.Player works on any Observation).

    PYTHONPATH=build/python /usr/bin/python3 examples/python/vs_kurita.py [SEED] [HANDS]

HANDS (default 0: the whole game) cuts the game to that many hands.
"""
import sys

import jong

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
hands = int(sys.argv[2]) if len(sys.argv) > 2 else 0
env = jong.Env(rules="riichi", seed=seed, hands=hands, opponents=["kurita", "kurita", "kurita"])
greedy = jong.Player("greedy")


def policy(o):
    names = [jong.action_name(i) for i in o.action_ids]
    for wanted in ("tsumo", "ron"):
        if wanted in names:
            return names.index(wanted)
    if "pass" in names:                    # a call is offered: decline it
        return names.index("pass")
    riichi = [i for i, n in enumerate(names) if n.startswith("riichi")]
    if riichi:
        return riichi[0]
    return greedy.act(o)


obs = env.reset()
while not env.done:
    obs = env.step({seat: policy(o) for seat, o in obs.items()})
print(f"seed {seed}: {env.hands} hands, scores {env.scores}, ranks {env.ranks} (seat 0 is ours)")
