// SPDX-License-Identifier: MIT
// One compile flag seals the program, whatever the build configuration a
// distribution uses: optimisation levels, debug info, every executable
// layout, section GC, Intel syntax and CET.  Two instrumented units (this
// file and Inputs/unit.c); the probe object is not instrumented.
//
// RUN: %gcc -O0 %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %gcc -O2 %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.O2 && %t.O2 | FileCheck %s
// RUN: %gcc -O3 %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.O3 && %t.O3 | FileCheck %s
// RUN: %gcc -Os %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.Os && %t.Os | FileCheck %s
// RUN: %gcc -O2 -g %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.g && %t.g | FileCheck %s
// RUN: %gcc -O2 -fPIE -pie %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.pie && %t.pie | FileCheck %s
// RUN: %gcc -O2 -fno-PIE -no-pie %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.nopie && %t.nopie | FileCheck %s
// RUN: %gcc -O2 -static %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.static && %t.static | FileCheck %s
// RUN: %gcc -O2 -static-pie %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.spie && %t.spie | FileCheck %s
// RUN: %gcc -O2 -ffunction-sections -fdata-sections -Wl,--gc-sections %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.gc && %t.gc | FileCheck %s
// RUN: %gcc -O2 -masm=intel %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.intel && %t.intel | FileCheck %s
// RUN: %gcc -O2 -fcf-protection=full %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.cet && %t.cet | FileCheck %s
// Debian's default hardening flags (dpkg-buildflags) on top.
// RUN: %gcc -g -O2 -fstack-protector-strong -Wformat -Werror=format-security -fcf-protection -D_FORTIFY_SOURCE=2 -Wl,-z,relro -Wl,-z,now %fplugin %s %S/Inputs/unit.c -DFN=unit_fn %probe -o %t.deb && %t.deb | FileCheck %s
//
// --gc-sections keeps the note: the constructor references it.
// RUN: readelf -nW %t.gc | FileCheck --check-prefix=NOTE %s
// NOTE: SEALING 0x00000008 NT_VERSION (version) description data: 01 01 02 00 00 00 00 00
#include "sealprobe.h"

#include <stdio.h>

int unit_fn(int);

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
	data = unit_fn(data);
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
