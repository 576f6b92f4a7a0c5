# SPDX-License-Identifier: MIT
"""What a run showed: the kernel's view (smaps), the runtime's
SEALING_DEBUG lines and sealctl ps --json.  Parsing only; propcheck
compares."""
import json
import os
import re
from dataclasses import dataclass, field
from typing import List, Optional

import propelf

VDSO = ('vdso',)

_MAP = re.compile(r'^([0-9a-f]+)-([0-9a-f]+) (\S+) ([0-9a-f]+) ([0-9a-f]+):([0-9a-f]+) (\d+)\s*(.*)$')


@dataclass
class Seen:
    """One object in smaps: every mapping of its file (or the vdso)."""
    key: tuple
    path: str
    nmaps: int = 0
    nsealed: int = 0
    copies: int = 0   # mappings at file offset 0: one per loaded copy

    @property
    def state(self):
        if self.nmaps and self.nsealed == self.nmaps:
            return 'sealed'
        return 'partly' if self.nsealed else 'open'


def parse_smaps(text, elf_cache):
    """{key: Seen} for the ELF objects and the vdso of an smaps dump."""
    objs, cur = {}, None
    for line in text.splitlines():
        m = _MAP.match(line)
        if m:
            lo, hi, _perms, off, major, minor, inode, path = m.groups()
            inode = int(inode)
            cur = None
            if path == '[vdso]':
                key = VDSO
            elif inode and path.startswith('/'):
                if path not in elf_cache:
                    elf_cache[path] = propelf.is_elf(path)
                if not elf_cache[path]:
                    continue
                key = (int(major, 16), int(minor, 16), inode)
            else:
                continue
            cur = objs.setdefault(key, Seen(key, path))
            cur.nmaps += 1
            cur.copies += int(off, 16) == 0
        elif cur is not None and line.startswith('VmFlags:'):
            cur.nsealed += 'sl' in line.split()[1:]
    return objs


# --- SEALING_DEBUG lines --------------------------------------------------

@dataclass
class Line:
    seq: int
    name: str
    text: str                  # after "sealing: NAME: "
    claim: Optional[str]       # 'sealed', 'open', or None (not an object report)
    origin: str = 'runtime'    # or 'loader': see line_origin
    failed: bool = False
    summary: object = None     # parse_summary's dict for the executable's summary, or 'unparsed'
    key: Optional[tuple] = None


@dataclass
class Stderr:
    lines: List[Line] = field(default_factory=list)
    checkpoints: List[int] = field(default_factory=list)  # seq of each marker, by checkpoint
    errors: List[str] = field(default_factory=list)       # the harness program's own errors
    done: bool = False


def parse_summary(text):
    """The executable's process-scope summary -> {'sealed', 'open', 'left',
    'gone', 'total'} (None where the line does not say), or None.

    The one place to adapt when the wording changes; lenient on purpose.
    Known wordings:
      "process scope: sealed N objects, left M open; S syscalls"
      "process scope: T objects: N sealed here, M left open, L left to
       their own runtime[, G unloaded meanwhile]; S syscalls"
    """
    if 'process scope' not in text:
        return None

    def num(*patterns):
        for p in patterns:
            m = re.search(p, text)
            if m:
                return int(next(g for g in m.groups() if g is not None))
        return None
    out = {
        'total': num(r'process scope:\s*(\d+)\s+objects?\b'),
        'sealed': num(r'(\d+)\s+(?:objects?\s+)?sealed', r'\bsealed\s+(\d+)'),
        'open': num(r'(\d+)\s+(?:objects?\s+)?(?:left\s+)?open', r'left\s+(\d+)\s+(?:objects?\s+)?open'),
        'left': num(r'(\d+)\s+(?:objects?\s+)?left to their own'),
        'gone': num(r'(\d+)\s+(?:objects?\s+)?unloaded'),
    }
    if out['sealed'] is None or out['open'] is None:
        return None
    return out


def line_origin(text):
    """Who printed an object's line: 'loader' (libsealing-loader.so's
    sweeps, which say so in the parenthesis after the policy) or
    'runtime' (a module's own runtime, or the executable's pass)."""
    how = re.match(r'^policy \d+ \(([^)]*)\)', text)
    return 'loader' if how and 'libsealing-loader.so' in how.group(1) else 'runtime'


_REPORT = re.compile(r'^policy \d+.*?: (not sealed|sealed)\b')


def parse_stderr(text):
    out = Stderr()
    seq = 0
    for raw in text.splitlines():
        seq += 1
        if raw.startswith('sealprop: checkpoint '):
            k = int(raw.split()[2])
            while len(out.checkpoints) <= k:
                out.checkpoints.append(None)
            out.checkpoints[k] = seq
            continue
        if raw.startswith('sealprop: done'):
            out.done = True
            continue
        if raw.startswith('sealprop: error') or raw.startswith('stress:'):
            out.errors.append(raw)
            continue
        if not raw.startswith('sealing: '):
            continue
        body = raw[len('sealing: '):]
        # "NAME: rest"; names here are paths or "linux-vdso.so.1", no ": ".
        name, sep, rest = body.partition(': ')
        if not sep:
            continue
        line = Line(seq, name, rest, None)
        m = _REPORT.match(rest)
        if m:
            line.claim = 'open' if m.group(1) == 'not sealed' else 'sealed'
            line.origin = line_origin(rest)
            line.failed = '; failed:' in rest
        else:
            line.summary = parse_summary(rest)
            if line.summary is None and 'process scope' in rest:
                line.summary = 'unparsed'
        out.lines.append(line)
    return out


def resolve_name(name, cwd, seen):
    """The object a debug line names: its key, or None."""
    if name in ('linux-vdso.so.1', '[vdso]'):
        return VDSO
    path = name if os.path.isabs(name) else os.path.join(cwd, name)
    try:
        return propelf.file_key(path)
    except OSError:
        pass
    base = os.path.basename(name)
    hits = [k for k, s in seen.items() if os.path.basename(s.path) == base]
    return hits[0] if len(hits) == 1 else None


# --- sealctl ps --json -----------------------------------------------------

def parse_sealctl(text):
    """[(path, state, expected, startup, reason)] of sealctl ps --json's
    first process; raises ValueError on anything else."""
    data = json.loads(text)
    if isinstance(data, list):
        data = data[0]
    out = []
    for o in data['objects']:
        out.append((o['path'], o['state'], o['expected'], o.get('startup'), o.get('reason', '')))
    return out, data
