#!/usr/bin/env python3
"""Renders a terminal screen captured with `tmux capture-pane -e -p` (text with ANSI colour
codes) as an HTML page that looks like the terminal, so that a browser can screenshot it
(tools/screenshots.sh makes docs/terminal.png this way).

usage: tools/tty_html.py < capture.txt > screen.html"""
import html
import re
import sys

COLOURS = {30: '#2e3436', 31: '#e06c5f', 32: '#73c936', 33: '#e9b94e', 34: '#6f9ce6',
           35: '#c678dd', 36: '#56b6c2', 37: '#d3d7cf'}
SGR = re.compile(r'\x1b\[([0-9;]*)m')


def render(line):
    out, fg, bold, dim = [], None, False, False
    pos = 0
    for m in list(SGR.finditer(line)) + [None]:
        text = line[pos:m.start()] if m else line[pos:]
        if text:
            style = []
            if fg:
                style.append('color:' + fg)
            if bold:
                style.append('font-weight:bold')
            if dim:
                style.append('opacity:0.55')
            out.append('<span style="%s">%s</span>' % (';'.join(style), html.escape(text)) if style
                       else html.escape(text))
        if not m:
            break
        pos = m.end()
        codes = [int(c) for c in m.group(1).split(';') if c] or [0]
        for c in codes:
            if c == 0:
                fg, bold, dim = None, False, False
            elif c == 1:
                bold = True
            elif c == 2:
                dim = True
            elif c == 22:
                bold = dim = False
            elif c == 39:
                fg = None
            elif c in COLOURS:
                fg = COLOURS[c]
    return ''.join(out)


def main():
    lines = sys.stdin.read().split('\n')[:24]
    body = '\n'.join(render(l) for l in lines)
    print('<!doctype html><meta charset="utf-8"><style>'
          'body{margin:0;background:#1e1e1e}'
          'pre{margin:0;padding:10px 12px;color:#d3d7cf;font:17px/1.25 "DejaVu Sans Mono",'
          '"Noto Sans Symbols2",monospace;width:81ch}</style><pre>%s</pre>' % body)


if __name__ == '__main__':
    main()
