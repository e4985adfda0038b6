"""A random agent: every seat of a riichi and of a Taiwanese game answered with a random legal
action, from Python. Prints each game's hands, decisions and final scores.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/random_agent.py [SEED]
"""
import random
import sys

import jong

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
rng = random.Random(seed)
for rules, options in (("riichi", {}), ("taiwan", {"hands": 8})):
    env = jong.Env(rules=rules, seed=seed, **options)
    obs = env.reset()                      # {seat: Observation} of the seats asked now
    decisions = 0
    while not env.done:
        # any legal action: its index in obs.legal_actions, or an id of the fixed action space
        # where the mask is True (o.index_of turns the id into the index)
        answer = {}
        for seat, o in obs.items():
            legal_ids = o.mask.nonzero()[0]
            answer[seat] = o.index_of(int(rng.choice(legal_ids)))
        obs = env.step(answer)
        decisions += len(answer)
    print(f"{rules}: {env.hands} hands, {decisions} decisions, scores {env.scores}, ranks {env.ranks}")
