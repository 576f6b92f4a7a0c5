// SPDX-License-Identifier: MIT
// arm64 programs and libraries with the arm64 runtime object, run under
// qemu-user, which has no mseal (qemu 7.2 answers ENOSYS to syscall 462).
// Policy 1 runs them, silently, after one mseal attempt per object;
// policy 2 stops before main (or inside dlopen) with the documented line
// and status 127; policy 0 makes no attempt.  qemu's -strace shows the
// attempts as "Unknown syscall 462".
//
// REQUIRES: qemu-aarch64
// RUN: rm -rf %t && mkdir -p %t/p2
// RUN: %cc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -o %t/liblib.so
// RUN: %cc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c %rtdir/sealing-rt-policy2.o -o %t/p2/liblib.so
// RUN: %cc -O2 %s %rt -L%t -llib -Wl,-rpath,%t -ldl -o %t/pie
// RUN: %cc -O2 -fno-PIE -no-pie %s %rt -L%t -llib -Wl,-rpath,%t -ldl -o %t/nopie
// RUN: %cc -O2 -DNOLIB -static %s %rt -o %t/static
// RUN: %cc -O2 -DNOLIB -static-pie %s %rt -o %t/static-pie
// RUN: %cc -O2 %s %rtdir/sealing-rt-policy2.o -L%t -llib -Wl,-rpath,%t -ldl -o %t/pie-p2
// RUN: %cc -O2 %s -L%t/p2 -llib -Wl,-rpath,%t/p2 -ldl -o %t/pie-libp2
//
// Policy 1, the default: runs, nothing on stderr.
// RUN: %qemu %t/pie %t/liblib.so 2> %t/err | FileCheck %s
// RUN: %qemu %t/nopie %t/liblib.so 2>> %t/err | FileCheck %s
// RUN: %qemu %t/static 2>> %t/err | FileCheck --check-prefix=STATIC %s
// RUN: %qemu %t/static-pie 2>> %t/err | FileCheck --check-prefix=STATIC %s
// RUN: wc -c < %t/err | FileCheck --check-prefix=EMPTY %s
// CHECK: main ran: lib_fn 1, dlopen'd lib_fn 1
// STATIC: main ran
// EMPTY: {{^}}0{{$}}
//
// What each object tried, under SEALING_DEBUG: process scope covers libc
// and ld.so, the dlopen'd copy pins itself first, each gets ENOSYS.
// RUN: env SEALING_DEBUG=1 %qemu %t/pie %t/liblib.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/pie: policy 1 (executable): not sealed, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; {{[0-9]+}} syscalls; failed: ENOSYS (errno 38) on 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} (ignored under policy 1)
// DEBUG-DAG: sealing: {{.*}}/liblib.so: policy 1 (loaded at start-up, sealed by the executable): not sealed, {{.*}}; failed: ENOSYS (errno 38) on {{.*}} (ignored under policy 1)
// DEBUG-DAG: sealing: {{.*}}/libc.so.6: policy 1 (no note, loaded at start-up, sealed by the executable): not sealed, {{.*}}; failed: ENOSYS (errno 38) on {{.*}} (ignored under policy 1)
// DEBUG-DAG: sealing: {{.*}}/ld-linux-aarch64.so.1: policy 1 (no note, loaded at start-up, sealed by the executable): not sealed, {{.*}}; failed: ENOSYS (errno 38) on {{.*}} (ignored under policy 1)
// DEBUG-DAG: sealing: {{.*}}/pie: process scope: {{[0-9]+}} objects: 0 sealed here, {{[0-9]+}} left open, {{[0-9]+}} left to their own runtime; {{[0-9]+}} syscalls
// RUN: env SEALING_DEBUG=1 %qemu %t/static 2>&1 >/dev/null | FileCheck --check-prefix=SDEBUG %s
// SDEBUG: sealing: {{.*}}/static: policy 1 (executable): not sealed, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; {{[0-9]+}} syscalls; failed: ENOSYS (errno 38) on 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} (ignored under policy 1)
//
// One attempt per segment of each of the executable, liblib.so, libc and
// ld.so: GNU ld aligns arm64 segments to 64K, which leaves a gap between
// the two of each on 4K pages, and the runtime never asks to seal a gap
// (rt-seal.c); none at policy 0.
// RUN: %qemu -strace %t/pie 2>&1 >/dev/null | grep -c 'Unknown syscall 462$' > %t/calls
// RUN: sh -c 'for f in %t/pie %t/liblib.so %sysroot/lib/libc.so.6 %sysroot/lib/ld-linux-aarch64.so.1; do %readelf -lW $f | grep -c " LOAD "; done' | awk '{ n += $1 } END { print n }' | diff - %t/calls
// RUN: env SEALING_POLICY=0 %qemu -strace %t/pie 2>&1 >/dev/null | %not grep 'Unknown syscall 462$'
//
// Policy 2, from the environment, from the executable's note, from a
// library's note: the documented line, exit status 127, main never runs.
// RUN: sh -c 'SEALING_POLICY=2 %qemu %t/pie; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// RUN: sh -c 'SEALING_POLICY=2 %qemu %t/static; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// RUN: sh -c '%qemu %t/pie-p2; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// RUN: sh -c '%qemu %t/pie-libp2; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// P2: sealing: {{.*}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// P2-NOT: main ran
// P2: status=127
// The override the line names.
// RUN: env SEALING_POLICY=1 %qemu %t/pie-p2 | FileCheck --check-prefix=STATIC %s
//
// Policy 2 in a dlopen'd library: dlopen does not return.
// RUN: sh -c '%qemu %t/pie %t/p2/liblib.so; echo status=$?' 2>&1 | FileCheck --check-prefix=DLP2 %s
// DLP2: sealing: {{.*}}/p2/liblib.so: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// DLP2-NOT: main ran
// DLP2: status=127
#include <stdio.h>
#ifndef NOLIB
#include <dlfcn.h>

int lib_fn(void);
#endif

int main(int argc, char **argv)
{
#ifndef NOLIB
	int dl = 0;
	if (argc > 1) {
		void *h = dlopen(argv[1], RTLD_NOW);
		int (*fn)(void) = h ? (int (*)(void))dlsym(h, "lib_fn") : 0;
		dl = fn ? fn() : -1;
	}
	printf("main ran: lib_fn %d, dlopen'd lib_fn %d\n", lib_fn(), dl);
#else
	(void)argc, (void)argv;
	puts("main ran");
#endif
	return 0;
}
