// SPDX-License-Identifier: MIT
// PIE, non-PIE, static, static-pie and a shared library: each module
// instrumented by the pass seals itself, and only itself.
//
// RUN: %clang %seal -O2 %s %probe -o %t.pie
// RUN: %t.pie | FileCheck --check-prefix=EXE %s
// RUN: %clang %seal -O2 -fno-PIE -no-pie %s %probe -o %t.nopie
// RUN: %t.nopie | FileCheck --check-prefix=EXE %s
// RUN: %clang %seal -O2 -static %s %probe -o %t.static
// RUN: %t.static | FileCheck --check-prefix=EXE %s
// RUN: env SEALING_DEBUG=1 %t.static 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// RUN: %clang %seal -O2 -static-pie %s %probe -o %t.spie
// RUN: %t.spie | FileCheck --check-prefix=EXE %s
// RUN: env SEALING_DEBUG=1 %t.spie 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
//
// The library is instrumented, the executable (built by gcc) is not.
// RUN: %clang %seal -O2 -fPIC -shared -DLIB %s -o %t.lib.so
// RUN: readelf -nW %t.lib.so | FileCheck --check-prefix=NOTE %s
// RUN: %cc -O2 -DUSER %s %probe %t.lib.so -o %t.user
// RUN: %t.user | FileCheck --check-prefix=LIB %s
#include <stdio.h>

#ifdef LIB
static int lib_value = 7;
int lib_fn(void) { return lib_value; }
/* Not the variable itself: the executable would get a copy relocation. */
int *lib_data(void) { return &lib_value; }
#elif defined(USER)
#include "sealprobe.h"
int lib_fn(void);
int *lib_data(void);
int main(void)
{
	probe_module("lib", (const void *)lib_fn);
	probe_ops("lib text", (const void *)lib_fn);
	probe_ops("lib data", lib_data());
	probe_module("exe", (const void *)main);
	printf("lib_fn=%d\n", lib_fn());
	return 0;
}
#else
#include "sealprobe.h"
static int data = 42;
int main(void)
{
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	probe_ops("data", &data);
	printf("data=%d\n", ++data);
	return 0;
}
#endif
// EXE: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// EXE-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// EXE-NEXT: data: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// EXE-NEXT: data=43
// ONCE: sealing: {{.*}}: policy 1 (executable): sealed {{.*}}; ok
// ONCE-NOT: (executable)
// NOTE: SEALING
// NOTE-NOT: SEALING
// LIB: lib: [[N:[0-9]+]]/[[N]] mappings sealed
// LIB-NEXT: lib text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// LIB-NEXT: lib data: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// LIB-NEXT: exe: 0/{{[0-9]+}} mappings sealed
// LIB-NEXT: lib_fn=7
