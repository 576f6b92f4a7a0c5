// SPDX-License-Identifier: MIT
// SEALING_EXEMPT in the executable's process pass (runtime/rt-sweep.c,
// rt_exempt): an object without a note that it names, by path or by file
// name, is left open while every other start-up object is sealed.  It is
// for a library that must stay changeable and cannot be rebuilt, so it
// must not reach further: a near miss of a name exempts nothing, a
// library with a note (which opts out through its own note) and the
// executable stay sealed, and a secure-execution process ignores the
// variable, since it only lowers protection (exempt-secure.c).  The
// loader module's side is tests/loader/scenario.c; sealctl ps's is
// tests/sealctl/ps.test.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DFN=alpha_fn %inputs/lib.c -o %t/libalpha.so
// RUN: %cc -O2 -shared -fPIC -DFN=beta_fn %inputs/lib.c -o %t/libbeta.so
// RUN: %cc -O2 -shared -fPIC -DFN=gamma_fn %inputs/lib.c %rtdir/sealing-rt-core.o -o %t/libgamma.so
// RUN: %cc -O2 %s %probe %rt -L%t -Wl,--no-as-needed -lalpha -lbeta -lgamma -Wl,-rpath,%t -o %t/prog
//
// Without the variable, process scope seals everything.
// RUN: %t/prog | FileCheck --check-prefixes=EXE,ALPHA,BETA,GAMMA,LIBC,ALPHA-OPS %s
//
// By file name: libalpha.so alone stays open, and can still be changed.
// RUN: env SEALING_EXEMPT=libalpha.so %t/prog | FileCheck --check-prefixes=EXE,ALPHA-OPEN,BETA,GAMMA,LIBC,ALPHA-OPEN-OPS %s
// By path, in a list with empty entries and a name that matches nothing.
// RUN: env SEALING_EXEMPT=:/nonexistent/libx.so::%t/libbeta.so: %t/prog | FileCheck --check-prefixes=EXE,ALPHA,BETA-OPEN,GAMMA,LIBC %s
// libc too: it is an object without a note like any other.
// RUN: env SEALING_EXEMPT=libc.so.6:libalpha.so %t/prog | FileCheck --check-prefixes=EXE,ALPHA-OPEN,BETA,GAMMA,LIBC-OPEN %s
//
// Near misses exempt nothing: a prefix of the file name, its tail, the
// same file name in another directory, a path with a trailing slash.
// RUN: env SEALING_EXEMPT=libalpha:alpha.so:/elsewhere/libalpha.so:%t/libalpha.so/ %t/prog | FileCheck --check-prefixes=EXE,ALPHA,BETA,GAMMA,LIBC %s
// A library with a note, and the executable, are not the variable's: both
// stay sealed by name or by path.
// RUN: env SEALING_EXEMPT=libgamma.so:prog:%t/prog %t/prog | FileCheck --check-prefixes=EXE,ALPHA,BETA,GAMMA,LIBC %s
//
// The debug lines say which objects were exempted, and the summary counts
// them as left open (libalpha.so and the vdso).
// RUN: env SEALING_DEBUG=1 SEALING_EXEMPT=libalpha.so:libgamma.so %t/prog 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG: sealing: {{.*}}/prog: policy 1 (executable): sealed
// DEBUG: sealing: {{.*}}/libalpha.so: policy 1: not sealed (SEALING_EXEMPT names it); 0 syscalls; ok
// DEBUG: sealing: {{.*}}/libbeta.so: policy 1 (no note, loaded at start-up, sealed by the executable): sealed
// DEBUG: sealing: {{.*}}/libgamma.so: policy 1 (loaded at start-up, sealed by the executable): sealed
// DEBUG: sealing: {{.*}}/prog: process scope: {{[0-9]+}} objects: {{[0-9]+}} sealed here, 2 left open, 0 left to their own runtime;
//
// EXE: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// ALPHA: alpha: [[N:[0-9]+]]/[[N]] mappings sealed
// ALPHA-OPEN: alpha: 0/{{[1-9][0-9]*}} mappings sealed
// BETA: beta: [[N:[0-9]+]]/[[N]] mappings sealed
// BETA-OPEN: beta: 0/{{[1-9][0-9]*}} mappings sealed
// GAMMA: gamma: [[N:[0-9]+]]/[[N]] mappings sealed
// LIBC: libc: [[N:[0-9]+]]/[[N]] mappings sealed
// LIBC-OPEN: libc: 0/{{[1-9][0-9]*}} mappings sealed
// ALPHA-OPS: alpha text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// ALPHA-OPEN-OPS: alpha text: mprotect=ok munmap=skipped
#include "sealprobe.h"

#include <stdio.h>
#include <sys/auxv.h>

int alpha_fn(void);
int beta_fn(void);
int gamma_fn(void);

int main(void)
{
	printf("secure=%lu calls=%d\n", getauxval(AT_SECURE), alpha_fn() + beta_fn() + gamma_fn());
	fflush(stdout);
	probe_module("exe", (const void *)main);
	probe_module_named("alpha", "/libalpha.so");
	probe_module_named("beta", "/libbeta.so");
	probe_module_named("gamma", "/libgamma.so");
	probe_module_named("libc", "/libc.so.6");
	probe_ops("alpha text", (const void *)alpha_fn);
	return 0;
}
