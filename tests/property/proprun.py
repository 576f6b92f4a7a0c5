# SPDX-License-Identifier: MIT
"""Running a world's run: the program stops at each checkpoint and waits
on a FIFO while sealctl ps --json looks at it; a run that does not finish
in time is killed and reported as a hang."""
import errno
import os
import shlex
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from typing import List, Optional


@dataclass
class Checkpoint:
    index: int
    smaps: Optional[str] = None
    sealctl: Optional[str] = None      # stdout of sealctl ps --json
    sealctl_error: Optional[str] = None


@dataclass
class Result:
    rc: Optional[int] = None
    hang: bool = False
    stderr: str = ''
    stdout: str = ''
    checkpoints: List[Checkpoint] = field(default_factory=list)
    seconds: float = 0.0
    backtrace: str = ''


def shell_command(env, argv):
    """The command line a person pastes: env -i K=V ... argv."""
    return shlex.join(['env', '-i'] + ['%s=%s' % kv for kv in env] + argv)


def _release(fifo, deadline, proc):
    """Let the program past its checkpoint: open the FIFO for writing
    (ENXIO until the program opens it for reading) and write a byte."""
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as e:
            if e.errno != errno.ENXIO:
                raise
            time.sleep(0.001)
            continue
        try:
            os.write(fd, b'g')
        finally:
            os.close(fd)
        return True
    return False


def _backtrace(pid):
    try:
        r = subprocess.run(['gdb', '-p', str(pid), '-batch', '-nx', '-ex', 'thread apply all bt'],
                           capture_output=True, text=True, timeout=60)
        return r.stdout[-6000:]
    except (OSError, subprocess.TimeoutExpired) as e:
        return 'gdb: %s' % e


def run_checkpointed(env, argv, rundir, sealctl, timeout, backtrace=False):
    """Runs argv with env (a list of pairs); at each "checkpoint K PID" line
    on its stdout, runs sealctl ps --json PID, then releases it."""
    fifo = os.path.join(rundir, 'fifo')
    if os.path.exists(fifo):
        os.unlink(fifo)
    os.mkfifo(fifo)
    outdir = dict(env)['SEALPROP_OUT']
    for f in os.listdir(outdir):
        os.unlink(os.path.join(outdir, f))
    full_env = dict(env)
    full_env['SEALPROP_FIFO'] = fifo
    res = Result()
    start = time.monotonic()
    deadline = start + timeout
    err_path = os.path.join(rundir, 'stderr')
    with open(err_path, 'w') as err:
        p = subprocess.Popen(argv, env=full_env, stdout=subprocess.PIPE, stderr=err,
                             stdin=subprocess.DEVNULL, cwd=rundir, text=True,
                             start_new_session=True)
        timed_out = threading.Event()

        def kill_at_deadline():
            while p.poll() is None:
                if time.monotonic() > deadline:
                    timed_out.set()
                    if backtrace:
                        res.backtrace = _backtrace(p.pid)
                    try:
                        os.killpg(p.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    return
                time.sleep(0.05)

        t = threading.Thread(target=kill_at_deadline, daemon=True)
        t.start()
        out = []
        for line in p.stdout:
            out.append(line)
            words = line.split()
            if len(words) == 3 and words[0] == 'checkpoint':
                cp = Checkpoint(int(words[1]))
                s = subprocess.run([sealctl, 'ps', '--json', words[2]],
                                   capture_output=True, text=True)
                cp.sealctl = s.stdout
                if s.returncode not in (0, 1) or not s.stdout.strip():
                    cp.sealctl_error = 'exit %d: %s' % (s.returncode, s.stderr.strip())
                res.checkpoints.append(cp)
                if not _release(fifo, deadline, p):
                    break
        p.stdout.close()
        res.rc = p.wait()
        t.join()
    res.hang = timed_out.is_set()
    res.seconds = time.monotonic() - start
    res.stdout = ''.join(out)
    with open(err_path) as f:
        res.stderr = f.read()
    for cp in res.checkpoints:
        try:
            with open(os.path.join(outdir, 'cp%d.smaps' % cp.index)) as f:
                cp.smaps = f.read()
        except OSError:
            pass
    return res


def run_plain(env, argv, rundir, timeout, backtrace=False):
    """Runs argv to the end or the timeout (the stress program)."""
    res = Result()
    start = time.monotonic()
    p = subprocess.Popen(argv, env=dict(env), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, cwd=rundir, text=True, start_new_session=True)
    try:
        res.stdout, res.stderr = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        res.hang = True
        if backtrace:
            res.backtrace = _backtrace(p.pid)
        os.killpg(p.pid, signal.SIGKILL)
        res.stdout, res.stderr = p.communicate()
    res.rc = p.returncode
    res.seconds = time.monotonic() - start
    smaps = os.path.join(dict(env).get('SEALPROP_OUT', rundir), 'cp0.smaps')
    if os.path.exists(smaps):
        with open(smaps) as f:
            res.checkpoints.append(Checkpoint(0, smaps=f.read()))
    return res
