// SPDX-License-Identifier: MIT
// glibc's tst-dl_mseal scenario, every instrumented module built with
// -fplugin=sealing and nothing else.  Sealed: the executable, a DT_NEEDED
// library and its own dependency, an LD_PRELOAD library, a
// dlopen(RTLD_NODELETE) library and a plainly dlopen'd one.  Unsealed: an
// uninstrumented library, libc, ld.so, heap and stack.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc -O2 -shared -fPIC %fplugin -DFN=dep_fn %S/Inputs/lib.c -o %t/libdep.so
// RUN: %gcc -O2 -shared -fPIC %fplugin -DFN=needed_fn -DDEP=dep_fn %S/Inputs/lib.c -L%t -ldep -Wl,-rpath,%t -o %t/libneeded.so
// RUN: %gcc -O2 -shared -fPIC -DFN=plainun_fn %S/Inputs/lib.c -o %t/libplainun.so
// RUN: %gcc -O2 -shared -fPIC %fplugin -DFN=preload_fn %S/Inputs/lib.c -o %t/libpreload.so
// RUN: %gcc -O2 -shared -fPIC %fplugin -DFN=nodelete_fn %S/Inputs/lib.c -o %t/libnodelete.so
// RUN: %gcc -O2 -shared -fPIC %fplugin -DFN=plain_fn %S/Inputs/lib.c -o %t/libplain.so
// RUN: %gcc -O2 %fplugin %s %probe -L%t -lneeded -lplainun -Wl,-rpath,%t -ldl -o %t/prog
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
#include "sealprobe.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int needed_fn(void);
int plainun_fn(void);

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	void *nodelete = dlopen(argv[1], RTLD_NOW | RTLD_NODELETE);
	void *plain = dlopen(argv[2], RTLD_NOW);
	if (!nodelete || !plain) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	int (*nodelete_fn)(void) = (int (*)(void))dlsym(nodelete, "nodelete_fn");
	int (*plain_fn)(void) = (int (*)(void))dlsym(plain, "plain_fn");
	char *heap = malloc(64);
	int on_stack = 0;

	probe_module("exe", (const void *)main);
	probe_module_named("needed", "libneeded.so");
	probe_module_named("dep", "libdep.so");
	probe_module_named("preload", "libpreload.so");
	probe_module_named("nodelete", "libnodelete.so");
	probe_module_named("plain", "libplain.so");
	probe_ops("needed text", (const void *)needed_fn);
	probe_ops("plain text", (const void *)plain_fn);
	probe_module_named("uninstrumented", "libplainun.so");
	probe_module_named("libc", "libc.so");
	probe_module_named("ld.so", "ld-linux");
	probe_ops("uninstrumented text", (const void *)plainun_fn);
	probe_mapping("heap", heap);
	probe_mapping("stack", &on_stack);
	printf("calls: %d %d %d %d\n", needed_fn(), plainun_fn(), nodelete_fn(), plain_fn());
	free(heap);
	return 0;
}
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
// CHECK-NEXT: calls: 2 1 1 1
