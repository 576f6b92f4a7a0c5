// SPDX-License-Identifier: MIT
// sealing.specs read twice or three times, as "$CFLAGS $LDFLAGS" gives it
// to every configure test and most links: one -fplugin= per compiler
// proper, the plugin loaded once (one verbose line per unit), plugin
// options anywhere, the program sealed.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs -### -c %s %inputs/unit.c 2>&1 \
// RUN:   | awk -f %S/Inputs/compilers.awk | FileCheck --check-prefix=CC1 --implicit-check-not=cc1 %s
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs -specs=%gccplugin_specs -### -c %s %inputs/unit.c 2>&1 \
// RUN:   | awk -f %S/Inputs/compilers.awk | FileCheck --check-prefix=CC1 --implicit-check-not=cc1 %s
// CC1: cc1 1
// CC1-NEXT: cc1 1
//
// Options before, between and after the copies all reach the one plugin.
// RUN: %gcc -O2 -fplugin-arg-sealing-policy=2 -specs=%gccplugin_specs -fplugin-arg-sealing-verbose \
// RUN:   -specs=%gccplugin_specs -fplugin-arg-sealing-dlopen=skip -specs=%gccplugin_specs \
// RUN:   -I%S/../helpers -c %s %inputs/unit.c -DFN=unit_fn 2>&1 \
// RUN:   | FileCheck --check-prefix=VERBOSE --implicit-check-not=sealing: %s
// VERBOSE: note: sealing: {{.*}}specs-twice.c: runtime added (policy 2, dlopen=skip, relro=anon, scope=process, vdso=open)
// VERBOSE: note: sealing: {{.*}}specs-twice.c: defines main: the process pass added
// VERBOSE: note: sealing: {{.*}}unit.c: runtime added (policy 2, dlopen=skip, relro=anon, scope=process, vdso=open)
//
// Compile and link in one command, and compile then link.
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs -specs=%gccplugin_specs %s %inputs/unit.c -DFN=unit_fn %probe -o %t/three
// RUN: %t/three | FileCheck %s
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs -I%S/../helpers -c %s -o %t/main.o
// RUN: %gcc -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs %t/main.o %probe -o %t/two
// RUN: %t/two | FileCheck %s
//
// The build-tree and installed variants together still give one plugin
// (the installed one found the way GCC finds its plugin directory: here
// through -B, whose plugin/ is the build directory).
// RUN: mkdir -p %t/gcc && ln -s %gccplugin_dir %t/gcc/plugin
// RUN: %gcc -B%t/gcc/ -specs=%gccplugin_install_specs -specs=%gccplugin_specs -specs=%gccplugin_install_specs -### -c %s %inputs/unit.c 2>&1 \
// RUN:   | awk -f %S/Inputs/compilers.awk | FileCheck --check-prefix=CC1 --implicit-check-not=cc1 %s
//
// C++ and Fortran: cc1plus and f951 get one plugin each too.
// RUN: %gxx -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs -### -c -x c++ %s 2>&1 \
// RUN:   | awk -f %S/Inputs/compilers.awk | FileCheck --check-prefix=CXX --implicit-check-not=cc1 %s
// CXX: cc1plus 1
// RUN: %gxx -O2 -specs=%gccplugin_specs -specs=%gccplugin_specs -x c++ %s -x none %probe -o %t/cxx
// RUN: %t/cxx | FileCheck %s
#include "../Inputs/probe-exe.c"
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
