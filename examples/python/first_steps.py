import random
import jong

print(jong.shanten("123m456p789s1122z"))           # 0: ready
env = jong.Env(rules="riichi", seed=1, opponents=["kurita", "greedy", "greedy"])
obs, rng = env.reset(), random.Random(1)            # obs: {0: Observation}, seat 0 is ours
while not env.done:
    o = obs[0]
    x = o.features()                                # numpy float32 (52, 34)
    action = rng.choice(o.mask.nonzero()[0])        # an id of the fixed action space
    obs = env.step({0: o.index_of(int(action))})
print(env.scores, env.ranks)
