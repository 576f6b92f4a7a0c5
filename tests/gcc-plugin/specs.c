// SPDX-License-Identifier: MIT
// sealing.specs: a distribution adds -specs=.../sealing.specs to CFLAGS,
// CXXFLAGS, FFLAGS and LDFLAGS and nothing else.  It loads the plugin into
// cc1, cc1plus, f951 and lto1; -fno-sealing turns it off; plugin options
// may come anywhere on the command line.  Read once here; specs-twice.c,
// specs-lto.c, specs-off.c, specs-other.c and specs-configure.test read it
// several times, as real builds do.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -specs=%gccplugin_specs -fplugin-arg-sealing-verbose %s %probe -o %t/prog 2>&1 | FileCheck --check-prefix=VERBOSE %s
// VERBOSE: note: sealing: {{.*}}specs.c: runtime added (policy 1, dlopen=pin, relro=anon, scope=process, vdso=open)
// RUN: %t/prog | FileCheck %s
//
// Options before the plugin is named still reach it.
// RUN: %gcc -O2 -fplugin-arg-sealing-policy=2 -specs=%gccplugin_specs -fplugin-arg-sealing-verbose -c %s -I%S/../helpers -o %t/p2.o 2>&1 \
// RUN:   | FileCheck --check-prefix=P2 %s
// P2: note: sealing: {{.*}}specs.c: runtime added (policy 2, dlopen=pin, relro=anon, scope=process, vdso=open)
//
// -fno-sealing: the plugin at policy 0 (a note, no runtime), no complaint
// about the switch, for every unit of the command; nothing at link time.
// RUN: %gcc -O2 -specs=%gccplugin_specs -fno-sealing %s %inputs/unit.c -DFN=unit_fn %probe -o %t/off > %t/off.err 2>&1
// RUN: wc -c < %t/off.err | FileCheck --check-prefix=EMPTY %s
// EMPTY: {{^}}0{{$}}
// RUN: %t/off | FileCheck --check-prefix=OFF %s
// OFF: exe: 0/{{[1-9][0-9]*}} mappings sealed
// Plugin options in the distribution's flags do not break a package that
// opts out, nor outvote it.
// RUN: %gcc -O2 -specs=%gccplugin_specs -fplugin-arg-sealing-policy=2 -fno-sealing -I%S/../helpers -c %s -o %t/off-p2.o
// RUN: readelf -nW %t/off-p2.o | FileCheck --check-prefix=NOTE0 %s
// NOTE0: SEALING
// NOTE0-SAME: description data: 03 00 02 00
// RUN: %gcc -O2 -specs=%gccplugin_specs -fno-sealing -### -c %s 2>&1 | FileCheck --check-prefix=POLICY0 %s
// POLICY0-NOT: -fno-sealing
// POLICY0: {{cc1 .*-fplugin=[^ ]*sealing[^ ]* .*-fplugin-arg-sealing-policy=0}}
// POLICY0-NOT: -fno-sealing
//
// LTO from the flags alone: the specs on compile and link lines put the
// plugin into lto1 too, where it has nothing to add.
// RUN: %gcc -O2 -flto -specs=%gccplugin_specs -c %s -I%S/../helpers -o %t/lto.o
// RUN: %gcc -O2 -flto -specs=%gccplugin_specs -fplugin-arg-sealing-verbose %t/lto.o %probe -o %t/lto 2>&1 | FileCheck --check-prefix=LTO1 %s
// LTO1: lto1: note: sealing: {{.*}}: not instrumented: link-time compilation
// RUN: %t/lto | FileCheck %s
//
// C++ through the same specs (Fortran: specs-fortran.f90).
// RUN: %gxx -O2 -specs=%gccplugin_specs -x c++ %s -x none %probe -o %t/cxx
// RUN: %t/cxx | FileCheck %s
//
// The installed specs name the plugin and include sealing-hook.specs from
// GCC's plugin directory, both found the way GCC finds that directory:
// through its startfile prefixes, here -B, whose plugin/ is the build
// directory.  Nothing is installed.
// RUN: mkdir -p %t/gcc && ln -s %gccplugin_dir %t/gcc/plugin
// RUN: %gcc -O2 -B%t/gcc/ -specs=%gccplugin_install_specs -### -c %s 2>&1 | FileCheck --check-prefix=BY-NAME %s
// BY-NAME: {{/cc1 .*"-iplugindir=.*/gcc/plugin" "-fplugin=sealing"}}
// RUN: %gcc -O2 -B%t/gcc/ -specs=%gccplugin_install_specs %s %probe -o %t/by-name
// RUN: %t/by-name | FileCheck %s
#include "../Inputs/probe-exe.c"
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
