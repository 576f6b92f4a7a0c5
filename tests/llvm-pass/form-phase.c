// SPDX-License-Identifier: MIT
// From LLVM 20 the pass builder names the LTO phase of the pipeline it
// builds, which the pass also reads (llvm-pass/CarryForm.cpp): opt's LTO
// pre-link pipelines, which add no module flags, give the bitcode form,
// its ordinary pipelines the assembly.
//
// REQUIRES: llvm-lto-phase
// RUN: %clang -S -emit-llvm -O1 %s -o %t.ll
// RUN: %opt %loadseal -sealing-verbose '-passes=thinlto-pre-link<O2>' -disable-output %t.ll 2>&1 | FileCheck --check-prefix=THIN %s
// RUN: %opt %loadseal -sealing-verbose '-passes=lto-pre-link<O2>' -disable-output %t.ll 2>&1 | FileCheck --check-prefix=FULL %s
// RUN: %opt %loadseal -sealing-verbose '-passes=thinlto-pre-link<O0>' -disable-output %t.ll 2>&1 | FileCheck --check-prefix=THIN %s
// RUN: %opt %loadseal -sealing-verbose '-passes=default<O2>' -disable-output %t.ll 2>&1 | FileCheck --check-prefix=ASM %s
// RUN: %opt %loadseal -sealing-verbose '-passes=default<O0>' -disable-output %t.ll 2>&1 | FileCheck --check-prefix=ASM %s

int main(void) { return 0; }

// THIN: instrumented, bitcode for ThinLTO (ThinLTO pre-link pipeline)
// FULL: instrumented, bitcode for LTO (full LTO pre-link pipeline)
// ASM: instrumented, assembly (not an LTO compile)
