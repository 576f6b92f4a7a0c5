// SPDX-License-Identifier: MIT
// All three carriers in one module: an object instrumented by the GCC
// plugin, clang-instrumented objects (with and without LTO) and
// sealing-rt.o.  Exactly one note and one constructor whatever the order;
// the first object on the link line decides which carrier's copy is kept
// (carrier byte 2 = GCC plugin, 3 = LLVM pass, 1 = sealing-rt.o).
//
// REQUIRES: gcc-plugin
// RUN: %gccseal -O2 -fPIE -DSECOND -c %S/Inputs/seal-main.c -o %t.gcc.o
// RUN: %clang %seal -O2 -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.plain.o
// RUN: %clang %seal -O2 -flto -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.full.o
//
// RUN: %clang %t.gcc.o %t.plain.o %rt %probe -o %t.gccfirst
// RUN: %t.gccfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.gccfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.gccfirst | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: readelf -nW %t.gccfirst | FileCheck --check-prefix=GCC --implicit-check-not=SEALING %s
//
// RUN: %clang -Wl,--gc-sections %t.plain.o %t.gcc.o %rt %probe -o %t.clangfirst
// RUN: %t.clangfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.clangfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.clangfirst | FileCheck --check-prefix=LLVM --implicit-check-not=SEALING %s
//
// RUN: %clang -flto %t.gcc.o %t.full.o %rt %probe -o %t.lto.gccfirst
// RUN: %t.lto.gccfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.lto.gccfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.lto.gccfirst | FileCheck --check-prefix=GCC --implicit-check-not=SEALING %s
//
// RUN: %clang -flto %rt %t.full.o %t.gcc.o %probe -o %t.lto.rtfirst
// RUN: %t.lto.rtfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.lto.rtfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.lto.rtfirst | FileCheck --check-prefix=RT --implicit-check-not=SEALING %s

// GCC-DAG: SEALING 0x00000010 {{.*}}description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// GCC-DAG: SEALING 0x0000000c {{.*}}description data: 03 0{{[01]}} 00 00
// LLVM-DAG: SEALING 0x00000010 {{.*}}description data: 03 01 03 00 04 00 00 00 {{[0-9a-f ]+}}
// LLVM-DAG: SEALING 0x0000000c {{.*}}description data: 03 0{{[01]}} 00 00
// RT-DAG: SEALING 0x00000010 {{.*}}description data: 03 01 01 00 04 00 00 00 {{[0-9a-f ]+}}
// RT-DAG: SEALING 0x0000000c {{.*}}description data: 03 0{{[01]}} 00 00
