# SPDX-License-Identifier: MIT
"""ps-relro-view.py SMAPS JSON: for each object `sealctl ps --json` reports,
count from the process's own smaps the mappings of its image (its file's,
and the anonymous ones and the views of the runtime's RELRO memfd inside
the span of its PT_LOAD segments, from the ELF file itself) and print
one line for FileCheck:
  NAME: mappings N (views V) agree|DISAGREE (sealctl says M) [sealed S/N]
and "OBJECT /memfd:..." for any object sealctl made of a mapping that is
no ELF file's."""
import json
import os
import re
import struct
import sys

VIEW = '/memfd:sealing-relro (deleted)'
MAP = re.compile(r'^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$')


def smaps(path):
    maps = []
    for line in open(path):
        m = MAP.match(line)
        if m:
            maps.append([int(m[1], 16), int(m[2], 16), int(m[3]), m[4], False])
        elif line.startswith('VmFlags:') and maps:
            maps[-1][4] = 'sl' in line.split()[1:]
    return maps


def load_span(path):
    """(lowest p_vaddr, highest p_vaddr + p_memsz) of an ELF64 LE file."""
    with open(path, 'rb') as f:
        ehdr = f.read(64)
        if ehdr[:4] != b'\x7fELF' or ehdr[4] != 2 or ehdr[5] != 1:
            sys.exit('ps-relro-view: %s: not a little-endian ELF64 file' % path)
        phoff, = struct.unpack_from('<Q', ehdr, 32)
        phentsize, phnum = struct.unpack_from('<HH', ehdr, 54)
        f.seek(phoff)
        lo, hi = None, 0
        for _ in range(phnum):
            p_type, _f, _o, vaddr, _pa, _fs, memsz, _al = struct.unpack('<IIQQQQQQ', f.read(phentsize)[:56])
            if p_type == 1 and memsz:
                lo = vaddr if lo is None else min(lo, vaddr)
                hi = max(hi, vaddr + memsz)
        return lo, hi


def main():
    maps = smaps(sys.argv[1])
    page = os.sysconf('SC_PAGESIZE')
    for proc in json.load(open(sys.argv[2])):
        for o in proc['objects']:
            path = o['path']
            if not path.startswith('/'):
                continue
            if path.startswith('/memfd:'):
                print('OBJECT', path)
                continue
            own = [m for m in maps if m[3] == path]
            load_lo, load_hi = load_span(path)
            lo = min(m[0] for m in own)
            hi = lo - (load_lo & ~(page - 1)) + ((load_hi + page - 1) & ~(page - 1))
            inside = [m for m in maps if (m[3] == '' or m[3] == VIEW) and lo <= m[0] and m[1] <= hi]
            image = own + inside
            views = sum(m[3] == VIEW for m in inside)
            sealed = sum(m[4] for m in image)
            print('%s: mappings %d (views %d) %s (sealctl says %d) sealed %d/%d' %
                  (os.path.basename(path), len(image), views,
                   'agree' if o['mappings'] == len(image) else 'DISAGREE', o['mappings'],
                   sealed, len(image)))


main()
