// SPDX-License-Identifier: MIT
// 200 dlopen/dlclose cycles.  A sealed library cannot be unmapped, so by
// default it pins itself (RTLD_NODELETE) and every cycle reuses the one
// sealed copy; with the dlopen=skip flag it stays unsealed and dlclose
// unmaps it as usual.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -o %t/libpin.so
// RUN: %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c %rtdir/sealing-rt-dlopen-skip.o -o %t/libskip.so
// RUN: %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c -o %t/libnone.so
// RUN: %cc -O2 %inputs/churn.c %probe %rt -o %t/churn
// RUN: %t/churn %t/libpin.so libpin.so | FileCheck --check-prefix=PIN %s
// RUN: %t/churn %t/libskip.so libskip.so | FileCheck --check-prefix=SKIP %s
// RUN: %t/churn %t/libnone.so libnone.so | FileCheck --check-prefix=NONE %s
// RUN: env SEALING_DEBUG=1 %t/churn %t/libskip.so libskip.so 2>&1 >/dev/null | FileCheck --check-prefix=SKIPDEBUG %s
// PIN: first open: [[N:[0-9]+]]/[[N]] mappings sealed
// PIN-NEXT: after 200 cycles: : 1 copies
// PIN-NEXT: calls 200
// SKIP: first open: 0/{{[1-9][0-9]*}} mappings sealed
// SKIP-NEXT: after 200 cycles: : 0 copies
// SKIP-NEXT: calls 200
// NONE: after 200 cycles: : 0 copies
// SKIPDEBUG: sealing: {{.*}}/libskip.so: policy 1 ({{[^)]*}}): not sealed (the note says dlopen=skip); 0 syscalls; ok
