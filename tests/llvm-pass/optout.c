// SPDX-License-Identifier: MIT
// Opting a library out with clang: a policy-0 note and no runtime, so the
// sealed executable's process pass leaves it open and the library can
// still mprotect its own code; from -mllvm -sealing-policy=0,
// SEALING_BUILD_POLICY=0 or DEB_BUILD_MAINT_OPTIONS=hardening=-sealing,
// in ordinary, full-LTO and ThinLTO compiles.  Units that disagree give
// the same module in either order on the link line.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang %seal -O2 -fPIC -shared -mllvm -sealing-policy=0 %inputs/optout-lib.c -o %t/libopt.so
// RUN: %clang %seal -O2 %inputs/optout-main.c %probe -L%t -lopt -Wl,-rpath,%t -o %t/main
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
// OPEN: lib mprotect: ok
// OPEN: exe: [[N:[1-9][0-9]*]]/[[N]] mappings sealed
// OPEN: lib: 0/{{[1-9][0-9]*}} mappings sealed
// RUN: readelf -nW %t/libopt.so | FileCheck --check-prefix=NOTE0 %s
// NOTE0: SEALING
// NOTE0-SAME: description data: 03 00 03 00
// RUN: nm %t/libopt.so | %not grep -e '__sealing_rt_v[0-9]*\.' -e '__sealing_rt_v[0-9]*$'
// Nothing references the note: it survives --gc-sections, with lld too.
// RUN: %clang %seal -O2 -fPIC -shared -ffunction-sections -fdata-sections -fuse-ld=lld -Wl,--gc-sections -mllvm -sealing-policy=0 %inputs/optout-lib.c -o %t/libgc.so
// RUN: readelf -nW %t/libgc.so | FileCheck --check-prefix=NOTE0 %s
//
// From the environment, which wins over -mllvm, in every kind of compile.
// RUN: env SEALING_BUILD_POLICY=0 %clang %seal -O2 -fPIC -shared -mllvm -sealing-policy=2 %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
// RUN: env DEB_BUILD_MAINT_OPTIONS='hardening=+all,-sealing' %clang %seal -O2 -fPIC -shared %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
// RUN: env DEB_BUILD_MAINT_OPTIONS=hardening=-all %clang %seal -O2 -fPIC -flto -fuse-ld=lld -shared %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
// RUN: env SEALING_BUILD_POLICY=0 %clang %seal -O2 -fPIC -flto=thin -fuse-ld=lld -shared %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
// RUN: readelf -nW %t/libopt.so | FileCheck --check-prefix=NOTE0 %s
//
// Without an opt-out the library is sealed and its mprotect refused.
// RUN: %clang %seal -O2 -fPIC -shared %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// SEALED: lib mprotect: EPERM
// SEALED: exe: [[N:[1-9][0-9]*]]/[[N]] mappings sealed
// SEALED: lib: [[M:[1-9][0-9]*]]/[[M]] mappings sealed
//
// Opting up: sealing=policy2 writes policy 2 into the note.
// RUN: env DEB_BUILD_MAINT_OPTIONS='hardening=+all sealing=policy2' %clang %seal -O2 -fPIC -shared %inputs/optout-lib.c -o %t/lib2.so
// RUN: readelf -nW %t/lib2.so | FileCheck --check-prefix=NOTE2 %s
// NOTE2: SEALING
// NOTE2-SAME: description data: 03 02 03 00
//
// A value it cannot read stops the compile with one line.
// RUN: env SEALING_BUILD_POLICY=off %not %clang %seal -O2 -c %inputs/optout-lib.c -o %t/bad.o 2> %t/bad1.err
// RUN: FileCheck --check-prefix=BAD1 --implicit-check-not=error: %s < %t/bad1.err
// BAD1: error: sealing: SEALING_BUILD_POLICY must be 0, 1 or 2 (got 'off')
// RUN: env DEB_BUILD_MAINT_OPTIONS=sealing=policy3 %not %clang %seal -O2 -c %inputs/optout-lib.c -o %t/bad.o 2> %t/bad2.err
// RUN: FileCheck --check-prefix=BAD2 --implicit-check-not=error: %s < %t/bad2.err
// BAD2: error: sealing: DEB_BUILD_MAINT_OPTIONS: sealing= must be policy0, policy1 or policy2 (got 'policy3')
//
// clang without the plugin takes the same environment and builds.
// RUN: env SEALING_BUILD_POLICY=0 DEB_BUILD_MAINT_OPTIONS='hardening=-sealing sealing=policy2' %clang -O2 -c %inputs/optout-lib.c -o %t/plain.o
//
// Units that disagree, in either order, without LTO, with full LTO and
// ThinLTO (lld): the sealed unit's runtime and the opted-out unit's note
// both survive, and the strictest note applies.
// RUN: %clang %seal -O2 -fPIC -c -mllvm -sealing-policy=0 %inputs/optout-lib.c -o %t/a0.o
// RUN: %clang %seal -O2 -fPIC -c %inputs/lib.c -DFN=other -o %t/m1.o
// RUN: %clang -shared %t/a0.o %t/m1.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// RUN: %clang -shared %t/m1.o %t/a0.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// RUN: %clang %seal -O2 -fPIC -flto -c -mllvm -sealing-policy=0 %inputs/optout-lib.c -o %t/a0.full.o
// RUN: %clang %seal -O2 -fPIC -flto -c %inputs/lib.c -DFN=other -o %t/m1.full.o
// RUN: %clang -flto -fuse-ld=lld -shared %t/a0.full.o %t/m1.full.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// RUN: %clang -flto -fuse-ld=lld -shared %t/m1.full.o %t/a0.full.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// RUN: %clang %seal -O2 -fPIC -flto=thin -c -mllvm -sealing-policy=0 %inputs/optout-lib.c -o %t/a0.thin.o
// RUN: %clang %seal -O2 -fPIC -flto=thin -c %inputs/lib.c -DFN=other -o %t/m1.thin.o
// RUN: %clang -flto=thin -fuse-ld=lld -shared %t/a0.thin.o %t/m1.thin.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// RUN: %clang -flto=thin -fuse-ld=lld -shared %t/m1.thin.o %t/a0.thin.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
