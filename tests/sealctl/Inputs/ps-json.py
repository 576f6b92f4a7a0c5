# SPDX-License-Identifier: MIT
"""Print `sealctl ps --json` output one line per process and per object,
for FileCheck: the JSON must parse, and the lines name what it says."""
import json
import os
import sys

for proc in json.load(open(sys.argv[1])):
    if 'error' in proc:
        print('pid', proc['pid'], 'error', proc['error'])
        continue
    print('pid', proc['pid'], 'ok', proc['ok'], 'failing', proc['failing'],
          'environment_readable', proc['environment_readable'],
          'secure', proc['secure'], 'loader_module', proc['loader_module'])
    for o in proc['objects']:
        note = o['note']
        if note is not None:
            note = '%d/%s' % (note['policy'], note['options']['scope'])
        print(os.path.basename(o['path']), o['state'], 'expected=%s' % o['expected'],
              'startup=%s' % o['startup'], 'note=%s' % note)
