// SPDX-License-Identifier: MIT
// 200 dlopen/dlclose cycles of argv[1]; reports whether the first open
// was sealed and how many copies of argv[2] are mapped after the last
// dlclose (one if the library pinned itself, none if dlclose unmapped it).
#include "sealprobe.h"

#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	int calls = 0;
	if (argc != 3)
		return 2;
	for (int i = 0; i < 200; i++) {
		void *h = dlopen(argv[1], RTLD_NOW);
		if (!h) {
			fprintf(stderr, "dlopen: %s\n", dlerror());
			return 1;
		}
		int (*fn)(void) = (int (*)(void))dlsym(h, "lib_fn");
		calls += fn();
		if (i == 0)
			probe_module_named("first open", argv[2]);
		dlclose(h);
	}
	printf("after 200 cycles: ");
	fflush(stdout);
	probe_copies("", argv[2]);
	printf("calls %d\n", calls);
	return 0;
}
