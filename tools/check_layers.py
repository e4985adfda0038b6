#!/usr/bin/python3
"""The layer check: the folders of src/ form one order, and no file may depend on a later one.

usage: tools/check_layers.py [BUILD_DIR]

Two views of "depends", both checked:
  1. includes: every #include "..." in src/ names a header of the same or an earlier layer
     (public headers in include/jong/ have the layers listed in PUBLIC below; the umbrella
     jong/jong.h is for programs, so the library never includes it);
  2. symbols (when BUILD_DIR is given): from `nm` of BUILD_DIR's objects, a file that uses a
     function or variable defined in another file depends on that file. No use may point to a
     later layer, and the files that use each other in a circle (strongly connected groups) must
     be listed in ALLOWED_CYCLES below, each with its reason in HACKING.md ("Cycles").
Prints the order and one line per fault; exits 1 when there is any.
"""
import os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The layers, earliest first: a folder may use its own layer and those before it.
LAYERS = ['core', 'io', 'rules', 'analysis', 'engine', 'records', 'models', 'players', 'net',
          'arena', 'cli']
# The layer of each public header (include/jong/).
PUBLIC = {
    'error.h': 'core', 'tile.h': 'core', 'hand.h': 'core', 'notation.h': 'core', 'rng.h': 'core',
    'eval.h': 'core', 'version.h': 'core',
    'rules.h': 'rules', 'tai.h': 'rules', 'riichi_score.h': 'rules',
    'analysis_sim.h': 'analysis', 'analysis_targets.h': 'analysis',
    'game.h': 'engine', 'player.h': 'engine', 'session.h': 'engine', 'table.h': 'engine',
    'record.h': 'records', 'mjai.h': 'records',
    'mjai_serve.h': 'net',
    'arena.h': 'arena',
    'jong.h': 'cli',
}
# Files that call each other in a circle, inside one folder, on purpose (see HACKING.md).
ALLOWED_CYCLES = [
    # one state machine in five files: game.c's steps dispatch to the riichi flow, which calls back
    # the shared steps (draws, claims, events) and the legal-action cache of both families; the
    # three-player kita is one more step of the riichi flow (its replacement draw and rons)
    ['src/engine/game.c', 'src/engine/game_legal.c', 'src/engine/game_riichi_flow.c',
     'src/engine/game_riichi_kita.c', 'src/engine/game_riichi_legal.c'],
]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(path):
    """The layer of a file given relative to ROOT, or None for files outside the layers."""
    parts = path.split('/')
    if parts[0] == 'include' and parts[1] == 'jong':
        return PUBLIC.get(parts[2])
    if parts[0] == 'src' and parts[1] in LAYERS:
        return parts[1]
    return None


def resolve(including, name):
    for base in (os.path.dirname(including), 'src', 'include'):
        cand = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(os.path.join(ROOT, cand)):
            return cand
    return None


def sources():
    out = []
    for d, _, files in os.walk(os.path.join(ROOT, 'src')):
        for f in files:
            if f.endswith(('.c', '.h')):
                out.append(os.path.relpath(os.path.join(d, f), ROOT))
    for f in os.listdir(os.path.join(ROOT, 'include', 'jong')):
        out.append('include/jong/' + f)
    return sorted(out)


def check_includes(faults):
    rank = {name: i for i, name in enumerate(LAYERS)}
    for path in sources():
        lay = layer_of(path)
        if lay is None:
            faults.append(f'{path}: not in a layer (a public header missing from PUBLIC, or a folder missing from LAYERS)')
            continue
        text = open(os.path.join(ROOT, path)).read()
        for m in INCLUDE.finditer(text):
            line = text.count('\n', 0, m.start()) + 1
            target = resolve(path, m.group(1))
            if target is None:
                faults.append(f'{path}:{line}: includes "{m.group(1)}", which is not in src/ or include/')
                continue
            tl = layer_of(target)
            if tl is None:
                faults.append(f'{path}:{line}: includes {target}, which is in no layer')
            elif rank[tl] > rank[lay]:
                faults.append(f'{path}:{line}: layer {lay} includes {target} of the later layer {tl}')
            elif target == 'include/jong/jong.h' and lay != 'cli':
                faults.append(f'{path}:{line}: the library includes the umbrella header jong/jong.h')


def symbol_graph(build):
    """Edges file -> file from nm: a use of a symbol (U) to the file that defines it."""
    defs, uses = {}, {}
    for d, _, files in os.walk(os.path.join(build, 'src')):
        for f in files:
            if not f.endswith('.o'):
                continue
            obj = os.path.join(d, f)
            src = os.path.relpath(obj, build)[:-2]
            for ext in ('.c', '.S'):
                if os.path.isfile(os.path.join(ROOT, src + ext)):
                    src += ext
                    break
            else:
                continue  # an object left from a source that is gone
            out = subprocess.run(['nm', obj], capture_output=True, text=True, check=True).stdout
            for line in out.splitlines():
                parts = line.split()
                if len(parts) == 2 and parts[0] == 'U':
                    uses.setdefault(src, set()).add(parts[1])
                elif len(parts) == 3 and parts[1] in 'TDRBCV':
                    defs[parts[2]] = src
    graph = {}
    for src, syms in uses.items():
        graph[src] = {defs[s] for s in syms if s in defs and defs[s] != src}
    for src in set(defs.values()):
        graph.setdefault(src, set())
    return graph


def strongly_connected(graph):
    """Tarjan's algorithm, iterative; returns the groups of more than one file."""
    index, low, on, stack, groups, counter = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]; counter[0] += 1
        stack.append(root); on.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]; counter[0] += 1
                    stack.append(nxt); on.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    w = stack.pop(); on.discard(w); group.append(w)
                    if w == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def check_symbols(build, faults):
    rank = {name: i for i, name in enumerate(LAYERS)}
    graph = symbol_graph(build)
    for src in sorted(graph):
        for dst in sorted(graph[src]):
            ls, ld = layer_of(src), layer_of(dst)
            if ls and ld and rank[ld] > rank[ls]:
                faults.append(f'{src}: layer {ls} uses {dst} of the later layer {ld}')
    allowed = [sorted(c) for c in ALLOWED_CYCLES]
    groups = strongly_connected(graph)
    for g in groups:
        if g not in allowed:
            faults.append('files that use each other in a circle (not in ALLOWED_CYCLES): ' + ' '.join(g))
    for a in allowed:
        if a not in groups:
            faults.append('ALLOWED_CYCLES lists a circle that no longer exists: ' + ' '.join(a))
    return groups


def main():
    faults = []
    print('layers, earliest first: ' + ' < '.join(LAYERS))
    check_includes(faults)
    if len(sys.argv) > 1:
        groups = check_symbols(sys.argv[1], faults)
        print(f'symbol circles: {len(groups)} (each justified in HACKING.md)')
    for f in faults:
        print('layer fault: ' + f)
    print(f'{len(faults)} layer faults')
    return 1 if faults else 0


if __name__ == '__main__':
    sys.exit(main())
