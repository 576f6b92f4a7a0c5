// SPDX-License-Identifier: MIT
// What the linker sees in an instrumented object: one COMDAT group, named
// after the runtime's version (include/sealing/note.h), holding the note
// (SHT_NOTE, SHF_ALLOC), the .init_array slot and the runtime, with the
// note, named like the group, as its only non-local symbol, weak and
// hidden.  Linked from several instrumented objects, the module keeps one
// note and runs one constructor.
//
// RUN: %clang %seal -O2 -c %s -o %t.a.o
// RUN: %clang %seal -O2 -DSECOND -c %s -o %t.b.o
// RUN: readelf -gW %t.a.o | FileCheck --check-prefix=GROUP %s
// RUN: readelf -SW %t.a.o | FileCheck --check-prefix=SECTION %s
// RUN: readelf -sW %t.a.o | FileCheck --check-prefix=SYMS %s
// RUN: readelf -sW %t.a.o | FileCheck --check-prefix=NOGLOBAL %s
// RUN: %clang %t.a.o %t.b.o -o %t
// RUN: readelf -nW %t | FileCheck --check-prefix=NOTE %s
// RUN: env SEALING_DEBUG=1 %t 2>&1 | FileCheck --check-prefix=ONCE %s

#ifdef SECOND
int second(void) { return 2; }
#else
int second(void);
int main(void) { return second() - 2; }
#endif

// GROUP: COMDAT group section [{{ *[0-9]+}}] `.group' [__sealing_rt_v{{[0-9]+}}] contains
// GROUP-DAG: .note.sealing
// GROUP-DAG: .init_array
// GROUP-DAG: .text.__sealing_rt_v{{[0-9]+}}.rt_seal_self
// SECTION: .note.sealing NOTE {{[0-9a-f]+}} {{[0-9a-f]+}} 000020 00 AG 0 0 4
// SYMS-DAG: 32 OBJECT WEAK HIDDEN {{[0-9]+}} __sealing_rt_v{{[0-9]+}}{{$}}
// SYMS-DAG: FUNC LOCAL DEFAULT {{[0-9]+}} __sealing_rt_v{{[0-9]+}}.rt_seal_self
// NOGLOBAL-NOT: {{(GLOBAL|WEAK) .*[0-9]+ __sealing_rt_v[0-9]+\.}}
// NOTE: Displaying notes found in: .note.sealing
// NOTE-NEXT: Owner Data size Description
// NOTE-NEXT: SEALING 0x0000000c
// NOTE-NOT: SEALING
// ONCE: sealing: {{.*}}: policy 1 ({{[^)]*}}): sealed
// ONCE-NOT: (executable)
