// SPDX-License-Identifier: MIT
// A dlopen'd library instrumented by the pass seals itself (pinned first,
// so dlclose cannot leak a sealed copy); with -sealing-dlopen=skip it
// stays unsealed and dlclose unmaps it.
//
// RUN: %clang %seal -O2 -fPIC -shared -DLIB %s -o %t.pin.so
// RUN: %clang %seal -mllvm -sealing-dlopen=skip -O2 -fPIC -shared -DLIB %s -o %t.skip.so
// RUN: %cc -O2 %s %probe -ldl -o %t
// RUN: %t %t.pin.so | FileCheck --check-prefix=PIN %s
// RUN: %t %t.skip.so | FileCheck --check-prefix=SKIP %s
#ifdef LIB
int lib_fn(void) { return 1; }
#else
#include "sealprobe.h"

#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	for (int i = 0; i < 3; i++) {
		void *h = dlopen(argv[1], RTLD_NOW);
		if (!h) {
			printf("dlopen: %s\n", dlerror());
			return 1;
		}
		if (i == 0)
			probe_module("lib", dlsym(h, "lib_fn"));
		dlclose(h);
	}
	/* After three open/close cycles, is a copy still mapped? */
	void *h = dlopen(argv[1], RTLD_NOW | RTLD_NOLOAD);
	printf("still loaded: %s\n", h ? "yes" : "no");
	return 0;
}
#endif
// PIN: lib: [[N:[0-9]+]]/[[N]] mappings sealed
// PIN-NEXT: still loaded: yes
// SKIP: lib: 0/{{[0-9]+}} mappings sealed
// SKIP-NEXT: still loaded: no
