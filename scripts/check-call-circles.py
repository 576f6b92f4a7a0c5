#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""No file of runtime/ or loader/ may call into a file that calls back into
it, directly or round a longer circle: each part has one job, and the
parts above use the parts below (issue 26).  Reads the C sources, finds
each top-level function definition and each call to a function defined in
another file, and prints every circle of files it finds; exit status 1 if
there is one.

    scripts/check-call-circles.py [DIR...]     (default: runtime loader)

It reads C as text (comments and strings removed), which is enough for
this code: definitions start at column 0, as the style has them.
"""
import glob
import os
import re
import sys

HEAD = re.compile(r'^[A-Za-z_][^;{}=#]*\)\s*\{', re.M)
CALL = re.compile(r'\b([a-z_][a-z0-9_]*)\s*\(')


def strip(src):
    src = re.sub(r'/\*.*?\*/', ' ', src, flags=re.S)
    src = re.sub(r'//[^\n]*', ' ', src)
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', src)


def defined(src):
    """The names of the functions defined at column 0: for each header
    that ends in ") {", the name before the parenthesis that closes there
    (not an attribute's)."""
    for m in HEAD.finditer(src):
        h = m.group(0).rstrip('{').rstrip()
        depth, i = 0, len(h) - 1
        while i >= 0:
            depth += {')': 1, '(': -1}.get(h[i], 0)
            if depth == 0:
                break
            i -= 1
        name = re.search(r'([A-Za-z_][A-Za-z0-9_]*)\s*$', h[:i])
        if name:
            yield name.group(1)


def graph(files):
    text = {f: strip(open(f).read()) for f in files}
    where = {}
    for f, s in text.items():
        for name in defined(s):
            where.setdefault(name, f)
    edges = {f: {} for f in files}
    for f, s in text.items():
        for m in CALL.finditer(s):
            g = where.get(m.group(1))
            if g and g != f:
                edges[f].setdefault(g, set()).add(m.group(1))
    return edges


def circles(edges):
    """Strongly connected components with more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main(argv):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    bad = 0
    for d in argv or ['runtime', 'loader']:
        files = sorted(glob.glob(os.path.join(root, d, '*.c')))
        edges = graph(files)
        for comp in circles(edges):
            bad = 1
            print('check-call-circles: %s: a circle of calls:' % d)
            for f in comp:
                for g, names in sorted(edges[f].items()):
                    if g in comp:
                        print('  %s -> %s (%s)' % (os.path.relpath(f, root), os.path.relpath(g, root),
                                                   ', '.join(sorted(names))))
    if not bad:
        print('check-call-circles: no circles in %s' % ' '.join(argv or ['runtime', 'loader']))
    return bad


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
