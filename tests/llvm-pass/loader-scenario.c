// SPDX-License-Identifier: MIT
// glibc's tst-dl_mseal scenario, every instrumented module built by clang
// with the pass plugin and nothing else, in both scopes of the executable
// (expected output: Inputs/loader-scenario.check).
//
// RUN: rm -rf %t && %inputs/loader-scenario.sh %t %clang "%seal" "%seal -mllvm -sealing-policy=0" "%seal -mllvm -sealing-scope=module" "%probe"
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog %t/libnodelete.so %t/libplain.so > %t/out
// RUN: FileCheck --check-prefixes=COMMON,PROCESS %inputs/loader-scenario.check < %t/out
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog-module %t/libnodelete.so %t/libplain.so > %t/out-module
// RUN: FileCheck --check-prefixes=COMMON,MODULE %inputs/loader-scenario.check < %t/out-module
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog-plain %t/libnodelete.so %t/libplain.so | grep '^vdso:' > %t/vdso.base
// RUN: grep '^vdso:' %t/out | diff - %t/vdso.base
// RUN: grep '^vdso:' %t/out-module | diff - %t/vdso.base
//
// One line per object, each sealed once: by the executable in process
// scope, by itself in module scope.
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libpreload.so %t/prog %t/libnodelete.so %t/libplain.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/prog: policy 1 (executable): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libdep.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libneeded.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libpreload.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libplainun.so: policy 1 (no note, loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libpolicy0.so: policy 0: not sealed (policy 0); 0 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libnodelete.so: policy 1 (dlopen'd, pinned): sealed{{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libplain.so: policy 1 (dlopen'd, pinned): sealed{{.*}}; ok
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libpreload.so %t/prog-module %t/libnodelete.so %t/libplain.so 2>&1 >/dev/null | FileCheck --check-prefix=MODDEBUG %s
// MODDEBUG-DAG: sealing: {{.*}}/prog-module: policy 1 (executable): sealed {{.*}}; ok
// MODDEBUG-DAG: sealing: {{.*}}/libdep.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// MODDEBUG-DAG: sealing: {{.*}}/libneeded.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// MODDEBUG-DAG: sealing: {{.*}}/libpreload.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// MODDEBUG-DAG: sealing: {{.*}}/libnodelete.so: policy 1 (dlopen'd, pinned): sealed{{.*}}; ok
// MODDEBUG-DAG: sealing: {{.*}}/libplain.so: policy 1 (dlopen'd, pinned): sealed{{.*}}; ok
// MODDEBUG-NOT: no note, loaded at start-up, sealed by the executable
