// SPDX-License-Identifier: MIT
// 200 dlopen/dlclose cycles of an uninstrumented library under the loader
// module: it is pinned before it is sealed, so every cycle reuses one
// sealed copy.  A library whose note says policy 0 is left to dlclose.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c -o %t/libnone.so
// RUN: %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c %rtdir/sealing-rt-policy0.o -o %t/libp0.so
// RUN: %cc -O2 %inputs/churn.c %probe -o %t/churn
// RUN: env LD_PRELOAD=%loader %t/churn %t/libnone.so libnone.so | FileCheck --check-prefix=PIN %s
// RUN: env LD_PRELOAD=%loader %t/churn %t/libp0.so libp0.so | FileCheck --check-prefix=OPEN %s
// PIN: first open: [[N:[0-9]+]]/[[N]] mappings sealed
// PIN-NEXT: after 200 cycles: : 1 copies
// PIN-NEXT: calls 200
// OPEN: first open: 0/{{[1-9][0-9]*}} mappings sealed
// OPEN-NEXT: after 200 cycles: : 0 copies
