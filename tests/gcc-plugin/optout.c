// SPDX-License-Identifier: MIT
// Opting a library out: it carries a policy-0 note and no runtime, so the
// sealed executable's process pass leaves it open and the library can
// still mprotect its own code.  Every way in gives the same library: the
// plugin option, SEALING_BUILD_POLICY=0, DEB_BUILD_MAINT_OPTIONS with
// hardening=-sealing or hardening=-all, and -fno-sealing with the specs.
// A library built without any of them is sealed (EPERM).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -fPIC -shared %fplugin -fplugin-arg-sealing-policy=0 %inputs/optout-lib.c -o %t/libopt.so
// RUN: %gcc -O2 %fplugin %inputs/optout-main.c %probe -L%t -lopt -Wl,-rpath,%t -o %t/main
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
// OPEN: lib mprotect: ok
// OPEN: exe: [[N:[1-9][0-9]*]]/[[N]] mappings sealed
// OPEN: lib: 0/{{[1-9][0-9]*}} mappings sealed
//
// The note says policy 0; no byte of the runtime is in the library.
// RUN: readelf -nW %t/libopt.so | FileCheck --check-prefix=NOTE0 %s
// NOTE0: SEALING
// NOTE0-SAME: description data: 03 00 02 00
// RUN: nm %t/libopt.so | %not grep -e '__sealing_rt_v[0-9]*\.' -e '__sealing_rt_v[0-9]*$'
// RUN: readelf -SW %t/libopt.so | %not grep -e '\.text\.__sealing' -e '\.text\.hot\.__sealing'
// Nothing references the note: it survives --gc-sections all the same.
// RUN: %gcc -O2 -fPIC -shared -ffunction-sections -fdata-sections -Wl,--gc-sections %fplugin -fplugin-arg-sealing-policy=0 %inputs/optout-lib.c -o %t/libgc.so
// RUN: readelf -nW %t/libgc.so | FileCheck --check-prefix=NOTE0 %s
// The loader module, under a program nobody rebuilt, leaves it open too.
// RUN: %gcc -O2 %inputs/optout-main.c %probe -L%t -lopt -Wl,-rpath,%t -o %t/plain
// RUN: env LD_PRELOAD=%loader %t/plain | FileCheck --check-prefix=OPEN %s
//
// The same library from the environment, which wins over the flags.
// RUN: env SEALING_BUILD_POLICY=0 %gcc -O2 -fPIC -shared %fplugin -fplugin-arg-sealing-policy=2 %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
// RUN: env DEB_BUILD_MAINT_OPTIONS='hardening=+all,-sealing' %gcc -O2 -fPIC -shared %fplugin %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
// RUN: env DEB_BUILD_MAINT_OPTIONS='sealing=policy2 hardening=-all' %gcc -O2 -fPIC -shared %fplugin %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
// RUN: %gcc -O2 -fPIC -shared -specs=%gccplugin_specs -fplugin-arg-sealing-policy=2 -fno-sealing %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
// RUN: readelf -nW %t/libopt.so | FileCheck --check-prefix=NOTE0 %s
//
// Without an opt-out the library is sealed and its mprotect refused.
// RUN: %gcc -O2 -fPIC -shared %fplugin %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// RUN: env DEB_BUILD_MAINT_OPTIONS='hardening=-all,+sealing' %gcc -O2 -fPIC -shared %fplugin %inputs/optout-lib.c -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// SEALED: lib mprotect: EPERM
// SEALED: exe: [[N:[1-9][0-9]*]]/[[N]] mappings sealed
// SEALED: lib: [[M:[1-9][0-9]*]]/[[M]] mappings sealed
//
// Opting up: sealing=policy2 writes policy 2 into the note.
// RUN: env DEB_BUILD_MAINT_OPTIONS='hardening=+all sealing=policy2' %gcc -O2 -fPIC -shared %fplugin %inputs/optout-lib.c -o %t/lib2.so
// RUN: readelf -nW %t/lib2.so | FileCheck --check-prefix=NOTE2 %s
// RUN: env SEALING_BUILD_POLICY=2 %gcc -O2 -fPIC -shared -specs=%gccplugin_specs %inputs/optout-lib.c -o %t/lib2.so
// RUN: readelf -nW %t/lib2.so | FileCheck --check-prefix=NOTE2 %s
// NOTE2: SEALING
// NOTE2-SAME: description data: 03 02 02 00
//
// A value it cannot read stops the compile with one line.
// RUN: env SEALING_BUILD_POLICY=3 %not %gcc -O2 %fplugin -c %inputs/optout-lib.c -o %t/bad.o 2> %t/bad1.err
// RUN: FileCheck --check-prefix=BAD1 --implicit-check-not=error: %s < %t/bad1.err
// BAD1: error: sealing: SEALING_BUILD_POLICY must be 0, 1 or 2 (got '3')
// RUN: env DEB_BUILD_MAINT_OPTIONS='hardening=+all sealing=off' %not %gcc -O2 %fplugin -c %inputs/optout-lib.c -o %t/bad.o 2> %t/bad2.err
// RUN: FileCheck --check-prefix=BAD2 --implicit-check-not=error: %s < %t/bad2.err
// BAD2: error: sealing: DEB_BUILD_MAINT_OPTIONS: sealing= must be policy0, policy1 or policy2 (got 'off')
//
// A compiler without sealing takes the same environment and builds.
// RUN: env SEALING_BUILD_POLICY=0 DEB_BUILD_MAINT_OPTIONS='hardening=-sealing sealing=policy2' %gcc -O2 -c %inputs/optout-lib.c -o %t/plain.o
//
// Units that disagree: the opted-out unit's note and the sealed unit's
// runtime both survive the link, and the strictest note applies, in
// either order on the link line, with and without LTO.
// RUN: %gcc -O2 -fPIC -c %fplugin -fplugin-arg-sealing-policy=0 %inputs/optout-lib.c -o %t/a0.o
// RUN: %gcc -O2 -fPIC -c %fplugin %inputs/lib.c -DFN=other -o %t/m1.o
// RUN: %gcc -shared %t/a0.o %t/m1.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// RUN: %gcc -shared %t/m1.o %t/a0.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// RUN: %gcc -O2 -fPIC -flto -c %fplugin -fplugin-arg-sealing-policy=0 %inputs/optout-lib.c -o %t/a0.lto.o
// RUN: %gcc -O2 -fPIC -flto -c %fplugin %inputs/lib.c -DFN=other -o %t/m1.lto.o
// RUN: %gcc -O2 -flto -shared %t/a0.lto.o %t/m1.lto.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// RUN: %gcc -O2 -flto -shared %t/m1.lto.o %t/a0.lto.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=SEALED %s
// Every unit opted out under LTO: open.
// RUN: %gcc -O2 -fPIC -flto -c %fplugin -fplugin-arg-sealing-policy=0 %inputs/lib.c -DFN=other -o %t/m0.lto.o
// RUN: %gcc -O2 -flto -shared %t/m0.lto.o %t/a0.lto.o -o %t/libopt.so
// RUN: %t/main | FileCheck --check-prefix=OPEN %s
