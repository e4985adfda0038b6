"""A small supervised policy trained with PyTorch on game records: it learns to choose, at every
decision of every seat in the records, the action the player took (its discard, call, riichi,
win or pass), from the Observation's feature planes, with the illegal actions masked out.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/train_policy.py RECORDS [--epochs N]
        [--seed S] [--threads T] [--out FILE]

RECORDS is a record file or a directory of them (Jong's own, mjai, mjlog or tenhou.net/6, gzipped
or not), e.g. games of Jong's players written by `jong play --log DIR`, or real Tenhou games.
Games are split into training and held-out by a hash of (file name, game), so no held-out game is
ever trained on; each epoch prints the training loss and the held-out top-1 agreement with the
recorded actions, against the agreement of always choosing the most common legal action.
It needs Debian's python3-torch (training only: Jong plays nothing through Python).
"""
import argparse
import os
import sys
import zlib

import numpy as np

import jong

try:
    import torch
    from torch import nn
except ImportError:
    sys.exit("train_policy.py: needs PyTorch (Debian: apt-get install python3-torch)")


class Policy(nn.Module):
    """Convolutions over the 34 kinds (the suits are one axis, as in the planes), then a linear
    layer to the action space's logits."""

    def __init__(self, planes, actions, width=64):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(planes, width, 3, padding=1), nn.ReLU(),
            nn.Conv1d(width, width, 3, padding=1), nn.ReLU(),
            nn.Conv1d(width, 16, 1), nn.ReLU())
        self.head = nn.Linear(16 * 34, actions)

    def forward(self, x, mask):
        logits = self.head(self.body(x).flatten(1))
        return logits.masked_fill(~mask, float("-inf"))  # never an illegal action


def held_out(files, file_index, game, share=5):
    """True for the decisions of about 1 game in `share`, chosen by a hash of (file name, game)."""
    key = file_index.astype(np.int64) << 32 | game.astype(np.int64)
    out = np.zeros(len(key), dtype=bool)
    for k in np.unique(key):
        # the file's own name, not its path: the split must not depend on where the records are
        name = os.path.basename(files[k >> 32])
        if zlib.crc32(f"{name}#{k & 0xFFFFFFFF}".encode()) % share == 0:
            out |= key == k
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records")
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--out", help="save the trained weights (torch.save) to this file")
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)

    d = jong.read_records_arrays(a.records)
    n = len(d["action"])
    if n == 0:
        sys.exit(f"train_policy.py: no decisions in {a.records}")
    test = held_out(d["files"], d["file"], d["game"])
    if test.all() or not test.any():
        sys.exit(f"train_policy.py: {n} decisions are too few games to hold some out")
    x = torch.from_numpy(d["features"])
    m = torch.from_numpy(d["mask"])
    y = torch.from_numpy(d["action"].astype(np.int64))
    tr, te = torch.from_numpy(~test), torch.from_numpy(test)
    print(f"{n} decisions from {len(d['files'])} file(s): {int(tr.sum())} to train on, "
          f"{int(te.sum())} held out (by game); seed {a.seed}, {a.threads} thread(s)")
    # the baseline: the legal action most often taken in the training games
    freq = torch.bincount(y[tr], minlength=jong.ACTIONS).float()
    base = (freq.expand(int(te.sum()), -1).masked_fill(~m[te], -1).argmax(1) == y[te]).float().mean()

    model = Policy(jong.PLANES, jong.ACTIONS)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.CrossEntropyLoss()
    xi, mi, yi = x[tr], m[tr], y[tr]
    gen = torch.Generator().manual_seed(a.seed)
    for epoch in range(1, a.epochs + 1):
        model.train()
        order = torch.randperm(len(yi), generator=gen)
        total = 0.0
        for s in range(0, len(order), a.batch):
            b = order[s:s + a.batch]
            loss = loss_fn(model(xi[b], mi[b]), yi[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(b)
        model.eval()
        with torch.no_grad():
            agree = (model(x[te], m[te]).argmax(1) == y[te]).float().mean()
        print(f"epoch {epoch}: training loss {total / len(yi):.4f}, held-out agreement "
              f"{agree:.3f} (most common legal action: {base:.3f})")
    if a.out:
        torch.save(model.state_dict(), a.out)
        print(f"weights written to {a.out}")


if __name__ == "__main__":
    main()
