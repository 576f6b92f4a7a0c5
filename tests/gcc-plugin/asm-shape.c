// SPDX-License-Identifier: MIT
// What the plugin puts into a translation unit: the runtime as top-level
// asm, guarded so a file holding several copies (LTRANS) assembles the
// first only, with the note's descriptor (policy, carrier 2 = GCC plugin,
// flags) defined in front of it, every section in the one COMDAT group
// __sealing_rt_v1, the note as a real %note section, one .init_array slot.
//
// RUN: %gcc -O2 %fplugin -S %s -o %t.s
// RUN: FileCheck %s < %t.s
// CHECK: .pushsection .text
// CHECK-NEXT: .ifndef .L__sealing_rt_v1.carried
// CHECK-NEXT: .set .L__sealing_rt_v1.carried, 1
// CHECK-NEXT: .set .Lsealing_policy, 1
// CHECK-NEXT: .set .Lsealing_carrier, 2
// CHECK-NEXT: .set .Lsealing_flags, 0
// CHECK: .pushsection .note.sealing,"aG",%note,__sealing_rt_v1,comdat
// CHECK: .section .init_array,"awG",%init_array,__sealing_rt_v1,comdat
// CHECK-NEXT: .align 8
// CHECK-NEXT: .quad __sealing_rt_v1.
// CHECK: .endif
// CHECK-NEXT: .popsection
// CHECK: user_function:
//
// No section outside the group (and every section type spelled %type: @
// starts a comment on ARM), no global symbol: the only names the runtime
// shares with the module are weak references to libc.
// RUN: sed -n '/ifndef .L__sealing_rt_v1/,/^[[:space:]]*\.endif/p' %t.s > %t.runtime.s
// RUN: grep -E '^[[:space:]]*\.(section|pushsection)' %t.runtime.s > %t.sections
// RUN: FileCheck --check-prefix=SECTIONS %s < %t.sections
// SECTIONS-DAG: .text.__sealing_rt_v1,"axG",%progbits,__sealing_rt_v1,comdat
// SECTIONS-DAG: .rodata.__sealing_rt_v1,"aG",%progbits,__sealing_rt_v1,comdat
// SECTIONS-DAG: .note.sealing,"aG",%note,__sealing_rt_v1,comdat
// SECTIONS-DAG: .init_array,"awG",%init_array,__sealing_rt_v1,comdat
// RUN: %not grep -v '%[a-z_]*,__sealing_rt_v1,comdat$' %t.sections
// RUN: %not grep -E '^[[:space:]]*\.(globl|global|comm)[[:space:]]' %t.runtime.s
//
// The object: one group with that signature holding the runtime's text,
// its read-only data, the note and the .init_array slot.
// RUN: %gcc -O2 %fplugin -c %s -o %t.o
// RUN: readelf -gW %t.o | FileCheck --check-prefix=GROUP %s
// GROUP: COMDAT group section [{{ *[0-9]+}}] `.group' [__sealing_rt_v1] contains 6 sections:
// GROUP-DAG: .text.__sealing_rt_v1
// GROUP-DAG: .rela.text.__sealing_rt_v1
// GROUP-DAG: .note.sealing
// GROUP-DAG: .rodata.__sealing_rt_v1
// GROUP-DAG: .init_array
// GROUP-DAG: .rela.init_array
// GROUP-NOT: COMDAT group
// RUN: readelf -SW %t.o | FileCheck --check-prefix=NOTE %s
// NOTE: .note.sealing NOTE {{[0-9a-f]+}} {{[0-9a-f]+}} 00001c 00 AG
// RUN: readelf -nW %t.o | FileCheck --check-prefix=DESC %s
// DESC: SEALING 0x00000008 NT_VERSION (version) description data: 01 01 02 00 00 00 00 00
int user_function(int x)
{
	return x * 3;
}
