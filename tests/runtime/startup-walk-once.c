// SPDX-License-Identifier: MIT
// Instrumented libraries under an executable that cannot tell start-up
// from dlopen for them (it has no runtime, or only the core: its main was
// not instrumented) decide by walking the link map.  The first library
// walks the whole start-up prefix once and marks every start-up module
// with a note (SEALING_STATE_STARTUP); the others read their mark.  So a
// process walks once, not once per library (O(N^2) instructions in all,
// before).  Counted by interposing dl_iterate_phdr, which the runtime
// finds through the global scope, where a preloaded library comes first.
// A library dlopen'd after start-up carries no mark: without a runtime in
// the executable it walks too; with the core there, the executable's
// state byte answers.  An executable with the process pass (here in
// module scope) seals the libraries itself: one walk, its own.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'for i in 1 2 3 4 5 6 7 8; do %cc -O2 -shared -fPIC -DLIB=$i %s %rt -o %t/libwalk$i.so || exit 1; done'
// RUN: %cc -O2 -shared -fPIC -DLIB=9 %s %rt -o %t/liblate.so
// RUN: %cc -O2 -shared -fPIC -DCOUNTER %s -ldl -o %t/libcount.so
// RUN: %cc -O2 -DMAIN %s -L%t -Wl,--no-as-needed -lwalk1 -lwalk2 -lwalk3 -lwalk4 -lwalk5 -lwalk6 -lwalk7 -lwalk8 -Wl,-rpath,%t -ldl -o %t/plain
// RUN: %cc -O2 -DMAIN %s %rtdir/sealing-rt-core.o -L%t -Wl,--no-as-needed -lwalk1 -lwalk2 -lwalk3 -lwalk4 -lwalk5 -lwalk6 -lwalk7 -lwalk8 -Wl,-rpath,%t -ldl -o %t/core
// RUN: %cc -O2 -DMAIN %s %rtdir/sealing-rt-module-scope.o -L%t -Wl,--no-as-needed -lwalk1 -lwalk2 -lwalk3 -lwalk4 -lwalk5 -lwalk6 -lwalk7 -lwalk8 -Wl,-rpath,%t -ldl -o %t/module
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libcount.so %t/plain %t/liblate.so > %t/plain.out 2>&1
// RUN: FileCheck --check-prefixes=LIBS,PLAIN %s < %t/plain.out
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libcount.so %t/core %t/liblate.so > %t/core.out 2>&1
// RUN: FileCheck --check-prefixes=LIBS,CORE %s < %t/core.out
// RUN: env SEALING_DEBUG=1 LD_PRELOAD=%t/libcount.so %t/module %t/liblate.so > %t/module.out 2>&1
// RUN: FileCheck --check-prefix=MODULE %s < %t/module.out
// LIBS-COUNT-8: sealing: {{.*}}/libwalk{{[1-8]}}.so: policy 1 (loaded at start-up): sealed {{.*}}; ok
// LIBS: sealing: {{.*}}/liblate.so: policy 1 (dlopen'd, pinned): sealed {{.*}}; ok
// LIBS: late: 9
// PLAIN: dl_iterate_phdr calls: 2
// CORE: dl_iterate_phdr calls: 1
// MODULE-COUNT-8: sealing: {{.*}}/libwalk{{[1-8]}}.so: policy 1 (loaded at start-up, sealed by the executable): sealed {{.*}}; ok
// MODULE: sealing: {{.*}}/liblate.so: policy 1 (dlopen'd, pinned): sealed {{.*}}; ok
// MODULE: late: 9
// MODULE: dl_iterate_phdr calls: 1
#if defined(COUNTER)
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>

static int calls;

int dl_iterate_phdr(int (*cb)(struct dl_phdr_info *, size_t, void *), void *arg)
{
	int (*real)(int (*)(struct dl_phdr_info *, size_t, void *), void *) =
		(int (*)(int (*)(struct dl_phdr_info *, size_t, void *), void *))dlsym(RTLD_NEXT, "dl_iterate_phdr");
	calls++;
	return real ? real(cb, arg) : -1;
}

__attribute__((destructor)) static void report(void)
{
	fprintf(stderr, "dl_iterate_phdr calls: %d\n", calls);
}
#elif defined(LIB)
#define NAME2(a, b) a##b
#define NAME(a, b) NAME2(a, b)
int NAME(walk_fn, LIB)(void)
{
	return LIB;
}
#else
#include <dlfcn.h>
#include <stdio.h>

int walk_fn1(void), walk_fn2(void), walk_fn3(void), walk_fn4(void);
int walk_fn5(void), walk_fn6(void), walk_fn7(void), walk_fn8(void);

int main(int argc, char **argv)
{
	int s = walk_fn1() + walk_fn2() + walk_fn3() + walk_fn4() + walk_fn5() +
		walk_fn6() + walk_fn7() + walk_fn8();
	void *h = argc > 1 ? dlopen(argv[1], RTLD_NOW) : 0;
	int (*late)(void) = h ? (int (*)(void))dlsym(h, "walk_fn9") : 0;
	if (!late) {
		fprintf(stderr, "cannot load the late library: %s\n", dlerror());
		return 1;
	}
	fprintf(stderr, "late: %d\n", late());
	return s == 36 ? 0 : 1;
}
#endif
