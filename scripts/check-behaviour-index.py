#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the behaviour index of tests/README.md against the tree.

The index is every table under the heading "## Behaviour index": one row
per behaviour, one column per carrier.  A cell names the tests that show
the behaviour for that carrier, as paths relative to tests/ in backticks
(`runtime/exempt.c`), or `scripts/...` for a script run outside lit; a
cell without one must give the reason in words.  Fails, naming the line,
when:

- a cell is empty, or holds a mark instead of a reason ("-", "n/a", "?");
- a test a cell names does not exist;
- a row has more or fewer cells than its header, a behaviour comes
  twice, or the tables do not share one header;
- a test of the tree is in no cell, so that a new test must be indexed.

A test is a file of a lit suffix (.c, .cpp, .f90, .rs, .test, .ll) under
tests/ that has a RUN: line, outside Inputs/, helpers/ and unit/ (which
hold sources the tests build), or a libFuzzer target in tests/fuzz/.

usage: scripts/check-behaviour-index.py [--root DIR] [--quiet]
"""
import argparse
import os
import re
import sys

HEADING = '## Behaviour index'
SUFFIXES = ('.c', '.cpp', '.f90', '.rs', '.test', '.ll')
NOT_TESTS = ('Inputs', 'helpers', 'unit')
# A test named in a cell: a path in backticks, ending in a test's suffix,
# or a script of scripts/ that tests something outside lit.
TEST_REF = re.compile(r'^[A-Za-z0-9_.+/-]+(%s)$' % '|'.join(re.escape(s) for s in SUFFIXES))
MARKS = {'', '-', '--', '—', '–', '?', 'n/a', 'na', 'none', 'todo', 'tbd'}


def split_row(line):
    """The cells of a table row; | inside backticks or escaped is text."""
    cells, cur, code, i = [], '', False, 0
    body = line.strip()
    if body.startswith('|'):
        body = body[1:]
    if body.endswith('|') and not body.endswith('\\|'):
        body = body[:-1]
    while i < len(body):
        c = body[i]
        if c == '\\' and i + 1 < len(body) and body[i + 1] == '|':
            cur += '|'
            i += 2
            continue
        if c == '`':
            code = not code
        if c == '|' and not code:
            cells.append(cur.strip())
            cur = ''
        else:
            cur += c
        i += 1
    cells.append(cur.strip())
    return cells


def is_separator(cells):
    return all(re.fullmatch(r':?-{3,}:?', c) for c in cells)


def tests_in_tree(root):
    found = set()
    tests = os.path.join(root, 'tests')
    for d, dirs, files in os.walk(tests):
        dirs[:] = sorted(x for x in dirs if x not in NOT_TESTS)
        rel_dir = os.path.relpath(d, tests)
        for f in files:
            if not f.endswith(SUFFIXES):
                continue
            rel = os.path.normpath(os.path.join(rel_dir, f))
            path = os.path.join(d, f)
            if rel_dir == 'fuzz' and f.startswith('fuzz-') and f.endswith('.c'):
                found.add(rel)
                continue
            try:
                with open(path, errors='replace') as fh:
                    if 'RUN:' in fh.read():
                        found.add(rel)
            except OSError:
                pass
    return found


def main():
    ap = argparse.ArgumentParser(description='Check the behaviour index of tests/README.md.')
    ap.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    ap.add_argument('--quiet', action='store_true', help='print nothing when it passes')
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    readme = os.path.join(root, 'tests', 'README.md')
    rel_readme = os.path.relpath(readme, root)
    errors = []

    def err(lineno, what):
        errors.append('%s:%d: %s' % (rel_readme, lineno, what))

    with open(readme) as fh:
        lines = fh.read().split('\n')
    start = next((i for i, l in enumerate(lines) if l.strip() == HEADING), None)
    if start is None:
        print('%s: no "%s" section' % (rel_readme, HEADING), file=sys.stderr)
        return 1

    header = None      # the first table's header: every table shares it
    table_header = None
    behaviours = {}
    named = set()
    by_tests = by_reasons = 0
    for i in range(start + 1, len(lines)):
        line, lineno = lines[i], i + 1
        if line.startswith('## '):
            break
        if not line.lstrip().startswith('|'):
            table_header = None
            continue
        cells = split_row(line)
        if table_header is None:
            table_header = cells
            if header is None:
                header = cells
                if len(header) < 2:
                    err(lineno, 'the index needs a behaviour column and at least one carrier')
            elif cells != header:
                err(lineno, 'table header differs from the first one (%s)' % ' | '.join(header))
            continue
        if is_separator(cells):
            continue
        if len(cells) != len(table_header):
            err(lineno, '%d cells, the header has %d' % (len(cells), len(table_header)))
            # Its tests still count as named: one mistake, one message.
            for token in re.findall(r'`([^`]*)`', ' '.join(cells[1:])):
                if TEST_REF.match(token):
                    named.add(os.path.normpath(token))
            continue
        behaviour = cells[0]
        if not behaviour:
            err(lineno, 'a row without a behaviour')
        elif behaviour in behaviours:
            err(lineno, 'behaviour "%s" again (first on line %d)' % (behaviour, behaviours[behaviour]))
        else:
            behaviours[behaviour] = lineno
        for carrier, cell in zip(table_header[1:], cells[1:]):
            where = '"%s" / %s' % (behaviour, carrier)
            refs = []
            for token in re.findall(r'`([^`]*)`', cell):
                if token.startswith('scripts/'):
                    if not os.path.exists(os.path.join(root, token)):
                        err(lineno, '%s: %s does not exist' % (where, token))
                    refs.append(token)
                elif TEST_REF.match(token):
                    if not os.path.isfile(os.path.join(root, 'tests', token)):
                        err(lineno, '%s: tests/%s does not exist' % (where, token))
                    refs.append(token)
                    named.add(os.path.normpath(token))
            if refs:
                by_tests += 1
                continue
            words = re.sub(r'[`*_]', '', cell).strip()
            if words.lower().rstrip('.') in MARKS:
                err(lineno, '%s: empty cell (name a test, or say why there is none)' % where)
            elif len(words.split()) < 3:
                err(lineno, '%s: "%s" is neither a test nor a reason' % (where, words))
            else:
                by_reasons += 1

    if header is None:
        err(start + 1, 'no table under "%s"' % HEADING)
    tree = tests_in_tree(root)
    for t in sorted(tree - named):
        errors.append('%s: tests/%s is in no cell of the behaviour index' % (rel_readme, t))

    if errors:
        for e in errors:
            print(e, file=sys.stderr)
        print('behaviour index: %d problem%s' % (len(errors), '' if len(errors) == 1 else 's'),
              file=sys.stderr)
        return 1
    if not args.quiet:
        print('behaviour index: %d behaviours, %d carriers, %d cells: %d name tests, %d give a reason; '
              '%d tests, each in a cell' % (len(behaviours), len(header) - 1, by_tests + by_reasons,
                                             by_tests, by_reasons, len(tree)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
