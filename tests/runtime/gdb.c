// SPDX-License-Identifier: MIT
// gdb on a sealed program: it still lists the shared libraries and their
// symbols (it reads the link map and .dynamic, whose RELRO copy is now
// anonymous), and a breakpoint in sealed text (a ptrace write, which the
// kernel allows to a sealed VMA) is hit; the program then completes.
//
// REQUIRES: gdb
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -g -O0 -shared -fPIC -DFN=lib_fn %inputs/got-lib.c %rt -o %t/libgot.so
// RUN: %cc -g -O0 %s %rt -L%t -lgot -Wl,-rpath,%t -o %t/prog
// The breakpoints really are in sealed text:
// RUN: %t/prog | FileCheck --check-prefix=OUT %s
// RUN: env SEALING_DEBUG=1 %t/prog 2>&1 | FileCheck --check-prefix=SEALED %s
// SEALED-DAG: sealing: {{.*}}/libgot.so: policy 1 ({{[^)]*}}): sealed
// SEALED-DAG: sealing: {{.*}}/prog: policy 1 ({{[^)]*}}): sealed
// OUT: result 1
// RUN: gdb -nx -batch -ex 'break main' -ex 'break lib_fn' -ex run -ex continue -ex 'info sharedlibrary' -ex bt -ex 'print table' -ex continue --args %t/prog 2>&1 | FileCheck %s
// CHECK: Breakpoint 1 at
// CHECK: Breakpoint 2 at
// CHECK: Breakpoint 1, main
// CHECK: Breakpoint 2, {{.*}}lib_fn (which=1)
// CHECK: {{^0x[0-9a-f]+ +0x[0-9a-f]+ +Yes +.*}}/libgot.so
// CHECK: #0 {{.*}}lib_fn
// CHECK-NEXT: #1 {{.*}}main
// CHECK: = {0x{{[0-9a-f]+}} <one>, 0x{{[0-9a-f]+}} <two>}
// CHECK: result 1
// CHECK: exited normally
#include <stdio.h>

int lib_fn(int);

int main(void)
{
	printf("result %d\n", lib_fn(1));
	return 0;
}
