# SPDX-License-Identifier: MIT
"""The rules: whether an object present at a checkpoint must be sealed.

They are the intended behaviour (issue 24 §3), stated once here; the
numbers are those of tests/property/README.md.

1. The executable: sealed iff it is instrumented with policy >= 1, or it
   has no note and the loader module is present.  (A noted executable at
   policy 0 stays open even with the loader module, which leaves noted
   objects to their own runtime: EXE_POLICY0_SEALED_BY_LOADER.)
2. A library with a note: policy 0 stays open; otherwise sealed, except a
   dlopen'd one whose note says dlopen=skip.  Start-up and dlopen'd at
   once counts as start-up, whoever runs its constructor: ld.so at
   start-up, or an earlier start-up constructor's dlopen of it or of
   anything that needs it (runtime/rt-startup.c, rt_in_startup_prefix).
3. An object without a note loaded at start-up (the DT_NEEDED closure of
   the executable and of the preloads, the preloads, libc, ld.so, the
   loader module itself): sealed iff the loader module is present, or the
   executable is instrumented with scope=process and policy >= 1; open if
   SEALING_EXEMPT names it.  For any preload list.
4. An object without a note dlopen'd (by a constructor, main or a
   thread): sealed iff the loader module is present (and SEALING_EXEMPT
   does not name it: the loader module honours it too).
5. The vdso stays open.
"""
from dataclasses import dataclass
from typing import Optional

# Rule 1 read literally ("or the loader module is present") would have the
# loader module seal a policy-0 executable; it leaves every noted object to
# its runtime (docs/process-scope.md), so this stays False.
EXE_POLICY0_SEALED_BY_LOADER = False


@dataclass
class Obj:
    """One object of a process, as the rules see it."""
    label: str                 # how reports name it
    kind: str                  # 'exe', 'lib' (world library), 'sys', 'loader', 'vdso', 'unknown'
    noted: bool = False
    policy: Optional[int] = None
    skip: bool = False         # note says dlopen=skip
    startup: bool = False
    exempt: bool = False       # SEALING_EXEMPT names it


@dataclass
class Process:
    """What the rules need to know about the process as a whole."""
    loader: bool
    exe_noted: bool
    exe_policy: Optional[int]
    exe_scope: Optional[str]

    @property
    def exe_seals_process(self):
        return self.exe_noted and self.exe_scope == 'process' and (self.exe_policy or 0) >= 1


def expect(o, p):
    """(sealed?, why) for object o in process p; sealed is None when the
    rules say nothing (an object the world does not know)."""
    if o.kind == 'vdso':
        return False, 'rule 5: the vdso stays open'
    if o.kind == 'unknown':
        return None, 'not an object of the world'
    if o.kind == 'exe':
        if o.noted:
            if o.policy >= 1:
                return True, 'rule 1: instrumented executable, policy %d' % o.policy
            if p.loader and EXE_POLICY0_SEALED_BY_LOADER:
                return True, 'rule 1: policy-0 executable, loader module present'
            return False, 'rule 1: instrumented executable at policy 0'
        if p.loader:
            return True, 'rule 1: executable without a note, loader module present'
        return False, 'rule 1: executable without a note, no loader module'
    if o.noted:
        if o.policy == 0:
            return False, 'rule 2: note says policy 0'
        if o.startup:
            return True, 'rule 2: note policy %d, loaded at start-up' % o.policy
        if o.skip:
            return False, "rule 2: note policy %d, dlopen'd, dlopen=skip" % o.policy
        return True, "rule 2: note policy %d, dlopen'd: pinned and sealed" % o.policy
    if o.exempt:
        return False, 'rules 3/4: no note, SEALING_EXEMPT names it'
    if o.startup:
        if p.loader:
            return True, 'rule 3: no note, start-up, loader module present'
        if p.exe_seals_process:
            return True, 'rule 3: no note, start-up, executable has scope=process policy %d' % p.exe_policy
        return False, 'rule 3: no note, start-up, nothing seals the process'
    if p.loader:
        return True, "rule 4: no note, dlopen'd, loader module present"
    return False, "rule 4: no note, dlopen'd, no loader module"
