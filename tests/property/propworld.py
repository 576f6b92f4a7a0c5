# SPDX-License-Identifier: MIT
"""Worlds: what the property test builds and runs, generated from a seed.

A world is a set of shared libraries (each of one variant, with a
DT_NEEDED DAG among them), an executable of one variant needing some of
them, and a few runs.  A run is one execution of that executable: a
preload list (in one of the spellings ld.so accepts), the loader module or
not, SEALING_EXEMPT, and the dlopens to make (from libraries'
constructors, from main, from threads).  Everything is decided here, from
random.Random(seed) alone, so a seed is a complete description; the
other modules only build, run and judge it.
"""
import random
from dataclasses import dataclass, field
from typing import List, Tuple

# Library variants: (name, weight, noted, policy, dlopen=skip, how).
# A variant's object is compiled once per harness invocation (propbuild).
LIB_VARIANTS = [
    ('p1', 30, True, 1, False, 'GCC plugin, policy 1'),
    ('p0', 7, True, 0, False, 'GCC plugin, policy 0'),
    ('p2', 7, True, 2, False, 'GCC plugin, policy 2'),
    ('pskip', 5, True, 1, True, 'GCC plugin, dlopen=skip'),
    ('rt1', 8, True, 1, False, 'sealing-rt.o'),
    ('rt0', 4, True, 0, False, 'sealing-rt-policy0.o'),
    ('rt2', 4, True, 2, False, 'sealing-rt-policy2.o'),
    ('rtskip', 7, True, 1, True, 'sealing-rt-dlopen-skip.o'),
    ('plain', 28, False, None, False, 'not instrumented'),
]
LIB_VARIANT = {v[0]: v for v in LIB_VARIANTS}

# Executable variants: (name, weight, noted, policy, scope, how).
EXE_VARIANTS = [
    ('plain', 25, False, None, None, 'not instrumented'),
    ('p1', 38, True, 1, 'process', 'GCC plugin, policy 1, scope=process'),
    ('p2', 8, True, 2, 'process', 'GCC plugin, policy 2, scope=process'),
    ('p1-module', 12, True, 1, 'module', 'GCC plugin, policy 1, scope=module'),
    ('p0', 8, True, 0, 'process', 'GCC plugin, policy 0'),
    ('rt1', 5, True, 1, 'process', 'sealing-rt.o, scope=process'),
    ('rt-module', 4, True, 1, 'module', 'sealing-rt-module-scope.o'),
]
EXE_VARIANT = {v[0]: v for v in EXE_VARIANTS}

# Uninstrumented system libraries a world may need or preload (the
# shape of the bug report in issue 24: -lz, LD_PRELOAD="libz.so.1
# libbz2.so.1.0").
SYSTEM_LIBS = ('libz.so.1', 'libbz2.so.1.0')
LOADER = 'libsealing-loader.so'

MODES = ('now', 'lazy', 'now|global', 'lazy|global', 'now|nodelete')


def pick(rnd, table):
    return rnd.choices([v[0] for v in table], weights=[v[1] for v in table])[0]


@dataclass
class Lib:
    index: int
    variant: str
    needed: List[str] = field(default_factory=list)  # file names, in link order

    @property
    def name(self):
        return 'libw%d-%s.so' % (self.index, self.variant)

    @property
    def lname(self):  # for -l
        return 'w%d-%s' % (self.index, self.variant)

    @property
    def noted(self):
        return LIB_VARIANT[self.variant][2]

    @property
    def policy(self):
        return LIB_VARIANT[self.variant][3]

    @property
    def skip(self):
        return LIB_VARIANT[self.variant][4]


@dataclass
class Preload:
    kind: str   # 'lib' (a world library), 'sys' (SYSTEM_LIBS), 'loader'
    name: str   # file name (lib, loader) or soname (sys)
    spelling: str = 'path'   # 'path' or 'bare' (found through LD_LIBRARY_PATH)


@dataclass
class Step:
    kind: str   # 'main' or 'threads'
    opens: List[List[Tuple[str, str, str]]]  # per thread: (mode, lib name, spelling)


@dataclass
class Run:
    index: int
    preloads: List[Preload] = field(default_factory=list)
    form: str = 'direct'  # direct, ldso, env-spaces, env-colons, env-mixed, ldso-preload
    seps: List[str] = field(default_factory=list)  # between preload entries; [0] leads, [-1] trails
    exempt: List[str] = field(default_factory=list)  # as written: file names or 'PATH:<name>'
    debug: bool = True
    ctors: List[Tuple[str, str, str]] = field(default_factory=list)  # (lib, mode, target lib)
    steps: List[Step] = field(default_factory=list)
    lib_path: bool = False  # LD_LIBRARY_PATH=<world dir>

    @property
    def loader(self):
        return any(p.kind == 'loader' for p in self.preloads)


@dataclass
class World:
    seed: int
    libs: List[Lib]
    exe_variant: str
    exe_needed: List[str]   # file names of world libraries and SYSTEM_LIBS sonames, link order
    runs: List[Run]

    def lib(self, name):
        return next(l for l in self.libs if l.name == name)

    @property
    def exe_noted(self):
        return EXE_VARIANT[self.exe_variant][2]

    @property
    def exe_policy(self):
        return EXE_VARIANT[self.exe_variant][3]

    @property
    def exe_scope(self):
        return EXE_VARIANT[self.exe_variant][4]


def needed_closure(world, roots):
    """World libraries reachable from roots (file names) through DT_NEEDED."""
    seen, todo = set(), list(roots)
    while todo:
        n = todo.pop()
        if n in seen or not n.startswith('libw'):
            continue
        seen.add(n)
        todo.extend(world.lib(n).needed)
    return seen


def generate(seed, no_preload=False, system_libs=True):
    rnd = random.Random(seed)
    n = rnd.randint(2, 10)
    libs = [Lib(i, pick(rnd, LIB_VARIANTS)) for i in range(n)]
    # A DAG: a library needs only libraries of higher index.
    for l in libs:
        for j in range(l.index + 1, n):
            if rnd.random() < 0.3 and len(l.needed) < 3:
                l.needed.append(libs[j].name)
        rnd.shuffle(l.needed)
    exe_variant = pick(rnd, EXE_VARIANTS)
    exe_needed = [l.name for l in libs if rnd.random() < 0.35]
    if system_libs and rnd.random() < 0.25:
        exe_needed.append(SYSTEM_LIBS[0])
    rnd.shuffle(exe_needed)
    world = World(seed, libs, exe_variant, exe_needed, [])
    for r in range(rnd.randint(2, 3)):
        world.runs.append(generate_run(rnd, world, r, no_preload, system_libs))
    return world


def generate_run(rnd, world, index, no_preload, system_libs):
    run = Run(index)
    names = [l.name for l in world.libs]
    startup = sorted(needed_closure(world, world.exe_needed))
    # Preloads: often overlapping the executable's DT_NEEDED closure, in
    # any order, with duplicates (sometimes in the other spelling).
    if not no_preload and rnd.random() < 0.6:
        for _ in range(rnd.randint(1, 5)):
            x = rnd.random()
            if system_libs and x < 0.15:
                run.preloads.append(Preload('sys', rnd.choice(SYSTEM_LIBS), 'bare'))
            else:
                pool = startup if startup and x < 0.55 else names
                run.preloads.append(Preload('lib', rnd.choice(pool),
                                            'bare' if rnd.random() < 0.3 else 'path'))
        if rnd.random() < 0.3:
            p = rnd.choice(run.preloads)
            twin = Preload(p.kind, p.name, p.spelling)
            if p.kind == 'lib' and rnd.random() < 0.5:
                twin.spelling = 'bare' if p.spelling == 'path' else 'path'
            run.preloads.insert(rnd.randint(0, len(run.preloads)), twin)
    if not no_preload and rnd.random() < 0.35:
        loader = Preload('loader', LOADER)
        if rnd.random() < 0.5:
            run.preloads.insert(0, loader)
        else:
            run.preloads.append(loader)
    if run.preloads:
        run.form = rnd.choices(['env-spaces', 'env-colons', 'ldso-preload', 'env-mixed'],
                               weights=[35, 35, 20, 10])[0]
        inner = len(run.preloads) - 1
        if run.form == 'env-spaces':
            run.seps = [''] + [' '] * inner + ['']
        elif run.form == 'env-colons':
            run.seps = [''] + [':'] * inner + ['']
        elif run.form == 'ldso-preload':
            run.seps = [''] + [rnd.choice([' ', ':'])] * inner + ['']
        else:  # empty entries and both separators, as ld.so accepts
            run.seps = [rnd.choice(['', ' ', ':'])] + \
                [rnd.choice([' ', ':', '  ', '::', ' :']) for _ in range(inner)] + \
                [rnd.choice(['', ' ', ':'])]
    else:
        x = rnd.random()
        run.form = 'ldso' if x < 0.15 and not no_preload else 'direct'
    run.lib_path = any(p.spelling == 'bare' and p.kind == 'lib' for p in run.preloads) or \
        rnd.random() < 0.2

    def spelling():
        return 'bare' if run.lib_path and rnd.random() < 0.3 else 'path'

    # Constructors' dlopens: towards higher indices, so that with the
    # DT_NEEDED edges nothing loops.
    for l in world.libs[:-1]:
        if rnd.random() < 0.2:
            target = rnd.choice(world.libs[l.index + 1:])
            run.ctors.append((l.name, rnd.choice(MODES), target.name))
    kinds = ['main'] * rnd.randint(0, 3) + (['threads'] if rnd.random() < 0.4 else [])
    rnd.shuffle(kinds)
    for k in kinds:
        if k == 'main':
            run.steps.append(Step('main', [[(rnd.choice(MODES), rnd.choice(names), spelling())]]))
        else:
            threads = []
            for _ in range(rnd.randint(2, 4)):
                threads.append([(rnd.choice(MODES), rnd.choice(names), spelling())
                                for _ in range(rnd.randint(1, 3))])
            run.steps.append(Step('threads', threads))
    # SEALING_EXEMPT: uninstrumented libraries, by file name or by path;
    # sometimes libc.
    plain = [l.name for l in world.libs if not l.noted]
    if plain and rnd.random() < 0.3:
        for name in rnd.sample(plain, min(len(plain), rnd.randint(1, 2))):
            run.exempt.append(name if rnd.random() < 0.5 else 'PATH:' + name)
    if rnd.random() < (0.1 if not plain else 0.05):
        run.exempt.append('libc.so.6')
    run.debug = rnd.random() < 0.9
    return run


# --- printing -------------------------------------------------------------

def describe_world(w):
    out = ['world (seed %d): %d libraries; executable %s (%s), DT_NEEDED: %s' % (
        w.seed, len(w.libs), w.exe_variant, EXE_VARIANT[w.exe_variant][5],
        ' '.join(w.exe_needed) or '(only libc)')]
    for l in w.libs:
        out.append('  %-18s %-34s DT_NEEDED: %s' % (
            l.name, LIB_VARIANT[l.variant][5], ' '.join(l.needed) or '-'))
    return out


def describe_run(w, r):
    out = ['run %d:' % r.index]
    if r.preloads:
        out.append('  preload (%s): %s' % (r.form, ', '.join(
            '%s%s' % (p.name, ' (bare name)' if p.spelling == 'bare' and p.kind == 'lib' else '')
            for p in r.preloads)))
    else:
        out.append('  no preload (%s)' % ('run as ld.so ./exe' if r.form == 'ldso' else 'run directly'))
    out.append('  loader module: %s; SEALING_EXEMPT: %s; SEALING_DEBUG: %s; LD_LIBRARY_PATH: %s' % (
        'yes' if r.loader else 'no',
        ':'.join(e.replace('PATH:', '<dir>/') for e in r.exempt) or '-',
        '1' if r.debug else 'unset', 'world dir' if r.lib_path else 'unset'))
    for lib, mode, target in r.ctors:
        out.append('  constructor of %s dlopens %s (%s)' % (lib, target, mode))
    for i, s in enumerate(r.steps):
        if s.kind == 'main':
            mode, name, sp = s.opens[0][0]
            out.append('  step %d: main dlopens %s (%s%s)' % (
                i + 1, name, mode, ', bare name' if sp == 'bare' else ''))
        else:
            out.append('  step %d: %d threads dlopen: %s' % (i + 1, len(s.opens), ' | '.join(
                ', '.join('%s (%s%s)' % (n, m, ', bare' if sp == 'bare' else '') for m, n, sp in t)
                for t in s.opens)))
    return out


def coverage(w, r):
    """Tags for the summary: what a run exercised."""
    tags = set()
    if r.preloads:
        tags.add('preload')
        if r.form == 'ldso-preload':
            tags.add('ld.so --preload')
        lib_preloads = [(p.kind, p.name) for p in r.preloads if p.kind != 'loader']
        if len(set(lib_preloads)) < len(lib_preloads):
            tags.add('duplicate preload')
        if set(p.name for p in r.preloads) & needed_closure(w, w.exe_needed):
            tags.add('preload in DT_NEEDED')
    if r.loader:
        tags.add('loader')
    if r.ctors:
        tags.add('constructor dlopen')
    if any(s.kind == 'threads' for s in r.steps):
        tags.add('thread dlopen')
    if any(s.kind == 'main' for s in r.steps):
        tags.add('main dlopen')
    if r.exempt:
        tags.add('SEALING_EXEMPT')
    return tags
