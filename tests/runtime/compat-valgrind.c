// SPDX-License-Identifier: MIT
// Under valgrind the runtime makes no mseal call (valgrind 3.19 does not
// know syscall 462 and would print a warning per call) and prints nothing,
// under every policy: memcheck's stderr is exactly what it is for the
// unsealed program.  SEALING_DEBUG says why it skipped.
//
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O1 -g -shared -fPIC -DFN=lib_fn %inputs/got-lib.c %rt -o %t/libsealed.so
// RUN: %cc -O1 -g -shared -fPIC -DFN=lib_fn %inputs/got-lib.c -o %t/libplain.so
// RUN: %cc -O1 -g %s %rt -L%t -lsealed -Wl,-rpath,%t -o %t/sealed
// RUN: %cc -O1 -g %s -L%t -lplain -Wl,-rpath,%t -o %t/plain
// RUN: valgrind -q --error-exitcode=9 %t/plain > %t/plain.out 2> %t/plain.err
// RUN: valgrind -q --error-exitcode=9 %t/sealed > %t/sealed.out 2> %t/sealed.err
// RUN: diff %t/plain.out %t/sealed.out && diff %t/plain.err %t/sealed.err
// RUN: wc -c < %t/sealed.err | FileCheck --check-prefix=EMPTY %s
// RUN: env SEALING_POLICY=2 valgrind -q --error-exitcode=9 %t/sealed 2> %t/p2.err | FileCheck %s
// RUN: wc -c < %t/p2.err | FileCheck --check-prefix=EMPTY %s
// The library leaves its sealing to the executable, whose process pass
// says, object by object, what it would have sealed, and makes no call:
// RUN: env SEALING_DEBUG=1 valgrind -q %t/sealed 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// ... and so in module scope, for the instrumented library only.
// RUN: %cc -O1 -g %s %rtdir/sealing-rt-module-scope.o -L%t -lsealed -Wl,-rpath,%t -o %t/module
// RUN: env SEALING_DEBUG=1 valgrind -q %t/module 2>&1 >/dev/null | FileCheck --check-prefix=MODULE %s
// CHECK: result 1
// EMPTY: {{^}}0{{$}}
// DEBUG: sealing: {{.*}}/sealed: policy 1 (executable): not sealed (running under valgrind); 0 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libsealed.so: policy 1: not sealed (running under valgrind); 0 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libc.so.6: policy 1: not sealed (running under valgrind); 0 syscalls; ok
// DEBUG: sealing: {{.*}}/sealed: process scope: {{[0-9]+}} objects: 0 sealed here, {{[0-9]+}} left open, 0 left to their own runtime; 0 syscalls
// DEBUG-NOT: sealing:
// MODULE: sealing: {{.*}}/module: policy 1 (executable): not sealed (running under valgrind); 0 syscalls; ok
// MODULE-NEXT: sealing: {{.*}}/libsealed.so: policy 1: not sealed (running under valgrind); 0 syscalls; ok
// MODULE-NEXT: sealing: {{.*}}/module: module scope, instrumented libraries: {{[0-9]+}} objects: 0 sealed here, 2 left open, {{[0-9]+}} left to their own runtime; 0 syscalls
// MODULE-NOT: sealing:
#include <stdio.h>

int lib_fn(int);

int main(void)
{
	printf("result %d\n", lib_fn(1));
	return 0;
}
