# SPDX-License-Identifier: MIT
"""Building worlds: each variant's object compiled once per invocation,
then per world only links (gcc -shared -Wl,-soname with -L/-l for its
DT_NEEDED edges).  Every command is kept, to be printed for reproducing
a mismatch by hand."""
import os
import shlex
import subprocess
from concurrent.futures import ThreadPoolExecutor

LDSO = '/lib64/ld-linux-x86-64.so.2'
HERE = os.path.dirname(os.path.abspath(__file__))


class BuildError(Exception):
    pass


class Toolchain:
    def __init__(self, build, cc='gcc'):
        b = os.path.realpath(build)
        self.build = b
        self.cc = cc
        self.plugin = os.path.join(b, 'gcc-plugin', 'sealing.so')
        self.rtdir = os.path.join(b, 'link-object')
        self.loader = os.path.join(b, 'loader', 'libsealing-loader.so')
        self.sealctl = os.path.join(b, 'tools', 'sealctl')
        self.ldso = LDSO
        for f in (self.plugin, self.loader, self.sealctl, self.ldso,
                  os.path.join(self.rtdir, 'sealing-rt.o')):
            if not os.path.exists(f):
                raise BuildError('%s is missing: build sealing first (cmake --build %s)' % (f, b))

    def plugin_flags(self, *args):
        return ['-fplugin=' + self.plugin] + ['-fplugin-arg-sealing-' + a for a in args]

    def rt(self, name):
        return os.path.join(self.rtdir, name)


# variant -> (object to compile: (source, plugin args or None), runtime object to link or None)
LIB_BUILD = {
    'p1': (('lib', ()), None),
    'p0': (('lib', ('policy=0',)), None),
    'p2': (('lib', ('policy=2',)), None),
    'pskip': (('lib', ('dlopen=skip',)), None),
    'rt1': (('lib', None), 'sealing-rt.o'),
    'rt0': (('lib', None), 'sealing-rt-policy0.o'),
    'rt2': (('lib', None), 'sealing-rt-policy2.o'),
    'rtskip': (('lib', None), 'sealing-rt-dlopen-skip.o'),
    'plain': (('lib', None), None),
}
EXE_BUILD = {
    'plain': (('main', None), None),
    'p1': (('main', ()), None),
    'p2': (('main', ('policy=2',)), None),
    'p1-module': (('main', ('scope=module',)), None),
    'p0': (('main', ('policy=0',)), None),
    'rt1': (('main', None), 'sealing-rt.o'),
    'rt-module': (('main', None), 'sealing-rt-module-scope.o'),
}
STRESS_BUILD = {
    'plain': (('stress', None), None),
    'p1': (('stress', ()), None),
}
SOURCES = {'lib': 'prop-lib.c', 'main': 'prop-main.c', 'stress': 'prop-stress.c'}


def obj_name(src, args):
    if args is None:
        return '%s-plain.o' % src
    return '%s-%s.o' % (src, '-'.join(a.replace('=', '') for a in args) or 'plugin')


def run_cmd(cmd, cwd=None):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode:
        raise BuildError('%s\n%s%s' % (shlex.join(cmd), r.stdout, r.stderr))


class Objects:
    """The compiled objects of one invocation, in objdir."""

    def __init__(self, tc, objdir, jobs=2):
        self.tc = tc
        self.dir = os.path.realpath(objdir)
        os.makedirs(self.dir, exist_ok=True)
        self.commands = {}  # object path -> command
        wanted = {}
        for table in (LIB_BUILD, EXE_BUILD, STRESS_BUILD):
            for (src, args), _rt in table.values():
                wanted[obj_name(src, args)] = (src, args)
        for name, (src, args) in sorted(wanted.items()):
            # Programs -fPIE, as a distribution builds them: the plugin's
            # executables then claim their libraries (.preinit_array),
            # while those linked with a runtime object ask the long way.
            model = '-fPIC' if src == 'lib' else '-fPIE'
            cmd = [tc.cc, '-O2', model, '-pthread', '-I', HERE, '-c',
                   os.path.join(HERE, SOURCES[src]), '-o', os.path.join(self.dir, name)]
            if args is not None:
                cmd[1:1] = tc.plugin_flags(*args)
            self.commands[os.path.join(self.dir, name)] = cmd
        with ThreadPoolExecutor(max_workers=jobs) as ex:
            list(ex.map(run_cmd, self.commands.values()))

    def inputs(self, table, variant):
        (src, args), rt = table[variant]
        objs = [os.path.join(self.dir, obj_name(src, args))]
        if rt:
            objs.append(self.tc.rt(rt))
        return objs

    def compile_commands(self, paths):
        return [shlex.join(self.commands[p]) for p in paths if p in self.commands]


class BuiltWorld:
    """A world linked in its directory, with the commands that did it."""

    def __init__(self, world, objects, wdir):
        self.world = world
        self.objects = objects
        self.dir = os.path.realpath(wdir)
        self.exe = os.path.join(self.dir, 'prop-exe')
        self.link_commands = []
        self.used_objects = []
        os.makedirs(self.dir, exist_ok=True)

    def lib_path(self, name):
        return os.path.join(self.dir, name)

    def link(self, exe=True):
        w, o, d = self.world, self.objects, self.dir
        rpath = '-Wl,-rpath,' + d
        for lib in sorted(w.libs, key=lambda l: -l.index):  # dependencies first
            ins = o.inputs(LIB_BUILD, lib.variant)
            cmd = [o.tc.cc, '-shared', '-o', self.lib_path(lib.name)] + ins + \
                ['-Wl,-soname,' + lib.name, '-L' + d, '-Wl,--no-as-needed'] + \
                ['-l' + w.lib(n).lname for n in lib.needed] + ['-Wl,--as-needed', rpath]
            self.used_objects += [i for i in ins if i not in self.used_objects]
            self._do(cmd)
        if not exe:
            return
        ins = o.inputs(EXE_BUILD, w.exe_variant)
        libs = ['-l' + (w.lib(n).lname if n.startswith('libw') else n[3:n.index('.so')])
                for n in w.exe_needed]
        cmd = [o.tc.cc, '-pthread', '-o', self.exe] + ins + \
            ['-L' + d, '-Wl,--no-as-needed'] + libs + ['-Wl,--as-needed', rpath]
        self.used_objects += [i for i in ins if i not in self.used_objects]
        self._do(cmd)

    def _do(self, cmd):
        self.link_commands.append(shlex.join(cmd))
        run_cmd(cmd)

    # --- one run ---------------------------------------------------------

    def run_dir(self, run):
        return os.path.join(self.dir, 'run%d' % run.index)

    def spell(self, name, spelling):
        return name if spelling == 'bare' else self.lib_path(name)

    def preload_entry(self, p):
        if p.kind == 'loader':
            return self.objects.tc.loader
        if p.kind == 'sys':
            return p.name
        return self.spell(p.name, p.spelling)

    def preload_list(self, run):
        if not run.preloads:
            return None
        s = run.seps[0]
        for i, p in enumerate(run.preloads):
            s += self.preload_entry(p) + run.seps[i + 1]
        return s

    def exempt_value(self, run):
        return ':'.join(self.lib_path(e[5:]) if e.startswith('PATH:') else e for e in run.exempt)

    def config_text(self, run):
        lines = ['# sealprop seed %d run %d' % (self.world.seed, run.index)]
        for lib, mode, target in run.ctors:
            lines.append('ctor %s %s %s' % (lib, mode, self.lib_path(target)))
        for s in run.steps:
            if s.kind == 'main':
                mode, name, sp = s.opens[0][0]
                lines.append('main %s %s' % (mode, self.spell(name, sp)))
            else:
                lines.append('threads')
                for t, opens in enumerate(s.opens):
                    for mode, name, sp in opens:
                        lines.append('thread %d %s %s' % (t, mode, self.spell(name, sp)))
        return '\n'.join(lines) + '\n'

    def write_config(self, run):
        rd = self.run_dir(run)
        os.makedirs(os.path.join(rd, 'out'), exist_ok=True)
        with open(os.path.join(rd, 'config'), 'w') as f:
            f.write(self.config_text(run))

    def command(self, run):
        """(environment as an ordered list of pairs, argv) of a run, without
        the harness's FIFO."""
        rd = self.run_dir(run)
        env = [('PATH', '/usr/bin:/bin'),
               ('SEALPROP_CONFIG', os.path.join(rd, 'config')),
               ('SEALPROP_OUT', os.path.join(rd, 'out'))]
        if run.debug:
            env.append(('SEALING_DEBUG', '1'))
        if run.lib_path:
            env.append(('LD_LIBRARY_PATH', self.dir))
        if run.exempt:
            env.append(('SEALING_EXEMPT', self.exempt_value(run)))
        pl = self.preload_list(run)
        ldso = self.objects.tc.ldso
        if run.form == 'ldso-preload':
            argv = [ldso, '--preload', pl, self.exe]
        elif run.form == 'ldso':
            argv = [ldso, self.exe]
        else:
            if pl is not None:
                env.append(('LD_PRELOAD', pl))
            argv = [self.exe]
        return env, argv
