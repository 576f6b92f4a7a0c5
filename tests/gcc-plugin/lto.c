// SPDX-License-Identifier: MIT
// LTO.  The runtime travels as top-level asm, which GCC streams into the
// LTO IR, so the link-time compilation emits it whether or not the plugin
// is on the link line: with -flto the result is always sealed, never
// silently unsealed.  LTRANS puts the asm of every unit into one
// partition; the guard keeps one copy, the COMDAT group one per module.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'for i in 1 2 3 4 5 6; do %gcc -O2 -flto %fplugin -c %inputs/unit.c -DFN=unit$i -o %t/u$i.o || exit 1; done'
// RUN: %gcc -O2 -flto %fplugin -c %s -I%S/../helpers -o %t/main.o
//
// The plugin on the compile and link lines.
// RUN: %gcc -O2 -flto %fplugin %t/main.o %t/u*.o %probe -o %t/both
// RUN: %t/both | FileCheck %s
// RUN: readelf -nW %t/both | FileCheck --check-prefix=NOTE %s
//
// The plugin on the compile line only.
// RUN: %gcc -O2 -flto %t/main.o %t/u*.o %probe -o %t/compile-only
// RUN: %t/compile-only | FileCheck %s
// RUN: readelf -nW %t/compile-only | FileCheck --check-prefix=NOTE %s
//
// -flto=auto with one partition per function: several LTRANS units, one
// runtime.
// RUN: cd %t && %gcc -O2 -flto=auto -flto-partition=max -save-temps main.o u1.o u2.o u3.o u4.o u5.o u6.o %probe -o parts
// RUN: ls %t | FileCheck --check-prefix=PARTS %s
// PARTS: parts.ltrans0.ltrans.s
// PARTS: parts.ltrans1.ltrans.s
// PARTS: parts.ltrans2.ltrans.s
// RUN: %t/parts | FileCheck %s
// RUN: readelf -nW %t/parts | FileCheck --check-prefix=NOTE %s
// RUN: nm %t/parts | grep -c 'rt_seal_self$' | FileCheck --check-prefix=ONE %s
// ONE: {{^}}1{{$}}
//
// Fat LTO objects linked without -flto use their ordinary code, runtime
// included.
// RUN: %gcc -O2 -flto -ffat-lto-objects %fplugin -c %s -I%S/../helpers -o %t/fat.o
// RUN: %gcc -O2 %t/fat.o %probe -o %t/fat
// RUN: %t/fat | FileCheck %s
//
// Section GC and a shared library under LTO.
// RUN: %gcc -O2 -flto -ffunction-sections -fdata-sections -Wl,--gc-sections %t/main.o %t/u*.o %probe -o %t/gc
// RUN: %t/gc | FileCheck %s
// RUN: %gcc -O2 -flto -fPIC %fplugin -c %inputs/lib.c -DFN=lib_fn -o %t/lib.o
// RUN: %gcc -O2 -flto -shared %t/lib.o -o %t/liblto.so
// RUN: readelf -nW %t/liblto.so | FileCheck --check-prefix=LIBNOTE %s
//
// -masm=intel throughout (GCC itself cannot mix dialects in one LTO link).
// RUN: %gcc -O2 -flto -masm=intel %fplugin -c %s -I%S/../helpers -o %t/intel-main.o
// RUN: %gcc -O2 -flto -masm=intel %fplugin -c %inputs/unit.c -DFN=unit1 -o %t/intel-u1.o
// RUN: %gcc -O2 -flto -masm=intel %t/intel-main.o %t/intel-u1.o %probe -o %t/intel
// RUN: %t/intel | FileCheck %s
//
// The options reach the note through the IR.
// RUN: %gcc -O2 -flto %fplugin -fplugin-arg-sealing-policy=2 -fplugin-arg-sealing-dlopen=skip -c %s -I%S/../helpers -o %t/p2.o
// RUN: %gcc -O2 -flto %t/p2.o %probe -o %t/p2
// RUN: readelf -nW %t/p2 | FileCheck --check-prefix=P2 %s
// P2: SEALING 0x00000010 NT_VERSION (version) description data: 03 02 02 00 05 00 00 00 {{[0-9a-f ]+}}
//
// NOTE: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// NOTE: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
// NOTE-NOT: SEALING
// A library carries the core alone: one note.
// LIBNOTE: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// LIBNOTE-NOT: SEALING
#include "sealprobe.h"

int main(void)
{
	probe_module("exe", (const void *)main);
	probe_ops("text", (const void *)main);
	return 0;
}
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
