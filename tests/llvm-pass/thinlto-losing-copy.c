// SPDX-License-Identifier: MIT
// ThinLTO links in which another carrier's copy of the group wins (a GCC
// plugin object or sealing-rt.o comes before the LTO objects) keep exactly
// one constructor: the losing bitcode copy's note is dropped, and with it
// its constructor entry and code.  LLVM 14 and 15 drop the note and the
// .init_array slot but keep the losing constructor's code, unreferenced
// (its ThinLTO back end does not drop the local members of a losing
// COMDAT group): the module is sealed once, and carries ~2 KB of dead
// code.  Full LTO drops it in every version (the note is plain linkonce,
// see llvm-pass/RuntimeModule.cpp).
//
// XFAIL: llvm-14 || llvm-15
// REQUIRES: gcc-plugin, ld.gold, lld
// RUN: %gccseal -O2 -fPIE -DSECOND -c %S/Inputs/seal-main.c -o %t.gcc.o
// RUN: %clang %seal -O2 -flto=thin -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.thin.o
// RUN: %clang -flto=thin -fuse-ld=bfd %t.gcc.o %t.thin.o %rt %probe -o %t.bfd.gcc
// RUN: readelf -sW %t.bfd.gcc | grep -c 'rt_seal_self$' | FileCheck --check-prefix=CTORS %S/Inputs/seal-main.check
// RUN: %clang -flto=thin -fuse-ld=bfd %rt %t.thin.o %t.gcc.o %probe -o %t.bfd.rt
// RUN: readelf -sW %t.bfd.rt | grep -c 'rt_seal_self$' | FileCheck --check-prefix=CTORS %S/Inputs/seal-main.check
// RUN: %clang -flto=thin -fuse-ld=gold %t.gcc.o %t.thin.o %rt %probe -o %t.gold.gcc
// RUN: readelf -sW %t.gold.gcc | grep -c 'rt_seal_self$' | FileCheck --check-prefix=CTORS %S/Inputs/seal-main.check
// RUN: %clang -flto=thin -fuse-ld=gold %rt %t.thin.o %t.gcc.o %probe -o %t.gold.rt
// RUN: readelf -sW %t.gold.rt | grep -c 'rt_seal_self$' | FileCheck --check-prefix=CTORS %S/Inputs/seal-main.check
// RUN: %clang -flto=thin -fuse-ld=lld %t.gcc.o %t.thin.o %rt %probe -o %t.lld.gcc
// RUN: readelf -sW %t.lld.gcc | grep -c 'rt_seal_self$' | FileCheck --check-prefix=CTORS %S/Inputs/seal-main.check
// RUN: %clang -flto=thin -fuse-ld=lld %rt %t.thin.o %t.gcc.o %probe -o %t.lld.rt
// RUN: readelf -sW %t.lld.rt | grep -c 'rt_seal_self$' | FileCheck --check-prefix=CTORS %S/Inputs/seal-main.check
