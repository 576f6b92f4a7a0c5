#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every environment variable the runtime and the loader module read must
have an entry under ENVIRONMENT in docs/sealing.7, and every entry there
must still be read.

The variables read are found in the sources, not listed here: getenv-like
calls with a "SEALING_..." literal (loader_getenv's included), and the runtime's one-pass scan table
(runtime/rt-process.c: a string of "NAME=" fields after "SEALING_").

usage: scripts/check-man-env.py [--root DIR]
"""
import argparse
import os
import re
import sys

# getenv, secure_getenv, and the loader module's loader_getenv(p, NAME).
CALL = re.compile(r'\b(?:secure_|loader_)?getenv\s*\(\s*(?:[^,()"]+,\s*)?"(SEALING_[A-Z0-9_]+)"')
# static const char names[] = "POLICY=\0DEBUG=\0...";  after "SEALING_"
TABLE = re.compile(r'names\[\]\s*=\s*((?:"[^"]*"\s*)+);')
PREFIX = re.compile(r'rt_env_value\([^,]+,\s*"(SEALING_)"\)')


def read_vars(root):
    found = {}
    for d in ('runtime', 'loader', 'diagnose'):
        for dirpath, _, files in os.walk(os.path.join(root, d)):
            for f in files:
                if not f.endswith(('.c', '.h')):
                    continue
                path = os.path.join(dirpath, f)
                text = open(path, encoding='utf-8').read()
                for m in CALL.finditer(text):
                    found.setdefault(m.group(1), path)
                if PREFIX.search(text):
                    for m in TABLE.finditer(text):
                        s = ''.join(re.findall(r'"([^"]*)"', m.group(1)))
                        for field in s.split('\\0'):
                            if field.endswith('='):
                                found.setdefault('SEALING_' + field[:-1], path)
    return found


def man_vars(path):
    text = open(path, encoding='utf-8').read()
    m = re.search(r'^\.SH ENVIRONMENT\n(.*?)^\.SH ', text, re.S | re.M)
    if not m:
        return None
    # An entry is the line after .TP: .BR NAME =... or .BI NAME= ...
    return set(re.findall(r'^\.TP\n\.B[IR]? (SEALING_[A-Z0-9_]+)', m.group(1), re.M))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default=os.path.join(os.path.dirname(__file__), '..'))
    a = ap.parse_args()
    read = read_vars(a.root)
    man = os.path.join(a.root, 'docs', 'sealing.7')
    doc = man_vars(man)
    if doc is None:
        print(f'check-man-env: {man} has no ENVIRONMENT section')
        return 1
    if not read:
        print('check-man-env: found no variable in runtime/ and loader/: the patterns are out of date')
        return 1
    bad = 0
    for v in sorted(read):
        if v not in doc:
            print(f'check-man-env: {v} (read in {os.path.relpath(read[v], a.root)}) is missing from ENVIRONMENT in docs/sealing.7')
            bad = 1
    for v in sorted(doc - set(read)):
        print(f'check-man-env: docs/sealing.7 documents {v}, which runtime/ and loader/ no longer read')
        bad = 1
    if not bad:
        print(f'check-man-env: {len(read)} variables, all in sealing(7): {" ".join(sorted(read))}')
    return bad


if __name__ == '__main__':
    sys.exit(main())
