// SPDX-License-Identifier: MIT
// Which form each compile gets (llvm-pass/CarryForm.cpp): the assembly at
// every -O level; bitcode for -flto and -flto=thin at every -O level,
// which clang's back end announces with the module flags it adds before
// running the pipeline; -sealing-form= overrides.
//
// RUN: %clang %seal -mllvm -sealing-verbose -O0 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ASM %s
// RUN: %clang %seal -mllvm -sealing-verbose -O1 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ASM %s
// RUN: %clang %seal -mllvm -sealing-verbose -O2 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ASM %s
// RUN: %clang %seal -mllvm -sealing-verbose -O3 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ASM %s
// RUN: %clang %seal -mllvm -sealing-verbose -Os -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ASM %s
// RUN: %clang %seal -mllvm -sealing-verbose -Oz -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ASM %s
// Not an LTO compile either: bitcode or text for someone else's tools.
// RUN: %clang %seal -mllvm -sealing-verbose -O2 -c -emit-llvm %s -o %t.bc 2>&1 | FileCheck --check-prefix=ASM %s
// RUN: %clang %seal -mllvm -sealing-verbose -O2 -S %s -o %t.s 2>&1 | FileCheck --check-prefix=ASM %s
//
// RUN: %clang %seal -mllvm -sealing-verbose -O0 -flto -c %s -o %t.o 2>&1 | FileCheck --check-prefix=FULL %s
// RUN: %clang %seal -mllvm -sealing-verbose -O2 -flto -c %s -o %t.o 2>&1 | FileCheck --check-prefix=FULL %s
// RUN: %clang %seal -mllvm -sealing-verbose -Oz -flto -c %s -o %t.o 2>&1 | FileCheck --check-prefix=FULL %s
// RUN: %clang %seal -mllvm -sealing-verbose -O0 -flto=thin -c %s -o %t.o 2>&1 | FileCheck --check-prefix=THIN %s
// RUN: %clang %seal -mllvm -sealing-verbose -O3 -flto=thin -c %s -o %t.o 2>&1 | FileCheck --check-prefix=THIN %s
// RUN: %clang %seal -mllvm -sealing-verbose -Os -flto=thin -c %s -o %t.o 2>&1 | FileCheck --check-prefix=THIN %s
//
//
// The note is plain linkonce in full-LTO bitcode, linkonce_odr in ThinLTO
// bitcode (llvm-pass/RuntimeModule.cpp says why).
// RUN: %clang %seal -O2 -flto -c %s -o %t.full.bc
// RUN: %opt -S %t.full.bc | FileCheck --check-prefix=FULLNOTE %s
// RUN: %clang %seal -O2 -flto=thin -c %s -o %t.thin.bc
// RUN: %opt -S %t.thin.bc | FileCheck --check-prefix=THINNOTE %s
//
// RUN: %clang %seal -mllvm -sealing-verbose -mllvm -sealing-form=bitcode -O2 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=FORCEDBC %s
// RUN: %clang %seal -mllvm -sealing-verbose -mllvm -sealing-form=asm -O2 -flto -c %s -o %t.o 2>&1 | FileCheck --check-prefix=FORCEDASM %s

int main(void) { return 0; }

// ASM: sealing: {{.*}}form.c: instrumented, assembly (not an LTO compile)
// FULL: sealing: {{.*}}form.c: instrumented, bitcode for LTO (module flag ThinLTO = 0)
// THIN: sealing: {{.*}}form.c: instrumented, bitcode for ThinLTO (module flag EnableSplitLTOUnit)
// FULLNOTE: @__sealing_rt_v{{[0-9]+}} = linkonce hidden constant
// THINNOTE: @__sealing_rt_v{{[0-9]+}} = linkonce_odr hidden constant
// FORCEDBC: instrumented, bitcode, as -sealing-form=bitcode asks
// FORCEDASM: instrumented, assembly, as -sealing-form=asm asks
