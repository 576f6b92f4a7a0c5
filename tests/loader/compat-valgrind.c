// SPDX-License-Identifier: MIT
// Under valgrind the loader module makes no mseal call (valgrind 3.19
// does not know syscall 462 and would warn at every call) and stays
// silent, under every policy, at start-up and after a dlopen: the
// program's output and memcheck's stderr are what they are without the
// module.  Unlike the runtime (runtime/compat-valgrind.c), its sweep
// returns before it looks at any object, so SEALING_DEBUG gives one line
// for the module as a whole, and none per object; the other lines come
// from valgrind's own launcher, which runs natively before it and is
// sealed like any program.
//
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O1 -g -shared -fPIC -DFN=lib_fn %inputs/got-lib.c -o %t/libplain.so
// RUN: %cc -O1 -g %s -ldl -o %t/prog
// RUN: valgrind -q --error-exitcode=9 %t/prog %t/libplain.so > %t/base.out 2> %t/base.err
// RUN: env LD_PRELOAD=%loader valgrind -q --error-exitcode=9 %t/prog %t/libplain.so > %t/loader.out 2> %t/loader.err
// RUN: diff %t/base.out %t/loader.out && diff %t/base.err %t/loader.err
// RUN: wc -c < %t/loader.err | FileCheck --check-prefix=EMPTY %s
// RUN: env LD_PRELOAD=%loader SEALING_POLICY=2 valgrind -q --error-exitcode=9 %t/prog %t/libplain.so 2> %t/p2.err | FileCheck %s
// RUN: wc -c < %t/p2.err | FileCheck --check-prefix=EMPTY %s
// RUN: env LD_PRELOAD=%loader SEALING_DEBUG=1 valgrind -q %t/prog %t/libplain.so 2>&1 >/dev/null | FileCheck --check-prefix=DEBUG %s
// CHECK: result 1
// EMPTY: {{^}}0{{$}}
// DEBUG: sealing: {{.*}}valgrind{{[^:]*}}: policy 1 (loaded at start-up, sealed by libsealing-loader.so): sealed
// DEBUG: sealing: libsealing-loader.so: not sealed: running under valgrind
// DEBUG-NOT: {{/prog|/libplain.so|running under valgrind}}
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	void *h = argc == 2 ? dlopen(argv[1], RTLD_NOW) : 0;
	int (*fn)(int) = h ? (int (*)(int))dlsym(h, "lib_fn") : 0;
	if (!fn) {
		fprintf(stderr, "dlopen failed\n");
		return 1;
	}
	printf("result %d\n", fn(1));
	return 0;
}
