// SPDX-License-Identifier: MIT
// -flto and -flto=thin need nothing at link time: the pass ran at compile
// time, and the linker keeps one copy of the group however many
// instrumented modules go into the LTO link.  ld.bfd (through LLVMgold)
// here, with and without --gc-sections; gold and lld in run-lto-gold.c and
// run-lto-lld.c.
//
// RUN: %clang %seal -O2 -flto -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.full.a.o
// RUN: %clang %seal -O2 -flto -DSECOND -c %S/Inputs/seal-main.c -o %t.full.b.o
// RUN: %clang %seal -O2 -flto=thin -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.thin.a.o
// RUN: %clang %seal -O2 -flto=thin -DSECOND -c %S/Inputs/seal-main.c -o %t.thin.b.o
// RUN: %clang -flto -fuse-ld=bfd %t.full.a.o %t.full.b.o %probe -o %t.full
// RUN: %t.full | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.full 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: %clang -flto -fuse-ld=bfd -Wl,--gc-sections %t.full.a.o %t.full.b.o %probe -o %t.full.gc
// RUN: %t.full.gc | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.full.gc 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.full.gc | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: %clang -flto=thin -fuse-ld=bfd %t.thin.a.o %t.thin.b.o %probe -o %t.thin
// RUN: %t.thin | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.thin 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
// RUN: %clang -flto=thin -fuse-ld=bfd -Wl,--gc-sections %t.thin.a.o %t.thin.b.o %probe -o %t.thin.gc
// RUN: %t.thin.gc | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.thin.gc 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
// RUN: readelf -nW %t.thin.gc | FileCheck --check-prefix=NOTE --implicit-check-not=SEALING %S/Inputs/seal-main.check
//
// -flto at -O0 too: clang runs PipelineStart in its -O0 pipeline.
// RUN: %clang %seal -O0 -flto -I%S/../helpers -c %S/Inputs/seal-main.c -o %t.O0.a.o
// RUN: %clang %seal -O0 -flto -DSECOND -c %S/Inputs/seal-main.c -o %t.O0.b.o
// RUN: %clang -flto %t.O0.a.o %t.O0.b.o %probe -o %t.O0
// RUN: %t.O0 | FileCheck %S/Inputs/seal-main.check
// RUN: env SEALING_DEBUG=1 %t.O0 2>&1 >/dev/null | FileCheck --check-prefix=ONCE %S/Inputs/seal-main.check
