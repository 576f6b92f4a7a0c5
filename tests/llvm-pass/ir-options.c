// SPDX-License-Identifier: MIT
// Per-compile options land in the note's descriptor (here in the bitcode
// form; ir-asm.c has the assembly form's symbols): version 2, policy,
// carrier 3 (LLVM pass), reserved 0, then the flags word (0x1 dlopen=skip,
// 0x2 relro=keep).  Policy 0 is a note alone, as module assembly whatever
// the form asked: there is no runtime to carry (optout.c runs it).  An
// unknown value fails the compile with one line.
//
// RUN: %clang -S -emit-llvm -O0 %s -o %t.ll
// RUN: %opt %loadseal -passes=sealing -sealing-form=bitcode -sealing-policy=0 -S %t.ll | FileCheck --check-prefix=P0 %s
// RUN: %opt %loadseal -passes=sealing -sealing-form=bitcode -sealing-policy=2 -S %t.ll | FileCheck --check-prefix=P2 %s
// RUN: %opt %loadseal -passes=sealing -sealing-form=bitcode -sealing-dlopen=skip -S %t.ll | FileCheck --check-prefix=SKIP %s
// RUN: %opt %loadseal -passes=sealing -sealing-form=bitcode -sealing-relro=keep -sealing-dlopen=pin -S %t.ll | FileCheck --check-prefix=KEEP %s
// RUN: %opt %loadseal -passes=sealing -sealing-form=bitcode -sealing-policy=2 -sealing-dlopen=skip -sealing-relro=keep -S %t.ll -o %t.all.ll
// RUN: %opt -passes=verify -disable-output %t.all.ll
// RUN: FileCheck --check-prefix=ALL %s < %t.all.ll
//
// The same through clang, as a user writes it, down to the object's bytes.
// RUN: %clang %seal -mllvm -sealing-policy=2 -mllvm -sealing-dlopen=skip -O2 -c %s -o %t.o
// RUN: readelf -x .note.sealing %t.o | FileCheck --check-prefix=BYTES %s
//
// RUN: %not %opt %loadseal -passes=sealing -sealing-form=bitcode -sealing-policy=3 -S %t.ll 2>&1 | FileCheck --check-prefix=BADPOLICY %s
// RUN: %not %clang %seal -mllvm -sealing-dlopen=never -c %s -o %t.bad.o 2>&1 | FileCheck --check-prefix=BADDLOPEN %s
// RUN: %not %clang %seal -mllvm -sealing-polcy=1 -c %s -o %t.bad.o 2>&1 | FileCheck --check-prefix=BADNAME %s

int main(void) { return 0; }

// P0-NOT: @__sealing_rt_v
// P0: module asm "{{.*}}.pushsection .note.sealing,\22aGR\22,%note,__sealing_rt_v{{[0-9]+}}_p0,comdat"
// P0: module asm "{{.*}}.byte 3, 0, 3, 0"
// P0-NOT: @__sealing_rt_v
// P0-NOT: define {{.*}}@__sealing
// P2: @__sealing_rt_v{{[0-9]+}} = {{.*}}%struct.sealing_note_desc { i8 3, i8 2, i8 3, i8 0, i32 4, i32 trunc
// SKIP: @__sealing_rt_v{{[0-9]+}} = {{.*}}%struct.sealing_note_desc { i8 3, i8 1, i8 3, i8 0, i32 5, i32 trunc
// KEEP: @__sealing_rt_v{{[0-9]+}} = {{.*}}%struct.sealing_note_desc { i8 3, i8 1, i8 3, i8 0, i32 6, i32 trunc
// ALL: @__sealing_rt_v{{[0-9]+}} = {{.*}}%struct.sealing_note_desc { i8 3, i8 2, i8 3, i8 0, i32 7, i32 trunc
// BYTES: 0x00000000 08000000 10000000 01000000 5345414c
// BYTES-NEXT: 0x00000010 494e4700 03020300 05000000
// BADPOLICY: for the --sealing-policy option: Cannot find option named '3'!
// BADDLOPEN: for the --sealing-dlopen option: Cannot find option named 'never'!
// BADNAME: Unknown command line argument '-sealing-polcy=1'
