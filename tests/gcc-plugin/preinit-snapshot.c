// SPDX-License-Identifier: MIT
// An executable whose main unit the plugin built claims its start-up
// libraries from .preinit_array, before any constructor, and notes how
// many objects it saw and dl_iterate_phdr's counts of objects ever added
// and removed (runtime/rt-claim.c).  Its process pass then knows the
// start-up set without reading a name, while those counts still hold
// (rt_startup_walk_snap, runtime/rt-startup.c); a start-up constructor's
// dlopen moves them, and the pass falls back to the names, as
// runtime/preload-order.c checks for an executable linked with
// sealing-rt.o, which has no .preinit_array:
// - no constructor dlopens: every start-up object sealed by the
//   executable, its text unchangeable;
// - a start-up constructor dlopens an uninstrumented library: left open,
//   "dlopen'd", its text still changeable; the start-up objects sealed;
// - it dlopens an instrumented one: pinned and sealed as dlopen'd;
// - LD_PRELOAD and LD_AUDIT: the preload sealed as a start-up object.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -shared -fPIC -DNEED -DNAME=need_fn %inputs/preload-order.c -o %t/libneed.so
// RUN: %gcc -shared -fPIC -DEXTRA -DNAME=extra_fn %inputs/preload-order.c -o %t/libextra.so
// RUN: %gcc -shared -fPIC -DEXTRA -DNAME=late_fn %inputs/preload-order.c -o %t/liblate.so
// RUN: mkdir -p %t/sealed && %gcc -shared -fPIC %fplugin -DEXTRA -DNAME=late_fn %inputs/preload-order.c -o %t/sealed/liblate.so
// RUN: %gcc -shared -fPIC -DCTOR %inputs/preload-order.c -ldl -o %t/libctor.so
// RUN: %gcc -shared -fPIC -DAUDIT %inputs/preload-order.c -o %t/libaudit.so
// RUN: %gcc -O2 %fplugin %inputs/preload-order.c %probe -L%t -Wl,--no-as-needed -lneed -Wl,-rpath,%t -o %t/prog
// RUN: %gcc -O2 %fplugin %inputs/preload-order.c %probe -L%t -Wl,--no-as-needed -lneed -lctor -Wl,-rpath,%t -ldl -o %t/prog-ctor
// RUN: readelf -SW %t/prog | FileCheck --check-prefix=PREINIT %s
// PREINIT: .preinit_array
//
// RUN: env SEALING_DEBUG=1 %t/prog > %t/none 2>&1
// RUN: FileCheck --check-prefixes=SEALED,NONE --input-file=%t/none %s
// NONE-DAG: sealing: {{.*}}/libneed.so: policy 1 (no note, loaded at start-up, sealed by the executable): sealed
// NONE-DAG: sealing: {{.*}}/prog: process scope: 5 objects: 4 sealed here, 1 left open, 0 left to their own runtime
// SEALED-DAG: need: [[N:[0-9]+]]/[[N]] mappings sealed
// SEALED-DAG: libc: [[C:[0-9]+]]/[[C]] mappings sealed
// SEALED-DAG: ld.so: [[L:[0-9]+]]/[[L]] mappings sealed
// SEALED-DAG: exe: [[E:[0-9]+]]/[[E]] mappings sealed
//
// RUN: env SEALING_DEBUG=1 PRELOAD_ORDER_DLOPEN=%t/liblate.so %t/prog-ctor > %t/ctor 2>&1
// RUN: FileCheck --check-prefixes=SEALED,CTOR --input-file=%t/ctor %s
// CTOR-DAG: sealing: {{.*}}/liblate.so: policy 1: not sealed (no note, dlopen'd: not the executable's to seal)
// CTOR-DAG: sealing: {{.*}}/libctor.so: policy 1 (no note, loaded at start-up, sealed by the executable): sealed
// CTOR-DAG: sealing: {{.*}}/prog-ctor: process scope: 7 objects: 5 sealed here, 2 left open, 0 left to their own runtime
// CTOR-DAG: late: 0/{{[1-9][0-9]*}} mappings sealed
//
// RUN: env SEALING_DEBUG=1 PRELOAD_ORDER_DLOPEN=%t/sealed/liblate.so %t/prog-ctor > %t/ctor-sealed 2>&1
// RUN: FileCheck --check-prefixes=SEALED,CTOR-SEALED --input-file=%t/ctor-sealed %s
// CTOR-SEALED-DAG: sealing: {{.*}}/sealed/liblate.so: policy 1 (dlopen'd during start-up, pinned and sealed by the executable): sealed
// CTOR-SEALED-DAG: late: [[T:[0-9]+]]/[[T]] mappings sealed
//
// RUN: env SEALING_DEBUG=1 LD_AUDIT=%t/libaudit.so LD_PRELOAD=%t/libextra.so %t/prog > %t/audit 2>&1
// RUN: FileCheck --check-prefixes=SEALED,AUDIT --input-file=%t/audit %s
// AUDIT-DAG: sealing: {{.*}}/libextra.so: policy 1 (no note, loaded at start-up, sealed by the executable): sealed
// AUDIT-DAG: extra: [[X:[0-9]+]]/[[X]] mappings sealed
