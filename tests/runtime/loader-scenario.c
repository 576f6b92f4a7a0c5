// SPDX-License-Identifier: MIT
// glibc's tst-dl_mseal scenario, instrumented with sealing-rt.o instead of
// by the loader, in both scopes (expected output: loader-scenario.check).
// Sealed in both: the executable, a DT_NEEDED library and its own
// dependency, an LD_PRELOAD library, a dlopen(RTLD_NODELETE) library and a
// plainly dlopen'd one.  Process scope also seals libc, ld.so and the
// uninstrumented library; a policy-0 library, the heap, the stack and the
// vdso stay as they were.
//
// RUN: rm -rf %t && %inputs/loader-scenario.sh %t %cc "%rt" "%rtdir/sealing-rt-policy0.o" "%rtdir/sealing-rt-module-scope.o" "%probe"
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog %t/libnodelete.so %t/libplain.so > %t/out
// RUN: FileCheck --check-prefixes=COMMON,PROCESS %inputs/loader-scenario.check < %t/out
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog-module %t/libnodelete.so %t/libplain.so > %t/out-module
// RUN: FileCheck --check-prefixes=COMMON,MODULE %inputs/loader-scenario.check < %t/out-module
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog-plain %t/libnodelete.so %t/libplain.so | grep '^vdso:' > %t/vdso.base
// RUN: grep '^vdso:' %t/out | diff - %t/vdso.base
// RUN: grep '^vdso:' %t/out-module | diff - %t/vdso.base
//
// One debug line per object, saying how it was loaded and who sealed it.
// In process scope the executable seals the start-up libraries that left
// it to them, their RELRO copies in one sealed memfd (2 syscalls each, 4
// for the memfd, and a summary line that counts once an mseal that
// sealed several objects side by side, so its total depends on where
// the kernel put them: rt-batch.c, unit-runs.test); dlopen'd libraries
// pin and seal themselves.
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libpreload.so %t/prog %t/libnodelete.so %t/libplain.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/prog: policy 1 (executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libdep.so: policy 1 (loaded at start-up, sealed by the executable): sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} mapped from /memfd:sealing-relro; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libneeded.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libpreload.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libplainun.so: policy 1 (no note, loaded at start-up, sealed by the executable): sealed {{.*}}; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libc.so.6: policy 1 (no note, loaded at start-up, sealed by the executable): sealed {{.*}}; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/ld-linux-x86-64.so.2: policy 1 (no note, loaded at start-up, sealed by the executable): sealed {{.*}}; 2 syscalls; ok
// DEBUG-DAG: sealing: linux-vdso.so.1: policy 1: not sealed (the vdso, left to the kernel); 0 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libpolicy0.so: policy 0: not sealed (policy 0); 0 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/prog: process scope: 9 objects: 7 sealed here, 2 left open, 0 left to their own runtime; {{1[1-8]}} syscalls
// DEBUG-DAG: sealing: {{.*}}/libnodelete.so: policy 1 (dlopen'd, pinned): sealed{{.*}}; 4 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libplain.so: policy 1 (dlopen'd, pinned): sealed{{.*}}; 4 syscalls; ok
// DEBUG-NOT: sealing:
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libpreload.so %t/prog-module %t/libnodelete.so %t/libplain.so 2>&1 >/dev/null | FileCheck --check-prefix=MODDEBUG %s
// MODDEBUG-DAG: sealing: {{.*}}/prog-module: policy 1 (executable): sealed {{.*}}; 2 syscalls; ok
// MODDEBUG-DAG: sealing: {{.*}}/libdep.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// MODDEBUG-DAG: sealing: {{.*}}/libneeded.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// MODDEBUG-DAG: sealing: {{.*}}/libpreload.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// MODDEBUG-DAG: sealing: {{.*}}/libpolicy0.so: policy 0: not sealed (policy 0); 0 syscalls; ok
// MODDEBUG-DAG: sealing: {{.*}}/libnodelete.so: policy 1 (dlopen'd, pinned): sealed{{.*}}; 4 syscalls; ok
// MODDEBUG-DAG: sealing: {{.*}}/libplain.so: policy 1 (dlopen'd, pinned): sealed{{.*}}; 4 syscalls; ok
// MODDEBUG-NOT: no note, loaded at start-up, sealed by the executable
//
// The kernel's count: at most one mseal per sealed object, 9 in process
// scope (the executable, 3 deferred libraries, libc, ld.so, the
// uninstrumented library and the 2 dlopen'd ones), fewer where the pass
// sealed objects side by side in one call (the check file shows every
// object sealed); 6 in module scope, where each module seals itself, or
// fewer where the first start-up library's batch (rt-startup-batch.c)
// found its peers side by side.
// RUN: env LD_PRELOAD=%t/libpreload.so strace -f -qq -o %t/trace %t/prog %t/libnodelete.so %t/libplain.so > /dev/null
// RUN: grep -cE '^[0-9 ]*(mseal|syscall_0x1ce)\(' %t/trace | awk '{ print ($1 >= 3 && $1 <= 9) ? "between 3 and 9" : "out of range: " $1 }' | FileCheck --check-prefix=COUNT9 %s
// COUNT9: {{^}}between 3 and 9{{$}}
// RUN: env LD_PRELOAD=%t/libpreload.so strace -f -qq -o %t/trace-module %t/prog-module %t/libnodelete.so %t/libplain.so > /dev/null
// RUN: grep -cE '^[0-9 ]*(mseal|syscall_0x1ce)\(' %t/trace-module | awk '{ print ($1 >= 3 && $1 <= 6) ? "between 3 and 6" : "out of range: " $1 }' | FileCheck --check-prefix=COUNT6 %s
// COUNT6: {{^}}between 3 and 6{{$}}
// REQUIRES: strace
