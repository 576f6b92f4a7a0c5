// SPDX-License-Identifier: MIT
// The bitcode form, which LTO compiles get (ir-asm.c has the assembly
// form, form.c which compile gets which): the pass links the runtime in
// as one COMDAT group; the note is the only non-local symbol, named after
// the group; the constructor is internal and registered with the note as
// its key; nothing of the runtime's module flags leaks into the user's
// module; the runtime is not optnone, so an LTO link compiles it at its
// own level whatever -O the unit had.  Running the pass twice changes
// nothing the second time.
//
// RUN: %clang -S -emit-llvm -O0 -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt %loadseal -passes=sealing -sealing-form=bitcode -S %t.ll -o %t.out.ll
// RUN: %opt -passes=verify -disable-output %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// The runtime reads its note through a volatile pointer: sealctl may have
// rewritten the policy in the file.
// RUN: FileCheck --check-prefix=VOLATILE %s < %t.out.ll
// The constructor hands the note on by address (struct sealing_rt_call),
// and what reads it does so through a volatile pointer: the policy byte
// (offset 21) and the flags word (24) are volatile loads wherever the
// optimiser put them, and no plain load of either is left.
// VOLATILE-DAG: store {{.*}}@__sealing_rt_v{{[0-9]+}}{{( to [^,]*)?}}, {{.*}}
// VOLATILE-DAG: load volatile i8, {{.*}}
// VOLATILE-DAG: load volatile i32, {{.*}}
// RUN: FileCheck --check-prefix=NOPLAIN %s < %t.out.ll
// NOPLAIN-NOT: {{= load (i8|i32), ptr getelementptr inbounds \(i8, ptr @__sealing_rt_v[0-9]+, i64 (21|24)\)}}
// VOLATILE: load volatile i8,
// RUN: %opt %loadseal -passes=sealing,sealing -sealing-form=bitcode -S %t.ll -o %t.twice.ll
// RUN: %opt -passes=verify -disable-output %t.twice.ll
// RUN: FileCheck %s < %t.twice.ll
// RUN: %opt %loadseal -passes=sealing -sealing-verbose -disable-output %t.out.ll 2>&1 | FileCheck --check-prefix=AGAIN %s
// AGAIN: left alone: already instrumented

int answer(void) { return 42; }

// CHECK: $__sealing_rt_v{{[0-9]+}} = comdat any
// CHECK: @llvm.global_ctors = appending global [1 x {{.*}} 65535, {{.*}}@__sealing_rt_v{{[0-9]+}}.rt_seal_self{{( to void \(\)\*\))?}}, {{.*}}@__sealing_rt_v{{[0-9]+}}{{( to i8\*\))?}} }]
// CHECK-DAG: @__sealing_rt_v{{[0-9]+}} = linkonce_odr hidden constant %struct.sealing_note { i32 8, i32 16, i32 1, [8 x i8] c"SEALING\00", %struct.sealing_note_desc { i8 3, i8 1, i8 3, i8 0, i32 4, i32 trunc (i64 sub (i64 ptrtoint ({{.*}}@__sealing_rt_v{{[0-9]+}}.rt_state{{.*}}), i32 {{[0-9]+}} } }, section ".note.sealing", comdat{{(\(\$__sealing_rt_v[0-9]+\))?}}, align 4
// The state byte, the runtime's one writable variable, in the group's .bss.
// CHECK-DAG: @__sealing_rt_v{{[0-9]+}}.rt_state = internal global i8 0, section ".bss.__sealing_rt_v{{[0-9]+}}", comdat($__sealing_rt_v{{[0-9]+}})
// CHECK-NOT: @__sealing_rt_v{{[0-9]+}} =
// CHECK: define {{.*}}i32 @answer()
// CHECK: define internal void @__sealing_rt_v{{[0-9]+}}.rt_seal_self({{.*}}) [[ATTRS:#[0-9]+]] comdat($__sealing_rt_v{{[0-9]+}})
// Every other runtime function is internal and in the group.
// CHECK-NOT: define {{[^i].*}}@__sealing_rt_v{{[0-9]+}}.
// The runtime arrives optimised for size and keeps its -Os shape.
// CHECK: attributes [[ATTRS]] = { {{.*}}disable_sanitizer_instrumentation{{.*}}noinline{{.*}}noprofile{{.*}}nosanitize_coverage{{.*}}optsize
// CHECK-NOT: cf-protection
// CHECK-NOT: llvm.compiler.used
// RUN: FileCheck --check-prefix=NOOPTNONE %s < %t.out.ll
// NOOPTNONE-NOT: optnone
