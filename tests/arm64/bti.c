// SPDX-License-Identifier: MIT
// Branch Target Identification, arm64's answer to CET's IBT: in a module
// whose GNU property says BTI, every indirect branch must land on a
// landing pad, or the CPU raises an illegal-instruction signal.  The
// loader calls the runtime's constructor indirectly, from .init_array, so
// the runtime is built with -mbranch-protection=standard and its object
// says BTI and PAC: a module built with branch protection keeps the
// property with the runtime in it, and the constructor's landing pad
// keeps it running.  qemu-user enforces BTI (its default CPU has it) on
// pages the loader maps PROT_BTI.  Debian 12's start files carry no BTI
// property, so the module is a library linked without them
// (-nostartfiles).  The control, a library whose constructor has no
// landing pad, dies of signal 4 (status 132): the test would catch a
// runtime constructor without one.
//
// REQUIRES: qemu-aarch64
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -mbranch-protection=standard -shared -fPIC -nostartfiles -DFN=lib_fn %inputs/lib.c %rt -o %t/libbti.so
// RUN: %readelf -nW %t/libbti.so | FileCheck --check-prefix=PROP %s
// PROP: AArch64 feature: BTI, PAC
// RUN: %cc -O2 %s -ldl -o %t/driver
// RUN: env SEALING_DEBUG=1 %qemu %t/driver %t/libbti.so 2>&1 | FileCheck %s
// CHECK: sealing: {{.*}}/libbti.so: policy 1 (dlopen'd, pinned): not sealed, {{.*}}failed: ENOSYS (errno 38)
// CHECK: lib_fn 1
//
// The control.
// RUN: printf '__attribute__((constructor)) static void c(void) {}\n' > %t/ctor.c
// RUN: %cc -O2 -mbranch-protection=none -shared -fPIC -nostartfiles -DFN=lib_fn %inputs/lib.c %t/ctor.c -Wl,-z,force-bti -o %t/libnopad.so
// RUN: %readelf -nW %t/libnopad.so | FileCheck --check-prefix=BTI %s
// BTI: AArch64 feature: BTI
// RUN: sh -c '%qemu %t/driver %t/libnopad.so; echo status=$?' 2>&1 | FileCheck --check-prefix=ILL %s
// ILL: status=132
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	void *h = argc > 1 ? dlopen(argv[1], RTLD_NOW) : 0;
	int (*fn)(void) = h ? (int (*)(void))dlsym(h, "lib_fn") : 0;
	if (!fn) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	printf("lib_fn %d\n", fn());
	return 0;
}
