// SPDX-License-Identifier: MIT
// A module mixing a GCC-compiled object with the link object sealing-rt.o
// and clang-instrumented objects keeps exactly one note and runs one
// constructor, with or without LTO, whichever copy of the group comes
// first; the first one on the link line is the one kept (its carrier byte
// says which: 01 for sealing-rt.o, 03 for the LLVM pass).  ld.bfd here;
// gold and lld in mixed-gold.c and mixed-lld.c.
//
// RUN: %cc -O2 -fPIE -DSECOND -c %S/Inputs/seal-main.c -o %t.gcc.o
// RUN: %clang %seal -O2 -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.plain.o
// RUN: %clang %seal -O2 -flto -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.full.o
// RUN: %clang %seal -O2 -flto=thin -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.thin.o
// RUN: %clang -fuse-ld=bfd %rt %t.plain.o %t.gcc.o %probe -o %t.plain.rtfirst
// RUN: %t.plain.rtfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.plain.rtfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.plain.rtfirst | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: readelf -nW %t.plain.rtfirst | FileCheck --check-prefix=RTWON %s
// RUN: %clang -fuse-ld=bfd -Wl,--gc-sections %t.plain.o %t.gcc.o %rt %probe -o %t.plain.rtlast
// RUN: %t.plain.rtlast | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.plain.rtlast 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.plain.rtlast | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: readelf -nW %t.plain.rtlast | FileCheck --check-prefix=LLVMWON %s
// RUN: %clang -flto -fuse-ld=bfd %rt %t.full.o %t.gcc.o %probe -o %t.full.rtfirst
// RUN: %t.full.rtfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.full.rtfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full.rtfirst | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full.rtfirst | FileCheck --check-prefix=RTWON %s
// RUN: %clang -flto -fuse-ld=bfd -Wl,--gc-sections %t.full.o %t.gcc.o %rt %probe -o %t.full.rtlast
// RUN: %t.full.rtlast | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.full.rtlast 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full.rtlast | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full.rtlast | FileCheck --check-prefix=LLVMWON %s
// RUN: %clang -flto=thin -fuse-ld=bfd %rt %t.thin.o %t.gcc.o %probe -o %t.thin.rtfirst
// RUN: %t.thin.rtfirst | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.thin.rtfirst 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin.rtfirst | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin.rtfirst | FileCheck --check-prefix=RTWON %s
// RUN: %clang -flto=thin -fuse-ld=bfd -Wl,--gc-sections %t.thin.o %t.gcc.o %rt %probe -o %t.thin.rtlast
// RUN: %t.thin.rtlast | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.thin.rtlast 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin.rtlast | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin.rtlast | FileCheck --check-prefix=LLVMWON %s

// RTWON: description data: 03 01 01 00 04 00 00 00 {{[0-9a-f ]+}}
// LLVMWON: description data: 03 01 03 00 04 00 00 00 {{[0-9a-f ]+}}
