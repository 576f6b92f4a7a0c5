// SPDX-License-Identifier: MIT
// sealing.specs twice with -fno-sealing: wherever -fno-sealing comes
// (before, between or after the copies), each compiler gets the plugin
// once with policy 0 as its last word, never the switch itself nor the
// distribution's -fplugin-arg-sealing-policy, and nothing complains.  The
// module carries a policy-0 note and no runtime (optout.c runs such a
// library under a sealed program).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -fno-sealing -specs=%gccplugin_specs -specs=%gccplugin_specs -fplugin-arg-sealing-policy=2 -### -c %s %inputs/unit.c 2>&1 \
// RUN:   | grep -e '/cc1 ' | FileCheck --check-prefix=OFF0 %s
// RUN: %gcc -O2 -specs=%gccplugin_specs -fplugin-arg-sealing-policy=2 -fno-sealing -specs=%gccplugin_specs -### -c %s %inputs/unit.c 2>&1 \
// RUN:   | grep -e '/cc1 ' | FileCheck --check-prefix=OFF0 %s
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs -specs=%gccplugin_specs -fno-sealing -### -c %s %inputs/unit.c 2>&1 \
// RUN:   | grep -e '/cc1 ' | FileCheck --check-prefix=OFF0 %s
// OFF0: {{/cc1 .*-fplugin=[^ ]*sealing[^ ]* .*-fplugin-arg-sealing-policy=0}}
// OFF0-NOT: {{-fplugin=|-fno-sealing|-fplugin-arg-sealing-policy=[12]|-fplugin-arg-sealing-off}}
// OFF0: {{/cc1 .*-fplugin=[^ ]*sealing[^ ]* .*-fplugin-arg-sealing-policy=0}}
// OFF0-NOT: {{-fplugin=|-fno-sealing|-fplugin-arg-sealing-policy=[12]|-fplugin-arg-sealing-off}}
//
// Compiled, linked and run: silent, nothing sealed, a policy-0 note and
// no runtime (no constructor of ours in the program).
// RUN: %gcc -O2 -specs=%gccplugin_specs -fno-sealing -specs=%gccplugin_specs \
// RUN:   %s %inputs/unit.c -DFN=unit_fn %probe -o %t/off > %t/off.err 2>&1
// RUN: wc -c < %t/off.err | FileCheck --check-prefix=EMPTY %s
// EMPTY: {{^}}0{{$}}
// RUN: %t/off | FileCheck --check-prefix=OFF %s
// OFF: exe: 0/{{[1-9][0-9]*}} mappings sealed
// RUN: readelf -nW %t/off | FileCheck --check-prefix=NOTE0 %s
// NOTE0: SEALING
// NOTE0-SAME: description data: 03 00 02 00
// RUN: nm %t/off | %not grep -e '__sealing_rt_v[0-9]*\.' -e '__sealing_rt_v[0-9]*_exe'
// With verbose, the plugin says so for each unit.
// RUN: %gcc -O2 -specs=%gccplugin_specs -fno-sealing -fplugin-arg-sealing-verbose -c %inputs/unit.c -o %t/v.o 2>&1 \
// RUN:   | FileCheck --check-prefix=VERBOSE %s
// VERBOSE: sealing: {{.*}}unit.c: opted out: a policy-0 note, no runtime
//
// The preprocessor alone (cc1 -E, as configure's CPP checks run it) and
// g++ take the same flags.
// RUN: %gcc -E -specs=%gccplugin_specs -specs=%gccplugin_specs -fno-sealing -fplugin-arg-sealing-policy=2 -I%S/../helpers %s -o %t/pre.i
// RUN: %gxx -O2 -specs=%gccplugin_specs -fno-sealing -specs=%gccplugin_specs -x c++ %s -x none %probe -o %t/cxx-off
// RUN: %t/cxx-off | FileCheck --check-prefix=OFF %s
#include "../Inputs/probe-exe.c"
