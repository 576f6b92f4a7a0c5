// SPDX-License-Identifier: MIT
// What the plugin puts into a translation unit: the runtime as top-level
// asm, guarded so a file holding several copies (LTRANS) assembles the
// first only, with the note's descriptor (policy, carrier 2 = GCC plugin,
// flags) defined in front of it, every section in the runtime's one COMDAT
// group, the note as a real %note section, one .init_array slot.  The code
// is data (carrier-glue/data-form.awk): bytes and .reloc directives, which
// the assembler copies instead of parsing instructions.
//
// RUN: %gcc -O2 %fplugin -S %s -o %t.s
// RUN: FileCheck %s < %t.s
// CHECK: .pushsection .text
// CHECK-NEXT: .ifndef .L__sealing_rt_v{{[0-9]+}}.carried
// CHECK-NEXT: .set .L__sealing_rt_v{{[0-9]+}}.carried, 1
// CHECK-NEXT: .set .Lsealing_policy, 1
// CHECK-NEXT: .set .Lsealing_carrier, 2
// CHECK-NEXT: .set .Lsealing_flags, 4
// CHECK: .pushsection .note.sealing,"aG",%note,__sealing_rt_v{{[0-9]+}},comdat
// CHECK: .section .init_array,"awG",%init_array,__sealing_rt_v{{[0-9]+}},comdat
// CHECK-NEXT: .balign 8
// CHECK-NEXT: .L__sealing_rt_v{{[0-9]+}}.data.[[INIT:[0-9]+]]:
// CHECK-NEXT: .ascii "\000\000\000\000\000\000\000\000"
// CHECK-NEXT: .reloc .L__sealing_rt_v{{[0-9]+}}.data.[[INIT]]+0, R_X86_64_64, __sealing_rt_v{{[0-9]+}}.{{[a-z_]+}}+0x0
// CHECK: .endif
// CHECK-NEXT: .popsection
// CHECK: user_function:
//
// No section outside the group (and every section type spelled %type: @
// starts a comment on ARM), no global symbol: the only names the runtime
// shares with the module are weak references to libc.
// RUN: sed -n '/ifndef .L%group/,/^[[:space:]]*\.endif/p' %t.s > %t.runtime.s
// RUN: grep -E '^[[:space:]]*\.(section|pushsection)' %t.runtime.s > %t.sections
// RUN: FileCheck --check-prefix=SECTIONS %s < %t.sections
// SECTIONS-DAG: .text.__sealing_rt_v{{[0-9]+}},"axG",%progbits,__sealing_rt_v{{[0-9]+}},comdat
// SECTIONS-DAG: .text.unlikely.__sealing_rt_v{{[0-9]+}},"axG",%progbits,__sealing_rt_v{{[0-9]+}},comdat
// SECTIONS-DAG: .text.hot.__sealing_rt_v{{[0-9]+}},"axG",%progbits,__sealing_rt_v{{[0-9]+}},comdat
// SECTIONS-DAG: .rodata.__sealing_rt_v{{[0-9]+}},"aG",%progbits,__sealing_rt_v{{[0-9]+}},comdat
// SECTIONS-DAG: .bss.__sealing_rt_v{{[0-9]+}},"awG",%nobits,__sealing_rt_v{{[0-9]+}},comdat
// SECTIONS-DAG: .note.sealing,"aG",%note,__sealing_rt_v{{[0-9]+}},comdat
// SECTIONS-DAG: .init_array,"awG",%init_array,__sealing_rt_v{{[0-9]+}},comdat
// RUN: %not grep -v '%[a-z_]*,%group,comdat$' %t.sections
// RUN: %not grep -E '^[[:space:]]*\.(globl|global|comm)[[:space:]]' %t.runtime.s
// Nothing in it for the assembler to parse as an instruction: every line
// is a directive, a label or a comment.
// RUN: %not grep -Ev '^[[:space:]]*(\.|#)|^[._[:alnum:]]+:$' %t.runtime.s
//
// The object: one group with that signature holding the runtime's hot run
// (runtime/rt.h: RT_HOT), its other text and its cold text, its read-only
// data, its state byte, the note (which points to the state byte) and the
// .init_array slot.
// RUN: %gcc -O2 %fplugin -c %s -o %t.o
// RUN: readelf -gW %t.o | FileCheck --check-prefix=GROUP %s
// GROUP: COMDAT group section [{{ *[0-9]+}}] `.group' [__sealing_rt_v{{[0-9]+}}] contains 12 sections:
// GROUP-DAG: .text.__sealing_rt_v{{[0-9]+}}
// GROUP-DAG: .text.unlikely.__sealing_rt_v{{[0-9]+}}
// GROUP-DAG: .rela.text.unlikely.__sealing_rt_v{{[0-9]+}}
// GROUP-DAG: .text.hot.__sealing_rt_v{{[0-9]+}}
// GROUP-DAG: .rela.text.hot.__sealing_rt_v{{[0-9]+}}
// GROUP-DAG: .note.sealing
// GROUP-DAG: .rela.note.sealing
// GROUP-DAG: .rodata.__sealing_rt_v{{[0-9]+}}
// GROUP-DAG: .bss.__sealing_rt_v{{[0-9]+}}
// GROUP-DAG: .init_array
// GROUP-DAG: .rela.init_array
// GROUP-DAG: .sealing.module
// GROUP-NOT: COMDAT group
// RUN: readelf -SW %t.o | FileCheck --check-prefix=NOTE %s
// NOTE: .note.sealing NOTE {{[0-9a-f]+}} {{[0-9a-f]+}} 000024 00 AG
// The module part (runtime/rt-fetch.c): in the group, never allocated,
// with no relocation of its own.
// NOTE: .sealing.module PROGBITS {{0+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 00 G
// RUN: readelf -SW %t.o > %t.shdrs
// RUN: %not grep -F '.rela.sealing.module' %t.shdrs
// RUN: readelf -nW %t.o | FileCheck --check-prefix=DESC %s
// DESC: SEALING 0x00000010 NT_VERSION (version) description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
//
// A unit that defines main also carries the executable's part (the
// process pass) in a second group, with its own note (NT_SEALING_PROCESS,
// type 2) and no .init_array slot: the core's constructor calls it.
// RUN: printf 'int main(void) { return 0; }\n' > %t.main.c
// RUN: %gcc -O2 %fplugin -c %t.main.c -o %t.main.o
// RUN: readelf -gW %t.main.o | FileCheck --check-prefix=MAIN %s
// MAIN: COMDAT group section [{{ *[0-9]+}}] `.group' [__sealing_rt_v{{[0-9]+}}] contains 12 sections:
// MAIN: COMDAT group section [{{ *[0-9]+}}] `.group' [__sealing_rt_v{{[0-9]+}}_exe] contains {{[0-9]+}} sections:
// MAIN-NOT: .init_array
// MAIN-NOT: COMDAT group
// RUN: readelf -nW %t.main.o | FileCheck --check-prefix=MAINNOTES %s
// MAINNOTES: SEALING 0x00000010 NT_VERSION (version)
// MAINNOTES: SEALING 0x0000000c {{.*}} description data: 03 01 00 00 {{[0-9a-f ]+}}
//
// A library imports nothing for the runtime: no dynamic symbol, no dynamic
// relocation.  (GCC 12 wrote no .hidden for the reference to the
// executable's part, so every library had a weak default import of it,
// looked up at load in every object; runtime/rt-ctor.c.)
// RUN: %gcc -O2 %fplugin -fPIC -shared %s -o %t.lib.so
// RUN: readelf --dyn-syms -rW %t.lib.so | FileCheck --check-prefix=NOIMPORT --implicit-check-not=sealing %s
// NOIMPORT: Relocation section '.rela.dyn'
// NOIMPORT: Symbol table '.dynsym'
int user_function(int x)
{
	return x * 3;
}
