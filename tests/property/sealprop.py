#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""sealprop: the property test of sealing (tests/property/README.md).

    sealprop.py --build BUILD --seeds 1,2,10-20     fixed seeds (CI)
    sealprop.py --build BUILD --seed 17 [--run 1]   one world again, kept
    sealprop.py --build BUILD --minutes 10          random seeds until time is up
    sealprop.py --build BUILD --stress [--stress-runs N] [--minutes M]

Each seed makes one world (propworld), built from objects compiled once
per invocation (propbuild), run with checkpoints (proprun) and judged
against the rules (proporacle, propcheck).  Every mismatch is printed
with the seed, the world and the commands that reproduce it by hand.
Exit status 1 when anything disagreed or hung.
"""
import argparse
import os
import random
import shlex
import shutil
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import propbuild as pb  # noqa: E402
import propcheck as pc  # noqa: E402
import propelf  # noqa: E402
import propobserve as obs  # noqa: E402
import proporacle as oracle  # noqa: E402
import proprun as pr  # noqa: E402
import propworld as pw  # noqa: E402

SCRIPT = os.path.abspath(__file__)


def parse_seeds(text):
    seeds = []
    for part in text.replace(' ', ',').split(','):
        if not part:
            continue
        if '-' in part:
            a, b = part.split('-')
            seeds += range(int(a), int(b) + 1)
        else:
            seeds.append(int(part))
    return seeds


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.worlds = self.runs = self.checkpoints = self.mismatches = self.hangs = 0
        self.failing = []       # (seed, kinds)
        self.tags = Counter()
        self.kinds = Counter()

    def add(self, seed, runs, checkpoints, mismatches, tags):
        with self.lock:
            self.worlds += 1
            self.runs += runs
            self.checkpoints += checkpoints
            self.tags.update(tags)
            if mismatches:
                kinds = Counter(m.kind for m in mismatches)
                self.mismatches += len(mismatches)
                self.hangs += kinds['hang']
                self.kinds.update(kinds)
                self.failing.append((seed, kinds))


def emit(text):
    sys.stdout.write(text if text.endswith('\n') else text + '\n')
    sys.stdout.flush()


class Harness:
    def __init__(self, args):
        self.args = args
        self.tc = pb.Toolchain(args.build, args.cc)
        self.have_sys = all(propelf.resolve(n, []) for n in pw.SYSTEM_LIBS)
        if args.work:
            self.work = os.path.realpath(args.work)
            os.makedirs(self.work, exist_ok=True)
        else:
            self.work = os.path.realpath(tempfile.mkdtemp(prefix='sealprop-'))
        self.objects = pb.Objects(self.tc, os.path.join(self.work, 'objs'), args.jobs)
        self.stats = Stats()
        self.print_lock = threading.Lock()

    def replay(self, seed, run=None, stress=False):
        cmd = ['python3', SCRIPT, '--build', self.tc.build, '--cc', self.tc.cc, '--seed', str(seed)]
        if run is not None:
            cmd += ['--run', str(run)]
        if stress:
            a = self.args
            cmd += ['--stress', '--stress-loader', a.stress_loader, '--stress-runs', str(a.stress_runs),
                    '--stress-threads', str(a.stress_threads), '--stress-libs', str(a.stress_libs),
                    '--stress-rounds', str(a.stress_rounds), '--stress-mallocers', str(a.stress_mallocers),
                    '--timeout', '%g' % a.timeout]
        if self.args.no_preload:
            cmd += ['--no-preload']
        return shlex.join(cmd + ['--keep', '--work', '/tmp/sealprop-%d' % seed])

    # --- worlds -------------------------------------------------------

    def world(self, seed):
        w = pw.generate(seed, self.args.no_preload, self.have_sys)
        runs = [r for r in w.runs if self.args.run is None or r.index == self.args.run]
        bw = pb.BuiltWorld(w, self.objects, os.path.join(self.work, 'seed-%d' % seed))
        failed, report, ncp, tags = [], [], 0, Counter()
        try:
            bw.link()
        except pb.BuildError as e:
            failed.append((None, [pc.Mismatch('build', -1, '', str(e))]))
            runs = []
        for run in runs:
            bw.write_config(run)
            env, argv = bw.command(run)
            res = pr.run_checkpointed(env, argv, bw.run_dir(run), self.tc.sealctl,
                                      self.args.timeout, self.args.backtrace)
            ncp += len(res.checkpoints)
            tags.update(pw.coverage(w, run))
            mm = pc.grouped(pc.judge(bw, run, res))
            if mm:
                failed.append((run, mm, res))
        all_mm = [g[0] if isinstance(g, tuple) else g for f in failed for g in f[1]]
        self.stats.add(seed, len(runs), ncp, all_mm, tags)
        if failed:
            report = self.world_report(bw, failed)
        elif self.args.verbose:
            report = ['sealprop: seed %d: ok (%d runs, %d checkpoints)' % (seed, len(runs), ncp)]
        with self.print_lock:
            if report:
                emit('\n'.join(report))
        if not failed and not self.args.keep:
            shutil.rmtree(bw.dir, ignore_errors=True)

    def world_report(self, bw, failed):
        w = bw.world
        n = sum(len(f[1]) for f in failed)
        out = ['', '=== sealprop: seed %d: %d mismatch%s ===' % (w.seed, n, '' if n == 1 else 'es')]
        out += pw.describe_world(w)
        for f in failed:
            run, mm = f[0], f[1]
            if run is None:
                out += ['build failed:'] + ['  ' + m.message for m in mm]
                continue
            labels = pc.checkpoint_labels(run)
            out += pw.describe_run(w, run)
            out.append('  mismatches:')
            out += ['    ' + m.format(labels, also) for m, also in mm]
            res = f[2]
            if res.backtrace:
                out.append('  backtrace at the timeout:')
                out += ['    ' + l for l in res.backtrace.splitlines()]
        out.append('reproduce: ' + self.replay(w.seed, failed[0][0].index if len(failed) == 1 and failed[0][0] else None))
        out.append('by hand (files under %s; kept while it fails):' % bw.dir)
        out.append('  # objects, compiled once per invocation')
        out += ['  ' + c for c in self.objects.compile_commands(bw.used_objects)]
        out.append('  # the world')
        out += ['  ' + c for c in bw.link_commands]
        for f in failed:
            run = f[0]
            if run is None:
                continue
            rd = bw.run_dir(run)
            env, argv = bw.command(run)
            out.append('  # run %d: the run file, then the program (smaps copies in %s/out)' % (run.index, rd))
            out.append("  mkdir -p %s/out && cat > %s/config <<'EOF'" % (rd, rd))
            out += ['  ' + l for l in bw.config_text(run).splitlines()] + ['  EOF']
            out.append('  ' + pr.shell_command(env, argv))
            out.append('  # the same, stopping at each checkpoint for sealctl ps:')
            fifo = os.path.join(rd, 'fifo')
            out.append('  rm -f %s && mkfifo %s && %s | while read -r _ k pid; do %s ps --json "$pid" > %s/sealctl-$k.json; echo > %s; done' % (
                fifo, fifo, pr.shell_command(env + [('SEALPROP_FIFO', fifo)], argv),
                self.tc.sealctl, rd, fifo))
        return out

    # --- stress -------------------------------------------------------

    def stress(self, seed):
        a = self.args
        rnd = random.Random(seed)
        table = [v for v in pw.LIB_VARIANTS if v[0] in ('p1', 'rt1', 'pskip', 'rtskip', 'p0', 'plain')]
        libs = [pw.Lib(i, pw.pick(rnd, table)) for i in range(a.stress_libs)]
        exe = rnd.choice(['plain', 'p1'])
        w = pw.World(seed, libs, exe, [], [])
        for loader in {'both': (False, True), 'with': (True,), 'without': (False,)}[a.stress_loader]:
            r = pw.Run(len(w.runs))
            if loader:
                r.preloads = [pw.Preload('loader', pw.LOADER)]
                r.form = 'env-spaces'
                r.seps = ['', '']
            w.runs.append(r)
        bw = pb.BuiltWorld(w, self.objects, os.path.join(self.work, 'stress-%d' % seed))
        bw.exe = os.path.join(bw.dir, 'prop-stress')
        try:
            bw.link(exe=False)
            cmd = [self.tc.cc, '-pthread', '-o', bw.exe] + self.objects.inputs(pb.STRESS_BUILD, exe)
            bw._do(cmd)
        except pb.BuildError as e:
            self.stats.add(seed, 0, 0, [pc.Mismatch('build', -1, '', str(e))], Counter())
            emit('sealprop: stress seed %d: build failed:\n%s' % (seed, e))
            return
        failed, nruns = [], 0
        counts = {False: [0, 0], True: [0, 0]}   # runs, hangs
        for run in w.runs:
            for i in range(a.stress_runs):
                rd = bw.run_dir(run)
                os.makedirs(os.path.join(rd, 'out'), exist_ok=True)
                env = [('PATH', '/usr/bin:/bin'), ('SEALPROP_OUT', os.path.join(rd, 'out'))]
                if run.loader:
                    env.append(('LD_PRELOAD', self.tc.loader))
                argv = [bw.exe, str(a.stress_threads), str(a.stress_rounds), str(a.stress_mallocers)] + \
                    [bw.lib_path(l.name) for l in libs]
                for f in os.listdir(os.path.join(rd, 'out')):
                    os.unlink(os.path.join(rd, 'out', f))
                res = pr.run_plain(env, argv, rd, a.timeout, a.backtrace)
                nruns += 1
                counts[run.loader][0] += 1
                counts[run.loader][1] += res.hang
                mm = judge_stress(bw, run, res, a)
                if mm:
                    failed.append((run, i, mm, res, env, argv))
                if self.deadline and time.monotonic() > self.deadline:
                    break
        all_mm = [m for f in failed for m in f[2]]
        self.stats.add(seed, nruns, 0, all_mm, Counter())
        with self.print_lock:
            self.stress_counts[False][0] += counts[False][0]
            self.stress_counts[False][1] += counts[False][1]
            self.stress_counts[True][0] += counts[True][0]
            self.stress_counts[True][1] += counts[True][1]
            lines = []
            if failed or a.verbose:
                lines.append('')
                lines.append('=== sealprop: stress seed %d: without the loader module %d runs, %d hangs; '
                             'with it %d runs, %d hangs; %d failing runs ===' % (
                                 seed, counts[False][0], counts[False][1], counts[True][0],
                                 counts[True][1], len(failed)))
            if failed:
                lines.append('executable %s; libraries: %s' % (exe, ' '.join(l.name for l in libs)))
                for run, i, mm, res, env, argv in failed:
                    lines.append('  %s loader module, run %d (%.1f s):' % (
                        'with' if run.loader else 'without', i, res.seconds))
                    lines += ['    ' + m.format(['end']) for m in mm]
                    if res.backtrace:
                        lines.append('    backtrace at the timeout:')
                        lines += ['      ' + l for l in res.backtrace.splitlines()]
                lines.append('reproduce: ' + self.replay(seed, stress=True))
                lines.append('by hand:')
                lines += ['  ' + c for c in self.objects.compile_commands(bw.used_objects + [
                    self.objects.inputs(pb.STRESS_BUILD, exe)[0]])]
                lines += ['  ' + c for c in bw.link_commands]
                seen_cmd = set()
                for run, i, mm, res, env, argv in failed:
                    c = 'timeout %d %s' % (a.timeout, pr.shell_command(env, argv))
                    if c not in seen_cmd:
                        seen_cmd.add(c)
                        lines.append('  mkdir -p %s && %s' % (dict(env)['SEALPROP_OUT'], c))
            if lines:
                emit('\n'.join(lines))
        if not failed and not a.keep:
            shutil.rmtree(bw.dir, ignore_errors=True)

    # --- driver -------------------------------------------------------

    def go(self):
        a = self.args
        self.deadline = time.monotonic() + a.minutes * 60 if a.minutes else None
        self.stress_counts = {False: [0, 0], True: [0, 0]}
        inner = self.stress if a.stress else self.world

        def job(seed):
            # One world's harness error is that world's failure, not the end of the run.
            try:
                inner(seed)
            except Exception:  # noqa: BLE001
                self.stats.add(seed, 0, 0, [pc.Mismatch('harness', -1, '', traceback.format_exc())], Counter())
                with self.print_lock:
                    emit('\n=== sealprop: seed %d: harness error ===\n%s%s' % (
                        seed, traceback.format_exc(), 'reproduce: ' + self.replay(seed, stress=a.stress)))
        start = time.monotonic()
        if a.seed is not None or a.seeds:
            seeds = [a.seed] if a.seed is not None else parse_seeds(a.seeds)
            with ThreadPoolExecutor(max_workers=a.jobs) as ex:
                list(ex.map(job, seeds))
        else:
            sysrnd = random.SystemRandom()

            def worker():
                while time.monotonic() < self.deadline:
                    job(sysrnd.randrange(1, 2 ** 31))
            with ThreadPoolExecutor(max_workers=a.jobs) as ex:
                for f in [ex.submit(worker) for _ in range(a.jobs)]:
                    f.result()
        self.summary(time.monotonic() - start)
        if not a.keep and not self.stats.failing and not a.work:
            shutil.rmtree(self.work, ignore_errors=True)
        return 1 if self.stats.failing else 0

    def summary(self, seconds):
        s = self.stats
        kind = 'stress worlds' if self.args.stress else 'worlds'
        emit('')
        emit('sealprop: %d %s (%d failing), %d runs, %d checkpoints, %d mismatches, %d hangs, %.1f s' % (
            s.worlds, kind, len(s.failing), s.runs, s.checkpoints, s.mismatches, s.hangs, seconds))
        if self.args.stress:
            c = self.stress_counts
            emit('sealprop: stress without the loader module: %d runs, %d hangs; with it: %d runs, %d hangs' % (
                c[False][0], c[False][1], c[True][0], c[True][1]))
        else:
            emit('sealprop: coverage (runs with): ' + ', '.join(
                '%s %d' % kv for kv in sorted(s.tags.items())))
        if s.failing:
            emit('sealprop: mismatches by kind: ' + ', '.join('%s %d' % kv for kv in sorted(s.kinds.items())))
            emit('sealprop: failing seeds: ' + ' '.join(
                '%d(%s)' % (seed, ','.join(sorted(k))) for seed, k in sorted(s.failing)))
            emit('sealprop: work directory (failing worlds kept): %s' % self.work)


def judge_stress(bw, run, res, a):
    mm = []
    if res.hang:
        return [pc.Mismatch('hang', -1, '', 'no exit within %d s: killed (%s loader module)' % (
            a.timeout, 'with the' if run.loader else 'without the'))]
    want = a.stress_threads * a.stress_rounds * a.stress_libs
    if res.rc != 0 or ('stress: %d dlopens' % want) not in res.stdout:
        tail = '\n'.join('      ' + l for l in (res.stdout + res.stderr).splitlines()[-10:])
        mm.append(pc.Mismatch('run', -1, '', 'exit status %s, expected "stress: %d dlopens":\n%s' % (
            res.rc, want, tail)))
    if not res.checkpoints:
        return mm + [pc.Mismatch('run', -1, '', 'no smaps copy')]
    cat = pc.Catalog(bw, run)
    proc = cat.process()
    seen = obs.parse_smaps(res.checkpoints[0].smaps, {})
    for key, s in seen.items():
        o = cat.obj(key, s)
        if s.copies > 1:
            mm.append(pc.Mismatch('presence', 0, o.label, '%d copies mapped: dlclose churn leaked' % s.copies))
        want_sealed, why = oracle.expect(o, proc)
        if want_sealed is not None and s.state != ('sealed' if want_sealed else 'open'):
            mm.append(pc.Mismatch('kernel', 0, o.label, 'kernel %s (%d/%d), rules say %s (%s)' % (
                s.state, s.nsealed, s.nmaps, 'sealed' if want_sealed else 'open', why)))
    # Whatever got sealed after a dlopen was pinned first: it must still be there.
    for l in bw.world.libs:
        pinned = (l.noted and l.policy >= 1 and not l.skip) or (not l.noted and run.loader)
        if pinned and cat.lib_keys[l.name] not in seen:
            mm.append(pc.Mismatch('presence', 0, l.name, 'sealed when dlopened, so pinned, but no longer mapped'))
    return mm


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--build', help="sealing's build directory (required but with --describe)")
    ap.add_argument('--cc', default='gcc', help='the GCC the plugin was built for (default gcc)')
    ap.add_argument('--seeds', help='seeds: 1,2,10-20')
    ap.add_argument('--seed', type=int, help='one seed')
    ap.add_argument('--run', type=int, help="with --seed: only this run of the world")
    ap.add_argument('--minutes', type=float, default=0, help='random seeds until this much time has passed')
    ap.add_argument('--stress', action='store_true', help='the stress mode instead of worlds')
    ap.add_argument('--stress-runs', type=int, default=3, help='runs per stress world and loader setting')
    ap.add_argument('--stress-loader', choices=('both', 'with', 'without'), default='both',
                    help='stress runs with the loader module preloaded, without, or both (default)')
    ap.add_argument('--stress-threads', type=int, default=8)
    ap.add_argument('--stress-libs', type=int, default=10)
    ap.add_argument('--stress-rounds', type=int, default=300)
    ap.add_argument('--stress-mallocers', type=int, default=2)
    ap.add_argument('--no-preload', action='store_true', help='worlds without any preload (nor the loader module)')
    ap.add_argument('--timeout', type=float, default=30, help='seconds a run may take (default 30)')
    ap.add_argument('--backtrace', action='store_true', help='gdb backtraces of a run that times out')
    ap.add_argument('-j', '--jobs', type=int, default=2, help='worlds at a time (default 2)')
    ap.add_argument('--work', help='work directory (default: a new one in $TMPDIR)')
    ap.add_argument('--keep', action='store_true', help='keep every world, passing or not')
    ap.add_argument('-v', '--verbose', action='store_true', help='a line per passing world too')
    ap.add_argument('--describe', action='store_true', help='print the worlds of --seed/--seeds, build nothing')
    a = ap.parse_args(argv)
    if not a.build and not a.describe:
        ap.error('--build is required')
    if a.seed is None and not a.seeds and not a.minutes:
        ap.error('give --seeds, --seed or --minutes')
    if a.run is not None and a.seed is None:
        ap.error('--run needs --seed')
    if a.describe:
        have_sys = all(propelf.resolve(n, []) for n in pw.SYSTEM_LIBS)
        for seed in [a.seed] if a.seed is not None else parse_seeds(a.seeds or ''):
            w = pw.generate(seed, a.no_preload, have_sys)
            print('\n'.join(pw.describe_world(w)))
            for r in w.runs:
                if a.run is None or r.index == a.run:
                    print('\n'.join(pw.describe_run(w, r)))
        return 0
    try:
        h = Harness(a)
    except pb.BuildError as e:
        print('sealprop: %s' % e, file=sys.stderr)
        return 2
    return h.go()


if __name__ == '__main__':
    sys.exit(main())
