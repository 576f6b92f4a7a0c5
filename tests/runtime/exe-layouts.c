// SPDX-License-Identifier: MIT
// The executable seals itself, whatever its layout: every mapping of its
// image carries "sl", and the four blocked calls fail with EPERM on its
// text, read-only data, RELRO and writable data.
//
// RUN: %cc -O2 %s %probe %rt -o %t.pie && %t.pie | FileCheck %s
// RUN: %cc -O2 -fno-PIE -no-pie %s %probe %rt -o %t.nopie && %t.nopie | FileCheck %s
// RUN: %cc -O2 -static %s %probe %rt -o %t.static && %t.static | FileCheck %s
// RUN: %cc -O2 -static-pie %s %probe %rt -o %t.spie && %t.spie | FileCheck %s
// RUN: %cc -O2 -ffunction-sections -fdata-sections -Wl,--gc-sections %s %probe %rt -o %t.gc && %t.gc | FileCheck %s
// RUN: %cc -O2 -fuse-ld=gold %s %probe %rt -o %t.gold && %t.gold | FileCheck %s
// RUN: %cc -O2 -Wl,-z,noseparate-code %s %probe %rt -o %t.nosep && %t.nosep | FileCheck %s
#include "sealprobe.h"

#include <stdio.h>

static const char rodata[64] = "read-only";
static void (*const relro_ptr)(const char *, const void *) = probe_ops;
static int data = 42;

int main(void)
{
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	probe_ops("rodata", rodata);
	probe_ops("relro", &relro_ptr);
	probe_ops("data", &data);
	data++;
	relro_ptr("after", &data);
	printf("data=%d\n", data);
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: rodata: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: relro: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: data: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: after: mprotect=EPERM
// CHECK-NEXT: data=43
