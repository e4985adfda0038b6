#!/usr/bin/python3
"""Train the `neural` riichi player's policy network on game records and write it as a Jong
network file (.jnn) that the C player loads (docs/experiments/neural.md).

    PYTHONPATH=build/python /usr/bin/python3 tools/train_neural.py --records DIR [--samples N]
        [--seed S] [--threads T] [--channels C] [--blocks B] [--head H] [--out FILE]

`make model-neural` runs it on the Houou records of ../shared with the shipped settings.

Every decision of every seat in the records (discard, riichi, calls, kongs, wins, passes) is a
training example: the 52 feature planes of docs/python.md, the mask of legal actions, and the
action the player took. Games are split by file: a file whose name hashes (CRC-32) to 0 modulo
--heldout-mod is held out and never trained on. Training streams the other files in a seeded
order, a chunk of files at a time, each chunk shuffled, until --samples examples have been
seen (more than one pass if the budget is larger than the data). Progress goes to stdout as it
goes, with the held-out agreement on a fixed slice of held-out games every --eval-every
examples, and the full held-out figures at the end.

Needs Debian's python3-torch (training only: the C player plays without Python).
"""
import argparse
import os
import struct
import sys
import time
import zlib

import numpy as np

import jong

try:
    import torch
    from torch import nn
except ImportError:
    sys.exit("train_neural.py: needs PyTorch (Debian: apt-get install python3-torch)")

FORMAT = 1
KINDS = 34
# action ids (docs/python.md, "The action space")
DISCARDS = range(0, 37)
RIICHIS = range(37, 74)
CALLS = range(74, 151)  # chi, pon, kongs of every kind
WINS = (151, 152)
PASS = 153


class Block(nn.Module):
    """Two kernel-3 convolutions over the kinds with a skip around them."""

    def __init__(self, c):
        super().__init__()
        self.c1 = nn.Conv1d(c, c, 3, padding=1)
        self.c2 = nn.Conv1d(c, c, 3, padding=1)

    def forward(self, x):
        return torch.relu(x + self.c2(torch.relu(self.c1(x))))


class Policy(nn.Module):
    """The network the C player evaluates (src/models/neuralnet.c): a kernel-3 stem, residual
    blocks, a kernel-1 head, and a linear layer to the 155 action logits."""

    def __init__(self, planes, actions, channels, blocks, head):
        super().__init__()
        self.stem = nn.Conv1d(planes, channels, 3, padding=1)
        self.blocks = nn.ModuleList(Block(channels) for _ in range(blocks))
        self.head = nn.Conv1d(channels, head, 1)
        self.fc = nn.Linear(head * KINDS, actions)

    def forward(self, x):
        a = torch.relu(self.stem(x))
        for b in self.blocks:
            a = b(a)
        return self.fc(torch.relu(self.head(a)).flatten(1))


def held_out(path, mod):
    return zlib.crc32(os.path.basename(path).encode()) % mod == 0


def read_files(files, skipped):
    """Features, masks and actions of the files, concatenated; files the engine cannot replay
    are left out and counted."""
    xs, ms, ys = [], [], []
    for f in files:
        try:
            r = jong.read_record(f)
        except jong.Error as e:
            skipped.append((f, str(e)))
            continue
        if len(r["action"]):
            xs.append(r["features"])
            ms.append(r["mask"])
            ys.append(r["action"])
    if not xs:
        return None
    return np.concatenate(xs), np.concatenate(ms), np.concatenate(ys).astype(np.int64)


def logits_of(model, x, batch=2048):
    out = []
    with torch.no_grad():
        for s in range(0, len(x), batch):
            out.append(model(torch.from_numpy(x[s:s + batch])))
    return torch.cat(out)


def figures(model, data):
    """Held-out agreement with the recorded actions: every decision; the discards (decisions
    where the player discarded and had more than one discard to choose from); riichi
    (decisions where it was offered: declared or not); calls (decisions where a chi, pon or
    kong of a discard was offered: called or passed, and the exact call); wins offered."""
    x, m, y = data
    logits = logits_of(model, x)
    mt = torch.from_numpy(m)
    lg = logits.masked_fill(~mt, float("-inf"))
    pick = lg.argmax(1).numpy()
    top3 = lg.topk(3, dim=1).indices.numpy()
    out = {"decisions": len(y), "all": float((pick == y).mean())}
    ndisc = m[:, :37].sum(1)
    d = (y < 37) & (ndisc > 1)
    out["discard_n"] = int(d.sum())
    out["discard"] = float((pick[d] == y[d]).mean())
    out["discard_top3"] = float((top3[d] == y[d, None]).any(1).mean())
    r = m[:, 37:74].any(1)
    is_r = (y >= 37) & (y < 74)
    out["riichi_n"] = int(r.sum())
    out["riichi_declared"] = int(is_r[r].sum())
    pr = (pick >= 37) & (pick < 74)
    out["riichi"] = float((pr[r] == is_r[r]).mean())
    c = m[:, 74:83].any(1) & m[:, PASS]  # chi/pon/open kong on a discard, against passing
    called = (y >= 74) & (y < 83)
    pc = (pick >= 74) & (pick < 83)
    out["call_n"] = int(c.sum())
    out["call_taken"] = int(called[c].sum())
    out["call"] = float((pc[c] == called[c]).mean())
    out["call_exact"] = float((pick[c] == y[c]).mean())
    out["call_always_pass"] = float((~called[c]).mean())
    w = m[:, 151] | m[:, 152]
    out["win_n"] = int(w.sum())
    out["win"] = float((pick[w] == y[w]).mean())
    return out


def describe(f):
    return (f"all {f['all']:.4f} | discard {f['discard']:.4f} (top-3 {f['discard_top3']:.4f}, "
            f"{f['discard_n']}) | riichi {f['riichi']:.4f} ({f['riichi_n']}) | call "
            f"{f['call']:.4f} exact {f['call_exact']:.4f} (always pass {f['call_always_pass']:.4f}, "
            f"{f['call_n']}) | win {f['win']:.4f} ({f['win_n']})")


def write_model(path, model, args, info, checks):
    """The .jnn file (format in src/models/neuralnet.h), written whole to a temporary name and
    renamed, so a stopped run never leaves half a file."""
    sd = {k: v.detach().numpy().astype("<f4") for k, v in model.state_dict().items()}
    b = bytearray()
    b += b"JONGNNET"
    b += struct.pack("<I", FORMAT)
    b += b"policy".ljust(16, b"\0") + b"riichi".ljust(16, b"\0")
    b += struct.pack("<6I", jong.PLANES, KINDS, jong.ACTIONS, args.channels, args.blocks, args.head)
    text = info.encode()
    b += struct.pack("<I", len(text)) + text
    order = ["stem.weight", "stem.bias"]
    for i in range(args.blocks):
        order += [f"blocks.{i}.c1.weight", f"blocks.{i}.c1.bias",
                  f"blocks.{i}.c2.weight", f"blocks.{i}.c2.bias"]
    order += ["head.weight", "head.bias", "fc.weight", "fc.bias"]
    assert sorted(order) == sorted(sd), "the network's tensors and the file's order differ"
    for k in order:
        b += sd[k].tobytes()
    x = checks.astype("<f4")
    with torch.no_grad():
        y = model(torch.from_numpy(x)).numpy().astype("<f4")
    b += struct.pack("<I", len(x))
    for i in range(len(x)):
        b += x[i].tobytes() + y[i].tobytes()
    h = 0xcbf29ce484222325
    for byte in b:
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    b += struct.pack("<Q", h)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(b)
    os.replace(tmp, path)
    return len(b)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", required=True, help="a directory of records (searched recursively)")
    ap.add_argument("--samples", type=int, default=8_000_000, help="training examples to see")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--channels", type=int, default=64)
    ap.add_argument("--blocks", type=int, default=3)
    ap.add_argument("--head", type=int, default=32)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--chunk", type=int, default=256, help="files read and shuffled together")
    ap.add_argument("--heldout-mod", type=int, default=20)
    ap.add_argument("--eval-games", type=int, default=100,
                    help="held-out games of the figures printed during training")
    ap.add_argument("--eval-every", type=int, default=500_000)
    ap.add_argument("--out", default="models/neural.jnn")
    ap.add_argument("--checkpoint", help="the run's checkpoint (default: OUT.ckpt), written after "
                    "each progress line")
    ap.add_argument("--resume", action="store_true",
                    help="continue from the checkpoint when there is one (the same settings)")
    a = ap.parse_args()
    if a.samples <= 0 or a.threads <= 0 or min(a.channels, a.blocks + 1, a.head, a.batch) <= 0:
        sys.exit("train_neural.py: --samples, --threads, --channels, --head, --batch must be "
                 "positive and --blocks at least 0")
    t0 = time.time()
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    files = jong.record_files(a.records)
    if not files:
        sys.exit(f"train_neural.py: no record files in {a.records}")
    test_files = [f for f in files if held_out(f, a.heldout_mod)]
    train_files = [f for f in files if not held_out(f, a.heldout_mod)]
    if not test_files or not train_files:
        sys.exit(f"train_neural.py: {len(files)} files are too few to hold some out")
    cmd = " ".join(["tools/train_neural.py"] + sys.argv[1:])
    print(f"train_neural: {len(files)} record files in {a.records}: {len(train_files)} to train on, "
          f"{len(test_files)} held out (CRC-32 of the name % {a.heldout_mod} == 0); seed {a.seed}, "
          f"{a.threads} thread(s), {a.samples} examples, network {a.channels}x{a.blocks} head "
          f"{a.head}", flush=True)
    skipped = []
    quick = read_files(test_files[:a.eval_games], skipped)

    model = Policy(jong.PLANES, jong.ACTIONS, a.channels, a.blocks, a.head)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    steps = (a.samples + a.batch - 1) // a.batch
    warm = max(1, steps // 100)

    def lr_at(step):  # a short warm-up, then a cosine down to 5% of the rate
        if step < warm:
            return a.lr * (step + 1) / warm
        t = (step - warm) / max(1, steps - warm)
        return a.lr * (0.05 + 0.95 * 0.5 * (1 + np.cos(np.pi * t)))

    rng = np.random.default_rng(a.seed)
    loss_fn = nn.CrossEntropyLoss()
    # where the run is: examples seen, optimiser steps, the pass, its file order and next chunk
    pos = {"seen": 0, "step": 0, "passes": 0, "order": None, "chunk": 0, "next_eval": a.eval_every,
           "train_s": 0.0}
    ckpt = a.checkpoint or a.out + ".ckpt"
    settings = {k: v for k, v in vars(a).items() if k not in ("resume", "checkpoint", "eval_every")}
    if a.resume and os.path.exists(ckpt):
        c = torch.load(ckpt, weights_only=False)
        if c["settings"] != settings:
            diff = sorted(k for k in settings if c["settings"].get(k) != settings[k])
            sys.exit(f"train_neural.py: {ckpt} was made with other settings ({', '.join(diff)}); "
                     f"run without --resume to start again")
        model.load_state_dict(c["model"])
        opt.load_state_dict(c["opt"])
        rng.bit_generator.state = c["rng"]
        pos = c["pos"]
        print(f"train_neural: resumed from {ckpt} at {pos['seen']} examples", flush=True)

    def save():
        tmp = ckpt + ".tmp"
        torch.save({"settings": settings, "model": model.state_dict(), "opt": opt.state_dict(),
                    "rng": rng.bit_generator.state, "pos": pos}, tmp)
        os.replace(tmp, ckpt)

    run_loss, run_n, t_last, t_run = 0.0, 0, time.time(), time.time()
    train_s0 = pos["train_s"]
    while pos["seen"] < a.samples:
        if pos["order"] is None:
            pos["passes"] += 1
            pos["order"] = rng.permutation(len(train_files))
            pos["chunk"] = 0
        order = pos["order"]
        while pos["chunk"] < len(order) and pos["seen"] < a.samples:
            c = pos["chunk"]
            pos["chunk"] += a.chunk
            data = read_files([train_files[i] for i in order[c:c + a.chunk]], skipped)
            if data is None:
                continue
            x, m, y = data
            perm = rng.permutation(len(y))
            model.train()
            for s in range(0, len(perm), a.batch):
                if pos["seen"] >= a.samples:
                    break
                b = perm[s:s + a.batch]
                for g in opt.param_groups:
                    g["lr"] = lr_at(pos["step"])
                logits = model(torch.from_numpy(x[b])).masked_fill(~torch.from_numpy(m[b]), -1e9)
                loss = loss_fn(logits, torch.from_numpy(y[b]))
                opt.zero_grad()
                loss.backward()
                opt.step()
                pos["step"] += 1
                pos["seen"] += len(b)
                run_loss += loss.item() * len(b)
                run_n += len(b)
            del x, m, y
            pos["train_s"] = train_s0 + time.time() - t_run
            # progress, and a checkpoint, after the chunk in which the next mark was passed
            if pos["seen"] >= pos["next_eval"] or pos["seen"] >= a.samples:
                while pos["next_eval"] <= pos["seen"]:
                    pos["next_eval"] += a.eval_every
                model.eval()
                f = figures(model, quick)
                rate = run_n / max(1e-9, time.time() - t_last)
                seen = pos["seen"]
                print(f"[{seen}/{a.samples} examples, pass {pos['passes']}, {pos['train_s']:.0f} s, "
                      f"{rate:.0f}/s, ETA {(a.samples - seen) / max(rate, 1):.0f} s] "
                      f"loss {run_loss / max(run_n, 1):.4f} lr {lr_at(pos['step']):.2e} | held-out "
                      f"{a.eval_games} games: {describe(f)}", flush=True)
                run_loss, run_n = 0.0, 0
                save()
                t_last = time.time()
        if pos["chunk"] >= len(order):
            pos["order"] = None
    seen = pos["seen"]
    train_s = pos["train_s"]
    model.eval()
    print(f"train_neural: training done in {train_s:.0f} s; evaluating {len(test_files)} "
          f"held-out games", flush=True)
    # the held-out games a chunk at a time (all of them at once would not fit small machines)
    parts = []
    for c in range(0, len(test_files), 400):
        d = read_files(test_files[c:c + 400], skipped)
        if d is not None:
            parts.append(d)
    x = np.concatenate([p[0] for p in parts])
    m = np.concatenate([p[1] for p in parts])
    y = np.concatenate([p[2] for p in parts])
    f = figures(model, (x, m, y))
    print(f"train_neural: held-out {len(test_files)} games: {describe(f)}", flush=True)
    if skipped:
        print(f"train_neural: {len(skipped)} file(s) left out (the engine could not replay "
              f"them), e.g. {skipped[0][0]}: {skipped[0][1]}", flush=True)
    # check vectors: held-out decisions spread over the set, so the C inference is checked on
    # real inputs
    idx = np.linspace(0, len(y) - 1, 8).astype(int)
    info = (f"made by: {cmd}\n"
            f"torch {torch.__version__}, seed {a.seed}, {a.threads} thread(s), {seen} examples "
            f"in {train_s:.0f} s\n"
            f"data: {len(train_files)} training files, {len(test_files)} held-out files "
            f"(CRC-32 of the name % {a.heldout_mod} == 0) of {a.records}; "
            f"{len(skipped)} left out\n"
            f"held-out: {describe(f)}\n")
    size = write_model(a.out, model, a, info, x[idx])
    print(f"train_neural: {a.out} written ({size} bytes) in {time.time() - t0:.0f} s in all",
          flush=True)


if __name__ == "__main__":
    main()
