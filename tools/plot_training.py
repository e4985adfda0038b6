#!/usr/bin/python3
"""Draw the training curve of tools/train_neural.py from its printed log, as an SVG with no
library beyond Python's own: the training loss and the held-out agreements (every decision,
discards, calls) against the examples seen.

    tools/plot_training.py LOG OUT.svg
"""
import re
import sys

LINE = re.compile(r"\[(\d+)/\d+ examples.*?\] loss ([0-9.]+) .*?held-out \d+ games: all ([0-9.]+) "
                  r"\| discard ([0-9.]+) .*?\| call ([0-9.]+)")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: tools/plot_training.py LOG OUT.svg")
    rows = []
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            m = LINE.search(line)
            if m:
                rows.append([float(g) for g in m.groups()])
    if len(rows) < 2:
        sys.exit(f"plot_training.py: {sys.argv[1]}: fewer than two progress lines")
    w, h, left, right, top, bottom = 780, 360, 60, 220, 20, 40
    xmax = rows[-1][0]
    lo, hi = 0.5, 1.0  # agreements; the loss is drawn on its own scale (right axis)
    lmax = max(r[1] for r in rows) * 1.05

    def px(x):
        return left + (w - left - right) * x / xmax

    def py(v, a, b):
        return top + (h - top - bottom) * (1 - (v - a) / (b - a))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>']
    for i in range(6):  # agreement grid
        v = lo + (hi - lo) * i / 5
        y = py(v, lo, hi)
        out.append(f'<line x1="{left}" x2="{w - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{v:.1f}</text>')
    for i in range(5):
        x = xmax * i / 4
        out.append(f'<text x="{px(x):.1f}" y="{h - bottom + 16}" text-anchor="middle">'
                   f'{x / 1e6:.1f}M</text>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 6}" text-anchor="middle">'
               f'training examples seen</text>')
    series = [(2, "held-out: every decision", "#1f77b4", lo, hi),
              (3, "held-out: discards", "#d62728", lo, hi),
              (4, "held-out: call or pass", "#2ca02c", lo, hi),
              (1, "training loss (bottom 0, top %.2f)" % lmax, "#888", 0, lmax)]
    for n, (col, name, colour, a, b) in enumerate(series):
        pts = " ".join(f"{px(r[0]):.1f},{py(r[col], a, b):.1f}" for r in rows)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<line x1="{w - right + 10}" x2="{w - right + 26}" y1="{top + 10 + 18 * n}" '
                   f'y2="{top + 10 + 18 * n}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{w - right + 30}" y="{top + 14 + 18 * n}">{name}</text>')
    out.append("</svg>")
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
