// SPDX-License-Identifier: MIT
// musl-gcc with the GCC plugin, dynamic and static: the runtime reads the
// process from the kernel there, since musl calls constructors with no
// arguments (see runtime/musl.c), so nothing crashes and everything the
// glibc build seals is sealed.
//
// REQUIRES: musl
// RUN: rm -rf %t && mkdir -p %t
// RUN: env REALGCC=%gcc %muslcc -O2 -shared -fPIC %fplugin -DFN=lib_fn %inputs/lib.c -o %t/liblib.so
// RUN: env REALGCC=%gcc %muslcc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c -o %t/libplain.so
// RUN: env REALGCC=%gcc %muslcc -O2 %fplugin %inputs/musl-main.c %muslprobe -L%t -Wl,--no-as-needed -llib -Wl,-rpath,%t -o %t/dynamic
// RUN: env REALGCC=%gcc %muslcc -O2 -static %fplugin %inputs/musl-main.c %muslprobe -o %t/static
// RUN: %t/dynamic %t/libplain.so | FileCheck --check-prefixes=CHECK,DYN %s
// RUN: %t/static | FileCheck %s
// CHECK: main ran
// CHECK-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// DYN-NEXT: lib: [[N:[0-9]+]]/[[N]] mappings sealed
// DYN-NEXT: musl libc: [[N:[0-9]+]]/[[N]] mappings sealed
// RUN: env SEALING_DEBUG=1 %t/dynamic 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG: sealing: {{.*}}/dynamic: policy 1 (executable): sealed {{.*}}; ok
// RUN: sh -c 'SEALING_POLICY=2 %inject ENOSYS -- %t/static; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// P2: policy 2 terminates
// P2: status=127
