// SPDX-License-Identifier: MIT
// libsealing-loader.so, cross-built for arm64, preloaded into a program
// nobody rebuilt, under qemu-user: it finds every start-up object and
// each dlopen'd one on arm64 and tries to seal it (ENOSYS here); policy
// 2 stops the program with the documented line.
//
// REQUIRES: qemu-aarch64, loader
// It keeps BTI and PAC, which a library preloaded into an all-BTI program
// must have (tests/loader/cet.test says why).
// RUN: %readelf -nW %loader | FileCheck --check-prefix=BTI %s
// BTI: AArch64 feature: BTI, PAC
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c -o %t/liblib.so
// RUN: %cc -O2 %s -ldl -o %t/prog
// RUN: %qemu -E LD_PRELOAD=%loader %t/prog %t/liblib.so 2>&1 | FileCheck %s
// CHECK: main ran: lib_fn 1
// CHECK-NOT: sealing:
// RUN: env SEALING_DEBUG=1 %qemu -E LD_PRELOAD=%loader %t/prog %t/liblib.so 2>&1 | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/prog: policy 1 (loaded at start-up, sealed by libsealing-loader.so): not sealed, {{.*}}failed: ENOSYS (errno 38) on {{.*}} (ignored under policy 1)
// DEBUG-DAG: sealing: {{.*}}/libc.so.6: policy 1 (loaded at start-up, sealed by libsealing-loader.so): not sealed, {{.*}}failed: ENOSYS (errno 38)
// DEBUG-DAG: sealing: {{.*}}/ld-linux-aarch64.so.1: policy 1 (loaded at start-up, sealed by libsealing-loader.so): not sealed, {{.*}}failed: ENOSYS (errno 38)
// DEBUG-DAG: sealing: {{.*}}/liblib.so: policy 1 (dlopen'd, pinned and sealed by libsealing-loader.so): not sealed, {{.*}}failed: ENOSYS (errno 38)
// DEBUG-DAG: main ran: lib_fn 1
// RUN: sh -c 'SEALING_POLICY=2 %qemu -E LD_PRELOAD=%loader %t/prog %t/liblib.so; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// P2: sealing: {{.*}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// P2-NOT: main ran
// P2: status=127
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	void *h = argc > 1 ? dlopen(argv[1], RTLD_NOW) : 0;
	int (*fn)(void) = h ? (int (*)(void))dlsym(h, "lib_fn") : 0;
	printf("main ran: lib_fn %d\n", fn ? fn() : -1);
	return 0;
}
