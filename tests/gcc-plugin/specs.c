// SPDX-License-Identifier: MIT
// sealing.specs: a distribution adds -specs=.../sealing.specs to CFLAGS,
// CXXFLAGS, FFLAGS and LDFLAGS and nothing else.  It loads the plugin into
// cc1, cc1plus, f951 and lto1; -fno-sealing turns it off; plugin options
// may come anywhere on the command line.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -specs=%gccplugin_specs -fplugin-arg-sealing-verbose %s %probe -o %t/prog 2>&1 | FileCheck --check-prefix=VERBOSE %s
// VERBOSE: note: sealing: {{.*}}specs.c: runtime added (policy 1, dlopen=pin, relro=anon, scope=process, vdso=open)
// RUN: %t/prog | FileCheck %s
//
// Options before the plugin is named still reach it.
// RUN: %gcc -O2 -fplugin-arg-sealing-policy=2 -specs=%gccplugin_specs -c %s -I%S/../helpers -o %t/p2.o
// RUN: readelf -nW %t/p2.o | FileCheck --check-prefix=P2 %s
// P2: description data: 02 02 02 00 04 00 00 00 {{[0-9a-f ]+}}
//
// -fno-sealing: no plugin, no complaint about the switch, for every unit
// of the command and at link time.
// RUN: %gcc -O2 -specs=%gccplugin_specs -fno-sealing %s %inputs/unit.c -DFN=unit_fn %probe -o %t/off > %t/off.err 2>&1
// RUN: wc -c < %t/off.err | FileCheck --check-prefix=EMPTY %s
// EMPTY: {{^}}0{{$}}
// RUN: %t/off | FileCheck --check-prefix=OFF %s
// OFF: exe: 0/{{[1-9][0-9]*}} mappings sealed
// Plugin options in the distribution's flags do not break a package that
// opts out.
// RUN: %gcc -O2 -specs=%gccplugin_specs -fplugin-arg-sealing-policy=2 -fno-sealing -I%S/../helpers -c %s -o %t/off-p2.o
// RUN: readelf -SW %t/off-p2.o | %not grep sealing
// RUN: %gcc -O2 -specs=%gccplugin_specs -fno-sealing -### -c %s 2>&1 | FileCheck --check-prefix=NOPLUGIN %s
// NOPLUGIN-NOT: -fplugin
// NOPLUGIN-NOT: -fno-sealing
// NOPLUGIN: cc1
// NOPLUGIN-NOT: -fplugin
// NOPLUGIN-NOT: -fno-sealing
//
// LTO from the flags alone: the specs on compile and link lines put the
// plugin into lto1 too, where it has nothing to add.
// RUN: %gcc -O2 -flto -specs=%gccplugin_specs -c %s -I%S/../helpers -o %t/lto.o
// RUN: %gcc -O2 -flto -specs=%gccplugin_specs -fplugin-arg-sealing-verbose %t/lto.o %probe -o %t/lto 2>&1 | FileCheck --check-prefix=LTO1 %s
// LTO1: lto1: note: sealing: {{.*}}: not instrumented: link-time compilation
// RUN: %t/lto | FileCheck %s
//
// C++ and Fortran through the same specs.
// RUN: %gxx -O2 -specs=%gccplugin_specs -x c++ %s -I%S/../helpers -c -o %t/cxx.o
// RUN: readelf -nW %t/cxx.o | FileCheck --check-prefix=NOTE %s
// NOTE: description data: 02 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
//
// The installed specs name the plugin, found in GCC's plugin directory
// (here the build directory, through -iplugindir).
// RUN: %gcc -O2 -specs=%gccplugin_install_specs -iplugindir=%gccplugin_dir %s %probe -o %t/by-name
// RUN: %t/by-name | FileCheck %s
#ifdef __cplusplus
extern "C" {
#endif
#include "sealprobe.h"
#ifdef __cplusplus
}
#endif

int main(void)
{
	probe_module("exe", (const void *)main);
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
