// SPDX-License-Identifier: MIT
// A Go c-shared library sealed through -ldflags=-extldflags=sealing-rt.o
// (c-shared always links externally), used by this C program three ways:
// as a DT_NEEDED library of an instrumented program (process scope: the
// program seals it), of an uninstrumented one (it seals itself at
// start-up), and dlopen'd (it pins itself, then seals).  Go's library
// constructor starts the Go runtime on a thread of its own while the
// other constructors run; sealing does not disturb it.
//
// REQUIRES: go
// RUN: rm -rf %t && mkdir -p %t
// RUN: cd %S/Inputs/cshared && %go build -buildmode=c-shared -ldflags=-extldflags=%rt -o %t/libgo.so .
// RUN: cd %S/Inputs/cshared && %go build -buildmode=c-shared -ldflags=-extldflags=%rtdir/sealing-rt-policy2.o -o %t/p2/libgo.so .
// RUN: cd %S/Inputs/cshared && %go build -buildmode=c-shared -o %t/plain/libgo.so .
// RUN: %cc -O2 -DSTARTUP %s %probe %rt -L%t -lgo -Wl,-rpath,%t -o %t/startup-sealed
// RUN: %cc -O2 -DSTARTUP %s %probe -L%t -lgo -Wl,-rpath,%t -o %t/startup-plain
// RUN: %cc -O2 -DSTARTUP %s %probe -L%t/p2 -lgo -Wl,-rpath,%t/p2 -o %t/startup-p2
// RUN: %cc -O2 %s %probe -ldl -o %t/dlopen
//
// RUN: %t/startup-sealed | FileCheck --check-prefixes=CHECK,EXE %s
// RUN: %t/startup-plain | FileCheck --check-prefixes=CHECK,NOEXE %s
// RUN: %t/dlopen %t/libgo.so | FileCheck --check-prefixes=CHECK,NOEXE %s
// CHECK: GoWork(2, 3) = 5
// CHECK-NEXT: go lib: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: go text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// EXE-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// NOEXE-NEXT: exe: 0/{{[1-9][0-9]*}} mappings sealed
// CHECK-NEXT: GoWork again: 7
// RUN: %t/dlopen %t/plain/libgo.so | FileCheck --check-prefix=PLAIN %s
// PLAIN: go lib: 0/{{[1-9][0-9]*}} mappings sealed
//
// Who sealed the library, and how it was loaded.
// RUN: env SEALING_DEBUG=1 %t/startup-sealed 2>&1 >/dev/null | FileCheck --check-prefix=DSEALED %s
// DSEALED-DAG: sealing: {{.*}}/startup-sealed: policy 1 (executable): sealed {{.*}}; 2 syscalls; ok
// DSEALED-DAG: sealing: {{.*}}/libgo.so: policy 1 (loaded at start-up, sealed by the executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// RUN: env SEALING_DEBUG=1 %t/startup-plain 2>&1 >/dev/null | FileCheck --check-prefix=DPLAIN %s
// DPLAIN: sealing: {{.*}}/libgo.so: policy 1 (loaded at start-up): sealed, relro made anonymous; 4 syscalls; ok
// DPLAIN-NOT: sealing:
// RUN: env SEALING_DEBUG=1 %t/dlopen %t/libgo.so 2>&1 >/dev/null | FileCheck --check-prefix=DDLOPEN %s
// DDLOPEN: sealing: {{.*}}/libgo.so: policy 1 (dlopen'd, pinned): sealed{{.*}}; 4 syscalls; ok
//
// Nothing of the sealed images is touched by Go's runtime afterwards.
// REQUIRES: strace
// RUN: strace -f -qq -e trace=%%memory -o %t/trace %t/startup-sealed -noprobe > /dev/null
// RUN: %python %S/Inputs/untouched.py %t/trace | FileCheck --check-prefix=TRACE %s
// RUN: strace -f -qq -e trace=%%memory -o %t/trace-dl %t/dlopen %t/libgo.so -noprobe > /dev/null
// RUN: %python %S/Inputs/untouched.py %t/trace-dl | FileCheck --check-prefix=TRACE %s
// TRACE-NOT: ({{.*}}
// TRACE: sealed {{[1-9][0-9]*}} ranges; {{[1-9][0-9]+}} memory calls after the first seal, 0 on sealed ranges
//
// Policy 2 in the library: the program stops before main.
// RUN: sh -c '%inject ENOSYS -- %t/startup-p2; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// P2: sealing: {{.*}}/libgo.so: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// P2-NOT: GoWork
// P2: status=127
#include "sealprobe.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#ifdef STARTUP
int GoWork(int, int);
#endif

int main(int argc, char **argv)
{
	int (*work)(int, int);
	int probe = !(argc > 1 && !strcmp(argv[argc - 1], "-noprobe"));

#ifdef STARTUP
	work = GoWork;
#else
	void *h = argc > 1 ? dlopen(argv[1], RTLD_NOW) : 0;
	if (!h) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	work = (int (*)(int, int))dlsym(h, "GoWork");
#endif
	printf("GoWork(2, 3) = %d\n", work(2, 3));
	if (probe) {
		probe_module_named("go lib", "libgo.so");
		probe_ops("go text", (const void *)work);
		probe_module("exe", (const void *)main);
	}
	printf("GoWork again: %d\n", work(3, 4));
	return 0;
}
