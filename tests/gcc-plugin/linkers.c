// SPDX-License-Identifier: MIT
// The group and its %note section survive every linker a distribution
// may use: BFD ld (the other tests), gold and lld, with section GC too.
//
// REQUIRES: ld.gold, ld.lld
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 %fplugin -I%S/../helpers -c %s -o %t/main.o
// RUN: %gcc -O2 %fplugin -c %inputs/unit.c -DFN=unit_fn -o %t/unit.o
// RUN: %gcc -fuse-ld=gold %t/main.o %t/unit.o %probe -o %t/gold
// RUN: %gcc -fuse-ld=gold -Wl,--gc-sections %t/main.o %t/unit.o %probe -o %t/gold-gc
// RUN: %gcc -fuse-ld=lld %t/main.o %t/unit.o %probe -o %t/lld
// RUN: %gcc -fuse-ld=lld -Wl,--gc-sections %t/main.o %t/unit.o %probe -o %t/lld-gc
// RUN: %t/gold | FileCheck %s
// RUN: %t/gold-gc | FileCheck %s
// RUN: %t/lld | FileCheck %s
// RUN: %t/lld-gc | FileCheck %s
// RUN: readelf -nW %t/gold %t/gold-gc %t/lld %t/lld-gc | FileCheck --check-prefix=NOTES %s
// Each executable: its policy note, and the note of the executable's part
// (main.o defines main), which --gc-sections keeps too.
// NOTES: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// NOTES: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
// NOTES: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// NOTES: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
// NOTES: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// NOTES: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
// NOTES: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// NOTES: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
// NOTES-NOT: SEALING
#include "sealprobe.h"

#include <stdio.h>

int unit_fn(int);

int main(void)
{
	probe_module("exe", (const void *)main);
	printf("unit_fn=%d\n", unit_fn(1));
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: unit_fn=2
