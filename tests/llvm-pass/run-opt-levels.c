// SPDX-License-Identifier: MIT
// At every optimisation level the program seals itself before main: all
// of its mappings carry "sl", the blocked calls fail with EPERM, exactly
// one constructor ran and the module has exactly one note.
//
// RUN: %clang %seal -O0 %s %probe -o %t.O0
// RUN: %t.O0 | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t.O0 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// RUN: readelf -nW %t.O0 | FileCheck --check-prefix=NOTE %s
// RUN: %clang %seal -O1 %s %probe -o %t.O1
// RUN: %t.O1 | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t.O1 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// RUN: %clang %seal -O2 %s %probe -o %t.O2
// RUN: %t.O2 | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t.O2 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// RUN: readelf -nW %t.O2 | FileCheck --check-prefix=NOTE %s
// RUN: %clang %seal -O3 %s %probe -o %t.O3
// RUN: %t.O3 | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t.O3 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// RUN: %clang %seal -Os %s %probe -o %t.Os
// RUN: %t.Os | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t.Os 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// RUN: %clang %seal -Oz %s %probe -o %t.Oz
// RUN: %t.Oz | FileCheck %s
// RUN: env SEALING_DEBUG=1 %t.Oz 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %s
// RUN: readelf -nW %t.Oz | FileCheck --check-prefix=NOTE %s
#include "sealprobe.h"

#include <stdio.h>

static const char rodata[64] = "read-only";
static int data = 42;

int main(void)
{
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	probe_ops("rodata", rodata);
	probe_ops("data", &data);
	printf("data=%d\n", ++data);
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: rodata: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: data: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: data=43
// ONCE: sealing: {{.*}}: policy 1: sealed {{.*}}; ok
// ONCE-NOT: sealing:
// NOTE: SEALING 0x00000008 {{.*}}description data: 01 01 03 00 00 00 00 00
// NOTE-NOT: SEALING
