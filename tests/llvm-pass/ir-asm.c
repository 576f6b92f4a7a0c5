// SPDX-License-Identifier: MIT
// The assembly form, which every compile that is not an LTO one gets: the
// runtime is the GCC plugin's carried text (carrier-glue/carried-asm.h),
// appended to the module's inline assembly with this compile's policy,
// carrier 3 (LLVM pass) and flags; no runtime function or constructor
// entry is added to the IR, so the optimiser and the code generator have
// nothing of it to work on.  A second run adds nothing.
//
// RUN: %clang -S -emit-llvm -O0 -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt %loadseal -passes=sealing -S %t.ll -o %t.out.ll
// RUN: %opt -passes=verify -disable-output %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: %opt %loadseal -passes=sealing -sealing-policy=2 -sealing-dlopen=skip -S %t.ll | FileCheck --check-prefix=OPTS %s
// RUN: %opt %loadseal -passes=sealing,sealing -S %t.ll -o %t.twice.ll
// RUN: grep -c 'carried, 1' %t.twice.ll | FileCheck --check-prefix=ONE %s
// RUN: %opt %loadseal -passes=sealing -sealing-verbose -disable-output %t.out.ll 2>&1 | FileCheck --check-prefix=AGAIN %s
// The module's own inline assembly stays first and untouched.
// RUN: %clang -S -emit-llvm -O0 -DUSER_ASM %s -o %t.user.ll
// RUN: %opt %loadseal -passes=sealing -S %t.user.ll | FileCheck --check-prefix=USER %s

#ifdef USER_ASM
__asm__(".globl user_symbol\nuser_symbol = 42");
#endif
int answer(void) { return 42; }

// CHECK: module asm "# sealing: the runtime, carried by a compiler plugin"
// CHECK-NEXT: module asm "\09.pushsection .text"
// CHECK-NEXT: module asm "\09.ifndef .L__sealing_rt_v{{[0-9]+}}.carried"
// CHECK-NEXT: module asm "\09.set .L__sealing_rt_v{{[0-9]+}}.carried, 1"
// CHECK-NEXT: module asm "\09.set .Lsealing_policy, 1"
// CHECK-NEXT: module asm "\09.set .Lsealing_carrier, 3"
// CHECK-NEXT: module asm "\09.set .Lsealing_flags, 4"
// CHECK: module asm "\09.section .init_array,\22awG\22,%init_array,__sealing_rt_v{{[0-9]+}},comdat"
// CHECK: module asm "\09.endif"
// CHECK-NEXT: module asm "\09.popsection"
// CHECK-NOT: module asm
// CHECK-NOT: llvm.global_ctors
// CHECK-NOT: define {{.*}}@__sealing_rt_v
// CHECK: define {{.*}}i32 @answer()
// CHECK-NOT: define
// OPTS: module asm "\09.set .Lsealing_policy, 2"
// OPTS-NEXT: module asm "\09.set .Lsealing_carrier, 3"
// OPTS-NEXT: module asm "\09.set .Lsealing_flags, 5"
// ONE: {{^}}1{{$}}
// AGAIN: left alone: already instrumented
// USER: module asm ".globl user_symbol"
// USER-NEXT: module asm "user_symbol = 42"
// USER-NEXT: module asm "# sealing: the runtime, carried by a compiler plugin"
