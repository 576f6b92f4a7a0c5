// SPDX-License-Identifier: MIT
// As run-lto.c, linked by gold.
//
// REQUIRES: ld.gold
// RUN: %clang %seal -O2 -flto -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.full.a.o
// RUN: %clang %seal -O2 -flto -DSECOND -c %S/Inputs/seal-main.c -o %t.full.b.o
// RUN: %clang %seal -O2 -flto=thin -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.thin.a.o
// RUN: %clang %seal -O2 -flto=thin -DSECOND -c %S/Inputs/seal-main.c -o %t.thin.b.o
// RUN: %clang -flto -fuse-ld=gold %t.full.a.o %t.full.b.o %probe -o %t.full
// RUN: %t.full | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.full 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: %clang -flto -fuse-ld=gold -Wl,--gc-sections %t.full.a.o %t.full.b.o %probe -o %t.full.gc
// RUN: %t.full.gc | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.full.gc 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full.gc | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: %clang -flto=thin -fuse-ld=gold %t.thin.a.o %t.thin.b.o %probe -o %t.thin
// RUN: %t.thin | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.thin 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: %clang -flto=thin -fuse-ld=gold -Wl,--gc-sections %t.thin.a.o %t.thin.b.o %probe -o %t.thin.gc
// RUN: %t.thin.gc | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.thin.gc 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin.gc | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
