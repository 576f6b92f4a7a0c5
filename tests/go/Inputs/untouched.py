# SPDX-License-Identifier: MIT
"""untouched.py TRACE: did anything touch a sealed range after sealing?

TRACE is `strace -f -e trace=%memory` output.  Every successful mseal
(strace 6.1 prints it as syscall_0x1ce) adds its range; every later
munmap, mremap, mprotect, pkey_mprotect, madvise or mmap(MAP_FIXED) whose
range meets a sealed one is printed.  The last line counts them:
  sealed N ranges; M memory calls after the first seal, K on sealed ranges
A runtime that manages its own memory (Go's heap, stacks, arenas) must
leave K at 0: each such call would fail with EPERM, or, for madvise on
sealed writable memory, silently discard it.
"""
import re
import sys

CALL = re.compile(r'^(\d*)\s*(\w+)\((.*)')
RESUMED = re.compile(r'^(\d*)\s*<\.\.\. (\w+) resumed>(.*)')
ADDR_LEN = {'munmap': (0, 1), 'mprotect': (0, 1), 'pkey_mprotect': (0, 1),
            'madvise': (0, 1), 'mremap': (0, 1), 'mmap': (0, 1)}


def num(s):
    s = s.strip()
    return int(s, 16) if s.startswith('0x') else int(s) if s.isdigit() else None


def main(path):
    sealed, after, hits, unfinished = [], 0, [], {}
    for line in open(path, errors='replace'):
        line = line.strip()
        # With -f, a call another thread interrupts comes in two lines.
        m = RESUMED.match(line)
        if m and m.group(1) in unfinished:
            pid, name, tail = m.groups()
            line = unfinished.pop(pid) + tail
        elif line.endswith('<unfinished ...>'):
            m = CALL.match(line)
            if m:
                unfinished[m.group(1)] = line[:-len('<unfinished ...>')].rstrip()
            continue
        m = CALL.match(line)
        if not m:
            continue
        pid, name, rest = m.groups()
        args = rest.split(',')
        if name in ('mseal', 'syscall_0x1ce'):
            if rest.rstrip().endswith('= 0'):
                lo, n = num(args[0]), num(args[1])
                sealed.append((lo, lo + n))
            continue
        if not sealed or name not in ADDR_LEN:
            continue
        after += 1
        if name == 'mmap' and 'MAP_FIXED' not in rest:
            continue
        lo, n = num(args[0]), num(args[1])
        if lo is None or n is None:
            continue
        if any(lo < hi and lo + n > slo for slo, hi in sealed):
            hits.append(line.rstrip())
    for h in hits:
        print(h)
    print('sealed %d ranges; %d memory calls after the first seal, %d on sealed ranges'
          % (len(sealed), after, len(hits)))


main(sys.argv[1])
