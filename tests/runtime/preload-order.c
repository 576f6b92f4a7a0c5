// SPDX-License-Identifier: MIT
// Whatever the preload list, every object loaded at start-up is sealed by
// an executable with process scope, and every object its walk saw gets a
// debug line and is counted in its summary.  The walk once took the first
// preload that the program also needs for the end of the preloads, so
// LD_PRELOAD="libneed.so libextra.so" left libextra, libc and ld.so open
// without a word.  Now the start-up set is the shortest prefix of the link
// map closed under DT_NEEDED (runtime/rt-startup.c), and this table holds:
// any order, a need first, duplicates, colons, ld.so --preload, an LD_AUDIT
// module, and a library dlopen'd by a start-up constructor (not a start-up
// object: without a note it is left open, and the line says why).
// /etc/ld.so.preload is tested in a chroot: preload-etc.test.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -shared -fPIC -DNEED -DNAME=need_fn %inputs/preload-order.c -o %t/libneed.so
// RUN: %cc -shared -fPIC -DEXTRA -DNAME=extra_fn %inputs/preload-order.c -o %t/libextra.so
// RUN: %cc -shared -fPIC -DEXTRA -DNAME=late_fn %inputs/preload-order.c -o %t/liblate.so
// RUN: %cc -shared -fPIC -DCTOR %inputs/preload-order.c -ldl -o %t/libctor.so
// RUN: %cc -shared -fPIC -DAUDIT %inputs/preload-order.c -o %t/libaudit.so
// RUN: %cc -O2 %inputs/preload-order.c %probe %rt -L%t -Wl,--no-as-needed -lneed -Wl,-rpath,%t -o %t/prog
// RUN: %cc -O2 %inputs/preload-order.c %probe %rt -L%t -Wl,--no-as-needed -lneed -lctor -Wl,-rpath,%t -ldl -o %t/prog-ctor
//
// RUN: env SEALING_DEBUG=1 %t/prog > %t/none 2>&1
// RUN: FileCheck --check-prefixes=SEALED,NOEXTRA --input-file=%t/none %s
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libneed.so %t/prog > %t/need 2>&1
// RUN: FileCheck --check-prefixes=SEALED,NOEXTRA --input-file=%t/need %s
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libextra.so %t/prog > %t/extra 2>&1
// RUN: FileCheck --check-prefixes=SEALED,EXTRA --input-file=%t/extra %s
// RUN: env SEALING_DEBUG=1 LD_PRELOAD="%t/libextra.so %t/libneed.so" %t/prog > %t/extra-need 2>&1
// RUN: FileCheck --check-prefixes=SEALED,EXTRA --input-file=%t/extra-need %s
// RUN: env SEALING_DEBUG=1 LD_PRELOAD="%t/libneed.so %t/libextra.so" %t/prog > %t/need-extra 2>&1
// RUN: FileCheck --check-prefixes=SEALED,EXTRA --input-file=%t/need-extra %s
// RUN: env SEALING_DEBUG=1 LD_PRELOAD="%t/libneed.so:%t/libextra.so:%t/libneed.so %t/libextra.so" %t/prog > %t/dup 2>&1
// RUN: FileCheck --check-prefixes=SEALED,EXTRA --input-file=%t/dup %s
// RUN: env SEALING_DEBUG=1 %ldso --preload "%t/libneed.so %t/libextra.so" %t/prog > %t/ldso 2>&1
// RUN: FileCheck --check-prefixes=SEALED,EXTRA --input-file=%t/ldso %s
// RUN: env SEALING_DEBUG=1 LD_AUDIT=%t/libaudit.so LD_PRELOAD="%t/libneed.so %t/libextra.so" %t/prog > %t/audit 2>&1
// RUN: FileCheck --check-prefixes=SEALED,EXTRA --input-file=%t/audit %s
//
// Every object the walk saw has a line, and the summary adds them all up:
// the executable, the vdso, the preloads, libneed, libc and ld.so.
// RUN: FileCheck --check-prefix=LINES --input-file=%t/need-extra %s
// LINES-DAG: sealing: {{.*}}/prog: policy 1 (executable): sealed
// LINES-DAG: sealing: linux-vdso.so.1: policy 1: not sealed (the vdso, left to the kernel)
// LINES-DAG: sealing: {{.*}}/libneed.so: policy 1 (no note, loaded at start-up, sealed by the executable): sealed
// LINES-DAG: sealing: {{.*}}/libextra.so: policy 1 (no note, loaded at start-up, sealed by the executable): sealed
// LINES-DAG: sealing: {{.*}}/libc.so.6: policy 1 (no note, loaded at start-up, sealed by the executable): sealed
// LINES-DAG: sealing: {{.*}}/ld-linux-x86-64.so.2: policy 1 (no note, loaded at start-up, sealed by the executable): sealed
// LINES-DAG: sealing: {{.*}}/prog: process scope: 6 objects: 5 sealed here, 1 left open, 0 left to their own runtime; {{[0-9]+}} syscalls
//
// A library dlopen'd by a start-up constructor, before the executable's
// pass: not a start-up object, so without a note it is not the
// executable's to seal, and its line says so.
// RUN: env SEALING_DEBUG=1 PRELOAD_ORDER_DLOPEN=%t/liblate.so LD_PRELOAD="%t/libneed.so %t/libextra.so" %t/prog-ctor > %t/ctor 2>&1
// RUN: FileCheck --check-prefixes=SEALED,EXTRA,CTOR --input-file=%t/ctor %s
// CTOR-DAG: sealing: {{.*}}/liblate.so: policy 1: not sealed (no note, dlopen'd: not the executable's to seal)
// CTOR-DAG: sealing: {{.*}}/libctor.so: policy 1 (no note, loaded at start-up, sealed by the executable): sealed
// CTOR-DAG: sealing: {{.*}}/prog-ctor: process scope: 8 objects: 6 sealed here, 2 left open, 0 left to their own runtime; {{[0-9]+}} syscalls
// CTOR-DAG: late: 0/{{[1-9][0-9]*}} mappings sealed
//
// SEALED-DAG: need: [[N:[1-9][0-9]*]]/[[N]] mappings sealed
// SEALED-DAG: libc: [[C:[1-9][0-9]*]]/[[C]] mappings sealed
// SEALED-DAG: ld.so: [[L:[1-9][0-9]*]]/[[L]] mappings sealed
// SEALED-DAG: exe: [[X:[1-9][0-9]*]]/[[X]] mappings sealed
// EXTRA-DAG: extra: [[E:[1-9][0-9]*]]/[[E]] mappings sealed
// NOEXTRA-DAG: extra: no module
