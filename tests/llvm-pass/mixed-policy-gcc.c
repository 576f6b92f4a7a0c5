// SPDX-License-Identifier: MIT
// Policies 1 and 2 across carriers: a clang unit at policy 1 (plain and
// full LTO) and a GCC-plugin unit at policy 2, and the other way round,
// in either order on the link line: policy 2 applies (status 127 under
// injected ENOSYS).
//
// REQUIRES: gcc-plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang %seal -O2 -fPIE -I%S/../helpers -c %S/mixed-policy.c -o %t/main1.o
// RUN: %clang %seal -O2 -fPIE -flto -I%S/../helpers -c %S/mixed-policy.c -o %t/main1.lto.o
// RUN: %gccseal -O2 -fPIE -fplugin-arg-sealing-policy=2 -c %inputs/lib.c -DFN=other -o %t/other2.gcc.o
// RUN: %clang -fuse-ld=lld %t/main1.o %t/other2.gcc.o %probe -o %t/a
// RUN: %clang -fuse-ld=lld %t/other2.gcc.o %t/main1.o %probe -o %t/b
// RUN: %clang -flto -fuse-ld=lld %t/main1.lto.o %t/other2.gcc.o %probe -o %t/c
// RUN: %clang -flto -fuse-ld=lld %t/other2.gcc.o %t/main1.lto.o %probe -o %t/d
// RUN: sh -c '%inject ENOSYS -- %t/a; echo status=$?' 2>&1 | FileCheck %s
// RUN: sh -c '%inject ENOSYS -- %t/b; echo status=$?' 2>&1 | FileCheck %s
// RUN: sh -c '%inject ENOSYS -- %t/c; echo status=$?' 2>&1 | FileCheck %s
// RUN: sh -c '%inject ENOSYS -- %t/d; echo status=$?' 2>&1 | FileCheck %s
// The GCC unit at policy 1 with main, the clang unit at policy 2.
// RUN: %gccseal -O2 -fPIE -I%S/../helpers -c %S/mixed-policy.c -o %t/main1.gcc.o
// RUN: %clang %seal -O2 -fPIE -mllvm -sealing-policy=2 -c %inputs/lib.c -DFN=other -o %t/other2.o
// RUN: %clang %t/main1.gcc.o %t/other2.o %probe -o %t/e
// RUN: %clang %t/other2.o %t/main1.gcc.o %probe -o %t/f
// RUN: sh -c '%inject ENOSYS -- %t/e; echo status=$?' 2>&1 | FileCheck %s
// RUN: sh -c '%inject ENOSYS -- %t/f; echo status=$?' 2>&1 | FileCheck %s
// CHECK: sealing: {{.*}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS
// CHECK-NOT: main ran
// CHECK: status=127
