// SPDX-License-Identifier: MIT
// glibc's tst-dl_mseal scenario, instrumented with sealing-rt.o instead of
// by the loader.  Sealed: the executable, a DT_NEEDED library and its own
// dependency, an LD_PRELOAD library, a dlopen(RTLD_NODELETE) library and a
// plainly dlopen'd one.  Unsealed: an uninstrumented library, libc, ld.so,
// heap and stack; the vdso is left as the kernel made it.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -shared -fPIC -DFN=dep_fn %inputs/lib.c %rt -o %t/libdep.so
// RUN: %cc -shared -fPIC -DFN=needed_fn -DDEP=dep_fn %inputs/lib.c %rt -L%t -ldep -Wl,-rpath,%t -o %t/libneeded.so
// RUN: %cc -shared -fPIC -DFN=plainun_fn %inputs/lib.c -o %t/libplainun.so
// RUN: %cc -shared -fPIC -DFN=preload_fn %inputs/lib.c %rt -o %t/libpreload.so
// RUN: %cc -shared -fPIC -DFN=nodelete_fn %inputs/lib.c %rt -o %t/libnodelete.so
// RUN: %cc -shared -fPIC -DFN=plain_fn %inputs/lib.c %rt -o %t/libplain.so
// RUN: %cc -O2 %inputs/loader-scenario.c %probe %rt -L%t -lneeded -lplainun -Wl,-rpath,%t -o %t/prog
// RUN: %cc -O2 %inputs/loader-scenario.c %probe -L%t -lneeded -lplainun -Wl,-rpath,%t -o %t/prog-plain
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog %t/libnodelete.so %t/libplain.so > %t/out
// RUN: FileCheck %s < %t/out
// The vdso is the kernel's business (CONFIG_MSEAL_SYSTEM_MAPPINGS): same
// state with and without sealing.
// RUN: env LD_PRELOAD=%t/libpreload.so %t/prog-plain %t/libnodelete.so %t/libplain.so | grep '^vdso:' > %t/vdso.base
// RUN: grep '^vdso:' %t/out | diff - %t/vdso.base
// One debug line per instrumented module, each one mseal call (after three
// to make RELRO anonymous, see relro-attack.c), including
// libdep.so, which has no libc dependency and runs before libc is set up.
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libpreload.so %t/prog %t/libnodelete.so %t/libplain.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// DEBUG-DAG: sealing: {{.*}}/libdep.so: policy 1: sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 4 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libneeded.so: policy 1: sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 4 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libpreload.so: policy 1: sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 4 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/prog: policy 1: sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 4 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libnodelete.so: policy 1: sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 4 syscalls; ok
// DEBUG-DAG: sealing: {{.*}}/libplain.so: policy 1: sealed 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, relro 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}} made anonymous; 4 syscalls; ok
// DEBUG-NOT: sealing:
//
// The kernel's count: six instrumented modules, six mseal calls.
// RUN: env LD_PRELOAD=%t/libpreload.so strace -f -qq -o %t/trace %t/prog %t/libnodelete.so %t/libplain.so > /dev/null
// RUN: grep -c 'syscall_0x1ce(' %t/trace | FileCheck --check-prefix=COUNT %s
// COUNT: {{^}}6{{$}}
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
// CHECK-NEXT: vdso:
// CHECK-NEXT: calls: 2 1 1 1
