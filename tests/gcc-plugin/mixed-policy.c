// SPDX-License-Identifier: MIT
// Units built at policies 1 and 2 in one module: the strictest applies,
// whatever the order of the link line, with and without LTO, in an
// executable (its process pass) and in a library that seals itself.
// The policy-2 unit's note survives in a group of its own beside the
// runtime's; under injected ENOSYS the module stops with status 127.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 %fplugin -I%S/../helpers -c %s -o %t/main1.o
// RUN: %gcc -O2 %fplugin -fplugin-arg-sealing-policy=2 -c %inputs/lib.c -DFN=other -o %t/other2.o
// RUN: %gcc %t/main1.o %t/other2.o %probe -o %t/a
// RUN: %gcc %t/other2.o %t/main1.o %probe -o %t/b
// RUN: sh -c '%inject ENOSYS -- %t/a; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// RUN: sh -c '%inject ENOSYS -- %t/b; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// P2: sealing: {{.*}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS
// P2-NOT: main ran
// P2: status=127
// RUN: env SEALING_DEBUG=1 %t/a 2>&1 | FileCheck --check-prefix=DEBUG2 %s
// RUN: env SEALING_DEBUG=1 %t/b 2>&1 | FileCheck --check-prefix=DEBUG2 %s
// DEBUG2: sealing: {{.*}}: policy 2 (executable): sealed
// DEBUG2: exe: [[N:[1-9][0-9]*]]/[[N]] mappings sealed
// DEBUG2: main ran
//
// With LTO: the notes travel in the IR.
// RUN: %gcc -O2 -flto %fplugin -I%S/../helpers -c %s -o %t/main1.lto.o
// RUN: %gcc -O2 -flto %fplugin -fplugin-arg-sealing-policy=2 -c %inputs/lib.c -DFN=other -o %t/other2.lto.o
// RUN: %gcc -O2 -flto %t/main1.lto.o %t/other2.lto.o %probe -o %t/c
// RUN: %gcc -O2 -flto %t/other2.lto.o %t/main1.lto.o %probe -o %t/d
// RUN: sh -c '%inject ENOSYS -- %t/c; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// RUN: sh -c '%inject ENOSYS -- %t/d; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
//
// A library under a program without the runtime seals itself, with the
// strictest of its notes, in either order.
// RUN: %gcc -O2 -fPIC %fplugin -c %inputs/lib.c -DFN=lib_a -o %t/liba1.o
// RUN: %gcc -O2 -fPIC %fplugin -fplugin-arg-sealing-policy=2 -c %inputs/lib.c -DFN=lib_b -o %t/libb2.o
// RUN: %gcc -shared %t/liba1.o %t/libb2.o -o %t/libab.so
// RUN: %gcc -shared %t/libb2.o %t/liba1.o -o %t/libba.so
// RUN: %gcc -O2 -DUSE_LIB -I%S/../helpers %s -L%t -lab -Wl,-rpath,%t %probe -o %t/plain-ab
// RUN: %gcc -O2 -DUSE_LIB -I%S/../helpers %s -L%t -lba -Wl,-rpath,%t %probe -o %t/plain-ba
// RUN: sh -c '%inject ENOSYS -- %t/plain-ab; echo status=$?' 2>&1 | FileCheck --check-prefix=LIB2 %s
// RUN: sh -c '%inject ENOSYS -- %t/plain-ba; echo status=$?' 2>&1 | FileCheck --check-prefix=LIB2 %s
// LIB2: sealing: {{.*}}/lib{{ab|ba}}.so: cannot seal {{.*}}: ENOSYS
// LIB2-NOT: main ran
// LIB2: status=127
//
// The link object's policy-2 variant beside plugin units at policy 1 (a
// Rust program at policy 2 with C code built with the distribution's
// flags): its note too survives in a group of its own, first or last.
// RUN: %gcc -O2 -fPIC %fplugin -c %inputs/lib.c -DFN=lib_a -o %t/lib1.o
// RUN: %gcc -shared %t/lib1.o %rtdir/sealing-rt-policy2.o -o %t/lib1rt2.so
// RUN: %gcc -shared %rtdir/sealing-rt-policy2.o %t/lib1.o -o %t/librt21.so
// RUN: %gcc -O2 -DUSE_LIB -I%S/../helpers %s %t/lib1rt2.so -Wl,-rpath,%t %probe -o %t/plain-1rt2
// RUN: %gcc -O2 -DUSE_LIB -I%S/../helpers %s %t/librt21.so -Wl,-rpath,%t %probe -o %t/plain-rt21
// RUN: sh -c '%inject ENOSYS -- %t/plain-1rt2; echo status=$?' 2>&1 | FileCheck --check-prefix=RTLIB2 %s
// RUN: sh -c '%inject ENOSYS -- %t/plain-rt21; echo status=$?' 2>&1 | FileCheck --check-prefix=RTLIB2 %s
// RTLIB2: sealing: {{.*}}/lib{{1rt2|rt21}}.so: cannot seal {{.*}}: ENOSYS
// RTLIB2-NOT: main ran
// RTLIB2: status=127
#include "../Inputs/mixed-policy-main.c"
