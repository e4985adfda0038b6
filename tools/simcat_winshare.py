#!/usr/bin/env python3
"""The SIMCAT paper's "win rate" from jong arena results: the share of side B in the hands won
by either side, wins_B / (wins_A + wins_B), over one or more results.jsonl files of 2v2 runs.

The 95% interval treats each game (the same walls under both seatings) as one cluster: the
ratio estimator's variance by the delta method, sum_g (b_g - p t_g)^2 / (n (n-1)) / mean(t)^2,
so the luck shared by the two seatings of a wall is not counted twice.
usage: tools/simcat_winshare.py DIR_OR_FILE... [--json]"""
import json
import math
import os
import sys


def games(path):
    if os.path.isdir(path):
        path = os.path.join(path, "results.jsonl")
    with open(path) as f:
        header = json.loads(f.readline())
        if header.get("mode") != "2v2":
            sys.exit(f"{path}: mode {header.get('mode')}, not 2v2")
        for n, line in enumerate(f, 2):
            g = json.loads(line)
            a = b = 0
            for s in g["seatings"]:
                for seat, who in enumerate(s["seats"]):
                    if who == "A":
                        a += s["wins"][seat]
                    elif who == "B":
                        b += s["wins"][seat]
            yield header["players"], a, b


def main(argv):
    as_json = "--json" in argv
    paths = [p for p in argv if p != "--json"]
    if not paths:
        sys.exit(__doc__)
    players, rows = None, []
    for p in paths:
        for pl, a, b in games(p):
            if players is None:
                players = pl
            elif pl != players:
                sys.exit(f"{p}: players {pl} differ from {players}")
            rows.append((a, b))
    n = len(rows)
    wa, wb = sum(r[0] for r in rows), sum(r[1] for r in rows)
    t = wa + wb
    p = wb / t if t else 0.0
    mean_t = t / n
    var = sum((b - p * (a + b)) ** 2 for a, b in rows) / (n * (n - 1)) / mean_t ** 2 if n > 1 and t else 0.0
    half = 1.96 * math.sqrt(var)
    out = {"players": players, "games": n, "wins_a": wa, "wins_b": wb, "share_b": p, "ci95": half,
           "significant": abs(p - 0.5) > half}
    if as_json:
        print(json.dumps(out))
    else:
        print(f"A = {players[0]}\nB = {players[1]}\n{n} games: A won {wa} hands, B won {wb}; "
              f"B's share {100 * p:.1f}% +/- {100 * half:.1f} (95%), "
              f"{'significant' if out['significant'] else 'not significant'}")


main(sys.argv[1:])
