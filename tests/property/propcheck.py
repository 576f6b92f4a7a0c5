# SPDX-License-Identifier: MIT
"""Judging a run: at every checkpoint, the kernel against the rules
(proporacle), the SEALING_DEBUG lines against the kernel, the
executable's summary against its lines, and sealctl ps against both."""
import os
from dataclasses import dataclass

import propelf
import propobserve as obs
import proporacle as oracle


@dataclass
class Mismatch:
    kind: str        # run, hang, presence, kernel, debug, coverage, summary, sealctl
    checkpoint: int  # -1: not tied to one
    label: str       # the object, or ''
    message: str

    def format(self, labels, also=()):
        """One line; also: further checkpoints where the same was seen."""
        def name(k):
            return '%d (%s)' % (k, labels[k] if k < len(labels) else '?')
        where = ''
        if self.checkpoint >= 0:
            where = 'checkpoint %s: ' % name(self.checkpoint)
            if also:
                where = 'checkpoints %s: ' % ', '.join(name(k) for k in (self.checkpoint,) + tuple(also))
        obj = '%s: ' % self.label if self.label else ''
        return '[%s] %s%s%s' % (self.kind, where, obj, self.message)


def grouped(mismatches):
    """[(first mismatch, [later checkpoints])]: one entry for the same
    mismatch seen at several checkpoints."""
    groups, order = {}, []
    for m in mismatches:
        key = (m.kind, m.label, m.message)
        if key in groups and m.checkpoint >= 0:
            groups[key][1].append(m.checkpoint)
        else:
            if key in groups:
                key = key + (len(order),)
            groups[key] = (m, [])
            order.append(key)
    return [groups[k] for k in order]


class Catalog:
    """Every object a world's run may load, by (major, minor, inode), and
    which of them are start-up objects."""

    def __init__(self, bw, run):
        self.bw, self.run = bw, run
        w, tc = bw.world, bw.objects.tc
        self.objs, self.names, self._dyn = {}, {}, {}
        self.dirs = [bw.dir]
        exe_key = self._add(bw.exe, oracle.Obj('prop-exe', 'exe', w.exe_noted, w.exe_policy))
        self.exe_key = exe_key
        self.lib_keys = {}
        for l in w.libs:
            self.lib_keys[l.name] = self._add(
                bw.lib_path(l.name),
                oracle.Obj(l.name, 'lib', l.noted, l.policy, l.skip))
        self._add(tc.loader, oracle.Obj('libsealing-loader.so', 'loader'))
        roots = [bw.exe, tc.ldso] + [self._preload_path(p) for p in run.preloads]
        self.startup = self.closure([r for r in roots if r])
        self.ctor_targets = {}
        for lib, _mode, target in run.ctors:
            self.ctor_targets.setdefault(lib, []).append(bw.lib_path(target))

    def _add(self, path, obj):
        key = propelf.file_key(path)
        self.objs.setdefault(key, obj)
        self.names.setdefault(key, set()).add(os.path.basename(path))
        return key

    def _preload_path(self, p):
        if p.kind == 'loader':
            return self.bw.objects.tc.loader
        if p.kind == 'lib':
            return self.bw.lib_path(p.name)
        return propelf.resolve(p.name, [])

    def closure(self, paths):
        """Keys of paths and of everything they need, transitively."""
        keys, todo = set(), list(paths)
        while todo:
            path = todo.pop()
            key = propelf.file_key(path)
            self.names.setdefault(key, set()).add(os.path.basename(path))
            if key not in self.objs:
                self.objs[key] = oracle.Obj(os.path.basename(os.path.realpath(path)), 'sys')
            if key in keys:
                continue
            keys.add(key)
            if path not in self._dyn:
                self._dyn[path] = propelf.dynamic(path)[1]
            for n in self._dyn[path]:
                p = propelf.resolve(n, self.dirs)
                if p:
                    todo.append(p)
        return keys

    def with_ctors(self, keys):
        """keys plus what the constructors of their libraries dlopen."""
        keys = set(keys)
        while True:
            more = set()
            for lib, targets in self.ctor_targets.items():
                if self.lib_keys[lib] in keys:
                    more |= self.closure(targets) - keys
            if not more:
                return keys
            keys |= more

    def expected_present(self):
        """Predicted keys at each checkpoint."""
        present = self.with_ctors(self.startup)
        out = [present]
        for s in self.run.steps:
            paths = [self.bw.lib_path(name) for t in s.opens for _m, name, _sp in t]
            present = self.with_ctors(present | self.closure(paths))
            out.append(present)
        return out

    def exempt(self, key):
        for e in self.run.exempt:
            e = self.bw.lib_path(e[5:]) if e.startswith('PATH:') else e
            if '/' in e:
                try:
                    if propelf.file_key(e) == key:
                        return True
                except OSError:
                    pass
            elif e in self.names.get(key, ()):
                return True
        return False

    def obj(self, key, seen):
        if key == obs.VDSO:
            return oracle.Obj('[vdso]', 'vdso')
        base = self.objs.get(key)
        if base is None:
            return oracle.Obj(seen.path, 'unknown')
        o = oracle.Obj(**base.__dict__)
        o.startup = key in self.startup
        o.exempt = not o.noted and self.exempt(key)
        return o

    def process(self):
        w = self.bw.world
        return oracle.Process(self.run.loader, w.exe_noted, w.exe_policy, w.exe_scope)


def checkpoint_labels(run):
    labels = ['start-up']
    for i, s in enumerate(run.steps):
        labels.append('after step %d (%s dlopen)' % (i + 1, 'main' if s.kind == 'main' else 'threads'))
    return labels


def judge(bw, run, res):
    """Mismatches of one run (an empty list when all agree)."""
    mm = []
    if res.hang:
        mm.append(Mismatch('hang', -1, '', 'no exit within the timeout (%.0f s): killed' % res.seconds))
        return mm
    want = 1 + len(run.steps)
    cat = Catalog(bw, run)
    proc = cat.process()
    err = obs.parse_stderr(res.stderr)
    if res.rc != 0 or not err.done or len(res.checkpoints) != want:
        tail = '\n'.join('      ' + l for l in res.stderr.splitlines()[-12:])
        mm.append(Mismatch('run', -1, '', 'exit status %s, %d of %d checkpoints%s; stderr ends:\n%s' % (
            res.rc, len(res.checkpoints), want, '' if err.done else ', never done', tail)))
    present = cat.expected_present()
    elf_cache = {}
    seen_at = []
    for cp in res.checkpoints:
        k = cp.index
        if cp.smaps is None:
            mm.append(Mismatch('run', k, '', 'no smaps copy'))
            seen_at.append(None)
            continue
        seen = obs.parse_smaps(cp.smaps, elf_cache)
        seen_at.append(seen)
        # The world as predicted: nothing missing, nothing unknown.
        if k < len(present):
            for key in sorted(present[k] - set(seen)):
                mm.append(Mismatch('presence', k, cat.objs[key].label, 'expected loaded, not mapped'))
        for key, s in seen.items():
            if key != obs.VDSO and k < len(present) and key not in present[k]:
                mm.append(Mismatch('presence', k, os.path.basename(s.path),
                                   'mapped but not predicted (%s)' % s.path))
            if s.copies > 1:
                mm.append(Mismatch('presence', k, os.path.basename(s.path),
                                   '%d copies mapped' % s.copies))
        # The kernel against the rules.
        for key, s in seen.items():
            o = cat.obj(key, s)
            sealed, why = oracle.expect(o, proc)
            if sealed is None:
                continue
            if s.state != ('sealed' if sealed else 'open'):
                mm.append(Mismatch('kernel', k, o.label, 'kernel %s (%d/%d mappings sealed), rules say %s (%s)' % (
                    s.state, s.nsealed, s.nmaps, 'sealed' if sealed else 'open', why)))
        # sealctl ps, run on the live process at this checkpoint.
        mm += judge_sealctl(cat, proc, k, cp, seen)
    if run.debug:
        mm += judge_debug(cat, proc, run, res, err, seen_at)
    return mm


def _label(cat, key, seen):
    if key in cat.objs:
        return cat.objs[key].label
    return os.path.basename(seen[key].path) if key in seen else str(key)


def judge_debug(cat, proc, run, res, err, seen_at):
    mm = []
    first = seen_at[0] if seen_at and seen_at[0] is not None else {}
    for line in err.lines:
        line.key = obs.resolve_name(line.name, cat.bw.run_dir(run), first)
        if line.key is None and (line.claim or line.summary):
            mm.append(Mismatch('debug', -1, line.name, 'a line names no object of the process: %s' % line.text))
        if line.failed:
            mm.append(Mismatch('debug', -1, _label(cat, line.key, first), 'reports a failure: %s' % line.text))
    # Each checkpoint: the lines since the one before must agree with it.
    prev = 0
    for k, mark in enumerate(err.checkpoints):
        if mark is None or k >= len(seen_at) or seen_at[k] is None:
            continue
        seen = seen_at[k]
        last = {}
        for line in err.lines:
            if prev < line.seq < mark and line.claim and line.key:
                last[line.key] = line
                s = seen.get(line.key)
                if line.claim == 'sealed' and (s is None or s.state != 'sealed'):
                    mm.append(Mismatch('debug', k, _label(cat, line.key, seen),
                                       'line says sealed, kernel says %s: %s' % (
                                           s.state if s else 'not mapped', line.text)))
        for key, line in last.items():
            s = seen.get(key)
            if line.claim == 'open' and s is not None and s.state != 'open':
                mm.append(Mismatch('debug', k, _label(cat, key, seen),
                                   'last line says not sealed, kernel says %s: %s' % (s.state, line.text)))
        prev = mark
    # The executable's process pass: a line for every object it saw, and
    # a summary that adds up.
    if proc.exe_seals_process and seen_at and seen_at[0] is not None:
        mm += judge_summary(cat, err, seen_at[0])
    return mm


def judge_summary(cat, err, seen0):
    mm = []
    exe_lines = [l for l in err.lines if l.key == cat.exe_key]
    summary = [l for l in exe_lines if l.summary]
    own = [l for l in exe_lines if l.claim]
    if not summary:
        return [Mismatch('summary', 0, 'prop-exe', 'no process-scope summary line')]
    s = summary[0]
    if s.summary == 'unparsed':
        return [Mismatch('summary', 0, 'prop-exe', 'summary not understood: %s' % s.text)]
    # Lines of the runtimes (the executable's pass, or a module's own):
    # the loader module's sweeps may run in between (a pin inside the
    # pass goes through its dlopen), but they are not the pass.
    ours = [l for l in err.lines if l.origin == 'runtime']
    before = {l.key for l in ours if l.seq < s.seq and (l.claim or l.summary) and l.key}
    missing = [_label(cat, k, seen0) for k in seen0 if k not in before]
    if missing:
        mm.append(Mismatch('coverage', 0, 'prop-exe', 'no SEALING_DEBUG line before the summary for %s' %
                           ', '.join(sorted(missing))))
    # The pass's lines start with the executable's own, which it counts.
    start = own[0].seq if own and own[0].seq < s.seq else 0
    batch = [l for l in ours if start <= l.seq < s.seq and l.claim]
    n_sealed = sum(l.claim == 'sealed' for l in batch)
    n_open = sum(l.claim == 'open' for l in batch)
    got = s.summary
    if (n_sealed, n_open) != (got['sealed'], got['open']):
        mm.append(Mismatch('summary', 0, 'prop-exe', 'summary says %d sealed, %d open; its pass printed '
                           '%d sealed and %d open lines: %s' % (got['sealed'], got['open'], n_sealed, n_open, s.text)))
    # A summary that gives the objects it saw: the parts add up to them,
    # and they are the objects of the process at start-up.
    if got['total'] is not None:
        parts = got['sealed'] + got['open'] + (got['left'] or 0) + (got['gone'] or 0)
        if parts != got['total']:
            mm.append(Mismatch('summary', 0, 'prop-exe', 'the parts (%d) do not add up to the total (%d): %s' % (
                parts, got['total'], s.text)))
        if got['total'] - (got['gone'] or 0) != len(seen0):
            mm.append(Mismatch('summary', 0, 'prop-exe', 'saw %d objects, the process had %d at start-up: %s' % (
                got['total'] - (got['gone'] or 0), len(seen0), s.text)))
    return mm


def judge_sealctl(cat, proc, k, cp, seen):
    mm = []
    if cp.sealctl_error:
        return [Mismatch('sealctl', k, '', 'sealctl ps failed: %s' % cp.sealctl_error)]
    try:
        objs, _data = obs.parse_sealctl(cp.sealctl)
    except (ValueError, KeyError, IndexError) as e:
        return [Mismatch('sealctl', k, '', 'unreadable sealctl ps --json output (%s)' % e)]
    reported = set()
    for path, state, expected, startup, reason in objs:
        if path == '[vdso]':
            key = obs.VDSO
        else:
            try:
                key = propelf.file_key(path)
            except OSError:
                mm.append(Mismatch('sealctl', k, path, 'reports a path that does not exist'))
                continue
        reported.add(key)
        s = seen.get(key)
        label = _label(cat, key, seen)
        if s is None:
            mm.append(Mismatch('sealctl', k, label, 'reported, but not in the smaps copy'))
            continue
        if state != s.state:
            mm.append(Mismatch('sealctl', k, label, 'sealctl says %s, kernel %s (%d/%d)' % (
                state, s.state, s.nsealed, s.nmaps)))
        o = cat.obj(key, s)
        want, why = oracle.expect(o, proc)
        if want is None:
            continue
        if expected is None or bool(expected) != want:
            mm.append(Mismatch('sealctl', k, label, 'sealctl expects %s (%s; startup=%s), rules say %s (%s)' % (
                {True: 'sealed', False: 'open', None: 'nothing'}[expected], reason,
                startup, 'sealed' if want else 'open', why)))
    for key in seen:
        if key not in reported:
            mm.append(Mismatch('sealctl', k, _label(cat, key, seen), 'mapped, but sealctl ps does not list it'))
    return mm
