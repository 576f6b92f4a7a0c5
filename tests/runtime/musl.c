// SPDX-License-Identifier: MIT
// musl calls constructors with no arguments, where glibc passes (argc,
// argv, envp): the runtime tells the two apart from the module's own
// headers (musl's loader as PT_INTERP, libc.so as DT_NEEDED, or musl's
// libc linked in statically) and, under musl, reads the auxiliary vector
// from the kernel (PR_GET_AUXV) and the initial environment from the
// stack that vector points into.  Policy, SEALING_DEBUG and failures then
// behave as under glibc; process scope seals musl's libc too.  A
// dlopen'd library's core cannot tell musl from glibc and pins itself
// either way: musl's dlopen accepts RTLD_NOLOAD, and never unloads.
//
// REQUIRES: musl
// RUN: rm -rf %t && mkdir -p %t
// RUN: %muslcc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -o %t/liblib.so
// RUN: %muslcc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c -o %t/libplain.so
// RUN: %muslcc -O2 %inputs/musl-main.c %muslprobe %rt -L%t -Wl,--no-as-needed -llib -Wl,-rpath,%t -o %t/dynamic
// RUN: %muslcc -O2 -static %inputs/musl-main.c %muslprobe %rt -o %t/static
// RUN: %muslcc -O2 %inputs/musl-main.c %muslprobe %rtdir/sealing-rt-module-scope.o -L%t -Wl,--no-as-needed -llib -Wl,-rpath,%t -o %t/module
//
// RUN: %t/dynamic %t/libplain.so | FileCheck --check-prefixes=CHECK,DYN,PROCESS %s
// RUN: %t/module %t/libplain.so | FileCheck --check-prefixes=CHECK,DYN,MODULE %s
// RUN: %t/static | FileCheck %s
// CHECK: main ran
// CHECK-NEXT: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// DYN-NEXT: lib: [[N:[0-9]+]]/[[N]] mappings sealed
// PROCESS-NEXT: musl libc: [[N:[0-9]+]]/[[N]] mappings sealed
// MODULE-NEXT: musl libc: 0/{{[1-9][0-9]*}} mappings sealed
// DYN-NEXT: dlopen'd: 0/{{[1-9][0-9]*}} mappings sealed
//
// SEALING_DEBUG, read from the initial environment.
// RUN: env SEALING_DEBUG=1 %t/dynamic %t/libplain.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/dynamic: policy 1 (executable): sealed {{.*}}; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/liblib.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; 2 syscalls; ok
// DEBUG-DAG: sealing: /lib/ld-musl-x86_64.so.1: policy 1 (no note, loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// RUN: env SEALING_DEBUG=1 %t/static 2>&1 >/dev/null | FileCheck --check-prefix=SDEBUG %s
// SDEBUG: sealing: {{.*}}/static: policy 1 (executable): sealed {{.*}}; 2 syscalls; ok
//
// dlopen after start-up: sealed by its core, which cannot tell musl
// from glibc and pins either way (musl's dlopen accepts RTLD_NOLOAD).
// RUN: %muslcc -O2 -shared -fPIC -DFN=lib_fn %inputs/lib.c %rt -o %t/libdl.so
// RUN: env SEALING_DEBUG=1 %t/dynamic %t/libdl.so 2>&1 | FileCheck --check-prefix=DL %s
// DL: sealing: {{.*}}/libdl.so: policy 1 (dlopen'd, pinned): sealed{{.*}}; ok
// DL: dlopen'd: [[N:[0-9]+]]/[[N]] mappings sealed
//
// Policies, with mseal failing or forbidden.
// RUN: sh -c 'SEALING_POLICY=2 %inject ENOSYS -- %t/dynamic %t/libplain.so; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// RUN: sh -c 'SEALING_POLICY=2 %inject ENOSYS -- %t/static; echo status=$?' 2>&1 | FileCheck --check-prefix=P2 %s
// P2: sealing: {{.*}}: cannot seal 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}: ENOSYS (errno 38), mseal unavailable (Linux < 6.10, an emulator or a sandbox); policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)
// P2-NOT: main ran
// P2: status=127
// RUN: env SEALING_POLICY=0 %inject kill -- %t/dynamic %t/libplain.so | FileCheck --check-prefix=P0 %s
// RUN: env SEALING_POLICY=0 %inject kill -- %t/static | FileCheck --check-prefix=P0 %s
// P0: main ran
// P0-NEXT: exe: 0/{{[1-9][0-9]*}} mappings sealed
// RUN: %inject ENOSYS -- %t/static | FileCheck --check-prefix=P0 %s
