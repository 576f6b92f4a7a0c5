// SPDX-License-Identifier: MIT
// glibc's tst-dl_mseal scenario with nothing rebuilt except a policy-0
// library, run under libsealing-loader.so: the executable, its DT_NEEDED
// libraries, the LD_PRELOAD one, libc, ld.so and both dlopen'd libraries
// are sealed; the library whose note says policy 0 stays open; heap,
// stack and vdso stay as they were.  Expected output: the PROCESS lines
// of Inputs/loader-scenario.check.
//
// RUN: rm -rf %t && %inputs/loader-scenario.sh %t %cc "" "%rtdir/sealing-rt-policy0.o" "" "%probe"
// RUN: env LD_PRELOAD="%loader %t/libpreload.so" %t/prog %t/libnodelete.so %t/libplain.so > %t/out
// RUN: FileCheck --check-prefixes=COMMON,PROCESS %inputs/loader-scenario.check < %t/out
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog %t/libnodelete.so %t/libplain.so | grep '^vdso:' > %t/vdso.base
// RUN: grep '^vdso:' %t/out | diff - %t/vdso.base
//
// Without the loader module nothing is sealed.
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog %t/libnodelete.so %t/libplain.so | FileCheck --check-prefix=NONE %s
// NONE: exe: 0/{{[1-9][0-9]*}} mappings sealed
//
// One debug line per object it seals, saying how the object was loaded.
// RUN: env SEALING_DEBUG=1 LD_PRELOAD="%loader %t/libpreload.so" %t/prog %t/libnodelete.so %t/libplain.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/prog: policy 1 (loaded at start-up, sealed by libsealing-loader.so): sealed {{.*}}; 2 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libneeded.so: policy 1 (loaded at start-up, sealed by libsealing-loader.so): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libc.so.6: policy 1 (loaded at start-up, sealed by libsealing-loader.so): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/ld-linux-x86-64.so.2: policy 1 (loaded at start-up, sealed by libsealing-loader.so): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libpolicy0.so: policy 0 (loaded at start-up): not sealed (policy 0); 0 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libnodelete.so: policy 1 (dlopen'd, pinned and sealed by libsealing-loader.so): sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libplain.so: policy 1 (dlopen'd, pinned and sealed by libsealing-loader.so): sealed {{.*}}; ok
//
// SEALING_EXEMPT leaves named objects open, by path or file name.
// RUN: env SEALING_EXEMPT=libplainun.so:/nonexistent LD_PRELOAD="%loader %t/libpreload.so" %t/prog %t/libnodelete.so %t/libplain.so | FileCheck --check-prefix=EXEMPT %s
// EXEMPT: uninstrumented: 0/{{[1-9][0-9]*}} mappings sealed
// EXEMPT-NEXT: libc: [[N:[0-9]+]]/[[N]] mappings sealed
