// SPDX-License-Identifier: MIT
// The GCC plugin for the arm64 cross compiler: a build-machine (x86_64)
// library that aarch64-linux-gnu-gcc's cc1 loads, carrying the arm64
// runtime as that compiler's own assembly.  Executables and libraries,
// with and without LTO, mixed with the arm64 sealing-rt.o: one note, one
// runtime constructor; under qemu-user policy 1 runs and policy 2 stops
// with the documented line.
//
// REQUIRES: qemu-aarch64, gcc-plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 %fplugin -fplugin-arg-sealing-version -E -x c /dev/null -o /dev/null 2>&1 | FileCheck --check-prefix=VERSION %s
// VERSION: sealing GCC plugin {{.*}} built for GCC {{[0-9.]+}}, aarch64-linux-gnu)
// RUN: %cc -O2 %fplugin -shared -fPIC -DFN=lib_fn %inputs/lib.c -o %t/liblib.so
// RUN: %cc -O2 %fplugin -DMAIN %s -L%t -llib -Wl,-rpath,%t -o %t/exe
// RUN: %cc -O2 -flto %fplugin -fplugin-arg-sealing-policy=2 -DMAIN %s -L%t -llib -Wl,-rpath,%t -o %t/lto-p2
// RUN: %cc -O2 %fplugin -DMAIN %s %rt -L%t -llib -Wl,-rpath,%t -o %t/mixed
// RUN: %cc -O2 -static %fplugin -DMAIN -DNOLIB %s -o %t/static
//
// One policy note (type 1, which readelf calls NT_VERSION) in each, but
// two in the policy-2 program, whose unit carries its note again in its
// own group so that the strictest policy survives any link order
// (docs/note-format.md); the executables also one process note, the
// library none.
// RUN: %readelf -nW %t/exe | grep -c 'SEALING.*NT_VERSION' | FileCheck --check-prefix=ONE %s
// RUN: %readelf -nW %t/lto-p2 | grep -c 'SEALING.*NT_VERSION' | FileCheck --check-prefix=TWO %s
// RUN: %readelf -nW %t/mixed | grep -c 'SEALING.*NT_VERSION' | FileCheck --check-prefix=ONE %s
// RUN: %readelf -nW %t/liblib.so | grep -c 'SEALING.*NT_VERSION' | FileCheck --check-prefix=ONE %s
// RUN: %readelf -nW %t/exe | grep -c 'SEALING' | FileCheck --check-prefix=TWO %s
// RUN: %readelf -nW %t/lto-p2 | grep -c 'SEALING' | FileCheck --check-prefix=THREE %s
// RUN: %readelf -nW %t/mixed | grep -c 'SEALING' | FileCheck --check-prefix=TWO %s
// RUN: %readelf -nW %t/liblib.so | grep -c 'SEALING' | FileCheck --check-prefix=ONE %s
// ONE: {{^}}1{{$}}
// TWO: {{^}}2{{$}}
// THREE: {{^}}3{{$}}
// RUN: %readelf -sW %t/mixed | grep -c 'rt_seal_self$' | FileCheck --check-prefix=ONE %s
//
// RUN: %qemu %t/exe 2>&1 | FileCheck %s
// RUN: %qemu %t/mixed 2>&1 | FileCheck %s
// RUN: %qemu %t/static 2>&1 | FileCheck --check-prefix=STATIC %s
// CHECK: main ran: lib_fn 1
// STATIC: main ran
// RUN: env SEALING_DEBUG=1 %qemu %t/exe 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/exe: policy 1 (executable): not sealed, {{.*}}failed: ENOSYS (errno 38) on {{.*}} (ignored under policy 1)
// DEBUG-DAG: sealing: {{.*}}/liblib.so: policy 1 (loaded at start-up, sealed by the executable): not sealed, {{.*}}failed: ENOSYS (errno 38) on {{.*}} (ignored under policy 1)
// Under an uninstrumented program the library runs its module part,
// mapped from its own file (runtime/rt-fetch.c), which finds mseal missing.
// RUN: %cc -O2 -DMAIN %s -L%t -llib -Wl,-rpath,%t -o %t/plain
// RUN: env SEALING_DEBUG=1 %qemu %t/plain 2>&1 | FileCheck --check-prefix=FETCHED %s
// FETCHED: sealing: {{.*}}/liblib.so: policy 1 (loaded at start-up): not sealed, {{.*}}failed: ENOSYS (errno 38) (ignored under policy 1)
// FETCHED: main ran: lib_fn 1
// RUN: sh -c '%qemu %t/lto-p2; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// RUN: sh -c 'SEALING_POLICY=2 %qemu %t/static; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// P2: sealing: {{.*}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// P2-NOT: main ran
// P2: status=127
#include <stdio.h>

#ifndef NOLIB
int lib_fn(void);
#endif

int main(void)
{
#ifndef NOLIB
	printf("main ran: lib_fn %d\n", lib_fn());
#else
	puts("main ran");
#endif
	return 0;
}
