// SPDX-License-Identifier: MIT
// glibc's tst-dl_mseal scenario, every instrumented module built with
// -fplugin=sealing and nothing else.  Sealed: the executable, a DT_NEEDED
// library and its own dependency, an LD_PRELOAD library, a
// dlopen(RTLD_NODELETE) library and a plainly dlopen'd one.  Unsealed: an
// uninstrumented library, libc, ld.so, heap and stack.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -shared -fPIC %fplugin -DFN=dep_fn %inputs/lib.c -o %t/libdep.so
// RUN: %gcc -O2 -shared -fPIC %fplugin -DFN=needed_fn -DDEP=dep_fn %inputs/lib.c -L%t -ldep -Wl,-rpath,%t -o %t/libneeded.so
// RUN: %gcc -O2 -shared -fPIC -DFN=plainun_fn %inputs/lib.c -o %t/libplainun.so
// RUN: %gcc -O2 -shared -fPIC %fplugin -DFN=preload_fn %inputs/lib.c -o %t/libpreload.so
// RUN: %gcc -O2 -shared -fPIC %fplugin -DFN=nodelete_fn %inputs/lib.c -o %t/libnodelete.so
// RUN: %gcc -O2 -shared -fPIC %fplugin -DFN=plain_fn %inputs/lib.c -o %t/libplain.so
// RUN: %gcc -O2 %fplugin %inputs/loader-scenario.c %probe -L%t -lneeded -lplainun -Wl,-rpath,%t -ldl -o %t/prog
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog %t/libnodelete.so %t/libplain.so | FileCheck %s
//
// One debug line per instrumented module, each sealed.
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libpreload.so %t/prog %t/libnodelete.so %t/libplain.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/libdep.so: policy 1: sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libneeded.so: policy 1: sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libpreload.so: policy 1: sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/prog: policy 1: sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libnodelete.so: policy 1: sealed {{.*}}; ok
// DEBUG-DAG: sealing: {{.*}}/libplain.so: policy 1: sealed {{.*}}; ok
// DEBUG-NOT: sealing:
// CHECK: exe: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: needed: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: dep: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: preload: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: nodelete: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: plain: [[N:[0-9]+]]/[[N]] mappings sealed
// CHECK-NEXT: needed text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: plain text: mprotect=EPERM munmap=EPERM mremap=EPERM mmap_fixed=EPERM
// CHECK-NEXT: uninstrumented: 0/{{[1-9][0-9]*}} mappings sealed
// CHECK-NEXT: libc: 0/{{[1-9][0-9]*}} mappings sealed
// CHECK-NEXT: ld.so: 0/{{[1-9][0-9]*}} mappings sealed
// CHECK-NEXT: uninstrumented text: mprotect=ok munmap=skipped
// CHECK-NEXT: heap: unsealed
// CHECK-NEXT: stack: unsealed
// CHECK-NEXT: vdso: {{(un)?sealed}}
// CHECK-NEXT: calls: 2 1 1 1
