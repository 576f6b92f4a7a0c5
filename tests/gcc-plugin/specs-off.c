// SPDX-License-Identifier: MIT
// sealing.specs twice with -fno-sealing: wherever -fno-sealing comes
// (before, between or after the copies), no compiler gets the plugin, nor
// the switch itself, nor the distribution's -fplugin-arg-sealing-*, and
// nothing complains.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -fno-sealing -specs=%gccplugin_specs -specs=%gccplugin_specs -fplugin-arg-sealing-policy=2 -### -c %s %inputs/unit.c 2>&1 \
// RUN:   | grep -e '/cc1 ' | FileCheck --check-prefix=NOPLUGIN %s
// RUN: %gcc -O2 -specs=%gccplugin_specs -fplugin-arg-sealing-policy=2 -fno-sealing -specs=%gccplugin_specs -### -c %s %inputs/unit.c 2>&1 \
// RUN:   | grep -e '/cc1 ' | FileCheck --check-prefix=NOPLUGIN %s
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs -specs=%gccplugin_specs -fno-sealing -### -c %s %inputs/unit.c 2>&1 \
// RUN:   | grep -e '/cc1 ' | FileCheck --check-prefix=NOPLUGIN %s
// NOPLUGIN: {{/cc1 }}
// NOPLUGIN-NOT: {{-fplugin|-fno-sealing}}
// NOPLUGIN: {{/cc1 }}
// NOPLUGIN-NOT: {{-fplugin|-fno-sealing}}
//
// Compiled, linked and run: silent, and nothing sealed.
// RUN: %gcc -O2 -specs=%gccplugin_specs -fno-sealing -specs=%gccplugin_specs -fplugin-arg-sealing-verbose \
// RUN:   %s %inputs/unit.c -DFN=unit_fn %probe -o %t/off > %t/off.err 2>&1
// RUN: wc -c < %t/off.err | FileCheck --check-prefix=EMPTY %s
// EMPTY: {{^}}0{{$}}
// RUN: %t/off | FileCheck --check-prefix=OFF %s
// OFF: exe: 0/{{[1-9][0-9]*}} mappings sealed
// RUN: readelf -SW %t/off | %not grep sealing
//
// The preprocessor alone (cc1 -E, as configure's CPP checks run it) and
// g++ take the same flags.
// RUN: %gcc -E -specs=%gccplugin_specs -specs=%gccplugin_specs -fno-sealing -fplugin-arg-sealing-policy=2 -I%S/../helpers %s -o %t/pre.i
// RUN: %gxx -O2 -specs=%gccplugin_specs -fno-sealing -specs=%gccplugin_specs -x c++ %s -x none %probe -o %t/cxx-off
// RUN: %t/cxx-off | FileCheck --check-prefix=OFF %s
#include "../Inputs/probe-exe.c"
