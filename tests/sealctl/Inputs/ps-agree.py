# SPDX-License-Identifier: MIT
"""ps-agree.py PS_JSON DEBUG_PREFIX: does `sealctl ps` say what the
runtime did?  For each object of the one process in PS_JSON (sealctl ps
--json), the last SEALING_DEBUG line naming it (the runtime wrote them to
DEBUG_PREFIX.PID through SEALING_DEBUG_OUTPUT) must agree with the
kernel's state and with ps's verdict, and where ps gives the reason of
the runtime's rule (rt_decide), the line must give the same words.  An
object without a line must be one ps expects nobody to seal.  Prints one
line per object and a summary; exits 1 on any disagreement."""
import json
import re
import sys

procs = json.load(open(sys.argv[1]))
proc = procs[0]
if 'error' in proc:
    sys.exit('ps-agree: %s' % proc['error'])
lines = {}
# "sealing: NAME: policy P (HOW): sealed ..." or "...: not sealed (WHY)..."
pattern = re.compile(r'^sealing: (.*?): policy (\d)(?: \(([^)]*)\))?: (sealed|not sealed)(?: \(([^)]*)\))?')
for line in open('%s.%d' % (sys.argv[2], proc['pid'])):
    m = pattern.match(line)
    if m:
        lines[m.group(1)] = m
bad = 0
for o in proc['objects']:
    name = o.get('loader_name') or o['path']
    if o['path'] == '[vdso]':
        name = 'linux-vdso.so.1'
    m = lines.get(name) or (lines.get(o['path']) if name == '' else None)
    state, expected, reason = o['state'], o['expected'], o['reason']
    problems = []
    if expected is True and state != 'sealed':
        problems.append('expected sealed but %s' % state)
    if expected is False and state == 'sealed':
        problems.append('not expected but sealed')
    if expected is None:
        problems.append('ps cannot tell: %s' % reason)
    if m is None:
        if expected is not False:
            problems.append('no debug line, and ps expects it sealed')
    else:
        said = m.group(4)
        if (said == 'sealed') != (state == 'sealed'):
            problems.append('the debug line says %s, the kernel %s' % (said, state))
        words = m.group(3) if said == 'sealed' else m.group(5)
        if o.get('rule') and words != reason:
            problems.append('reason: line "%s", ps "%s"' % (words, reason))
    print('%s %s %s (%s)%s' % ('DISAGREE' if problems else 'agree', name or o['path'],
                               state, reason, ': ' + '; '.join(problems) if problems else ''))
    bad += bool(problems)
print('ps-agree: %d objects, %d disagree' % (len(proc['objects']), bad))
sys.exit(1 if bad else 0)
