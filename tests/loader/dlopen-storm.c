// SPDX-License-Identifier: MIT
// Eight threads dlopen and dlclose the same libraries while two allocate,
// under the loader module.  It once called dlopen (to pin) from inside a
// dl_iterate_phdr callback, taking glibc's dl_load_write_lock then
// dl_load_lock while a concurrent dlopen took them the other way round:
// with every walk slowed down by libslow.so (as in a large process) every
// run hung.  Now it walks, lets go, then pins and seals: no run may hang
// (timeout's 124 fails the test), every library ends up one sealed copy,
// and policy-0 libraries, which the loader leaves to dlclose, are unloaded.
// A second set of runs without the slow walks checks the loader as it is.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'for i in 0 1 2 3 4 5 6 7 8 9 10 11; do %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c -o %t/libstorm$i.so || exit 1; done'
// RUN: sh -c 'for i in 0 1 2; do %cc -shared -fPIC -DFN=lib_fn %inputs/lib.c %rtdir/sealing-rt-policy0.o -o %t/libopen$i.so || exit 1; done'
// RUN: %cc -shared -fPIC -O2 %inputs/slow-walk.c -ldl -o %t/libslow.so
// RUN: %cc -O2 -pthread %inputs/dlopen-storm.c %probe -ldl -o %t/storm
// RUN: sh -c 'for run in 1 2 3 4 5 6 7 8 9 10; do timeout 30 env LD_PRELOAD="%t/libslow.so %loader" %t/storm 8 5 %t/libstorm*.so %t/libopen*.so > %t/slow.$run || { echo "run $run: exit $?"; exit 1; }; done'
// RUN: FileCheck --input-file=%t/slow.10 %s
// RUN: grep -cE '^libstorm[0-9]+\.so: ([1-9][0-9]*)/\1 mappings sealed$' %t/slow.10 | FileCheck --check-prefix=ALL12 %s
// RUN: sh -c 'for run in 1 2 3 4 5; do timeout 30 env LD_PRELOAD=%loader %t/storm 8 20 %t/libstorm*.so %t/libopen*.so > %t/plain.$run || { echo "run $run: exit $?"; exit 1; }; done'
// RUN: FileCheck --input-file=%t/plain.5 %s
// RUN: grep -cE '^libstorm[0-9]+\.so: ([1-9][0-9]*)/\1 mappings sealed$' %t/plain.5 | FileCheck --check-prefix=ALL12 %s
// CHECK-COUNT-12: libstorm{{[0-9]+}}.so: 1 copies
// CHECK-COUNT-3: libopen{{[0-9]}}.so: 0 copies
// CHECK: storm: done
// ALL12: {{^}}12{{$}}
