// SPDX-License-Identifier: MIT
// runtime/damaged-note.test's program: with no argument it uses
// libdamaged.so as a start-up library, with one it dlopens that path;
// then it says what the kernel sealed of the library.
#include <dlfcn.h>
#include <stdio.h>

#include "sealprobe.h"

int lib_fn(void);

int main(int argc, char **argv)
{
	if (argc > 1) {
		void *h = dlopen(argv[1], RTLD_NOW);
		if (!h) {
			fprintf(stderr, "dlopen: %s\n", dlerror());
			return 1;
		}
	}
#ifdef LINKED
	else if (lib_fn() != 1)
		return 1;
#endif
	probe_module_named("lib", "libdamaged.so");
	return 0;
}
