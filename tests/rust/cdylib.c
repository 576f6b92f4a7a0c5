// SPDX-License-Identifier: MIT
// A Rust cdylib sealed through -C link-arg=sealing-rt.o, dlopen'd by this
// C program (uninstrumented) in a dlopen/dlclose loop: the library pins
// itself before sealing, so the loop reuses one sealed copy instead of
// leaking one per cycle.  Its note survives rustc's --gc-sections and its
// version script (which hides everything but the exported C functions).
//
// REQUIRES: rustc
// RUN: rm -rf %t && mkdir -p %t
// RUN: %rustc --crate-type cdylib --cfg 'name="lib"' %S/Inputs/lib.rs -C link-arg=%rt -o %t/librust.so
// RUN: %rustc --crate-type cdylib --cfg 'name="lib"' %S/Inputs/lib.rs -C link-arg=%rtdir/sealing-rt-policy2.o -o %t/librust-p2.so
// RUN: %rustc --crate-type cdylib --cfg 'name="lib"' %S/Inputs/lib.rs -o %t/librust-plain.so
// RUN: %cc -O2 %s %probe -ldl -o %t/driver
// RUN: %t/driver %t/librust.so | FileCheck %s
// CHECK: lib_fn() = 1, 20 dlopen/dlclose cycles
// CHECK-NEXT: rust lib: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: rust text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: librust.so: 1 copies
// RUN: %t/driver %t/librust-plain.so | FileCheck --check-prefix=PLAIN %s
// PLAIN: rust lib: 0/{{[1-9][0-9]*}} mappings sealed
//
// RUN: env SEALING_DEBUG=1 %t/driver %t/librust.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG: sealing: {{.*}}/librust.so: policy 1 (dlopen'd, pinned): sealed, relro made anonymous; 4 syscalls; ok
// DEBUG-NOT: sealing:
//
// Policy 2 in a library: dlopen does not return when mseal fails.
// RUN: sh -c '%inject ENOSYS -- %t/driver %t/librust-p2.so; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// P2: sealing: {{.*}}/librust-p2.so: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// P2-NOT: lib_fn
// P2: status=127
// RUN: %t/driver %t/librust-p2.so | FileCheck %s --check-prefix=P2OK
// P2OK: rust lib: [[N:[0-9]+]]/[[N]] mappings sealed
#include "sealprobe.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	int (*fn)(void) = 0;
	int value = 0, cycles = 20;
	void *h = 0;

	if (argc != 2)
		return 2;
	for (int i = 0; i < cycles; i++) {
		h = dlopen(argv[1], RTLD_NOW);
		if (!h) {
			fprintf(stderr, "dlopen: %s\n", dlerror());
			return 1;
		}
		fn = (int (*)(void))dlsym(h, "lib_fn");
		value = fn();
		if (i + 1 < cycles)
			dlclose(h);
	}
	printf("lib_fn() = %d, %d dlopen/dlclose cycles\n", value, cycles);
	probe_module("rust lib", (const void *)fn);
	probe_ops("rust text", (const void *)fn);
	const char *base = strrchr(argv[1], '/');
	probe_copies(base ? base + 1 : argv[1], base ? base + 1 : argv[1]);
	return 0;
}
