// SPDX-License-Identifier: MIT
// The pass links the runtime in as one COMDAT group: the note is the only
// non-local symbol, named after the group; the constructor is internal and
// registered with the note as its key; nothing of the runtime's module
// flags leaks into the user's module.  Running the pass twice changes
// nothing the second time.
//
// RUN: %clang -S -emit-llvm -O0 -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt %loadseal -passes=sealing -S %t.ll -o %t.out.ll
// RUN: %opt -passes=verify -disable-output %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %opt %loadseal -passes=sealing,sealing -S %t.ll -o %t.twice.ll
// RUN: %opt -passes=verify -disable-output %t.twice.ll
// RUN: FileCheck %s < %t.twice.ll
// RUN: %opt %loadseal -passes=sealing -sealing-verbose -disable-output %t.out.ll 2>&1 | FileCheck --check-prefix=AGAIN %s
// AGAIN: left alone: already instrumented

int answer(void) { return 42; }

// CHECK: $__sealing_rt_v1 = comdat any
// CHECK: @llvm.global_ctors = appending global [1 x {{.*}} 65535, {{.*}}@__sealing_rt_v1.rt_seal_self{{( to void \(\)\*\))?}}, {{.*}}@__sealing_rt_v1{{( to i8\*\))?}} }]
// CHECK: @__sealing_rt_v1 = linkonce_odr hidden constant %struct.sealing_note { i32 8, i32 8, i32 1, [8 x i8] c"SEALING\00", %struct.sealing_note_desc { i8 1, i8 1, i8 3, i8 0, i32 0 } }, section ".note.sealing", comdat{{(\(\$__sealing_rt_v1\))?}}, align 4
// CHECK-NOT: @__sealing_rt_v1 =
// CHECK: define {{.*}}i32 @answer()
// CHECK: define internal void @__sealing_rt_v1.rt_seal_self({{.*}}) [[ATTRS:#[0-9]+]] comdat($__sealing_rt_v1)
// The runtime reads its note through a volatile pointer: sealctl may have
// rewritten the policy in the file.
// CHECK: load volatile i8, {{.*}}@__sealing_rt_v1
// Every other runtime function is internal and in the group.
// CHECK-NOT: define {{[^i].*}}@__sealing_rt_v1.
// The runtime arrives optimised: the user's pipeline passes it by.
// CHECK: attributes [[ATTRS]] = { {{.*}}disable_sanitizer_instrumentation{{.*}}noinline{{.*}}noprofile{{.*}}nosanitize_coverage{{.*}}optnone
// CHECK-NOT: cf-protection
// CHECK-NOT: llvm.compiler.used
