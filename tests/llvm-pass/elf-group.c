// SPDX-License-Identifier: MIT
// What the linker sees in an instrumented object: one COMDAT group, named
// after the runtime's version (include/sealing/note.h), holding the note
// (SHT_NOTE, SHF_ALLOC), the .init_array slot and the runtime, with the
// group's name as its only non-local symbol, weak and hidden.  Linked from
// several instrumented objects, the module keeps one note and runs one
// constructor.  Both forms: the assembly (an ordinary compile, the GCC
// plugin's sections) and the bitcode (what LTO compiles carry, here
// code-generated at once).
//
// RUN: %clang %seal -O2 -c %s -o %t.a.o
// RUN: %clang %seal -O2 -DSECOND -c %s -o %t.b.o
// RUN: readelf -gW %t.a.o | FileCheck --check-prefixes=GROUP,ASMGROUP %s
// RUN: readelf -SW %t.a.o | FileCheck --check-prefix=SECTION %s
// RUN: readelf -sW %t.a.o | FileCheck --check-prefixes=SYMS,ASMSYMS %s
// RUN: readelf -sW %t.a.o | FileCheck --check-prefix=NOGLOBAL %s
// RUN: %clang %t.a.o %t.b.o -o %t
// RUN: readelf -nW %t | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %s
// RUN: env SEALING_DEBUG=1 %t 2>&1 | FileCheck --check-prefix=ONCE %s
//
// RUN: %clang %seal -mllvm -sealing-form=bitcode -O2 -c %s -o %t.bc.a.o
// RUN: %clang %seal -mllvm -sealing-form=bitcode -O2 -DSECOND -c %s -o %t.bc.b.o
// RUN: readelf -gW %t.bc.a.o | FileCheck --check-prefixes=GROUP,BCGROUP %s
// RUN: readelf -SW %t.bc.a.o | FileCheck --check-prefix=SECTION %s
// RUN: readelf -sW %t.bc.a.o | FileCheck --check-prefixes=SYMS,BCSYMS %s
// RUN: readelf -sW %t.bc.a.o | FileCheck --check-prefix=NOGLOBAL %s
// RUN: %clang %t.bc.a.o %t.bc.b.o -o %t.bc
// RUN: readelf -nW %t.bc | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %s
// RUN: env SEALING_DEBUG=1 %t.bc 2>&1 | FileCheck --check-prefix=ONCE %s
//
// The two forms merge like any two copies of the group.
// RUN: %clang %t.a.o %t.bc.b.o -o %t.mixed
// RUN: readelf -nW %t.mixed | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %s
// RUN: env SEALING_DEBUG=1 %t.mixed 2>&1 | FileCheck --check-prefix=ONCE %s
//
// A library imports nothing for the runtime: no dynamic symbol, no dynamic
// relocation, in either form.  (Its reference to the executable's part is
// weak and hidden; a default one was a lookup in every loaded object at
// each library's load.)
// RUN: %clang %seal -O2 -fPIC -DSECOND -c %s -o %t.pic.o
// RUN: %clang %seal -mllvm -sealing-form=bitcode -O2 -fPIC -DSECOND -c %s -o %t.bc.pic.o
// RUN: %clang -shared %t.pic.o -o %t.lib.so
// RUN: %clang -shared %t.bc.pic.o -o %t.bc.lib.so
// RUN: readelf -nW %t.lib.so | FileCheck --check-prefix=LIBNOTE %s
// RUN: readelf --dyn-syms -rW %t.lib.so | FileCheck --check-prefix=NOIMPORT --implicit-check-not=sealing %s
// RUN: readelf --dyn-syms -rW %t.bc.lib.so | FileCheck --check-prefix=NOIMPORT --implicit-check-not=sealing %s
// LIBNOTE: SEALING 0x00000010
// NOIMPORT: Relocation section '.rela.dyn'
// NOIMPORT: Symbol table '.dynsym'

#ifdef SECOND
int second(void) { return 2; }
#else
int second(void);
int main(void) { return second() - 2; }
#endif

// GROUP: COMDAT group section [{{ *[0-9]+}}] `.group' [__sealing_rt_v{{[0-9]+}}] contains
// GROUP-DAG: .note.sealing
// GROUP-DAG: .init_array
// ASMGROUP-DAG: .text.__sealing_rt_v{{[0-9]+$}}
// ASMGROUP-DAG: .text.hot.__sealing_rt_v{{[0-9]+$}}
// BCGROUP-DAG: .text.{{(hot\.)?}}__sealing_rt_v{{[0-9]+}}.rt_seal_self
// SECTION: .note.sealing NOTE {{[0-9a-f]+}} {{[0-9a-f]+}} 000024 00 AG 0 0 4
// ASMSYMS-DAG: 0 NOTYPE WEAK HIDDEN {{[0-9]+}} __sealing_rt_v{{[0-9]+}}{{$}}
// BCSYMS-DAG: 36 OBJECT WEAK HIDDEN {{[0-9]+}} __sealing_rt_v{{[0-9]+}}{{$}}
// SYMS-DAG: FUNC LOCAL DEFAULT {{[0-9]+}} __sealing_rt_v{{[0-9]+}}.rt_seal_self
// NOGLOBAL-NOT: {{(GLOBAL|WEAK) .*[0-9]+ __sealing_rt_v[0-9]+\.}}
// NOTE: Displaying notes found in: .note.sealing
// NOTE-DAG: SEALING 0x00000010
// NOTE-DAG: SEALING 0x0000000c
// ONCE: sealing: {{.*}}: policy 1 ({{[^)]*}}): sealed
// ONCE-NOT: (executable)
