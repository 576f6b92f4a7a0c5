// SPDX-License-Identifier: MIT
// One module, three carriers: units from the GCC plugin, from the LLVM
// pass (clang) and the link object sealing-rt.o.  They all emit the one
// COMDAT group, so the module keeps the first object's
// copy whole: one note (its carrier byte names the winner: 1 link object,
// 2 GCC plugin, 3 LLVM pass), one .init_array slot, one seal at run time.
//
// REQUIRES: llvm-pass-plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 %fplugin -I%S/../helpers -c %s -o %t/main-gcc.o
// RUN: %gcc -O2 %fplugin -c %inputs/unit.c -DFN=gcc_fn -o %t/gcc.o
// RUN: %llvmclang -O2 %llvmseal -c %inputs/unit.c -DFN=clang_fn -o %t/clang.o
// RUN: %gcc %t/main-gcc.o %t/gcc.o %t/clang.o %rt %probe -o %t/gcc-first
// RUN: %gcc %t/clang.o %t/main-gcc.o %t/gcc.o %rt %probe -o %t/clang-first
// RUN: %gcc %rt %t/clang.o %t/main-gcc.o %t/gcc.o %probe -o %t/rt-first
// RUN: readelf -nW %t/gcc-first | FileCheck --check-prefix=GCC %s
// RUN: readelf -nW %t/clang-first | FileCheck --check-prefix=CLANG %s
// RUN: readelf -nW %t/rt-first | FileCheck --check-prefix=RT %s
// GCC: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// GCC: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
// GCC-NOT: SEALING
// CLANG: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 03 00 04 00 00 00 {{[0-9a-f ]+}}
// CLANG: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
// CLANG-NOT: SEALING
// RT: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 01 00 04 00 00 00 {{[0-9a-f ]+}}
// RT: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
// RT-NOT: SEALING
//
// The same .init_array size whichever carrier won: one slot for sealing.
// RUN: readelf -SW %t/gcc-first %t/clang-first %t/rt-first | grep ' \.init_array' | FileCheck --check-prefix=SLOTS %s
// SLOTS: .init_array INIT_ARRAY {{[0-9a-f]+}} {{[0-9a-f]+}} [[SIZE:[0-9a-f]+]] 08
// SLOTS-NEXT: .init_array INIT_ARRAY {{[0-9a-f]+}} {{[0-9a-f]+}} [[SIZE]] 08
// SLOTS-NEXT: .init_array INIT_ARRAY {{[0-9a-f]+}} {{[0-9a-f]+}} [[SIZE]] 08
//
// RUN: env SEALING_DEBUG=1 %t/gcc-first 2>&1 | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t/clang-first 2>&1 | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t/rt-first 2>&1 | FileCheck %s
// CHECK-COUNT-1: sealing: {{.*}}: policy 1 (executable): sealed
// CHECK-NOT: (executable)
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: sum=5
#include "sealprobe.h"

#include <stdio.h>

int gcc_fn(int);
int clang_fn(int);

int main(void)
{
	probe_module("exe", (const void *)main);
	printf("sum=%d\n", gcc_fn(1) + clang_fn(2));
	return 0;
}
