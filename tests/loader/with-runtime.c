// SPDX-License-Identifier: MIT
// The loader module beside an executable that seals the process itself:
// the executable's pass seals the start-up objects once, the loader module
// adds nothing at start-up and still seals (and pins) what is dlopen'd
// later without a note.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c -o %t/libnone.so
// RUN: %cc -O2 %inputs/churn.c %probe %rt -o %t/churn
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%loader %t/churn %t/libnone.so libnone.so > %t/out 2> %t/err
// RUN: FileCheck %s < %t/out
// RUN: FileCheck --check-prefix=DEBUG %s < %t/err
// CHECK: first open: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: after 200 cycles: : 1 copies
// DEBUG: sealing: {{.*}}/libc.so.6: policy 1 (no note, loaded at start-up, sealed by the executable)
// DEBUG-NOT: (loaded at start-up, sealed by libsealing-loader.so)
// DEBUG: sealing: {{.*}}/libnone.so: policy 1 (dlopen'd, pinned and sealed by libsealing-loader.so): sealed {{.*}}; ok
// DEBUG-NOT: sealing:
