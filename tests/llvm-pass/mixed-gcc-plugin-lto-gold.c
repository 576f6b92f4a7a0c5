// SPDX-License-Identifier: MIT
// LTO and ThinLTO links by gold of clang's LTO objects (bitcode form)
// with an object of the GCC plugin and sealing-rt.o, in every order: one
// note, one .init_array slot, one constructor, and the first object on
// the link line decides which carrier's copy is kept (carrier byte: 1
// sealing-rt.o, 2 GCC plugin, 3 LLVM pass).  lld keeps every COMDAT group
// of its LTO output objects, so this holds only because LTO's symbol
// resolution already dropped the losing copies on the IR.  (ThinLTO in
// LLVM 14 and 15 keeps a losing copy's code as dead code: that case is
// thinlto-losing-copy.c.)
//
// REQUIRES: gcc-plugin, ld.gold
// RUN: %gccseal -O2 -fPIE -DSECOND -c %S/Inputs/seal-main.c -o %t.gcc.o
// RUN: %clang %seal -O2 -flto -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.full.o
// RUN: %clang %seal -O2 -flto=thin -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.thin.o
//
// RUN: %clang -flto -fuse-ld=gold %t.gcc.o %t.full.o %rt %probe -o %t.full.gccfirst
// RUN: %t.full.gccfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.full.gccfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full.gccfirst | FileCheck --check-prefix=GCC --implicit-check-not=SEALING %s
// RUN: readelf -SW %t.full.gccfirst | FileCheck --check-prefix=INIT %S/Inputs/seal-main.check
// RUN: readelf -sW %t.full.gccfirst | grep -c 'rt_seal_self$' | FileCheck --check-prefix=CTORS %S/Inputs/seal-main.check
//
// RUN: %clang -flto -fuse-ld=gold %t.full.o %t.gcc.o %rt %probe -o %t.full.clangfirst
// RUN: %t.full.clangfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.full.clangfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full.clangfirst | FileCheck --check-prefix=LLVM --implicit-check-not=SEALING %s
// RUN: readelf -SW %t.full.clangfirst | FileCheck --check-prefix=INIT %S/Inputs/seal-main.check
// RUN: readelf -sW %t.full.clangfirst | grep -c 'rt_seal_self$' | FileCheck --check-prefix=CTORS %S/Inputs/seal-main.check
//
// RUN: %clang -flto -fuse-ld=gold %rt %t.full.o %t.gcc.o %probe -o %t.full.rtfirst
// RUN: %t.full.rtfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.full.rtfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full.rtfirst | FileCheck --check-prefix=RT --implicit-check-not=SEALING %s
// RUN: readelf -SW %t.full.rtfirst | FileCheck --check-prefix=INIT %S/Inputs/seal-main.check
// RUN: readelf -sW %t.full.rtfirst | grep -c 'rt_seal_self$' | FileCheck --check-prefix=CTORS %S/Inputs/seal-main.check
//
// RUN: %clang -flto=thin -fuse-ld=gold %t.gcc.o %t.thin.o %rt %probe -o %t.thin.gccfirst
// RUN: %t.thin.gccfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.thin.gccfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin.gccfirst | FileCheck --check-prefix=GCC --implicit-check-not=SEALING %s
// RUN: readelf -SW %t.thin.gccfirst | FileCheck --check-prefix=INIT %S/Inputs/seal-main.check
//
// RUN: %clang -flto=thin -fuse-ld=gold %t.thin.o %t.gcc.o %rt %probe -o %t.thin.clangfirst
// RUN: %t.thin.clangfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.thin.clangfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin.clangfirst | FileCheck --check-prefix=LLVM --implicit-check-not=SEALING %s
// RUN: readelf -SW %t.thin.clangfirst | FileCheck --check-prefix=INIT %S/Inputs/seal-main.check
// RUN: readelf -sW %t.thin.clangfirst | grep -c 'rt_seal_self$' | FileCheck --check-prefix=CTORS %S/Inputs/seal-main.check
//
// RUN: %clang -flto=thin -fuse-ld=gold %rt %t.thin.o %t.gcc.o %probe -o %t.thin.rtfirst
// RUN: %t.thin.rtfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.thin.rtfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin.rtfirst | FileCheck --check-prefix=RT --implicit-check-not=SEALING %s
// RUN: readelf -SW %t.thin.rtfirst | FileCheck --check-prefix=INIT %S/Inputs/seal-main.check

// GCC-DAG: SEALING 0x00000010 {{.*}}description data: 03 01 02 00 04 00 00 00 {{[0-9a-f ]+}}
// GCC-DAG: SEALING 0x0000000c {{.*}}description data: 03 0{{[01]}} 00 00
// LLVM-DAG: SEALING 0x00000010 {{.*}}description data: 03 01 03 00 04 00 00 00 {{[0-9a-f ]+}}
// LLVM-DAG: SEALING 0x0000000c {{.*}}description data: 03 0{{[01]}} 00 00
// RT-DAG: SEALING 0x00000010 {{.*}}description data: 03 01 01 00 04 00 00 00 {{[0-9a-f ]+}}
// RT-DAG: SEALING 0x0000000c {{.*}}description data: 03 0{{[01]}} 00 00
